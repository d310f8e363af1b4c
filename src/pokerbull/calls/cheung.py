"""The ``cheung`` call family (seed 001, RULES.md 2.4): real poker hands named as
far as the caller likes, jokers, a suit order and joker tiers.

>>> import pokerbull as pb
>>> lad = pb.ladder("cheung")
>>> len(lad)
61501
>>> c = lad.parse("three Queens, a Nine and a Four")
>>> c.code, lad.holds(c, "Qs Qh Qd 9c 4d 2s")
('trips:Q,9,4', True)
>>> lad.holds("three Queens and a Ten", "Qs Qh Qd 9c 4d 2s")
False
>>> str(lad.parse("flush:J,6,4:s"))
'a flush of spades with a Jack, a Six and a Four'
>>> lad.is_raise("flush:J,9,6,4:s", "flush:J,6,4:s")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from ..cards import (
    JOKER1_BIT,
    JOKER2_BIT,
    NATURAL_MASK,
    RANK_NAMES,
    RANK_PLURALS,
    RANKS,
    SUIT_NAMES,
    SUITS,
)
from ..core._pure_cheung import (
    CATEGORY_CODES,
    FIVE_KIND,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    STRAIGHT_SETS,
    TIER_ANY,
    TIER_CODES,
    TIER_MAX1,
    TIER_MIN1,
    TIER_MIN2,
    TIER_NAT,
    TRIPS,
    TWO_PAIR,
)
from .spec import CHEUNG, CallSpec, FamilyDefinition, register_family

SUIT_ORDERS = {"shcd": "dchs", "shdc": "cdhs"}      # option -> suits low to high
JOKER_ORDERS = ("natural", "wild")
ROYAL_OVER_FIVE = ("no", "natural", "any")
_STRAIGHT_SET_LIST = set(STRAIGHT_SETS)

# how many named ranks each category's other roles can take, and whether it has a suit
_PRIMARIES = {HIGH_CARD: 0, PAIR: 1, TWO_PAIR: 2, TRIPS: 1, STRAIGHT: 1, FLUSH: 0,
              FULL_HOUSE: 2, QUADS: 1, STRAIGHT_FLUSH: 1, ROYAL_FLUSH: 0, FIVE_KIND: 1}
_OTHERS = {HIGH_CARD: 5, PAIR: 3, TWO_PAIR: 1, TRIPS: 2, STRAIGHT: 0, FLUSH: 5,
           FULL_HOUSE: 0, QUADS: 1, STRAIGHT_FLUSH: 0, ROYAL_FLUSH: 0, FIVE_KIND: 0}
_SUITED = (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH)


def _check_option(name: str, value: object, allowed: tuple) -> None:
    if isinstance(value, bool) or value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"cheung: {name}={value!r} is not allowed; choose one of {shown}")


def tiers_for(jokers: int, joker_order: str) -> tuple[int, ...]:
    """The joker tiers of the ladder, lowest first."""
    if jokers == 0:
        return (TIER_ANY,)
    if joker_order == "natural":
        return (TIER_ANY, TIER_MAX1, TIER_NAT) if jokers == 2 else (TIER_ANY, TIER_NAT)
    return (TIER_ANY, TIER_MIN1, TIER_MIN2) if jokers == 2 else (TIER_ANY, TIER_MIN1)


@lru_cache(maxsize=1)
def base_calls() -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], int], ...]:
    """Every (category, primaries, other ranks high to low, suit or -1) some
    natural pool or jokers can make, before tiers."""
    out = []
    desc = list(range(12, -1, -1))

    def rank_sets(pool: list[int], most: int, exclude_straights: bool = False):
        for k in range(most + 1):
            for combo in combinations(pool, k):
                if exclude_straights and k == 5 and sum(1 << r for r in combo) in _STRAIGHT_SET_LIST:
                    continue
                yield combo

    for named in rank_sets(desc, 5, True):
        out.append((HIGH_CARD, (), named, -1))
    out.append((PAIR, (), (), -1))
    for p in desc:
        for named in rank_sets([r for r in desc if r != p], 3):
            out.append((PAIR, (p,), named, -1))
    out.append((TWO_PAIR, (), (), -1))
    for hi in desc:
        if hi == 0:
            continue
        out.append((TWO_PAIR, (hi,), (), -1))
        for lo in range(hi - 1, -1, -1):
            for named in rank_sets([r for r in desc if r not in (hi, lo)], 1):
                out.append((TWO_PAIR, (hi, lo), named, -1))
    out.append((TRIPS, (), (), -1))
    for t in desc:
        for named in rank_sets([r for r in desc if r != t], 2):
            out.append((TRIPS, (t,), named, -1))
    out.append((STRAIGHT, (), (), -1))
    for t in range(12, 2, -1):
        out.append((STRAIGHT, (t,), (), -1))
    for suit in (-1, 0, 1, 2, 3):
        for named in rank_sets(desc, 5, True):
            out.append((FLUSH, (), named, suit))
    out.append((FULL_HOUSE, (), (), -1))
    for t in desc:
        out.append((FULL_HOUSE, (t,), (), -1))
        for p in desc:
            if p != t:
                out.append((FULL_HOUSE, (t, p), (), -1))
    out.append((QUADS, (), (), -1))
    for r in desc:
        for named in rank_sets([x for x in desc if x != r], 1):
            out.append((QUADS, (r,), named, -1))
    for suit in (-1, 0, 1, 2, 3):
        out.append((STRAIGHT_FLUSH, (), (), suit))
        for t in range(11, 2, -1):
            out.append((STRAIGHT_FLUSH, (t,), (), suit))
        out.append((ROYAL_FLUSH, (), (), suit))
    return tuple(out)


def _list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _a(rank: int) -> str:
    return ("an " if RANK_NAMES[rank][0] in "AE" else "a ") + RANK_NAMES[rank]


# phrases by how many of the two primary ranks are named
_TWO_ROLES = {TWO_PAIR: ("two pair", "two pair, {0} up", "two pair, {0} and {1}"),
              FULL_HOUSE: ("a full house", "{0} full", "{0} full of {1}")}
_TIER_WORDS = {TIER_ANY: "", TIER_MAX1: ", at most one joker", TIER_NAT: ", natural",
               TIER_MIN1: ", with a joker", TIER_MIN2: ", with two jokers"}


@lru_cache(maxsize=None)
def phrase(cat: int, prims: tuple[int, ...], named: tuple[int, ...], suit: int, tier: int) -> str:
    """The call in words, e.g. 'three Queens, a Nine and a Four'."""
    kick = [_a(r) for r in named]
    of = f" of {SUIT_NAMES[suit]}" if suit >= 0 else ""
    if cat == HIGH_CARD:
        text = "a high card" + (" with " + _list(kick) if kick else "")
    elif cat in (PAIR, TRIPS):
        if not prims:
            text = "a pair" if cat == PAIR else "three of a kind"
        else:
            text = ("two " if cat == PAIR else "three ") + RANK_PLURALS[prims[0]]
            text += (" and " if len(kick) == 1 else ", ") + _list(kick) if kick else ""
    elif cat in _TWO_ROLES:
        text = _TWO_ROLES[cat][len(prims)].format(*(RANK_PLURALS[p] for p in prims))
        text += f" with {kick[0]}" if kick else ""
    elif cat == STRAIGHT:
        text = "a straight" + (f" to the {RANK_NAMES[prims[0]]}" if prims else "")
    elif cat == FLUSH:
        text = "a flush" + of + (" with " + _list(kick) if kick else "")
    elif cat == QUADS:
        if not prims:
            text = "four of a kind"
        else:
            text = f"four {RANK_PLURALS[prims[0]]}" + (f" with {kick[0]}" if kick else "")
    elif cat == STRAIGHT_FLUSH:
        text = "a straight flush" + (f" to the {RANK_NAMES[prims[0]]}" if prims else "") + of
    elif cat == ROYAL_FLUSH:
        text = "a royal flush" + of
    else:
        text = "five of a kind" if not prims else f"five {RANK_PLURALS[prims[0]]}"
    return text + _TIER_WORDS[tier]


@register_family("cheung")
def cheung(jokers: int = 2, suit_order: str = "shcd", joker_order: str = "natural",
           royal_over_five: str = "no") -> FamilyDefinition:
    """Seed 001's ladder (RULES.md 2.4): 20,491 / 40,996 / 61,501 calls with
    0 / 1 / 2 jokers in natural joker order."""
    _check_option("jokers", jokers, (0, 1, 2))
    _check_option("suit_order", suit_order, tuple(SUIT_ORDERS))
    _check_option("joker_order", joker_order, JOKER_ORDERS)
    _check_option("royal_over_five", royal_over_five, ROYAL_OVER_FIVE)
    jokers = int(jokers)
    suit_rank = {SUITS.index(ch): i + 1 for i, ch in enumerate(SUIT_ORDERS[suit_order])}
    suit_rank[-1] = 0
    tiers = tiers_for(jokers, joker_order)
    tier_rank = {t: i for i, t in enumerate(tiers)}
    entries = []
    for cat, prims, named, suit in base_calls():
        for tier in tiers:
            entries.append((cat, prims, named, suit, tier))
    if jokers:
        for tier in tiers:
            if tier == TIER_NAT:
                continue   # five of a kind always needs a joker
            entries.append((FIVE_KIND, (), (), -1, tier))
            entries += [(FIVE_KIND, (r,), (), -1, tier) for r in range(12, -1, -1)]

    def slot(cat: int, tier: int) -> int:
        if cat == ROYAL_FLUSH and jokers and (
                royal_over_five == "any" or (royal_over_five == "natural" and tier == TIER_NAT)):
            return 11
        return cat

    def key(e):
        cat, prims, named, suit, tier = e
        return (slot(cat, tier), prims + named, suit_rank[suit], tier_rank[tier])

    entries.sort(key=key)
    n = len(entries)
    cat_a = np.zeros(n, np.uint8)
    nprim_a = np.zeros(n, np.uint8)
    p1_a = np.full(n, -1, np.int8)
    p2_a = np.full(n, -1, np.int8)
    named_a = np.zeros(n, np.uint16)
    suit_a = np.full(n, -1, np.int8)
    tier_a = np.zeros(n, np.uint8)
    key_a = np.zeros(n, np.int64)
    specs = []
    for i, e in enumerate(entries):
        cat, prims, named, suit, tier = e
        k = key(e)
        specs.append(CallSpec(CATEGORY_CODES[cat], prims + named, None if suit < 0 else suit,
                              phrase(cat, prims, named, suit, tier), k, CHEUNG,
                              tier=TIER_CODES[tier]))
        cat_a[i], nprim_a[i], suit_a[i], tier_a[i] = cat, len(prims), suit, tier
        if prims:
            p1_a[i] = prims[0]
        if len(prims) > 1:
            p2_a[i] = prims[1]
        named_a[i] = sum(1 << r for r in named)
        key_a[i] = call_key(k[0], k[1], k[2], k[3])
    options = (("jokers", jokers), ("joker_order", joker_order),
               ("royal_over_five", royal_over_five), ("suit_order", suit_order))
    allowed = NATURAL_MASK | (((1 << JOKER1_BIT) if jokers >= 1 else 0)
                              | ((1 << JOKER2_BIT) if jokers >= 2 else 0))
    extra = (("cat", cat_a), ("nprim", nprim_a), ("p1", p1_a), ("p2", p2_a), ("named", named_a),
             ("suit", suit_a), ("tier", tier_a), ("key", key_a),
             ("suit_rank", np.array([suit_rank[s] for s in range(4)], np.int8)),
             ("tier_rank", np.array([tier_rank.get(t, -1) for t in range(5)], np.int8)),
             ("slot_royal", np.array([slot(ROYAL_FLUSH, t) for t in range(5)], np.int8)))
    return FamilyDefinition("cheung", tuple(specs), allowed_mask=allowed, options=options,
                            categories=CATEGORY_CODES[:10] + ((CATEGORY_CODES[10],) if jokers else ()),
                            kernel="CheungKernel", extra=extra, parser=parse_cheung)


def call_key(slot: int, ranks: tuple[int, ...], suit_rank: int, tier_rank: int) -> int:
    """The ladder order as one integer: slot, up to 5 ranks (+1, 0 = none), suit, tier."""
    k = slot
    for i in range(5):
        k = k * 16 + (ranks[i] + 1 if i < len(ranks) else 0)
    return (k * 8 + suit_rank) * 4 + tier_rank


# ---- the parser: the spellings a player types ---------------------------------------

_RANK_WORDS = {}
for _r in range(13):
    for _w in (RANK_NAMES[_r], RANK_PLURALS[_r], RANKS[_r]):
        _RANK_WORDS[_w.lower()] = _r
_RANK_WORDS.update({"10": 8, "10s": 8, "deuce": 0, "deuces": 0, "sixs": 4})
for _r in range(8):
    _RANK_WORDS[str(_r + 2)] = _r
    _RANK_WORDS[f"{_r + 2}s"] = _r
for _r, _ch in enumerate(RANKS):
    _RANK_WORDS.setdefault(_ch.lower() + "s", _r)
_PLURAL = {w for r in range(13) for w in (RANK_PLURALS[r].lower(), RANKS[r].lower() + "s")} | {
    "deuces", "10s", "sixs"} | {f"{r}s" for r in range(2, 10)}
_SUIT_WORDS = {"club": 0, "clubs": 0, "c": 0, "diamond": 1, "diamonds": 1, "d": 1,
               "heart": 2, "hearts": 2, "h": 2, "spade": 3, "spades": 3, "s": 3,
               "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}


def parse_cheung(text: str) -> str | None:
    """A canonical code for a phrase ('three Queens, a Nine and a Four',
    'pair of kings with an ace', 'flush of spades J 6 4', 'trips Q 9',
    'four queens with a king, natural'), or None when it names no call."""
    low = text.lower()
    tier = ""
    for pattern, code in ((r"\bat most (?:one|1) joker\b|\bmax(?:imum)?\s*1\b", "max1"),
                          (r"\b(?:two|2) jokers\b|\bmin\s*2\b", "min2"),
                          (r"\bno jokers?\b|\bwithout jokers?\b|\bnatural\b|\bnat\b", "nat"),
                          (r"\b(?:with )?(?:a|one|1) joker\b|\bwith jokers?\b|\bmin\s*1\b", "min1")):
        if re.search(pattern, low):
            tier = code
            low = re.sub(pattern, " ", low)
            break
    words = re.sub(r"[,;.!/()\-–—]|'s\b|’s\b", " ", low).split()
    cat = None
    joined = " ".join(words)
    for pattern, code in ((r"\broyal(?: flush)?\b", "royal_flush"), (r"\bstraight flush\b", "straight_flush"),
                          (r"\bfive of a kind\b|\bfive[- ]kind\b", "five_kind"),
                          (r"\bfour of a kind\b|\bquads?\b", "quads"),
                          (r"\bfull house\b|\bfull\b|\bboat\b", "full_house"),
                          (r"\bflush\b", "flush"), (r"\bstraight\b", "straight"),
                          (r"\bthree of a kind\b|\btrips\b|\bset\b", "trips"),
                          (r"\btwo pairs?\b|\b2 pairs?\b", "two_pair"),
                          (r"\bpair\b", "pair"), (r"\bhigh card\b|\bhigh\b", "high_card")):
        if re.search(pattern, joined):
            cat = code
            joined = re.sub(pattern, " ", joined)
            break
    words = joined.split()
    ranks: list[int] = []
    suit = -1
    to_rank = None
    count_word = None
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        prev = words[i - 1] if i else ""
        if w in _COUNT and (nxt in _PLURAL or nxt == "of") and count_word is None and not ranks \
                and prev not in ("to", "the", "a", "an", "with", "and"):
            count_word = _COUNT[w]
        elif w in _RANK_WORDS and not (w in ("a", "an")):
            if i > 0 and words[i - 1] == "to":
                to_rank = _RANK_WORDS[w]
            ranks.append(_RANK_WORDS[w])
        elif w in _SUIT_WORDS and w not in ("s", "c", "d", "h") or \
                (w in ("s", "c", "d", "h") and cat in ("flush", "straight_flush", "royal_flush")):
            if suit >= 0 and suit != _SUIT_WORDS[w]:
                return None
            suit = _SUIT_WORDS[w]
        elif w in ("a", "an", "the", "of", "and", "with", "to", "up", "over", "kind", "high",
                   "card", "kicker", "kickers", "cards", "plus", "a-", "in"):
            pass
        else:
            return None
        i += 1
    if cat is None:
        if count_word == 2:
            cat = "pair"
        elif count_word == 3:
            cat = "trips"
        elif count_word == 4:
            cat = "quads"
        elif count_word == 5:
            cat = "five_kind"
        else:
            return None
    n_prim = {"pair": 1, "two_pair": 2, "trips": 1, "straight": 1, "full_house": 2, "quads": 1,
              "straight_flush": 1, "five_kind": 1}.get(cat, 0)
    if len(set(ranks)) != len(ranks):
        return None
    if cat in ("straight", "straight_flush"):
        if to_rank is not None:
            ranks = [to_rank]
        elif len(ranks) > 1:
            return None
    prims = ranks[:n_prim]
    others = sorted(ranks[n_prim:], reverse=True)
    if cat == "two_pair":
        prims = sorted(prims, reverse=True)
    if cat in ("high_card", "flush"):
        others = sorted(ranks, reverse=True)
        prims = []
    code = f"{cat}:{','.join(RANKS[r] for r in prims + others)}"
    if suit >= 0 or tier:
        code += ":" + (SUITS[suit] if suit >= 0 else "")
    if tier:
        code += ":" + tier
    return code


# ---- certainty: does every n-card pool of the deck make the call? ----------------
#
# Exact for every call and every n (docs/cheung.md, "Certain calls"). A pool of
# five cards or more makes a call when some five of its cards (jokers included)
# make it on their own, so above four cards the pools where a call fails are
# closed under taking away cards (down to five): the call is certain for n cards
# exactly when n is above the size of the largest pool where it fails. That size
# is found by a search, by decreasing size, over a set of pools shown to hold a
# largest failing pool of each size (the category's "shapes"), with the kernel
# deciding every pool:
#
# - pair, two pair, trips, full house, quads, five of a kind: every hand of
#   these has two cards of a rank, so it is never a flush or a straight, and
#   whether a call holds depends on the rank counts alone (and the jokers).
#   Shapes: a count 0..4 per rank (the lowest suits), ranks that play the same
#   part in the call (the unnamed ranks, the named kickers) in falling counts.
# - high card, straight: five ranks, not all of one suit. Where a rank has two
#   cards or more, its other cards add no new hand; and pools whose single
#   cards are all of one suit make no more hands than any other. Shapes: each
#   rank absent, one club, or all four suits (3^13 pools).
# - flush, straight flush, royal flush: only the cards of the call's suit
#   count. Shapes: the other 39 cards and any set of the suit's 13 (a named
#   suit), or the same set of ranks in all four suits (no suit named: the four
#   suits fail or hold apart, so the largest failing pool takes the largest
#   failing set in each).
# Certificates spare the search for most calls: a call naming a rank fails on
# the 48 natural cards without that rank, one naming a suit on the 39 without
# it, and one that needs a joker on the 52 natural cards.

_JOKERS = (1 << JOKER1_BIT) | (1 << JOKER2_BIT)
_COLUMN = tuple(sum(1 << (16 * s) for s in range(c)) for c in range(5))  # c cards of rank 0
_ALL_SUITS = _COLUMN[4]
_LANE = 0x1FFF
_COUNT_CATEGORIES = (PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, FIVE_KIND)
_LANE_CATEGORIES = (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH)
_FAILING_SIZE: dict[tuple, int] = {}  # (ladder, call, deck) -> cards in its largest failing pool
_TWINS: dict[tuple, tuple] = {}      # symmetry key -> (a call, its largest failing pool)


def _bits(mask: int) -> list[int]:
    return [b for b in range(64) if mask >> b & 1]


def _take(order: list[int], n: int) -> int:
    return sum(1 << b for b in order[:n])


def _check_deck(lad, deck: int | None) -> int:
    """The deck as a mask: all 52 natural cards and some of the ladder's jokers."""
    if lad.name != "cheung":
        raise ValueError(f"certainty is decided for the cheung family (RULES.md 2.4), "
                         f"not for {lad.name}")
    if deck is None:
        return lad.allowed_mask
    deck = int(deck)
    if deck & NATURAL_MASK != NATURAL_MASK or deck & ~lad.allowed_mask:
        raise ValueError("certainty is decided for a deck of all 52 natural cards and "
                         f"some of the ladder's jokers, not for {deck:#x}")
    return deck


