"""Type stub for Cheat's compiled loop (cheat/_engine.pyx); cheat/_fast.py drives it."""

from typing import Any

import numpy as np
import numpy.typing as npt

def play_games(table: dict[str, Any], orders: npt.NDArray[np.int64],
               styles: npt.NDArray[np.int32], turned: npt.NDArray[np.int64] | None = None,
               uniforms: npt.NDArray[np.float64] | None = None
               ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """One game per row of `orders`: (returns[games, players], actions[games])."""
    ...
