"""The Poker roulette state: deal, matching, stockpiles, betting, showdown (RULES.md 5).

Every dealt card is a chance outcome over the cards left; a state made with a
``seed`` (the default) draws them itself from its generator, one with ``deck=``
deals that order, and one made with ``chance_nodes=True`` stops at each card
for :meth:`Game.apply_action` to give it (``chance_outcomes`` lists them).
Player actions are ``FOLD`` (0), ``CALL`` (1, a check when nothing is owed) and
``RAISE`` (2, a bet when nothing was bet); a dealt card is ``DEAL + card index``.

>>> g = Game(players=3, betting=False, deck="2c 3c 4c  5d 6d 7d  8h 9d Kh  Ks")
>>> [" ".join(map(str, g.stockpile(s))) for s in range(3)]
['2c', '3c', '4c Kh']
>>> g.history[-2].describe()
'match card Ks: seat 0 discards 5d 8h, seat 1 discards 6d 9d, seat 2 keeps Kh, discards 7d'
>>> g.result.winners, g.returns()
((2,), [-1.0, -1.0, 2.0])
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from ..cards import CARDS_BY_BIT, JOKER1_BIT, JOKER2_BIT, Card, Cards, _CardsAnsweringAsBefore
from ..core import backend as _backend
from ..evaluator import HandRank, card_index, multiset_value
from ..gamelog import options_text, read_frame
from ..options import refuse_unknown
from ..protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, can, read_save
from ..protocol import Observation as _FamilyObservation
from ..randomness import generator_from_state, make_rng, state_from_json, state_to_json
from .rules import Rules

FORMAT = "pokerbull-roulette"
FORMAT_VERSION = 1
LOG_HEADER = "pokerbull roulette log 1"

FOLD, CALL, RAISE = 0, 1, 2
CHECK, BET = CALL, RAISE      # one action each: check/call, and bet/raise (see the verbs)
DEAL = 3                      # DEAL + card index deals that card (a chance outcome)
CARD_KINDS = 54               # card indices: 13*suit + rank, then X1 (52) and X2 (53)
NUM_ACTIONS = DEAL + CARD_KINDS

STOCK, ACTIVE, MATCH, BETTING = 0, 1, 2, 3      # the steps of a round
_STEP_WORDS = ("stock", "active", "match")

#: Card of each card index (two decks give the same Card twice: cards are values).
CARD_OF: tuple[Card, ...] = tuple(
    [CARDS_BY_BIT[16 * s + r] for s in range(4) for r in range(13)]
    + [CARDS_BY_BIT[JOKER1_BIT], CARDS_BY_BIT[JOKER2_BIT]])


def _is_joker(i: int) -> bool:
    return i >= 52


def matches(card: int, match: int) -> bool:
    """Does a natural card match a natural match card (same suit or same rank)?"""
    return card < 52 and match < 52 and (card // 13 == match // 13 or card % 13 == match % 13)


def _text(cards: Iterable[int]) -> str:
    return " ".join(str(CARD_OF[i]) for i in cards)


def _cards(cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARD_OF[i] for i in cards)


def _load_value_kernel() -> Callable[[list[int], tuple[int, ...] | None], int]:
    """The compiled multiset evaluator when the compiled core is in use, else the pure one."""
    if _backend.name == "cython":
        try:
            from ._engine import multiset_value as compiled
        except ImportError:
            return multiset_value
        return compiled
    return multiset_value


_value = _load_value_kernel()


def hand_value(cards: Iterable[int], strengths: tuple[int, ...]) -> int:
    """Value of the best hand (at most five cards) of cards given by index."""
    counts = [0] * CARD_KINDS
    for i in cards:
        counts[i] += 1
    return _value(counts, strengths)


# ---- history records ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Antes:
    """Every player put `amount` chips in the pot."""

    amount: int
    pot: int

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves and logs store)."""
        return {"type": "antes", "amount": self.amount, "pot": self.pot}


