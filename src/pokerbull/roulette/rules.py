"""Poker roulette's options, checked (RULES.md section 5).

>>> r = Rules(players=7)
>>> r.decks, r.deck_size, r.suit_order
(2, 108, 'shdc')
>>> Rules(players=2)
Traceback (most recent call last):
...
ValueError: Poker roulette needs at least 3 players, not 2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS
from ..options import whole

DEFAULT_SUIT_ORDER = "shdc"     # spades > hearts > diamonds > clubs (RULES.md 5)
MIN_PLAYERS = 3
MAX_PLAYERS = 100               # 20 decks; a table beyond that is not a card game
DECK_CARDS = 54                 # one deck: 52 cards and both jokers
_SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_KEYS = ("players", "suit_order", "betting", "ante", "bet_size", "max_raises")


@dataclass(frozen=True)
class Rules:
    """Every option of a Poker roulette table.

    - ``players``: 3 or more; one deck of 54 cards (both jokers) per five players.
    - ``suit_order``: the four suits highest first (``"shdc"``: spades, hearts,
      diamonds, clubs); it breaks showdown ties.
    - ``betting``: fixed-limit betting rounds before each match card (on), or
      antes only, the best hand taking them (off).
    - ``ante``, ``bet_size``, ``max_raises``: what each player antes, the fixed
      bet, and how many raises may follow the bet in one round.
    """

    players: int = 5
    suit_order: str = DEFAULT_SUIT_ORDER
    betting: bool = True
    ante: int = 1
    bet_size: int = 1
    max_raises: int = 3

    def __post_init__(self) -> None:
        players = whole("players", self.players)
        if players < MIN_PLAYERS:
            raise ValueError(f"Poker roulette needs at least {MIN_PLAYERS} players, "
                             f"not {players}")
        object.__setattr__(self, "players", whole("players", players, MIN_PLAYERS, MAX_PLAYERS))
        order = self.suit_order
        if (not isinstance(order, str) or len(order) != 4
                or sorted(order.lower()) != sorted(SUITS)):
            raise ValueError(f"suit_order must name the four suits c d h s once each, highest "
                             f"first (like 'shdc'), not {order!r}")
        object.__setattr__(self, "suit_order", order.lower())
        if not isinstance(self.betting, bool):
            raise ValueError(f"betting must be True or False, not {self.betting!r}")
        for name, low, high in (("ante", 1, 1_000_000), ("bet_size", 1, 1_000_000),
                                ("max_raises", 0, 100)):
            object.__setattr__(self, name, whole(name, getattr(self, name), low, high))

    @property
    def decks(self) -> int:
        """ceil(players / 5) decks of 54 cards."""
        return -(-self.players // 5)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 54 per deck (jokers included) times :attr:`decks`."""
        return DECK_CARDS * self.decks

    @property
    def suit_strengths(self) -> tuple[int, int, int, int]:
        """Strength of each suit index c d h s (3 the highest)."""
        return tuple(3 - self.suit_order.index(s) for s in SUITS)  # type: ignore[return-value]

    def describe(self) -> str:
        """The rules in words, one line per option (what ``print(rules)`` shows).

        >>> print(Rules(players=7, betting=False))
        Poker roulette: 7 players, 2 decks of 54 cards (both jokers in each)
          suit order: spades > hearts > diamonds > clubs (breaks showdown ties)
          no betting: an ante of 1 each, the best hand takes the antes
        """
        decks = f"{self.decks} deck{'s' * (self.decks != 1)}"
        order = " > ".join(_SUIT_WORDS[s] for s in self.suit_order)
        lines = [f"Poker roulette: {self.players} players, {decks} of {DECK_CARDS} cards "
                 f"(both jokers in each)",
                 f"  suit order: {order} (breaks showdown ties)"]
        if self.betting:
            lines.append(f"  fixed-limit betting before each match card: an ante of {self.ante}, "
                         f"bets of {self.bet_size}, at most {self.max_raises} raises after "
                         f"the bet in a round")
        else:
            lines.append(f"  no betting: an ante of {self.ante} each, the best hand takes "
                         f"the antes")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready (:meth:`from_dict` reads it back)."""
        return {k: getattr(self, k) for k in _KEYS}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from :meth:`to_dict`'s output. Raises ValueError naming an unknown option or a bad value."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping of options, not {type(data).__name__}")
        unknown = sorted(set(data) - set(_KEYS))
        if unknown:
            raise ValueError(f"unknown Poker roulette option {unknown[0]!r}: the options are "
                             f"{', '.join(_KEYS)}")
        return cls(**data)


__all__ = ["DEFAULT_SUIT_ORDER", "MIN_PLAYERS", "Rules"]