def _by_size(masks: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, dict[int, slice]]:
    order = np.argsort(-sizes, kind="stable")
    masks, sizes = masks[order], sizes[order]
    levels = {}
    neg = -sizes
    for s in np.unique(sizes):
        lo, hi = np.searchsorted(neg, -s, "left"), np.searchsorted(neg, -s, "right")
        levels[int(s)] = slice(int(lo), int(hi))
    return masks, levels


@lru_cache(maxsize=1)
def _lane_shapes() -> tuple[np.ndarray, dict[int, slice]]:
    """Every set of ranks of one suit, largest first."""
    sets = np.arange(1 << 13, dtype=np.uint64)
    sizes = np.array([int(x).bit_count() for x in range(1 << 13)])
    return _by_size(sets, sizes)


@lru_cache(maxsize=1)
def _three_state_shapes() -> tuple[np.ndarray, dict[int, slice]]:
    """Every pool whose ranks are each absent, one club or all four suits."""
    masks = np.zeros(1, np.uint64)
    sizes = np.zeros(1, np.int64)
    for r in range(13):
        masks = (masks[:, None] | np.array([0, 1 << r, _ALL_SUITS << r], np.uint64)).ravel()
        sizes = (sizes[:, None] + np.array([0, 1, 4])).ravel()
    return _by_size(masks, sizes)


