"""The best poker hand of a pool: :func:`evaluate`, :func:`evaluate_many`, :class:`HandRank`.

Pools use the card layout of RULES.md section 1. A pool of any size (1 to 52
cards, plus jokers when they are wild) is judged by its best hand of
``min(5, N)`` cards; the Ace is also low in the wheel. See ``docs/evaluator.md``
for the options and the value layout.

>>> import pokerbull as pb
>>> hand = pb.evaluate("As Ad Ac 5h 5s Kd 2c")
>>> str(hand), hand.category, hand.ranks
('Full house, Aces full of Fives', 'full_house', (12, 3))
>>> pb.evaluate("5c 4d 3h 2s Ac") < pb.evaluate("6c 5d 4h 3s 2d")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import numpy as np

from .core import backend as _backend
from .core._pure_evaluator import (CLASS_SHIFT, FIVE_KIND, FLUSH, FULL_HOUSE, HIGH_CARD, JOKER_ORDER_SHIFT,
                              JOKERS_WILD, NATURAL_BEATS_WILD, NO_TIERS, PAIR, QUADS, ROLES_SHIFT,
                              ROYAL_ANY, ROYAL_NATURAL, ROYAL_NO, ROYAL_ON_TOP, ROYAL_SHIFT,
                              STRAIGHT, STRAIGHT_FLUSH, SUIT_ORDER_ON, SUIT_STRENGTH_SHIFT,
                              TRIPS, TWO_PAIR, WILD_BEATS_NATURAL)
from .cards import RANK_NAMES, RANK_PLURALS, SUITS, Card, Pool, as_mask_array

__all__ = ["CATEGORIES", "HandRank", "evaluate", "evaluate_many", "rules_code"]

#: Category codes, lowest first (the same words as the call families' codes).
CATEGORIES = ("high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house",
              "quads", "straight_flush", "five_kind")

_CATEGORY_OF_CLASS = CATEGORIES + ("straight_flush",)   # ROYAL_ON_TOP is a royal flush
_JOKER_ORDERS = {None: NO_TIERS, "natural": NATURAL_BEATS_WILD, "wild": WILD_BEATS_NATURAL}
_ROYAL_OPTIONS = {"no": ROYAL_NO, "natural": ROYAL_NATURAL, "any": ROYAL_ANY}
_ACE = 12


def rules_code(jokers: bool = False, joker_order: str | None = None,
               suit_order: str | None = None, royal_over_five: str = "no") -> int:
    """Pack the evaluator options into the small int the kernels take.

    >>> rules_code(), rules_code(jokers=True, joker_order="natural")
    (0, 3)
    """
    if not isinstance(jokers, bool):
        raise ValueError(f"jokers must be True or False, not {jokers!r}")
    if joker_order not in _JOKER_ORDERS:
        raise ValueError(f"joker_order must be None, 'natural' (natural hands beat joker "
                         f"hands) or 'wild' (joker hands beat natural ones), not {joker_order!r}")
    if royal_over_five not in _ROYAL_OPTIONS:
        raise ValueError(f"royal_over_five must be 'no', 'natural' or 'any', "
                         f"not {royal_over_five!r}")
    code = (int(jokers) * JOKERS_WILD | _JOKER_ORDERS[joker_order] << JOKER_ORDER_SHIFT
            | _ROYAL_OPTIONS[royal_over_five] << ROYAL_SHIFT)
    if suit_order is not None:
        if (not isinstance(suit_order, str) or len(suit_order) != 4
                or sorted(suit_order.lower()) != sorted(SUITS)):
            raise ValueError(f"suit_order must name the four suits once each, highest first "
                             f"(like 'shcd'), not {suit_order!r}")
        code |= SUIT_ORDER_ON
        for place, letter in enumerate(suit_order.lower()):
            code |= (3 - place) << (SUIT_STRENGTH_SHIFT + 2 * SUITS.index(letter))
    return code


_cached_rules_code = lru_cache(maxsize=64, typed=True)(rules_code)


class HandRank:
    """The strength of a poker hand: totally ordered, hashable, readable.

    Compare two ranks only when they come from the same options. ``value`` is
    the integer behind the order (bigger is better).

    >>> r = evaluate("Kh Kd 9s 9c 4d")
    >>> r.category, r.ranks, str(r)
    ('two_pair', (11, 7, 2), 'Two pair, Kings and Nines (Four)')
    """

    __slots__ = ("value",)

    value: int

    def __init__(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"a hand rank value must be a non-negative int, not {value!r}")
        self.value = int(value)

    @property
    def category(self) -> str:
        """Category code: 'high_card' ... 'straight_flush', 'five_kind'."""
        return _CATEGORY_OF_CLASS[self.value >> CLASS_SHIFT]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide the hand, in role order (0 is the Two, 12 the Ace).

        High card and flush: the five ranks; pair: the pair then three kickers;
        two pair: high pair, low pair, kicker; trips: triplet, two kickers;
        straight and straight flush: the top card (3 for the wheel); full house:
        triplet then pair; quads: the rank then the kicker; five of a kind: the rank.
        Hands of pools under five cards have fewer kickers.
        """
        nibbles = (self.value >> ROLES_SHIFT) & 0xFFFFF
        out = []
        for shift in (16, 12, 8, 4, 0):
            r = (nibbles >> shift) & 0xF
            if not r:
                break
            out.append(r - 1)
        return tuple(out)

    @property
    def is_royal(self) -> bool:
        """Is this a royal flush (a straight flush to the Ace)?"""
        cls = self.value >> CLASS_SHIFT
        return cls == ROYAL_ON_TOP or (cls == STRAIGHT_FLUSH and self.ranks == (_ACE,))

    def __str__(self) -> str:
        return describe(self.value >> CLASS_SHIFT, self.ranks)

    def __repr__(self) -> str:
        return f"<HandRank {self.value:#x}: {self}>"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is HandRank:
            return self.value == other.value
        return NotImplemented

    def __lt__(self, other: HandRank) -> bool:
        if other.__class__ is HandRank:
            return self.value < other.value
        return NotImplemented

    def __le__(self, other: HandRank) -> bool:
        if other.__class__ is HandRank:
            return self.value <= other.value
        return NotImplemented

    def __gt__(self, other: HandRank) -> bool:
        if other.__class__ is HandRank:
            return self.value > other.value
        return NotImplemented

    def __ge__(self, other: HandRank) -> bool:
        if other.__class__ is HandRank:
            return self.value >= other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __reduce__(self):
        return (HandRank, (self.value,))


