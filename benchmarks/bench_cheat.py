"""Cheat: complete games/s in the compiled loop, the Python engine in the same run.

Run: ``python -m pytest benchmarks/bench_cheat.py --benchmark-enable -s``.

Regime: 4-player base game (one 52-card deck), the four built-in bots
(shark, counter, liar, honest, one each; about 105 actions a game), complete
games from a shuffled deal to the winner, one process. The ratio test times the
compiled loop (``Wing.fast_simulate``) and the same bots through
``pokerbull.cheat.Game`` back to back.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

import pokerbull.cheat as cheat
from pokerbull.cheat import WING

engine = pytest.importorskip("pokerbull.cheat._engine")

LINEUP = ["shark", "counter", "liar", "honest"]
COMPILED_GAMES = 40_000
PYTHON_GAMES = 40


def compiled_rate(variations: str = "", games: int = COMPILED_GAMES, rounds: int = 3) -> float:
    best = float("inf")
    for k in range(rounds):
        start = time.perf_counter()
        WING.fast_simulate({"variations": variations}, 4, LINEUP, games, k)
        best = min(best, time.perf_counter() - start)
    return games / best


def python_rate(variations: str = "", games: int = PYTHON_GAMES) -> float:
    start = time.perf_counter()
    for seed in range(games):
        g = cheat.Game(players=4, seed=seed, variations=variations)
        bots = [WING.bots[name]() for name in LINEUP]
        for seat, bot in enumerate(bots):
            bot.reset(seat)
        while not g.is_terminal():
            p = g.current_player
            g.apply_action(bots[p].act(g.observation(p)))
    return games / (time.perf_counter() - start)


@pytest.mark.parametrize("variations", ["", "A", "DV", "P", "K", "T", "NS"])
def test_compiled_games_per_second(benchmark, variations):
    out = benchmark(WING.fast_simulate, {"variations": variations}, 4, LINEUP, 10_000, 1)
    assert out["games"] == 10_000
    print(f"\ncheat {variations or 'base'}: {compiled_rate(variations):,.0f} complete "
          "4-player games/s (compiled)")


def test_compiled_against_python_same_run():
    fast = compiled_rate()
    slow = python_rate()
    print(f"\ncheat base, 4 players: compiled {fast:,.0f} games/s, Python engine "
          f"{slow:,.1f} games/s, ratio {fast / slow:,.0f}x")
    assert fast > 20_000 and fast > 100 * slow
    assert np.isfinite(fast)
