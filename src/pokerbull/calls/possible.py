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
import numpy.typing as npt

from ..cards import Pool
from .families import straight_ranks
from .ladder import Call, Ladder
from .spec import (
    AT_LEAST,
    EXACT_FLUSH,
    EXACT_HIGH,
    EXACT_RANKS,
    EXACT_STRAIGHT,
    MAX_GROUPS,
)

HAND = 5
"""Cards in a hand of an exact-hand family (a smaller pool is its own hand)."""


KNOWN = ("pagat", "pagat-wild", "holdem", "cheung")


def knows(lad: Ladder) -> bool:
    """Does :func:`can_hold` decide the calls of this ladder's family?"""
    return lad.name in KNOWN


def can_hold(lad: Ladder, call: Call | str | int, known: Pool | str | int = 0, *,
             unseen: int, deck: Pool | int | None = None) -> bool:
    """True when some draw of `unseen` cards beside the `known` cards makes `call` hold.

    `deck` (cheung only) is the deck the cards come from when it is not the
    ladder's: without the jokers once variation 5a has taken them out."""
    if not knows(lad):
        raise ValueError(f"can_hold knows the at-least and exact-hand requirements of "
                         f"{', '.join(KNOWN)}, not the {lad.name} family")
    deck_mask = _deck(lad, deck)
    c, mask = _checked(lad, call, known, unseen, deck_mask)
    if lad.name == "cheung":
        return _cheung_draw(lad, c, mask, unseen, deck_mask) is not None
    kind = int(lad.tables.kind[c])
    if kind == AT_LEAST:
        return _at_least_short(lad, c, mask) <= unseen
    if mask.bit_count() + unseen < HAND:
        return _small_pool_holds(lad, c, mask, unseen)
    return _cards_needed(lad, c, mask) <= unseen


def _deck(lad: Ladder, deck: Pool | int | None) -> int:
    if deck is None:
        return lad.allowed_mask
    mask = lad._mask(deck)
    if lad.name != "cheung" and mask != lad.allowed_mask:
        raise ValueError(f"deck= is for the cheung family (variation 5a), not {lad.name}")
    if mask & _NATURALS != _NATURALS:
        raise ValueError("the deck holds all 52 natural cards and some of the jokers")
    return mask


def _checked(lad: Ladder, call: Call | str | int, known: Pool | str | int,
             unseen: int, deck: int) -> tuple[int, int]:
    """The call's index and the known cards' mask, checked."""
    c = lad.call(call).index
    mask = lad._mask(known)
    if mask & ~deck:
        raise ValueError(f"known cards {Pool(mask & ~deck)} are not in this deck")
    left = (deck & ~mask).bit_count()
    if isinstance(unseen, bool) or not isinstance(unseen, (int, np.integer)) or \
            not 0 <= unseen <= left:
        raise ValueError(f"unseen must be between 0 and {left}, not {unseen!r}")
    return c, mask


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




# ---- cheung (RULES.md 2.4): real poker hands, kickers named "among", jokers ---------
#
# A pool of six cards or more makes a call when some five of its cards do, so a
# draw can only help: the call can hold when the cheapest hand of the call
# needs no more than `unseen` cards. A hand H of the call (five natural cards;
# five of a kind: the rank's naturals and a joker) shares some cards with the
# known ones; the rest must be drawn, or stood for by jokers in the hand. A
# drawn joker costs a card like the natural it stands for, so jokers are drawn
# only when the tier or five of a kind asks for them. The best H maximises the
# known cards it keeps: a count per category (pair: up to two of the rank, the
# named kickers present, more present ranks as kickers), a maximum over the
# rank sets of five (high card, flush: at most 1,287) or the ten straights
# otherwise, all closed form on the known cards' ranks and lanes. A pool of
# exactly five cards is the hand itself: every known natural card must belong
# to H and every joker of the pool stands in it. Below five cards (no straight
# or flush) every rank multiset of the draw is tried on the kernel.

_CHEUNG_JOKERS = {"": (0, 1, 2), "max1": (0, 1), "nat": (0,), "min1": (1, 2), "min2": (2,)}
_JOKER_BITS = ((1 << 13), (1 << 29))
_NATURALS = sum(0x1FFF << (16 * s) for s in range(4))
_POPCOUNT = np.array([bin(x).count("1") for x in range(1 << 13)], np.int8)


@lru_cache(maxsize=1)
def _rank_fives() -> tuple[np.ndarray, np.ndarray]:
    """Every set of five ranks (bit masks) and whether it is a straight."""
    sets = np.array([sum(1 << r for r in c) for c in combinations(range(13), 5)], np.int64)
    straights = {0x100F} | {0x1F << lo for lo in range(9)}
    return sets, np.isin(sets, list(straights))


