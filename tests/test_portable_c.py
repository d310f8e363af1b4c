"""The C that compilers other than gcc and clang see (MSVC, other targets).

- The headers' fallbacks are standard C: with ``__GNUC__`` taken away after the system
  headers and GCC's builtins, attributes and 128-bit integers poisoned, the SIMD headers and
  the generator compile as strict C11, so none of them is left where such a compiler would
  meet it.
- MSVC and 32-bit targets have no 128-bit integer, so bull/_pcg64.h keeps numpy's PCG64 state
  in two 64-bit halves there. Both versions are compiled (PB_PCG_NO_INT128 forces the halves)
  and must draw exactly numpy's stream for the same seeds.

Skipped where no C compiler is installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "pokerbull"
HEADER_DIR = PACKAGE / "bull"
SEEDS = (0, 1, 7, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1)
DRAWS = 40
BELOW = (2**63 - 1, 2**32 + 1, 3 * 2**62 + 1)    # the last rejects about a quarter of the words

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include "_pcg64.h"
int main(int argc, char** argv) {
    for (int i = 1; i < argc; i++) {
        pb_pcg64 r;
        pb_pcg_seed(&r, strtoull(argv[i], NULL, 10));
        for (int k = 0; k < %(draws)d; k++) printf("%%llu\n", (unsigned long long)pb_pcg_next64(&r));
        /* a saved generator restored word by word goes on the same way */
        pb_pcg64 copy;
        pb_pcg_set(&copy, pb_pcg_word(&r, 0), pb_pcg_word(&r, 1), pb_pcg_word(&r, 2),
                   pb_pcg_word(&r, 3), 0, 0);
        printf("%%llu %%llu\n", (unsigned long long)pb_pcg_next64(&r),
               (unsigned long long)pb_pcg_next64(&copy));
        /* Generator.integers(n) for n > 2**32 (Lemire on 64 bits) and Generator.random() */
        static const unsigned long long below[3] = {%(below)s};
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < %(draws)d; j++)
                printf("%%llu\n", (unsigned long long)pb_pcg_below64(&copy, below[k]));
        for (int k = 0; k < %(draws)d; k++) printf("%%a\n", pb_pcg_double(&copy));
    }
    return 0;
}
"""


def _compiler() -> str:
    for name in ("cc", "gcc", "clang"):
        if shutil.which(name):
            return name
    pytest.skip("no C compiler installed")


def _draws(tmp_path: Path, *defines: str) -> list[str]:
    source = tmp_path / "pcg.c"
    source.write_text(PROGRAM % {"draws": DRAWS,
                                "below": ", ".join(f"{n}ull" for n in BELOW)})
    binary = tmp_path / ("pcg" + "".join(defines).replace("-D", "_"))
    subprocess.run([_compiler(), "-std=c99", "-O1", "-Wall", "-Werror", *defines,
                    f"-I{HEADER_DIR}", "-o", str(binary), str(source)], check=True)
    return subprocess.run([str(binary), *map(str, SEEDS)], capture_output=True, text=True,
                          check=True).stdout.split("\n")


@pytest.mark.parametrize("defines", [(), ("-DPB_PCG_NO_INT128",)], ids=["int128", "halves"])
def test_pcg64_draws_numpys_stream(tmp_path, defines):
    lines = _draws(tmp_path, *defines)
    at = 0
    for seed in SEEDS:
        expected = np.random.Generator(np.random.PCG64(seed)).bit_generator.random_raw(DRAWS + 1)
        got = [int(x) for x in lines[at:at + DRAWS]]
        assert got == [int(x) for x in expected[:DRAWS]], f"seed {seed}"
        after, restored = (int(x) for x in lines[at + DRAWS].split())
        assert after == restored == int(expected[DRAWS]), f"seed {seed}: restored generator"
        at += DRAWS + 1
        rng = np.random.Generator(np.random.PCG64(seed))
        rng.bit_generator.advance(DRAWS + 1)
        for n in BELOW:
            got = [int(x) for x in lines[at:at + DRAWS]]
            expected_below = rng.integers(n, size=DRAWS, dtype=np.uint64).tolist()
            assert got == expected_below, f"seed {seed}, n {n}"
            at += DRAWS
        got_doubles = [float.fromhex(x) for x in lines[at:at + DRAWS]]
        assert got_doubles == rng.random(DRAWS).tolist(), f"seed {seed}: doubles"
        at += DRAWS


WITHOUT_GNU = r"""
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#undef __GNUC__
#undef __clang__
#pragma GCC poison __attribute__ __int128 __uint128_t __builtin_popcount __builtin_popcountll
#pragma GCC poison __builtin_ctz __builtin_ctzll __builtin_clz __builtin_clzll __builtin_prefetch
#pragma GCC poison __builtin_memcpy __builtin_cpu_init __builtin_cpu_supports __builtin_expect
#define PB_PCG_NO_INT128 1
#include "_simd.h"
#include "_evaluator_simd.h"
#include "_pcg64.h"
int main(int argc, char** argv) {
    static const uint64_t words[4] = {1, 2, 3, 4};
    pb_prefetch(words);
    if (pb_cpu_paths() != (1 << PB_PATH_SCALAR)) return 1;
    for (int i = 1; i < argc; i++) printf("%d\n", PB_EV_POPCOUNT64(strtoull(argv[i], NULL, 10)));
    return 0;
}
"""
COUNTED = (0, 1, 2**63, 2**64 - 1, 0x0123456789ABCDEF, 0x1000100010001000, 0xF0F0F0F00F0F0F0F)


def test_headers_are_standard_c_without_gnu_extensions(tmp_path):
    source, binary = tmp_path / "plain.c", tmp_path / "plain"
    source.write_text(WITHOUT_GNU)
    compiled = subprocess.run(
        [_compiler(), "-std=c11", "-pedantic-errors", "-Wall", "-Werror", "-Wno-unused-function",
         f"-I{PACKAGE / 'core'}", f"-I{HEADER_DIR}", "-o", str(binary), str(source)],
        capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stderr
    counts = subprocess.run([str(binary), *map(str, COUNTED)], capture_output=True, text=True,
                            check=True).stdout.split()
    assert [int(c) for c in counts] == [bin(x).count("1") for x in COUNTED]
