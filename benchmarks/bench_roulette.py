"""Poker roulette: complete 5-player games/s in the compiled loop, and the Python engine.

Run: ``python -m pytest benchmarks/bench_roulette.py --benchmark-enable -s``.

Regime: 5 players, one deck of 54 cards, complete games from the antes to the
showdown (about 5 rounds of matching; with betting about 30 bets a game). The
compiled figure is ``fast_simulate`` end to end, deck shuffles included (NumPy,
4,096 games a block); the "loop only" figure times ``_engine.play_games`` on decks
shuffled beforehand. The ratio test times the pure-Python twin (``Game(deck=...)``
and the Python bots, one action at a time) in the same run, with the compiled
multiset evaluator and with the pure one. The engine is scalar C (no SIMD path).
"""

from __future__ import annotations

import platform
import time

import numpy as np
import pytest

import pokerbull as pb
import pokerbull.roulette.game as roulette_game
from pokerbull.evaluator import multiset_value
from pokerbull.roulette.simulation import fast_simulate, play_pure, simulation_inputs
from pokerbull.roulette.rules import Rules

PLAYERS = 5
BETTING_LINEUP = ["reader", "timid", "station", "random", "reader"]
GAMES = 20_000
PYTHON_GAMES = 150

pytestmark = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")


def cpu() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def compiled_rate(betting: bool, games: int = GAMES, rounds: int = 3) -> float:
    best = float("inf")
    for k in range(rounds):
        start = time.perf_counter()
        t = fast_simulate({"betting": betting}, PLAYERS, BETTING_LINEUP, games, seed=k)
        best = min(best, time.perf_counter() - start)
        assert t["games"] == games
    return games / best


def loop_only_rate(betting: bool, games: int = GAMES, rounds: int = 3) -> float:
    from pokerbull.roulette import _engine
    rules = Rules(players=PLAYERS, betting=betting)
    _, blocks = simulation_inputs(rules, games, 7)
    decks = np.ascontiguousarray(np.concatenate(list(blocks)))
    kinds = np.array([2, 2, 1, 0, 2], np.int32)
    params = np.array([1, 10, 0, 0, 1], np.int32)
    best = float("inf")
    for _ in range(rounds):
        states = np.arange(1, PLAYERS + 1, dtype=np.uint64)
        returns = np.zeros(PLAYERS)
        wins = np.zeros(PLAYERS, np.int64)
        start = time.perf_counter()
        _engine.play_games(decks, PLAYERS, rules.suit_strengths, betting, 1, 1, 3, kinds, params,
                           states, returns, wins)
        best = min(best, time.perf_counter() - start)
    return games / best


def python_rate(betting: bool, games: int = PYTHON_GAMES, pure_evaluator: bool = False) -> float:
    kernel = roulette_game._value
    if pure_evaluator:
        roulette_game._value = multiset_value
    try:
        start = time.perf_counter()
        play_pure({"betting": betting}, PLAYERS, BETTING_LINEUP, games, seed=3)
        return games / (time.perf_counter() - start)
    finally:
        roulette_game._value = kernel


@pytest.mark.parametrize("betting", [False, True], ids=["no-betting", "betting-bots"])
def test_compiled_games_per_second(benchmark, betting):
    benchmark.pedantic(fast_simulate, args=({"betting": betting}, PLAYERS, BETTING_LINEUP, GAMES, 1),
                       rounds=3, iterations=1)
    rate = GAMES / benchmark.stats.stats.min
    loop = loop_only_rate(betting)
    benchmark.extra_info.update(games_per_second=round(rate), loop_only=round(loop), cpu=cpu(),
                                path="scalar")
    print(f"\nroulette 5 players, betting={betting}: {rate:,.0f} games/s end to end, "
          f"{loop:,.0f} games/s loop only (CPU {cpu()}, scalar path)")
    assert rate >= (5_000 if betting else 20_000)


@pytest.mark.parametrize("betting", [False, True], ids=["no-betting", "betting-bots"])
def test_compiled_over_python_engine(benchmark, betting):
    fast = compiled_rate(betting)
    slow = python_rate(betting)
    pure = python_rate(betting, games=PYTHON_GAMES // 3, pure_evaluator=True)
    benchmark.extra_info.update(compiled=round(fast), python=round(slow, 1),
                                python_pure_evaluator=round(pure, 1), ratio=round(fast / slow),
                                ratio_pure=round(fast / pure))
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    print(f"\nroulette betting={betting}: compiled {fast:,.0f} games/s; Python engine "
          f"{slow:,.1f} games/s ({fast / slow:,.0f}x); with the pure evaluator "
          f"{pure:,.1f} games/s ({fast / pure:,.0f}x)")
