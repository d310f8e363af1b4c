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

import hashlib
import re
import zipfile
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any, Protocol, TypeVar, overload

import numpy as np
import numpy.typing as npt

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
from .spec import (
    CHEUNG,
    MAX_GROUPS,
    CallSpec,
    FamilyDefinition,
    LadderTables,
    register_family,
)

SUIT_ORDERS = {"shcd": "dchs", "shdc": "cdhs"}      # option -> suits low to high
JOKER_ORDERS = ("natural", "wild")
ROYAL_OVER_FIVE = ("no", "natural", "any")

# how many named ranks each category's other roles can take, and whether it has a suit
_PRIMARIES = {HIGH_CARD: 0, PAIR: 1, TWO_PAIR: 2, TRIPS: 1, STRAIGHT: 1, FLUSH: 0,
              FULL_HOUSE: 2, QUADS: 1, STRAIGHT_FLUSH: 1, ROYAL_FLUSH: 0, FIVE_KIND: 1}
_OTHERS = {HIGH_CARD: 5, PAIR: 3, TWO_PAIR: 1, TRIPS: 2, STRAIGHT: 0, FLUSH: 5,
           FULL_HOUSE: 0, QUADS: 1, STRAIGHT_FLUSH: 0, ROYAL_FLUSH: 0, FIVE_KIND: 0}
_SUITED = (FLUSH, STRAIGHT_FLUSH, ROYAL_FLUSH)


def _check_option(name: str, value: object, allowed: tuple[object, ...]) -> None:
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


_POPCOUNT13 = np.array([bin(v).count("1") for v in range(1 << 13)], np.int64)

_Ints = npt.NDArray[np.integer[Any]]
"""An array of whole numbers (the ladder's arrays each have their own width)."""
_Masks = npt.NDArray[np.uint64]
_Level = Callable[[int], _Masks]
"""The pools of one size to search, as masks: a call's shapes (:func:`_shapes`)."""


def _rank_digits(sets: npt.NDArray[np.int64], skip: int) -> npt.NDArray[np.int64]:
    """The order-key digits of rank sets, highest rank first (rank + 1 each, four
    bits, from the digit `skip` places down: primaries come first)."""
    out = np.zeros(len(sets), np.int64)
    pos = np.full(len(sets), skip, np.int64)
    for r in range(12, -1, -1):
        has = (sets >> r) & 1
        shift = np.maximum(16 - 4 * pos, 0)
        out |= np.where(has.astype(bool), np.left_shift(np.int64(r + 1), shift), 0)
        pos += has
    return out


