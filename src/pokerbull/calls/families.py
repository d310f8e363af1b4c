"""Call family builders: which calls exist, their order, phrases and requirements.

Each builder returns a :class:`~pokerbull.calls.spec.FamilyDefinition` (RULES.md
section 2). Adding a family means adding a builder here; the kernels only know
the requirement kinds of :mod:`pokerbull.calls.spec`.
"""

from __future__ import annotations

from typing import Any

from ..cards import (
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_NAMES,
    card_bit,
    rank_column,
    rank_word,
)
from .spec import (
    AT_LEAST,
    EXACT_FLUSH,
    EXACT_HIGH,
    EXACT_RANKS,
    EXACT_STRAIGHT,
    CallSpec,
    FamilyDefinition,
    register_family,
)

TWO, FIVE, SIX, SEVEN, TEN, KING, ACE = 0, 3, 4, 5, 8, 11, 12
SUIT_RANGE = range(4)


def straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight to `top`, lowest first (the Ace is low to the Five)."""
    if top == FIVE:
        return (ACE, 0, 1, 2, 3)
    return tuple(range(top - 4, top + 1))


def straight_cards(top: int, suit: int) -> int:
    return sum(1 << card_bit(r, suit) for r in straight_ranks(top))


def _below_in_suit(top: int, suit: int) -> int:
    return sum(1 << card_bit(r, suit) for r in range(top))


def _article(rank: int) -> str:
    return "an" if RANK_NAMES[rank][0] in "AE" else "a"


# ---- the at-least families (seed 000) ----------------------------------------

def _rank_count_calls(category: str, order: int, count: int, phrase: str,
                      ranks: range, aliases: tuple[str, ...] = ()) -> list[CallSpec]:
    return [CallSpec(category, (r,), None, phrase.format(n=RANK_NAMES[r], p=RANK_PLURALS[r]),
                     (order, r), AT_LEAST, ((rank_column(r), count),),
                     aliases=tuple(a.format(n=RANK_NAMES[r], p=RANK_PLURALS[r]) for a in aliases))
            for r in ranks]


def _two_pair_calls(order: int, phrase: str, kind: int = AT_LEAST) -> list[CallSpec]:
    out = []
    for h in range(13):
        for lo in range(h):
            text = phrase.format(h=RANK_PLURALS[h], l=RANK_PLURALS[lo])
            swapped = phrase.format(h=RANK_PLURALS[lo], l=RANK_PLURALS[h])
            extra: dict[str, Any] = (dict(rank1=h, count1=2, rank2=lo, count2=2, kick=1)
                                     if kind == EXACT_RANKS else {})
            out.append(CallSpec("two_pair", (h, lo), None, text, (order, h, lo), kind,
                                ((rank_column(h), 2), (rank_column(lo), 2)),
                                aliases=(swapped,), **extra))
    return out


def _full_house_calls(order: int, phrase: str, aliases: tuple[str, ...] = (),
                      kind: int = AT_LEAST) -> list[CallSpec]:
    out = []
    for t in range(13):
        for p in range(13):
            if p == t:
                continue
            names = dict(t=RANK_PLURALS[t], p=RANK_PLURALS[p])
            extra: dict[str, Any] = (dict(rank1=t, count1=3, rank2=p, count2=2)
                                     if kind == EXACT_RANKS else {})
            out.append(CallSpec("full_house", (t, p), None, phrase.format(**names), (order, t, p),
                                kind, ((rank_column(t), 3), (rank_column(p), 2)),
                                aliases=tuple(a.format(**names) for a in aliases), **extra))
    return out


def _pagat_straight_flushes(order: int) -> list[CallSpec]:
    return [CallSpec("straight_flush", (t,), s,
                     f"straight flush to the {RANK_NAMES[t]} of {SUIT_NAMES[s]}",
                     (order, t), AT_LEAST, ((straight_cards(t, s), 5),))
            for t in range(FIVE, ACE + 1) for s in SUIT_RANGE]


@register_family("pagat")
def pagat() -> FamilyDefinition:
    """Seed 000's standard ladder: at least the named cards (326 calls, 296 levels)."""
    specs = [
        *_rank_count_calls("one_card", 0, 1, "one {n}", range(13)),
        *_rank_count_calls("pair", 1, 2, "two {p}", range(13), ("pair of {p}",)),
        *_two_pair_calls(2, "two pair, {h} and {l}"),
        *_rank_count_calls("trips", 3, 3, "three {p}", range(13)),
        *_full_house_calls(4, "{t} full of {p}"),
        *_rank_count_calls("quads", 5, 4, "four {p}", range(13)),
        *_pagat_straight_flushes(6),
    ]
    return FamilyDefinition("pagat", tuple(specs))


