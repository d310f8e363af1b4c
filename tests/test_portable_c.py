"""The C that compilers other than gcc and clang see: the portable fallbacks draw the same.

MSVC and 32-bit targets have no 128-bit integer, so bull/_pcg64.h keeps numpy's PCG64 state
in two 64-bit halves there. Here both versions are compiled with the machine's C compiler
(PB_PCG_NO_INT128 forces the halves) and must draw exactly numpy's stream for the same seeds.
Skipped where no C compiler is installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

HEADER_DIR = Path(__file__).resolve().parent.parent / "src" / "pokerbull" / "bull"
SEEDS = (0, 1, 7, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1)
DRAWS = 40

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
    source.write_text(PROGRAM % {"draws": DRAWS})
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
