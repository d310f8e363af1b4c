"""The state of a game of Cheat: hands, the pile, claims, challenges (RULES.md section 4).

Cards are small integers (``4*rank + suit``, jokers 52 and 53) and hands are counts
per card, so two decks (Eightsh*t) hold duplicates. A play is laid one card at a
time and finished by a claim, which keeps the integer action space small and fixed
(layout in docs/cheat.md).

>>> g = Game(players=2, hands=["As Ad 7c", "Kh 2d"])
>>> g.play("As Ad", claim="two Aces")          # lays two cards, then claims
>>> [g.action_to_string(a) for a in g.legal_actions()]
['lay 2d', 'lay Kh', 'challenge']
>>> g.challenge()
>>> g.history[-1].lie, g.history[-1].taker, g.hand_sizes
(False, 1, (1, 4))
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..cards import Card, Cards, _CardsAnsweringAsBefore
from ..gamelog import options_text, read_frame
from ..protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, can, read_save
from ..protocol import Observation as _FamilyObservation
from ..randomness import generator_from_state, make_rng, state_from_json, state_to_json

from .rules import (
    ACE,
    JOKER_RANK,
    MAX_CLAIM,
    N_CARDS,
    RANK_PLURALS,
    RANK_WORDS,
    SUIT_WORDS,
    Rules,
    _SHOWN_ORDER,
    card_text,
    cards_text,
    parse_cards,
)

FORMAT = "pokerbull-cheat"
FORMAT_VERSION = 1
LOG_HEADER = "pokerbull cheat log 1"

# ---- the action space -------------------------------------------------------------
LAY = 0                                   # LAY + card: put this card face down in the play
CLAIM = N_CARDS                           # CLAIM + rank*MAX_CLAIM + count-1: finish the play
CLAIM_SUITED = CLAIM + 14 * MAX_CLAIM     # F: CLAIM_SUITED + 4*rank + suit (one card)
PICK_UP = CLAIM_SUITED + 52
CHALLENGE = PICK_UP + 1                   # "Cheat!" / "I doubt it"
ACCEPT = PICK_UP + 2                      # let the last play stand
CHECK = PICK_UP + 3                       # J: look at the last play privately
PASS = PICK_UP + 4                        # T
BELIEVE = PICK_UP + 5                     # T: "I believe"
TURN_UP = PICK_UP + 6                     # N (chance): TURN_UP + cards turned before the Jack
NUM_ACTIONS = TURN_UP + 108

PLAY, WINDOW, REVEAL, TURNING = 0, 1, 2, 3     # phases


def claim_action(rank: int, count: int) -> int:
    return CLAIM + rank * MAX_CLAIM + count - 1


def claim_words(rank: int, count: int, suit: int = -1) -> str:
    if suit >= 0:
        return f"the {RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"
    words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
    return f"{words[count - 1]} {RANK_WORDS[rank] if count == 1 else RANK_PLURALS[rank]}"


def _n_cards(k: int) -> str:
    return "1 card" if k == 1 else f"{k} cards"


def _who(seat: int, you: int | None) -> str:
    """A seat as the narration names it: "you" for the reader's own seat."""
    return "you" if seat == you else f"seat {seat}"


def _does(seat: int, you: int | None, verb: str, verb_s: str | None = None) -> str:
    """Subject and verb agreeing: "you play", "seat 2 plays"."""
    return f"you {verb}" if seat == you else f"seat {seat} {verb_s or verb + 's'}"


def _whose(seat: int, you: int | None) -> str:
    return "your" if seat == you else f"seat {seat}'s"


# ---- history records ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The cards each seat was dealt (each seat sees only its own) and who leads."""
    hands: tuple[str | None, ...]
    leader: int

    def describe(self, you: int | None = None) -> str:
        """In words; `you` names the reader's seat "you"."""
        return f"the cards are dealt; {_does(self.leader, you, 'lead')}"


@dataclass(frozen=True, slots=True)
class TurnUp:
    """N: cards turned face up from seat 0 until a Jack; its receiver leads."""
    turned: int
    leader: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return f"{self.turned + 1} cards turned up until a Jack: {_does(self.leader, you, 'lead')}"


@dataclass(frozen=True, slots=True)
class Play:
    """Cards laid face down with a claim; ``cards`` is None where the seat may not see them."""
    seat: int
    rank: int
    count: int
    suit: int
    laid: int
    cards: str | None

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        own = f" (laid {self.cards})" if self.cards is not None else ""
        extra = "" if self.laid == self.count else f" ({_n_cards(self.laid)} laid)"
        return f"{_does(self.seat, you, 'play')} {claim_words(self.rank, self.count, self.suit)}" \
               f"{extra if self.cards is not None else ''}{own}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge (or T's doubt) shows the play: the liar, else the challenger, takes the pile."""
    seat: int
    target: int
    cards: str
    lie: bool
    taker: int
    taken: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        verdict = "a lie" if self.lie else "true"
        return (f"{_does(self.seat, you, 'challenge')} {_who(self.target, you)}: {self.cards} "
                f"shown, {verdict}; {_does(self.taker, you, 'take')} the pile "
                f"({_n_cards(self.taken)})")


@dataclass(frozen=True, slots=True)
class Reveal:
    """S: a challenge shows one laid card drawn at random."""
    seat: int
    target: int
    card: str
    lie: bool
    taker: int
    taken: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        verdict = "not of the claim" if self.lie else "of the claim"
        return (f"{_does(self.seat, you, 'challenge')} {_who(self.target, you)}: {self.card} is "
                f"turned, {verdict}; {_does(self.taker, you, 'take')} the pile "
                f"({_n_cards(self.taken)})")


@dataclass(frozen=True, slots=True)
class Believe:
    """T: "I believe": the play is shown; true -> the pile leaves the game."""
    seat: int
    target: int
    cards: str
    lie: bool
    taken: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        head = f"{_does(self.seat, you, 'believe')} {_who(self.target, you)}: {self.cards} shown"
        if self.lie:
            return (f"{head}, a lie; {_does(self.seat, you, 'take')} the pile "
                    f"({_n_cards(self.taken)})")
        return f"{head}, true; the pile ({_n_cards(self.taken)}) leaves the game"


@dataclass(frozen=True, slots=True)
class Check:
    """J: a private look at the last play; ``cards`` only for the checker."""
    seat: int
    target: int
    cards: str | None

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        seen = f": {self.cards}" if self.cards is not None else ""
        return f"{_does(self.seat, you, 'check')} {_whose(self.target, you)} play{seen}"


@dataclass(frozen=True, slots=True)
class Stand:
    """The last play stands (no challenge)."""
    seat: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return f"{_whose(self.seat, you)} play stands"


@dataclass(frozen=True, slots=True)
class PickUp:
    """A seat that holds no card it could truthfully lay picks up the pile instead of playing."""

    seat: int
    taken: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return f"{_does(self.seat, you, 'pick', 'picks')} up the pile ({_n_cards(self.taken)})"


@dataclass(frozen=True, slots=True)
class Pass:
    """A seat passes (T: instead of playing on the pile)."""

    seat: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return _does(self.seat, you, "pass", "passes")


@dataclass(frozen=True, slots=True)
class PileCleared:
    """T: every other player passed; the pile leaves the game face down."""
    leader: int
    count: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return (f"everyone passed: the pile ({_n_cards(self.count)}) leaves the game; "
                f"{_does(self.leader, you, 'lead')}")


@dataclass(frozen=True, slots=True)
class SetDiscarded:
    """K/L: a full set of natural cards of one rank leaves play face up."""
    seat: int
    cards: str

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return f"{_does(self.seat, you, 'put', 'puts')} aside {self.cards}"


@dataclass(frozen=True, slots=True)
class LeadLost:
    """K/L: a lead of a whole run of one suit loses the game for its leader."""
    seat: int
    cards: str

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return (f"{_does(self.seat, you, 'led', 'led')} {self.cards}, all of one suit, and "
                f"{'lose' if self.seat == you else 'loses'} the game")


@dataclass(frozen=True, slots=True)
class Finished:
    """A seat is out of cards and takes `place` (0 is first)."""

    seat: int
    place: int

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return f"{_does(self.seat, you, 'are', 'is')} out of cards: place {self.place}"


