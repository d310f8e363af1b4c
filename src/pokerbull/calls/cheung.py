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
from functools import lru_cache
from itertools import combinations

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

_JOKERS = (1 << JOKER1_BIT) | (1 << JOKER2_BIT)
_RANK_COLUMN = tuple(sum(1 << (16 * s + r) for s in range(4)) for r in range(13))
_SUIT_LANE = tuple(0x1FFF << (16 * s) for s in range(4))
_LARGEST_FAILING: dict[tuple, tuple[int, int]] = {}


def _bits(mask: int) -> list[int]:
    return [b for b in range(64) if mask >> b & 1]


def _take(order: list[int], n: int) -> int:
    return sum(1 << b for b in order[:n])


def _fails(lad, index: int, masks: list[int]) -> int | None:
    """The first of `masks` where the call fails, or None."""
    if not masks:
        return None
    held = lad._kernel.holds_many_one(np.array(masks, dtype=np.uint64), index)
    for m, h in zip(masks, held):
        if not h:
            return m
    return None


def _seeds(call, deck: int, rng: np.random.Generator) -> list[list[int]]:
    """Card orders to grow failing pools from: shapes that starve a call."""
    cards = _bits(deck)
    naturals = [b for b in cards if not (1 << b) & _JOKERS]
    jokers = [b for b in cards if (1 << b) & _JOKERS]
    by_rank = sorted(naturals, key=lambda b: (b % 16, b // 16))
    by_suit = sorted(naturals, key=lambda b: (b // 16, b % 16))
    one_each = sorted(naturals, key=lambda b: (b // 16, b % 16))   # a suit at a time
    spread = sorted(naturals, key=lambda b: ((b // 16 + b % 16) % 4, b % 16))  # ranks across suits
    gaps = [b for r in (0, 1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 3, 8) for b in by_rank if b % 16 == r]
    orders = [by_rank, by_rank[::-1], by_suit, by_suit[::-1], one_each, spread, gaps]
    starve = 0
    for r in call.ranks:
        starve |= _RANK_COLUMN[r]
    if call.suit is not None:
        starve |= _SUIT_LANE[call.suit]
    if starve:
        orders.append([b for b in naturals if not (1 << b) & starve] +
                      [b for b in naturals if (1 << b) & starve])
    out = []
    for order in orders:
        out.append(order + jokers)
        out.append(jokers + order)
    for _ in range(12):
        out.append([int(b) for b in rng.permutation(cards)])
    return out


def largest_failing_pool(lad, call, deck: int) -> int:
    """A pool of more than five cards of `deck` where the call fails, as large as
    the search finds (0 when it finds none). Above five cards a pool that fails
    keeps failing when cards leave it (a hand of fewer cards has fewer choices),
    so every smaller pool of more than five of its cards fails too."""
    key = (lad.key, call.index, deck)
    found = _LARGEST_FAILING.get(key)
    if found is not None:
        return found[1]
    rng = np.random.default_rng(call.index)
    best = 0
    for order in _seeds(call, deck, rng):
        pool = _grow(lad, call.index, order, 0)
        if pool.bit_count() > best.bit_count() if best else pool.bit_count() > 5:
            best = pool
    # hill climbing: swap a card out and grow again
    for _ in range(8 if best else 0):
        out = _bits(best)
        drop = [int(b) for b in rng.choice(out, size=min(2, len(out)), replace=False)]
        start = best & ~sum(1 << b for b in drop)
        rest = [int(b) for b in rng.permutation(_bits(deck & ~start))]
        pool = _grow(lad, call.index, rest, start)
        if pool.bit_count() > best.bit_count():
            best = pool
    _LARGEST_FAILING[key] = (best.bit_count(), best)
    return best


def _grow(lad, index: int, order: list[int], start: int) -> int:
    """Add cards in `order` while the call keeps failing (pools above five cards)."""
    pool = start
    # the first six cards go in together: below six cards failing is not inherited
    while pool.bit_count() < 6 and order:
        pool |= 1 << order.pop(0)
    if pool.bit_count() < 6 or lad._kernel.holds(index, pool):
        return 0
    kernel = lad._kernel
    for b in order:
        trial = pool | 1 << b
        if trial != pool and not kernel.holds(index, trial):
            pool = trial
    return pool


def avoiding_pool(lad, call, n: int, deck: int | None = None) -> int | None:
    """A mask of `n` cards of the deck where `call` fails, or None when the search
    finds none (see :meth:`Ladder.certain`)."""
    deck = lad.allowed_mask if deck is None else deck
    size = deck.bit_count()
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= size:
        raise ValueError(f"n must be a number of cards 1..{size}, not {n!r}")
    n = int(n)
    index = call.index
    if n <= 5:
        return _small_avoiding(lad, index, n, deck)
    big = largest_failing_pool(lad, call, deck)
    if big and big.bit_count() >= n:
        return _take(_bits(big), n)
    return None


def _small_avoiding(lad, index: int, n: int, deck: int) -> int | None:
    """Pools of at most five cards: random ones first, then every pool of the
    deck in batches (exact)."""
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
    calls an opening may not make), cached per ladder, n and deck.

    Most calls are ruled out without a search: a pool with no card of a named
    rank (and no joker) cannot make a call that names the rank; likewise a
    named suit, and a pool without jokers fails every call that needs one."""
    deck = lad.allowed_mask if deck is None else deck
    key = (lad.key, n, deck)
    found = _CERTAIN.get(key)
    if found is not None:
        return found
    naturals = (deck & ~_JOKERS).bit_count()
    jokers = (deck & _JOKERS).bit_count()
    out = []
    for call in lad.calls:
        if call.ranks and n <= naturals - 4:
            continue
        if call.suit is not None and n <= naturals - 13:
            continue
        if (call.tier in ("min1", "min2") or call.category == "five_kind") and n <= naturals:
            continue
        if jokers == 0 and (call.tier in ("min1", "min2") or call.category == "five_kind"):
            continue
        if avoiding_pool(lad, call, n, deck) is None:
            out.append(call.index)
    found = _CERTAIN[key] = tuple(out)
    return found


def cheung_witness(lad, index: int, mask: int) -> int:
    """The hand that makes a holding call: min(5, N) cards of the pool (jokers
    included) that make it on their own. Above five cards a card the hand does
    not use can leave the pool with the call still holding; drop such cards,
    lowest first, until five remain."""
    holds = lad._kernel.holds
    pool = mask
    while pool.bit_count() > 5:
        for b in sorted(_bits(pool), key=lambda b: (b in (JOKER1_BIT, JOKER2_BIT), b % 16, b)):
            if holds(index, pool & ~(1 << b)):
                pool &= ~(1 << b)
                break
        else:  # pragma: no cover - a holding call always has a hand
            raise ValueError(f"no witness for call {index} in pool {mask:#x}")
    return pool
