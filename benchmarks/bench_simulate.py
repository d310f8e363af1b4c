"""Bulk simulation speed: compiled games/s, the Python engine in the same run, workers.

Run: ``python -m pytest benchmarks/bench_simulate.py --benchmark-enable -s``.

Regime: 6-player ``pagat`` (one card to start, out when losing at five: about 28
hands and 150-280 decisions a game), complete games from deal to winner, one
process unless a test says otherwise. Each test prints games/s; the ratio test
times the compiled loop and the Python engine (the same bots through
``pb.Game``, on the compiled and on the pure kernels) back to back.
"""

from __future__ import annotations

import resource
import time

import pytest

import pokerbull as pb
from pokerbull.core import _pure
from pokerbull.bull.bots import make_bot
from pokerbull.bull.simulate import compiled_table, play_game
from pokerbull.sim.streams import chunk_keys

PRESET = "pagat"
PLAYERS = 6
LINEUPS = {"random": ["random"] * 6, "probability": ["probability"] * 6,
           "evidence": ["evidence"] * 6, "mixed": ["random", "probability", "evidence"] * 2}
COMPILED_GAMES = 20_000
PYTHON_GAMES = 60

pytestmark = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")


def compiled_rate(lineup: list[str], games: int = COMPILED_GAMES, rounds: int = 3) -> float:
    rules = pb.Rules.preset(PRESET, players=PLAYERS)
    table = compiled_table(rules, lineup)
    k0, k1 = chunk_keys(1, 0)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        table.run(k0, k1, 0, games)
        best = min(best, time.perf_counter() - start)
    return games / best


def python_rate(lineup: list[str], core=None, games: int = PYTHON_GAMES) -> float:
    rules = pb.Rules.preset(PRESET, players=PLAYERS)
    bots = [make_bot(name) for name in lineup]
    k0, k1 = chunk_keys(1, 0)
    play_game(rules, bots, k0, k1, 0, _core=core)          # warm the tables
    start = time.perf_counter()
    for game in range(games):
        play_game(rules, bots, k0, k1, game, _core=core)
    return games / (time.perf_counter() - start)


@pytest.mark.parametrize("name", list(LINEUPS))
def test_compiled_games_per_second(benchmark, name):
    rules = pb.Rules.preset(PRESET, players=PLAYERS)
    table = compiled_table(rules, LINEUPS[name])
    k0, k1 = chunk_keys(1, 0)
    benchmark.pedantic(table.run, args=(k0, k1, 0, COMPILED_GAMES), rounds=3, iterations=1)
    rate = COMPILED_GAMES / benchmark.stats.stats.min
    benchmark.extra_info["games_per_second"] = round(rate)
    print(f"\ncompiled, {name} bots: {rate:,.0f} games/s")


@pytest.mark.parametrize("name", ["mixed", "probability"])
def test_compiled_over_python_engine(benchmark, name):
    """The same bots and games: compiled loop vs pb.Game (compiled and pure kernels)."""
    lineup = LINEUPS[name]
    fast = compiled_rate(lineup)
    slow = python_rate(lineup)
    pure = python_rate(lineup, core=_pure, games=PYTHON_GAMES // 2)
    benchmark.extra_info.update(compiled=round(fast), python=round(slow, 1),
                                python_pure_kernels=round(pure, 1), ratio=round(fast / slow),
                                ratio_pure=round(fast / pure))
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    print(f"\n{name} bots: compiled {fast:,.0f} games/s; Python engine {slow:,.1f} games/s "
          f"(x{fast / slow:,.0f}); Python engine on pure kernels {pure:,.1f} games/s "
          f"(x{fast / pure:,.0f})")
    assert fast / slow >= 50


def test_workers_scaling(benchmark):
    """simulate() with 1 and 2 worker processes on the same games (start-up included).

    Also the workers' CPU time: on a machine whose other core is busy the wall
    clock cannot halve, but games per CPU-second show the work divides without loss."""
    games = 100_000
    wall, cpu = {}, {}
    for workers in (1, 2):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start, start_cpu = time.perf_counter(), time.process_time()
        pb.simulate(PRESET, bots=LINEUPS["mixed"], games=games, seed=1, workers=workers)
        wall[workers] = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[workers] = (time.process_time() - start_cpu if workers == 1 else
                        after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    speedup = wall[1] / wall[2]
    benchmark.extra_info.update(one_worker=round(games / wall[1]),
                                two_workers=round(games / wall[2]), speedup=round(speedup, 2),
                                games_per_cpu_second={w: round(games / cpu[w]) for w in cpu})
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    print(f"\nworkers 1: {games / wall[1]:,.0f} games/s; workers 2: {games / wall[2]:,.0f} "
          f"games/s (x{speedup:.2f}); per CPU-second {games / cpu[1]:,.0f} and "
          f"{games / cpu[2]:,.0f} games/s ({cpu[2] / wall[2]:.2f} cores busy with 2 workers)")
