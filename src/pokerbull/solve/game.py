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
import numpy.typing as npt

from . import _names as pb

RANKS = 13
MAX_POOL = 4
"""Largest pool (a + b) solved: every call such a pool can satisfy is decided by rank counts."""


def _check_hands(hands: Any) -> tuple[int, int]:
    sizes: Any = None if isinstance(hands, (str, bytes)) else hands    # text: refused
    try:
        a, b = sizes
    except (TypeError, ValueError):     # not two things (an int, a 0-d array, three...)
        raise ValueError(f"hands must be two hand sizes (a, b), one per seat, "
                         f"not {hands!r}") from None
    for seat, n in enumerate((a, b)):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"seat {seat}'s hand size must be a whole number >= 1, not {n!r}")
    if a + b > MAX_POOL:
        raise ValueError(f"hands {tuple(hands)} make a pool of {a + b} cards; the solver handles "
                         f"pools of at most {MAX_POOL} cards")
    return int(a), int(b)


JOKER_BITS = (13, 29)
"""Bits of the jokers X1 and X2 in a pool mask."""
SLOTS = RANKS + 1
"""A hand class: the count of each rank, then the count of jokers."""


def _deck_bits(lad: pb.Ladder) -> np.ndarray:
    allowed = lad.allowed_mask
    return np.array([16 * s + r for s in range(4) for r in range(SLOTS)
                     if (allowed >> (16 * s + r)) & 1], np.uint64)


def deck_jokers(lad: pb.Ladder) -> int:
    """How many jokers the family's deck holds; ValueError unless its other cards are
    the 52-card deck."""
    bits = {int(b) for b in _deck_bits(lad)}
    naturals = {16 * s + r for s in range(4) for r in range(RANKS)}
    if not naturals <= bits or bits - naturals - set(JOKER_BITS):
        raise ValueError("this family's deck is not the 52-card deck (with or without "
                         "jokers); the solver handles those decks")
    return len(bits & set(JOKER_BITS))


_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))


def _suit_classes(masks: np.ndarray) -> np.ndarray:
    """One pool per class of pools equal up to renaming the suits (the least mask)."""
    fields = [(masks >> np.uint64(16 * s)) & np.uint64(0x1FFF) for s in range(4)]
    jokers = masks & np.uint64(sum(1 << b for b in JOKER_BITS))
    best = masks.copy()
    for perm in _SUIT_PERMUTATIONS:
        renamed = jokers.copy()
        for s in range(4):
            renamed |= fields[s] << np.uint64(16 * perm[s])
        np.minimum(best, renamed, out=best)
    return np.unique(best)


@lru_cache(maxsize=None)
def _all_pools(lad: pb.Ladder, n: int) -> np.ndarray:
    """Every n-card pool of the family's deck, up to renaming the suits."""
    deck_jokers(lad)
    bits = _deck_bits(lad)
    combos = np.array(list(itertools.combinations(range(len(bits)), n)), np.int64)
    pools = np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits[combos]), axis=1)
    return _suit_classes(pools)


def _rank_counts(masks: np.ndarray) -> np.ndarray:
    """Class vectors of pools: the count of each rank, then the count of jokers."""
    counts = np.zeros((len(masks), SLOTS), np.int64)
    for s in range(4):
        for r in range(RANKS):
            counts[:, r] += ((masks >> np.uint64(16 * s + r)) & np.uint64(1)).astype(np.int64)
    for b in JOKER_BITS:
        counts[:, RANKS] += ((masks >> np.uint64(b)) & np.uint64(1)).astype(np.int64)
    return counts


def canonical_mask(counts: Any) -> int:
    """The pool with these rank (and joker) counts whose cards take the lowest suits."""
    mask = 0
    for r, k in enumerate(counts[:RANKS]):
        for s in range(int(k)):
            mask |= 1 << (16 * s + r)
    for b in JOKER_BITS[:int(counts[RANKS]) if len(counts) > RANKS else 0]:
        mask |= 1 << b
    return mask


@lru_cache(maxsize=None)
def satisfiable(lad: pb.Ladder, n: int) -> tuple[tuple[int, ...], np.ndarray]:
    """Indices of the calls some n-card pool satisfies, and which of them are
    decided by rank (and joker) counts alone.

    Checked on one pool of each class of n-card pools equal up to renaming the
    suits: a call's truth does not change when the suits of the pool and of the
    call are renamed alike (suit order only ranks calls), so a call that names
    no suit holds on every pool of a class or on none. A call that names a suit
    is reported as not decided by rank counts.
    """
    pools = _all_pools(lad, n)
    canon = np.array([canonical_mask(c) for c in _rank_counts(pools)], np.uint64)
    held = np.zeros(len(lad), bool)
    differs = np.zeros(len(lad), bool)
    for pool, same in zip(pools, canon):
        truth = lad.truth(int(pool))
        held |= truth
        differs |= truth != lad.truth(int(same))
    kept = tuple(int(i) for i in np.flatnonzero(held))
    rank_only = np.array([not differs[i] and lad[i].suit is None for i in kept], bool)
    return kept, rank_only


