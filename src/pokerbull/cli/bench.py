"""Evaluator throughput, measured in one run beside the peers that are installed.

Every engine judges the same seeded random deals. Two regimes, never mixed:

- **batch**: one ``pb.evaluate_many`` call over a NumPy array of pool masks
  (compiled loop, GIL released, one thread); timed: that call alone. Where the
  CPU runs the AVX-512 path, the scalar loop (what CPUs without it, or
  ``POKERBULL_NO_SIMD=1``, get) is timed too.
- **per call**: a Python loop calling the engine once per hand; each engine's own
  hand objects are built before the clock starts; timed: the loop.

Figures are the best of ``repeat`` runs (wall clock) after one untimed warm-up run,
so background load on the machine and a cold start show as noise, not as a slower
engine.

>>> figures = measure(batch_hands=2000, call_hands=200, repeat=1, peers=())
>>> sorted({(f.engine, f.regime) for f in figures})
[('pokerbull', 'batch'), ('pokerbull', 'per call')]
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import backend as _backend
from ..core.backend import backend
from ..cards import Pool, card_bit
from ..evaluator import evaluate, evaluate_many

PEERS = ("eval7", "phevaluator", "treys")
_RANKS, _SUITS = "23456789TJQKA", "cdhs"


@dataclass(frozen=True)
class Figure:
    """One measured throughput."""

    engine: str
    api: str            # what was called, e.g. "pb.evaluate_many"
    regime: str         # "batch" or "per call"
    hand_size: int
    hands: int          # hands judged in one timed run
    seconds: float      # best timed run

    @property
    def rate(self) -> float:
        """Hands judged per second."""
        return self.hands / self.seconds

    @property
    def nanoseconds(self) -> float:
        """Time per hand."""
        return 1e9 * self.seconds / self.hands


def deal(hands: int, hand_size: int, seed: int) -> np.ndarray:
    """Random deals as card indices 0..51 (13 * suit + rank), one row a hand."""
    if not 1 <= hand_size <= 52:
        raise ValueError(f"a hand has 1 to 52 cards, not {hand_size}")
    if hands < 1:
        raise ValueError(f"need at least one hand to time, not {hands}")
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((hands, 52)), axis=1)[:, :hand_size]


_BIT_OF_INDEX = np.array([card_bit(i % 13, i // 13) for i in range(52)], dtype=np.uint64)


def deal_masks(deals: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.uint64]:
    """The pool masks of deals (the public 64-bit layout)."""
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(np.uint64(1) << _BIT_OF_INDEX[deals],
                                                         axis=1)
    return masks


def _best_time(run: Callable[[], object], repeat: int) -> float:
    """The best of `repeat` timed runs, after one untimed run that warms the caches, the
    tables and the CPU's vector units (a verdict from a cold run misleads)."""
    run()
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _per_call(function: Callable[..., object], hands: Sequence[Any], star: bool = False) -> Callable[[], None]:
    if star:
        def run() -> None:
            for hand in hands:
                function(*hand)
    else:
        def run() -> None:
            for hand in hands:
                function(hand)
    return run


