"""Cards and pools: the public 64-bit layout of RULES.md section 1.

A card is bit ``16*suit + rank`` of a 64-bit mask (rank 0 is the Two, 12 the Ace;
suits ``c d h s`` are 0..3); the jokers ``X1`` and ``X2`` are bits 13 and 29.
A :class:`Pool` is a set of cards held as one such mask.

>>> p = Pool.parse("As Kd 9c 9h")
>>> len(p), str(p)
(4, 'As Kd 9h 9c')
>>> "9h" in p
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Self

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
              "Ten", "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
                "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"


def rank_word(rank: int) -> str:
    """A rank as poker hands name it: 2..10 in figures, Jack .. Ace in words.

    >>> rank_word(6), rank_word(8), rank_word(12)
    ('8', '10', 'Ace')
    """
    return str(rank + 2) if rank <= 8 else RANK_NAMES[rank]

JOKER1_BIT = 13
JOKER2_BIT = 29
JOKER_MASK = (1 << JOKER1_BIT) | (1 << JOKER2_BIT)
LANE = 0x1FFF                      # the 13 rank bits of one suit
NATURAL_MASK = sum(LANE << (16 * s) for s in range(4))
DECK_MASK = NATURAL_MASK | JOKER_MASK

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)}
_RANK_OF.update({ch.lower(): i for i, ch in enumerate(RANKS)})
_RANK_OF["10"] = 8
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_OF.update({ch.upper(): i for i, ch in enumerate(SUITS)})
_SUIT_OF.update({ch: i for i, ch in enumerate(SUIT_SYMBOLS)})
_SUIT_OF.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def card_bit(rank: int, suit: int) -> int:
    """Bit index of the card of `rank` (0..12) and `suit` (0..3)."""
    return 16 * suit + rank


def rank_column(rank: int) -> int:
    """Mask of the four cards of one rank."""
    return sum(1 << card_bit(rank, s) for s in range(4))


def suit_lane(suit: int) -> int:
    """Mask of the thirteen cards of one suit."""
    return LANE << (16 * suit)


def check_mask(mask: object, *, jokers: bool = True, what: str = "pool") -> int:
    """Return `mask` as an int after checking it is a valid pool mask."""
    if isinstance(mask, bool) or not isinstance(mask, int):
        raise ValueError(f"{what} mask must be an int, not {type(mask).__name__}")
    if mask < 0 or mask >= 1 << 64:
        raise ValueError(f"{what} mask {mask:#x} is not an unsigned 64-bit value")
    bad = mask & ~DECK_MASK
    if bad:
        raise ValueError(f"{what} mask {mask:#x} has bits outside the deck: {bad:#x}")
    if not jokers and mask & JOKER_MASK:
        raise ValueError(f"{what} mask {mask:#x} holds {joker_names(mask)}, but these rules "
                         f"have no jokers")
    return mask


MAX_COPY = 1 << 28      # elements: a batch copied to be judged stays under 2 GiB


def refuse_big_copy(name: str, arr: np.ndarray, dtype: Any) -> None:
    """ValueError, before any copying, when making `arr` a contiguous array of
    `dtype` would copy more than MAX_COPY elements (a zero-stride view of 2**40
    elements would need 8 TiB): pass a contiguous array of that dtype, or less."""
    if arr.size > MAX_COPY and not (arr.dtype == dtype and arr.flags.c_contiguous):
        raise ValueError(f"{name}: {arr.size:,} elements in a {arr.dtype} view that is not a "
                         f"contiguous {np.dtype(dtype)} array would be copied; copies stop at "
                         f"{MAX_COPY:,} elements: pass a contiguous array or fewer")


def joker_names(mask: int) -> str:
    """The jokers of a mask by name, for messages: ``the joker X1`` or ``the jokers X1 and X2``.

    >>> joker_names((1 << JOKER1_BIT) | 1), joker_names(JOKER_MASK)
    ('the joker X1', 'the jokers X1 and X2')
    """
    names = [name for name, bit in (("X1", JOKER1_BIT), ("X2", JOKER2_BIT)) if mask >> bit & 1]
    return ("the joker " if len(names) == 1 else "the jokers ") + " and ".join(names)


def as_mask_array(masks: object) -> np.ndarray:
    """A 1-d C-contiguous uint64 array of pool masks (no copy when it is one
    already); other unsigned or non-negative integer arrays are converted.
    The bits themselves are checked by the kernels, in the same pass as the work."""
    arr = np.asarray(masks)
    if arr.ndim != 1:
        raise ValueError(f"masks must be a 1-d array, got shape {arr.shape}")
    refuse_big_copy("masks", arr, np.uint64)
    if arr.dtype != np.uint64:
        if arr.size == 0:
            return np.zeros(0, np.uint64)
        if arr.dtype.kind not in "ui":
            raise ValueError(f"masks must be an unsigned 64-bit integer array, not {arr.dtype}")
        if arr.dtype.kind == "i" and (arr < 0).any():
            raise ValueError("masks must not be negative")
        arr = arr.astype(np.uint64)
    return np.ascontiguousarray(arr)


class Card:
    """One card: a rank and a suit, or one of the two jokers.

    >>> Card.parse("10h"), Card.parse("X2").is_joker
    (Card('Th'), True)
    """

    __slots__ = ("bit", "rank", "suit", "_text")

    def __init__(self, bit: int) -> None:
        if isinstance(bit, bool) or not hasattr(bit, "__index__"):
            raise ValueError(f"Card takes a bit of the 64-bit layout, not {bit!r} "
                             f"(text such as 'As' or 'X1' goes to Card.parse)")
        bit = bit.__index__()
        if not 0 <= bit < 64 or not (DECK_MASK >> bit) & 1:
            raise ValueError(f"bit {bit} is not a card of the deck")
        self.bit = bit
        if bit == JOKER1_BIT or bit == JOKER2_BIT:
            self.rank = -1
            self.suit = -1
            self._text = "X1" if bit == JOKER1_BIT else "X2"
        else:
            self.rank = bit % 16
            self.suit = bit // 16
            self._text = RANKS[self.rank] + SUITS[self.suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card a token names (``"As"``, ``"td"``, ``"X1"``). Raises ValueError naming the bad token."""
        return CARDS_BY_BIT[parse_card_bit(text)]

    @property
    def mask(self) -> int:
        """The card's bit in the public 64-bit layout (a one-card pool mask)."""
        return 1 << self.bit

    @property
    def is_joker(self) -> bool:
        """True for the jokers X1 and X2."""
        return self.rank < 0

    @property
    def name(self) -> str:
        """The card in words: 'Ace of spades', 'Joker 1'."""
        if self.is_joker:
            return "Joker " + self._text[1]
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.bit == self.bit

    def __hash__(self) -> int:
        return hash(("Card", self.bit))

    def __lt__(self, other: Card) -> bool:
        return _sort_key(self.bit) < _sort_key(other.bit)


