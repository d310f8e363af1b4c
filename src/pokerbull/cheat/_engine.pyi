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

VECTOR_VARIATIONS: frozenset[str]
SEED_BOUND: int

class VectorCore:
    """N games of Cheat of one table, stepped one action each at a time; seeds and chance
    nodes drawn from the env's generator."""

    num_games: int
    num_players: int
    num_actions: int
    observation_size: int
    def __init__(self, table: dict[str, Any], num_games: int,
                 turn_outcomes: list[int] | None = None,
                 turn_odds: list[float] | None = None) -> None: ...
    def deal(self, games: np.ndarray, rng: np.random.Generator) -> None: ...
    def step(self, actions: np.ndarray, reward: np.ndarray, dones: np.ndarray,
             returns: np.ndarray, rng: np.random.Generator) -> int: ...
    def observations(self, out: np.ndarray) -> None: ...
    def action_masks(self, out: np.ndarray) -> None: ...
    def random_actions(self, uniforms: np.ndarray, out: np.ndarray) -> None: ...
