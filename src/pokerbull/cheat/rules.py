"""Cheat's rules: the base game of RULES.md section 4 and its variations as options.

Every variation is a keyword (``rank_fork=True``) or its seed letter in
``variations="AC"``; combinations that contradict each other are refused here,
at set-up, naming both.

>>> Rules.make(4, variations="AD").jokers_wild
True
>>> Rules.make(4, variations="DI")
Traceback (most recent call last):
...
ValueError: jokers_wild (D) and jokers_top (I) contradict each other: a joker cannot be both wild and a rank of its own
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from pokerbull.cards import RANKS, SUITS, parse_card_bit
from pokerbull.options import whole

# ---- cards as small integers: id = 4*rank + suit, jokers 52 and 53 -------------------
JOKER_RANK = 13                     # variation I: the jokers' own rank, between K and A
ACE = 12
N_CARDS = 54
X1, X2 = 52, 53
MAX_CLAIM = 16                      # the largest count a claim may name (K can hold 11 true)
MAX_STALL_TURNS = 2**31 - 1          # the compiled engine counts the turns in a C int
RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace", "Joker")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces", "Jokers")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def card_rank(card: int) -> int:
    """Rank index of a card id (13 for a joker)."""
    return JOKER_RANK if card >= 52 else card >> 2


def card_text(card: int) -> str:
    """'As', 'Td', 'X1'."""
    if card >= 52:
        return "X1" if card == X1 else "X2"
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_card(text: str) -> int:
    """The card id of one card given as text ('As', '10h', 'X1'); ValueError if none."""
    bit = parse_card_bit(text)
    if bit == 13:
        return X1
    if bit == 29:
        return X2
    return (bit % 16) * 4 + bit // 16


_TEXT = tuple(card_text(c) for c in range(N_CARDS))
_SHOWN_ORDER = tuple(sorted(range(N_CARDS), key=lambda c: (-card_rank(c), -(c & 3) if c < 52 else c)))


def cards_text(counts: Any) -> str:
    """Counts per card id as text, highest rank and suit first ('X1 As As Kd')."""
    out = []
    for c in _SHOWN_ORDER:
        k = counts[c]
        if k:
            out.extend([_TEXT[c]] * int(k))
    return " ".join(out)


def parse_cards(text: Any, *, what: str = "cards") -> list[int]:
    """Counts per card id from text like 'As 7d 7d X1' (two decks may repeat a card)."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        tokens = list(text)
    else:
        raise ValueError(f"{what} must be text like 'As 7d X1', not {type(text).__name__}")
    counts = [0] * N_CARDS
    for tok in tokens:
        try:
            counts[parse_card(tok)] += 1
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return counts


# ---- the variations ------------------------------------------------------------------
LETTERS = {
    "A": "rank_fork", "C": "count_lies", "D": "jokers_wild", "E": "one_card",
    "F": "specificity", "G": "free_for_all", "I": "jokers_top", "J": "check",
    "K": "eightshit", "L": "fourshit", "N": "canadian_start", "O": "egyptian",
    "P": "hawaiian", "R": "royals", "S": "only_one", "T": "chinese", "V": "places",
}
LETTER_OF = {name: letter for letter, name in LETTERS.items()}
OUT_OF_SCOPE = {
    "B": "a drinking rule (Kings pour into a cup), nothing to play",
    "H": "physical cheating (hiding cards, lying after a reveal)",
    "M": "a bidding war whose rules the seed does not give",
    "Q": "real time: anyone may play or challenge at any moment",
    "U": "real time: turning cards over instead of saying the word",
    "W": "physical cheating (mis-deals, sneaking looks, passing cards)",
}

# Pairs refused at set-up, with the reason a player would give.
_CONTRADICTIONS = (
    ("eightshit", "fourshit", "one deck or two: they are two versions of the same game"),
    ("jokers_wild", "eightshit", "Eightsh*t brings its own four wild jokers"),
    ("jokers_wild", "fourshit", "Fourshit brings its own two wild jokers"),
    ("jokers_wild", "jokers_top", "a joker cannot be both wild and a rank of its own"),
    ("jokers_top", "eightshit", "a joker cannot be both wild and a rank of its own"),
    ("jokers_top", "fourshit", "a joker cannot be both wild and a rank of its own"),
    ("jokers_top", "royals", "Royals claims only A to 10, so the jokers' rank could never be claimed"),
    ("jokers_top", "specificity", "a joker has no suit to claim"),
    ("count_lies", "specificity", "a Specificity claim names one card, rank and suit"),
    ("royals", "eightshit", "Eightsh*t chooses its own ranks (option ranks)"),
    ("royals", "fourshit", "Fourshit chooses its own ranks (option ranks)"),
    ("one_card", "free_for_all", "one card at a time, or any count"),
    ("specificity", "free_for_all", "one card at a time, or any count"),
    ("one_card", "eightshit", "Eightsh*t plays many cards at once"),
    ("one_card", "fourshit", "Fourshit plays many cards at once"),
    ("specificity", "eightshit", "Eightsh*t plays many cards at once"),
    ("specificity", "fourshit", "Fourshit plays many cards at once"),
    ("hawaiian", "chinese", "in Chinese Bluff only the player to play may doubt"),
    ("only_one", "chinese", "a Chinese doubt shows the whole play and starts a new round"),
    ("only_one", "eightshit", "the winner of an Eightsh*t challenge leads a new round"),
    ("only_one", "fourshit", "the winner of a Fourshit challenge leads a new round"),
    ("only_one", "egyptian", "the winner of an Egyptian challenge leads a new round"),
    ("canadian_start", "egyptian", "both choose who leads (first Jack, or the Ace of hearts)"),
)
# The ways of choosing the claimed rank exclude each other (egyptian includes the fork).
_RANK_RULES = ("rank_fork", "free_for_all", "eightshit", "fourshit", "egyptian", "chinese")
_RANK_RULES_COMPATIBLE = {frozenset(("rank_fork", "egyptian")), frozenset(("eightshit", "fourshit"))}


