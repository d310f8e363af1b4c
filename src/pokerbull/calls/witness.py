"""Which cards make a call: the witness shown when a challenged call is revealed.

Only called for a call that holds (``Ladder.witness`` checks first). It reads the
ladder's tables and checks hands with the ladder's kernel, never the Ladder itself
(the ladder imports this room, not the other way round). At-least
calls show the named cards found plus the wild cards standing in for the rest;
exact-hand calls show one min(5, N)-card hand of the pool that is exactly the call.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ..cards import iter_bits, rank_column
from .cheung import cheung_witness
from .spec import (
    AT_LEAST,
    CHEUNG,
    EXACT_FLUSH,
    EXACT_HIGH,
    EXACT_RANKS,
    EXACT_STRAIGHT,
    MAX_GROUPS,
    LadderTables,
)


def _top_cards(mask: int, k: int) -> int:
    """The `k` highest-ranked cards of `mask` (ties by suit, spades first)."""
    bits = sorted(iter_bits(mask), key=lambda b: (b % 16, b // 16), reverse=True)
    return sum(1 << b for b in bits[:max(k, 0)])


def _one_per_rank(mask: int, ranks: list[int]) -> int:
    """One card of each rank, the highest-suited one."""
    out = 0
    for r in ranks:
        out |= 1 << max(iter_bits(mask & rank_column(r)))
    return out


def _mixed_suits(mask: int, ranks: list[int]) -> int:
    """One card of each rank, not all of one suit; 0 when the pool has no such choice."""
    hand = _one_per_rank(mask, ranks)
    suits = {b // 16 for b in iter_bits(hand)}
    if len(suits) > 1:
        return hand
    (suit,) = suits
    for r in ranks:    # swap one rank's card for one of another suit
        other = mask & rank_column(r) & ~(0xFFFF << (16 * suit))
        if other:
            return (hand & ~rank_column(r)) | (other & -other)
    return 0


def _ranks_of(bits13: int) -> list[int]:
    return [r for r in range(13) if (bits13 >> r) & 1]


def witness(t: LadderTables, holds: Callable[[int, int], bool], c: int, mask: int) -> int:
    """The cards of pool `mask` that show call `c` of the ladder with tables `t`
    (``holds(c, mask)``: the ladder's kernel check)."""
    kind = int(t.kind[c])
    if kind == CHEUNG:
        return cheung_witness(holds, c, mask)
    if kind == AT_LEAST:
        wild = t.wild_mask
        out, missing = 0, 0
        for g in range(int(t.ngroups[c])):
            gmask = int(t.group_mask[c * MAX_GROUPS + g])
            count = int(t.group_count[c * MAX_GROUPS + g])
            found = _top_cards(mask & gmask, count)
            out |= found
            missing += count - found.bit_count()
        return out | _top_cards(mask & wild, missing)
    if mask.bit_count() < 5:
        return mask                         # the whole pool is the hand
    if kind == EXACT_RANKS:
        r1, r2 = int(t.rank1[c]), int(t.rank2[c])
        out = _top_cards(mask & rank_column(r1), int(t.count1[c]))
        if r2 >= 0:
            out |= _top_cards(mask & rank_column(r2), int(t.count2[c]))
        others = [r for r in range(12, -1, -1)
                  if r not in (r1, r2) and mask & rank_column(r)]
        return out | _one_per_rank(mask, others[:int(t.kick[c])])
    if kind == EXACT_STRAIGHT:
        from ..core._pure import STRAIGHT_BITS
        ranks = _ranks_of(STRAIGHT_BITS[int(t.rank1[c])])
        # choose suits so that not all five match: vary the first doubled rank
        for r in ranks:
            cards = list(iter_bits(mask & rank_column(r)))
            if len(cards) > 1:
                rest = _one_per_rank(mask, [x for x in ranks if x != r])
                rest_suits = {b // 16 for b in iter_bits(rest)}
                pick = next((b for b in cards if {b // 16} != rest_suits), cards[0])
                return rest | (1 << pick)
        return _one_per_rank(mask, ranks)
    # high card and flush: pick four lower ranks that make neither a straight
    # nor (for high card) a flush; at most C(12, 4) rank sets to look at.
    top, suit = int(t.rank1[c]), int(t.suit[c])
    if kind == EXACT_FLUSH:
        lane = (mask >> (16 * suit)) & 0x1FFF
        below = _ranks_of(lane & ((1 << top) - 1))
        for chosen in combinations(reversed(below), 4):
            hand = sum(1 << (16 * suit + r) for r in (top, *chosen))
            if holds(c, hand):
                return hand
    if kind == EXACT_HIGH:
        present = [r for r in range(top) if mask & rank_column(r)]
        for chosen in combinations(reversed(present), 4):
            hand = _mixed_suits(mask, [top, *chosen])
            if hand and holds(c, hand):
                return hand
    raise ValueError(f"no witness for call {c} in pool {mask:#x}")  # pragma: no cover