@lru_cache(maxsize=None)
def _falling_counts(k: int) -> np.ndarray:
    """Every way to give k interchangeable ranks a count 0..4 each, counts falling."""
    rows = [tuple(reversed(c)) for c in combinations_with_replacement(range(5), k)]
    return np.array(rows, np.int8).reshape(len(rows), k)


@lru_cache(maxsize=None)
def _count_shapes(classes: tuple[int, ...]) -> tuple[np.ndarray, dict[int, slice]]:
    """Count profiles over classes of interchangeable ranks (sizes `classes`),
    one column per rank, largest pools first."""
    table = np.zeros((1, 0), np.int8)
    for k in classes:
        part = _falling_counts(k)
        table = np.concatenate([np.repeat(table, len(part), axis=0),
                                np.tile(part, (len(table), 1))], axis=1)
    sizes = table.sum(axis=1, dtype=np.int64)
    return _by_size(table, sizes)


def _rank_classes(cat: int, prims: tuple[int, ...], kickers: tuple[int, ...]) -> list[list[int]]:
    """Ranks that play the same part in a call of a count category."""
    named = set(prims) | set(kickers)
    rest = [r for r in range(13) if r not in named]
    classes = [[p] for p in prims] + ([list(kickers)] if kickers else [])
    if cat == TWO_PAIR and len(prims) == 1:
        # "Kings up": the other pair is lower than the King
        classes += [[r for r in rest if r < prims[0]], [r for r in rest if r > prims[0]]]
    else:
        classes.append(rest)
    return [c for c in classes if c]


