"""The batch paths of the pure-Python backend: the compiled core's names, the scalar loop only.

The kernels (``_pure.py``) and the evaluator (``_pure_evaluator.py``) both check a
``simd`` choice here, as the compiled core checks it against its CPU.
"""

from __future__ import annotations

#: Path names, as in the compiled core; pure Python runs only the scalar one.
PATHS = ("scalar", "avx2", "avx512")


def simd_paths() -> tuple[str, ...]:
    """The batch paths this backend runs: pure Python has only the scalar loop."""
    return ("scalar",)


def simd_path() -> str:
    """The batch path the kernels take: always ``"scalar"`` here."""
    return "scalar"


def simd_available() -> bool:
    """Pure Python has no vector path."""
    return False


def check_path(simd: object) -> str:
    """The path a ``simd`` choice names here (None, True, False or "scalar");
    a vector path is refused, as the compiled core refuses one its CPU lacks."""
    if simd is None or simd is True or simd is False or simd == "scalar":
        return "scalar"
    if simd not in PATHS:
        raise ValueError(f"unknown batch path {simd!r}: choose from {', '.join(PATHS)}")
    raise ValueError(f"the pure-Python backend cannot run the {simd} path (it runs scalar)")
