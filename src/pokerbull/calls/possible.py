"""Whether a call can still hold: some draw of the unseen cards makes it hold.

A seat that knows some cards of the pool and how many more are unseen can
rule calls out for certain: ``three Aces`` with two unseen cards and no Ace
known, or (``holdem``) ``High Card, 5`` on any pool of five cards or more
(five distinct ranks topped by a Five do not exist without a straight). This
is the exact test, by counting for at-least calls and by the fewest cards a
hand of the call still needs for exact-hand calls; bots and :func:`odds`
use it so that an impossible call is an exact 0, never an estimate.

>>> import pokerbull as pb
>>> can_hold(pb.ladder("holdem"), "high_card:5", "8h 7s 7h 4c", unseen=8)
False
>>> can_hold(pb.ladder("holdem"), "high_card:8", "8h 7s 7h 4c", unseen=8)
True
>>> can_hold(pb.ladder("pagat"), "three Aces", "As Kd", unseen=1)
False
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from ..cards import Pool
from .families import straight_ranks
from .ladder import Call, Ladder
from .spec import AT_LEAST, EXACT_FLUSH, EXACT_HIGH, EXACT_RANKS, EXACT_STRAIGHT, MAX_GROUPS

HAND = 5
"""Cards in a hand of an exact-hand family (a smaller pool is its own hand)."""


def can_hold(lad: Ladder, call: Call | str | int, known: Pool | str | int = 0, *,
             unseen: int) -> bool:
    """True when some draw of `unseen` cards beside the `known` cards makes `call` hold."""
    c = lad.call(call).index
    if isinstance(known, str):
        known = Pool.parse(known)
    mask = known.mask if isinstance(known, Pool) else int(known)
    left = (lad.allowed_mask & ~mask).bit_count()
    if not 0 <= unseen <= left:
        raise ValueError(f"unseen must be between 0 and {left}, not {unseen}")
    kind = int(lad.tables.kind[c])
    if kind == AT_LEAST:
        return _at_least_short(lad, c, mask) <= unseen
    if mask.bit_count() + unseen < HAND:
        return _small_pool_holds(lad, c, mask, unseen)
    return _cards_needed(lad, c, mask) <= unseen


def _at_least_short(lad: Ladder, c: int, mask: int) -> int:
    """Unseen cards an at-least call still needs at the least (wild cards stand in)."""
    t = lad.tables
    wild = lad.wild_mask & lad.allowed_mask
    remaining = lad.allowed_mask & ~mask
    short = 0
    fixed = 0
    base = c * MAX_GROUPS
    for g in range(int(t.ngroups[c])):
        group, count = int(t.group_mask[base + g]), int(t.group_count[base + g])
        need = max(0, count - (mask & group).bit_count())
        here = min(need, (remaining & group).bit_count())
        short += here
        fixed += need - here
    # known wild cards cover shortfall first; what is left must come from
    # unseen natural cards or unseen wild cards
    cover = min(short + fixed, (mask & wild).bit_count())
    fixed_left = max(0, fixed - cover)
    if fixed_left > (remaining & wild).bit_count():
        return 1 << 20
    return short + fixed - cover


@lru_cache(maxsize=4096)
def _hands(lad: Ladder, c: int) -> tuple[np.ndarray, int, bool]:
    """The rank counts of every five-card hand that is exactly call `c`
    (rows of 13), the suit they must be of (-1: any) and whether the five
    cards must not all be of one suit."""
    t = lad.tables
    kind = int(t.kind[c])
    r1 = int(t.rank1[c])
    rows: list[list[int]] = []
    suit = -1
    mixed = kind in (EXACT_HIGH, EXACT_STRAIGHT)

    def add(ranks: dict[int, int]) -> None:
        row = [0] * 13
        for r, k in ranks.items():
            row[r] = k
        rows.append(row)

    if kind == EXACT_RANKS:
        named = {r1: int(t.count1[c])}
        if int(t.rank2[c]) >= 0:
            named[int(t.rank2[c])] = int(t.count2[c])
        others = [r for r in range(13) if r not in named]
        for kickers in combinations(others, int(t.kick[c])):
            add({**named, **dict.fromkeys(kickers, 1)})
    elif kind == EXACT_STRAIGHT:
        add(dict.fromkeys(straight_ranks(r1), 1))
    elif kind in (EXACT_HIGH, EXACT_FLUSH):
        if kind == EXACT_FLUSH:
            suit = int(t.suit[c])
        for lower in combinations(range(r1), HAND - 1):
            ranks = (*lower, r1)
            if not _is_straight(ranks):
                add(dict.fromkeys(ranks, 1))
    else:
        raise ValueError(f"{lad[c].code}: unknown requirement kind {kind}")
    return np.array(rows, np.int8).reshape(-1, 13), suit, mixed


def _is_straight(ranks: tuple[int, ...]) -> bool:
    s = sorted(ranks)
    return s == list(range(s[0], s[0] + HAND)) or s == [0, 1, 2, 3, 12]


def _cards_needed(lad: Ladder, c: int, mask: int) -> int:
    """Fewest unseen cards a five-card hand of exactly call `c` still needs."""
    hands, suit, mixed = _hands(lad, c)
    if not len(hands):
        return 1 << 20
    lanes = [(mask >> (16 * s)) & 0x1FFF for s in range(4)]
    if suit >= 0:
        counts = np.array([(lanes[suit] >> r) & 1 for r in range(13)], np.int8)
    else:
        counts = np.array([sum((lane >> r) & 1 for lane in lanes) for r in range(13)], np.int8)
    overlap = np.minimum(hands, counts).sum(axis=1)
    best = int(overlap.max())
    if best == HAND and mixed:
        # five known cards of five ranks: a single suit among them would be a flush
        full = hands[overlap == HAND]
        if all(_forced_one_suit(row, mask) for row in full):
            best -= 1
    return HAND - best


def _forced_one_suit(row: np.ndarray, mask: int) -> bool:
    suits = set()
    for r in np.flatnonzero(row):
        held = [s for s in range(4) if (mask >> (16 * s + int(r))) & 1]
        if len(held) != 1:
            return False
        suits.add(held[0])
    return len(suits) == 1


def _small_pool_holds(lad: Ladder, c: int, mask: int, unseen: int) -> bool:
    """A pool under five cards is its own hand: try every rank multiset of the draw
    (with suits free, no hand under five cards is a straight or a flush)."""
    pools = _small_pools(lad, mask, unseen)
    return bool(len(pools)) and bool(lad.holds_many(pools, c).any())


@lru_cache(maxsize=256)
def _small_pools(lad: Ladder, mask: int, unseen: int) -> np.ndarray:
    """One pool per rank multiset of `unseen` drawn cards beside `mask`."""
    free = [[s for s in range(4) if not (mask >> (16 * s + r)) & 1 and
             (lad.allowed_mask >> (16 * s + r)) & 1] for r in range(13)]
    pools = []
    for ranks in combinations_with_replacement(range(13), unseen):
        pool = mask
        used: dict[int, int] = {}
        for r in ranks:
            k = used.get(r, 0)
            if k >= len(free[r]):
                break
            pool |= 1 << (16 * free[r][k] + r)
            used[r] = k + 1
        else:
            pools.append(pool)
    return np.array(pools, np.uint64)


def impossible_pool_sizes(lad: Ladder, c: int) -> int:
    """Bit N set when call `c` can hold on no pool of N cards (nothing known)."""
    deck = lad.allowed_mask.bit_count()
    out = 0
    for n in range(deck + 1):
        if n > HAND and not out >> HAND & 1:
            break
        if not can_hold(lad, c, 0, unseen=n):
            out |= 1 << n
    if out >> HAND & 1:     # a call no five cards make: no larger pool makes it
        out |= ((1 << (deck + 1)) - 1) & ~((1 << HAND) - 1)
    return out


__all__ = ["can_hold", "impossible_pool_sizes"]