@dataclass(frozen=True, slots=True)
class Stalled:
    """The stuck-game rule: no progress for ``stall_turns`` turns; placed by hand size."""
    hand_sizes: tuple[int, ...]

    def describe(self, you: int | None = None) -> str:
        """This record in words; `you` (a seat) is named "you", as that seat's log prints it."""
        return (f"no progress for too long: the game ends, placed by hand size "
                f"{list(self.hand_sizes)}")


Record = (Deal | TurnUp | Play | Challenge | Reveal | Believe | Check | Stand | PickUp | Pass
          | PileCleared | SetDiscarded | LeadLost | Finished | Stalled)


def record_to_dict(r: Record) -> dict[str, Any]:
    d = asdict(r)
    d["kind"] = type(r).__name__
    return d


_CARD = tuple(Card.parse(card_text(c)) for c in range(N_CARDS))   # card id -> Card
_SHOWN = _SHOWN_ORDER                                            # card ids, highest first


class _HandCards(_CardsAnsweringAsBefore):
    """``hand(seat)``'s cards; for one release they also answer as the text that
    ``hand(seat)`` gave before pokerbull 0.2, with a DeprecationWarning."""

    _OLD_TYPE = str
    _OLD_NAMES = frozenset(n for n in dir(str) if not n.startswith("_"))

    def _old(self) -> str:
        warnings.warn("cheat Game.hand(seat) gives Cards now; str(hand) is the text",
                      DeprecationWarning, stacklevel=3)
        return str(self)


