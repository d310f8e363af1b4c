"""Type stub of the compiled Poker roulette engine (``_engine.pyx``)."""

from collections.abc import Sequence

import numpy as np

def multiset_value(counts: Sequence[int], strengths: Sequence[int] | None) -> int: ...
def play_games(decks: np.ndarray, players: int, strengths: Sequence[int], betting: bool,
               ante: int, bet_size: int, max_raises: int, kinds: np.ndarray, params: np.ndarray,
               states: np.ndarray, returns: np.ndarray, wins: np.ndarray) -> int: ...