def _windows(call: Call) -> list[int]:
    if call.category == "royal_flush":
        return [0x1F << 8]
    tops = [call.ranks[0]] if call.ranks else list(range(3, 13))
    return [0x100F if t == 3 else 0x1F << (t - 4) for t in tops]


def _rank_sets(call: Call) -> npt.NDArray[np.int64]:
    """The sets of five ranks a hand of a high card, flush or straight call may
    have: no straight and holding the named ranks, or the straights named."""
    if call.category in ("high_card", "flush"):
        return _named_fives(sum(1 << r for r in call.ranks))
    return np.array(_windows(call), np.int64)


@lru_cache(maxsize=4096)
def _named_fives(named: int) -> npt.NDArray[np.int64]:
    sets, straight = _rank_fives()
    fives: npt.NDArray[np.int64] = sets[~straight & ((sets & named) == named)]
    return fives


def primary_choices(cat: str, prims: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The primary ranks a hand of a rank-count call may have (pair, trips,
    quads, five of a kind: one; two pair, full house: two) given those named."""
    wanted = 2 if cat in ("two_pair", "full_house") else 1
    if len(prims) == wanted:
        return [prims]
    if wanted == 1:
        return [(r,) for r in range(13)]
    if cat == "two_pair":             # "Kings up": the other pair is lower
        return [(h, lo) for h in ((prims[0],) if prims else range(13)) for lo in range(h)]
    return [(t, p) for t in ((prims[0],) if prims else range(13)) for p in range(13) if p != t]


def _cards_of(rank: int, k: int, known: int) -> int:
    """k cards of a rank, the known ones first."""
    bits = sorted((16 * s + rank for s in range(4)), key=lambda b: not known >> b & 1)
    return sum(1 << b for b in bits[:k])


def _cheung_best_hand(call: Call, known: int) -> tuple[int, int]:
    """(known natural cards kept, the hand's natural cards) for the hand of the
    call that keeps the most known cards."""
    lanes = [(known >> (16 * s)) & 0x1FFF for s in range(4)]
    counts = [(lanes[0] >> r & 1) + (lanes[1] >> r & 1) + (lanes[2] >> r & 1) + (lanes[3] >> r & 1)
              for r in range(13)]
    present = lanes[0] | lanes[1] | lanes[2] | lanes[3]
    cat, ranks = call.category, call.ranks
    if cat in ("pair", "trips", "quads", "two_pair", "full_house"):
        return _cheung_counted(cat, ranks, counts, known)
    if cat == "five_kind":
        r = ranks[0] if ranks else max(range(13), key=lambda x: (counts[x], x))
        return counts[r], _cards_of(r, 4, known)
    sets = _rank_sets(call)
    if cat in ("flush", "straight_flush", "royal_flush"):
        best, hand = -1, 0
        for s in ([call.suit] if call.suit is not None else range(4)):
            kept = _POPCOUNT[sets & lanes[s]]
            i = int(np.argmax(kept))
            if kept[i] > best:
                best, hand = int(kept[i]), int(sets[i]) << (16 * s)
        return best, hand
    # high card, straight: five ranks, not all of one suit
    kept = _POPCOUNT[sets & present]
    single = [sum(1 << r for r in range(13) if counts[r] == 1 and lanes[s] >> r & 1)
              for s in range(4)]
    one_suit = np.zeros(len(sets), bool)
    for s in range(4):
        one_suit |= (sets & single[s]) == sets
    full = kept == 5
    if full.any() and not (full & ~one_suit).any():
        kept = np.where(full, 4, kept)          # five known singles of one suit: a flush
    i = int(np.argmax(kept + (kept == 5) * ~one_suit))
    chosen = int(sets[i])
    hand, suits = 0, set()
    for r in range(13):
        if chosen >> r & 1 and present >> r & 1:
            card = _cards_of(r, 1, known)
            hand |= card
            suits.add(card.bit_length() - 1 >> 4)
    if int(kept[i]) == 5 and len(suits) == 1:
        # not a flush: a rank with a second known card shows another suit
        r = next(r for r in range(13) if chosen >> r & 1 and counts[r] >= 2)
        (s,) = suits
        other = next(t for t in range(4) if t != s and known >> (16 * t + r) & 1)
        hand = hand & ~(1 << (16 * s + r)) | 1 << (16 * other + r)
        return 5, hand
    if int(kept[i]) == 4 and len(suits) == 1 and bin(hand).count("1") == 5:
        # the one-suit case: trade the lowest known card for another suit of its rank
        low = (hand & -hand).bit_length() - 1
        hand &= ~(1 << low)
        suits_left = [s for s in range(4) if s not in suits]
        hand |= 1 << (16 * suits_left[0] + low % 16)
        return 4, hand
    # drawn cards take a suit the known ones do not all have (one of them
    # another suit still, when no known card is in the hand)
    suit = 1 if suits == {0} else 0
    for r in range(13):
        if chosen >> r & 1 and not present >> r & 1:
            hand |= 1 << (16 * suit + r)
            if not suits:
                suits, suit = {suit}, suit + 1
    return int(kept[i]), hand


def _cheung_counted(cat: str, ranks: tuple[int, ...], counts: list[int], known: int
                    ) -> tuple[int, int]:
    """The best hand of a pair, trips, quads, two pair or full house call."""
    want = {"pair": (2,), "trips": (3,), "quads": (4,), "two_pair": (2, 2),
            "full_house": (3, 2)}[cat]
    n_prims = len(want)
    prims, named = ranks[:n_prims], ranks[n_prims:]
    spare = 5 - sum(want)                  # kickers in the hand
    choices = primary_choices(cat, prims)
    best, hand = -1, 0
    for prim in choices:
        if len(set(prim) | set(named)) != len(prim) + len(named):
            continue
        kept = sum(min(counts[r], w) for r, w in zip(prim, want))
        kept += sum(1 for r in named if counts[r])
        free = [r for r in range(12, -1, -1) if r not in prim and r not in named]
        free.sort(key=lambda r: not counts[r])
        extra = free[:spare - len(named)]
        kept += sum(1 for r in extra if counts[r])
        if kept > best:
            best = kept
            hand = 0
            for r, w in zip(prim, want):
                hand |= _cards_of(r, w, known)
            for r in (*named, *extra):
                hand |= _cards_of(r, 1, known)
    return best, hand


def _cheung_draw(lad: Ladder, c: int, mask: int, unseen: int, deck: int) -> int | None:
    """A pool of the known cards and `unseen` more cards of the deck where call
    `c` holds, or None when no draw makes it hold."""
    call = lad[c]
    natural = mask & _NATURALS
    known_jokers = sum(1 for b in _JOKER_BITS if mask & b)
    jokers_left = [b for b in _JOKER_BITS if deck & b and not mask & b]
    size = mask.bit_count() + unseen
    if size < HAND:
        for y in range(min(len(jokers_left), unseen) + 1):
            pools = _small_pools(lad, mask | sum(jokers_left[:y]), unseen - y)
            if len(pools):
                held = lad.holds_many(pools, c)
                if held.any():
                    return int(pools[int(np.argmax(held))])
        return None
    kept, hand = _cheung_best_hand(call, natural)
    missing = hand & ~natural
    need = (5 if call.category == "five_kind" else HAND) - kept
    tiers = _CHEUNG_JOKERS[call.tier]
    if call.category == "five_kind":
        tiers = tuple(t for t in tiers if t >= 1)
    for used in tiers:
        drawn_jokers = max(0, used - known_jokers)
        if drawn_jokers > len(jokers_left):
            continue
        if size == HAND:      # the pool is the hand: all known naturals in it, every joker used
            if kept != natural.bit_count() or used > need or \
                    used - known_jokers < 0 or need - used + drawn_jokers != unseen:
                continue
        drawn = max(0, need - used)
        if drawn + drawn_jokers > unseen:
            continue
        pool = mask | sum(jokers_left[:drawn_jokers])
        for b in range(64):
            if drawn == 0:
                break
            if missing >> b & 1:
                pool |= 1 << b
                drawn -= 1
        short = size - pool.bit_count()        # the rest of the draw: any cards,
        rest = deck & ~pool & _NATURALS          # natural ones first
        while short and rest:
            low = rest & -rest
            pool, rest, short = pool | low, rest & ~low, short - 1
        for b in jokers_left:
            if short and not pool & b:
                pool, short = pool | b, short - 1
        return pool
    return None


def holding_draw(lad: Ladder, call: Call | str | int, known: Pool | str | int = 0, *,
                 unseen: int, deck: Pool | int | None = None) -> Pool | None:
    """For a cheung call: a pool of the known cards and `unseen` more cards of the
    deck where the call holds (a witness for :func:`can_hold`), or None."""
    if lad.name != "cheung":
        raise ValueError(f"holding_draw knows the cheung family, not {lad.name}")
    deck_mask = _deck(lad, deck)
    c, mask = _checked(lad, call, known, unseen, deck_mask)
    pool = _cheung_draw(lad, c, mask, unseen, deck_mask)
    return None if pool is None else Pool(pool)


__all__ = ["can_hold", "holding_draw", "impossible_pool_sizes", "primary_choices"]