# ---- what one seat may know -------------------------------------------------------
@dataclass(frozen=True)
class Observation(_FamilyObservation):
    """What `seat` may know now (layout of :meth:`to_array` in docs/cheat.md).

    The family's fields (:class:`pokerbull.protocol.Observation`) and Cheat's own;
    ``hand`` is this seat's cards as counts per card id (``cards`` as Cards).
    """

    seat: int
    hand: tuple[int, ...]                 # counts per card id
    hand_sizes: tuple[int, ...]
    pile_size: int
    known_pile: tuple[int, ...]           # pile cards this seat has seen (laid or checked)
    out_of_play: tuple[int, ...]          # cards put aside face up
    cleared: int                          # cards that left the game face down (T)
    claims: tuple[tuple[int, int, int, int, int], ...]   # (seat, rank, count, suit, laid)
    to_play: int | None                   # None at a chance node and once the game is over
    phase: int
    allowed: tuple[int, ...]              # ranks the next claim may name
    suit: int                             # F: the suit the claim must name, -1 free
    pending: tuple[int, ...]              # cards laid so far in this play (own turn)
    finished: tuple[int, ...]
    penalties: tuple[int, ...]
    history: tuple[Record, ...]
    legal: tuple[int, ...]
    rules: Rules = field(repr=False)
    is_over: bool = False
    winner: int | None = None

    @property
    def players(self) -> int:
        """Seats in the game."""
        return len(self.hand_sizes)

    @property
    def cards(self) -> Cards:
        """This seat's own cards (the counts of ``hand`` as Cards)."""
        return Cards(_CARD[c] for c in _SHOWN for _ in range(self.hand[c]))

    def legal_actions(self) -> list[int]:
        """Sorted actions open to :attr:`seat` if it is to act now, else []."""
        return list(self.legal)

    def action_mask(self) -> np.ndarray:
        """int8 array of length ``NUM_ACTIONS``: 1 where :meth:`legal_actions` has the action."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        mask[list(self.legal)] = 1
        return mask

    @property
    def last_claim(self) -> tuple[int, int, int, int, int] | None:
        """The last claim on the pile (as in :attr:`claims`), or None when the pile is empty."""
        return self.claims[-1] if self.claims else None

    def to_array(self) -> np.ndarray:
        """The fixed-size float32 form (layout in docs/cheat.md; length ``observation_size(rules)``)."""
        n = self.rules.players
        a = np.zeros(observation_size(self.rules), np.float32)
        a[0:54] = self.hand
        a[54:108] = self.known_pile
        a[108:162] = self.out_of_play
        for c in self.pending:
            a[162 + c] += 1
        o = 216
        for r in self.allowed:
            a[o + r] = 1
        o += 14
        if self.claims:
            s, r, k, su, _ = self.claims[-1]
            a[o + r] = 1
            a[o + 14] = k
            if su >= 0:
                a[o + 15 + su] = 1
            a[o + 19 + (s - self.seat) % n] = 1
        o += 19 + n
        if self.suit >= 0:
            a[o + self.suit] = 1
        o += 4
        a[o] = self.pile_size
        a[o + 1] = self.cleared
        a[o + 2] = self.to_play == self.seat
        a[o + 3] = self.phase == WINDOW
        a[o + 4] = CHALLENGE in self.legal
        o += 5
        for i in range(n):
            s = (self.seat + i) % n
            a[o + i] = self.hand_sizes[s]
            a[o + n + i] = s in self.finished
            a[o + 2 * n + i] = self.penalties[s]
            a[o + 3 * n + i] = self.to_play == s
        return a

    def describe(self) -> str:
        """A few lines for a person: hand, sizes, pile, the claim to answer, the rank due."""
        lines = [f"your hand: {cards_text(self.hand) or '(empty)'}",
                 "hand sizes: " + ", ".join(f"{_who(s, self.seat)} {k}"
                                            for s, k in enumerate(self.hand_sizes)),
                 f"pile: {_n_cards(self.pile_size)}"]
        if self.claims:
            s, r, k, su, _ = self.claims[-1]
            lines.append(f"last claim: {_who(s, self.seat)}, {claim_words(r, k, su)}")
        if self.pending:
            lines.append("laid so far: " + " ".join(card_text(c) for c in self.pending))
        if CHALLENGE in self.legal:
            lines.append("you may challenge the last claim"
                         + (" (or accept it)" if ACCEPT in self.legal else ""))
        if self.to_play == self.seat and self.phase == PLAY and self.allowed:
            due = " or ".join(RANK_PLURALS[r] for r in self.allowed) if len(self.allowed) < 5 \
                else "any rank"
            suit = f" of {SUIT_WORDS[self.suit]}" if self.suit >= 0 else ""
            lines.append(f"you may claim: {due}{suit}")
        return "\n".join(lines)


def observation_size(rules: Rules) -> int:
    return 216 + 14 + 19 + rules.players + 4 + 5 + 4 * rules.players


# ---- randomness and JSON helpers --------------------------------------------------
# ---- the game -----------------------------------------------------------------------
class Game:
    """One game of Cheat. ``Game(players=4, seed=7, **variations)``.

    Variations are keywords (``rank_fork=True``) or seed letters (``variations="AC"``);
    see :class:`~pokerbull.cheat.rules.Rules`. ``hands=["As 7d ...", ...]`` deals
    fixed cards instead of a seeded shuffle (any cards of the deck; the rest stay out).
    """

    CHANCE_PLAYER = CHANCE_PLAYER
    TERMINAL_PLAYER = TERMINAL_PLAYER

    def __init__(self, players: int | None = None, *, seed: Any = None,
                 hands: Sequence[Any] | None = None, rules: Rules | None = None,
                 **variations: Any) -> None:
        if rules is not None:
            if variations:
                raise ValueError("give either rules= or variations as keywords, not both")
            if players is not None and players != rules.players:
                raise ValueError(f"players={players!r} differs from the rules' {rules.players}")
            self.rules = rules
        else:
            self.rules = Rules.make(4 if players is None else players, **variations)
        r = self.rules
        n = r.players
        self._n = n
        self._cycle = r.cycle
        self._deck = list(r.deck)
        self._manual = None
        if hands is not None:
            self._manual = self._verify_hands(hands)
        self._rng = make_rng(seed)
        self._rng_start = state_to_json(self._rng.bit_generator.state)
        self._actions: list[int] = []
        self._hands = [[0] * N_CARDS for _ in range(n)]
        self._sizes = [0] * n
        self._pile: list[list[Any]] = []      # [seat, rank, count, suit, cards(list), known_by mask]
        self._pile_size = 0
        self._out = [0] * N_CARDS           # put aside face up
        self._gone = [0] * N_CARDS          # left the game face down (T); hidden
        self._pending: list[int] = []
        self._to_play = CHANCE_PLAYER
        self._phase = TURNING
        self._allowed: tuple[int, ...] = ()
        self._suit = -1
        self._lead = False
        self._due = ACE
        self._last_rank = -1
        self._round_rank = -1
        self._open_seat = -1
        self._checked = False
        self._window: list[int] = []
        self._challenger = -1
        self._passes = 0
        self._last_layer = -1
        self._finished: list[int] = []
        self._lost: list[int] = []
        self._active = [True] * n
        self._penalties = [0] * n
        self._stall = 0
        self._record_low = 1 << 30
        self._groups: list[list[int]] | None = None
        self._history: list[Record] = []
        if r.canadian_start:
            self._phase = TURNING
            self._to_play = CHANCE_PLAYER
        else:
            self._deal(self._first_leader_after_deal())

    # ---- set-up
    def _verify_hands(self, hands: Sequence[Any]) -> list[list[int]]:
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != self._n:
            raise ValueError(f"hands must be a list of {self._n} hands, one per seat")
        out = [parse_cards(h, what=f"hand of seat {s}") for s, h in enumerate(hands)]
        for c in range(N_CARDS):
            total = sum(h[c] for h in out)
            if total > self._deck[c]:
                raise ValueError(f"hands: {card_text(c)} is dealt {total} times but the deck "
                                 f"holds {self._deck[c]}")
        for s, h in enumerate(out):
            if not any(h):
                raise ValueError(f"hands: seat {s} is dealt no cards")
        return out

    def _first_leader_after_deal(self) -> int:
        return -1 if self.rules.egyptian else 0

    def _deal(self, leader: int) -> None:
        n = self._n
        if self._manual is not None:
            hands = [h[:] for h in self._manual]
        else:
            cards = [c for c in range(N_CARDS) for _ in range(self._deck[c])]
            order = self._rng.permutation(len(cards))
            hands = [[0] * N_CARDS for _ in range(n)]
            for i, k in enumerate(order):
                hands[i % n][cards[k]] += 1
        self._hands = hands
        self._sizes = [sum(h) for h in hands]
        if leader < 0:      # O: the holder of the Ace of hearts
            ace_hearts = 4 * ACE + 2
            leader = next((s for s in range(n) if hands[s][ace_hearts]), 0)
        self._history.append(Deal(tuple(cards_text(h) for h in hands), leader))
        if self.rules.set_size:
            for s in range(n):
                self._put_aside_sets(s)
        self._record_low = min(self._sizes)
        if self._to_play == TERMINAL_PLAYER:
            return
        self._start_round(leader if self._active[leader] else self._next_active(leader))

    # ---- small helpers
    def _next_active(self, seat: int) -> int:
        n = self._n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self._active[s]:
                return s
        return seat

    def _next_in_cycle(self, rank: int) -> int:
        cyc = self._cycle
        return cyc[(cyc.index(rank) + 1) % len(cyc)]

    def _fork_of(self, rank: int) -> tuple[int, ...]:
        cyc = self._cycle
        i = cyc.index(rank)
        m = len(cyc)
        return tuple(sorted({cyc[(i - 1) % m], rank, cyc[(i + 1) % m]}))

    def _matches(self, card: int, rank: int, suit: int) -> bool:
        if card >= 52:
            return self.rules.wild_jokers or rank == JOKER_RANK
        return card >> 2 == rank and (suit < 0 or card & 3 == suit)

    def _is_lie(self, play: list[Any]) -> bool:
        seat, rank, count, suit, cards, _ = play
        if self.rules.counts_may_differ and len(cards) != count:
            return True
        return not all(self._matches(c, rank, suit) for c in cards)

    def _holds_truth(self, seat: int) -> bool:
        h = self._hands[seat]
        if self.rules.wild_jokers and (h[52] or h[53]):
            return True
        for r in self._allowed:
            if r == JOKER_RANK:
                if h[52] or h[53]:
                    return True
                continue
            for s in range(4):
                if h[4 * r + s] and (self._suit < 0 or s == self._suit):
                    return True
        return False

    def _set_turn(self, seat: int, allowed: tuple[int, ...], *, lead: bool = False,
                  suit: int = -1, open_seat: int = -1) -> None:
        self._to_play = seat
        self._phase = PLAY
        self._allowed = allowed
        self._lead = lead
        self._suit = suit
        self._open_seat = open_seat
        self._checked = False
        self._pending = []

    def _start_round(self, leader: int) -> None:
        """A new lead: any rank in round games and O, else the rank due."""
        r = self.rules
        if r.claims_follow_rounds or r.egyptian or r.free_for_all:
            self._round_rank = -1
            self._set_turn(leader, tuple(sorted(self._cycle)), lead=True)
        else:
            self._set_turn(leader, (self._due,), lead=True)

    def _after_play_allowed(self, rank: int) -> tuple[int, ...]:
        r = self.rules
        if r.free_for_all:
            return tuple(sorted(self._cycle))
        if r.claims_follow_rounds:
            return (self._round_rank,)
        if r.fork:
            return self._fork_of(rank)
        return (self._next_in_cycle(rank),)

    def _take_pile(self, seat: int) -> int:
        h = self._hands[seat]
        taken = self._pile_size
        for play in self._pile:
            for c in play[4]:
                h[c] += 1
        self._sizes[seat] += taken
        self._penalties[seat] += taken
        self._pile = []
        self._pile_size = 0
        if self.rules.set_size:
            self._put_aside_sets(seat)
        return taken

    def _clear_pile(self) -> int:
        taken = self._pile_size
        for play in self._pile:
            for c in play[4]:
                self._gone[c] += 1
        self._pile = []
        self._pile_size = 0
        return taken

    def _put_aside_sets(self, seat: int) -> None:
        h = self._hands[seat]
        need = self.rules.set_size
        for rank in range(13):
            if sum(h[4 * rank + s] for s in range(4)) >= need:
                left = need
                aside = [0] * N_CARDS
                for s in range(4):
                    k = min(h[4 * rank + s], left)
                    h[4 * rank + s] -= k
                    aside[4 * rank + s] += k
                    self._out[4 * rank + s] += k
                    left -= k
                self._sizes[seat] -= need
                self._history.append(SetDiscarded(seat, cards_text(aside)))
        if self._sizes[seat] == 0 and self._active[seat] and self._to_play != TERMINAL_PLAYER:
            self._finish(seat)

    def _finish(self, seat: int) -> None:
        self._active[seat] = False
        self._finished.append(seat)
        self._history.append(Finished(seat, len(self._finished)))
        self._stall = 0
        self._record_low = 1 << 30
        if not self.rules.keeps_places:
            self._end([[seat]])
        elif sum(self._active) <= 1:
            self._end([])

    def _end(self, tail: list[list[int]]) -> None:
        """Game over: `tail` ranks the seats still holding cards (groups tie)."""
        n = self._n
        groups = [[s] for s in self._finished]
        if self.rules.keeps_places:
            rest = [s for s in range(n) if self._active[s] and all(s not in g for g in tail)]
            groups += tail + ([rest] if rest else [])
            groups += [[s] for s in reversed(self._lost)]
        else:
            groups = tail[:1] if tail else groups
        self._groups = groups
        self._to_play = TERMINAL_PLAYER
        self._pending = []
        self._allowed = ()

    def _note_turn(self) -> None:
        """The stuck-game rule, counted on each play, pick-up and pass."""
        if self._to_play == TERMINAL_PLAYER:
            return
        low = min((self._sizes[s] for s in range(self._n) if self._active[s]), default=0)
        if low < self._record_low:
            self._record_low = low
            self._stall = 0
            return
        self._stall += 1
        if self._stall >= self.rules.stall_turns:
            self._history.append(Stalled(tuple(self._sizes)))
            alive = sorted((s for s in range(self._n) if self._active[s]),
                           key=lambda s: self._sizes[s])
            tail: list[list[int]] = []
            for s in alive:
                if tail and self._sizes[tail[-1][0]] == self._sizes[s]:
                    tail[-1].append(s)
                else:
                    tail.append([s])
            self._end(tail)

    # ---- reading the state
    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return self._n

    @property
    def num_actions(self) -> int:
        """Size of the fixed action space (``NUM_ACTIONS``: cards, claims, the answers, chance outcomes)."""
        return NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        """Length of every :meth:`observation_array` of these rules."""
        return observation_size(self.rules)

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE_PLAYER`` (-1) at a chance node or ``TERMINAL_PLAYER`` (-4) at the end."""
        return self._to_play

    @property
    def players(self) -> int:
        """Seats 0..players-1."""
        return self._n

    @property
    def to_play(self) -> int | None:
        """The seat to act, or None at a chance node or once the game is over."""
        return self._to_play if self._to_play >= 0 else None

    @property
    def is_over(self) -> bool:
        """Has the game ended?"""
        return self._to_play == TERMINAL_PLAYER

    @property
    def min_utility(self) -> float:
        """The lowest return: -1, or the last place's score with places."""
        n = self._n
        return (n + 1) / 2 - n if self.rules.keeps_places else -1.0

    @property
    def max_utility(self) -> float:
        """The highest return a seat can get (the first place's)."""
        n = self._n
        return (n + 1) / 2 - 1 if self.rules.keeps_places else float(n - 1)

    @property
    def history(self) -> tuple[Record, ...]:
        """Every record so far, oldest first, with every card shown (see :meth:`visible_history` for one seat's view)."""
        return tuple(self._history)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards each seat holds now."""
        return tuple(self._sizes)

    @property
    def pile_size(self) -> int:
        """Cards in the pile on the table."""
        return self._pile_size

    @property
    def penalties(self) -> tuple[int, ...]:
        """Penalty units (the seed's sips): one per card a seat took from the pile."""
        return tuple(self._penalties)

    @property
    def places(self) -> tuple[int, ...]:
        """Seats in the order they went out (with V, K, L: the whole order once over)."""
        if self._groups is None:
            return tuple(self._finished)
        return tuple(s for g in self._groups for s in g)

    @property
    def winner(self) -> int | None:
        """The seat that won (the first to shed every card, or placed first), or None
        while the game goes on or when first place is shared.
        """
        if self._groups is None:
            return self._finished[0] if self._finished else None
        return self._groups[0][0] if len(self._groups[0]) == 1 else None

    @property
    def allowed_ranks(self) -> tuple[int, ...]:
        """The ranks the seat to play may claim now (rank indices, 0 for Twos ... 12 for Aces)."""
        return self._allowed

    def hand(self, seat: int) -> Cards:
        """The cards `seat` holds, highest first (a card twice with two decks).

        Until pokerbull 0.2 this was the cards' text; ``str(hand)`` still is, and
        for one release the text's methods (``split()``...) and ``==`` with text
        still work, with a DeprecationWarning.
        """
        counts = self._hands[self._seat(seat)]
        return _HandCards(_CARD[c] for c in _SHOWN for _ in range(counts[c]))

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        """`seat`'s cards as 54 counts (one per card index, jokers last)."""
        return tuple(self._hands[self._seat(seat)])

    def card_totals(self) -> list[int]:
        """Counts per card over hands, pile, the play being laid and cards out of play."""
        tot = [self._out[c] + self._gone[c] for c in range(N_CARDS)]
        for h in self._hands:
            for c in range(N_CARDS):
                tot[c] += h[c]
        for play in self._pile:
            for c in play[4]:
                tot[c] += 1
        for c in self._pending:
            tot[c] += 1
        return tot

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < self._n:
            raise ValueError(f"seat must be 0..{self._n - 1}, not {seat!r}")
        return int(seat)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._to_play == TERMINAL_PLAYER

    def returns(self) -> list[float]:
        """Zeros until over. Winner n-1, others -1; with places (V, K, L) place k scores
        (n+1)/2 - k. Seats tied by the stuck-game rule share their scores."""
        n = self._n
        out = [0.0] * n
        if self._groups is None:
            return out
        if not self.rules.keeps_places:
            best = self._groups[0]
            out = [-1.0] * n
            for s in best:
                out[s] = (n - len(best)) / len(best)
            return out
        place = 1
        for g in self._groups:
            score = sum((n + 1) / 2 - (place + i) for i in range(len(g))) / len(g)
            for s in g:
                out[s] = score
            place += len(g)
        return out

    # ---- legal actions
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node (the next card turned or shown); [] elsewhere."""
        if self._to_play != CHANCE_PLAYER:
            return []
        if self._phase == TURNING:
            total = sum(self._deck)
            jacks = sum(self._deck[4 * 9 + s] for s in range(4))
            # the first Jack is card k+1: C(total-1-k, jacks-1) / C(total, jacks)
            from math import comb
            denom = comb(total, jacks)
            return [(TURN_UP + k, comb(total - 1 - k, jacks - 1) / denom)
                    for k in range(total - jacks + 1)]
        cards = self._pile[-1][4]
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return [(LAY + c, k / len(cards)) for c, k in sorted(counts.items())]

    def legal_actions(self) -> list[int]:
        """Sorted legal actions of the current player (chance outcomes at a chance node)."""
        p = self._to_play
        if p == TERMINAL_PLAYER:
            return []
        if p == CHANCE_PLAYER:
            return [a for a, _ in self.chance_outcomes()]
        r = self.rules
        if self._phase == WINDOW:
            acts = [CHALLENGE, ACCEPT]
            if r.check:
                acts.append(CHECK)
            return acts
        h = self._hands[p]
        pend = self._pending
        acts = []
        if not pend:
            if self._open_seat == p:
                layer = self._pile[-1][0]
                specials = [CHALLENGE]
                if r.check and not self._checked:
                    specials.append(CHECK)
                if r.chinese:
                    specials.append(BELIEVE)
                if self._sizes[layer] == 0:
                    return sorted(specials + [ACCEPT])
                acts.extend(specials)
            acts.extend(LAY + c for c in range(N_CARDS) if h[c])
            if r.chinese:
                if not self._lead:
                    acts.append(PASS)
            elif not self._holds_truth(p):
                acts.append(PICK_UP)
            return sorted(acts)
        if len(pend) < r.max_lay:
            acts.extend(LAY + c for c in range(N_CARDS) if h[c])
        laid = len(pend)
        if r.specificity:
            suits = range(4) if self._suit < 0 else (self._suit,)
            acts.extend(CLAIM_SUITED + 4 * rank + s for rank in self._allowed for s in suits)
        else:
            counts: Sequence[int]
            if r.count_lies and r.rounds_game:
                counts = range(1, MAX_CLAIM + 1)
            elif r.rounds_game:
                counts = range(1, min(laid, MAX_CLAIM) + 1)
            elif r.counts_may_differ:
                counts = range(1, 5)
            else:
                counts = (laid,)
            acts.extend(claim_action(rank, k) for rank in self._allowed for k in counts)
        return sorted(acts)

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        """int8 mask of length ``num_actions``: 1 for each legal action of `seat` (default: the seat to act; zeros for any other seat)."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if seat is None or self._seat(seat) == self._to_play:
            mask[self.legal_actions()] = 1
        return mask

    def _action(self, action: object) -> int:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalAction(f"an action is a whole number 0..{NUM_ACTIONS - 1}, not {action!r}")
        a = int(action)
        if not 0 <= a < NUM_ACTIONS:
            raise IllegalAction(f"action {a} does not exist: actions are 0..{NUM_ACTIONS - 1}")
        return a

    def _why_illegal(self, a: int) -> str:
        p = self._to_play
        if p == TERMINAL_PLAYER:
            return "the game is over"
        if p == CHANCE_PLAYER:
            return f"{self.action_to_string(a)} is not a chance outcome now"
        text = self.action_to_string(a)
        if a < CLAIM and not self._hands[p][a]:
            return f"seat {p} cannot lay {card_text(a)}: not in its hand"
        if a < CLAIM:
            return f"seat {p} cannot lay {card_text(a)} now"
        if a < PICK_UP and not self._pending:
            return f"seat {p} must lay a card before claiming ({text.removeprefix('claim ')})"
        if a < PICK_UP:
            return f"seat {p} cannot {text}: the claim must name " \
                   f"{' or '.join(RANK_PLURALS[r] for r in self._allowed)}" \
                   f"{'' if self.rules.counts_may_differ else ' and the number laid'}"
        if a == PICK_UP:
            return f"seat {p} may not pick up the pile: it holds a card it could play truthfully"
        if self._phase == PLAY:
            return (f"seat {p} may not {text} now: there is no claim to answer; seat {p} "
                    f"{'must lay cards and claim them' if not self._pending else 'must claim the cards laid'}")
        return f"seat {p} may not {text} now: {self._legal_hint()}"

    def _legal_hint(self) -> str:
        """The kinds of move open now, an example of each."""
        kinds: dict[str, str] = {}
        for a in self.legal_actions():
            text = self.action_to_string(a)
            kind = "lay" if a < CLAIM else "claim" if a < PICK_UP else text
            kinds.setdefault(kind, text)
        return "the moves now are " + ", ".join(
            f"'{t}'" + (" (any card of the hand)" if k == "lay" else
                        " (or another claim)" if k == "claim" else "")
            for k, t in kinds.items())

    def verify_action(self, action: object) -> int:
        """The action as an int if it is legal now, else IllegalAction saying why."""
        a = self._action(action)
        if a not in self.legal_actions():
            raise IllegalAction(self._why_illegal(a))
        return a

    def can_apply_action(self, action: object) -> bool:
        """True if :meth:`apply_action` would accept `action` now; never raises."""
        try:
            a = self._action(action)
        except IllegalAction:
            return False
        return a in self.legal_actions()

    def apply_action(self, action: int) -> None:
        """Apply one action; `IllegalAction` (a ValueError) leaves the state unchanged."""
        a = self.verify_action(action)
        self._actions.append(a)
        self._apply(a)

    def _apply(self, a: int) -> None:
        p = self._to_play
        r = self.rules
        if p == CHANCE_PLAYER:
            if self._phase == TURNING:
                k = a - TURN_UP
                leader = k % self._n
                self._history.append(TurnUp(k, leader))
                self._deal(leader)
            else:
                self._resolve_reveal(a - LAY)
            return
        if self._phase == WINDOW:
            self._window_action(p, a)
            return
        if a < CLAIM:
            if self._open_seat == p:
                self._stand()          # laying a card lets the last play stand
            self._hands[p][a] -= 1
            self._sizes[p] -= 1
            self._pending.append(a)
            return
        if a < CLAIM_SUITED:
            rank, count = divmod(a - CLAIM, MAX_CLAIM)
            self._claim(p, rank, count + 1, -1)
        elif a < PICK_UP:
            rank, suit = divmod(a - CLAIM_SUITED, 4)
            self._claim(p, rank, 1, suit)
        elif a == PICK_UP:
            if self._open_seat == p:
                self._stand()
            self._history.append(PickUp(p, self._pile_size))
            self._take_pile(p)
            if not r.claims_follow_rounds:
                self._due = self._next_in_cycle(self._due)
            self._note_turn()
            if self._to_play == TERMINAL_PLAYER:
                return
            nxt = self._next_active(p)
            if r.claims_follow_rounds:
                self._set_turn(nxt, (self._round_rank,))
            elif r.free_for_all:
                self._start_round(nxt)
            else:
                self._set_turn(nxt, (self._due,))
        elif a == CHALLENGE:
            self._challenge(p)
        elif a == ACCEPT:
            self._stand()
        elif a == CHECK:
            self._check(p)
            self._stand()
        elif a == PASS:
            self._pass(p)
        elif a == BELIEVE:
            self._believe(p)

    def _claim(self, p: int, rank: int, count: int, suit: int) -> None:
        r = self.rules
        cards = sorted(self._pending)
        self._pending = []
        self._history.append(Play(p, rank, count, suit, len(cards), cards_text_list(cards)))
        if r.set_size and self._lead and len(cards) >= r.set_size \
                and all(c < 52 for c in cards) and len({c & 3 for c in cards}) == 1:
            self._lead_lost(p, cards)
            return
        self._pile.append([p, rank, count, suit, cards, 1 << p])
        self._pile_size += len(cards)
        self._last_rank = rank
        self._last_layer = p
        self._passes = 0
        if self._lead and r.claims_follow_rounds:
            self._round_rank = rank
        self._due = self._next_in_cycle(rank) if rank in self._cycle else self._due
        self._note_turn()
        if self._to_play == TERMINAL_PLAYER:
            return
        allowed = self._after_play_allowed(rank)
        nxt = self._next_active(p)
        if r.hawaiian:
            self._window = [s for s in (self._next_active_from(p)) if s != p]
            self._to_play = self._window.pop(0)
            self._phase = WINDOW
            self._open_seat = -1
            self._allowed = allowed
            self._suit = suit
            self._lead = False
            return
        self._set_turn(nxt, allowed, suit=suit, open_seat=nxt)

    def _next_active_from(self, seat: int) -> list[int]:
        n = self._n
        return [(seat + k) % n for k in range(1, n) if self._active[(seat + k) % n]]

    def _lead_lost(self, p: int, cards: list[int]) -> None:
        for c in cards:
            self._out[c] += 1
        h = self._hands[p]
        for c in range(N_CARDS):
            self._gone[c] += h[c]
            h[c] = 0
        self._sizes[p] = 0
        self._history.append(LeadLost(p, cards_text_list(cards)))
        self._active[p] = False
        self._lost.append(p)
        if sum(self._active) <= 1:
            self._end([])
            return
        self._note_turn()       # the losing lead was a play (the stuck-game rule)
        if self._to_play == TERMINAL_PLAYER:
            return
        self._start_round(self._next_active(p))

    def _stand(self) -> None:
        """The last play stands: an empty-handed layer goes out."""
        layer = self._pile[-1][0]
        self._open_seat = -1
        self._history.append(Stand(layer))
        if self._sizes[layer] == 0 and self._active[layer]:
            self._finish(layer)

    def _window_action(self, p: int, a: int) -> None:
        if a == CHALLENGE:
            self._challenge(p)
            return
        if a == CHECK:
            self._check(p)
        if self._window:
            self._to_play = self._window.pop(0)
            return
        layer = self._pile[-1][0]
        self._stand()
        if self._to_play == TERMINAL_PLAYER:
            return
        self._set_turn(self._next_active(layer), self._allowed, suit=self._suit)

    def _check(self, p: int) -> None:
        play = self._pile[-1]
        play[5] |= 1 << p
        self._checked = True
        self._history.append(Check(p, play[0], cards_text_list(play[4])))

    def _challenge(self, c: int) -> None:
        r = self.rules
        self._window = []
        if r.only_one:
            self._challenger = c
            self._to_play = CHANCE_PLAYER
            self._phase = REVEAL
            return
        play = self._pile[-1]
        layer, rank = play[0], play[1]
        lie = self._is_lie(play)
        taker = layer if lie else c
        winner = c if lie else layer
        self._history.append(Challenge(c, layer, cards_text_list(play[4]), lie, taker,
                                       self._pile_size))
        self._take_pile(taker)
        if not lie and self._sizes[layer] == 0 and self._active[layer]:
            self._finish(layer)
        if self._to_play == TERMINAL_PLAYER:
            return
        if r.rounds_game or r.egyptian:
            if r.egyptian:      # a pick-up at that lead moves on from the challenged rank
                self._due = rank if rank in self._cycle else self._due
            self._start_round(winner if self._active[winner] else self._next_active(winner))
        elif r.chinese:
            self._start_round(c if lie else self._next_active(c))
        else:
            self._due = rank if rank in self._cycle else self._due
            allowed = tuple(sorted(self._cycle)) if r.free_for_all else (rank,)
            self._set_turn(taker if self._active[taker] else self._next_active(taker), allowed)

    def _resolve_reveal(self, card: int) -> None:
        play = self._pile[-1]
        layer, rank, suit = play[0], play[1], play[3]
        c = self._challenger
        lie = not self._matches(card, rank, suit)
        taker = layer if lie else c
        self._history.append(Reveal(c, layer, card_text(card), lie, taker, self._pile_size))
        self._take_pile(taker)
        if not lie and self._sizes[layer] == 0 and self._active[layer]:
            self._finish(layer)
        if self._to_play == TERMINAL_PLAYER:
            return
        self._due = self._next_in_cycle(rank) if rank in self._cycle else self._due
        nxt = self._next_active(layer)
        if self.rules.free_for_all:
            self._start_round(nxt)
        else:
            self._set_turn(nxt, (self._due,))

    def _pass(self, p: int) -> None:
        if self._open_seat == p:
            self._stand()
            if self._to_play == TERMINAL_PLAYER:
                return
        self._history.append(Pass(p))
        self._passes += 1
        self._note_turn()
        if self._to_play == TERMINAL_PLAYER:
            return
        others = sum(1 for s in range(self._n) if self._active[s] and s != self._last_layer)
        if self._passes >= others:
            lead = self._last_layer if self._active[self._last_layer] \
                else self._next_active(self._last_layer)
            self._history.append(PileCleared(lead, self._clear_pile()))
            self._start_round(lead)
            return
        self._set_turn(self._next_active(p), self._allowed, suit=self._suit)

    def _believe(self, p: int) -> None:
        play = self._pile[-1]
        layer = play[0]
        lie = self._is_lie(play)
        shown = cards_text_list(play[4])
        if lie:
            self._history.append(Believe(p, layer, shown, True, self._pile_size))
            self._take_pile(p)
            if self._sizes[layer] == 0 and self._active[layer]:
                self._finish(layer)     # the believer took the pile: the lie got away
            if self._to_play != TERMINAL_PLAYER:
                self._start_round(self._next_active(p))
            return
        self._history.append(Believe(p, layer, shown, False, self._clear_pile()))
        if self._sizes[layer] == 0 and self._active[layer]:
            self._finish(layer)
        if self._to_play != TERMINAL_PLAYER:
            self._start_round(p)

    # ---- the verbs: verify_x raises IllegalAction saying why, can_x answers, x does it
    def _play_actions(self, cards: str, claim: str) -> list[int]:
        """The lays and the claim of a whole play, each checked on a copy of the state."""
        try:
            counts = parse_cards(cards, what="cards to lay")
            seq = [LAY + c for c in range(N_CARDS) for _ in range(counts[c])]
            if not seq:
                raise IllegalAction("a play lays at least one card")
        except IllegalAction:
            raise
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        trial = self.clone()
        for a in seq:
            trial.apply_action(a)
        final = trial._claim_action(claim)      # a bare rank claims as many as were laid
        trial.apply_action(final)
        return seq + [final]

    def verify_play(self, cards: str, *, claim: str) -> None:
        """IllegalAction unless the seat to play may lay `cards` (text) and claim `claim`."""
        self._play_actions(cards, claim)

    def can_play(self, cards: str, *, claim: str) -> bool:
        """True if :meth:`verify_play` accepts laying `cards` with `claim` now (the verify/can/do pattern); never raises."""
        return can(self.verify_play, cards, claim=claim)

    def play(self, cards: str, *, claim: str) -> None:
        """Lay `cards` (text) and claim, e.g. ``g.play("As 7d", claim="two Aces")``; a bare
        rank (``claim="Aces"``) claims as many cards as were laid."""
        for a in self._play_actions(cards, claim):
            self.apply_action(a)

    def verify_lay(self, card: str) -> None:
        """IllegalAction unless the seat to play may lay `card` (text, ``"As"``) now."""
        self.verify_action(self._lay_action(card))

    def can_lay(self, card: str) -> bool:
        """True if :meth:`verify_lay` accepts laying `card` now (the verify/can/do pattern); never raises."""
        return can(self.verify_lay, card)

    def lay(self, card: str) -> None:
        """Lay one card face down in the play being made (:meth:`claim` finishes it)."""
        self.apply_action(self._lay_action(card))

    def _lay_action(self, card: str) -> int:
        try:
            return LAY + _one_card(str(card))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None

    def _claim_action(self, claim: str) -> int:
        try:
            a = self.string_to_action(claim)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if not CLAIM <= a < PICK_UP:
            raise IllegalAction(f"{claim!r} is not a claim (say 'two Aces' or "
                                f"'the Ace of spades')")
        return a

    def verify_claim(self, claim: str) -> None:
        """IllegalAction unless the seat to play may finish its play with `claim` now."""
        self.verify_action(self._claim_action(claim))

    def can_claim(self, claim: str) -> bool:
        """True if :meth:`verify_claim` accepts `claim` now (the verify/can/do pattern); never raises."""
        return can(self.verify_claim, claim)

    def claim(self, claim: str) -> None:
        """Finish the play with a claim (``"two Aces"``) after laying its cards."""
        self.apply_action(self._claim_action(claim))

    def verify_challenge(self) -> None:
        """IllegalAction unless the seat to act may challenge the last claim now."""
        self.verify_action(CHALLENGE)

    def can_challenge(self) -> bool:
        """True if :meth:`verify_challenge` accepts a challenge now (the verify/can/do pattern); never raises."""
        return can(self.verify_challenge)

    def challenge(self) -> None:
        """Challenge the last play (the challenge action). Raises IllegalAction, state unchanged, when not legal now."""
        self.apply_action(CHALLENGE)

    def verify_accept(self) -> None:
        """IllegalAction unless the seat to act may let the last play stand now."""
        self.verify_action(ACCEPT)

    def can_accept(self) -> bool:
        """True if :meth:`verify_accept` accepts letting the last play stand now (the verify/can/do pattern); never raises."""
        return can(self.verify_accept)

    def accept(self) -> None:
        """Let the last play stand. Raises IllegalAction, state unchanged, when not legal now."""
        self.apply_action(ACCEPT)

    def verify_pick_up(self) -> None:
        """IllegalAction unless the seat to play may pick up the pile now."""
        self.verify_action(PICK_UP)

    def can_pick_up(self) -> bool:
        """True if :meth:`verify_pick_up` accepts picking up the pile now (the verify/can/do pattern); never raises."""
        return can(self.verify_pick_up)

    def pick_up(self) -> None:
        """Pick up the pile instead of playing: open to a seat that holds no card it could
        truthfully lay (T passes instead). Raises IllegalAction, state unchanged, when not legal now."""
        self.apply_action(PICK_UP)

    def verify_pass(self) -> None:
        """IllegalAction unless the seat to play may pass now (Chinese Bluff, T)."""
        self.verify_action(PASS)

    def can_pass(self) -> bool:
        """True if :meth:`verify_pass` accepts a pass (T) now (the verify/can/do pattern); never raises."""
        return can(self.verify_pass)

    def pass_(self) -> None:
        """Pass (T); ``pass`` is a Python keyword, hence the ``_``."""
        self.apply_action(PASS)

    def verify_check(self) -> None:
        """IllegalAction unless the seat to act may look at the last play privately (J)."""
        self.verify_action(CHECK)

    def can_check(self) -> bool:
        """True if :meth:`verify_check` accepts a private look at the last play (J) now (the verify/can/do pattern); never raises."""
        return can(self.verify_check)

    def check(self) -> None:
        """Look at the last play's cards privately (J); the play then stands."""
        self.apply_action(CHECK)

    def verify_believe(self) -> None:
        """IllegalAction unless the seat to play may say "I believe" (T)."""
        self.verify_action(BELIEVE)

    def can_believe(self) -> bool:
        """True if :meth:`verify_believe` accepts "I believe" (T) now (the verify/can/do pattern); never raises."""
        return can(self.verify_believe)

    def believe(self) -> None:
        """Say "I believe" (T): the last play is shown."""
        self.apply_action(BELIEVE)

    # ---- words
    def action_to_string(self, action: int) -> str:
        """A person's words for an action id (``"lay Ks"``, ``"claim two Kings"``, ``"challenge"``). Raises IllegalAction for an id that does not exist."""
        a = self._action(action)
        if a < CLAIM:
            return ("reveal " if self._phase == REVEAL and self._to_play == CHANCE_PLAYER
                    else "lay ") + card_text(a)
        if a < CLAIM_SUITED:
            rank, k = divmod(a - CLAIM, MAX_CLAIM)
            return "claim " + claim_words(rank, k + 1)
        if a < PICK_UP:
            rank, s = divmod(a - CLAIM_SUITED, 4)
            return "claim " + claim_words(rank, 1, s)
        if a >= TURN_UP:
            return f"turn up {a - TURN_UP + 1} cards to the first Jack"
        return ("pick up", "challenge", "accept", "check", "pass", "believe")[a - PICK_UP]

    def string_to_action(self, text: str) -> int:
        """'lay As', 'As', 'claim two Aces', 'two Aces', 'the Ace of spades', 'challenge',
        'cheat', 'I doubt it', 'accept', 'pick up', 'check', 'pass', 'I believe'."""
        if not isinstance(text, str):
            raise ValueError(f"an action is given as text, not {type(text).__name__}")
        t = " ".join(text.strip().lower().replace("!", "").split())
        words = {"pick up": PICK_UP, "pickup": PICK_UP, "challenge": CHALLENGE, "cheat": CHALLENGE,
                 "bullshit": CHALLENGE, "i doubt it": CHALLENGE, "doubt": CHALLENGE,
                 "bull": CHALLENGE, "bs": CHALLENGE, "call bs": CHALLENGE, "liar": CHALLENGE,
                 "accept": ACCEPT, "stand": ACCEPT, "check": CHECK, "pass": PASS, "skip": PASS,
                 "i believe": BELIEVE, "believe": BELIEVE}
        if t in words:
            return words[t]
        for prefix in ("lay ", "reveal "):
            if t.startswith(prefix):
                return LAY + _one_card(t[len(prefix):])
        if t.startswith("claim "):
            t = t[6:]
        if len(t) in (2, 3) and " " not in t:
            try:
                return LAY + _one_card(t)
            except ValueError:
                pass
        parts = t.split()
        if len(parts) >= 4 and parts[0] == "the" and parts[2] == "of":
            rank = _rank_word(parts[1])
            if parts[3] in SUIT_WORDS:
                return CLAIM_SUITED + 4 * rank + SUIT_WORDS.index(parts[3])
        counts = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
        if len(parts) == 1 and _is_rank_word(parts[0]):
            # a bare rank ("Aces") claims as many as were laid: the natural reading
            rank = _rank_word(parts[0])
            if self._pending and 1 <= len(self._pending) <= MAX_CLAIM:
                return claim_action(rank, len(self._pending))
            raise ValueError(f"{text!r} does not say how many: lay the cards first, then "
                             f"claim e.g. {claim_words(rank, 2)!r}")
        if len(parts) == 2:
            k = counts.index(parts[0]) + 1 if parts[0] in counts else \
                int(parts[0]) if parts[0].isdigit() else 0
            if 1 <= k <= MAX_CLAIM:
                return claim_action(_rank_word(parts[1]), k)
        raise ValueError(f"{text!r} names no action ({self._legal_hint()})"
                         if self.legal_actions() else f"{text!r} names no action")

    # ---- observations
    def _visible(self, rec: Record, seat: int) -> Record:
        if type(rec) is Deal:
            return Deal(tuple(h if s == seat else None for s, h in enumerate(rec.hands)),
                        rec.leader)
        if type(rec) is Play and rec.seat != seat:
            return Play(rec.seat, rec.rank, rec.count, rec.suit, rec.laid, None)
        if type(rec) is Check and rec.seat != seat:
            return Check(rec.seat, rec.target, None)
        return rec

    def visible_history(self, seat: int) -> tuple[Record, ...]:
        """The history as `seat` may see it: cards laid by others are hidden (None) unless they were shown."""
        seat = self._seat(seat)
        return tuple(self._visible(r, seat) for r in self._history)

    def log_for(self, seat: int) -> list[str]:
        """Every event so far as `seat` may see it, one line each."""
        seat = self._seat(seat)
        return [r.describe(you=seat) for r in self.visible_history(seat) if type(r) is not Stand]

    def to_log(self) -> str:
        """The whole game as text: the rules, the deal, then one action a line
        (``SEAT words`` as :meth:`action_to_string` says them, ``chance N (words)``
        for a chance outcome), every event as a ``#`` comment with every card shown.

        :meth:`from_log` replays it.
        """
        lines = [LOG_HEADER, f"rules {options_text(self.rules.to_dict())}"]
        hands = self._first_hands()
        if hands is not None:
            lines.append("hands " + " | ".join(h or "-" for h in hands))
        replay = self._replay_start(hands)
        seen = 0
        for a in [None, *self._actions]:
            if a is not None:
                p = replay._to_play
                words = replay.action_to_string(a)
                lines.append(f"chance {a} ({words})" if p < 0 else f"{p} {words}")
                replay.apply_action(a)
            lines += [f"# {r.describe()}" for r in replay._history[seen:] if type(r) is not Stand]
            seen = len(replay._history)
        return "\n".join(lines) + "\n"

    def _first_hands(self) -> list[str] | None:
        """Each seat's cards as first dealt (None: not dealt yet and drawn at random)."""
        if self._manual is not None:
            return [cards_text(h) for h in self._manual]
        deal = next((r for r in self._history if type(r) is Deal), None)
        return None if deal is None else [h or "" for h in deal.hands]

    def _replay_start(self, hands: list[str] | None) -> Game:
        """A new game of these rules dealt `hands` (or, with none, from this game's start)."""
        if hands is not None:
            return Game(self._n, rules=self.rules, hands=hands)
        return Game(self._n, rules=self.rules,
                    seed=generator_from_state(state_from_json(self._rng_start)))

    @classmethod
    def from_log(cls, text: str) -> Game:
        """Replay a log of :meth:`to_log`, every action checked; the game holds the
        logged deal as fixed ``hands=`` (a log written before the deal deals at random)."""
        frame = read_frame(text, LOG_HEADER, "a Cheat log")
        if frame.words:
            raise ValueError(f"game log: rules option {frame.words[0]!r} is not key=value")
        try:
            rules = Rules.from_dict(frame.options)
        except ValueError as exc:
            raise ValueError(f"game log: rules: {exc}") from None
        rest = frame.lines
        hands = None
        if rest and rest[0][1].startswith("hands"):
            hands = [("" if h.strip() == "-" else h.strip())
                     for h in rest[0][1][5:].split("|")]
            rest = rest[1:]
        try:
            g = cls(rules.players, rules=rules, hands=hands)
        except ValueError as exc:
            raise ValueError(f"game log: hands: {exc}") from None
        for number, line in rest:
            head, _, words = line.partition(" ")
            try:
                if head == "chance":
                    action = words.split()[0] if words.split() else ""
                    if not action.isdigit():
                        raise ValueError(f"expected 'chance N', not {line!r}")
                    if g._to_play != CHANCE_PLAYER:
                        raise IllegalAction("no chance outcome is due now")
                    g.apply_action(int(action))
                    continue
                if not head.isdigit() or not words:
                    raise ValueError(f"expected 'SEAT action' or 'chance N', not {line!r}")
                if int(head) != g.to_play:
                    raise IllegalAction(f"seat {head} is not the seat to act "
                                        f"({'none' if g.to_play is None else g.to_play})")
                g.apply_action(g.string_to_action(words))
            except ValueError as exc:
                raise ValueError(f"game log line {number}: {exc}") from None
        return g

    def describe(self) -> str:
        """The whole table in a few lines, every hand shown (an onlooker's view).

        >>> print(Game(players=2, hands=["As Ad 7c", "Kh 2d"]).describe())
        Cheat, 2 players: seat 0 to play; pile 0 cards
          seat 0: As Ad 7c
          seat 1: Kh 2d
        """
        if self.is_over:
            where = "over"
        elif self._to_play == CHANCE_PLAYER:
            where = "a chance outcome is due"
        else:
            where = f"seat {self._to_play} to play"
        lines = [f"Cheat, {self._n} players: {where}; pile {_n_cards(self._pile_size)}"]
        for seat in range(self._n):
            out = "" if self._active[seat] and seat not in self._finished else " (out)"
            lines.append(f"  seat {seat}: {self.hand(seat) or '-'}{out}")
        if self._pile and not self.is_over:
            s, r, k, su = self._pile[-1][:4]
            lines.append(f"Last claim: seat {s}, {claim_words(r, k, su)}")
        if self._pending:
            lines.append("Laid so far: " + " ".join(card_text(c) for c in self._pending))
        if self.is_over:
            lines.append("Places: " + (", ".join(map(str, self.places)) or "none"))
        return "\n".join(lines)

    def observation(self, seat: int) -> Observation:
        """What `seat` may know now (:class:`Observation`): its own cards, the public record, never anyone else's cards."""
        seat = self._seat(seat)
        known = [0] * N_CARDS
        for play in self._pile:
            if play[5] >> seat & 1:
                for c in play[4]:
                    known[c] += 1
        me = self._to_play == seat
        return Observation(
            seat, tuple(self._hands[seat]), tuple(self._sizes), self._pile_size, tuple(known),
            tuple(self._out), sum(self._gone),
            tuple((pl[0], pl[1], pl[2], pl[3], len(pl[4])) for pl in self._pile), self.to_play,
            self._phase, self._allowed if me else (), self._suit if me else -1,
            tuple(self._pending) if me else (), tuple(self._finished + self._lost),
            tuple(self._penalties), self.visible_history(seat),
            tuple(self.legal_actions()) if me else (), self.rules, self.is_over, self.winner)

    def observation_array(self, seat: int) -> np.ndarray:
        """``observation(seat).to_array()``: the fixed-size float32 form."""
        return self.observation(seat).to_array()

    # ---- copies and saving
    def clone(self) -> Game:
        """An independent copy; it continues exactly as this game would (generator state included)."""
        g = Game.__new__(Game)
        for k, v in self.__dict__.items():
            setattr(g, k, v)
        g._manual = self._manual
        g._rng = np.random.Generator(type(self._rng.bit_generator)(0))
        g._rng.bit_generator.state = self._rng.bit_generator.state
        g._actions = self._actions[:]
        g._hands = [h[:] for h in self._hands]
        g._sizes = self._sizes[:]
        g._pile = [pl[:4] + [pl[4][:], pl[5]] for pl in self._pile]
        g._out = self._out[:]
        g._gone = self._gone[:]
        g._pending = self._pending[:]
        g._window = self._window[:]
        g._finished = self._finished[:]
        g._lost = self._lost[:]
        g._active = self._active[:]
        g._penalties = self._penalties[:]
        g._groups = None if self._groups is None else [x[:] for x in self._groups]
        g._history = self._history[:]
        return g

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def to_dict(self) -> dict[str, Any]:
        """Rules, the deal (or the generator it came from), every action, the generator now."""
        return {"format": FORMAT, "version": FORMAT_VERSION, "rules": self.rules.to_dict(),
                "hands": None if self._manual is None else [cards_text(h) for h in self._manual],
                "rng_start": self._rng_start, "actions": list(self._actions),
                "rng": state_to_json(self._rng.bit_generator.state), "state": self._state_dict()}

    def _state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, name) for name in _SAVED_SCALARS}
        for name in _SAVED_LISTS:
            d[name] = list(getattr(self, name))
        d["_active"] = [int(a) for a in self._active]
        d["_hands"] = [h[:] for h in self._hands]
        d["_pile"] = [pl[:4] + [pl[4][:], pl[5]] for pl in self._pile]
        d["_groups"] = self._groups
        d["history"] = [record_to_dict(r) for r in self._history]
        return d

    def _check_state(self, saved: Any) -> None:
        """A save's state must be the one its actions reach: a save cannot describe
        a state the rules cannot reach (the replayed state is the one kept)."""
        if not isinstance(saved, Mapping):
            raise ValueError("saved game: field 'state' must be a mapping")
        mine = json.loads(json.dumps(self._state_dict()))
        for name in sorted(set(mine) | set(saved), key=str):
            if name not in mine or name not in saved or saved[name] != mine[name]:
                raise ValueError(f"saved game: field 'state.{name}' is not the state its "
                                 f"actions reach")

    def to_json(self, **json_options: Any) -> str:
        """The exact save (:meth:`to_dict`) as JSON text; `json_options` go to :func:`json.dumps`."""
        return json.dumps(self.to_dict(), **json_options)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """A game from :meth:`to_dict`'s output. Raises ValueError naming the first bad field."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ValueError(f"saved game: field 'format' must be {FORMAT!r}")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"saved game: field 'version' must be {FORMAT_VERSION}, "
                             f"not {data.get('version')!r}")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except ValueError as exc:
            raise ValueError(f"saved game: field 'rules': {exc}") from None
        hands = data.get("hands")
        if hands is not None and not isinstance(hands, list):
            raise ValueError("saved game: field 'hands' must be a list of hands or null")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise ValueError("saved game: field 'actions' must be a list of whole numbers")
        if any(not 0 <= a < NUM_ACTIONS for a in actions):
            raise ValueError(f"saved game: field 'actions' holds an action outside "
                             f"0..{NUM_ACTIONS - 1}")
        try:
            g = cls(rules.players, rules=rules, hands=hands,
                    seed=generator_from_state(state_from_json(data.get("rng_start"))))
        except ValueError as exc:
            if str(exc).startswith("saved game"):
                raise
            raise ValueError(f"saved game: field 'hands': {exc}") from None
        for k, a in enumerate(actions):
            try:
                g.apply_action(a)
            except IllegalAction as exc:
                raise ValueError(f"saved game: field 'actions' entry {k} ({a}) is not legal: "
                                 f"{exc}") from None
        if "state" in data:
            g._check_state(data["state"])
        if "rng" in data:
            now = generator_from_state(state_from_json(data.get("rng")))
            if state_to_json(now.bit_generator.state) != \
                    state_to_json(g._rng.bit_generator.state):
                raise ValueError("saved game: field 'rng' is not where the actions leave the "
                                 "generator")
        return g

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from :meth:`to_json`'s text, exactly as saved.

        >>> g = Game(players=3, seed=1)
        >>> Game.from_json(g.to_json()).to_json() == g.to_json()
        True
        """
        return cls.from_dict(read_save(text))

    def _key(self) -> tuple[Any, ...]:
        """Everything the state holds, for equality (the generator by its state)."""
        d = dict(self.__dict__)
        d["_rng"] = self._rng.bit_generator.state
        d["_pile"] = [pl[:4] + [pl[4][:], pl[5]] for pl in self._pile]
        return tuple(sorted((k, repr(v)) for k, v in d.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self.is_terminal():
            where = f"over, returns {self.returns()}"
        else:
            where = f"seat {self._to_play} to play" if self._to_play >= 0 else "chance"
        return f"<cheat.Game {self.rules.summary()}; {where}; hand sizes {self._sizes}>"


_SAVED_SCALARS = ("_pile_size", "_to_play", "_phase", "_suit", "_lead", "_due", "_last_rank",
                  "_round_rank", "_open_seat", "_checked", "_challenger", "_passes",
                  "_last_layer", "_stall", "_record_low")
_SAVED_LISTS = ("_sizes", "_out", "_gone", "_pending", "_allowed", "_window", "_finished",
                "_lost", "_penalties")
def cards_text_list(cards: list[int]) -> str:
    counts = [0] * N_CARDS
    for c in cards:
        counts[c] += 1
    return cards_text(counts)


def _is_rank_word(word: str) -> bool:
    w = word.lower()
    return w == "sixs" or any(w in (RANK_WORDS[i].lower(), RANK_PLURALS[i].lower())
                              for i in range(14))


def _rank_word(word: str) -> int:
    w = word.lower()
    for i in range(14):
        if w in (RANK_WORDS[i].lower(), RANK_PLURALS[i].lower()):
            return i
    if w in ("sixs",):
        return 4
    raise ValueError(f"{word!r} is not a rank (Twos ... Aces, Jokers)")


def _one_card(token: str) -> int:
    tok = token.strip()
    counts = parse_cards(tok[:-1].upper() + tok[-1].lower() if len(tok) > 1 else tok,
                         what="card")
    if sum(counts) != 1:
        raise ValueError(f"{token!r} is not one card")
    return counts.index(1)
