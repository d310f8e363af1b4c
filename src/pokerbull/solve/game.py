"""The small game a solve works on: one two-player hand, its kept calls and hand classes.

Seat 0 holds ``a`` cards and seat 1 ``b`` cards of the family's deck. A hand is
reduced to its *class*, the count of each rank in it: every call the solver
keeps is decided by the rank counts of the pool (checked here on every pool of
``a + b`` cards), and the chance of the other seat's rank counts given mine
depends only on my rank counts, so the class is all a seat needs to know.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from . import _names as pb

RANKS = 13
MAX_POOL = 4
"""Largest pool (a + b) solved: every call such a pool can satisfy is decided by rank counts."""


def _check_hands(hands: Any) -> tuple[int, int]:
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != 2:
        raise ValueError(f"hands must be two hand sizes (a, b), one per seat, not {hands!r}")
    a, b = hands
    for seat, n in enumerate((a, b)):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"seat {seat}'s hand size must be a whole number >= 1, not {n!r}")
    if a + b > MAX_POOL:
        raise ValueError(f"hands {tuple(hands)} make a pool of {a + b} cards; the solver handles "
                         f"pools of at most {MAX_POOL} cards")
    return int(a), int(b)


def _deck_bits(lad: pb.Ladder) -> np.ndarray:
    allowed = lad.allowed_mask
    return np.array([16 * s + r for s in range(4) for r in range(RANKS)
                     if (allowed >> (16 * s + r)) & 1], np.uint64)


@lru_cache(maxsize=None)
def _all_pools(lad: pb.Ladder, n: int) -> np.ndarray:
    bits = _deck_bits(lad)
    if len(bits) != 52 or lad.allowed_mask != sum(1 << int(b) for b in bits):
        raise ValueError("this family's deck is not the 52-card deck (jokers?); the solver "
                         "handles 52-card decks")
    combos = np.array(list(itertools.combinations(range(len(bits)), n)), np.int64)
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[combos]), axis=1)


def _rank_counts(masks: np.ndarray) -> np.ndarray:
    counts = np.zeros((len(masks), RANKS), np.int64)
    for s in range(4):
        for r in range(RANKS):
            counts[:, r] += ((masks >> np.uint64(16 * s + r)) & np.uint64(1)).astype(np.int64)
    return counts


def canonical_mask(counts: Any) -> int:
    """The pool with these rank counts whose cards take the lowest suits."""
    mask = 0
    for r, k in enumerate(counts):
        for s in range(int(k)):
            mask |= 1 << (16 * s + r)
    return mask


@lru_cache(maxsize=None)
def satisfiable(lad: pb.Ladder, n: int) -> tuple[tuple[int, ...], np.ndarray]:
    """Indices of the calls some n-card pool satisfies, and which of them are
    decided by rank counts alone (checked on every n-card pool)."""
    pools = _all_pools(lad, n)
    canon = np.array([canonical_mask(c) for c in _rank_counts(pools)], np.uint64)
    kept = []
    rank_only = []
    for i in range(len(lad)):
        truth = lad.holds_many(pools, i)
        if truth.any():
            kept.append(i)
            rank_only.append(bool((truth == lad.holds_many(canon, i)).all()))
    return tuple(kept), np.array(rank_only)


def hand_classes(n: int) -> list[tuple[int, ...]]:
    """Rank-count vectors of an n-card hand (each rank at most 4 times), sorted."""
    out = []
    for ranks in itertools.combinations_with_replacement(range(RANKS), n):
        counts = [0] * RANKS
        for r in ranks:
            counts[r] += 1
        if max(counts) <= 4:
            out.append(tuple(counts))
    return sorted(set(out))


@dataclass(frozen=True, eq=False)
class SmallGame:
    """One two-player hand of a family: kept calls, hand classes, chances and payoffs."""

    family: str
    options: tuple[tuple[str, Any], ...]
    ladder: pb.Ladder
    hands: tuple[int, int]
    kept: tuple[int, ...]            # ladder indices of the kept calls, lowest first
    first: np.ndarray                # first[j + 1]: first kept call raising over kept call j
    classes: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    chance: np.ndarray               # chance[h0, h1]
    truth: np.ndarray                # truth[c, h0, h1]: kept call c holds

    @property
    def calls(self) -> int:
        return len(self.kept)

    @property
    def payoff(self) -> np.ndarray:
        """payoff[c, h0, h1]: chance times the caller's result when kept call c is challenged."""
        return self.chance[None, :, :] * np.where(self.truth, 1.0, -1.0)

    def class_of(self, seat: int, cards: int) -> int:
        """The class index of a hand (a card mask) of `seat`; ValueError if it does not fit."""
        counts = tuple(int(x) for x in _rank_counts(np.array([cards], np.uint64))[0])
        size = self.hands[seat]
        if sum(counts) != size or cards & ~self.ladder.allowed_mask:
            raise ValueError(f"seat {seat} holds {size} card{'s' * (size != 1)} in this game, "
                             f"not {pb.Pool(cards)}")
        return self.classes[seat].index(counts)

    def kept_index(self, ladder_index: int) -> int:
        """Position of a ladder call among the kept calls; ValueError if it is not kept."""
        try:
            return self.kept.index(ladder_index)
        except ValueError:
            raise ValueError(f"{self.ladder[ladder_index]} is not one of the {self.calls} calls "
                             f"of this game (the lowest {self.calls} calls a pool of "
                             f"{sum(self.hands)} cards can satisfy)") from None

    def tree_size(self) -> int:
        """Number of public states (call sequences, the empty one included)."""
        ending = [0] * self.calls
        for i in range(self.calls):
            ending[i] = 1 + sum(ending[j] for j in range(i) if self.first[j + 1] <= i)
        return 1 + sum(ending)


