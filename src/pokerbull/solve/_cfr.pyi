"""Type stub for the solver's compiled kernels (solve/_cfr.pyx): CFR+ on the public
tree of a small two-seat Poker Bull game, its abstraction and best responses."""

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

_Floats = npt.NDArray[np.float64]

class PublicTree:
    """Every public history of the game as a table of nodes, with regrets and averages."""
    K: int
    C0: int
    C1: int
    cmax: int
    n_nodes: int
    size: int
    first_arr: npt.NDArray[np.int32]
    last_arr: npt.NDArray[np.int32]
    depth_arr: npt.NDArray[np.int32]
    child_arr: npt.NDArray[np.int64]
    off_arr: npt.NDArray[np.int64]
    payoff_arr: _Floats
    payoff_t_arr: _Floats
    regret_arr: _Floats
    average_arr: _Floats
    work_arr: _Floats
    alpha: float
    beta: float
    gamma: float
    plus: bool
    def __init__(self, first: Any, payoff: Any, n_nodes: int) -> None: ...
    def iterate(self, iterations: int, start: int = 1) -> None: ...
    def best_response(self, seat: int) -> _Floats: ...
    def profile_value(self) -> _Floats: ...
    def node_of(self, calls: Iterable[int]) -> int: ...
    def actions_at(self, n: int) -> tuple[int, int, int]: ...
    def set_average(self, n: int, table: Any) -> None: ...

def stream_best_response(first: Any, payoff: Any, chance: Any, table: Any, memory: int,
                         seat: int, limit: int = 0) -> tuple[_Floats, int]: ...
def abstract_solve(first: Any, payoff: Any, memory: int, iterations: int,
                   regrets: Any, averages: Any, start: int = 1, gamma: float = 2.0) -> int: ...
def abstract_graph(first: Any, K: int, memory: int
                   ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32],
                              npt.NDArray[np.int64]]: ...
def graph_solve(first: Any, payoff: Any, memory: int, iterations: int, regrets: Any,
                averages: Any, start: int = 1, gamma: float = 2.0) -> int: ...