@register_family("pagat-wild")
def pagat_wild() -> FamilyDefinition:
    """Seed 000's deuces-wild ladder (420 calls, 363 levels)."""
    straights = [
        CallSpec("straight", (t,), None, f"straight to {_article(t)} {RANK_NAMES[t]}",
                 (4, t), AT_LEAST, tuple((rank_column(r), 1) for r in straight_ranks(t)))
        for t in range(FIVE, ACE + 1)]
    flushes = [
        CallSpec("flush", (t,), s, f"flush to the {RANK_NAMES[t]} of {SUIT_NAMES[s]}",
                 (5, t), AT_LEAST, ((1 << card_bit(t, s), 1), (_below_in_suit(t, s), 4)))
        for t in range(SIX, ACE + 1) for s in SUIT_RANGE]
    many = []
    for order, (word, n) in enumerate((("five", 5), ("six", 6), ("seven", 7), ("eight", 8)), 9):
        many += _rank_count_calls(f"{word}_kind", order, n, word + " {p}", range(1, 13))
    specs = [
        *_rank_count_calls("one_card", 0, 1, "one {n}", range(13)),
        *_rank_count_calls("pair", 1, 2, "two {p}", range(13), ("pair of {p}",)),
        *_two_pair_calls(2, "two pair, {h} and {l}"),
        *_rank_count_calls("trips", 3, 3, "three {p}", range(13)),
        *straights,
        *flushes,
        *_full_house_calls(6, "{t} full of {p}"),
        *_rank_count_calls("quads", 7, 4, "four {p}", range(13)),
        *_pagat_straight_flushes(8),
        *many,
    ]
    return FamilyDefinition("pagat-wild", tuple(specs), wild_mask=rank_column(TWO))


# ---- collective hold'em (seed 002): exact hands -------------------------------

def _exact_rank_calls(category: str, order: int, count: int, kick: int, phrase: str,
                      aliases: tuple[str, ...]) -> list[CallSpec]:
    return [CallSpec(category, (r,), None, phrase.format(p=RANK_PLURALS[r]), (order, r),
                     EXACT_RANKS, ((rank_column(r), count),), rank1=r, count1=count,
                     kick=kick, aliases=tuple(a.format(p=RANK_PLURALS[r]) for a in aliases))
            for r in range(13)]


@register_family("holdem")
def holdem() -> FamilyDefinition:
    """Seed 002's exact-hand ladder (368 calls, 314 levels)."""
    high = [CallSpec("high_card", (t,), None, f"High Card, High {rank_word(t)}", (0, t),
                     EXACT_HIGH, rank1=t, aliases=(f"{RANK_NAMES[t]} high",))
            for t in range(13)]
    two_pair = _two_pair_calls(2, "Two Pair, {h} and {l}", kind=EXACT_RANKS)
    straights = [
        CallSpec("straight", (t,), None,
                 f"Straight, {rank_word(straight_ranks(t)[0])} to {rank_word(t)}", (4, t),
                 EXACT_STRAIGHT, rank1=t,
                 aliases=(f"straight to {_article(t)} {RANK_NAMES[t]}",))
        for t in range(FIVE, ACE + 1)]
    flushes = [
        CallSpec("flush", (t,), s, f"Flush, {SUIT_NAMES[s].title()}, High {rank_word(t)}",
                 (5, t), EXACT_FLUSH, rank1=t,      # figures as in every hand: "High 7"
                 aliases=(f"flush to the {RANK_NAMES[t]} of {SUIT_NAMES[s]}",
                          *([f"Flush, {SUIT_NAMES[s].title()}, High {RANK_NAMES[t]}"]
                            if t <= 8 else [])))    # the old wording ("High Seven") parses
        for t in range(SEVEN, ACE + 1) for s in SUIT_RANGE]
    full = _full_house_calls(6, "Full House, {t} over {p}", ("{t} full of {p}",),
                             kind=EXACT_RANKS)
    straight_flushes = [
        CallSpec("straight_flush", (t,), s,
                 f"Straight Flush, {rank_word(straight_ranks(t)[0])} to {rank_word(t)} "
                 f"of {SUIT_NAMES[s].title()}",
                 (8, t), AT_LEAST, ((straight_cards(t, s), 5),),
                 aliases=(f"straight flush to the {RANK_NAMES[t]} of {SUIT_NAMES[s]}",))
        for t in range(FIVE, KING + 1) for s in SUIT_RANGE]
    royals = [
        CallSpec("royal_flush", (), s, f"Royal Flush, {SUIT_NAMES[s].title()}", (9,),
                 AT_LEAST, ((straight_cards(ACE, s), 5),),
                 aliases=(f"royal flush of {SUIT_NAMES[s]}",))
        for s in SUIT_RANGE]
    specs = [
        *high,
        *_exact_rank_calls("pair", 1, 2, 3, "Pair of {p}", ("two {p}",)),
        *two_pair,
        *_exact_rank_calls("trips", 3, 3, 2, "Three of a Kind, {p}", ("three {p}",)),
        *straights,
        *flushes,
        *full,
        *_exact_rank_calls("quads", 7, 4, 1, "Four of a Kind, {p}", ("four {p}",)),
        *straight_flushes,
        *royals,
    ]
    return FamilyDefinition("holdem", tuple(specs))


# Cheung's family lives in its own module (calls.cheung); importing it registers it last.
from . import cheung as _cheung  # noqa: E402,F401
