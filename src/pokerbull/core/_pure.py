"""The pure-Python backend: the same kernels as ``_core.pyx``, written for clarity.

Both backends read one :class:`~pokerbull.calls.ladder.LadderTables`; the test suite
proves they agree. Closed-form checks throughout: no subset of the pool is ever
enumerated.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from ._pure_cheung import CheungKernel, KernelInputs  # noqa: F401 (CheungKernel: the backend's)
from ._pure_evaluator import (HandRank, bind_evaluator, evaluate_indices,  # noqa: F401
                              evaluate_mask, evaluate_masks, evaluator_simd_available)
from ._pure_paths import PATHS, check_path, simd_available, simd_path, simd_paths  # noqa: F401

LANE = 0x1FFF

AT_LEAST, EXACT_RANKS, EXACT_HIGH, EXACT_STRAIGHT, EXACT_FLUSH = range(5)
MAX_GROUPS = 5
HOLDS, FAILS, FIRST_FAILS = 1, 0, -1

RANK_COLUMNS = tuple(sum(1 << (16 * s + r) for s in range(4)) for r in range(13))
CHOOSE4 = tuple(comb(n, 4) for n in range(14))


def straight_rank_bits(top: int) -> int:
    """The five ranks of the straight to `top` as a 13-bit mask (wheel at top 3)."""
    return 0x100F if top == 3 else 0x1F << (top - 4)


def straights_under(top: int) -> tuple[int, ...]:
    """4-rank sets below `top` that make a straight with it (two for the Ace)."""
    sets = (0xF << (top - 4),) if top >= 4 else ()
    return sets + (0xF,) if top == 12 else sets


STRAIGHT_BITS = tuple(straight_rank_bits(t) if t >= 3 else 0 for t in range(13))
STRAIGHTS_UNDER = tuple(straights_under(t) for t in range(13))


def lanes_of(mask: int) -> tuple[int, int, int, int]:
    return (mask & LANE, (mask >> 16) & LANE, (mask >> 32) & LANE, (mask >> 48) & LANE)


def rank_sets(mask: int) -> tuple[int, int, int, int]:
    """Ranks held at least once, twice, three and four times (13-bit masks)."""
    a, b, c, d = lanes_of(mask)
    ge1 = a | b | c | d
    ge2 = (a & b) | (c & d) | ((a | b) & (c | d))
    ge3 = (a & b & (c | d)) | (c & d & (a | b))
    ge4 = a & b & c & d
    return ge1, ge2, ge3, ge4


def max_rank_count(mask: int) -> int:
    ge1, ge2, ge3, ge4 = rank_sets(mask)
    return 4 if ge4 else 3 if ge3 else 2 if ge2 else 1 if ge1 else 0


def first_ranks(natural: int, need: int, exactly: bool) -> list[int]:
    """Ranks held at least `need` times (exactly, for a small exact-hand pool),
    highest first; every rank when `need` <= 0."""
    if need <= 0:
        held = 0x1FFF
    elif need > 4:
        held = 0
    else:
        sets = rank_sets(natural)
        held = sets[need - 1]
        if exactly and need < 4:
            held &= ~sets[need]
    return [r for r in range(12, -1, -1) if (held >> r) & 1]


def exact_high(mask: int, top: int) -> bool:
    """Some min(5, N)-card hand of the pool is exactly a high-card hand to `top`."""
    ge1, ge2, _, _ = rank_sets(mask)
    if mask.bit_count() < 5:
        return ge2 == 0 and ge1.bit_length() - 1 == top
    if not (ge1 >> top) & 1:
        return False
    below = ge1 & ((1 << top) - 1)
    ways = CHOOSE4[below.bit_count()]
    if ways == 0:
        return False
    flush_ranks = 0
    single_top = (mask & RANK_COLUMNS[top]).bit_count() == 1
    if single_top:
        # A hand is all one suit only when every rank in it is a lone card of
        # the top card's suit.
        lane = lanes_of(mask)[((mask & RANK_COLUMNS[top]).bit_length() - 1) // 16]
        flush_ranks = lane & below & ~ge2
        ways -= CHOOSE4[flush_ranks.bit_count()]
    for s in STRAIGHTS_UNDER[top]:
        if below & s == s and not (single_top and flush_ranks & s == s):
            ways -= 1
    return ways > 0


def exact_straight(mask: int, top: int) -> bool:
    if mask.bit_count() < 5:
        return False
    ge1, ge2, _, _ = rank_sets(mask)
    need = STRAIGHT_BITS[top]
    if ge1 & need != need:
        return False
    if ge2 & need:
        return True          # a doubled rank lets the suits differ
    return not any(lane & need == need for lane in lanes_of(mask))


def exact_flush(mask: int, top: int, suit: int) -> bool:
    lane = lanes_of(mask)[suit]
    if not (lane >> top) & 1:
        return False
    below = lane & ((1 << top) - 1)
    ways = CHOOSE4[below.bit_count()]
    for s in STRAIGHTS_UNDER[top]:
        if below & s == s:
            ways -= 1
    return ways > 0


class PoolBase:
    """Storage of a Pool's mask (the compiled core has a C version)."""

    __slots__ = ("_mask",)

    def __init__(self, mask: int) -> None:
        self._mask = mask


