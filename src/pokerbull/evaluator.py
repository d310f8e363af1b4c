"""The best poker hand of a pool: :func:`evaluate`, :func:`evaluate_many`, :class:`HandRank`.

Pools use the card layout of RULES.md section 1. A pool of any size (1 to 52
cards, plus jokers when they are wild) is judged by its best hand of
``min(5, N)`` cards; the Ace is also low in the wheel. See ``docs/evaluator.md``
for the options and the value layout.

>>> import pokerbull as pb
>>> hand = pb.evaluate("As Ad Ac 5h 5s Kd 2c")
>>> str(hand), hand.category, hand.ranks
('Full House, Aces over Fives', 'full_house', (12, 3))
>>> pb.evaluate("5c 4d 3h 2s Ac") < pb.evaluate("6c 5d 4h 3s 2d")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any
import warnings

import numpy as np
import numpy.typing as npt

from .core import backend as _backend
from .core._pure_evaluator import (CLASS_SHIFT, FIVE_KIND, FLUSH, FULL_HOUSE, HIGH_CARD, JOKER_ORDER_SHIFT,
                              JOKERS_WILD, NATURAL_BEATS_WILD, NO_TIERS, PAIR, QUADS, ROLES_SHIFT,
                              ROYAL_ANY, ROYAL_NATURAL, ROYAL_NO, ROYAL_ON_TOP, ROYAL_SHIFT,
                              STRAIGHT, STRAIGHT_FLUSH, SUIT_ORDER_ON, SUIT_STRENGTH_SHIFT,
                              TRIPS, TWO_PAIR, WILD_BEATS_NATURAL)
from .cards import (MAX_COPY, RANK_PLURALS, SUITS, Card, Pool, as_mask_array, rank_word,
                    refuse_big_copy)
from .options import refuse_unknown

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
    if not (joker_order is None or isinstance(joker_order, str)) \
            or joker_order not in _JOKER_ORDERS:
        raise ValueError(f"joker_order must be None, 'natural' (natural hands beat joker "
                         f"hands) or 'wild' (joker hands beat natural ones), not {joker_order!r}")
    if not isinstance(royal_over_five, str) or royal_over_five not in _ROYAL_OPTIONS:
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
EVALUATOR_OPTIONS = ("jokers", "joker_order", "suit_order", "royal_over_five")


_RANKS_NEEDED = {TWO_PAIR: 2, FULL_HOUSE: 2}        # every other hand names one rank at least
_STRAIGHTS = (STRAIGHT, STRAIGHT_FLUSH, ROYAL_ON_TOP)  # topped by a Five (the wheel) or higher


def _category_of(value: int) -> str:
    return _CATEGORY_OF_CLASS[value >> CLASS_SHIFT]


def _ranks_of(value: int) -> tuple[int, ...]:
    nibbles = (value >> ROLES_SHIFT) & 0xFFFFF
    out = []
    for shift in (16, 12, 8, 4, 0):
        r = (nibbles >> shift) & 0xF
        if not r:
            break
        out.append(r - 1)
    return tuple(out)


def _is_royal(value: int) -> bool:
    cls = value >> CLASS_SHIFT
    return cls == ROYAL_ON_TOP or (cls == STRAIGHT_FLUSH and _ranks_of(value) == (_ACE,))


def _check_value(value: int) -> None:
    """ValueError unless `value` is the value of a hand (both HandRank twins ask)."""
    cls, ranks = value >> CLASS_SHIFT, _ranks_of(value)
    if cls >= len(_CATEGORY_OF_CLASS) or len(ranks) < _RANKS_NEEDED.get(cls, 1) \
            or max(ranks, default=0) > _ACE or (cls in _STRAIGHTS and ranks[0] < 3):
        raise ValueError(f"{value:#x} is not the value of a hand (evaluate() and "
                         f"evaluate_many() give them)")


def _words_of(value: int) -> str:
    return describe(value >> CLASS_SHIFT, _ranks_of(value))


class HandRank:
    """The strength of a poker hand: totally ordered, hashable, readable.

    Compare two ranks only when they come from the same options. ``value`` is
    the integer behind the order (bigger is better). With the compiled core this
    name is its twin ``pokerbull.core._core.HandRank``: the same behaviour, and
    no Python object inside, so the garbage collector does not track it.

    >>> r = evaluate("Kh Kd 9s 9c 4d")
    >>> r.category, r.ranks, str(r)
    ('two_pair', (11, 7, 2), 'Two Pair, Kings and Nines (4)')
    """

    __slots__ = ("value",)

    value: int

    def __init__(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"a hand rank value must be a non-negative int, not {value!r}")
        self.value = int(value)
        _check_value(self.value)

    @property
    def category(self) -> str:
        """Category code: 'high_card' ... 'straight_flush', 'five_kind'."""
        return _category_of(self.value)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide the hand, in role order (0 is the Two, 12 the Ace).

        High card and flush: the five ranks; pair: the pair then three kickers;
        two pair: high pair, low pair, kicker; trips: triplet, two kickers;
        straight and straight flush: the top card (3 for the wheel); full house:
        triplet then pair; quads: the rank then the kicker; five of a kind: the rank.
        Hands of pools under five cards have fewer kickers.
        """
        return _ranks_of(self.value)

    @property
    def is_royal(self) -> bool:
        """Is this a royal flush (a straight flush to the Ace)?"""
        return _is_royal(self.value)

    def __str__(self) -> str:
        return _words_of(self.value)

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

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandRank, (self.value,))


