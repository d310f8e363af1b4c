"""Hand evaluator throughput (issue 5), each figure beside baselines timed in the same run.

Run:  python -m pytest benchmarks/bench_evaluator.py --benchmark-enable
      python benchmarks/bench_evaluator.py        # the same figures as printed lines

Regimes (one thread; the same seeded random 7-card deals for every engine):
- evaluate_many: ``pb.evaluate_many`` over 1,000,000 uint64 pool masks (compiled
  loop, GIL released, AVX-512 where the CPU has it); timed: that call on a ready
  array. The scalar loop (CPUs without AVX-512, or POKERBULL_NO_SIMD=1) is timed
  beside it where the vector path exists.
- NumPy floor: ``np.bitwise_count`` over the same array, one cheap elementwise
  pass: what merely reading the masks and writing a result costs.
- per call: a Python loop over 20,000 hands calling ``pb.evaluate(pool)``, or
  ``eval7.evaluate(cards)``, ``phevaluator.evaluate_cards(*ids)``,
  ``treys.Evaluator().evaluate(board, hand)``; each engine's own hand objects are
  built before timing; timed: the whole loop. A peer that is not installed skips.
Divide a round's time by ``extra_info["hands"]`` for the time per hand.
"""

from __future__ import annotations

import sys
from functools import lru_cache

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.cli.bench import peer_runner, available_peers, deal, deal_masks, measure, report

BATCH = 1_000_000
CALLS = 20_000
HAND = 7


@lru_cache(maxsize=None)
def batch_masks() -> np.ndarray:
    return deal_masks(deal(BATCH, HAND, seed=0))


@lru_cache(maxsize=None)
def call_deals() -> np.ndarray:
    return deal(CALLS, HAND, seed=1)


def test_evaluate_many_seven_cards(benchmark):
    masks = batch_masks()
    benchmark.group = "batch, 7-card hands"
    benchmark.extra_info["hands"] = len(masks)
    values = benchmark(pb.evaluate_many, masks)
    assert len(values) == len(masks)


def test_evaluate_many_seven_cards_scalar_loop(benchmark):
    core = pb.core.backend.core
    if not core.evaluator_simd_available():
        pytest.skip("no AVX-512 path here: test_evaluate_many_seven_cards is the scalar loop")
    masks = batch_masks()
    benchmark.group = "batch, 7-card hands"
    benchmark.extra_info["hands"] = len(masks)
    benchmark(core.evaluate_masks, masks, 0, simd=False)


def test_numpy_floor_bitwise_count(benchmark):
    masks = batch_masks()
    benchmark.group = "batch, 7-card hands"
    benchmark.extra_info["hands"] = len(masks)
    benchmark(np.bitwise_count, masks)


def test_evaluate_per_call(benchmark):
    pools = [pb.Pool(int(m)) for m in deal_masks(call_deals())]
    evaluate = pb.evaluate
    benchmark.group = "per call, 7-card hands"
    benchmark.extra_info["hands"] = len(pools)

    def loop():
        for pool in pools:
            evaluate(pool)
    benchmark(loop)


@pytest.mark.parametrize("peer", ["eval7", "phevaluator", "treys"])
def test_peer_per_call(benchmark, peer):
    pytest.importorskip(peer)
    api, loop = peer_runner(peer, call_deals())
    benchmark.group = "per call, 7-card hands"
    benchmark.extra_info["hands"] = CALLS
    benchmark.extra_info["api"] = api
    benchmark(loop)


if __name__ == "__main__":
    if pb.backend() != "cython":
        sys.exit("the compiled core is not loaded; build it first (pip install .)")
    figures = measure(HAND, BATCH, CALLS, seed=0, repeat=5)
    for line in report(figures, available_peers()):
        print(line)
