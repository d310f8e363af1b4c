"""Check that pokerbull's C compiles beyond gcc on x86-64: with clang, and for a non-x86 target.

Each Cython module is turned into C once (in a temporary folder), then compiled to an object
file (no linking) by every compiler found:

- ``gcc`` and ``clang`` for this machine: the x86-64 SIMD paths included;
- ``aarch64-linux-gnu-gcc`` (Debian's ``gcc-aarch64-linux-gnu``): an ARM target, where the
  headers must fall back to the scalar path by themselves.

A compiler that is missing is reported and skipped; any compile error fails the run (exit 1).
Implicit declarations are errors, so a builtin that a target lacks cannot slip through.

    python tools/check_portable_c.py            # every module, every compiler found
    python tools/check_portable_c.py --compilers clang
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
COMPILERS = ("gcc", "clang", "aarch64-linux-gnu-gcc")
DIRECTIVES = {"boundscheck": False, "wraparound": False, "cdivision": True,
              "initializedcheck": False}
STRICT = ["-Werror=implicit-function-declaration", "-Werror=int-conversion",
          "-Werror=incompatible-pointer-types"]


def modules() -> list[Path]:
    """Every Cython module of the package (each .pyx is one extension)."""
    return sorted((SOURCE / "pokerbull").rglob("*.pyx"))


def to_c(pyx: Path, folder: Path) -> Path:
    """The module's C, generated into `folder` (never next to the sources)."""
    target = folder / (".".join(pyx.relative_to(SOURCE).with_suffix("").parts) + ".c")
    directives = [f"-X{name}={value}" for name, value in DIRECTIVES.items()]
    includes = [f"-I{d}" for d in (SOURCE, pyx.parent, SOURCE / "pokerbull" / "core")]
    subprocess.run([sys.executable, "-m", "cython", "-3", *directives, *includes,
                    "-o", str(target), str(pyx)], check=True)
    return target


def compile_object(compiler: str, c_file: Path, pyx: Path, out: Path) -> subprocess.CompletedProcess:
    includes = [sysconfig.get_paths()["include"], numpy.get_include(), str(pyx.parent),
                str(SOURCE / "pokerbull" / "core"),
                str(SOURCE / "pokerbull" / "bull")]      # bull/_pcg64.h, shared by the engines
    command = [compiler, "-c", "-O1", "-fPIC", "-std=gnu11", *STRICT,
               "-DNPY_NO_DEPRECATED_API=NPY_1_7_API_VERSION",
               *(f"-I{i}" for i in includes), "-o", str(out), str(c_file)]
    return subprocess.run(command, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compilers", nargs="+", default=list(COMPILERS))
    args = parser.parse_args(argv)
    found = [c for c in args.compilers if shutil.which(c)]
    for missing in sorted(set(args.compilers) - set(found)):
        print(f"skipped {missing}: not installed")
    if not found:
        print("no compiler to check with")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for pyx in modules():
            c_file = to_c(pyx, folder)
            for compiler in found:
                out = folder / f"{c_file.stem}.{compiler}.o"
                result = compile_object(compiler, c_file, pyx, out)
                name = pyx.relative_to(SOURCE)
                if result.returncode:
                    failures += 1
                    print(f"FAIL {name} with {compiler}:\n{result.stderr[-3000:]}")
                else:
                    print(f"ok   {name} with {compiler}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
