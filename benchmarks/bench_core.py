"""Core kernel throughput (issue 2), each figure beside a baseline timed in the same run.

Run:  python -m pytest benchmarks/bench_core.py --benchmark-enable
      python benchmarks/bench_core.py            # the same, as a printed table

Regimes (all on one core, GIL released in the batch kernels):
- holds_many: 10 million (pool, call) pairs, random 14-card pools, one random
  call of the ladder per pool; timed: the kernel call on ready arrays.
- holds_many vs NumPy: the same pagat pairs checked by a vectorised NumPy
  implementation of the at-least rule written here (per-rank popcounts).
- best_many: random 14-card pools, the highest holding call of each; and random
  7-card pools per family, every method of best the ladder fits (hand shapes,
  rank profile, block search) in turns, CPU time (issue 13).
- holds per call: ``lad.holds(call, pool)`` from a Python loop over 100,000
  prepared (Call, Pool) pairs; timed: the whole loop.
- compiled vs pure: the same 20,000-pair pagat batch on both backends.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

import pokerbull as pb
from pokerbull.calls.ladder import FAMILY_BUILDERS, Ladder, family_names
from pokerbull.calls.spec import MAX_GROUPS
from pokerbull.core import _pure

PAIRS = 10_000_000
POOL_CARDS = 14


def random_pools(n: int, cards: int, seed: int = 0) -> np.ndarray:
    """`n` random `cards`-card pools as uint64 masks."""
    rng = np.random.default_rng(seed)
    out = np.empty(n, np.uint64)
    chunk = 500_000
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        picks = np.argsort(rng.random((m, 52)), axis=1)[:, :cards]
        bits = (16 * (picks // 13) + picks % 13).astype(np.uint64)
        out[start:start + m] = np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits), axis=1)
    return out


def random_calls(lad: Ladder, n: int, seed: int = 1) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, len(lad), n).astype(np.int32)


def numpy_holds_pagat(lad: Ladder, masks: np.ndarray, calls: np.ndarray) -> np.ndarray:
    """Baseline: the at-least rule vectorised with NumPy (bitwise_count per group)."""
    t = lad.tables
    gm = t.group_mask.reshape(-1, MAX_GROUPS)
    gc = t.group_count.reshape(-1, MAX_GROUPS).astype(np.int16)
    ok = np.ones(len(masks), bool)
    for g in range(2):  # pagat calls have at most two groups
        have = np.bitwise_count(masks & gm[calls, g]).astype(np.int16)
        ok &= have >= gc[calls, g]
    return ok


def pure_ladder(family: str) -> Ladder:
    family_names()
    return Ladder(FAMILY_BUILDERS[family](), core=_pure)


def best_many_methods(lad: Ladder, masks: np.ndarray, rounds: int = 3):
    """best_many by every method the ladder fits (hand shapes, rank profile, block
    search), timed in turns (CPU time): (method, figure, ratio to the block search)
    rows, the ladder's default method first. Scalar C: best has no vector path."""
    core = pb.core.backend.core
    kernels = {}
    for method in core.BEST_METHODS:
        try:
            kernels[method] = core.Kernel(lad.tables, best_method=method)
        except ValueError:        # the ladder does not fit that method
            continue
    expect = kernels["block search"].best_many(masks[:200_000])
    for kernel in kernels.values():
        assert np.array_equal(kernel.best_many(masks[:200_000]), expect)
    best = dict.fromkeys(kernels, float("inf"))
    for _ in range(rounds):    # in turns, so that background load hits each alike
        for method, kernel in kernels.items():
            best[method] = min(best[method], best_time(lambda k=kernel: k.best_many(masks), repeat=2,
                                                       clock=time.process_time))
    default = lad._kernel.best_method
    order = [default] + [m for m in kernels if m != default]
    return [(f"{m}{' (default)' if m == default else ''}", f"{len(masks) / best[m] / 1e6:,.1f} M pools/s",
             f"{best['block search'] / best[m]:.2f}x the block search") for m in order]


def best_time(fn, repeat: int = 5, clock=time.perf_counter) -> float:
    """The best of `repeat` runs by `clock`: wall time, or the process's CPU time
    (time.process_time), which on a shared machine leaves out other processes' turns."""
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


# ---- pytest-benchmark entry points ------------------------------------------

_cache: dict = {}


def _data(family: str, n: int = PAIRS):
    key = (family, n)
    if key not in _cache:
        lad = pb.ladder(family)
        _cache[key] = (lad, random_pools(n, POOL_CARDS), random_calls(lad, n))
    return _cache[key]


def test_holds_many_pagat(benchmark):
    lad, masks, calls = _data("pagat")
    benchmark.extra_info["pairs"] = len(masks)
    benchmark(lad.holds_many, masks, calls)


