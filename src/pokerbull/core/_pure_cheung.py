"""Cheung's Poker Bull (RULES.md 2.4) in pure Python: the twin of ``_cheung.pxi``.

A call is (category, named primary ranks, named other ranks, suit, joker tier).
It holds when some hand of ``h = min(5, N)`` cards of the pool, its jokers
standing for cards of our choice, is exactly of that category with those
primaries and holds the other named ranks in its other roles.

Everything is decided on the masks, closed form: with ``j`` the jokers the tier
lets the hand use, a hand of a big pool (N > 5) needs at most ``j`` cards that
are not natural cards of the pool; a hand of a small pool (N <= 5) is the whole
pool, so it must contain every natural card. No hand and no joker choice is
ever enumerated; the only loops run over ranks, suits or the ten straights.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

LANE = 0x1FFF
JOKER_MASK = (1 << 13) | (1 << 29)
NATURAL_MASK = sum(LANE << (16 * s) for s in range(4))

(HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH,
 ROYAL_FLUSH, FIVE_KIND) = range(11)
CATEGORY_CODES = ("high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house",
                  "quads", "straight_flush", "royal_flush", "five_kind")
# joker tiers: which jokers the chosen hand may (or must) hold
TIER_ANY, TIER_MAX1, TIER_NAT, TIER_MIN1, TIER_MIN2 = range(5)
TIER_CODES = ("", "max1", "nat", "min1", "min2")

RANK_COLUMNS = tuple(sum(1 << (16 * s + r) for s in range(4)) for r in range(13))
STRAIGHT_SETS = tuple(0x100F if t == 3 else 0x1F << (t - 4) for t in range(3, 13))  # tops 5..A


def straight_set(top: int) -> int:
    """13-bit rank set of the straight to `top` (3 = the Five, the wheel)."""
    return STRAIGHT_SETS[top - 3]


def lanes(natural: int) -> tuple[int, int, int, int]:
    return (natural & LANE, (natural >> 16) & LANE, (natural >> 32) & LANE, (natural >> 48) & LANE)


def _count_within(absent: int, avail: int, need: int, budget: int) -> int:
    """Ways to pick `need` ranks from `avail` present and `absent` missing ones
    using at most `budget` missing ones."""
    return sum(comb(absent, m) * comb(avail, need - m)
               for m in range(0, min(budget, need) + 1) if need - m <= avail)


def _straights_within(named: int, present: int, budget: int, only: int = LANE) -> int:
    """Straight rank sets that contain `named`, lie inside `only` and miss at most
    `budget` ranks of `present`."""
    n = 0
    for s in STRAIGHT_SETS:
        if s & named == named and s & ~only == 0 and (s & ~present).bit_count() <= budget:
            n += 1
    return n


def joker_budget(tier: int, n_cards: int, jokers: int) -> int:
    """Jokers the hand may use under `tier` (-1: the tier cannot hold)."""
    small = n_cards <= 5
    if tier == TIER_ANY:
        return jokers
    if tier == TIER_NAT:
        return -1 if small and jokers else 0
    if tier == TIER_MAX1:
        if small:
            return -1 if jokers > 1 else jokers
        return min(jokers, 1)
    if tier == TIER_MIN1:
        return jokers if jokers >= 1 else -1
    return jokers if jokers >= 2 else -1


def _high_or_flush(named: int, present: int, j: int, small: bool, h: int, jokers: int,
                   uniq: tuple[int, ...] | None) -> bool:
    """Five distinct ranks from `present` (a rank set: the pool's ranks, or one
    suit's) holding `named`, not a straight; `uniq` (high card with j == 0): the
    ranks present in one suit only, per suit, whose hands would be flushes."""
    k = named.bit_count()
    missing = (named & ~present).bit_count()
    if small:
        if missing > jokers:
            return False
        if h < 5 or jokers - missing > 0:
            return True
        return (present | named) not in STRAIGHT_SETS
    need = 5 - k
    avail = (present & ~named).bit_count()
    budget = j - missing
    if budget < 0:
        return False
    ways = _count_within(13 - k - avail, avail, need, budget)
    bad = _straights_within(named, present, j)
    if uniq is not None and j == 0:
        for u in uniq:
            if named & ~u == 0:
                ways_u = comb((u & ~named).bit_count(), need)
                bad += ways_u - _straights_within(named, present, 0, u)
    return ways > bad


def cheung_holds(cat: int, nprim: int, p1: int, p2: int, named: int, suit: int, tier: int,
                 mask: int) -> bool:
    """Does the pool `mask` satisfy the call? (see the module docstring)"""
    natural = mask & NATURAL_MASK
    jokers = (mask & JOKER_MASK).bit_count()
    n_cards = natural.bit_count() + jokers
    if n_cards == 0:
        return False
    j = joker_budget(tier, n_cards, jokers)
    if j < 0:
        return False
    small = n_cards <= 5
    h = n_cards if small else 5
    a, b, c, d = lanes(natural)
    present = a | b | c | d
    ge2 = (a & b) | (c & d) | ((a | b) & (c | d))
    ge3 = (a & b & (c | d)) | (c & d & (a | b))
    ge4 = a & b & c & d
    counts = [(natural & RANK_COLUMNS[r]).bit_count() for r in range(13)]

    if cat == HIGH_CARD:
        if h < named.bit_count():
            return False
        if small:
            if ge2:
                return False
            if h == 5 and jokers == 0 and max(x.bit_count() for x in (a, b, c, d)) == 5:
                return False
            return _high_or_flush(named, present, j, True, h, jokers, None)
        return _high_or_flush(named, present, j, False, h, jokers, _single_suit_ranks(a, b, c, d))

    if cat == FLUSH:
        if h < 5:
            return False
        for s in (range(4) if suit < 0 else (suit,)):
            lane = (a, b, c, d)[s]
            if lane.bit_count() + j < 5 or (small and natural & ~(LANE << (16 * s))):
                continue
            if _high_or_flush(named, lane, j, small, 5, jokers, None):
                return True
        return False

    if cat == STRAIGHT:
        if h < 5:
            return False
        for t in (range(3, 13) if nprim == 0 else (p1,)):
            need = straight_set(t)
            if small:
                if ge2 == 0 and present & ~need == 0 and \
                        (jokers or max(x.bit_count() for x in (a, b, c, d)) < 5):
                    return True
                continue
            miss = (need & ~present).bit_count()
            if miss == 0 and any(need & ~u == 0 for u in _single_suit_ranks(a, b, c, d)):
                miss = 1    # every natural choice is one suit: a joker breaks the flush
            if miss <= j:
                return True
        return False

    if cat in (STRAIGHT_FLUSH, ROYAL_FLUSH):
        if h < 5:
            return False
        tops = (12,) if cat == ROYAL_FLUSH else (range(3, 12) if nprim == 0 else (p1,))
        for s in (range(4) if suit < 0 else (suit,)):
            lane = (a, b, c, d)[s]
            for t in tops:
                need = straight_set(t)
                if small:
                    if natural & ~(need << (16 * s)) == 0:
                        return True
                elif (need & ~lane).bit_count() <= j:
                    return True
        return False

    if cat == FIVE_KIND:
        if h < 5:
            return False
        for r in (range(13) if nprim == 0 else (p1,)):
            if small:
                if natural & ~RANK_COLUMNS[r] == 0:
                    return True
            elif counts[r] + j >= 5:
                return True
        return False

    if cat == PAIR or cat == TRIPS:
        k = 2 if cat == PAIR else 3          # cards of the named rank; 5 - k kickers
        if h < k:
            return False
        if small:
            if (ge3 if k == 2 else ge4) or (ge2 & (ge2 - 1)):
                return False
            t = (1 << p1) if nprim else (ge2 if ge2 else present & -present)
            return ge2 & ~t == 0 and ((present & ~t) | named).bit_count() <= h - k
        if nprim == 0:
            x1, _ = _top_counts(present, ge2, ge3, ge4)
            return _rank_cost(x1, k) + max(0, 5 - k - present.bit_count() + (x1 > 0)) <= j
        return _kicker_cost(k, counts[p1], p1, named, present, 5 - k) <= j

    if cat == QUADS:
        if h < 4:
            return False
        if small:
            if nprim == 0:
                return natural.bit_count() - max(counts) <= h - 4
            rest = natural & ~RANK_COLUMNS[p1]
            if rest.bit_count() > h - 4 or named.bit_count() > h - 4:
                return False
            return present & ~(1 << p1) & ~named == 0 if named else True
        if nprim == 0:
            x1, _ = _top_counts(present, ge2, ge3, ge4)
            return 4 - x1 + (present.bit_count() < 2) <= j
        return _kicker_cost(4, counts[p1], p1, named, present, 1) <= j

    if cat == TWO_PAIR:
        if h < 4:
            return False
        if nprim == 0 and not small:
            x1, x2 = _top_counts(present, ge2, ge3, ge4)
            return _rank_cost(x1, 2) + _rank_cost(x2, 2) + (present.bit_count() < 3) <= j
        pairs = _two_pair_choices(nprim, p1, p2)
        if small:
            if ge3 or (ge2.bit_count() > 2):
                return False
            slots = h - 4
            for hi, lo in pairs:
                pair = (1 << hi) | (1 << lo)
                if ge2 & ~pair:
                    continue
                rest = present & ~pair
                if named:
                    if slots == 1 and rest & ~named == 0:
                        return True
                elif rest.bit_count() <= slots:
                    return True
            return False
        for hi, lo in pairs:
            pair = (1 << hi) | (1 << lo)
            cost = _rank_cost(counts[hi], 2) + _rank_cost(counts[lo], 2)
            if named:
                cost += 0 if named & present else 1
            else:
                cost += 0 if present & ~pair else 1
            if cost <= j:
                return True
        return False

    if cat == FULL_HOUSE:
        if h < 5:
            return False
        if nprim == 0:
            x1, x2 = _top_counts(present, ge2, ge3, ge4)
            if small:
                return present.bit_count() <= 2 and x1 <= 3 and x2 <= 2
            return _rank_cost(x1, 3) + _rank_cost(x2, 2) <= j
        for t, p in _full_house_choices(nprim, p1, p2):
            if small:
                if natural & ~(RANK_COLUMNS[t] | RANK_COLUMNS[p]) == 0 and counts[t] <= 3 \
                        and counts[p] <= 2:
                    return True
            elif _rank_cost(counts[t], 3) + _rank_cost(counts[p], 2) <= j:
                return True
        return False
    raise ValueError(f"unknown cheung category {cat}")


def _single_suit_ranks(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """Per suit, the ranks whose only natural card of the pool is of that suit."""
    return (a & ~(b | c | d), b & ~(a | c | d), c & ~(a | b | d), d & ~(a | b | c))


def _top_counts(present: int, ge2: int, ge3: int, ge4: int) -> tuple[int, int]:
    """The largest and second largest number of natural cards of one rank."""
    x1 = 4 if ge4 else 3 if ge3 else 2 if ge2 else 1 if present else 0
    x2 = (4 if ge4.bit_count() > 1 else 3 if ge3.bit_count() > 1 else 2 if ge2.bit_count() > 1
          else 1 if present.bit_count() > 1 else 0)
    return x1, x2


def _rank_cost(have: int, want: int) -> int:
    return want - have if have < want else 0


def _kicker_cost(count: int, have: int, rank: int, named: int, present: int, kickers: int) -> int:
    """Cards missing for `count` of `rank` plus `kickers` distinct other ranks
    holding `named` (big pool: any natural card may be left out)."""
    free = (present & ~named & ~(1 << rank)).bit_count()
    return (_rank_cost(have, count) + (named & ~present).bit_count()
            + max(0, kickers - named.bit_count() - free))


def _two_pair_choices(nprim: int, p1: int, p2: int) -> tuple[tuple[int, int], ...]:
    if nprim == 2:
        return ((p1, p2),)
    if nprim == 1:
        return tuple((p1, lo) for lo in range(p1))
    return tuple((hi, lo) for hi in range(13) for lo in range(hi))


def _full_house_choices(nprim: int, p1: int, p2: int) -> tuple[tuple[int, int], ...]:
    if nprim == 2:
        return ((p1, p2),)
    if nprim == 1:
        return tuple((p1, p) for p in range(13) if p != p1)
    return tuple((t, p) for t in range(13) for p in range(13) if p != t)


_PRIMARIES = (0, 1, 2, 1, 1, 0, 2, 1, 1, 0, 1)
_OTHERS = (5, 3, 1, 2, 0, 5, 0, 1, 0, 0, 0)
_SUITED = (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH)


def primary_choices(cat: int, prims: list[int]) -> range | tuple[int, ...]:
    """Ranks the next primary role can take, highest first."""
    if cat == STRAIGHT:
        return range(12, 2, -1)
    if cat == STRAIGHT_FLUSH:
        return range(11, 2, -1)
    if cat == TWO_PAIR:
        return range(12, 0, -1) if not prims else range(prims[0] - 1, -1, -1)
    return tuple(r for r in range(12, -1, -1) if r not in prims)


class KernelInputs:
    """Input checks shared by the pure kernels (``self.allowed``, ``self.n``)."""

    allowed: int
    n: int

    def _valid(self, mask: int) -> int:
        if mask & ~self.allowed:
            raise ValueError(f"pool mask {mask:#x} has cards these rules do not have: "
                             f"{mask & ~self.allowed:#x}")
        return mask

    def _index(self, c: int) -> int:
        if not 0 <= c < self.n:
            raise ValueError(f"call index {c} is outside the ladder (0..{self.n - 1})")
        return c

    def _valid_array(self, masks: np.ndarray) -> list[int]:
        if masks.size:
            self._valid(int(np.bitwise_or.reduce(masks)))
        return [int(m) for m in masks]

    def _pairs(self, masks: np.ndarray, calls: np.ndarray) -> zip[tuple[Any, int]]:
        """(mask, call index) pairs of a batch, checked."""
        values = self._valid_array(masks)
        if len(calls) != len(values):
            raise ValueError(f"{len(calls)} calls for {len(values)} masks")
        indices = calls.tolist()
        if any(not 0 <= c < self.n for c in indices):
            raise ValueError(f"call indices must lie in 0..{self.n - 1}")
        return zip(values, indices)


class CheungKernel(KernelInputs):
    """Checks Cheung calls against pools (pure Python); same interface as ``Kernel``."""

    def __init__(self, tables: Any, simd: bool | None = None) -> None:
        x = tables.extra
        self.tables = tables
        self.simd = False
        self.n = len(x["cat"])
        self.cat = x["cat"].tolist()
        self.nprim = x["nprim"].tolist()
        self.p1 = x["p1"].tolist()
        self.p2 = x["p2"].tolist()
        self.named = x["named"].tolist()
        self.suit = x["suit"].tolist()
        self.tier = x["tier"].tolist()
        self.keys = x["key"]
        self.suit_rank = x["suit_rank"].tolist()
        self.tier_rank = x["tier_rank"].tolist()
        self.allowed = int(tables.allowed_mask)
        # the ladder's slots from the top: (slot, category, its tiers lowest first)
        slots: dict[int, list[int]] = {}
        pairs = np.flatnonzero(np.bincount((np.asarray(self.keys, np.int64) >> 25) * 8
                                           + x["tier"].astype(np.int64)))
        for slot, tier in zip((pairs >> 3).tolist(), (pairs & 7).tolist()):
            slots.setdefault(slot, []).append(tier)
        self.slots = [(s, s if s <= FIVE_KIND else ROYAL_FLUSH,
                       sorted(t, key=lambda v: self.tier_rank[v]))
                      for s, t in sorted(slots.items(), reverse=True)]
        self.suits_high_first = sorted(range(4), key=lambda s: -self.suit_rank[s])

    def bind(self, owner: Any, call_type: Any, pool_type: Any) -> None:
        self.owner, self.call_type, self.pool_type = owner, call_type, pool_type

    def holds_call(self, call: Any, pool: Any) -> bool:
        if type(call) is self.call_type and type(pool) is self.pool_type \
                and call.ladder is self.owner and not pool._mask & ~self.allowed:
            return self.check(call.index, pool._mask)
        held: bool = self.owner._holds_general(call, pool)
        return held

    def check(self, c: int, mask: int) -> bool:
        return cheung_holds(self.cat[c], self.nprim[c], self.p1[c], self.p2[c], self.named[c],
                            self.suit[c], self.tier[c], mask)

    def holds(self, c: int, mask: int) -> bool:
        return self.check(self._index(c), self._valid(mask))

    def holds_many(self, masks: np.ndarray, calls: np.ndarray) -> np.ndarray:
        return np.array([self.check(c, m) for m, c in self._pairs(masks, calls)], dtype=bool)

    def holds_many_one(self, masks: np.ndarray, c: int) -> np.ndarray:
        c = self._index(c)
        return np.array([self.check(c, m) for m in self._valid_array(masks)], dtype=bool)

    def truth(self, mask: int) -> np.ndarray:
        mask = self._valid(mask)
        return np.array([self.check(c, mask) for c in range(self.n)], dtype=bool)

    def _index_of(self, slot: int, ranks: list[int], suit: int, tier: int) -> int:
        key = slot
        for i in range(5):
            key = key * 16 + (ranks[i] + 1 if i < len(ranks) else 0)
        key = (key * 8 + (self.suit_rank[suit] if suit >= 0 else 0)) * 4 + self.tier_rank[tier]
        return int(np.searchsorted(self.keys, key))

    def _best(self, mask: int) -> int:
        """The highest call that holds, found greedily: the first slot from the top
        whose plainest call holds, then the highest rank for each named role in
        turn, then the highest suit and the highest tier."""
        for slot, cat, tiers in self.slots:
            low = tiers[0]
            if not cheung_holds(cat, 0, -1, -1, 0, -1, low, mask):
                continue
            prims: list[int] = []
            for _ in range(_PRIMARIES[cat]):
                for r in primary_choices(cat, prims):
                    trial = prims + [r]
                    if cheung_holds(cat, len(trial), trial[0], trial[1] if len(trial) > 1 else -1,
                                    0, -1, low, mask):
                        prims = trial
                        break
            p1 = prims[0] if prims else -1
            p2 = prims[1] if len(prims) > 1 else -1
            named: list[int] = []
            nmask = 0
            if len(prims) == _PRIMARIES[cat]:
                for _ in range(_OTHERS[cat]):
                    top = named[-1] - 1 if named else 12
                    for r in range(top, -1, -1):
                        if r in prims:
                            continue
                        if cheung_holds(cat, len(prims), p1, p2, nmask | 1 << r, -1, low, mask):
                            named.append(r)
                            nmask |= 1 << r
                            break
                    else:
                        break
            suit = -1
            if cat in _SUITED:
                for s in self.suits_high_first:
                    if cheung_holds(cat, len(prims), p1, p2, nmask, s, low, mask):
                        suit = s
                        break
            tier = low
            for t in reversed(tiers):
                if cheung_holds(cat, len(prims), p1, p2, nmask, suit, t, mask):
                    tier = t
                    break
            return self._index_of(slot, prims + named, suit, tier)
        return -1

    def best(self, mask: int) -> int:
        return self._best(self._valid(mask))

    def best_many(self, masks: np.ndarray) -> np.ndarray:
        return np.array([self._best(m) for m in self._valid_array(masks)], dtype=np.int32)