def peer_runner(name: str, deals: np.ndarray) -> tuple[str, Callable[[], None]]:
    """The per-call loop of one peer over the deals, its hand objects built."""
    texts = [[_RANKS[i % 13] + _SUITS[i // 13] for i in row] for row in deals.tolist()]
    module = importlib.import_module(name)
    if name == "eval7":
        cards = {t: module.Card(t) for t in {t for row in texts for t in row}}
        return "eval7.evaluate", _per_call(module.evaluate, [[cards[t] for t in row] for row in texts])
    if name == "phevaluator":
        # phevaluator card ids: 4 * rank + suit, suits c d h s
        ids = [[4 * (i % 13) + i // 13 for i in row] for row in deals.tolist()]
        return "phevaluator.evaluate_cards", _per_call(module.evaluate_cards, ids, star=True)
    if name == "treys":
        judge = module.Evaluator()
        hands = [([module.Card.new(t) for t in row[2:]], [module.Card.new(t) for t in row[:2]])
                 for row in texts]
        return "treys.Evaluator.evaluate", _per_call(judge.evaluate, hands, star=True)
    raise ValueError(f"unknown peer {name!r}: choose from {', '.join(PEERS)}")


def available_peers(names: Iterable[str] = PEERS) -> dict[str, str]:
    """Each peer mapped to 'installed' or the reason it cannot be imported."""
    out = {}
    for name in names:
        try:
            importlib.import_module(name)
            out[name] = "installed"
        except ImportError as exc:
            out[name] = f"not installed ({exc.__class__.__name__})"
    return out


def measure(hand_size: int = 7, batch_hands: int = 1_000_000, call_hands: int = 20_000,
            seed: int = 0, repeat: int = 3, peers: Iterable[str] = PEERS) -> list[Figure]:
    """Time pokerbull (batch and per call) and each installed peer (per call).

    Peers judge only 5 to 7 cards; outside that range they are left out.
    """
    figures = []
    masks = deal_masks(deal(batch_hands, hand_size, seed))
    figures.append(Figure("pokerbull", "pb.evaluate_many", "batch", hand_size, batch_hands,
                          _best_time(lambda: evaluate_many(masks), repeat)))
    core = _backend.core
    if core.evaluator_simd_available():
        figures.append(Figure("pokerbull", "pb.evaluate_many, scalar loop", "batch", hand_size,
                              batch_hands, _best_time(lambda: core.evaluate_masks(masks, 0, simd=False),
                                                      repeat)))
    deals = deal(call_hands, hand_size, seed + 1)
    pools = [Pool(int(m)) for m in deal_masks(deals)]
    figures.append(Figure("pokerbull", "pb.evaluate", "per call", hand_size, call_hands,
                          _best_time(_per_call(evaluate, pools), repeat)))
    if 5 <= hand_size <= 7:
        for name, status in available_peers(peers).items():
            if status != "installed":
                continue
            api, run = peer_runner(name, deals)
            figures.append(Figure(name, api, "per call", hand_size, call_hands,
                                  _best_time(run, repeat)))
    return figures


def report(figures: Sequence[Figure], peers: dict[str, str] | None = None) -> list[str]:
    """The figures as lines of text, with the ratios that matter.

    Ratios compare like with like: one hand per call against one hand per call.
    The batch call is set against pokerbull's own per-call figure (what a batch
    saves) and, separately and named as such, against the peers' per-call figures.
    """
    vector = _backend.core.evaluator_simd_available() and \
        os.environ.get("POKERBULL_NO_SIMD", "").strip() in ("", "0")   # what evaluate_many takes
    batch, *scalar = [f for f in figures if f.regime == "batch"]
    if backend() != "cython":
        path = "pure Python (the compiled core is not in use)"
    elif vector and scalar:
        path = "AVX-512 path (eight hands at a time)"
    else:
        path = "scalar loop (this CPU has no AVX-512, or POKERBULL_NO_SIMD is set)"
    lines = [f"pokerbull backend: {backend()}; batch path: {path}; hands of "
             f"{batch.hand_size} cards; best of the timed runs after a warm-up run, wall clock, "
             f"one thread"]
    width = max(len(f.api) for f in figures)
    for f in figures:
        lines.append(f"  {f.api:<{width}}  {f.regime:<8}  {f.hands:>9,} hands  "
                     f"{f.rate / 1e6:10.2f} M hands/s  {f.nanoseconds:10.1f} ns/hand")
    call = next(f for f in figures if f.engine == "pokerbull" and f.regime == "per call")
    if scalar:
        gain = batch.rate / scalar[0].rate
        lines.append(f"  AVX-512 path vs scalar loop on the same batch: {gain:.2f}x" +
                     (" (no gain here: the vector path is not faster on this CPU "
                      "and hand size)" if gain < 1.1 else ""))
    lines.append(f"  batch vs per call, both pokerbull: {batch.rate / call.rate:,.0f}x "
                 f"(the cost of one Python call per hand)")
    peer_figures = [f for f in figures if f.engine != "pokerbull"]
    for f in peer_figures:
        lines.append(f"  per call vs per call: pb.evaluate is {call.rate / f.rate:.2f}x "
                     f"{f.api}")
    for f in peer_figures:
        lines.append(f"  not like with like: one pb.evaluate_many batch is "
                     f"{batch.rate / f.rate:,.0f}x {f.api} called once per hand "
                     f"(the peers have no batch call)")
    if not peer_figures and not 5 <= batch.hand_size <= 7:
        lines.append(f"  eval7, phevaluator and treys judge 5 to 7 cards only: left out for "
                     f"hands of {batch.hand_size} cards")
    for name, status in (peers or {}).items():
        if status != "installed" and 5 <= batch.hand_size <= 7:
            lines.append(f"  {name}: {status}")
    return lines