@lru_cache(maxsize=1)
def _base_arrays() -> dict[str, _Ints]:
    """Every (category, primaries, other ranks, suit) some natural pool or jokers can
    make, before tiers, as flat arrays: category, primaries, other ranks (a 13-bit
    set), suit, and the ranks part of the order key (five 4-bit digits, rank + 1,
    0 = none). Built with array operations (no loop over calls)."""
    sets = np.arange(1 << 13, dtype=np.int64)
    size = _POPCOUNT13
    straight = np.isin(sets, np.array(STRAIGHT_SETS, np.int64))
    parts: list[tuple[_Ints, ...]] = []

    def add(cat: int, p1: int, p2: int, named: int | npt.NDArray[np.int64],
            suit: int = -1) -> None:
        sets = np.asarray(named, np.int64).reshape(-1)
        n = len(sets)
        parts.append((np.full(n, cat), np.full(n, p1), np.full(n, p2), sets, np.full(n, suit)))

    kickers = sets[(size <= 5) & ~straight]          # high card and flush ranks
    add(HIGH_CARD, -1, -1, kickers)
    add(PAIR, -1, -1, 0)
    for p in range(13):
        add(PAIR, p, -1, sets[(size <= 3) & ((sets >> p) & 1 == 0)])
    add(TWO_PAIR, -1, -1, 0)
    for hi in range(1, 13):
        add(TWO_PAIR, hi, -1, 0)
        for lo in range(hi):
            add(TWO_PAIR, hi, lo, sets[(size <= 1) & (sets & ((1 << hi) | (1 << lo)) == 0)])
    add(TRIPS, -1, -1, 0)
    for t in range(13):
        add(TRIPS, t, -1, sets[(size <= 2) & ((sets >> t) & 1 == 0)])
    add(STRAIGHT, -1, -1, 0)
    for t in range(3, 13):
        add(STRAIGHT, t, -1, 0)
    for s in range(-1, 4):
        add(FLUSH, -1, -1, kickers, s)
    add(FULL_HOUSE, -1, -1, 0)
    for t in range(13):
        add(FULL_HOUSE, t, -1, 0)
        for p in range(13):
            if p != t:
                add(FULL_HOUSE, t, p, 0)
    add(QUADS, -1, -1, 0)
    for r in range(13):
        add(QUADS, r, -1, sets[(size <= 1) & ((sets >> r) & 1 == 0)])
    for s in range(-1, 4):
        add(STRAIGHT_FLUSH, -1, -1, 0, s)
        for t in range(3, 12):
            add(STRAIGHT_FLUSH, t, -1, 0, s)
        add(ROYAL_FLUSH, -1, -1, 0, s)
    add(FIVE_KIND, -1, -1, 0)
    for r in range(13):
        add(FIVE_KIND, r, -1, 0)
    cat, p1, p2, named, suit = (np.concatenate(col) for col in zip(*parts))
    nprim = (p1 >= 0).astype(np.int64) + (p2 >= 0)
    digits = np.where(p1 >= 0, (p1 + 1) << 16, 0) | np.where(p2 >= 0, (p2 + 1) << 12, 0) \
        | _rank_digits(named, 0) >> (4 * nprim)
    return {"cat": cat.astype(np.uint8), "nprim": nprim.astype(np.uint8),
            "p1": p1.astype(np.int8), "p2": p2.astype(np.int8), "named": named.astype(np.uint16),
            "suit": suit.astype(np.int8), "digits": digits}


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


