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
- every batch path (AVX-512, AVX2, scalar: those this CPU runs) against OMPEval
  (`python benchmarks/bench_evaluator.py --ompeval DIR`, or POKERBULL_OMPEVAL=DIR):
  OMPEval's own timing harness (omp_bench.cpp in DIR, 4,000,000 random 7-card
  hands built from card indices, best of 5) is compiled with g++ -O3
  -march=native in a temporary folder and run in turns with ``evaluate_masks``
  on 4,000,000 random 7-card masks (best of 5 wall-clock runs each); three
  rounds, the best of each. Without g++ or DIR the figures in
  docs/performance.md are the reference.
Divide a round's time by ``extra_info["hands"]`` for the time per hand.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

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


@pytest.mark.parametrize("path", ["avx512", "avx2", "scalar"])
def test_evaluate_many_seven_cards_each_path(benchmark, path):
    core = pb.core.backend.core
    if path not in core.simd_paths():
        pytest.skip(f"this CPU does not run the {path} path")
    masks = batch_masks()
    benchmark.group = "batch, 7-card hands"
    benchmark.extra_info.update(hands=len(masks), path=path)
    benchmark(core.evaluate_masks, masks, 0, simd=path)


# ---- every path against OMPEval, in one run ---------------------------------------

OMP_HANDS = 4_000_000


def build_ompeval(peers: Path, folder: Path) -> Path | None:
    """OMPEval's timing harness built in `folder`; None without g++ or its source."""
    source = peers / "omp_bench.cpp"
    if shutil.which("g++") is None or not source.exists():
        return None
    binary = folder / "omp_bench"
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++14", "-include", "functional",
                    "-o", str(binary), str(source), str(peers / "ompeval/omp/HandEvaluator.cpp")],
                   check=True)
    return binary


def paths_against_ompeval(peers: Path | None, rounds: int = 3) -> list[str]:
    core = pb.core.backend.core
    masks = deal_masks(deal(OMP_HANDS, HAND, seed=2))
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_ompeval(peers, Path(tmp)) if peers else None
        for _ in range(rounds):
            if binary:
                out = subprocess.run([str(binary)], capture_output=True, text=True).stdout
                best["OMPEval"] = max(best.get("OMPEval", 0.0), float(out.strip()))
            for path in core.simd_paths():
                fastest = float("inf")
                for _ in range(5):
                    start = time.perf_counter()
                    core.evaluate_masks(masks, 0, simd=path)
                    fastest = min(fastest, time.perf_counter() - start)
                best[path] = max(best.get(path, 0.0), len(masks) / fastest / 1e6)
    lines = [f"random {HAND}-card hands, {OMP_HANDS:,} a run, M hands/s (best of {rounds} rounds "
             f"of best-of-5, wall clock, one thread); paths this CPU runs: {', '.join(core.simd_paths())}"]
    for name, rate in best.items():
        ratio = f"  {rate / best['OMPEval']:.2f}x OMPEval" if "OMPEval" in best and name != "OMPEval" else ""
        label = name if name == "OMPEval" else f"pb.evaluate_many, {name} path"
        lines.append(f"  {label:32s} {rate:8.1f}{ratio}")
    if "OMPEval" not in best:
        lines.append("  OMPEval not built (no g++ or no --ompeval folder): see docs/performance.md")
    return lines


if __name__ == "__main__":
    if pb.backend() != "cython":
        sys.exit("the compiled core is not loaded; build it first (pip install .)")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ompeval", type=Path, default=os.environ.get("POKERBULL_OMPEVAL"),
                        help="folder holding omp_bench.cpp and ompeval/ (e.g. ../shared/peers)")
    args = parser.parse_args()
    figures = measure(HAND, BATCH, CALLS, seed=0, repeat=5)
    for line in report(figures, available_peers()):
        print(line)
    for line in paths_against_ompeval(args.ompeval):
        print(line)
