"""Brute-force best hand, written straight from docs/evaluator.md and sharing no
code with the kernels: every min(5, N)-card hand of the pool, every card each
joker may stand for, each hand classified by counting ranks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

ACE = 12
CLASS_OF = {"high_card": 0, "pair": 1, "two_pair": 2, "trips": 3, "straight": 4,
            "flush": 5, "full_house": 6, "quads": 7, "straight_flush": 8, "five_kind": 9}
ROYAL_ON_TOP = 10
JOKER = None
ALL_CARDS = [(r, s) for r in range(13) for s in range(4)]


def pool_cards(mask: int) -> list:
    """(rank, suit) of each natural card, JOKER for each joker."""
    cards = [(b % 16, b // 16) for b in range(64) if (mask >> b) & 1 and b % 16 < 13]
    return cards + [JOKER] * (((mask >> 13) & 1) + ((mask >> 29) & 1))


def straight_top(ranks: list[int]) -> int | None:
    s = set(ranks)
    if len(ranks) != 5 or len(s) != 5:
        return None
    if s == {ACE, 0, 1, 2, 3}:
        return 3
    return max(s) if max(s) - min(s) == 4 else None


def judge(hand: list[tuple[int, int, bool]], strength: dict[int, int]
          ) -> tuple[str, list[int], list[tuple[int, int, bool]]]:
    """Category, roles and the cards in hand order of a hand of (rank, suit, is_joker)."""
    counts = Counter(r for r, _, _ in hand)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    ranks = [r for r, _, _ in hand]
    flush = len(hand) == 5 and len({s for _, s, _ in hand}) == 1
    top = straight_top(ranks)
    if shape[0] == 5:
        cat, roles = "five_kind", [groups[0]]
    elif top is not None and flush:
        cat, roles = "straight_flush", [top]
    elif shape[0] == 4:
        cat, roles = "quads", groups
    elif shape[:2] == [3, 2]:
        cat, roles = "full_house", groups
    elif flush:
        cat, roles = "flush", sorted(ranks, reverse=True)
    elif top is not None:
        cat, roles = "straight", [top]
    elif shape[0] == 3:
        cat, roles = "trips", groups
    elif shape[:2] == [2, 2]:
        cat, roles = "two_pair", groups
    elif shape[0] == 2:
        cat, roles = "pair", groups
    else:
        cat, roles = "high_card", sorted(ranks, reverse=True)
    if cat in ("straight", "straight_flush"):
        seq = [3, 2, 1, 0, ACE] if top == 3 else list(range(top, top - 5, -1))
        position = {r: i for i, r in enumerate(seq)}
    else:
        position = {r: i for i, r in enumerate(groups)}
        if cat in ("flush", "high_card"):
            position = {r: -r for r in ranks}
    return cat, roles, sorted(hand, key=lambda c: (position[c[0]], c[2], -strength[c[1]]))


def value(mask: int, *, joker_order: str | None = None, suit_order: str | None = None,
          royal_over_five: str = "no") -> int:
    """The value of the best hand, by trying every hand and every joker reading."""
    cards = pool_cards(mask)
    size = min(5, len(cards))
    strength = {"cdhs".index(ch): 3 - i for i, ch in enumerate(suit_order or "cdhs")}
    best = -1
    for hand in combinations(cards, size):
        naturals = [(r, s, False) for r, s in (c for c in hand if c is not JOKER)]
        n_jokers = size - len(naturals)
        for reading in product(ALL_CARDS, repeat=n_jokers):
            full = naturals + [(r, s, True) for r, s in reading]
            cat, roles, ordered = judge(full, strength)
            cls = CLASS_OF[cat]
            if cat == "straight_flush" and roles == [ACE]:
                if royal_over_five == "any" or (royal_over_five == "natural" and n_jokers == 0):
                    cls = ROYAL_ON_TOP
            tier = {None: 0, "natural": 2 - n_jokers, "wild": n_jokers}[joker_order]
            v = cls
            for i in range(5):
                v = v << 4 | (roles[i] + 1 if i < len(roles) else 0)
            v = v << 2 | tier
            for i in range(5):
                mark = 0
                if suit_order and i < len(ordered) and not ordered[i][2]:
                    mark = strength[ordered[i][1]] + 1
                v = v << 3 | mark
            best = max(best, v)
    return best