def _sort_key(bit: int) -> tuple[int, int]:
    """High rank first, then suit s h d c; jokers last."""
    if bit == JOKER1_BIT or bit == JOKER2_BIT:
        return (1, bit)
    return (0, -(bit % 16) * 4 - bit // 16)


CARDS_BY_BIT: dict[int, Card] = {b: Card(b) for b in range(64) if (DECK_MASK >> b) & 1}
DECK: tuple[Card, ...] = tuple(sorted(CARDS_BY_BIT.values()))


def parse_card_bit(text: str) -> int:
    """Bit index of one card given as text: 'As', '10h', 'td', 'Q♠', 'X1'."""
    if not isinstance(text, str):
        raise ValueError(f"a card must be given as text, not {type(text).__name__}")
    t = text.strip()
    if t.upper() in ("X1", "X2"):
        return JOKER1_BIT if t.upper() == "X1" else JOKER2_BIT
    if len(t) < 2:
        raise ValueError(f"{text!r} is not a card: expected a rank and a suit, like 'As'")
    rank_text, suit_text = t[:-1], t[-1]
    rank = _RANK_OF.get(rank_text)
    if rank is None:
        raise ValueError(f"{text!r} is not a card: rank {rank_text!r} unknown")
    suit = _SUIT_OF.get(suit_text)
    if suit is None:
        raise ValueError(f"{text!r} is not a card: suit {suit_text!r} unknown")
    return card_bit(rank, suit)


def iter_bits(mask: int) -> Iterator[int]:
    """Set bit indices of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The backend supplies Pool's storage (a C struct field in the compiled core).
# Imported here, after the constants above, because the backend module reads them.
from .core.backend import core as _core  # noqa: E402

if TYPE_CHECKING:       # either backend's PoolBase has the shape core/_core.pyi gives
    from .core._core import PoolBase as _PoolBase
else:
    _PoolBase = _core.PoolBase


class Pool(_PoolBase):
    """A set of cards held as one 64-bit mask (the public layout).

    >>> (Pool.parse("As") | Pool.parse("Kd")).mask == (1 << 60) | (1 << 27)
    True
    """

    __slots__ = ()

    def __init__(self, mask: int | Pool = 0) -> None:
        if isinstance(mask, Pool):
            mask = mask._mask
        super().__init__(check_mask(mask))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pool, (self._mask,))

    @classmethod
    def parse(cls, text: str) -> Pool:
        """Parse cards separated by spaces or commas; duplicates are an error."""
        if not isinstance(text, str):
            raise ValueError(f"cards must be given as text, not {type(text).__name__}")
        mask = 0
        for token in text.replace(",", " ").split():
            bit = parse_card_bit(token)
            if (mask >> bit) & 1:
                raise ValueError(f"card {CARDS_BY_BIT[bit]} appears twice in {text!r}")
            mask |= 1 << bit
        return cls(mask)

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> Pool:
        """A pool from cards or card texts; duplicates are an error."""
        try:
            each = iter(cards)
        except TypeError:        # an int, a 0-d array...: Python's message names nothing
            raise ValueError(f"cards must be a list of cards or card texts, "
                             f"not {cards!r}") from None
        mask = 0
        for card in each:
            bit = card.bit if isinstance(card, Card) else parse_card_bit(card)
            if (mask >> bit) & 1:
                raise ValueError(f"card {CARDS_BY_BIT[bit]} appears twice")
            mask |= 1 << bit
        return cls(mask)

    @property
    def mask(self) -> int:
        """The pool as an int: one bit per card in the public 64-bit layout."""
        return self._mask

    @property
    def jokers(self) -> int:
        """How many jokers the pool holds."""
        return bin(self._mask & JOKER_MASK).count("1")

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(CARDS_BY_BIT[b] for b in iter_bits(self._mask)))

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool((self._mask >> card.bit) & 1)
        if isinstance(card, str):
            return bool((self._mask >> parse_card_bit(card)) & 1)
        return False

    def __or__(self, other: Pool) -> Pool:
        if not isinstance(other, Pool):
            return NotImplemented
        return Pool(self._mask | other._mask)

    def __and__(self, other: Pool) -> Pool:
        if not isinstance(other, Pool):
            return NotImplemented
        return Pool(self._mask & other._mask)

    def __sub__(self, other: Pool) -> Pool:
        if not isinstance(other, Pool):
            return NotImplemented
        return Pool(self._mask & ~other._mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pool) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("Pool", self._mask))

    def __bool__(self) -> bool:
        return self._mask != 0

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"Pool.parse({str(self)!r})"


class Cards(tuple[Card, ...]):
    """A seat's cards where a deck may hold a card twice (two decks): a tuple of
    :class:`Card` whose ``str()`` is the card text.

    ``hand(seat)`` of Cheat and Poker roulette gives one (Poker Bull's cards are a
    :class:`Pool`, which reads the same way: iterate, ``len()``, ``in``, ``str()``).

    >>> c = Cards.parse("As Ad As")
    >>> len(c), str(c), Card.parse("Ad") in c
    (3, 'As Ad As', True)
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Self:
        out = tuple.__new__(cls, cards)
        for card in out:
            if not isinstance(card, Card):
                raise ValueError(f"Cards holds Card objects, not {card!r}")
        return out

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Cards from text such as ``"As Kd Kd"`` (repeats allowed); ValueError naming a bad token."""
        if not isinstance(text, str):
            raise ValueError(f"cards are given as text, not {type(text).__name__}")
        return cls(Card.parse(t) for t in text.replace(",", " ").split())

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"


def deck_bits(allowed_mask: int) -> tuple[int, ...]:
    """Bits of the deck's cards in card-index order: 13*suit + rank, then X1, X2."""
    naturals = [16 * s + r for s in range(4) for r in range(13)
                if (allowed_mask >> (16 * s + r)) & 1]
    jokers = [b for b in (JOKER1_BIT, JOKER2_BIT) if (allowed_mask >> b) & 1]
    return tuple(naturals + jokers)


class _CardsAnsweringAsBefore(Cards):
    """Cards that, for one release, also answer as what a game's ``hand(seat)`` gave before
    pokerbull 0.2 (each use warns): the names in ``_OLD_NAMES`` and ``==`` with an
    ``_OLD_TYPE`` are the old value's (``_old()``); everything else is the cards'."""

    _OLD_TYPE: type = object
    _OLD_NAMES: frozenset[str] = frozenset()

    def _old(self) -> Any:
        raise NotImplementedError

    def __getattr__(self, name: str) -> Any:
        if name in self._OLD_NAMES:
            return getattr(self._old(), name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Cards, (tuple(self),))

    def __eq__(self, other: object) -> Any:
        if isinstance(other, self._OLD_TYPE):
            return self._old() == other
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> Any:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = tuple.__hash__