def _names(ranks: Iterable[int]) -> str:
    return ", ".join(RANK_NAMES[r] for r in ranks)


def _with_kickers(head: str, kickers: tuple[int, ...]) -> str:
    return f"{head} ({_names(kickers)})" if kickers else head


def describe(cls: int, ranks: tuple[int, ...]) -> str:
    """A hand in words, e.g. 'Full house, Aces full of Fives'."""
    if cls == HIGH_CARD:
        return _with_kickers(f"High card, {RANK_NAMES[ranks[0]]}", ranks[1:])
    if cls == PAIR:
        return _with_kickers(f"Pair of {RANK_PLURALS[ranks[0]]}", ranks[1:])
    if cls == TWO_PAIR:
        return _with_kickers(f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}",
                             ranks[2:])
    if cls == TRIPS:
        return _with_kickers(f"Three of a kind, {RANK_PLURALS[ranks[0]]}", ranks[1:])
    if cls == STRAIGHT:
        return f"Straight, {RANK_NAMES[ranks[0]]} high"
    if cls == FLUSH:
        return _with_kickers(f"Flush, {RANK_NAMES[ranks[0]]} high", ranks[1:])
    if cls == FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if cls == QUADS:
        return _with_kickers(f"Four of a kind, {RANK_PLURALS[ranks[0]]}", ranks[1:])
    if cls in (STRAIGHT_FLUSH, ROYAL_ON_TOP):
        return "Royal flush" if ranks[0] == _ACE else f"Straight flush, {RANK_NAMES[ranks[0]]} high"
    if cls == FIVE_KIND:
        return f"Five of a kind, {RANK_PLURALS[ranks[0]]}"
    raise ValueError(f"hand class {cls} is unknown")


def pool_mask(pool: Pool | int | str | Iterable[Card | str]) -> int:
    """The 64-bit mask of a pool given as a Pool, a mask, text or cards."""
    if pool.__class__ is Pool:
        return pool._mask
    if isinstance(pool, (int, np.integer)) and not isinstance(pool, bool):
        return int(pool)
    if isinstance(pool, str):
        return Pool.parse(pool)._mask
    if isinstance(pool, Pool):
        return pool.mask
    if isinstance(pool, Iterable):
        return Pool.of(pool)._mask
    raise ValueError(f"a pool must be a Pool, a mask, text or cards, not {type(pool).__name__}")


def evaluate(pool: Pool | int | str | Iterable[Card | str], *, jokers: bool = False,
             joker_order: str | None = None, suit_order: str | None = None,
             royal_over_five: str = "no") -> HandRank:
    """The best poker hand of `pool` (1 to 52 cards; fewer than five: the best hand
    of what there is).

    - ``jokers``: the jokers X1 and X2 are wild, standing for any card, duplicates
      included (five of a kind ranks over a straight flush). Off: a joker is an error.
    - ``joker_order``: ``None`` (a hand ranks only by what its cards stand for),
      ``"natural"`` (among equal hands, fewer jokers wins) or ``"wild"`` (more wins).
    - ``suit_order``: the four suits highest first, e.g. ``"shcd"``; breaks exact
      ties by the suits of the cards in hand order (Poker roulette).
    - ``royal_over_five``: ``"no"``, ``"natural"`` or ``"any"`` royal flush ranks
      over five of a kind.

    >>> str(evaluate("X1 Kh Qh Jh Th 9c", jokers=True))
    'Royal flush'
    """
    cls = pool.__class__
    if cls is Pool:
        mask = pool._mask
    elif cls is int:
        mask = pool
    else:
        mask = pool_mask(pool)
    if jokers is False and joker_order is None and suit_order is None and royal_over_five == "no":
        rules = 0
    elif suit_order is None or suit_order.__class__ is str:
        rules = _cached_rules_code(jokers, joker_order, suit_order, royal_over_five)
    else:
        rules = rules_code(jokers, joker_order, suit_order, royal_over_five)
    rank = _new_rank(HandRank)
    rank.value = _evaluate_mask(mask, rules)
    return rank


_new_rank = object.__new__
_evaluate_mask = _backend.core.evaluate_mask     # the backend is chosen once, at import


def evaluate_many(masks: Any, *, jokers: bool = False, joker_order: str | None = None,
                  suit_order: str | None = None, royal_over_five: str = "no") -> np.ndarray:
    """Values of the best hands of many pools (uint64 masks) as an int64 array.

    Same options as :func:`evaluate`; ``HandRank(v)`` reads a value. The compiled
    core releases the GIL for the whole batch.
    """
    rules = rules_code(jokers, joker_order, suit_order, royal_over_five)
    return _evaluate_masks(as_mask_array(masks), rules)


_evaluate_masks = _backend.core.evaluate_masks