class CheungSpecs(Sequence[CallSpec]):
    """The CallSpec of each call of a Cheung ladder, made when asked for (the
    ladder's arrays say everything; 61,501 specs up front cost 60 MiB)."""

    def __init__(self, x: dict[str, _Ints], slot_royal: _Ints,
                 suit_rank: _Ints, tier_rank: _Ints) -> None:
        self._cat, self._p1, self._p2 = x["cat"], x["p1"], x["p2"]
        self._named, self._suit, self._tier = x["named"], x["suit"], x["tier"]
        self._slot_royal, self._suit_rank, self._tier_rank = slot_royal, suit_rank, tier_rank

    def __len__(self) -> int:
        return len(self._cat)

    @overload
    def __getitem__(self, index: int) -> CallSpec: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[CallSpec, ...]: ...

    def __getitem__(self, index: int | slice) -> CallSpec | tuple[CallSpec, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        i = range(len(self))[index]
        cat, suit, tier = int(self._cat[i]), int(self._suit[i]), int(self._tier[i])
        prims = tuple(int(p) for p in (self._p1[i], self._p2[i]) if p >= 0)
        named = tuple(r for r in range(12, -1, -1) if int(self._named[i]) >> r & 1)
        slot = int(self._slot_royal[tier]) if cat == ROYAL_FLUSH else cat
        key = (slot, prims + named, int(self._suit_rank[suit]) if suit >= 0 else 0,
               int(self._tier_rank[tier]))
        return CallSpec(CATEGORY_CODES[cat], prims + named, None if suit < 0 else suit,
                        phrase(cat, prims, named, suit, tier), key, CHEUNG,
                        tier=TIER_CODES[tier])


@register_family("cheung")
def cheung(jokers: int = 2, suit_order: str = "shcd", joker_order: str = "natural",
           royal_over_five: str = "no") -> FamilyDefinition:
    """Seed 001's ladder (RULES.md 2.4): 20,491 / 40,996 / 61,501 calls with
    0 / 1 / 2 jokers in natural joker order. Built from flat arrays, sorted by one
    integer key per call; the specs, the Calls and their phrases are made only
    when asked for."""
    _check_option("jokers", jokers, (0, 1, 2))
    _check_option("suit_order", suit_order, tuple(SUIT_ORDERS))
    _check_option("joker_order", joker_order, JOKER_ORDERS)
    _check_option("royal_over_five", royal_over_five, ROYAL_OVER_FIVE)
    return _cheung_definition(int(jokers), suit_order, joker_order, royal_over_five)


@lru_cache(maxsize=None)
def _cheung_definition(jokers: int, suit_order: str, joker_order: str,
                       royal_over_five: str) -> FamilyDefinition:
    suit_rank = np.zeros(4, np.int8)
    for i, ch in enumerate(SUIT_ORDERS[suit_order]):
        suit_rank[SUITS.index(ch)] = i + 1
    tiers = tiers_for(jokers, joker_order)
    tier_rank = np.full(5, -1, np.int8)
    tier_rank[list(tiers)] = np.arange(len(tiers))
    slot_royal = np.array([11 if jokers and (royal_over_five == "any" or (
        royal_over_five == "natural" and t == TIER_NAT)) else ROYAL_FLUSH for t in range(5)],
        np.int8)
    base = _base_arrays()
    five = base["cat"] == FIVE_KIND
    rows, tier_of = [], []
    for t in tiers:                      # five of a kind always needs a joker
        keep = ~five if not jokers or t == TIER_NAT else np.ones(len(five), bool)
        rows.append(np.flatnonzero(keep))
        tier_of.append(np.full(len(rows[-1]), t, np.uint8))
    row = np.concatenate(rows)
    tier = np.concatenate(tier_of)
    cat = base["cat"][row]
    slot = np.where(cat == ROYAL_FLUSH, slot_royal[tier], cat).astype(np.int64)
    suit = base["suit"][row]
    key = (((slot << 20) | base["digits"][row]) * 8 + np.where(suit >= 0, suit_rank[suit], 0)) \
        * 4 + tier_rank[tier]
    order = np.argsort(key, kind="stable")
    row, tier, key = row[order], tier[order], key[order]
    x = {name: base[name][row] for name in ("cat", "nprim", "p1", "p2", "named", "suit")}
    x["tier"] = tier
    x["key"] = key
    x["base"] = row.astype(np.int32)           # the call's row of the certain-call table
    if np.any(key[1:] == key[:-1]):       # pragma: no cover - the key orders every call
        raise RuntimeError("cheung: two calls share an order key")
    options = (("jokers", jokers), ("joker_order", joker_order),
               ("royal_over_five", royal_over_five), ("suit_order", suit_order))
    allowed = NATURAL_MASK | (((1 << JOKER1_BIT) if jokers >= 1 else 0)
                              | ((1 << JOKER2_BIT) if jokers >= 2 else 0))
    extra = tuple(x.items()) + (("suit_rank", suit_rank), ("tier_rank", tier_rank),
                                ("slot_royal", slot_royal))
    return FamilyDefinition("cheung", CheungSpecs(x, slot_royal, suit_rank, tier_rank),
                            allowed_mask=allowed, options=options,
                            categories=CATEGORY_CODES[:10] + ((CATEGORY_CODES[10],) if jokers else ()),
                            kernel="CheungKernel", extra=extra, parser=parse_cheung,
                            tables=_cheung_tables(x, allowed, extra),
                            find_code=lambda code: _find_code(code, key, suit_rank, tier_rank,
                                                              slot_royal))


def _cheung_tables(x: dict[str, _Ints], allowed: int,
                   extra: tuple[tuple[str, _Ints], ...]) -> LadderTables:
    """The generic ladder tables, from the arrays (no loop over calls): one level
    per call, blocks by category."""
    n = len(x["cat"])
    starts = np.flatnonzero(np.r_[True, x["cat"][1:] != x["cat"][:-1]]).astype(np.int32)
    ends = np.r_[starts[1:], n].astype(np.int32)
    b = len(starts)
    return LadderTables(
        kind=np.full(n, CHEUNG, np.uint8), ngroups=np.zeros(n, np.uint8),
        group_mask=np.zeros(n * MAX_GROUPS, np.uint64), group_count=np.zeros(n * MAX_GROUPS, np.uint8),
        rank1=x["p1"], count1=np.zeros(n, np.uint8), rank2=x["p2"], count2=np.zeros(n, np.uint8),
        kick=np.zeros(n, np.uint8), suit=x["suit"], level=np.arange(n, dtype=np.int32),
        skip=np.arange(-1, n - 1, dtype=np.int32), block_start=starts, block_end=ends,
        block_min_cards=np.zeros(b, np.uint8), block_min_same_rank=np.zeros(b, np.uint8),
        block_min_same_suit=np.zeros(b, np.uint8), block_key_count=np.zeros(b, np.uint8),
        block_rank_start=np.repeat(starts, 13), block_rank_end=np.repeat(starts, 13),
        wild_mask=0, allowed_mask=allowed, extra=dict(extra))


def _find_code(code: str, keys: _Ints, suit_rank: _Ints, tier_rank: _Ints,
               slot_royal: _Ints) -> int | None:
    """The index of the call with this canonical code (None: no such call): its
    order key, found by bisection."""
    parts = code.split(":")
    if len(parts) < 2 or parts[0] not in CATEGORY_CODES:
        return None
    cat = CATEGORY_CODES.index(parts[0])
    words = parts[1].split(",") if parts[1] else []
    suit_word = parts[2] if len(parts) > 2 else ""
    tier_word = parts[3] if len(parts) > 3 else ""
    if len(parts) > 4 or len(words) > 5 or any(w not in tuple(RANKS) for w in words) or \
            (suit_word and suit_word not in tuple(SUITS)) or tier_word not in TIER_CODES:
        return None
    ranks = [RANKS.index(w) for w in words]
    suit = SUITS.index(suit_word) if suit_word else -1
    tier = TIER_CODES.index(tier_word)
    if tier_rank[tier] < 0:
        return None
    slot = int(slot_royal[tier]) if cat == ROYAL_FLUSH else cat
    key = call_key(slot, tuple(ranks), int(suit_rank[suit]) if suit >= 0 else 0,
                   int(tier_rank[tier]))
    i = int(np.searchsorted(keys, key))
    return i if i < len(keys) and int(keys[i]) == key else None


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


class CheungCall(Protocol):
    """What the certainty search reads of a call (:class:`pokerbull.calls.ladder.Call`
    is one: the ladder module imports this one, so it is named by its shape here)."""

    @property
    def index(self) -> int: ...
    @property
    def code(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def ranks(self) -> tuple[int, ...]: ...
    @property
    def suit(self) -> int | None: ...
    @property
    def tier(self) -> str: ...


class CheungChecks(Protocol):
    """The kernel checks the search runs (the compiled and pure kernels have them)."""

    def holds(self, c: int, mask: int) -> bool: ...
    def holds_many(self, masks: _Masks, calls: npt.NDArray[np.int32]) -> npt.NDArray[np.bool_]: ...
    def holds_many_one(self, masks: _Masks, c: int) -> npt.NDArray[np.bool_]: ...


_Call = TypeVar("_Call", bound=CheungCall)
LadderKey = tuple[str, tuple[tuple[str, Any], ...]]
"""A ladder's family name and options (``Ladder.key``)."""


class CheungLadder(Protocol[_Call]):
    """What the certainty search reads of a cheung ladder, whose calls are `_Call`s
    (:class:`pokerbull.calls.ladder.Ladder` is a ``CheungLadder[Call]``)."""

    @property
    def name(self) -> str: ...
    @property
    def key(self) -> LadderKey: ...
    @property
    def allowed_mask(self) -> int: ...
    @property
    def tables(self) -> LadderTables: ...
    @property
    def _kernel(self) -> CheungChecks: ...
    @property
    def calls(self) -> Sequence[_Call]: ...
    def call(self, call: _Call | str | int) -> _Call: ...


_Symmetry = tuple[Hashable, ...]
"""Calls with equal keys fail on relabelled pools (:func:`_symmetry`)."""
_FAILING_SIZE: dict[tuple[LadderKey, int, int], int] = {}  # (ladder, call, deck) -> cards in
#                                                             its largest failing pool
_TWINS: dict[tuple[LadderKey, int, _Symmetry], tuple[CheungCall, int]] = {}
# symmetry key -> (a call, its largest failing pool)


def _bits(mask: int) -> list[int]:
    return [b for b in range(64) if mask >> b & 1]


def _take(order: list[int], n: int) -> int:
    return sum(1 << b for b in order[:n])


def _check_deck(lad: CheungLadder[_Call], deck: int | None) -> int:
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


_Shape = TypeVar("_Shape", np.uint64, np.int8)


def _by_size(masks: npt.NDArray[_Shape], sizes: npt.NDArray[np.int64]
             ) -> tuple[npt.NDArray[_Shape], dict[int, slice]]:
    order = np.argsort(-sizes, kind="stable")
    masks, sizes = masks[order], sizes[order]
    levels: dict[int, slice] = {}
    neg = -sizes
    for s in np.unique(sizes):
        lo, hi = np.searchsorted(neg, -s, "left"), np.searchsorted(neg, -s, "right")
        levels[int(s)] = slice(int(lo), int(hi))
    return masks, levels


@lru_cache(maxsize=1)
def _lane_shapes() -> tuple[_Masks, dict[int, slice]]:
    """Every set of ranks of one suit, largest first."""
    sets = np.arange(1 << 13, dtype=np.uint64)
    sizes = np.array([int(x).bit_count() for x in range(1 << 13)], np.int64)
    return _by_size(sets, sizes)


@lru_cache(maxsize=1)
def _three_state_shapes() -> tuple[_Masks, dict[int, slice]]:
    """Every pool whose ranks are each absent, one club or all four suits."""
    masks = np.zeros(1, np.uint64)
    sizes = np.zeros(1, np.int64)
    for r in range(13):
        masks = (masks[:, None] | np.array([0, 1 << r, _ALL_SUITS << r], np.uint64)).ravel()
        sizes = (sizes[:, None] + np.array([0, 1, 4])).ravel()
    return _by_size(masks, sizes)


@lru_cache(maxsize=None)
def _falling_counts(k: int) -> npt.NDArray[np.int8]:
    """Every way to give k interchangeable ranks a count 0..4 each, counts falling."""
    rows = [tuple(reversed(c)) for c in combinations_with_replacement(range(5), k)]
    return np.array(rows, np.int8).reshape(len(rows), k)


@lru_cache(maxsize=None)
def _count_shapes(classes: tuple[int, ...]) -> tuple[npt.NDArray[np.int8], dict[int, slice]]:
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


def _shape_group(call: CheungCall) -> _Symmetry:
    """Calls with the same group are searched over the same pools."""
    cat = CATEGORY_CODES.index(call.category)
    if cat in _COUNT_CATEGORIES:
        return _symmetry(call)
    if cat in _LANE_CATEGORIES:
        return ("lanes", call.suit)
    return ("ranks",)


def _shapes(call: CheungCall) -> _Level:
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

        def count_level(size: int) -> _Masks:
            part = table[levels[size]] if size in levels else table[:0]
            if not len(part):
                return np.zeros(0, np.uint64)
            masks: _Masks = np.bitwise_or.reduce(column[part] << ranks, axis=1)
            return masks
        return count_level
    if lad_cat in _LANE_CATEGORIES:
        sets, levels = _lane_shapes()
        if call.suit is None:
            def every_suit_level(size: int) -> _Masks:
                if size % 4 or size // 4 not in levels:
                    return np.zeros(0, np.uint64)
                return sets[levels[size // 4]] * np.uint64(_ALL_SUITS)
            return every_suit_level
        shift = np.uint64(16 * call.suit)
        others = np.uint64(NATURAL_MASK & ~(_LANE << 16 * call.suit))

        def suit_level(size: int) -> _Masks:
            if size - 39 not in levels:
                return np.zeros(0, np.uint64)
            return (sets[levels[size - 39]] << shift) | others
        return suit_level
    masks, levels = _three_state_shapes()

    def rank_level(size: int) -> _Masks:
        return masks[levels[size]] if size in levels else masks[:0]
    return rank_level


def _scan(lad: CheungLadder[_Call], indices: list[int], level: _Level,
          jokers: list[int]) -> dict[int, int]:
    """The largest failing pool (0: none of five cards or more) of each call,
    over the pools `level` gives with 0..J jokers added, by falling size,
    checked for every call still open in batches: the first failing pool of
    a call in a batch is a largest one."""
    holds = lad._kernel.holds_many
    open_ = np.array(indices, np.int32)
    out: dict[int, int] = {}
    cache: dict[int, _Masks] = {}
    batch: list[_Masks] = []
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


def _failing_sizes(lad: CheungLadder[_Call], calls: Sequence[_Call], deck: int) -> None:
    """Find the largest failing pool of each call (see
    :func:`largest_failing_pool`), one call of each symmetry class searched,
    and cache its size."""
    jokers = [0]
    for b in _bits(deck & _JOKERS):
        jokers.append(jokers[-1] | 1 << b)
    groups: dict[_Symmetry, tuple[_Level, dict[tuple[LadderKey, int, _Symmetry], _Call]]] = {}
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


def largest_failing_pool(lad: CheungLadder[_Call], call: _Call | str | int,
                         deck: int | None = None) -> int:
    """The largest pool of five cards or more of `deck` (all natural cards and
    some of the ladder's jokers; default the ladder's deck) where `call` fails,
    as a mask, or 0 when it holds on every pool of five cards or more. Exact:
    see the notes above and docs/cheung.md."""
    mask = _check_deck(lad, deck)
    found = lad.call(call)
    _failing_sizes(lad, [found], mask)
    return _twin(lad, found, mask)


def _symmetry(call: CheungCall) -> _Symmetry:
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


def _class_order(call: CheungCall) -> list[int]:
    cat = CATEGORY_CODES.index(call.category)
    prims = call.ranks[:_PRIMARIES[cat]]
    return [r for c in _rank_classes(cat, prims, call.ranks[len(prims):]) for r in c]


def _twin(lad: CheungLadder[_Call], call: CheungCall, deck: int) -> int:
    """The largest failing pool of a call, relabelled from the one found for
    the searched call of its symmetry class."""
    other, pool = _TWINS[(lad.key, deck, _symmetry(call))]
    if not pool or other.index == call.index:
        return pool
    if other.suit is not None and call.suit is not None:   # twins by suit name one each
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


def max_avoiding_size(lad: CheungLadder[_Call], call: _Call | str | int,
                      deck: int | None = None) -> int:
    """The most cards a pool of `deck` can have (five or more) with `call`
    failing, or 4 when every pool of five cards or more makes it: above four
    cards the call is certain for n cards exactly when n exceeds this. Read
    from the shipped table (:func:`build_certain_table`)."""
    mask = _check_deck(lad, deck)
    index = lad.call(call).index
    return max(4, int(_ladder_table(lad, _joker_count(mask))[0][index]))


def searched_avoiding_size(lad: CheungLadder[_Call], call: _Call | str | int,
                           deck: int | None = None) -> int:
    """:func:`max_avoiding_size` found by the search itself (what the shipped
    table holds; the tests compare the two)."""
    mask = _check_deck(lad, deck)
    found = lad.call(call)
    _failing_sizes(lad, [found], mask)
    return max(4, _FAILING_SIZE[(lad.key, found.index, mask)])


def _certificate(call: CheungCall) -> int:
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


def avoiding_pool(lad: CheungLadder[_Call], call: _Call, n: int,
                  deck: int | None = None) -> int | None:
    """A mask of `n` cards of the deck where `call` fails, or None when the call
    is certain for `n` cards (every `n`-card pool of the deck makes it)."""
    mask = _check_deck(lad, deck)
    n = _check_n(n, mask)
    if n <= 4:
        return _small_avoiding(lad, call.index, n, mask)
    if max_avoiding_size(lad, call, mask) < n:
        return None
    return _take(_bits(largest_failing_pool(lad, call, mask)), n)


def _fails(lad: CheungLadder[_Call], index: int, masks: list[int]) -> int | None:
    """The first of `masks` where the call fails, or None."""
    if not masks:
        return None
    held = lad._kernel.holds_many_one(np.array(masks, dtype=np.uint64), index)
    for m, h in zip(masks, held):
        if not h:
            return m
    return None


def _small_avoiding(lad: CheungLadder[_Call], index: int, n: int, deck: int) -> int | None:
    """Pools of at most four cards (each its own hand): random ones first, then
    every pool of the deck in batches (exact)."""
    cards = _bits(deck)
    rng = np.random.default_rng(index)
    picks = np.argsort(rng.random((4096, len(cards))), axis=1)[:, :n]
    table = np.array([1 << b for b in cards], dtype=np.uint64)
    found = _fails(lad, index, [int(m) for m in np.bitwise_or.reduce(table[picks], axis=1)])
    if found is not None:
        return found
    batch: list[int] = []
    for combo in combinations(cards, n):
        batch.append(sum(1 << b for b in combo))
        if len(batch) == 65536:
            found = _fails(lad, index, batch)
            if found is not None:
                return found
            batch = []
    return _fails(lad, index, batch)


def certain_calls(lad: CheungLadder[_Call], n: int, deck: int | None = None
                  ) -> tuple[int, ...]:
    """Indices of the calls certain for every `n`-card pool of the deck (the
    calls an opening may not make). Exact; read from the shipped table."""
    mask = _check_deck(lad, deck)
    _check_n(n, mask)
    return tuple(np.flatnonzero(certain_table(lad, n, mask)[n]).tolist())


def certain_table(lad: CheungLadder[_Call], rows: int, deck: int | None = None
                  ) -> npt.NDArray[np.uint8]:
    """Row n (0..`rows`): 1 for each call certain for every n-card pool of the
    deck (row 0 all 0), as uint8 [rows + 1, calls]: the opening rule's table
    for every count of cards in play, without a search (read from the table
    :func:`build_certain_table` made)."""
    mask = _check_deck(lad, deck)
    if isinstance(rows, bool) or not isinstance(rows, (int, np.integer)) or \
            not 0 <= rows <= mask.bit_count():
        raise ValueError(f"rows must be 0..{mask.bit_count()}, not {rows!r}")
    fail, small = _ladder_table(lad, _joker_count(mask))
    sizes = np.arange(rows + 1, dtype=np.uint8)[:, None]
    out = (fail[None, :] < sizes).view(np.uint8)
    out[:5] = 0
    for n in range(1, min(rows, 4) + 1):
        out[n] = (small >> (n - 1)) & 1
    return out


# ---- the shipped table of largest failing pools --------------------------------------
#
# The search above is exact but takes seconds for a whole ladder, so its answers
# for every base call, tier and number of jokers in the deck (0, 1, 2) ship with
# the package in cheung_certain.npz, made by build_certain_table() (run
# tools/build_cheung_table.py after changing the kernel or the base calls;
# tests/test_cheung_certain.py checks the file against the search). A
# call's answer does not depend on the ladder's order options, only on what it
# names and the deck, so one table serves every ladder. The file carries a digest
# of the base calls; a file that does not match them, or cannot be read, is
# refused with the command that rebuilds it.

_TABLE_FILE = Path(__file__).with_name("cheung_certain.npz")
_TABLE_TIERS = (TIER_ANY, TIER_MAX1, TIER_NAT, TIER_MIN1, TIER_MIN2)


def _joker_count(deck: int) -> int:
    return (deck & _JOKERS).bit_count()


def _base_digest() -> str:
    base = _base_arrays()
    h = hashlib.sha256()
    for name in ("cat", "nprim", "p1", "p2", "named", "suit"):
        h.update(np.ascontiguousarray(base[name]).tobytes())
    return h.hexdigest()


@lru_cache(maxsize=1)
def _certain_file() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(fail, small) of the shipped table, [deck jokers, tier, base call]: the
    cards of the largest failing pool (0: none of five cards or more), and bit
    n - 1 set when the call is certain for n <= 4 cards."""
    rebuild = "rebuild it with `python tools/build_cheung_table.py` (or reinstall)"
    try:
        with np.load(_TABLE_FILE) as f:
            fail, small, digest = f["fail"], f["small"], str(f["digest"])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as e:
        raise RuntimeError(f"{_TABLE_FILE}: the certain-call table cannot be read ({e}); "
                           f"{rebuild}") from e
    shape = (3, len(_TABLE_TIERS), len(_base_arrays()["cat"]))
    if digest != _base_digest() or fail.shape != shape or small.shape != shape:
        raise RuntimeError(f"{_TABLE_FILE} does not match this version's calls; {rebuild}")
    return fail, small


_LADDER_TABLES: dict[tuple[LadderKey, int], tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]
                     ] = {}


def _ladder_table(lad: CheungLadder[_Call], jokers: int
                  ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The shipped table's (fail, small) for each call of the ladder."""
    key = (lad.key, jokers)
    found = _LADDER_TABLES.get(key)
    if found is None:
        fail, small = _certain_file()
        x = lad.tables.extra
        tier, base = x["tier"], x["base"]
        found = _LADDER_TABLES[key] = (fail[jokers, tier, base], small[jokers, tier, base])
    return found


def build_certain_table(ladders: Sequence[CheungLadder[_Call]], path: Path | str | None = None
                        ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Search the largest failing pool of every call (all five tiers, decks of
    0, 1 and 2 jokers) on `ladders` (the two-joker ladders of both joker orders,
    compiled kernels: ``tools/build_cheung_table.py`` passes them) and write the
    table to `path` (default: the package's own file). Returns (fail, small)."""
    options = [dict(lad.key[1]) for lad in ladders]
    if sorted(o.get("joker_order", "") for o in options) != sorted(JOKER_ORDERS) or any(
            lad.name != "cheung" or o["jokers"] != 2 for lad, o in zip(ladders, options)):
        raise ValueError("build_certain_table takes the two-joker cheung ladders of both "
                         "joker orders")
    n_base = len(_base_arrays()["cat"])
    fail = np.zeros((3, len(_TABLE_TIERS), n_base), np.uint8)
    small = np.zeros((3, len(_TABLE_TIERS), n_base), np.uint8)
    for jokers in range(3):
        deck = NATURAL_MASK | sum((1 << JOKER1_BIT, 1 << JOKER2_BIT)[:jokers])
        for lad in ladders:
            calls = list(lad.calls)
            _failing_sizes(lad, calls, deck)
            x = lad.tables.extra
            for call in calls:
                c = call.index
                t, b = int(x["tier"][c]), int(x["base"][c])
                fail[jokers, t, b] = _FAILING_SIZE[(lad.key, c, deck)]
                if _certificate(call) < 4:
                    small[jokers, t, b] = sum(1 << (n - 1) for n in range(1, 5)
                                              if _small_avoiding(lad, c, n, deck) is None)
    np.savez_compressed(_TABLE_FILE if path is None else path, fail=fail, small=small,
                        digest=np.array(_base_digest()))
    _certain_file.cache_clear()
    _LADDER_TABLES.clear()
    return fail, small


def cheung_witness(holds: Callable[[int, int], bool], index: int, mask: int) -> int:
    """The hand that makes a holding call: min(5, N) cards of the pool (jokers
    included) that make it on their own. Above five cards a card the hand does
    not use can leave the pool with the call still holding; drop such cards,
    jokers first (a natural card that makes the call is shown rather than a joker
    standing in for it), then the lowest, until five remain. `holds`: the ladder's
    kernel check (the witness reads the ladder's tables and kernel, not the Ladder)."""
    pool = mask
    while pool.bit_count() > 5:
        for b in sorted(_bits(pool), key=lambda b: (b not in (JOKER1_BIT, JOKER2_BIT), b % 16, b)):
            if holds(index, pool & ~(1 << b)):
                pool &= ~(1 << b)
                break
        else:  # pragma: no cover - a holding call always has a hand
            raise ValueError(f"no witness for call {index} in pool {mask:#x}")
    return pool