def _python_rank(value: int) -> HandRank:
    rank = object.__new__(HandRank)
    rank.value = value
    return rank


_new_rank = _python_rank
_PythonHandRank = HandRank                       # the pure twin, kept for the tests
if _backend.core.HandRank is not None:           # the compiled twin (see the class doc)
    HandRank = _backend.core.HandRank            # type: ignore[misc]  # noqa: F811
    _new_rank = _backend.core.hand_rank


def _names(ranks: Iterable[int]) -> str:
    return ", ".join(rank_word(r) for r in ranks)


def _with_kickers(head: str, kickers: tuple[int, ...]) -> str:
    return f"{head} ({_names(kickers)})" if kickers else head


def describe(cls: int, ranks: tuple[int, ...]) -> str:
    """A hand in words, named as the exact-hand ladder names its calls (kickers in
    brackets), e.g. 'Full House, Aces over Fives'; ranks 2..10 in figures."""
    plural = RANK_PLURALS
    if cls == HIGH_CARD:
        return _with_kickers(f"High Card, High {rank_word(ranks[0])}", ranks[1:])
    if cls == PAIR:
        return _with_kickers(f"Pair of {plural[ranks[0]]}", ranks[1:])
    if cls == TWO_PAIR:
        return _with_kickers(f"Two Pair, {plural[ranks[0]]} and {plural[ranks[1]]}", ranks[2:])
    if cls == TRIPS:
        return _with_kickers(f"Three of a Kind, {plural[ranks[0]]}", ranks[1:])
    if cls == STRAIGHT:
        return f"Straight, {_straight(ranks[0])}"
    if cls == FLUSH:
        return _with_kickers(f"Flush, High {rank_word(ranks[0])}", ranks[1:])
    if cls == FULL_HOUSE:
        return f"Full House, {plural[ranks[0]]} over {plural[ranks[1]]}"
    if cls == QUADS:
        return _with_kickers(f"Four of a Kind, {plural[ranks[0]]}", ranks[1:])
    if cls in (STRAIGHT_FLUSH, ROYAL_ON_TOP):
        return "Royal Flush" if ranks[0] == _ACE else f"Straight Flush, {_straight(ranks[0])}"
    if cls == FIVE_KIND:
        return f"Five of a Kind, {plural[ranks[0]]}"
    raise ValueError(f"hand class {cls} is unknown")