def _flag(name: str, value: Any) -> bool:
    if type(value) is not bool:
        raise ValueError(f"option {name} must be True or False, not {value!r}")
    return value


@dataclass(frozen=True)
class Rules:
    """One table of Cheat: players, the variations in play and the K/L ``ranks``.

    ``stall_turns``: the stuck-game rule (docs/cheat.md): when this many turns pass
    with no player finishing and no hand smaller than every hand before it, the game
    ends and the players are placed by hand size.
    """

    players: int = 4
    rank_fork: bool = False        # A
    count_lies: bool = False       # C
    jokers_wild: bool = False      # D
    one_card: bool = False         # E
    specificity: bool = False      # F
    free_for_all: bool = False     # G
    jokers_top: bool = False       # I
    check: bool = False            # J
    eightshit: bool = False        # K
    fourshit: bool = False         # L
    canadian_start: bool = False   # N
    egyptian: bool = False         # O
    hawaiian: bool = False         # P
    royals: bool = False           # R
    only_one: bool = False         # S
    chinese: bool = False          # T
    places: bool = False           # V
    ranks: str | None = None       # K/L: the ranks in the decks, e.g. "9TJQKA"
    stall_turns: int = 200

    @classmethod
    def make(cls, players: Any = 4, *, variations: str = "", **options: Any) -> Rules:
        """Rules from keywords and/or seed letters; ValueError naming anything wrong."""
        if not isinstance(variations, str):
            raise ValueError(f"variations must be letters like 'ACD', not {variations!r}")
        names = {f.name for f in fields(cls)} - {"players"}
        values: dict[str, Any] = {}
        for letter in variations.replace(" ", "").upper():
            if letter in OUT_OF_SCOPE:
                raise ValueError(f"variation {letter} is out of scope: {OUT_OF_SCOPE[letter]}")
            if letter not in LETTERS:
                raise ValueError(f"unknown variation {letter!r}: the variations are "
                                 f"{''.join(LETTERS)}")
            values[LETTERS[letter]] = True
        for key, value in options.items():
            if key not in names:
                raise ValueError(f"unknown option {key!r}: the options are "
                                 f"{', '.join(sorted(names | {'players', 'variations'}))}")
            values[key] = value
        return cls(players=players, **values)

    def __post_init__(self) -> None:
        p = whole("players", self.players, low=2)
        object.__setattr__(self, "players", p)
        for f in fields(self):
            if f.type == "bool" or f.type is bool:
                _flag(f.name, getattr(self, f.name))
        object.__setattr__(self, "stall_turns",
                           whole("stall_turns", self.stall_turns, 1, MAX_STALL_TURNS))
        for a, b, why in _CONTRADICTIONS:
            if getattr(self, a) and getattr(self, b):
                raise ValueError(f"{a} ({LETTER_OF[a]}) and {b} ({LETTER_OF[b]}) contradict "
                                 f"each other: {why}")
        chosen = [r for r in _RANK_RULES if getattr(self, r)]
        for i, a in enumerate(chosen):
            for b in chosen[i + 1:]:
                if frozenset((a, b)) not in _RANK_RULES_COMPATIBLE:
                    raise ValueError(f"{a} ({LETTER_OF[a]}) and {b} ({LETTER_OF[b]}) "
                                     "contradict each other: each decides which rank "
                                     "may be claimed")
        if self.ranks is not None:
            if not self.rounds_game:
                raise ValueError("option ranks belongs to eightshit (K) or fourshit (L)")
            if not isinstance(self.ranks, str) or not self.ranks:
                raise ValueError(f"ranks must be rank letters like '9TJQKA', not {self.ranks!r}")
            for ch in self.ranks:
                if ch not in RANKS:
                    raise ValueError(f"ranks: {ch!r} is not a rank (ranks are {RANKS})")
            if len(set(self.ranks)) != len(self.ranks):
                raise ValueError(f"ranks {self.ranks!r} names a rank twice")
        elif self.rounds_game and self.players + 2 > 13:
            raise ValueError(f"{self.players} players need {self.players + 2} ranks for "
                             "Eightsh*t/Fourshit, more than 13: give ranks= yourself")
        total = sum(self.deck)
        if total < p:
            raise ValueError(f"{p} players need at least {p} cards; this deck has {total}")
        if self.canadian_start and not any(self.deck[4 * 9 + s] for s in range(4)):
            raise ValueError("canadian_start (N) turns cards up until a Jack, "
                             "but this deck has no Jack")

    # ---- what the options mean
    @property
    def rounds_game(self) -> bool:
        """K or L: rounds of one rank, sets leave play, places kept."""
        return self.eightshit or self.fourshit

    @property
    def deck_ranks(self) -> tuple[int, ...]:
        """The natural ranks in the deck, low to high."""
        if not self.rounds_game:
            return tuple(range(13))
        if self.ranks is not None:
            return tuple(sorted(RANKS.index(ch) for ch in self.ranks))
        return tuple(range(13 - (self.players + 2), 13))

    @property
    def deck(self) -> tuple[int, ...]:
        """Copies of each card id in the deck."""
        copies = 2 if self.eightshit else 1
        counts = [0] * N_CARDS
        for r in self.deck_ranks:
            for s in range(4):
                counts[4 * r + s] = copies
        if self.jokers_wild or self.jokers_top or self.fourshit:
            counts[X1] = counts[X2] = 1
        if self.eightshit:
            counts[X1] = counts[X2] = 2
        return tuple(counts)

    @property
    def wild_jokers(self) -> bool:
        """True when jokers are wild (D, or the rounds game, which always plays them wild)."""
        return self.jokers_wild or self.rounds_game

    @property
    def set_size(self) -> int:
        """Natural cards of one rank that leave play together (0: never)."""
        return 8 if self.eightshit else 4 if self.fourshit else 0

    @property
    def cycle(self) -> tuple[int, ...]:
        """The claimable ranks in the order they come due (A, 2, ..., K, A, ...)."""
        if self.rounds_game:
            return self.deck_ranks
        top = 8 if self.royals else 11
        order = (ACE,) + tuple(range(top + 1))
        return order + ((JOKER_RANK,) if self.jokers_top else ())

    @property
    def max_lay(self) -> int:
        """Most cards one play may lay."""
        if self.one_card or self.specificity:
            return 1
        return 999 if self.rounds_game else 4

    @property
    def counts_may_differ(self) -> bool:
        """May the claimed count differ from the number laid (C, G, K, L)?"""
        return self.count_lies or self.free_for_all or self.rounds_game

    @property
    def claims_follow_rounds(self) -> bool:
        """K, L, T: a round's leader names any rank, the others follow it."""
        return self.rounds_game or self.chinese

    @property
    def fork(self) -> bool:
        """True when a claim may be the rank below, the same or the rank above (A, or Egyptian O, which includes it)."""
        return self.rank_fork or self.egyptian

    @property
    def keeps_places(self) -> bool:
        """True when the game goes on to place every seat (V, or the rounds game) instead of ending at the first to shed every card."""
        return self.places or self.rounds_game

    def variation_letters(self) -> str:
        """The seed letters of the variations these rules play, in letter order.

        >>> Rules.make(4, rank_fork=True, jokers_wild=True).variation_letters()
        'AD'
        """
        return "".join(letter for letter, name in LETTERS.items() if getattr(self, name))

    def options(self) -> dict[str, Any]:
        """The options that differ from the defaults, as keywords."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name != "players" and getattr(self, f.name) != f.default:
                out[f.name] = getattr(self, f.name)
        return out

    def to_dict(self) -> dict[str, Any]:
        """``players`` and every variation that is on, JSON-ready (:meth:`from_dict` reads it back)."""
        return {"players": self.players, **self.options()}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from :meth:`to_dict`'s output. Raises ValueError naming a bad option or a contradiction."""
        if not isinstance(data, Mapping):
            raise ValueError(f"saved game: rules must be a mapping, not {type(data).__name__}")
        d = dict(data)
        return cls.make(d.pop("players", None), **d)

    def summary(self) -> str:
        """The rules in one line: ``Cheat, 4 players, variations AD``."""
        letters = self.variation_letters()
        return f"Cheat, {self.players} players" + (f", variations {letters}" if letters else "")

    def describe(self) -> str:
        """The rules in words, one line per option (what ``print(rules)`` shows).

        >>> print(Rules.make(4, variations="AD"))
        Cheat: 4 players, a deck of 54 cards
          claimable ranks, in the order they come due: A 2 3 4 5 6 7 8 9 T J Q K
          variations: A rank_fork, D jokers_wild
          stuck game: over after 200 turns with no new smallest hand
        """
        deck = sum(self.deck)
        due = " ".join(RANKS[r] if r < 13 else "X" for r in self.cycle)
        letters = [f"{letter} {LETTERS[letter]}" for letter in self.variation_letters()]
        lines = [f"Cheat: {self.players} players, a deck of {deck} cards",
                 f"  claimable ranks, in the order they come due: {due}",
                 "  variations: " + (", ".join(letters) if letters else "none (the base game)"),
                 f"  stuck game: over after {self.stall_turns} turns with no new smallest hand"]
        if self.ranks is not None:
            lines.insert(1, f"  ranks in the decks: {self.ranks}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()