def _shape_group(call) -> tuple:
    """Calls with the same group are searched over the same pools."""
    cat = CATEGORY_CODES.index(call.category)
    if cat in _COUNT_CATEGORIES:
        return _symmetry(call)
    if cat in _LANE_CATEGORIES:
        return ("lanes", call.suit)
    return ("ranks",)


def _shapes(call):
    """The natural parts of the pools to search for a call (the same for
    every call of its :func:`_shape_group`), as a function level(size) ->
    the masks of that many cards."""
    lad_cat = CATEGORY_CODES.index(call.category)
    if lad_cat in _COUNT_CATEGORIES:
        prims = call.ranks[:_PRIMARIES[lad_cat]]
        classes = _rank_classes(lad_cat, prims, call.ranks[len(prims):])
        ranks = np.array([r for c in classes for r in c], np.uint64)
        table, levels = _count_shapes(tuple(len(c) for c in classes))
        column = np.array(_COLUMN, np.uint64)

        def level(size: int) -> np.ndarray:
            part = table[levels[size]] if size in levels else table[:0]
            return np.bitwise_or.reduce(column[part] << ranks, axis=1) if len(part) else \
                np.zeros(0, np.uint64)
        return level
    if lad_cat in _LANE_CATEGORIES:
        sets, levels = _lane_shapes()
        if call.suit is None:
            def level(size: int) -> np.ndarray:
                if size % 4 or size // 4 not in levels:
                    return np.zeros(0, np.uint64)
                return sets[levels[size // 4]] * np.uint64(_ALL_SUITS)
            return level
        shift = np.uint64(16 * call.suit)
        others = np.uint64(NATURAL_MASK & ~(_LANE << 16 * call.suit))

        def level(size: int) -> np.ndarray:
            if size - 39 not in levels:
                return np.zeros(0, np.uint64)
            return (sets[levels[size - 39]] << shift) | others
        return level
    masks, levels = _three_state_shapes()

    def level(size: int) -> np.ndarray:
        return masks[levels[size]] if size in levels else masks[:0]
    return level


def _scan(lad, indices: list[int], level, jokers: list[int]) -> dict[int, int]:
    """The largest failing pool (0: none of five cards or more) of each call,
    over the pools `level` gives with 0..J jokers added, by falling size,
    checked for every call still open in batches: the first failing pool of
    a call in a batch is a largest one."""
    holds = lad._kernel.holds_many
    open_ = np.array(indices, np.int32)
    out: dict[int, int] = {}
    cache: dict[int, np.ndarray] = {}
    batch: list[np.ndarray] = []
    waiting, limit = 0, 4096
    for total in range(52 + len(jokers) - 1, 4, -1):
        for j, extra in enumerate(jokers):
            size = total - j
            if not 0 <= size <= 52:
                continue
            if size not in cache:
                cache[size] = level(size)
            if len(cache[size]):
                batch.append(cache[size] | np.uint64(extra))
                waiting += len(cache[size])
        if batch and (waiting * len(open_) >= limit or total == 5):
            masks = np.concatenate(batch)
            held = holds(np.repeat(masks, len(open_)), np.tile(open_, len(masks)))
            fails = ~held.reshape(len(masks), len(open_))
            done = fails.any(axis=0)
            first = fails.argmax(axis=0)
            for k in np.flatnonzero(done):
                out[int(open_[k])] = int(masks[first[k]])
            open_ = open_[~done]
            if not len(open_):
                break
            batch, waiting, limit = [], 0, min(4 * limit, 1 << 22)
    for c in open_.tolist():
        out[c] = 0
    return out


def _failing_sizes(lad, calls: list, deck: int) -> None:
    """Find the largest failing pool of each call (see
    :func:`largest_failing_pool`), one call of each symmetry class searched,
    and cache its size."""
    jokers = [0]
    for b in _bits(deck & _JOKERS):
        jokers.append(jokers[-1] | 1 << b)
    groups: dict[tuple, tuple] = {}
    for call in calls:
        key = (lad.key, call.index, deck)
        if key in _FAILING_SIZE:
            continue
        sym = (lad.key, deck, _symmetry(call))
        if sym in _TWINS:
            _FAILING_SIZE[key] = _TWINS[sym][1].bit_count()
            continue
        group = _shape_group(call)
        if group not in groups:
            groups[group] = (_shapes(call), {})
        groups[group][1].setdefault(sym, call)
    for level, firsts in groups.values():
        found = _scan(lad, [c.index for c in firsts.values()], level, jokers)
        for sym, call in firsts.items():
            _TWINS[sym] = (call, found[call.index])
    for call in calls:
        key = (lad.key, call.index, deck)
        if key not in _FAILING_SIZE:
            _FAILING_SIZE[key] = _TWINS[(lad.key, deck, _symmetry(call))][1].bit_count()


def largest_failing_pool(lad, call, deck: int | None = None) -> int:
    """The largest pool of five cards or more of `deck` (all natural cards and
    some of the ladder's jokers; default the ladder's deck) where `call` fails,
    as a mask, or 0 when it holds on every pool of five cards or more. Exact:
    see the notes above and docs/cheung.md."""
    deck = _check_deck(lad, deck)
    call = lad.call(call)
    _failing_sizes(lad, [call], deck)
    return _twin(lad, call, deck)


def _symmetry(call) -> tuple:
    """Calls with the same key differ by a relabelling of ranks (count
    categories: no straight can make them) or of suits (a named suit), which
    maps the pools where one fails onto the pools where the other fails."""
    cat = CATEGORY_CODES.index(call.category)
    if cat in _COUNT_CATEGORIES:
        prims = call.ranks[:_PRIMARIES[cat]]
        if cat == TWO_PAIR and len(prims) == 1:
            return ("count", call.category, call.tier, prims, ())
        return ("count", call.category, call.tier, len(prims), len(call.ranks) - len(prims))
    if cat in _LANE_CATEGORIES and call.suit is not None:
        return ("suit", call.category, call.tier, call.ranks)
    return ("call", call.index)


def _class_order(call) -> list[int]:
    cat = CATEGORY_CODES.index(call.category)
    prims = call.ranks[:_PRIMARIES[cat]]
    return [r for c in _rank_classes(cat, prims, call.ranks[len(prims):]) for r in c]


def _twin(lad, call, deck: int) -> int:
    """The largest failing pool of a call, relabelled from the one found for
    the searched call of its symmetry class."""
    other, pool = _TWINS[(lad.key, deck, _symmetry(call))]
    if not pool or other.index == call.index:
        return pool
    if other.suit is not None:
        a, b = other.suit, call.suit
        move = {s: s for s in range(4)} | {a: b, b: a}
        out = pool & _JOKERS
        for s in range(4):
            out |= ((pool >> (16 * s)) & _LANE) << (16 * move[s])
    else:
        to = dict(zip(_class_order(other), _class_order(call)))
        out = pool & _JOKERS
        for bit in _bits(pool & NATURAL_MASK):
            out |= 1 << (16 * (bit // 16) + to[bit % 16])
    if lad._kernel.holds(call.index, out):   # pragma: no cover - the symmetry is exact
        raise RuntimeError(f"{call.code}: the relabelled pool {out:#x} makes the call")
    return out


def max_avoiding_size(lad, call, deck: int | None = None) -> int:
    """The most cards a pool of `deck` can have (five or more) with `call`
    failing, or 4 when every pool of five cards or more makes it: above four
    cards the call is certain for n cards exactly when n exceeds this."""
    deck = _check_deck(lad, deck)
    call = lad.call(call)
    _failing_sizes(lad, [call], deck)
    return max(4, _FAILING_SIZE[(lad.key, call.index, deck)])


def _certificate(call) -> int:
    """A number of cards up to which the call fails on some pool, known without
    a search (0: none known): a pool of these cards, or any n of them, lacks
    what the call names."""
    if call.tier in ("min1", "min2") or call.category == "five_kind":
        return 52                  # the natural cards
    if call.ranks:
        return 48                  # the natural cards without one named rank
    if call.suit is not None:
        return 39                  # the natural cards without the named suit
    return 0


def _check_n(n: object, deck: int) -> int:
    size = deck.bit_count()
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= size:
        raise ValueError(f"n must be a number of cards 1..{size}, not {n!r}")
    return int(n)


def avoiding_pool(lad, call, n: int, deck: int | None = None) -> int | None:
    """A mask of `n` cards of the deck where `call` fails, or None when the call
    is certain for `n` cards (every `n`-card pool of the deck makes it)."""
    deck = _check_deck(lad, deck)
    n = _check_n(n, deck)
    if n <= 4:
        return _small_avoiding(lad, call.index, n, deck)
    if max_avoiding_size(lad, call, deck) < n:
        return None
    return _take(_bits(largest_failing_pool(lad, call, deck)), n)


def _fails(lad, index: int, masks: list[int]) -> int | None:
    """The first of `masks` where the call fails, or None."""
    if not masks:
        return None
    held = lad._kernel.holds_many_one(np.array(masks, dtype=np.uint64), index)
    for m, h in zip(masks, held):
        if not h:
            return m
    return None


def _small_avoiding(lad, index: int, n: int, deck: int) -> int | None:
    """Pools of at most four cards (each its own hand): random ones first, then
    every pool of the deck in batches (exact)."""
    cards = _bits(deck)
    rng = np.random.default_rng(index)
    picks = np.argsort(rng.random((4096, len(cards))), axis=1)[:, :n]
    table = np.array([1 << b for b in cards], dtype=np.uint64)
    found = _fails(lad, index, [int(m) for m in np.bitwise_or.reduce(table[picks], axis=1)])
    if found is not None:
        return found
    batch = []
    for combo in combinations(cards, n):
        batch.append(sum(1 << b for b in combo))
        if len(batch) == 65536:
            found = _fails(lad, index, batch)
            if found is not None:
                return found
            batch = []
    return _fails(lad, index, batch)


_CERTAIN: dict[tuple, tuple[int, ...]] = {}


def certain_calls(lad, n: int, deck: int | None = None) -> tuple[int, ...]:
    """Indices of the calls certain for every `n`-card pool of the deck (the
    calls an opening may not make), cached per ladder, n and deck. Exact; the
    search runs only for calls whose certificate (above) does not settle them."""
    deck = _check_deck(lad, deck)
    key = (lad.key, n, deck)
    found = _CERTAIN.get(key)
    if found is not None:
        return found
    _check_n(n, deck)
    todo = [call for call in lad.calls if n > _certificate(call)]
    if n > 4:
        _failing_sizes(lad, todo, deck)
        out = [c.index for c in todo if _FAILING_SIZE[(lad.key, c.index, deck)] < n]
    else:
        out = [c.index for c in todo if _small_avoiding(lad, c.index, n, deck) is None]
    found = _CERTAIN[key] = tuple(out)
    return found


def cheung_witness(holds: Callable[[int, int], bool], index: int, mask: int) -> int:
    """The hand that makes a holding call: min(5, N) cards of the pool (jokers
    included) that make it on their own. Above five cards a card the hand does
    not use can leave the pool with the call still holding; drop such cards,
    lowest first, until five remain. `holds`: the ladder's kernel check."""
    pool = mask
    while pool.bit_count() > 5:
        for b in sorted(_bits(pool), key=lambda b: (b in (JOKER1_BIT, JOKER2_BIT), b % 16, b)):
            if holds(index, pool & ~(1 << b)):
                pool &= ~(1 << b)
                break
        else:  # pragma: no cover - a holding call always has a hand
            raise ValueError(f"no witness for call {index} in pool {mask:#x}")
    return pool
