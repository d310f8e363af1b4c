"""Brute-force references written straight from RULES.md, sharing no code with
the kernels: rank counting for the at-least families, and enumeration of every
min(5, N)-card hand for the exact-hand family."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

ACE = 12


def cards_of(mask: int) -> list[tuple[int, int]]:
    """(rank, suit) of every natural card in the mask."""
    return [(b % 16, b // 16) for b in range(64) if (mask >> b) & 1 and b % 16 < 13]


def straight_top(ranks: set[int]) -> int | None:
    """Top rank of the five distinct ranks if they are consecutive (wheel -> 3)."""
    if len(ranks) != 5:
        return None
    if ranks == {ACE, 0, 1, 2, 3}:
        return 3
    lo, hi = min(ranks), max(ranks)
    return hi if hi - lo == 4 else None


def classify(hand: list[tuple[int, int]]) -> tuple:
    """The exact poker hand of 1 to 5 cards: (category, *deciding values)."""
    counts = Counter(r for r, _ in hand)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    ranks = set(counts)
    suits = {s for _, s in hand}
    if len(hand) == 5:
        top = straight_top(ranks)
        flush = len(suits) == 1
        if top is not None and flush:
            suit = next(iter(suits))
            return ("royal_flush", suit) if top == ACE else ("straight_flush", top, suit)
        if shape == [4, 1]:
            return ("quads", by_count[0][0])
        if shape == [3, 2]:
            return ("full_house", by_count[0][0], by_count[1][0])
        if flush:
            return ("flush", max(ranks), next(iter(suits)))
        if top is not None:
            return ("straight", top)
    if shape[0] == 4:
        return ("quads", by_count[0][0])
    if shape[0] == 3:
        return ("trips", by_count[0][0])
    if shape[:2] == [2, 2]:
        return ("two_pair", by_count[0][0], by_count[1][0])
    if shape[0] == 2:
        return ("pair", by_count[0][0])
    return ("high_card", max(ranks))


def call_key(call) -> tuple:
    """The classify() result a holdem call names exactly."""
    if call.category == "royal_flush":
        return ("royal_flush", call.suit)
    if call.suit is not None:
        return (call.category, *call.ranks, call.suit)
    return (call.category, *call.ranks)


def holdem_hands(mask: int) -> set[tuple]:
    cards = cards_of(mask)
    size = min(5, len(cards))
    return {classify(list(h)) for h in combinations(cards, size)} if cards else set()


def pagat_holds(call, mask: int, wild: bool = False) -> bool:
    """RULES 2.1/2.2 by rank and card counting, deuces covering what is missing."""
    cards = cards_of(mask)
    deuces = sum(1 for r, _ in cards if r == 0) if wild else 0
    count = Counter(r for r, _ in cards if not (wild and r == 0))
    have = set(cards)
    need: list[int] = []   # missing naturals per requirement

    def at_least(rank: int, n: int) -> None:
        need.append(max(0, n - count[rank]))

    cat, ranks = call.category, call.ranks
    if cat == "one_card":
        at_least(ranks[0], 1)
    elif cat == "pair":
        at_least(ranks[0], 2)
    elif cat == "two_pair":
        at_least(ranks[0], 2)
        at_least(ranks[1], 2)
    elif cat == "trips":
        at_least(ranks[0], 3)
    elif cat == "full_house":
        at_least(ranks[0], 3)
        at_least(ranks[1], 2)
    elif cat == "quads":
        at_least(ranks[0], 4)
    elif cat.endswith("_kind"):
        at_least(ranks[0], ("five", "six", "seven", "eight").index(cat[:-5]) + 5)
    elif cat == "straight":
        top = ranks[0]
        seq = [ACE, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
        for r in seq:
            at_least(r, 1)
    elif cat == "straight_flush":
        top = ranks[0]
        seq = [ACE, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
        need.append(sum(1 for r in seq if (r, call.suit) not in have or (wild and r == 0)))
    elif cat == "flush":
        top, suit = ranks[0], call.suit
        need.append(0 if (top, suit) in have else 1)
        lower = sum(1 for r in range(1 if wild else 0, top) if (r, suit) in have)
        need.append(max(0, 4 - lower))
    else:
        raise AssertionError(f"unknown category {cat}")
    return sum(need) <= deuces