def _straight(top: int) -> str:
    low = _ACE if top == 3 else top - 4      # the wheel runs from the Ace to the Five
    return f"{rank_word(low)} to {rank_word(top)}"


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
    'Royal Flush'
    """
    cls = pool.__class__
    if cls is Pool:
        mask = pool._mask      # type: ignore[union-attr]  # narrowed by hand: the fast path
    elif cls is int:
        mask = pool
    else:
        mask = pool_mask(pool)
    if jokers is False and joker_order is None and suit_order is None and royal_over_five == "no":
        rules = 0
    elif (suit_order is None or suit_order.__class__ is str) and jokers.__class__ is bool \
            and (joker_order is None or joker_order.__class__ is str) \
            and royal_over_five.__class__ is str:
        rules = _cached_rules_code(jokers, joker_order, suit_order, royal_over_five)
    else:                       # odd values (a list...) are refused by name, uncached
        rules = rules_code(jokers, joker_order, suit_order, royal_over_five)
    return _new_rank(_evaluate_mask(mask, rules))


_evaluate_mask = _backend.core.evaluate_mask     # the backend is chosen once, at import
if _backend.core.bind_evaluator is not None:
    # the compiled evaluate judges a Pool or a mask under the default options itself
    # (about 40-75 ns a call) and hands every other call to this one
    _backend.core.bind_evaluator(evaluate, _category_of, _ranks_of, _is_royal, _words_of,
                                 _check_value)
    _fast_evaluate = _backend.core.evaluate
    _fast_evaluate.__doc__ = evaluate.__doc__
    evaluate = _fast_evaluate                    # noqa: F811


def evaluate_many(masks: Any, *, jokers: bool = False, joker_order: str | None = None,
                  suit_order: str | None = None, royal_over_five: str = "no",
                  **unknown: Any) -> npt.NDArray[np.int64]:
    """Values of the best hands of many pools as an int64 array.

    `masks`: a 1-d array of uint64 pool masks, or an (N, k) integer array of card
    indices (:func:`card_index` numbering: ``13 * suit + rank``, 52 and 53 the
    jokers), one pool of k distinct cards a row. Index rows of any integer dtype
    and any strides are read as they are, never converted; a row with an index
    out of range or a card twice is a ValueError naming the row. Same options as
    :func:`evaluate`; ``HandRank(v)`` reads a value. The compiled core releases
    the GIL for the whole batch.

    >>> import numpy as np
    >>> rows = np.array([[card_index(c) for c in "As Ks Qs Js Ts".split()]], np.uint8)
    >>> bool(evaluate_many(rows)[0] == evaluate("As Ks Qs Js Ts").value)
    True
    """
    if unknown:
        refuse_unknown("evaluate_many", unknown, EVALUATOR_OPTIONS)
    rules = rules_code(jokers, joker_order, suit_order, royal_over_five)
    if masks.__class__ is np.ndarray and masks.ndim == 2 and masks.size <= MAX_COPY:
        return _evaluate_indices(masks, rules)
    arr = np.asarray(masks)
    if arr.ndim == 2:       # a huge view of few distinct rows (zero strides) is refused too
        refuse_big_copy("pools", arr, arr.dtype)
        return _evaluate_indices(arr, rules)
    if arr.ndim != 1:
        raise ValueError(f"pools must be a 1-d array of masks or a 2-d array of card indices "
                         f"(one row a pool), got shape {arr.shape}")
    return _evaluate_masks(as_mask_array(arr), rules)


_evaluate_masks: Callable[[npt.NDArray[np.uint64], int], npt.NDArray[np.int64]] = \
    _backend.core.evaluate_masks
_evaluate_indices: Callable[[npt.NDArray[Any], int], npt.NDArray[np.int64]] = \
    _backend.core.evaluate_indices




# ---- multisets: two decks, jokers always wild (Poker roulette) -------------------
#
# A card index here is ``13*suit + rank`` for natural cards and 52, 53 for X1, X2
# (the order of ``pokerbull.game.deck_bits``). A multiset of cards is a list of 54
# counts, so a stockpile dealt from two decks can hold the same card twice.

#: Number of card indices of the multiset evaluator: 52 natural cards and two jokers.
CARD_INDICES = 54
#: The most copies of one card a multiset may hold (a hundred decks; more is no table).
MAX_COPIES = 100
_JOKER_INDICES = (52, 53)


def card_index(card: Card | str) -> int:
    """The multiset index of a card: ``13*suit + rank``, 52 for X1, 53 for X2.

    >>> card_index("2c"), card_index("As"), card_index("X2")
    (0, 51, 53)
    """
    c = card if isinstance(card, Card) else Card.parse(card)
    if c.is_joker:
        return 52 if str(c) == "X1" else 53
    return 13 * c.suit + c.rank


def suit_strengths(suit_order: str | None) -> tuple[int, int, int, int] | None:
    """Strength (3 the highest) of each suit index c d h s, or None for no suit order."""
    if suit_order is None:
        return None
    code = _cached_rules_code(False, None, suit_order, "no") if isinstance(suit_order, str) \
        else rules_code(suit_order=suit_order)
    return tuple((code >> (SUIT_STRENGTH_SHIFT + 2 * s)) & 3 for s in range(4))  # type: ignore


def evaluate_cards(cards: Iterable[Card | str] | str, *, suit_order: str | None = None,
                   jokers: bool | None = None) -> HandRank:
    """The best hand of at most five cards of a multiset of cards (jokers wild with
    ``jokers=True``).

    Unlike :func:`evaluate`, the same card may appear more than once (two decks),
    and a joker stands for any card *suit included*: with a suit order it takes
    the strongest suit its place in the hand allows. Same value layout as
    :func:`evaluate` (suits in hand order when `suit_order` is given), so the two
    agree on every one-deck pool without jokers. The rules are RULES.md section 5
    (Poker roulette's showdown); ``docs/evaluator.md`` has the details.

    ``jokers`` works as in :func:`evaluate`: ``True`` makes X1 and X2 wild,
    ``False`` refuses them with a ValueError. Left out (``None``), a joker is still
    wild but warns (DeprecationWarning): from the next release it will need
    ``jokers=True``, as :func:`evaluate` does.

    >>> str(evaluate_cards("Ks Ks Kh Kd X1", jokers=True))
    'Five of a Kind, Kings'
    >>> evaluate_cards("Ah Kd", suit_order="shdc") > evaluate_cards("Ad Kh", suit_order="shdc")
    True
    """
    counts = [0] * CARD_INDICES
    if isinstance(cards, str):
        tokens: Iterable[Any] = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, Mapping)):
        tokens = cards
    else:
        raise ValueError(f"cards must be card text or a list of cards, not {cards!r}")
    for k, c in enumerate(tokens):
        if k >= MAX_COPIES:
            raise ValueError(f"cards: more than {MAX_COPIES} cards")
        if not isinstance(c, (Card, str)):
            raise ValueError(f"card {k} must be a Card or card text like 'As', not {c!r}")
        counts[card_index(c)] += 1
    return _evaluate_multiset(counts, suit_order, jokers, "evaluate_cards")


def evaluate_counts(counts: Any, *, suit_order: str | None = None,
                    jokers: bool | None = None) -> HandRank:
    """:func:`evaluate_cards` for a multiset given as 54 counts (see :func:`card_index`);
    ``jokers`` as there."""
    return _evaluate_multiset(counts, suit_order, jokers, "evaluate_counts")


def _evaluate_multiset(counts: Any, suit_order: str | None, jokers: bool | None,
                       name: str) -> HandRank:
    """The shared body of evaluate_cards and evaluate_counts: counts checked, then
    the jokers' permission, then the value."""
    if jokers is not None and not isinstance(jokers, bool):
        raise ValueError(f"jokers must be True, False or None, not {jokers!r}")
    checked = check_counts(counts)
    held = [f"X{k + 1}" for k, i in enumerate(_JOKER_INDICES) if checked[i]]
    if held and jokers is False:
        raise ValueError(f"the cards hold {' and '.join(held)} (a joker), but jokers are "
                         f"off (ask for jokers=True)")
    if held and jokers is None:
        warnings.warn(f"{name}: jokers are wild here without jokers=True; from the next "
                      f"release they will need jokers=True, as in evaluate()",
                      DeprecationWarning, stacklevel=3)
    return _new_rank(multiset_value(checked, suit_strengths(suit_order)))


def check_counts(counts: Any) -> list[int]:
    """The 54 counts of a multiset as a list of ints, checked."""
    if isinstance(counts, (str, bytes, Mapping)) or not isinstance(counts, Iterable) \
            or (isinstance(counts, np.ndarray) and counts.ndim != 1):
        raise ValueError(f"counts must be 54 whole numbers, not {counts!r}")
    out = []
    for i, c in enumerate(counts):
        if i >= CARD_INDICES:
            raise ValueError(f"counts must have {CARD_INDICES} entries (52 cards, X1, X2), "
                             f"not more")
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)) \
                or not 0 <= c <= MAX_COPIES:
            raise ValueError(f"count {i} must be a whole number 0..{MAX_COPIES}, not {c!r}")
        out.append(int(c))
    if len(out) != CARD_INDICES:
        raise ValueError(f"counts must have {CARD_INDICES} entries (52 cards, X1, X2), "
                         f"not {len(out)}")
    if not any(out):
        raise ValueError("an empty multiset has no hand")
    return out