@dataclass(frozen=True, slots=True)
class CardDealt:
    """One card dealt: a stock card or an active card to `seat`, or the match card."""

    round: int
    step: str                 # "stock", "active" or "match"
    seat: int | None
    card: Card

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves and logs store)."""
        return {"type": "card", "round": self.round, "step": self.step, "seat": self.seat,
                "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class BetMade:
    """`seat` folded, checked, called, bet or raised, putting `amount` chips in."""

    round: int
    seat: int
    action: str               # "fold", "check", "call", "bet", "raise"
    amount: int
    pot: int

    def describe(self) -> str:
        """This record in words, as the game's log prints it."""
        chips = f" ({self.amount} chip{'s' * (self.amount != 1)})" if self.amount else ""
        verb = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
                "raise": "raises"}[self.action]
        return f"seat {self.seat} {verb}{chips}; pot {self.pot}"

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves and logs store)."""
        return {"type": "bet", "round": self.round, "seat": self.seat, "action": self.action,
                "amount": self.amount, "pot": self.pot}


@dataclass(frozen=True, slots=True)
class Matching:
    """The match card turned and every player's active cards matched against it.

    Per seat (empty for a seat that has folded): the active cards turned over,
    those kept (added to the stockpile) and those discarded. `claimed_by` is the
    seat that took the match card, or None when it was discarded.
    """

    round: int
    card: Card
    turned: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...], ...]
    discarded: tuple[tuple[Card, ...], ...]
    claimed_by: int | None

    @property
    def matched(self) -> tuple[bool, ...]:
        """Per seat: did at least one active card go to the stockpile?"""
        return tuple(bool(k) for k in self.kept)

    def describe(self) -> str:
        """This record in words, as the game's log prints it."""
        parts = []
        for seat, (kept, thrown) in enumerate(zip(self.kept, self.discarded)):
            if not kept and not thrown:
                continue
            words = []
            if kept:
                words.append(f"keeps {' '.join(map(str, kept))}")
            if thrown:
                words.append(f"discards {' '.join(map(str, thrown))}")
            claim = f" and claims {self.card}" if self.claimed_by == seat else ""
            parts.append(f"seat {seat} " + ", ".join(words) + claim)
        return f"match card {self.card}: " + ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves and logs store)."""
        return {"type": "matching", "round": self.round, "card": str(self.card),
                "turned": [" ".join(map(str, t)) for t in self.turned],
                "kept": [" ".join(map(str, k)) for k in self.kept],
                "discarded": [" ".join(map(str, d)) for d in self.discarded],
                "claimed_by": self.claimed_by}


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: ``"showdown"`` or ``"folds"`` (all but one folded).

    ``hands``: each seat's best stockpile hand at a showdown (None for a seat
    that folded, and for everyone when the game ended by folds). ``payouts``
    are the chips each seat takes from the pot.
    """

    reason: str
    hands: tuple[HandRank | None, ...]
    winners: tuple[int, ...]
    pot: int
    payouts: tuple[int, ...]

    def describe(self) -> str:
        """This record in words, as the game's log prints it."""
        if self.reason == "folds":
            return f"everyone else folded: seat {self.winners[0]} takes the pot of {self.pot}"
        who = " and ".join(f"seat {s}" for s in self.winners)
        hand = self.hands[self.winners[0]]
        split = " split" if len(self.winners) > 1 else ""
        return f"showdown: {who} win{'s' * (len(self.winners) == 1)} the pot of {self.pot}" \
               f"{split} with {hand}"

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves and logs store)."""
        return {"type": "result", "reason": self.reason,
                "hands": [None if h is None else str(h) for h in self.hands],
                "winners": list(self.winners), "pot": self.pot, "payouts": list(self.payouts)}


Record = Antes | CardDealt | BetMade | Matching | Result


def _named(card: Card) -> str:
    """A card in words and in its short form: 'Ten of diamonds (Td)', 'Joker 2 (X2)'."""
    return f"{card.name} ({card})"


def _seats_words(seats: Sequence[int], me: int) -> str:
    names = ["you" if s == me else f"seat {s}" for s in seats]
    names[0] = names[0][:1].upper() + names[0][1:]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _deal_line(deals: Sequence[CardDealt], me: int, players: int) -> str:
    """One line for a run of face-down deals (stock or active cards)."""
    counts: dict[int, int] = {}
    for d in deals:
        s = cast(int, d.seat)       # a face-down deal goes to a seat
        counts[s] = counts.get(s, 0) + 1
    if deals[0].step == "stock":
        own = [d.card for d in deals if d.seat == me]
        others = [s for s in counts if s != me]
        head = f"You are dealt your stock card, {_named(own[0])}" if own else ""
        rest = f"{_seats_words(others, -1).lower()} a stock card each, face down" if others else ""
        if head and rest:
            return f"{head}; {rest}."
        return (head or rest[:1].upper() + rest[1:]) + "."
    amounts = set(counts.values())
    if len(amounts) == 1:
        k = amounts.pop()
        cards = "an active card" if k == 1 else f"{k} active cards"
        everyone = len(counts) == players
        who = "Everyone is" if everyone else (
            _seats_words(list(counts), me) + (" are" if len(counts) > 1 or me in counts else " is"))
        return f"{who} dealt {cards}, face down."
    by_count: dict[int, list[int]] = {}
    for s, k in counts.items():
        by_count.setdefault(k, []).append(s)
    numbers = ("no", "one", "two", "three", "four", "five", "six")
    parts = [f"{numbers[k] if k < len(numbers) else k} "
             f"{'each ' if len(seats) > 1 else ''}to {_seats_words(seats, me).lower()}"
             for k, seats in sorted(by_count.items())]
    return "Active cards dealt face down: " + "; ".join(parts) + "."


# ---- what one seat may know --------------------------------------------------

@dataclass(frozen=True)
class Observation(_FamilyObservation):
    """What `seat` may know: face-up cards, its own stock card and the public betting.

    The family's fields (:class:`pokerbull.protocol.Observation`: ``hand_sizes`` are
    the stockpile sizes, ``cards`` this seat's own stockpile) and roulette's own.

    ``stockpiles[s]`` are the cards of seat s's stockpile that `seat` can see
    (its own stock card included for its own seat); ``stockpile_sizes`` count
    the hidden stock cards too. Active cards are dealt face down and seen by
    nobody until they are turned over at the match card (``active_counts``).
    """

    seat: int
    players: int
    round: int
    to_play: int | None
    stock_card: Card | None
    stockpiles: tuple[tuple[Card, ...], ...]
    stockpile_sizes: tuple[int, ...]
    active_counts: tuple[int, ...]
    match_card: Card | None
    discard: tuple[Card, ...]
    discard_face_down: int
    folded: tuple[bool, ...]
    put_in: tuple[int, ...]
    pot: int
    to_call: int
    raises_left: int
    cards_left: int
    is_over: bool
    rules: Rules = field(repr=False)
    winner: int | None = None       # the seat that took the whole pot, once over

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every stockpile's size (the family's name for ``stockpile_sizes``)."""
        return self.stockpile_sizes

    @property
    def cards(self) -> Cards:
        """This seat's own stockpile, every card of it (its stock card first)."""
        return Cards(self.stockpiles[self.seat])

    def legal_actions(self) -> list[int]:
        """Sorted actions open to this seat now ([] when it is not its turn)."""
        if self.to_play != self.seat or self.is_over:
            return []
        out = [FOLD] if self.to_call > 0 else []
        out.append(CALL)
        if self.raises_left > 0:
            out.append(RAISE)
        return out

    def action_mask(self) -> np.ndarray:
        """int8 array of length ``NUM_ACTIONS``: 1 where :meth:`legal_actions` has the action."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def to_array(self) -> np.ndarray:
        """The fixed-size float32 form (layout in docs/roulette.md)."""
        n = self.players
        out = np.zeros(observation_size(n), np.float32)
        out[self.seat] = 1.0
        if self.to_play is not None:
            out[n + self.to_play] = 1.0
        out[2 * n:3 * n] = self.folded
        out[3 * n:4 * n] = self.stockpile_sizes
        out[4 * n:5 * n] = self.active_counts
        out[5 * n:6 * n] = self.put_in
        base = 6 * n
        for s, cards in enumerate(self.stockpiles):
            for c in cards:
                out[base + 54 * s + card_index(c)] += 1.0
        base += 54 * n
        if self.stock_card is not None:
            out[base + card_index(self.stock_card)] = 1.0
        base += 54
        if self.match_card is not None:
            out[base + card_index(self.match_card)] = 1.0
        base += 54
        for c in self.discard:
            out[base + card_index(c)] += 1.0
        base += 54
        out[base:base + 7] = (self.pot, self.to_call, self.raises_left, self.round,
                              self.cards_left, self.discard_face_down, float(self.rules.betting))
        return out

    def describe(self) -> str:
        """What this seat sees, in a few lines of plain English."""
        lines = [f"Round {self.round}; you are seat {self.seat}; pot {self.pot}; "
                 f"{self.cards_left} cards left in the deck."]
        if self.match_card is not None:
            lines.append(f"Last match card: {self.match_card}.")
        for s in range(self.players):
            shown = " ".join(map(str, self.stockpiles[s]))
            hidden = self.stockpile_sizes[s] - len(self.stockpiles[s])
            who = "you" if s == self.seat else f"seat {s}"
            down = f"{hidden} card face down" if hidden == 1 else f"{hidden} cards face down"
            pile = (f"{shown} and {down}" if shown and hidden else shown or
                    (down if hidden else "empty"))
            active = self.active_counts[s]
            state = " (folded)" if self.folded[s] else ""
            lines.append(f"  {who}: stockpile {pile}; {active} active "
                         f"card{'s' * (active != 1)} face down; put in {self.put_in[s]}{state}")
        if self.to_play == self.seat and not self.is_over:
            words = {FOLD: "fold", CALL: f"call {self.to_call}" if self.to_call else "check",
                     RAISE: "raise" if self.to_call else "bet"}
            lines.append("Your turn: " + ", ".join(
                f"{a} {words[a]}" for a in self.legal_actions()))
        return "\n".join(lines)


def observation_size(players: int) -> int:
    """Length of the observation array of a table of `players`."""
    return 60 * players + 3 * 54 + 7


class _StockpileCards(_CardsAnsweringAsBefore):
    """``hand(seat)``'s cards; for one release they also answer as the HandRank that
    ``hand(seat)`` gave before pokerbull 0.2, with a DeprecationWarning."""

    _OLD_TYPE = HandRank
    _OLD_NAMES = frozenset(("value", "category", "ranks", "is_royal"))

    def __new__(cls, cards: Iterable[Card], rank: HandRank) -> _StockpileCards:
        out = super().__new__(cls, cards)
        out.__dict__["_rank"] = rank
        return out

    def _old(self) -> HandRank:
        warnings.warn("roulette Game.hand(seat) gives the seat's cards now; its best hand is "
                      "hand_rank(seat)", DeprecationWarning, stacklevel=3)
        rank: HandRank = self.__dict__["_rank"]
        return rank

    def _compare(self, other: object, op: str) -> Any:
        if isinstance(other, (HandRank, _StockpileCards)):
            theirs = other.__dict__["_rank"] if isinstance(other, _StockpileCards) else other
            return getattr(self._old(), op)(theirs)
        return getattr(tuple, op)(self, other)

    def __lt__(self, other: object) -> Any:
        return self._compare(other, "__lt__")

    def __le__(self, other: object) -> Any:
        return self._compare(other, "__le__")

    def __gt__(self, other: object) -> Any:
        return self._compare(other, "__gt__")

    def __ge__(self, other: object) -> Any:
        return self._compare(other, "__ge__")


# ---- randomness and JSON helpers ----------------------------------------------

def parse_deck(deck: Any, rules: Rules) -> list[int]:
    """A fixed dealing order as card indices: text or a sequence of cards.

    It may be shorter than the whole deck (the game stops dealing where it ends),
    but must not hold any card more often than the decks do.
    """
    if isinstance(deck, str):
        tokens: Sequence[Any] = deck.replace(",", " ").split()
    else:
        try:
            tokens = list(deck)
        except TypeError:        # an int, a 0-d array...
            raise ValueError(f"deck must be card text or a list of cards, "
                             f"not {deck!r}") from None
    out = []
    counts = [0] * CARD_KINDS
    for k, token in enumerate(tokens):
        if isinstance(token, (int, np.integer)) and not isinstance(token, bool):
            if not 0 <= token < CARD_KINDS:
                raise ValueError(f"deck card {k}: card index {token} is not 0..53")
            i = int(token)
        else:
            try:
                i = card_index(token)
            except ValueError as exc:
                raise ValueError(f"deck card {k}: {exc}") from None
        counts[i] += 1
        if counts[i] > rules.decks:
            raise ValueError(f"deck card {k}: {CARD_OF[i]} appears {counts[i]} times, but "
                             f"{rules.decks} deck(s) hold it {rules.decks} time(s)")
        out.append(i)
    return out


# ---- the game ----------------------------------------------------------------

GAME_OPTIONS = ("players", "seed", "suit_order", "betting", "deck", "ante", "bet_size",
                "max_raises", "chance_nodes", "rules")


class Game:
    """One game of Poker roulette (RULES.md section 5).

    ``Game(players=5, seed=None, suit_order="shdc", betting=True, deck=None,
    ante=1, bet_size=1, max_raises=3, chance_nodes=False)``. ``seed`` is an int,
    a ``numpy.random.Generator`` or None; ``deck`` fixes the dealing order (card
    text or a list of cards). ``chance_nodes=True`` makes every card a chance
    node given by :meth:`apply_action` (``DEAL + card index``).
    """

    CHANCE_PLAYER = CHANCE_PLAYER
    TERMINAL_PLAYER = TERMINAL_PLAYER

    def __init__(self, players: int = 5, *, seed: Any = None, suit_order: str = "shdc",
                 betting: bool = True, deck: Any = None, ante: int = 1, bet_size: int = 1,
                 max_raises: int = 3, chance_nodes: bool = False,
                 rules: Rules | None = None, **unknown: Any) -> None:
        if unknown:
            refuse_unknown("Poker roulette", unknown, GAME_OPTIONS)
        if rules is None:
            rules = Rules(players=players, suit_order=suit_order, betting=betting, ante=ante,
                          bet_size=bet_size, max_raises=max_raises)
        elif not isinstance(rules, Rules):
            raise ValueError(f"rules must be a roulette Rules, not {type(rules).__name__}")
        if not isinstance(chance_nodes, bool):
            raise ValueError(f"chance_nodes must be True or False, not {chance_nodes!r}")
        if deck is not None and chance_nodes:
            raise ValueError("deck= fixes every card, so there are no chance nodes: "
                             "give deck= or chance_nodes=True, not both")
        fixed = None if deck is None else parse_deck(deck, rules)
        if fixed is not None and len(fixed) < 3 * rules.players + 1:
            raise ValueError(f"deck= holds {len(fixed)} cards, but the first round of "
                             f"{rules.players} players needs {3 * rules.players + 1}")
        rng: np.random.Generator | None = make_rng(seed)   # checked even when left idle
        if deck is not None or chance_nodes:
            rng = None
        self._setup(rules, fixed, rng, chance_nodes)
        self._run()

    def _setup(self, rules: Rules, deck: list[int] | None, rng: np.random.Generator | None,
               chance_nodes: bool) -> None:
        n = rules.players
        self.rules = rules
        self._n = n
        self._strengths = rules.suit_strengths
        self._deck = deck
        self._deck_pos = 0
        self._rng = rng
        self._chance = chance_nodes
        self._left = [rules.decks] * CARD_KINDS
        self._left_total = rules.deck_size
        self._stock: list[list[int]] = [[] for _ in range(n)]
        self._active: list[list[int]] = [[] for _ in range(n)]
        self._match = -1
        self._discard: list[int] = []
        self._mucked: list[int] = []    # folded players' active cards, discarded unseen
        self._folded = [False] * n
        self._matched = [False] * n
        self._put = [rules.ante] * n
        self._pot = rules.ante * n
        self._round = 1
        self._queue: list[tuple[int, int]] = (
            [(STOCK, s) for s in range(n)] + [(ACTIVE, s) for s in range(n)] * 2
            + [(BETTING, -1), (MATCH, -1)])
        self._betting_now = False
        self._to_act = -1
        self._level = 0
        self._contrib = [0] * n
        self._raises = 0
        self._pending = 0
        self._over = False
        self._payouts: list[int] | None = None
        self._actions: list[int] = []
        self._history: list[Record] = [Antes(rules.ante, self._pot)]

    # ---- reading the state
    @property
    def players(self) -> int:
        """Seats at the table (the same as :attr:`num_players`)."""
        return self._n

    @property
    def round(self) -> int:
        """1 for the first match card; counts the rounds dealt."""
        return self._round

    def stockpile(self, seat: int) -> tuple[Card, ...]:
        """Every card of `seat`'s stockpile, the stock card first."""
        return _cards(self._stock[self._seat(seat)])

    def stock_card(self, seat: int) -> Card | None:
        """The top card of `seat`'s stockpile, or None when the pile is empty."""
        st = self._stock[self._seat(seat)]
        return CARD_OF[st[0]] if st else None

    def active_cards(self, seat: int) -> tuple[Card, ...]:
        """The active cards `seat` holds face down now."""
        return _cards(self._active[self._seat(seat)])

    @property
    def stockpiles(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's stockpile, top card first (all of them: this is the referee's view)."""
        return tuple(_cards(st) for st in self._stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, oldest first."""
        return _cards(self._discard)

    @property
    def match_card(self) -> Card | None:
        """The last match card turned (claimed or discarded since), or None before the first."""
        return CARD_OF[self._match] if self._match >= 0 else None

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt (with ``deck=``: what is left of the given order)."""
        if self._deck is not None:
            return len(self._deck) - self._deck_pos
        return self._left_total

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        return self._pot

    @property
    def put_in(self) -> tuple[int, ...]:
        """Chips each seat has put in the pot."""
        return tuple(self._put)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per seat, True once it has folded."""
        return tuple(self._folded)

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats that have not folded, lowest first."""
        return tuple(s for s in range(self._n) if not self._folded[s])

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0: it may check)."""
        return self._level - self._contrib[self._to_act] if self._betting_now else 0

    @property
    def raises_left(self) -> int:
        """Raises still allowed in this betting round (0 outside betting)."""
        return self.rules.max_raises + 1 - self._raises if self._betting_now else 0

    @property
    def history(self) -> tuple[Record, ...]:
        """Every record so far, oldest first (antes, cards dealt, bets, matchings, the result)."""
        return tuple(self._history)

    @property
    def result(self) -> Result | None:
        """The game's :class:`Result` (winners, hands, payouts) once it is over, else None."""
        return self._last_result() if self._over else None

    def _last_result(self) -> Result:
        """The last record of a game that is over: its Result."""
        return cast(Result, self._history[-1])

    def hand(self, seat: int) -> Cards:
        """The cards of `seat`'s hand: its whole stockpile, the stock card first (the
        cards its showdown hand is made of; active cards are face down, unseen even by it).

        Until pokerbull 0.2 this gave the stockpile's best hand; that is now
        :meth:`hand_rank`. For one release the cards still answer ``category``,
        ``ranks``, ``value``, ``is_royal`` and ``<``/``>`` as that hand did, with a
        DeprecationWarning.
        """
        seat = self._seat(seat)
        return _StockpileCards(_cards(self._stock[seat]), self.hand_rank(seat))

    def hand_rank(self, seat: int) -> HandRank:
        """The best hand of `seat`'s stockpile now (RULES.md 5 showdown order)."""
        return HandRank(hand_value(self._stock[self._seat(seat)], self._strengths))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards in each seat's stockpile (``len(hand(seat))``)."""
        return tuple(len(st) for st in self._stock)

    @property
    def is_over(self) -> bool:
        """Has the game ended (a showdown, or everyone else folded)?"""
        return self._over

    @property
    def winner(self) -> int | None:
        """The seat that took the whole pot; None before the end and when the pot is split."""
        if not self._over:
            return None
        winners = self._history[-1].winners   # type: ignore[union-attr]
        return winners[0] if len(winners) == 1 else None

    @property
    def places(self) -> tuple[int, ...]:
        """Seats from first place down once the game is over (() before): by their
        returns, best first; equal returns by the showdown hand, then the seat that
        folded later, then the lower seat."""
        if not self._over:
            return ()
        result: Result = self._history[-1]      # type: ignore[assignment]
        returns = self.returns()
        folds = [r.seat for r in self._history if type(r) is BetMade and r.action == "fold"]
        fold_at = {s: k for k, s in enumerate(folds)}

        def key(s: int) -> tuple[Any, ...]:
            hand = result.hands[s]
            return (-returns[s], -(hand.value if hand is not None else -1),
                    -fold_at.get(s, len(folds)), s)
        return tuple(sorted(range(self._n), key=key))

    def _most_put_in(self) -> int:
        """The most chips one seat can put in: its ante and every betting round capped."""
        r = self.rules
        if not r.betting:
            return r.ante
        rounds = 1 + max(0, r.deck_size - (3 * self._n + 1)) // 3   # a later round takes 3+ cards
        return r.ante + rounds * (r.max_raises + 1) * r.bet_size

    @property
    def min_utility(self) -> float:
        """A bound no return falls below: losing the most chips one seat can put in."""
        return -float(self._most_put_in())

    @property
    def max_utility(self) -> float:
        """A bound no return exceeds: taking that much from every other seat."""
        return float((self._n - 1) * self._most_put_in())

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < self._n:
            raise ValueError(f"seat must be 0..{self._n - 1}, not {seat!r}")
        return int(seat)

    # ---- the protocol
    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return self._n

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space (``NUM_ACTIONS``: the bets, then one deal outcome per card)."""
        return NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        """Length of every :meth:`observation_array` for this many players."""
        return observation_size(self._n)

    @property
    def current_player(self) -> int:
        """The seat to bet, ``CHANCE_PLAYER`` (-1) when a card is dealt next, or ``TERMINAL_PLAYER`` (-4) at the end."""
        if self._over:
            return TERMINAL_PLAYER
        if self._betting_now:
            return self._to_act
        return CHANCE_PLAYER

    @property
    def to_play(self) -> int | None:
        """The seat to bet, or None (a card to deal, or the game is over)."""
        return self._to_act if self._betting_now and not self._over else None

    def is_terminal(self) -> bool:
        """True when the game is over (:attr:`result` is set)."""
        return self._over

    def legal_actions(self) -> list[int]:
        """Sorted: FOLD (when a bet is owed), CALL, RAISE (while raises are left);
        at a chance node the cards that can be dealt (``DEAL + index``)."""
        if self._over:
            return []
        if self._betting_now:
            out = [FOLD] if self._level > self._contrib[self._to_act] else []
            out.append(CALL)
            if self._raises <= self.rules.max_raises:
                out.append(RAISE)
            return out
        return [DEAL + i for i in range(CARD_KINDS) if self._left[i]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(DEAL + card index, probability) for each card left, at a chance node; else []."""
        if self._over or self._betting_now:
            return []
        total = self._left_total
        return [(DEAL + i, c / total) for i, c in enumerate(self._left) if c]

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        """int8 mask of length ``num_actions``: 1 for each legal action of `seat` (default: the seat to act; zeros for any other seat)."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if seat is None or self._seat(seat) == self.current_player:
            mask[self.legal_actions()] = 1
        return mask

    def _action(self, action: object) -> int:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is a whole number 0..{NUM_ACTIONS - 1}, "
                                f"not {action!r}")
        a = int(action)
        if not 0 <= a < NUM_ACTIONS:
            raise IllegalAction(f"action {a} does not exist: actions are 0 fold, 1 check/call, "
                                f"2 bet/raise and {DEAL}..{NUM_ACTIONS - 1} dealing a card")
        return a

    def verify_action(self, action: object) -> int:
        """The action as an int if it is legal now, else IllegalAction (nothing changes)."""
        a = self._action(action)
        if self._over:
            raise IllegalAction(f"the game is over: {self._last_result().describe()}")
        if self._betting_now:
            seat = self._to_act
            if a >= DEAL:
                raise IllegalAction(f"it is seat {seat}'s turn to bet, not a card to deal")
            if a == FOLD and self._level <= self._contrib[seat]:
                raise IllegalAction(f"seat {seat} owes nothing and may check: folding is "
                                    f"offered only against a bet")
            if a == RAISE and self._raises > self.rules.max_raises:
                raise IllegalAction(f"no more raises this round: a bet and "
                                    f"{self.rules.max_raises} raises have been made")
            return a
        if a < DEAL:
            raise IllegalAction(f"a card is to be dealt now ({self._step_words()}), "
                                f"not a bet")
        if not self._left[a - DEAL]:
            raise IllegalAction(f"{CARD_OF[a - DEAL]} cannot be dealt: every copy of it is "
                                f"already out")
        return a

    def can_apply_action(self, action: object) -> bool:
        """True if :meth:`verify_action` accepts `action` now; never raises."""
        try:
            self.verify_action(action)
        except IllegalAction:
            return False
        return True

    def apply_action(self, action: int) -> None:
        """Apply a bet or (at a chance node) a dealt card; IllegalAction changes nothing."""
        a = self.verify_action(action)
        self._actions.append(a)
        if a >= DEAL:
            self._deal(a - DEAL)
        else:
            self._bet(a)
        self._run()

    # ---- the verbs: verify_x raises IllegalAction saying why, can_x answers, x does it
    def _betting_seat(self, verb: str) -> int:
        """The seat to bet now, or IllegalAction (the game is over, or a card is due)."""
        if self._over:
            raise IllegalAction(f"the game is over: {self._last_result().describe()}")
        if not self._betting_now:
            raise IllegalAction(f"no one may {verb} now: {self._step_words()} is to be dealt")
        return self._to_act

    def verify_check(self) -> None:
        """IllegalAction unless the seat to act owes nothing (a check puts no chip in)."""
        seat = self._betting_seat("check")
        owe = self._level - self._contrib[seat]
        if owe > 0:
            raise IllegalAction(f"seat {seat} cannot check: a bet is owed ({owe} "
                                f"chip{'s' * (owe != 1)}); it may call, raise or fold")

    def can_check(self) -> bool:
        """True if :meth:`verify_check` accepts a check now (the verify/can/do pattern); never raises."""
        return can(self.verify_check)

    def check(self) -> None:
        """The seat to act checks (only when no bet is owed)."""
        self.verify_check()
        self.apply_action(CALL)

    def verify_bet(self) -> None:
        """IllegalAction unless no bet has been made this betting round (a bet opens it)."""
        seat = self._betting_seat("bet")
        if self._level > 0:
            raise IllegalAction(f"seat {seat} cannot bet: a bet has been made this round; "
                                f"it may raise, call or fold")

    def can_bet(self) -> bool:
        """True if :meth:`verify_bet` accepts a bet now (the verify/can/do pattern); never raises."""
        return can(self.verify_bet)

    def bet(self) -> None:
        """The seat to act opens the betting round with one bet (``bet_size`` chips)."""
        self.verify_bet()
        self.apply_action(RAISE)

    def verify_call(self) -> None:
        """IllegalAction unless the seat to act owes chips to a bet (a call pays them)."""
        seat = self._betting_seat("call")
        if self._level - self._contrib[seat] <= 0:
            raise IllegalAction(f"seat {seat} owes nothing, so there is nothing to call: "
                                f"it may check or bet")

    def can_call(self) -> bool:
        """True if :meth:`verify_call` accepts a call now (the verify/can/do pattern); never raises."""
        return can(self.verify_call)

    def call(self) -> None:
        """The seat to act calls the bet it owes.

        With nothing owed this checks, with a DeprecationWarning, as it did before
        pokerbull 0.2 (use :meth:`check`); a later release refuses it.
        """
        if not self.can_call() and self.can_check():
            warnings.warn("roulette Game.call() with nothing owed checks: use check(); "
                          "a later release refuses it", DeprecationWarning, stacklevel=2)
            self.check()
            return
        self.verify_call()
        self.apply_action(CALL)

    def verify_raise(self) -> None:
        """IllegalAction unless a bet has been made this round and a raise is left."""
        seat = self._betting_seat("raise")
        if self._level == 0:
            raise IllegalAction(f"seat {seat} cannot raise: no bet has been made this round; "
                                f"it may bet or check")
        if self._raises > self.rules.max_raises:
            raise IllegalAction(f"seat {seat} cannot raise: a bet and "
                                f"{self.rules.max_raises} raises have been made this round")

    def can_raise(self) -> bool:
        """True if :meth:`verify_raise` accepts a raise now (the verify/can/do pattern); never raises."""
        return can(self.verify_raise)

    def raise_(self) -> None:
        """The seat to act raises by one bet (``raise`` is a Python keyword, hence the ``_``).

        With no bet made this bets, with a DeprecationWarning, as it did before
        pokerbull 0.2 (use :meth:`bet`); a later release refuses it.
        """
        if not self.can_raise() and self.can_bet():
            warnings.warn("roulette Game.raise_() with no bet made opens a bet: use bet(); "
                          "a later release refuses it", DeprecationWarning, stacklevel=2)
            self.bet()
            return
        self.verify_raise()
        self.apply_action(RAISE)

    def verify_fold(self) -> None:
        """IllegalAction unless the seat to act owes chips (folding is offered against a bet)."""
        self._betting_seat("fold")
        self.verify_action(FOLD)

    def can_fold(self) -> bool:
        """True if :meth:`verify_fold` accepts a fold now (the verify/can/do pattern); never raises."""
        return can(self.verify_fold)

    def fold(self) -> None:
        """The seat to act folds: it takes no more cards and has no claim on the pot."""
        self.verify_fold()
        self.apply_action(FOLD)

    def action_to_string(self, action: int) -> str:
        """A person's words for an action id (``"fold"``, ``"check"``, ``"bet"``, ``"deal 4c"``:
        the words of a bet depend on what is owed now). Raises IllegalAction for an id
        that does not exist."""
        a = self._action(action)
        if a >= DEAL:
            return f"deal {CARD_OF[a - DEAL]}"
        if self._betting_now and not self._over:
            owe = self._level > self._contrib[self._to_act]
            return ("fold", "call" if owe else "check", "raise" if self._level else "bet")[a]
        return ("fold", "check/call", "bet/raise")[a]

    def string_to_action(self, text: str) -> int:
        """The action person's words name: fold, check, call, bet, raise, or 'deal As'."""
        if not isinstance(text, str):
            raise ValueError(f"an action is given as text, not {type(text).__name__}")
        t = text.strip().lower()
        words = {"fold": FOLD, "check": CALL, "call": CALL, "check/call": CALL, "bet": RAISE,
                 "raise": RAISE, "bet/raise": RAISE}
        if t == "check" and self._betting_now and not self._over:
            self.verify_check()       # "check" never pays: with a bet owed it is refused
        if t in words:
            return words[t]
        if t.startswith("deal "):
            return DEAL + card_index(text.strip()[5:].strip())
        raise ValueError(f"{text!r} is not an action: say fold, check, call, bet, raise "
                         f"or 'deal <card>'")

    def returns(self) -> list[float]:
        """Chips won minus chips put in, per seat (zeros until the end); they sum to zero."""
        if not self._over or self._payouts is None:
            return [0.0] * self._n
        return [float(w - p) for w, p in zip(self._payouts, self._put)]

    # ---- the machinery
    def _step_words(self) -> str:
        step, seat = self._queue[0]
        if step == MATCH:
            return "the match card"
        return f"an {_STEP_WORDS[step]} card to seat {seat}"

    def _run(self) -> None:
        """Go on dealing (from the deck or the generator) until a decision or a chance node."""
        while not self._over and not self._betting_now:
            if not self._queue:
                self._next_round()
                continue
            step = self._queue[0][0]
            if step == BETTING:
                self._queue.pop(0)
                live = self._n - sum(self._folded)
                if self.rules.betting and live >= 2:
                    self._start_betting()
                continue
            if self._chance:
                return
            if self._deck is not None:
                i = self._deck[self._deck_pos]    # rounds are dealt only when the deck holds them
                self._deck_pos += 1
            else:
                i = self._draw()
            self._actions.append(DEAL + i)
            self._deal(i)

    def _draw(self) -> int:
        """A card drawn uniformly from the cards left (by the generator)."""
        k = int(self._rng.integers(self._left_total))   # type: ignore[union-attr]
        for i, c in enumerate(self._left):
            if k < c:
                return i
            k -= c
        raise AssertionError("no card left to draw")  # pragma: no cover

    def _deal(self, i: int) -> None:
        step, seat = self._queue.pop(0)
        self._left[i] -= 1
        self._left_total -= 1
        self._history.append(CardDealt(self._round, _STEP_WORDS[step],
                                       None if step == MATCH else seat, CARD_OF[i]))
        if step == STOCK:
            self._stock[seat].append(i)
        elif step == ACTIVE:
            self._active[seat].append(i)
        else:
            self._match_against(i)

    def _match_against(self, m: int) -> None:
        n = self._n
        claimed = None
        turned: list[tuple[Card, ...]] = []
        kept_all: list[tuple[Card, ...]] = []
        thrown_all: list[tuple[Card, ...]] = []
        for seat in range(n):
            act = self._active[seat]
            turned.append(_cards(act))
            claims = False
            if self._folded[seat]:
                kept, thrown = list[int](), list[int]()
            else:
                kept, thrown, claims = match_cards(act, m, claimed is None)
                if claims:
                    claimed = seat
            self._stock[seat] += kept
            if claimed == seat and claims:
                self._stock[seat].append(m)
            self._discard += thrown
            self._matched[seat] = bool(kept)
            self._active[seat] = []
            kept_all.append(_cards(kept))
            thrown_all.append(_cards(thrown))
        self._match = m
        if claimed is None:
            self._discard.append(m)
        self._history.append(Matching(self._round, CARD_OF[m], tuple(turned), tuple(kept_all),
                                      tuple(thrown_all), claimed))

    def _next_round(self) -> None:
        live = [s for s in range(self._n) if not self._folded[s]]
        need = len(live) + sum(self._matched[s] for s in live) + 1
        if self.cards_left < need:
            self._showdown()
            return
        self._round += 1
        self._queue = ([(ACTIVE, s) for s in live] + [(ACTIVE, s) for s in live if self._matched[s]]
                       + [(BETTING, -1), (MATCH, -1)])

    def _start_betting(self) -> None:
        self._betting_now = True
        self._level = 0
        self._contrib = [0] * self._n
        self._raises = 0
        self._pending = self._n - sum(self._folded)
        self._to_act = self._next_live(-1)

    def _next_live(self, seat: int) -> int:
        s = (seat + 1) % self._n
        while self._folded[s]:
            s = (s + 1) % self._n
        return s

    def _bet(self, a: int) -> None:
        seat = self._to_act
        owe = self._level - self._contrib[seat]
        if a == FOLD:
            self._folded[seat] = True
            self._discard += self._active[seat]
            self._mucked += self._active[seat]
            self._active[seat] = []
            self._pending -= 1
            word, amount = "fold", 0
        elif a == CALL:
            word, amount = ("call" if owe else "check"), owe
            self._pending -= 1
        else:
            word = "raise" if self._level else "bet"
            amount = owe + self.rules.bet_size
            self._level += self.rules.bet_size
            self._raises += 1
            self._pending = self._n - sum(self._folded) - 1
        self._contrib[seat] += amount
        self._put[seat] += amount
        self._pot += amount
        self._history.append(BetMade(self._round, seat, word, amount, self._pot))
        live = [s for s in range(self._n) if not self._folded[s]]
        if len(live) == 1:
            self._betting_now = False
            self._finish("folds", [None] * self._n, live)
        elif self._pending == 0:
            self._betting_now = False
            self._to_act = -1
        else:
            self._to_act = self._next_live(seat)

    def _showdown(self) -> None:
        values = [None if self._folded[s] else hand_value(self._stock[s], self._strengths)
                  for s in range(self._n)]
        best = max(v for v in values if v is not None)
        winners = [s for s, v in enumerate(values) if v == best]
        self._finish("showdown", [None if v is None else HandRank(v) for v in values], winners)

    def _finish(self, reason: str, hands: list[HandRank | None], winners: list[int]) -> None:
        payouts = split_pot(self._pot, winners, self._n)
        self._payouts = payouts
        self._over = True
        self._betting_now = False
        self._queue = []
        self._history.append(Result(reason, tuple(hands), tuple(winners), self._pot,
                                    tuple(payouts)))

    # ---- observations
    def observation(self, seat: int) -> Observation:
        """What `seat` may know now: never another seat's stock card or any face-down card."""
        seat = self._seat(seat)
        shown = self._over and self._history[-1].reason == "showdown"   # type: ignore[union-attr]
        piles = tuple(_cards(st if s == seat or (shown and not self._folded[s]) else st[1:])
                      for s, st in enumerate(self._stock))
        return Observation(
            seat, self._n, self._round, self.to_play, self.stock_card(seat), piles,
            tuple(len(st) for st in self._stock), tuple(len(a) for a in self._active),
            self.match_card, self._public_discard(), len(self._mucked), tuple(self._folded),
            tuple(self._put), self._pot, self.to_call, self.raises_left, self.cards_left,
            self._over, self.rules, self.winner)

    def _public_discard(self) -> tuple[Card, ...]:
        """The discard pile's face-up cards (folded players' active cards were never shown)."""
        out = list(self._discard)
        for i in self._mucked:
            out.remove(i)
        return _cards(out)

    def observation_array(self, seat: int) -> np.ndarray:
        """``observation(seat).to_array()``: the fixed-size float32 form."""
        return self.observation(seat).to_array()

    def log_for(self, seat: int) -> list[str]:
        """Every event so far as `seat` may see it, one line each in plain English.

        The face-down cards of one deal are told in one line; a deal still going on
        (at a chance node) is told once it is complete, so lines are only ever added.
        """
        seat = self._seat(seat)
        decks = "one deck" if self.rules.decks == 1 else f"{self.rules.decks} decks"
        lines = [f"Poker roulette, {self._n} players, {decks}; "
                 f"suit order {'>'.join(self.rules.suit_order)}; "
                 + ("fixed-limit betting" if self.rules.betting else "no betting")]
        history = self._history
        k = 0
        while k < len(history):
            r = history[k]
            if type(r) is CardDealt and r.step != "match":
                end = k
                while end < len(history) and type(history[end]) is CardDealt \
                        and cast(CardDealt, history[end]).step == r.step:
                    end += 1
                if end == len(history) and self.current_player == CHANCE_PLAYER:
                    break                     # the deal goes on: told once it is complete
                lines.append(_deal_line(cast(list[CardDealt], history[k:end]), seat, self._n))
                k = end
                continue
            k += 1
            if type(r) is Antes:
                lines.append(f"Everyone antes {r.amount}; the pot is {r.pot}.")
            elif type(r) is CardDealt:
                lines.append(f"Round {r.round}: the match card is {_named(r.card)}.")
            elif type(r) is BetMade:
                who = "You" if r.seat == seat else f"Seat {r.seat}"
                s_ = "" if r.seat == seat else "s"
                if r.action == "raise":       # fixed limit: the bet owed, and one bet more
                    lines.append(f"{who} raise{s_} by {self.rules.bet_size}, putting in "
                                 f"{r.amount}; the pot is {r.pot}.")
                else:
                    chips = f" {r.amount}" if r.amount else ""
                    lines.append(f"{who} {r.action}{s_ if r.action != 'fold' else s_}{chips}; "
                                 f"the pot is {r.pot}.")
            elif type(r) is Matching:
                for s in range(self._n):
                    if not r.turned[s]:
                        continue
                    who = "You turn" if s == seat else f"Seat {s} turns"
                    kept = " ".join(map(str, r.kept[s])) or "nothing"
                    thrown = " ".join(map(str, r.discarded[s])) or "nothing"
                    verbs = ("keep", "discard", "take") if s == seat else ("keeps", "discards", "takes")
                    claim = f" and {verbs[2]} the match card {r.card}" if r.claimed_by == s else ""
                    lines.append(f"{who} over {' '.join(map(str, r.turned[s]))}: {verbs[0]} {kept}, "
                                 f"{verbs[1]} {thrown}{claim}.")
                if r.claimed_by is None:
                    lines.append(f"The match card {r.card} goes to the discard pile.")
            elif type(r) is Result:
                lines += self._result_lines(r, seat)
        return lines

    def _result_lines(self, r: Result, seat: int) -> list[str]:
        """The end of the game as `seat` sees it: stockpiles shown, who takes the pot."""
        lines = []
        if r.reason == "showdown":
            for s, hand in enumerate(r.hands):
                if hand is not None:
                    who = "You show" if s == seat else f"Seat {s} shows"
                    lines.append(f"{who} {_text(self._stock[s])}: {hand}.")
            who = " and ".join("you" if s == seat else f"seat {s}" for s in r.winners)
            win = "win" if r.winners == (seat,) or len(r.winners) > 1 else "wins"
            hand = r.hands[r.winners[0]]
            split = ", split" if len(r.winners) > 1 else ""
            lines.append(f"Showdown: {who} {win} the pot of {r.pot}{split}, with {hand}.")
        else:
            who = "you take" if r.winners[0] == seat else f"seat {r.winners[0]} takes"
            lines.append(f"Everyone else folded: {who} the pot of {r.pot}.")
        returns = self.returns()
        lines.append("Returns: " + ", ".join(
            f"{'you' if s == seat else f'seat {s}'} {v:+g}" for s, v in enumerate(returns)) + ".")
        return lines

    def describe(self) -> str:
        """The whole table in a few lines, every card shown (an onlooker's view).

        >>> g = Game(players=3, betting=False, deck="2c 3c 4c  5d 6d 7d  8h 9d Kh  Ks")
        >>> print(g.describe())
        Poker roulette, 3 players: over; pot 3
          seat 0: stockpile 2c; put in 1
          seat 1: stockpile 3c; put in 1
          seat 2: stockpile 4c Kh; put in 1
        Showdown: seat 2 wins the pot of 3 with High Card, High King (4)
        """
        if self._over:
            where = "over"
        elif self._betting_now:
            where = f"round {self._round}, seat {self._to_act} to bet"
        else:
            where = f"round {self._round}, {self._step_words()} to deal"
        lines = [f"Poker roulette, {self._n} players: {where}; pot {self._pot}"]
        for s in range(self._n):
            active = f"; active {_text(self._active[s])}" if self._active[s] else ""
            folded = " (folded)" if self._folded[s] else ""
            lines.append(f"  seat {s}: stockpile {_text(self._stock[s]) or '-'}{active}; "
                         f"put in {self._put[s]}{folded}")
        if self._over:
            text = self._last_result().describe()
            lines.append(text[:1].upper() + text[1:])
        elif self._match >= 0:
            lines.append(f"Last match card: {CARD_OF[self._match]}; {self.cards_left} cards left")
        return "\n".join(lines)

    def to_log(self) -> str:
        """A text log: the rules, every card dealt (``deal As``) and every bet
        (``SEAT check``...), the matchings and the result as ``#`` comments.

        :meth:`from_log` replays it.
        """
        lines = [LOG_HEADER, f"rules {options_text(self.rules.to_dict())}"]
        for r in self._history:
            if type(r) is CardDealt:
                lines.append(f"deal {r.card}")
            elif type(r) is BetMade:
                lines.append(f"{r.seat} {r.action}")
            elif type(r) is Matching or type(r) is Result:
                lines.append(f"# {r.describe()}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_log(cls, text: str) -> Game:
        """Replay a log of :meth:`to_log`, every card and bet checked; from then on the
        game stops at each card for :meth:`apply_action` to give it (``chance_nodes``)."""
        frame = read_frame(text, LOG_HEADER, "a Poker roulette log")
        if frame.words:
            raise ValueError(f"game log: rules option {frame.words[0]!r} is not key=value")
        try:
            rules = Rules.from_dict(frame.options)
        except ValueError as exc:
            raise ValueError(f"game log: rules: {exc}") from None
        g = cls(rules=rules, chance_nodes=True)
        for number, line in frame.lines:
            try:
                if line.startswith("deal "):
                    g.apply_action(DEAL + card_index(line[5:].strip()))
                    continue
                seat, _, verb = line.partition(" ")
                verb = verb.strip()
                if not seat.isdigit() or verb not in _VERB_ACTIONS:
                    raise ValueError(f"expected 'deal CARD' or 'SEAT fold/check/call/bet/raise', "
                                     f"not {line!r}")
                if int(seat) != g.to_play:
                    raise IllegalAction(f"seat {seat} is not the seat to bet "
                                        f"({'none' if g.to_play is None else g.to_play})")
                getattr(g, f"verify_{verb}")()
                g.apply_action(_VERB_ACTIONS[verb])
            except ValueError as exc:
                raise ValueError(f"game log line {number}: {exc}") from None
        return g

    # ---- copying, equality, saving
    def clone(self) -> Game:
        """An independent copy; it continues exactly as this game would (generator state included)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._deck = self._deck            # never changed once given
        g._rng = None if self._rng is None else generator_from_state(self._rng.bit_generator.state)
        g._left = self._left[:]
        g._stock = [st[:] for st in self._stock]
        g._active = [a[:] for a in self._active]
        g._discard = self._discard[:]
        g._mucked = self._mucked[:]
        g._folded = self._folded[:]
        g._matched = self._matched[:]
        g._put = self._put[:]
        g._queue = self._queue[:]
        g._contrib = self._contrib[:]
        g._payouts = None if self._payouts is None else self._payouts[:]
        g._actions = self._actions[:]
        g._history = self._history[:]
        return g

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self._over:
            where = self._last_result().describe()
        elif self._betting_now:
            where = f"round {self._round}, seat {self._to_act} to bet, pot {self._pot}"
        else:
            where = f"round {self._round}, dealing {self._step_words()}"
        return f"<roulette.Game {self._n} players: {where}>"

    @property
    def dealing(self) -> str:
        """'random' (drawn from the seed), 'deck' (a fixed order) or 'chance' (given as actions)."""
        return "deck" if self._deck is not None else "chance" if self._chance else "random"

    def to_dict(self) -> dict[str, Any]:
        """The exact save as a JSON-ready dict: rules, dealing, deck, generator state and every action."""
        return {"format": FORMAT, "version": FORMAT_VERSION, "rules": self.rules.to_dict(),
                "dealing": self.dealing, "deck": None if self._deck is None else _text(self._deck),
                "rng": None if self._rng is None else state_to_json(self._rng.bit_generator.state),
                "actions": list(self._actions)}

    def to_json(self, **json_options: Any) -> str:
        """Exact save: rules, dealing, the generator's state and every action so far."""
        return json.dumps(self.to_dict(), **json_options)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """A game from :meth:`to_dict`'s output, replayed action by action. Raises ValueError naming the first bad field."""
        if not isinstance(data, Mapping):
            raise ValueError("saved game: not a JSON object")
        if data.get("format") != FORMAT:
            raise ValueError(f"saved game: field 'format' must be {FORMAT!r}, "
                             f"not {data.get('format')!r}")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"saved game: field 'version' must be {FORMAT_VERSION}, "
                             f"not {data.get('version')!r}")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"saved game: field 'rules': {exc}") from None
        dealing = data.get("dealing")
        if dealing not in ("random", "deck", "chance"):
            raise ValueError(f"saved game: field 'dealing' must be 'random', 'deck' or 'chance', "
                             f"not {dealing!r}")
        deck = None
        if dealing == "deck":
            if not isinstance(data.get("deck"), str):
                raise ValueError("saved game: field 'deck' must be the cards in dealing order")
            try:
                deck = parse_deck(data["deck"], rules)
            except ValueError as exc:
                raise ValueError(f"saved game: field 'deck': {exc}") from None
            if len(deck) < 3 * rules.players + 1:
                raise ValueError(f"saved game: field 'deck' holds {len(deck)} cards, but the "
                                 f"first round of {rules.players} players needs "
                                 f"{3 * rules.players + 1}")
        actions = data.get("actions")
        if not isinstance(actions, list) or any(
                isinstance(a, bool) or not isinstance(a, int) for a in actions):
            raise ValueError("saved game: field 'actions' must be a list of whole numbers")
        rng = generator_from_state(state_from_json(data.get("rng"))) if dealing == "random" else None
        g = cls.__new__(cls)
        g._setup(rules, deck, None, True)       # replay: every card is given
        for k, a in enumerate(actions):
            if deck is not None and a >= DEAL:      # dealing == "deck"
                pos = g._deck_pos
                if pos >= len(deck) or deck[pos] != a - DEAL:
                    raise ValueError(f"saved game: field 'actions' entry {k} deals a card that "
                                     f"is not next in the saved deck")
                g._deck_pos += 1
            try:
                g.apply_action(a)
            except IllegalAction as exc:
                raise ValueError(f"saved game: field 'actions' entry {k} ({a}) is illegal: "
                                 f"{exc}") from None
        g._chance = dealing == "chance"
        g._deck = deck
        g._rng = rng
        if dealing == "random" and not g._over and not g._betting_now:
            raise ValueError("saved game: field 'actions' stops before a card that the "
                             "random dealing would have dealt")
        g._run()      # a fixed deck may end the game where the saved actions stop
        return g

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game saved by :meth:`to_json`; it continues exactly as the original."""
        return cls.from_dict(read_save(text))


_VERB_ACTIONS = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": RAISE}


def match_cards(active: Sequence[int], m: int, may_claim: bool) -> tuple[list[int], list[int], bool]:
    """Which active cards go to the stockpile against match card `m` (RULES.md 5).

    Returns (kept, discarded, claims): `claims` when the player takes `m` too
    (two natural cards of its rank, and no one earlier has claimed it).
    """
    act = list(active)
    if _is_joker(m):
        if any(_is_joker(c) for c in act):
            return [], act, False
        return act, [], False
    if len(act) == 2:
        a, b = act
        ja, jb = _is_joker(a), _is_joker(b)
        if ja and jb:
            return [], act, False
        if ja or jb:
            natural = b if ja else a
            return (act, [], False) if matches(natural, m) else ([], act, False)
        if a % 13 == m % 13 and b % 13 == m % 13:
            return act, [], may_claim
    kept = [c for c in act if matches(c, m)]
    thrown = [c for c in act if not matches(c, m)]
    return kept, thrown, False


def split_pot(pot: int, winners: Sequence[int], players: int) -> list[int]:
    """Equal shares; the odd units go one each to the first winners from seat 0."""
    share, odd = divmod(pot, len(winners))
    out = [0] * players
    for k, s in enumerate(sorted(winners)):
        out[s] = share + (1 if k < odd else 0)
    return out


__all__ = ["BET", "CALL", "CHECK", "DEAL", "FOLD", "NUM_ACTIONS", "RAISE", "Antes", "BetMade", "CardDealt",
           "Game", "Matching", "Observation", "Record", "Result", "match_cards", "matches",
           "observation_size", "split_pot"]
