"""Choose the kernel backend once, at import (the msgpack pattern).

``POKERBULL_PURE=1`` forces the pure-Python backend. Otherwise the compiled core
is used; if it cannot be imported the package still works on the pure backend,
says so with a warning, and :func:`backend` reports ``"python"``. The pure
backend (``_pure``) is imported only when it is the one chosen.
"""

from __future__ import annotations

import importlib.util
import os
import warnings
from types import ModuleType

core: ModuleType
name: str
reason: str = ""

if os.environ.get("POKERBULL_PURE", "").strip() not in ("", "0"):
    from . import _pure as core
    name, reason = "python", "POKERBULL_PURE is set"
else:
    try:
        from . import _core as core
        name = "cython"
    except ImportError as exc:
        if importlib.util.find_spec(f"{__package__}._core") is None:
            reason = ("the compiled core (pokerbull.core._core) was not found: build it with "
                      "'pip install -e .' (or 'python setup.py build_ext --inplace') in the "
                      "source tree")
        else:
            reason = f"the compiled core (pokerbull.core._core) did not load: {exc}"
        from . import _pure as core
        name = "python"
        warnings.warn(f"pokerbull: {reason}; using the pure-Python backend (same results, "
                      f"slower)", RuntimeWarning, stacklevel=2)


def backend() -> str:
    """``"cython"`` when the compiled core is in use, else ``"python"``."""
    return name


def simd_path() -> str:
    """The batch path the kernels take: ``"avx512"``, ``"avx2"`` or ``"scalar"``.

    The fastest this CPU runs, chosen at import; ``POKERBULL_SIMD=avx2`` (or
    ``avx512``, ``scalar``) forces one and is refused if the CPU lacks it;
    ``POKERBULL_NO_SIMD=1`` forces scalar. The pure-Python backend is scalar.
    """
    path: str = core.simd_path()
    return path


def simd_paths() -> tuple[str, ...]:
    """Every batch path this CPU (and backend) runs, fastest first."""
    paths: tuple[str, ...] = core.simd_paths()
    return paths