def multiset_value(counts: list[int], strengths: tuple[int, ...] | None) -> int:
    """The value of the best hand of a multiset (the pure reference of the compiled
    ``pokerbull.roulette._engine.multiset_value``; both walk the categories from
    the highest down in closed form, never enumerating subsets)."""
    by_suit = strengths is not None
    st = strengths if strengths is not None else (0, 0, 0, 0)
    top = 3 if by_suit else 0
    cnt = [[counts[13 * s + r] for r in range(13)] for s in range(4)]
    jokers = counts[52] + counts[53]
    rank_cnt = [cnt[0][r] + cnt[1][r] + cnt[2][r] + cnt[3][r] for r in range(13)]
    n = sum(rank_cnt) + jokers
    h = n if n < 5 else 5
    # suit strengths of the natural cards of each rank, strongest first
    strengths_of = [sorted((st[s] for s in range(4) for _ in range(cnt[s][r])), reverse=True)
                    for r in range(13)]

    def value(cls: int, roles: list[int], marks: list[int]) -> int:
        nib = 0
        for i, r in enumerate(roles):
            nib |= (r + 1) << (4 * (4 - i))
        suits = 0
        if by_suit:
            for i, m in enumerate(marks):
                suits |= (m + 1) << (3 * (4 - i))
        return cls << CLASS_SHIFT | nib << ROLES_SHIFT | suits

    def group(r: int, size: int, wild: int) -> list[int]:
        # `wild` jokers (the strongest suit) and the best natural cards of rank r
        return [top] * wild + strengths_of[r][:size - wild]

    def kickers(away: tuple[int, ...], k: int) -> tuple[list[int], list[int]]:
        ranks: list[int] = []
        marks: list[int] = []
        for r in range(12, -1, -1):
            if r in away:
                continue
            for m in strengths_of[r]:
                if len(ranks) == k:
                    return ranks, marks
                ranks.append(r)
                marks.append(m)
        return ranks, marks

    def of_a_kind(size: int, cls: int) -> int | None:
        # the highest rank with `size` cards (jokers filling in), then the kickers; every
        # joker goes in: one the group does not need is its card in the strongest suit
        for r in range(12, -1, -1):
            if rank_cnt[r] + jokers >= size:
                ks, km = kickers((r,), h - size)
                return value(cls, [r] + ks, group(r, size, min(jokers, size)) + km)
        return None

    # five of a kind
    if h == 5:
        found = of_a_kind(5, FIVE_KIND)
        if found is not None:
            return found
        # straight flush: the highest top, then the strongest suit
        for t in range(12, 2, -1):
            window: Sequence[int] = range(t, t - 5, -1) if t > 3 else (3, 2, 1, 0, 12)
            for s in sorted(range(4), key=lambda s: -st[s]):
                missing = sum(1 for r in window if not cnt[s][r])
                if missing <= jokers:
                    return value(STRAIGHT_FLUSH, [t], [st[s]] * 5)
    found = of_a_kind(4, QUADS) if h >= 4 else None
    if found is not None:
        return found
    if h == 5:
        for t in range(12, -1, -1):
            for p in range(12, -1, -1):
                if p == t:
                    continue
                need_t, need_p = max(0, 3 - rank_cnt[t]), max(0, 2 - rank_cnt[p])
                if need_t + need_p <= jokers:
                    return value(FULL_HOUSE, [t, p], group(t, 3, need_t) + group(p, 2, need_p))
        best = None
        for s in range(4):
            if sum(cnt[s]) + jokers >= 5:
                ranks = ([12] * jokers + [r for r in range(12, -1, -1) for _ in range(cnt[s][r])])[:5]
                key = (ranks, st[s])
                if best is None or key > best:
                    best = key
        if best is not None:
            return value(FLUSH, best[0], [best[1]] * 5)
        for t in range(12, 2, -1):
            window = list(range(t, t - 5, -1)) if t > 3 else [3, 2, 1, 0, 12]
            missing = sum(1 for r in window if not rank_cnt[r])
            if missing <= jokers:
                marks = [strengths_of[r][0] if rank_cnt[r] else top for r in window]
                spare = jokers - missing
                for i in range(5):          # spare jokers take the strongest suit, first cards first
                    if spare and marks[i] != top:
                        marks[i] = top
                        spare -= 1
                return value(STRAIGHT, [t], marks)
    found = of_a_kind(3, TRIPS) if h >= 3 else None
    if found is not None:
        return found
    if h >= 4:
        for hi in range(12, -1, -1):
            for lo in range(hi - 1, -1, -1):
                need_h, need_l = max(0, 2 - rank_cnt[hi]), max(0, 2 - rank_cnt[lo])
                if need_h + need_l <= jokers:
                    ks, km = kickers((hi, lo), h - 4)
                    return value(TWO_PAIR, [hi, lo] + ks,
                                 group(hi, 2, need_h) + group(lo, 2, need_l) + km)
    found = of_a_kind(2, PAIR) if h >= 2 else None
    if found is not None:
        return found
    if jokers:                       # a lone joker: the Ace of the strongest suit
        return value(HIGH_CARD, [12], [top])
    ks, km = kickers((), h)
    return value(HIGH_CARD, ks, km)


__all__ += ["CARD_INDICES", "card_index", "evaluate_cards", "evaluate_counts"]