def test_holds_many_pagat_numpy_baseline(benchmark):
    lad, masks, calls = _data("pagat")
    expect = lad.holds_many(masks[:100_000], calls[:100_000])
    assert np.array_equal(numpy_holds_pagat(lad, masks[:100_000], calls[:100_000]), expect)
    benchmark(numpy_holds_pagat, lad, masks, calls)


def test_holds_many_holdem(benchmark):
    lad, masks, calls = _data("holdem")
    benchmark(lad.holds_many, masks, calls)


def test_best_many_pagat(benchmark):
    lad, masks, _ = _data("pagat")
    benchmark(lad.best_many, masks[:2_000_000])


def test_best_many_seven_cards(benchmark):
    """best_many on 2,000,000 random 7-card pools, every family (target >= 50 M/s)."""
    seven = random_pools(2_000_000, 7, seed=5)
    ladders = [pb.ladder(family) for family in ("pagat", "pagat-wild", "holdem")]
    benchmark(lambda: [lad.best_many(seven) for lad in ladders])


def test_holds_per_call(benchmark):
    lad, masks, calls = _data("pagat")
    pairs = [(lad[int(c)], pb.Pool(int(m))) for m, c in zip(masks[:100_000], calls[:100_000])]
    holds = lad.holds

    def loop():
        for call, pool in pairs:
            holds(call, pool)
    benchmark(loop)


def test_holds_many_pure_backend(benchmark):
    lad = pure_ladder("pagat")
    _, masks, calls = _data("pagat")
    benchmark.pedantic(lad.holds_many, (masks[:20_000], calls[:20_000]), rounds=1)


# ---- a printed report -----------------------------------------------------------

def report() -> list[tuple[str, str, str]]:
    rows = []
    lad, masks, calls = _data("pagat")
    t = best_time(lambda: lad.holds_many(masks, calls))
    t_np = best_time(lambda: numpy_holds_pagat(lad, masks, calls), repeat=2)
    rows.append((f"holds_many pagat, 10M pairs [{lad._kernel.path}]", f"{PAIRS / t / 1e6:,.0f} M checks/s",
                 f"{t_np / t:.1f}x NumPy ({PAIRS / t_np / 1e6:,.0f} M/s)"))
    core = pb.core.backend.core
    for family in ("pagat", "holdem", "pagat-wild"):
        fl, fm, fc = _data(family)
        kernels = {path: core.Kernel(fl.tables, simd=path) for path in core.simd_paths()}
        best: dict[str, float] = {}
        for _ in range(3):      # paths in turns, so that background load hits each alike
            for path, kernel in kernels.items():
                best[path] = min(best.get(path, float("inf")),
                                 best_time(lambda k=kernel: k.holds_many(fm, fc), repeat=2))
        for path, t in best.items():
            rows.append((f"holds_many {family}, 10M pairs [{path}]", f"{PAIRS / t / 1e6:,.0f} M checks/s",
                         f"{best['scalar'] / t:.2f}x scalar"))
    n_best = 2_000_000
    for family in ("pagat", "holdem"):
        fl, fm, _ = _data(family)
        t = best_time(lambda fl=fl, fm=fm: fl.best_many(fm[:n_best]))
        rows.append((f"best_many {family}, 14-card pools [{fl._kernel.best_method}]",
                     f"{n_best / t / 1e6:,.1f} M pools/s", ""))
    seven = random_pools(n_best, 7, seed=5)
    for family in ("pagat", "pagat-wild", "holdem"):
        for name, figure, ratio in best_many_methods(pb.ladder(family), seven):
            rows.append((f"best_many {family}, 7-card pools [{name}]", figure, ratio))
    pairs = [(lad[int(c)], pb.Pool(int(m))) for m, c in zip(masks[:200_000], calls[:200_000])]
    holds = lad.holds

    def loop():
        for call, pool in pairs:
            holds(call, pool)
    t = best_time(loop)
    rows.append(("lad.holds(call, pool) from Python", f"{len(pairs) / t / 1e6:,.1f} M checks/s", ""))
    pure = pure_ladder("pagat")
    n_pure = 20_000
    t_pure = best_time(lambda: pure.holds_many(masks[:n_pure], calls[:n_pure]), repeat=1)
    t = best_time(lambda: lad.holds_many(masks[:n_pure], calls[:n_pure]))
    rows.append(("compiled vs pure, 20k pagat pairs", f"{n_pure / t_pure / 1e6:,.3f} M/s pure",
                 f"{t_pure / t:,.0f}x faster compiled"))
    return rows


if __name__ == "__main__":
    if pb.backend() != "cython":
        sys.exit("the compiled core is not loaded; build it first (pip install .)")
    print(f"pokerbull {pb.__version__} ({Path(__file__).name}), backend {pb.backend()}, "
          f"default batch path {pb.simd_path()} (this CPU runs {', '.join(pb.simd_paths())})")
    for name, figure, ratio in report():
        print(f"{name:58s} {figure:>18s}  {ratio}")
