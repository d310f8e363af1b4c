"""Build the compiled core `pokerbull.core._core` and the wings' engines from Cython.

Everything else is declared in pyproject.toml. The kernels lean on the hardware
population count; on x86-64 we ask for it explicitly (every x86-64 CPU since 2008
has it), elsewhere the compiler's default target already provides one.
"""

import platform
import sys

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

if sys.platform == "win32":       # MSVC: its own flags; the headers' portable macros cover the rest
    compile_args, link_args = ["/O2"], []
else:                             # gcc and clang; no debug symbols in what we ship
    compile_args = ["-O3", "-g0"]
    link_args = ["-Wl,-S"] if sys.platform == "darwin" else ["-s"]
    if platform.machine().lower() in {"x86_64", "amd64"}:
        compile_args.append("-mpopcnt")

extensions = [
    Extension(
        "pokerbull.core._core",
        ["src/pokerbull/core/_core.pyx"],
        depends=[f"src/pokerbull/core/{part}" for part in
                 ("_core.pxd", "_simd.h", "_evaluator.pxi", "_evaluator_simd.h", "_cheung.pxi",
                  "_shapes.pxi")],
        include_dirs=[numpy.get_include(), "src/pokerbull/core"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    ),
    Extension(      # Poker Bull's engine: cimports the core's kernels through core/_core.pxd
        "pokerbull.bull._engine",
        ["src/pokerbull/bull/_engine.pyx"],
        depends=["src/pokerbull/core/_core.pxd"] + [f"src/pokerbull/bull/{part}" for part in
                                                    ("_simulate.pxi", "_state.pxi", "_cheung_game.pxi",
                                                     "_pcg64.h")],
        include_dirs=[numpy.get_include(), "src/pokerbull/bull"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    ),
    Extension(
        "pokerbull.solve._cfr",
        ["src/pokerbull/solve/_cfr.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    ),
    Extension(
        "pokerbull.roulette._engine",
        ["src/pokerbull/roulette/_engine.pyx"],
        depends=["src/pokerbull/bull/_pcg64.h"],
        include_dirs=["src/pokerbull/bull"],     # numpy's PCG64 in portable C (bull/_pcg64.h)
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    ),
    Extension(
        "pokerbull.cheat._engine",
        ["src/pokerbull/cheat/_engine.pyx"],
        depends=["src/pokerbull/bull/_pcg64.h"],
        include_dirs=[numpy.get_include(), "src/pokerbull/bull"],   # bull/_pcg64.h
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    ),
]

for extension in extensions:
    extension.extra_link_args = link_args

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