def compiled() -> Any:
    """The compiled solver module (``pokerbull.solve._cfr``), with a clear error if missing."""
    try:
        from . import _cfr
    except ImportError as exc:
        raise ImportError("pokerbull.solve needs its compiled extension pokerbull.solve._cfr; "
                          "build it with `pip install -e .` or "
                          "`python setup.py build_ext --inplace`") from exc
    return _cfr


_GAMES: dict[tuple, SmallGame] = {}


def build_game(family: str, hands: Any, calls: Any, options: dict[str, Any]) -> SmallGame:
    """The small game of `family` for hand sizes `hands` keeping `calls` calls (built once)."""
    try:
        key = (family, tuple(hands), calls, tuple(sorted(options.items())))
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _GAMES:
        return _GAMES[key]
    game = _build_game(family, hands, calls, options)
    if key is not None:
        _GAMES[key] = game
    return game


def _build_game(family: str, hands: Any, calls: Any, options: dict[str, Any]) -> SmallGame:
    if not isinstance(family, str):
        raise ValueError(f"family must be a call family name, not {family!r}")
    if family not in pb.family_names():
        raise ValueError(f"unknown call family {family!r}; known: {', '.join(pb.family_names())}")
    a, b = _check_hands(hands)
    try:
        lad = pb.ladder(family, **options)
    except TypeError:
        raise ValueError(f"{family}: unknown family option(s) {', '.join(sorted(options))}") from None
    n = a + b
    sat, rank_only = satisfiable(lad, n)
    if calls is None:
        k = len(sat)
    elif isinstance(calls, bool) or not isinstance(calls, (int, np.integer)) or calls < 1:
        raise ValueError(f"calls must be a whole number of calls >= 1 (or None for all), "
                         f"not {calls!r}")
    elif calls > len(sat):
        raise ValueError(f"calls={calls}: only {len(sat)} calls of {family} can hold with "
                         f"{n} cards")
    else:
        k = int(calls)
    kept = sat[:k]
    if not rank_only[:k].all():
        bad = lad[kept[int(np.argmin(rank_only[:k]))]]
        raise ValueError(f"{bad} depends on suits for {n}-card pools; the solver groups hands "
                         "by rank counts and cannot keep it")
    levels = [lad[i].level for i in kept]
    first = np.zeros(k + 1, np.int32)
    for j in range(k):
        f = j + 1
        while f < k and levels[f] <= levels[j]:
            f += 1
        first[j + 1] = f
    cls0, cls1 = hand_classes(a), hand_classes(b)
    c0 = np.array(cls0, np.int64)
    c1 = np.array(cls1, np.int64)
    total = comb(52, a) * comb(52 - a, b)
    ways0 = np.prod([[comb(4, int(x)) for x in row] for row in c0], axis=1)
    chance = np.zeros((len(cls0), len(cls1)))
    pool_counts = c0[:, None, :] + c1[None, :, :]
    fits = (pool_counts <= 4).all(axis=2)
    for i in range(len(cls0)):
        for j in np.nonzero(fits[i])[0]:
            ways1 = np.prod([comb(4 - int(x), int(y)) for x, y in zip(c0[i], c1[j])])
            chance[i, j] = ways0[i] * ways1 / total
    masks = np.array([canonical_mask(pc) for pc in pool_counts.reshape(-1, RANKS)], np.uint64)
    truth = np.zeros((k, len(cls0), len(cls1)), bool)
    flat_fit = fits.reshape(-1)
    for c, idx in enumerate(kept):
        holds = np.zeros(len(masks), bool)
        holds[flat_fit] = lad.holds_many(masks[flat_fit], idx)
        truth[c] = holds.reshape(len(cls0), len(cls1))
    return SmallGame(family, tuple(sorted(options.items())), lad, (a, b), kept, first,
                     (tuple(cls0), tuple(cls1)), chance, truth)