class CallBase:
    """Storage of a Call's ladder and index (the compiled core has a C version)."""

    __slots__ = ("index", "ladder")

    def __init__(self, ladder: Any, index: int) -> None:
        self.ladder = ladder
        self.index = index


#: How best / best_many may find the best call, as in the compiled core; pure Python
#: runs the block search, the reference the compiled methods are tested against.
BEST_METHODS = ("hand shapes", "rank profile", "block search")


class Kernel(KernelInputs):
    """Checks calls of one ladder against pools (pure Python)."""

    def __init__(self, tables: Any, simd: bool | str | None = None, rank_profile: bool = True,
                 best_method: str | None = None) -> None:
        self.path = check_path(simd)
        if best_method not in (None, *BEST_METHODS):
            raise ValueError(f"unknown best method {best_method!r}: choose from "
                             f"{', '.join(BEST_METHODS)}")
        if best_method not in (None, "block search"):
            raise ValueError(f"the pure-Python backend has no {best_method} method of best "
                             f"(it runs the block search, the reference)")
        self.best_method = "block search"
        self.rank_profile = False
        self.tables = tables
        self.simd = False
        self.n = len(tables.kind)
        self.kind: list[int] = tables.kind.tolist()
        self.ngroups: list[int] = tables.ngroups.tolist()
        self.group_mask = [int(m) for m in tables.group_mask]
        self.group_count: list[int] = tables.group_count.tolist()
        self.rank1: list[int] = tables.rank1.tolist()
        self.count1: list[int] = tables.count1.tolist()
        self.rank2: list[int] = tables.rank2.tolist()
        self.count2: list[int] = tables.count2.tolist()
        self.kick: list[int] = tables.kick.tolist()
        self.suit: list[int] = tables.suit.tolist()
        self.skip: list[int] = tables.skip.tolist()
        self.blocks: list[tuple[int, ...]] = list(zip(
                               tables.block_start.tolist(), tables.block_end.tolist(),
                               tables.block_min_cards.tolist(),
                               tables.block_min_same_rank.tolist(),
                               tables.block_min_same_suit.tolist(),
                               tables.block_key_count.tolist(), range(len(tables.block_start))))
        self.rank_start: list[int] = tables.block_rank_start.tolist()
        self.rank_end: list[int] = tables.block_rank_end.tolist()
        self.wild = int(tables.wild_mask)
        self.allowed = int(tables.allowed_mask)

    def bind(self, owner: Any, call_type: Any, pool_type: Any) -> None:
        """Serve ``owner.holds`` (the compiled core does it without Python frames)."""
        self.owner, self.call_type, self.pool_type = owner, call_type, pool_type

    def holds_call(self, call: Any, pool: Any) -> bool:
        if type(call) is self.call_type and type(pool) is self.pool_type \
                and call.ladder is self.owner and not pool._mask & ~self.allowed:
            return self.check(call.index, pool._mask) == HOLDS
        held: bool = self.owner._holds_general(call, pool)
        return held

    # -- one call
    def check(self, c: int, mask: int) -> int:
        """HOLDS, FAILS, or FIRST_FAILS when the call's first requirement fails
        (so every neighbour sharing that requirement fails too)."""
        kind = self.kind[c]
        if kind == AT_LEAST:
            wilds = (mask & self.wild).bit_count()
            missing = 0
            base = c * MAX_GROUPS
            for g in range(self.ngroups[c]):
                short = self.group_count[base + g] - (mask & self.group_mask[base + g]).bit_count()
                if short > 0:
                    if g == 0 and short > wilds:
                        return FIRST_FAILS
                    missing += short
            return HOLDS if missing <= wilds else FAILS
        if kind == EXACT_RANKS:
            r1, r2 = self.rank1[c], self.rank2[c]
            c1 = (mask & RANK_COLUMNS[r1]).bit_count()
            c2 = (mask & RANK_COLUMNS[r2]).bit_count() if r2 >= 0 else 0
            named = (1 << r1) | ((1 << r2) if r2 >= 0 else 0)
            ge1, ge2, _, _ = rank_sets(mask)
            if mask.bit_count() >= 5:
                if c1 < self.count1[c]:
                    return FIRST_FAILS
                ok = c2 >= self.count2[c] and (ge1 & ~named).bit_count() >= self.kick[c]
            else:
                # fewer than five cards: the whole pool is the hand
                if c1 != self.count1[c]:
                    return FIRST_FAILS
                ok = c2 == self.count2[c] and ge2 & ~named == 0
            return HOLDS if ok else FAILS
        if kind == EXACT_HIGH:
            return HOLDS if exact_high(mask, self.rank1[c]) else FAILS
        if kind == EXACT_STRAIGHT:
            return HOLDS if exact_straight(mask, self.rank1[c]) else FAILS
        if kind == EXACT_FLUSH:
            return HOLDS if exact_flush(mask, self.rank1[c], self.suit[c]) else FAILS
        raise ValueError(f"unknown requirement kind {kind}")

    def holds(self, c: int, mask: int) -> bool:
        return self.check(self._index(c), self._valid(mask)) == HOLDS

    def holds_many(self, masks: np.ndarray, calls: np.ndarray) -> np.ndarray:
        return np.array([self.check(c, m) == HOLDS for m, c in self._pairs(masks, calls)],
                        dtype=bool)

    def holds_many_one(self, masks: np.ndarray, c: int) -> np.ndarray:
        c = self._index(c)
        return np.array([self.check(c, m) == HOLDS for m in self._valid_array(masks)],
                        dtype=bool)

    # -- every call
    def truth(self, mask: int) -> np.ndarray:
        mask = self._valid(mask)
        return np.array([self.check(c, mask) == HOLDS for c in range(self.n)], dtype=bool)

    def _best(self, mask: int) -> int:
        cards = mask.bit_count()
        wilds = (mask & self.wild).bit_count()
        natural = mask & ~self.wild
        same = max_rank_count(natural) + wilds
        suited = max(lane.bit_count() for lane in lanes_of(natural)) + wilds
        for start, end, min_cards, min_same, min_suit, key, b in reversed(self.blocks):
            if min_cards > cards or min_same > same or min_suit > suited:
                continue
            if key:
                # only ranks that can meet the first requirement, highest first
                for r in first_ranks(natural, key - wilds, cards < 5 and self.kind[start] == EXACT_RANKS):
                    c = self.rank_end[b * 13 + r] - 1
                    while c >= self.rank_start[b * 13 + r]:
                        verdict = self.check(c, mask)
                        if verdict == HOLDS:
                            return c
                        if verdict == FIRST_FAILS:
                            break
                        c -= 1
                continue
            c = end - 1
            while c >= start:
                verdict = self.check(c, mask)
                if verdict == HOLDS:
                    return c
                c = self.skip[c] if verdict == FIRST_FAILS else c - 1
        return -1

    def best(self, mask: int) -> int:
        return self._best(self._valid(mask))

    def best_many(self, masks: np.ndarray) -> np.ndarray:
        return np.array([self._best(m) for m in self._valid_array(masks)], dtype=np.int32)
