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
- same input, every path, against OMPEval (``python benchmarks/bench_evaluator.py
  --ompeval DIR`` or POKERBULL_OMPEVAL=DIR, DIR holding omp_lib.cpp and ompeval/,
  e.g. ../shared/peers): OMPEval's batch entry points (omp_lib.cpp) are compiled
  with g++ -O3 -march=native into a temporary folder and loaded with ctypes, so
  both engines run in this process over the same NumPy arrays, timed by the same
  clock (CPU time of the process), in turns, round by round, after two untimed
  warm-up calls of each engine in each mode and path. Three input modes,
  5, 6 and 7 cards, every batch path this CPU runs (AVX-512, AVX2, scalar):
  * masks: 1,000,000 uint64 pool masks; OMPEval converts each mask itself;
  * card indices: 1,000,000 rows of uint8 card indices, each engine's own
    numbering (pokerbull ``13 * suit + rank``, OMPEval ``4 * rank + suit``);
  * cache-resident: 131,072 hands judged 20 times over; pokerbull from masks,
    OMPEval from its prebuilt hands (the cards already added: evaluation alone).
  Each ratio is pokerbull's speed over OMPEval's in the same round; the median
  and range over the rounds are printed. ``--previous FILE`` (a copy of an earlier
  build's ``pokerbull/core/_core*.so``) loads that build beside this one and times
  it in the same rounds: "vs previous build" is this build's speed over it (A/B).
  Without g++ or DIR, pokerbull's figures alone are printed, with a line saying why.
- per call against phevaluator's C binding (``phevaluator._pheval.evaluate_5cards``
  .. ``evaluate_7cards``): the same loop shape, 20,000 hands, CPU time, in turns.
Divide a round's time by ``extra_info["hands"]`` for the time per hand.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
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


def test_evaluate_many_card_indices(benchmark):
    cards = deal(BATCH, HAND, seed=0).astype(np.uint8)
    benchmark.group = "batch, 7-card hands"
    benchmark.extra_info["hands"] = len(cards)
    values = benchmark(pb.evaluate_many, cards)
    assert len(values) == len(cards)


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


# ---- same input, every path, against OMPEval in this process --------------------

SAME_INPUT_HANDS = 1_000_000
CACHE_HANDS, CACHE_PASSES = 131_072, 20
SIZES = (5, 6, 7)
WARM_UP_CALLS = 2      # untimed calls of each engine before a mode and path's rounds


def build_ompeval(peers: Path, folder: Path) -> Path | None:
    """OMPEval's batch entry points (omp_lib.cpp in `peers`) built as a shared library
    in `folder`; None without g++ or the source."""
    source = peers / "omp_lib.cpp"
    if shutil.which("g++") is None or not source.exists():
        return None
    library = folder / "libomp_eval.so"
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++14", "-shared", "-fPIC",
                    "-include", "functional", "-o", str(library), str(source),
                    str(peers / "ompeval/omp/HandEvaluator.cpp")], check=True)
    return library


class OMPEval:
    """OMPEval through ctypes: the batch entry points of omp_lib.cpp."""

    def __init__(self, library: Path) -> None:
        lib = ctypes.CDLL(str(library))
        pointer, size = ctypes.c_void_p, ctypes.c_size_t
        lib.omp_init.restype = None
        lib.omp_eval_masks.argtypes = [pointer, size, pointer]
        lib.omp_eval_idx.argtypes = [pointer, size, ctypes.c_int, pointer]
        lib.omp_build.argtypes = [pointer, size, ctypes.c_int]
        lib.omp_build.restype = pointer
        lib.omp_eval_hands.argtypes = [pointer, size, pointer]
        lib.omp_free.argtypes = [pointer]
        lib.omp_init()
        self.lib = lib

    def masks(self, masks: np.ndarray, out: np.ndarray) -> None:
        self.lib.omp_eval_masks(masks.ctypes.data, len(masks), out.ctypes.data)

    def indices(self, cards: np.ndarray, out: np.ndarray) -> None:
        self.lib.omp_eval_idx(cards.ctypes.data, len(cards), cards.shape[1], out.ctypes.data)

    def build(self, cards: np.ndarray) -> int:
        return self.lib.omp_build(cards.ctypes.data, len(cards), cards.shape[1])

    def hands(self, hands: int, n: int, out: np.ndarray) -> None:
        self.lib.omp_eval_hands(hands, n, out.ctypes.data)

    def free(self, hands: int) -> None:
        self.lib.omp_free(hands)


