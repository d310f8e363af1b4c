"""Cheung's Poker Bull (issue 10): kernel and game throughput, each figure beside a
baseline timed in the same run.

Run:  POKERBULL_NO_SIMD=1 python benchmarks/bench_cheung.py      # printed table
      POKERBULL_NO_SIMD=1 python -m pytest benchmarks/bench_cheung.py --benchmark-enable

Regimes (one core; the cheung kernels have no vector path, and the baseline is
forced onto its scalar loop by POKERBULL_NO_SIMD=1 so both are scalar):
- holds_many: random 10-card pools from the 54-card deck (two jokers), one
  random call of the 61,501-call ladder each; timed: the kernel call on ready
  arrays. Baseline: pagat's scalar holds_many on the same pools (jokers removed).
- best_many: the highest holding call of random 10-card pools (two jokers).
- games: complete 5-player games through pb.simulate, which runs the compiled
  loop (every seat a built-in Cheung bot): the preset's default lineup, odds bots
  only, and odds bots with or-higher and with 5a + 5b. Baseline: the same games
  (same seed, identical results, checked) through the Python engine, and the
  odds-bots-only figure of the loop this one replaced (~1,500 games/s).
- legal_actions / action_mask / clone / observation on a 61,501-call game.
"""

from __future__ import annotations

import time

import numpy as np

import pokerbull as pb

PAIRS = 2_000_000
BEST_POOLS = 400_000


def random_pools(n: int, cards: int, jokers: int = 2, seed: int = 0) -> np.ndarray:
    """`n` random `cards`-card pools of the 52 cards plus `jokers` jokers, as masks."""
    rng = np.random.default_rng(seed)
    bits = np.array([16 * (c // 13) + c % 13 for c in range(52)] + [13, 29][:jokers],
                    dtype=np.uint64)
    out = np.empty(n, np.uint64)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        picks = np.argsort(rng.random((m, len(bits))), axis=1)[:, :cards]
        out[start:start + m] = np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[picks]),
                                                    axis=1)
    return out


def _rate(fn, count: int, repeat: int = 3) -> float:
    fn()
    best = min(_timed(fn) for _ in range(repeat))
    return count / best


def _timed(fn) -> float:
    # CPU time of this process: the machine is shared, and wall time counts the
    # other processes' turns on the core as ours
    t = time.process_time()
    fn()
    return time.process_time() - t


def figures() -> list[tuple[str, str, str]]:
    lad = pb.ladder("cheung")
    pagat = pb.ladder("pagat")
    masks = random_pools(PAIRS, 10)
    calls = np.random.default_rng(1).integers(0, len(lad), PAIRS).astype(np.int32)
    natural = masks & np.uint64(0x1FFF1FFF1FFF1FFF)
    pcalls = np.random.default_rng(1).integers(0, len(pagat), PAIRS).astype(np.int32)
    holds = _rate(lambda: lad.holds_many(masks, calls), PAIRS)
    base = _rate(lambda: pagat.holds_many(natural, pcalls), PAIRS)
    best = _rate(lambda: lad.best_many(masks[:BEST_POOLS]), BEST_POOLS)
    pbest = _rate(lambda: pagat.best_many(natural[:BEST_POOLS]), BEST_POOLS)
    out = [("holds_many cheung (2 jokers, 10 cards)", f"{holds / 1e6:.1f} M checks/s",
            f"pagat scalar {base / 1e6:.1f} M/s: ratio {holds / base:.2f}"),
           ("best_many cheung (10 cards)", f"{best / 1e6:.2f} M pools/s",
            f"pagat {pbest / 1e6:.2f} M/s: ratio {best / pbest:.2f}")]
    out += game_figures()
    g = pb.Game("cheung", players=5, seed=3)
    for name, fn in (("legal_actions (opening, 61,489 actions)", g.legal_actions),
                     ("action_mask (opening)", g.action_mask),
                     ("clone", g.clone),
                     ("observation", lambda: g.observation(2)),
                     ("observation_array", lambda: g.observation_array(2))):
        us = 1e6 / _rate(fn, 1, repeat=50)
        out.append((name, f"{us:.1f} us", "list(range(61501)) "
                    f"{1e6 / _rate(lambda: list(range(61501)), 1, repeat=50):.1f} us"))
    return out


LINEUPS = (
    ("default lineup (odds x3 + random x2)", None, {}, 20_000),
    ("odds bots x5", "cheung", {}, 10_000),
    ("odds bots x5, or higher (variation 4)", "cheung", {"or_higher": True}, 3_000),
    ("odds bots x5, 5a at 15 + 5b at 10", "cheung", {"jokers_leave_at": 15, "recharge_at": 10},
     10_000),
)
"""Games timed: name, bots (None: the preset's default lineup), options, games."""

OLD_ODDS_X5 = 1_500
"""The odds-bots-only figure before this loop (docs/performance.md: 1,450-1,530 games/s)."""


def game_figures() -> list[tuple[str, str, str]]:
    """Complete 5-player games through ``pb.simulate`` (the compiled loop: every
    seat holds a built-in Cheung bot) against the Python engine playing the same
    games (the same seed: identical results, checked here) in the same run."""
    out = []
    for name, bots, options, games in LINEUPS:
        def run(engine: str, n: int):
            return pb.simulate("cheung", bots=bots, players=5, games=n, seed=1, engine=engine,
                               **options)
        run("compiled", 10)              # builds the ladder and the opening tables once
        fast = _rate(lambda: run("compiled", games), games, repeat=2)
        slow_games = 20
        t = time.process_time()
        python = run("python", slow_games)
        per_game = (time.process_time() - t) / slow_games
        if python != run("compiled", slow_games):
            raise RuntimeError(f"{name}: the engines disagree")
        extra = f"; {fast / OLD_ODDS_X5:.1f}x the old loop's ~1,500" if bots and not options \
            else ""
        out.append((f"5-player games, {name}", f"{fast:,.0f} games/s",
                    f"python engine {1 / per_game:,.0f} games/s: ratio {fast * per_game:,.0f}"
                    + extra))
    return out


def test_games_cheung(benchmark):
    benchmark(pb.simulate, "cheung", bots="cheung", players=5, games=2000, seed=1)


# ---- pytest-benchmark entry points ------------------------------------------

def test_holds_many_cheung(benchmark):
    lad = pb.ladder("cheung")
    masks = random_pools(PAIRS, 10)
    calls = np.random.default_rng(1).integers(0, len(lad), PAIRS).astype(np.int32)
    benchmark(lad.holds_many, masks, calls)


def test_best_many_cheung(benchmark):
    lad = pb.ladder("cheung")
    benchmark(lad.best_many, random_pools(BEST_POOLS, 10))


if __name__ == "__main__":
    import os
    import platform
    print(f"pokerbull {pb.__version__}, backend {pb.backend()}, "
          f"POKERBULL_NO_SIMD={os.environ.get('POKERBULL_NO_SIMD', '')!r}, {platform.processor()}")
    for name, figure, ratio in figures():
        print(f"{name:45s} {figure:>20s}  {ratio}")