def hand_classes(n: int, jokers: int = 0) -> list[tuple[int, ...]]:
    """Class vectors of an n-card hand (each rank at most 4 times, at most `jokers`
    jokers), sorted."""
    out = []
    for ranks in itertools.combinations_with_replacement(range(SLOTS), n):
        counts = [0] * SLOTS
        for r in ranks:
            counts[r] += 1
        if max(counts[:RANKS]) <= 4 and counts[RANKS] <= jokers:
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


_GAMES: dict[tuple[Any, ...], SmallGame] = {}


def build_game(family: str, hands: Any, calls: Any, options: dict[str, Any]) -> SmallGame:
    """The small game of `family` (any case) for hand sizes `hands` keeping `calls` calls
    (built once)."""
    if isinstance(family, str):
        family = family.strip().lower()
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
    lad = pb.ladder(family, **options)     # ValueError for an option the family lacks
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
    jokers = deck_jokers(lad)
    cls0, cls1 = hand_classes(a, jokers), hand_classes(b, jokers)
    c0 = np.array(cls0, np.int64)
    c1 = np.array(cls1, np.int64)
    limit = np.array([4] * RANKS + [jokers])
    total = comb(52 + jokers, a) * comb(52 + jokers - a, b)
    ways0 = np.prod([[comb(int(m), int(x)) for m, x in zip(limit, row)] for row in c0], axis=1)
    chance = np.zeros((len(cls0), len(cls1)))
    pool_counts = c0[:, None, :] + c1[None, :, :]
    fits: npt.NDArray[np.bool_] = np.all(pool_counts <= limit, axis=2)
    for i in range(len(cls0)):
        for j in np.flatnonzero(fits[i]).tolist():
            ways1 = np.prod([comb(int(m - x), int(y)) for m, x, y in zip(limit, c0[i], c1[j])])
            chance[i, j] = ways0[i] * ways1 / total
    masks = np.array([canonical_mask(pc) for pc in pool_counts.reshape(-1, SLOTS)], np.uint64)
    flat_fit = fits.reshape(-1)
    pools, where = np.unique(masks[flat_fit], return_inverse=True)
    held = np.array([lad.truth(int(p))[list(kept)] for p in pools]).reshape(len(pools), k)
    flat = np.zeros((len(masks), k), bool)
    flat[flat_fit] = held[where.reshape(-1)]
    truth = np.ascontiguousarray(flat.T.reshape(k, len(cls0), len(cls1)))
    return SmallGame(family, tuple(sorted(options.items())), lad, (a, b), kept, first,
                     (tuple(cls0), tuple(cls1)), chance, truth)


# ---- shared by the solvers (solver.py and abstract.py both read these) ----

@dataclass(frozen=True)
class Checkpoint:
    """Exploitability of the average strategy after `iterations` (`seconds` of solving)."""

    iterations: int
    seconds: float
    exploitability: float


def observation_args(g: SmallGame, obs: pb.Observation) -> tuple[int, int, list[int]]:
    """(seat in the small game, cards mask, ladder indices of the calls) of an observation."""
    if obs.rules.family != g.family or obs.rules.ladder is not g.ladder:
        raise ValueError(f"this solution is for {g.family} {dict(g.options)}, "
                         f"not {obs.rules.family}")
    live = [s for s, n in enumerate(obs.hand_sizes) if n]
    if len(live) != 2 or obs.starter not in live:
        raise ValueError("the solution covers hands with two players in them")
    if obs.to_play != obs.seat:
        raise ValueError(f"seat {obs.seat} is not to play")
    other = live[1] if obs.starter == live[0] else live[0]
    sizes = (obs.hand_sizes[obs.starter], obs.hand_sizes[other])
    if sizes != g.hands:
        raise ValueError(f"the solution is for hands {g.hands}, not {sizes}")
    role = 0 if obs.seat == obs.starter else 1
    return role, obs.cards.mask, [c.index for _, c in obs.calls]


def _cards_mask(cards: Any) -> int:
    if isinstance(cards, pb.Pool):
        return cards.mask
    if isinstance(cards, str):
        return pb.Pool.parse(cards).mask
    if isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
        return int(cards)
    raise ValueError(f"cards must be a Pool, card text or a mask, not {cards!r}")


def _check_positive(name: str, value: Any, allow_none: bool = True) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{name} must be a positive number, not {value!r}")