def cpu_seconds(run) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def same_input_deals(hand: int, hands: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """pokerbull card indices (uint8), their masks, OMPEval's card indices (uint8)."""
    cards = deal(hands, hand, seed).astype(np.uint8)
    omp_cards = np.ascontiguousarray(4 * (cards % 13) + cards // 13, dtype=np.uint8)
    return cards, deal_masks(cards), omp_cards


def previous_core(library: Path):
    """An earlier build's compiled core (a copy of its ``_core`` extension file), loaded
    beside this one under another name, for an A/B in the same process."""
    spec = importlib.util.spec_from_file_location("previous_build._core", library)
    if spec is None or spec.loader is None:
        raise ValueError(f"{library} is not a compiled pokerbull core (_core extension file)")
    try:
        module = importlib.util.module_from_spec(spec)    # (an extension is opened here)
        spec.loader.exec_module(module)
    except ImportError as error:
        raise ValueError(f"{library} is not a compiled pokerbull core "
                         f"(_core extension file): {error}") from None
    return module


def same_input(omp: OMPEval | None, rounds: int = 5, sizes=SIZES,
               hands: int = SAME_INPUT_HANDS, previous=None) -> list[str]:
    """pokerbull beside OMPEval on the same arrays: each mode, path and hand size; with
    `previous` (an earlier build's core, see previous_core) timed in the same rounds."""
    core = pb.core.backend.core
    lines = [f"same input, one thread, CPU time, {rounds} rounds in turns; paths this CPU runs: "
             f"{', '.join(core.simd_paths())}; M hands/s median (pokerbull / OMPEval = ratio, range)"]
    for hand in sizes:
        cards, masks, omp_cards = same_input_deals(hand, hands, seed=hand)
        small = slice(0, CACHE_HANDS)
        out16 = np.empty(hands, np.uint16)
        prebuilt = omp.build(omp_cards[small]) if omp else None
        def judge_cached(path, core=core):
            for _ in range(CACHE_PASSES):       # each pass's values dropped, as OMPEval's are overwritten
                core.evaluate_masks(masks[small], 0, simd=path)

        def omp_cached():
            for _ in range(CACHE_PASSES):
                omp.hands(prebuilt, CACHE_HANDS, out16)
        modes = {
            "masks": (lambda path, core=core: core.evaluate_masks(masks, 0, simd=path),
                      (lambda: omp.masks(masks, out16)) if omp else None, hands),
            "card indices": (lambda path, core=core: core.evaluate_indices(cards, 0, simd=path),
                             (lambda: omp.indices(omp_cards, out16)) if omp else None, hands),
            "cache-resident": (judge_cached, omp_cached if omp else None, CACHE_HANDS * CACHE_PASSES)}
        for mode, (ours, theirs, count) in modes.items():
            for path in core.simd_paths():
                pb_rates, omp_rates, ratios, gains = [], [], [], []
                # untimed warm-up of both engines in this mode and path, so that no timed
                # round pays for it: caches and tables, and the page faults of pokerbull's
                # fresh result array (the first call's array is mapped anew, the second
                # grows the heap; from the third the freed block is reused)
                for _ in range(WARM_UP_CALLS):
                    ours(path)
                    if theirs:
                        theirs()
                    if previous:
                        ours(path, previous)
                for _ in range(rounds):
                    ours_s = cpu_seconds(lambda: ours(path))
                    pb_rates.append(count / ours_s / 1e6)
                    if theirs:
                        theirs_s = cpu_seconds(theirs)
                        omp_rates.append(count / theirs_s / 1e6)
                        ratios.append(theirs_s / ours_s)
                    if previous:
                        gains.append(cpu_seconds(lambda: ours(path, previous)) / ours_s)
                line = f"  {hand} cards  {mode:14s} {path:7s} pokerbull {np.median(pb_rates):6.0f}"
                if ratios:
                    line += (f"  OMPEval {np.median(omp_rates):6.0f}  ratio {np.median(ratios):.2f}x"
                             f" ({min(ratios):.2f}-{max(ratios):.2f})")
                if gains:
                    line += (f"  vs previous build {np.median(gains):.2f}x"
                             f" ({min(gains):.2f}-{max(gains):.2f})")
                lines.append(line)
        if prebuilt:
            omp.free(prebuilt)
    if omp is None:
        lines.append("  OMPEval not built (no g++, or no --ompeval / POKERBULL_OMPEVAL folder "
                     "with omp_lib.cpp): pokerbull's figures alone")
    return lines


def per_call(rounds: int = 5, hands: int = CALLS) -> list[str]:
    """pb.evaluate on Pools and on int masks beside phevaluator's C binding, per call."""
    lines = [f"per call, {hands:,} hands a loop, CPU time, {rounds} rounds in turns: ns a call, median"]
    try:
        from phevaluator import _pheval
    except ImportError:
        _pheval = None
        lines.append("  phevaluator not installed: pokerbull's figures alone")
    for hand in SIZES:
        cards = deal(hands, hand, seed=10 + hand)
        masks = [int(m) for m in deal_masks(cards)]
        pools = [pb.Pool(m) for m in masks]
        evaluate = pb.evaluate
        ids = [tuple(4 * (c % 13) + c // 13 for c in row) for row in cards.tolist()]
        peer = getattr(_pheval, f"evaluate_{hand}cards") if _pheval else None

        def on_pools():
            for pool in pools:
                evaluate(pool)

        def on_masks():
            for mask in masks:
                evaluate(mask)

        def on_peer():
            for row in ids:
                peer(*row)
        runs = {"pb.evaluate(Pool)": on_pools, "pb.evaluate(int)": on_masks}
        if peer:
            runs[f"phevaluator evaluate_{hand}cards"] = on_peer
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(rounds):
            for name, run in runs.items():
                times[name].append(1e9 * cpu_seconds(run) / hands)
        peer_ns = np.median(times[f"phevaluator evaluate_{hand}cards"]) if peer else None
        for name, ns in times.items():
            ratio = (f"  {peer_ns / np.median(ns):.2f}x phevaluator"
                     if peer_ns and not name.startswith("phevaluator") else "")
            lines.append(f"  {hand} cards  {name:32s} {np.median(ns):6.0f} ns{ratio}")
    return lines


if __name__ == "__main__":
    if pb.backend() != "cython":
        sys.exit("the compiled core is not loaded; build it first (pip install .)")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ompeval", type=Path, default=os.environ.get("POKERBULL_OMPEVAL"),
                        help="folder holding omp_lib.cpp and ompeval/ (e.g. ../shared/peers)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=("same-input", "per-call", "peers"),
                        help="one part of the report")
    parser.add_argument("--previous", type=Path,
                        help="an earlier build's core (a copy of its pokerbull/core/_core*.so), "
                             "timed in the same rounds of the same-input part (A/B)")
    args = parser.parse_args()
    if args.previous is not None and not args.previous.is_file():
        parser.error(f"--previous {args.previous}: no such file (give a copy of an earlier "
                     f"build's pokerbull/core/_core*.so)")
    try:
        previous = previous_core(args.previous) if args.previous else None
    except ValueError as error:
        parser.error(f"--previous: {error}")
    if args.only in (None, "same-input"):
        with tempfile.TemporaryDirectory() as tmp:
            library = build_ompeval(args.ompeval, Path(tmp)) if args.ompeval else None
            for line in same_input(OMPEval(library) if library else None, args.rounds,
                                   previous=previous):
                print(line, flush=True)
    if args.only in (None, "per-call"):
        for line in per_call(args.rounds):
            print(line, flush=True)
    if args.only in (None, "peers"):
        figures = measure(HAND, BATCH, CALLS, seed=0, repeat=5)
        for line in report(figures, available_peers()):
            print(line)
