"""The game state: hands, calls, challenges and results (RULES.md section 3).

Actions follow pokerkit: ``verify_x`` raises :class:`IllegalAction`, ``can_x``
answers with a bool, ``x`` verifies then applies. A refused action leaves the
state exactly as it was. Every deal, call, challenge, reveal and result is a
frozen record appended to :attr:`Game.history`.

>>> g = Game("pagat", players=3, hands=["As", "Ad", "9c"])
>>> g.to_play, g.legal_calls()[0].code
(0, 'one_card:2')
>>> g.call("two Aces"); g.call("three Aces")
>>> g.challenge()
>>> r = g.history[-1]
>>> r.held, r.loser, r.hand_sizes
(False, 1, (1, 2, 1))
>>> g.to_play is None      # manual dealing: the next hand waits for its cards
True

Engines and RL code use the integer facade (OpenSpiel's shape): ladder indices
are calls and ``len(ladder)`` is the challenge.

>>> g = Game("holdem", players=4, seed=7)
>>> acts = g.legal_actions(); acts[0], acts[-1]        # the opener cannot challenge
(0, 367)
>>> g.apply_action(40); g.legal_actions()[-1] == g.challenge_action
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..calls.cheung import certain_calls
from ..calls.ladder import Call, Ladder, family_names
from ..calls.spec import FAMILY_BUILDERS
from ..cards import JOKER_MASK, Pool, check_mask, deck_bits
from ..core import backend
from ..gamelog import options_text, read_frame
from ..protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, read_save
from ..protocol import Observation as _FamilyObservation
from ..randomness import generator_from_state, make_rng, state_from_json, state_to_json
from .rules import RANDOM_SEAT, Rules

try:    # the compiled engine (bull/_state.pxi); without it every game is the Python engine
    from ..core import _core as _compiled_core
    from ._engine import BullState as _BullState
    from ._engine import BullTableObject
except ImportError:     # the checker sees the stubs; here the engine is missing
    _BullState = _compiled_core = None  # type: ignore[misc, assignment]

FORMAT = "pokerbull-game"
FORMAT_VERSION = 1
LOG_HEADER = "pokerbull game log 1"


_new_pool = Pool.__new__
_store_mask = Pool.__mro__[1].__init__  # type: ignore[misc]  # the backend's PoolBase: the mask's storage


def _pool(mask: int) -> Pool:
    """A Pool from a mask already known to be valid (no re-checking on hot paths)."""
    p = _new_pool(Pool)
    _store_mask(p, mask)
    return p


def _pool_text(p: Pool) -> str:
    return str(p)


# ---- history records ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deal:
    """Cards dealt for one hand (seats that are out get an empty pool)."""

    hand: int
    starter: int
    hands: tuple[Pool, ...]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each seat (0 for seats that are out)."""
        return tuple(len(h) for h in self.hands)

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves store)."""
        return {"type": "deal", "hand": self.hand, "starter": self.starter,
                "hands": [_pool_text(h) for h in self.hands]}


@dataclass(frozen=True, slots=True)
class CallMade:
    """`seat` called `call` (a raise over every earlier call of the hand)."""

    hand: int
    seat: int
    call: Call

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves store)."""
        return {"type": "call", "hand": self.hand, "seat": self.seat, "call": self.call.code}


@dataclass(frozen=True, slots=True)
class Challenge:
    """`seat` challenged the last call, made by `caller`."""

    hand: int
    seat: int
    caller: int
    call: Call

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves store)."""
        return {"type": "challenge", "hand": self.hand, "seat": self.seat,
                "caller": self.caller, "call": self.call.code}


@dataclass(frozen=True, slots=True)
class Reveal:
    """Everyone's cards shown after a challenge; `pool` is all of them together."""

    hand: int
    pool: Pool
    hands: tuple[Pool, ...]

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves store)."""
        return {"type": "reveal", "hand": self.hand, "pool": _pool_text(self.pool),
                "hands": [_pool_text(h) for h in self.hands]}


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: the call, whether it held, who lost, what changed.

    ``hand_sizes`` are the sizes for the next hand (0 for seats that are out);
    ``winner`` is the winner of the game when this hand ended it.
    """

    hand: int
    call: Call
    caller: int
    challenger: int
    held: bool
    pool: Pool
    loser: int
    hand_sizes: tuple[int, ...]
    eliminated: int | None
    next_starter: int | None
    winner: int | None
    _witness: Any = field(default=None, compare=False, repr=False)

    @property
    def witness(self) -> Pool | None:
        """The cards of the pool that make the call (None when it did not hold)."""
        if not self.held:
            return None
        if self._witness is None:  # computed on first use: results are hot, reads rare
            object.__setattr__(self, "_witness", self.call.ladder.witness(self.call, self.pool))
        witness: Pool | None = self._witness
        return witness

    @property
    def winner_of_challenge(self) -> int:
        """The seat that did not lose: the challenger when the call failed, else the caller."""
        return self.challenger if self.loser == self.caller else self.caller

    def describe(self) -> str:
        """This record in words, as the game's log prints it."""
        verdict = (f"holds (made by {self.witness})" if self.held else "does not hold")
        out = (f"; seat {self.eliminated} is out" if self.eliminated is not None else "")
        end = (f"; seat {self.winner} wins the game" if self.winner is not None else "")
        return (f"hand {self.hand}: seat {self.challenger} challenged seat {self.caller}'s "
                f"{self.call}: it {verdict}; seat {self.loser} loses{out}{end}")

    def to_dict(self) -> dict[str, Any]:
        """This record as a JSON-ready dict (the form saves store)."""
        w = self.witness
        return {"type": "result", "hand": self.hand, "call": self.call.code,
                "caller": self.caller, "challenger": self.challenger, "held": self.held,
                "pool": _pool_text(self.pool), "witness": None if w is None else str(w),
                "loser": self.loser, "hand_sizes": list(self.hand_sizes),
                "eliminated": self.eliminated, "next_starter": self.next_starter,
                "winner": self.winner}


Record = Deal | CallMade | Challenge | Reveal | HandResult


def _you(seat: int, viewer: int | None, you: str = "you") -> str:
    return you if seat == viewer else f"seat {seat}"


def _verb(seat: int, viewer: int | None, verb: str) -> str:
    """``"you call"`` or ``"seat 2 calls"``."""
    return f"you {verb}" if seat == viewer else f"seat {seat} {verb}s"


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _record_lines(r: Record, viewer: int | None) -> list[str]:
    """A record in words as `viewer` may see it (None: an onlooker who sees every hand)."""
    if type(r) is Deal:
        starts = _verb(r.starter, viewer, "start")
        if viewer is None:
            dealt = "; ".join(f"seat {s}: {h}" for s, h in enumerate(r.hands) if len(h))
        else:
            dealt = f"your cards: {r.hands[viewer]}" if len(r.hands[viewer]) else "you are out"
        return [f"Hand {r.hand}: {dealt}; {starts}"]
    if type(r) is CallMade:
        return [_first_up(f"{_verb(r.seat, viewer, 'call')} {r.call}")]
    if type(r) is Challenge:
        whose = "your" if r.caller == viewer else f"seat {r.caller}'s"
        return [_first_up(f"{_verb(r.seat, viewer, 'challenge')} {whose} {r.call}")]
    if type(r) is Reveal:
        return [f"Cards shown: {r.pool}"]
    if type(r) is HandResult:
        verdict = f"holds, made by {r.witness}" if r.held else "does not hold"
        lines = [f"{r.call} {verdict}: {_verb(r.loser, viewer, 'lose')} the hand"]
        if r.eliminated is not None:
            out = "you are" if r.eliminated == viewer else f"seat {r.eliminated} is"
            lines.append(_first_up(f"{out} out of the game"))
        if r.winner is not None:
            lines.append(_first_up(f"{_verb(r.winner, viewer, 'win')} the game"))
        return lines
    return [str(r)]


# ---- what one seat may know --------------------------------------------------

@dataclass(frozen=True)
class Observation(_FamilyObservation):
    """What `seat` may know: its own cards, hand sizes, the calls of this hand.

    The family's fields (:class:`pokerbull.protocol.Observation`) and Poker Bull's own:
    ``hand_number``, ``starter``, ``calls``, ``last_result`` (the previous hand's
    result, which everyone saw), ``rules``, ``banned``, ``jokers_gone``.
    :meth:`to_array` gives the fixed-size form (layout in docs/game.md).
    """

    seat: int
    hand_number: int
    cards: Pool
    hand_sizes: tuple[int, ...]
    to_play: int | None
    starter: int | None
    calls: tuple[tuple[int, Call], ...]
    last_result: HandResult | None
    winner: int | None
    rules: Rules = field(repr=False)
    banned: frozenset[int] = frozenset()   # opening calls certain for the cards in play
    jokers_gone: bool = False              # cheung variation 5a: the jokers have left the deck

    @property
    def players(self) -> int:
        """Seats at the table (out or not)."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Has the game ended (one seat left)?"""
        return self.winner is not None

    @property
    def last_call(self) -> Call | None:
        """The last call of this hand, or None before the opening call."""
        return self.calls[-1][1] if self.calls else None

    def legal_actions(self) -> list[int]:
        """Sorted actions open to this seat now: raises, then the challenge ([] off turn)."""
        if self.to_play != self.seat or self.winner is not None:
            return []
        lad = self.rules.ladder
        last = self.last_call
        if last is None and self.banned:
            return _all_but(len(lad), self.banned)
        actions = list(range(lad.first_raise_index(None if last is None else last.index), len(lad)))
        if last is not None:
            actions.append(len(lad))
        return actions

    def action_mask(self) -> np.ndarray:
        """int8 mask over the action space (ladder indices, then the challenge)."""
        lad = self.rules.ladder
        if self.to_play != self.seat or self.winner is not None:
            return np.zeros(len(lad) + 1, np.int8)
        last = self.last_call
        return _mask_of(len(lad), lad.first_raise_index(None if last is None else last.index),
                        last is not None, self.banned)

    def describe(self) -> str:
        """The table as this seat sees it, in a few lines for a person.

        >>> print(Game("pagat", players=3, hands=["As", "Kd", "9c"]).observation(1).describe())
        Hand 1 (pagat): seat 0 1 card, you (seat 1) 1 card, seat 2 1 card; 3 cards in play
        Your cards: Kd
        No call yet; seat 0 to play
        """
        sizes = ", ".join(f"{_you(s, self.seat, 'you (seat %d)' % s)} {n} card{'s' * (n != 1)}"
                          for s, n in enumerate(self.hand_sizes) if n)
        lines = [f"Hand {self.hand_number} ({self.rules.preset_name}): {sizes}; "
                 f"{sum(self.hand_sizes)} cards in play", f"Your cards: {self.cards}"]
        if self.winner is not None:
            lines.append(f"Game over: {_you(self.winner, self.seat)} won")
            return "\n".join(lines)
        turn = "" if self.to_play is None else f"; {_you(self.to_play, self.seat)} to play"
        if self.calls:
            seat, call = self.calls[-1]
            lines.append(f"Last call: {call} by {_you(seat, self.seat)}{turn}")
        else:
            lines.append(f"No call yet{turn}")
        return "\n".join(lines)

    def to_array(self) -> np.ndarray:
        """The fixed-size float32 form; equal to :meth:`Game.observation_array`."""
        return _observation_array(
            self.rules, self.seat, -1 if self.to_play is None else self.to_play,
            -1 if self.starter is None else self.starter, self.hand_sizes, self.cards.mask,
            [c.index for _, c in self.calls], self.calls[-1][0] if self.calls else -1)


def _observation_array(rules: Rules, seat: int, to_play: int, starter: int,
                       sizes: Sequence[int], cards: int, called: Iterable[int],
                       last_caller: int) -> np.ndarray:
    n = rules.players
    deck = rules.deck_size
    index_of = _card_index(rules)
    out = np.zeros(rules.observation_size, np.float32)
    out[seat] = 1.0
    if to_play >= 0:
        out[n + to_play] = 1.0
    if starter >= 0:
        out[2 * n + starter] = 1.0
    out[3 * n:4 * n] = sizes
    base = 4 * n
    while cards:
        low = cards & -cards
        out[base + index_of[low.bit_length() - 1]] = 1.0
        cards ^= low
    base += deck
    for c in called:
        out[base + c] = 1.0
    if last_caller >= 0:
        out[base + len(rules.ladder) + last_caller] = 1.0
    return out


def _mask_of(n_calls: int, first: int, challenge: bool, banned: frozenset[int]) -> np.ndarray:
    """The action mask: calls from `first` up (less the banned ones), then the challenge."""
    mask = np.zeros(n_calls + 1, np.int8)
    mask[first:n_calls] = 1
    if banned:
        mask[sorted(banned)] = 0
    mask[n_calls] = challenge
    return mask


def _all_but(n: int, banned: frozenset[int]) -> list[int]:
    """0..n-1 without the banned indices, built from runs (cheap for a big ladder)."""
    out: list[int] = []
    start = 0
    for b in sorted(banned):
        out += range(start, b)
        start = b + 1
    out += range(start, n)
    return out


_CARD_INDEX: dict[int, dict[int, int]] = {}


def _card_index(rules: Rules) -> dict[int, int]:
    allowed = rules.ladder.allowed_mask
    table = _CARD_INDEX.get(allowed)
    if table is None:
        table = _CARD_INDEX[allowed] = {b: i for i, b in enumerate(deck_bits(allowed))}
    return table


# ---- the game ----------------------------------------------------------------

_LADDERS_ON: dict[tuple[Any, ...], Ladder] = {}


def _ladder_for(rules: Rules, core: Any) -> Ladder:
    """The rules' ladder, or (for backend tests) the same ladder on a chosen kernel module."""
    if core is None:
        return rules.ladder
    key = (core.__name__, rules.family, rules.family_options)
    lad = _LADDERS_ON.get(key)
    if lad is None:
        family_names()
        lad = _LADDERS_ON[key] = Ladder(
            FAMILY_BUILDERS[rules.family](**dict(rules.family_options)), core=core)
    return lad


_LISTS: dict[Ladder, tuple[list[int], list[int]]] = {}


def _ladder_lists(lad: Ladder) -> tuple[list[int], list[int]]:
    """Plain lists the hot paths read: first raise per call, and the deck's card masks."""
    lists = _LISTS.get(lad)
    if lists is None:
        lists = _LISTS[lad] = (lad._raise_start.tolist(),
                               [1 << b for b in deck_bits(lad.allowed_mask)])
    return lists


def rules_of(preset: str | Rules, options: Mapping[str, Any]) -> Rules:
    """The rules a game is made with: a Rules object, or a preset name with options."""
    if isinstance(preset, Rules):
        if options:
            raise ValueError("give either a Rules object or a preset name with options, "
                             f"not both (got options {', '.join(sorted(options))})")
        return preset
    if isinstance(preset, str):
        return Rules.preset(preset, **options)
    raise ValueError(f"a game needs a preset name or Rules, not {type(preset).__name__}")


class Game:
    """One game of Poker Bull: a preset's rules, the seats' hands and the history.

    ``Game(preset, players=..., seed=..., **options)``; see :class:`~pokerbull.bull.rules.Rules`
    for the options. ``seed`` is an int, a ``numpy.random.Generator`` (used, and
    advanced, as given) or None. ``hands=`` deals the first hand explicitly and
    makes dealing manual (``dealing="manual"`` without ``hands=`` waits for the
    first hand too): every later hand waits for :meth:`deal`. ``rules`` is the
    game's :class:`~pokerbull.bull.rules.Rules`.
    """

    __slots__ = ()   # the state lives in an engine: _CompiledGame (C) or _PythonGame

    CHANCE_PLAYER = CHANCE_PLAYER
    TERMINAL_PLAYER = TERMINAL_PLAYER

    # What every engine keeps (_PythonGame in slots, _CompiledGame in its C struct):
    # declarations for the type checker only; no value is stored on Game itself.
    rules: Rules
    _lad: Ladder
    _core: Any
    _players: int
    _n_calls: int
    _raise_start: list[int]
    _to_play: int
    _sizes: list[int]
    _hands: list[int]
    _hand_no: int
    _starter: int
    _first_starter: int
    _last: int
    _last_caller: int
    _calls: list[tuple[int, int]]
    _winner: int
    _manual: bool
    _banned: frozenset[int]
    _jokers_gone: bool
    _recharged: bool

    if TYPE_CHECKING:   # the engines' own steps, declared for the checker
        @property
        def _history(self) -> list[Record]: ...
        def _begin(self, rules: Rules, seed: Any, manual: bool, core: Any) -> None: ...
        def _blank(self, rules: Rules, core: Any) -> None: ...
        def _draw_seat(self) -> int: ...
        def _set_first_starter(self, seat: int) -> None: ...
        def _drop_generator(self) -> None: ...
        def _set_dealing(self, manual: bool, rng: np.random.Generator | None) -> None: ...
        def _generator_state(self) -> Any: ...
        def _deal_random(self, starter: int) -> None: ...
        def _start_hand(self, hands: list[int], starter: int) -> None: ...
        def _apply_call(self, index: int) -> None: ...
        def _apply_challenge(self) -> None: ...

    def __new__(cls, *args: Any, _core: Any = None, **kwargs: Any) -> Game:
        if cls is Game:     # the engine: compiled unless the pure backend is asked for
            engine = _engine_for(_core)
            return engine.__new__(engine)
        if not issubclass(cls, _PythonGame):
            raise TypeError(f"{cls.__name__}: a Game's state lives in an engine; subclass "
                            f"pokerbull.bull.game._CompiledGame or _PythonGame, not Game")
        return object.__new__(cls)

    def __init__(self, preset: str | Rules = "pagat", *, seed: Any = None,
                 hands: Sequence[Any] | None = None, dealing: str | None = None,
                 _core: Any = None, **options: Any) -> None:
        rules = rules_of(preset, options)
        if dealing is None:
            dealing = "random" if hands is None else "manual"
        if dealing not in ("random", "manual"):
            raise ValueError(f"dealing must be 'random' or 'manual', not {dealing!r}")
        if hands is not None and dealing == "random":
            raise ValueError("hands= fixes the cards, so dealing must be 'manual'")
        self._begin(rules, seed, dealing == "manual", _core)
        first = rules.first_starter
        if not isinstance(first, int):      # RANDOM_SEAT: drawn from the generator
            first = self._draw_seat()
        self._set_first_starter(first)
        if dealing == "manual":
            self._drop_generator()          # nothing random is left to draw
            if hands is not None:
                self.deal(hands)
        else:
            self._deal_random(first)

    # ---- reading the state
    @property
    def ladder(self) -> Ladder:
        """The ladder of calls these rules use (:class:`~pokerbull.Ladder`)."""
        return self._lad

    @property
    def players(self) -> int:
        """Seats at the table, out or not (the same as :attr:`num_players`)."""
        return self._players

    @property
    def to_play(self) -> int | None:
        """The seat to act, or None when the game is over or awaits a deal."""
        return self._to_play if self._to_play >= 0 else None

    @property
    def current_player(self) -> int:
        """The seat to act; CHANCE_PLAYER (-1) awaiting a deal, TERMINAL_PLAYER (-4) at the end."""
        return self._to_play

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards each seat holds this hand (or is due next hand); 0 for seats that are out."""
        return tuple(self._sizes)

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats still in the game (holding cards or due some), lowest first."""
        return tuple(s for s, n in enumerate(self._sizes) if n)

    @property
    def hand_number(self) -> int:
        """1 for the first hand; counts hands dealt."""
        return self._hand_no

    @property
    def starter(self) -> int | None:
        """The seat that opens (or opened) the current hand; None once the game is over."""
        return self._starter if self._starter >= 0 else None

    @property
    def last_call(self) -> Call | None:
        """The last call of this hand, or None before the opening call."""
        return self._lad.calls[self._last] if self._last >= 0 else None

    @property
    def last_caller(self) -> int | None:
        """The seat that made :attr:`last_call`, or None before the opening call."""
        return self._last_caller if self._last_caller >= 0 else None

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """This hand's calls so far as (seat, call), lowest first."""
        calls = self._lad.calls
        return tuple((s, calls[i]) for s, i in self._calls)

    @property
    def is_over(self) -> bool:
        """True once one seat is left: the game has a :attr:`winner`."""
        return self._to_play == TERMINAL_PLAYER

    @property
    def winner(self) -> int | None:
        """The seat that won the game (the last with cards), or None while it goes on."""
        return self._winner if self._winner >= 0 else None

    @property
    def places(self) -> tuple[int, ...]:
        """Seats from first place down: () while the game goes on, then the winner and
        the others in reverse order of going out (the first out is last)."""
        if self._winner < 0:
            return ()
        return (self._winner,) + tuple(reversed(self.eliminated))

    @property
    def min_utility(self) -> float:
        """The lowest return: a loser's -1/(players-1)."""
        return -1.0 / (self._players - 1)

    @property
    def max_utility(self) -> float:
        """The highest return: the winner's +1."""
        return 1.0

    @property
    def history(self) -> tuple[Record, ...]:
        """Every record so far, oldest first: :class:`Deal`, :class:`CallMade`,
        :class:`Challenge`, :class:`Reveal` and :class:`HandResult`.

        >>> g = Game("pagat", players=2, hands=["As", "Kd"])
        >>> g.call("one Ace"); g.challenge()
        >>> [type(r).__name__ for r in g.history]
        ['Deal', 'CallMade', 'Challenge', 'Reveal', 'HandResult']
        """
        return tuple(self._history)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Seats that are out, in the order they went out."""
        return tuple(r.eliminated for r in self._history
                     if type(r) is HandResult and r.eliminated is not None)

    @property
    def dealing(self) -> str:
        """``"random"`` (the game deals from its generator) or ``"manual"`` (:meth:`deal` gives the cards)."""
        return "manual" if self._manual else "random"

    @property
    def awaiting_deal(self) -> bool:
        """True when the next hand waits for :meth:`deal` (manual dealing only)."""
        return self._to_play == CHANCE_PLAYER

    def hand(self, seat: int) -> Pool:
        """The cards `seat` holds in the current hand (empty between hands and when out)."""
        return _pool(self._hands[self._seat(seat)])

    @property
    def pool(self) -> Pool:
        """All cards in play this hand (what a challenge reveals)."""
        mask = 0
        for h in self._hands:
            mask |= h
        return _pool(mask)

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the seat to play may make now, lowest first."""
        if self._to_play < 0:
            return ()
        if self._last < 0 and self._banned:
            return tuple(c for c in self._lad.calls if c.index not in self._banned)
        return self._lad.calls[self._raise_start[self._last] if self._last >= 0 else 0:]

    def _seat(self, seat: object) -> int:
        if type(seat) is int and 0 <= seat < self._players:    # the common case first
            return seat
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < self._players:
            raise ValueError(f"seat must be 0..{self._players - 1}, not {seat!r}")
        return int(seat)

    # ---- actions: call
    def _check_turn(self, seat: object) -> None:
        if self._to_play < 0:
            if self._to_play == TERMINAL_PLAYER:
                raise IllegalAction(f"the game is over: seat {self._winner} won")
            raise IllegalAction(f"hand {self._hand_no + 1} has not been dealt yet: "
                                f"deal the cards first")
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                    or not 0 <= seat < self._players:
                raise IllegalAction(f"there is no seat {seat!r}: seats are "
                                    f"0..{self._players - 1}")
            if seat != self._to_play:
                who = "is out of the game" if not self._sizes[seat] else "must wait"
                raise IllegalAction(f"it is seat {self._to_play}'s turn, not seat {seat}'s "
                                    f"(seat {seat} {who})")

    def _resolve(self, call: object) -> Call:
        lad = self._lad
        if isinstance(call, Call) and call.ladder is not lad and call.ladder.key == lad.key:
            return lad.calls[call.index]      # the same ladder on another backend
        try:
            return lad.call(call)  # type: ignore[arg-type]
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None

    def verify_call(self, call: Call | str | int, *, seat: int | None = None) -> Call:
        """The resolved call if the seat to play (or `seat`) may make it now, else IllegalAction."""
        self._check_turn(seat)
        c = self._resolve(call)
        if self._last < 0 and c.index in self._banned:
            raise IllegalAction(f"{c} is certain with {sum(self._sizes)} cards in play: an "
                                f"opening call may not be certain")
        if self._last >= 0 and c.index < self._raise_start[self._last]:
            last = self._lad.calls[self._last]
            if self._raise_start[self._last] >= self._n_calls:
                raise IllegalAction(f"{last} is the highest call: seat {self._to_play} "
                                    f"can only challenge it")
            what = "is no higher than" if c.level == last.level else "is lower than"
            raise IllegalAction(f"{c} {what} the last call, {last}: a call must raise "
                                f"(the lowest raise is {self._lad.calls[self._raise_start[self._last]]})")
        return c

    def can_call(self, call: Call | str | int, *, seat: int | None = None) -> bool:
        """True if :meth:`verify_call` would accept `call` now (never raises IllegalAction)."""
        try:
            self.verify_call(call, seat=seat)
        except IllegalAction:
            return False
        return True

    def call(self, call: Call | str | int, *, seat: int | None = None) -> None:
        """The seat to play calls `call` (a Call, a phrase, a code or a ladder index)."""
        self._apply_call(self.verify_call(call, seat=seat).index)

    # ---- actions: challenge
    def verify_challenge(self, *, seat: int | None = None) -> None:
        """IllegalAction unless the seat to play (or `seat`) may challenge now."""
        self._check_turn(seat)
        if self._last < 0:
            raise IllegalAction(f"there is no call to challenge yet: seat {self._to_play} "
                                f"opens hand {self._hand_no} with a call")

    def can_challenge(self, *, seat: int | None = None) -> bool:
        """True if :meth:`verify_challenge` would accept a challenge now."""
        try:
            self.verify_challenge(seat=seat)
        except IllegalAction:
            return False
        return True

    def challenge(self, *, seat: int | None = None) -> None:
        """The seat to play challenges the last call: cards are shown and the hand ends."""
        self.verify_challenge(seat=seat)
        self._apply_challenge()

    # ---- dealing
    def verify_deal(self, hands: Sequence[Any]) -> list[int]:
        """The hands as masks if they are a legal deal for the next hand, else IllegalAction.

        One entry per seat: a Pool, card text (``"As Kd"``), cards, or an empty
        entry (``""``, None, an empty Pool) for a seat that is out.
        """
        if self._to_play != CHANCE_PLAYER:
            if self._to_play == TERMINAL_PLAYER:
                raise IllegalAction(f"the game is over: seat {self._winner} won")
            raise IllegalAction(f"hand {self._hand_no} is dealt and in play; "
                                + ("cards are dealt after each challenge" if self._manual
                                   else "this game deals at random"))
        if isinstance(hands, (str, Pool)) or not isinstance(hands, Sequence):
            raise IllegalAction(f"a deal is one entry of cards per seat ({self._players} "
                                f"entries), not {type(hands).__name__}")
        if len(hands) != self._players:
            raise IllegalAction(f"a deal needs one entry per seat: {self._players}, "
                                f"not {len(hands)}")
        allowed = self._lad.allowed_mask & ~(JOKER_MASK if self._jokers_gone else 0)
        masks: list[int] = []
        seen = 0
        for seat, entry in enumerate(hands):
            try:
                mask = _cards_mask(entry)
            except ValueError as exc:
                raise IllegalAction(f"seat {seat}'s cards: {exc}") from None
            if mask & ~allowed:
                bad = Pool(mask & ~allowed)
                raise IllegalAction(f"seat {seat}'s cards: {bad} not in the "
                                    f"{self.rules.family} deck")
            if mask & seen:
                card = _pool(mask & seen)
                other = next(s for s, m in enumerate(masks) if m & mask & seen)
                raise IllegalAction(f"{card} dealt twice: to seat {other} and seat {seat}")
            size = self._sizes[seat]
            count = mask.bit_count()
            if count != size:
                if not size:
                    raise IllegalAction(f"seat {seat} is out of the game and gets no cards, "
                                        f"not {count}")
                raise IllegalAction(f"seat {seat} must get {size} "
                                    f"card{'s' * (size != 1)}, not {count}")
            seen |= mask
            masks.append(mask)
        return masks

    def can_deal(self, hands: Sequence[Any]) -> bool:
        """True if :meth:`verify_deal` would accept `hands` now."""
        try:
            self.verify_deal(hands)
        except IllegalAction:
            return False
        return True

    def deal(self, hands: Sequence[Any]) -> None:
        """Deal the given cards for the next hand (manual dealing)."""
        self._start_hand(self.verify_deal(hands), self._starter)

    # ---- the integer facade (OpenSpiel's shape)
    @property
    def challenge_action(self) -> int:
        """The action id of a challenge: one past the last ladder index."""
        return self._n_calls

    @property
    def num_actions(self) -> int:
        """Size of the action space: every ladder index, then the challenge."""
        return self._n_calls + 1

    @property
    def num_players(self) -> int:
        """Seats at the table (OpenSpiel's name for :attr:`players`)."""
        return self._players

    @property
    def observation_size(self) -> int:
        """Length of every :meth:`observation_array` of these rules (layout in docs/game.md)."""
        return self.rules.observation_size

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always []: random deals are drawn inside the state from its generator, and a
        manual deal (``current_player == CHANCE_PLAYER``) is given by :meth:`deal`."""
        return []

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        """int8 mask over the action space: 1 for each legal action of `seat`
        (default: the seat to play; all zeros for any other seat)."""
        if seat is not None:
            seat = self._seat(seat)      # a seat that does not exist is refused, even at the end
        if self._to_play < 0 or not (seat is None or seat == self._to_play):
            return np.zeros(self._n_calls + 1, np.int8)
        last = self._last
        return _mask_of(self._n_calls, self._raise_start[last] if last >= 0 else 0, last >= 0,
                        self._banned if last < 0 else frozenset())

    def legal_actions(self) -> Sequence[int]:
        """Sorted legal action ids: the ladder indices of every raise, then the challenge
        (a list; the compiled engine's is a read-only :class:`LegalActions` equal to it)."""
        if self._to_play < 0:
            return []
        if self._last < 0:
            if self._banned:
                return _all_but(self._n_calls, self._banned)
            return list(range(self._n_calls))
        return list(range(self._raise_start[self._last], self._n_calls + 1))

    def _action(self, action: object) -> int:
        if type(action) is int:
            a = action
        elif isinstance(action, np.integer):
            a = int(action)
        else:
            raise IllegalAction(f"an action is a whole number 0..{self._n_calls}, "
                                f"not {action!r}")
        if not 0 <= a <= self._n_calls:
            raise IllegalAction(f"action {a} does not exist: actions are 0..{self._n_calls - 1} "
                                f"(calls) and {self._n_calls} (challenge)")
        return a

    def _refuse(self, action: object) -> None:
        """Raise the IllegalAction that explains why `action` is not legal now."""
        a = self._action(action)
        if a == self._n_calls:
            self.verify_challenge()
        else:
            self.verify_call(a)
        raise AssertionError(f"action {a} should have been refused")  # pragma: no cover

    def verify_action(self, action: int) -> int:
        """The action id if it is legal now, else IllegalAction saying why (nothing changes)."""
        a = self._action(action)
        if a == self._n_calls:
            self.verify_challenge()
        else:
            self.verify_call(a)
        return a

    def can_apply_action(self, action: int) -> bool:
        """True if :meth:`apply_action` would accept `action` now; never raises
        for any value (not a whole number, out of range, not legal now: all False).
        """
        try:
            self.verify_action(action)
        except IllegalAction:
            return False
        return True

    def action_to_string(self, action: int) -> str:
        """A person's words for an action id: the call's phrase, or ``"challenge"``.
        Raises IllegalAction if `action` is not an action id of this game.
        """
        a = self._action(action)
        return "challenge" if a == self._n_calls else str(self._lad.calls[a])

    def string_to_action(self, text: str) -> int:
        """The action id of a call phrase or code, or of ``"challenge"``."""
        if isinstance(text, str) and text.strip().lower() == "challenge":
            return self._n_calls
        return self._resolve(text).index

    def apply_action(self, action: int) -> None:
        """Apply an action id (see :meth:`legal_actions`): a ladder index makes that call,
        :attr:`challenge_action` challenges. Raises IllegalAction (a ValueError) naming
        why, and the state is unchanged, when the action is not legal now."""
        raise NotImplementedError("each engine applies actions")   # pragma: no cover

    def clone(self) -> Game:
        """An independent copy; it continues exactly as this game would (same cards,
        same generator state)."""
        raise NotImplementedError("each engine clones itself")   # pragma: no cover

    def is_terminal(self) -> bool:
        """True when the game is over (:attr:`is_over`); OpenSpiel's name."""
        return self._to_play == TERMINAL_PLAYER

    def returns(self) -> list[float]:
        """Per seat: zeros until the end; then +1 for the winner, -1/(players-1) for the rest."""
        n = self._players
        if self._to_play != TERMINAL_PLAYER:
            return [0.0] * n
        out = [-1.0 / (n - 1)] * n
        out[self._winner] = 1.0
        return out

    # ---- what a seat may know
    def observation(self, seat: int) -> Observation:
        """What `seat` may know now (its own cards, never anyone else's)."""
        seat = self._seat(seat)
        last_result = next((r for r in reversed(self._history) if type(r) is HandResult), None)
        return Observation(seat, self._hand_no, _pool(self._hands[seat]), tuple(self._sizes),
                           self.to_play, self.starter, self.calls, last_result,
                           self.winner, self.rules, self._banned, self._jokers_gone)

    def log_for(self, seat: int) -> list[str]:
        """Every event so far in words, as `seat` may see it (its own cards, no one else's).

        >>> g = Game("pagat", players=2, hands=["As", "Kd"])
        >>> g.call("one Ace"); g.challenge()
        >>> g.log_for(1)[:4]
        ['Hand 1: your cards: Kd; seat 0 starts', 'Seat 0 calls one Ace', "You challenge seat 0's one Ace", 'Cards shown: seat 0 As, you Kd']
        """
        seat = self._seat(seat)
        lines, deal = [], None
        for r in self._history:
            if type(r) is Deal:
                deal = r
            if type(r) is Reveal and deal is not None:     # who held what: all are shown
                lines.append("Cards shown: " + ", ".join(
                    f"{_you(s, seat)} {h}" for s, h in enumerate(deal.hands) if len(h)))
                continue
            lines += _record_lines(r, seat)
        return lines

    def describe(self) -> str:
        """The whole table in a few lines, every seat's cards shown (an onlooker's view).

        >>> print(Game("pagat", players=3, hands=["As", "Kd", "9c"]).describe())
        Poker Bull (pagat), 3 players: hand 1, seat 0 to play
          seat 0: As
          seat 1: Kd
          seat 2: 9c
        No call yet
        """
        if self.is_over:
            where = f"over: seat {self._winner} won"
        elif self.awaiting_deal:
            where = f"hand {self._hand_no + 1} to be dealt, seat {self._starter} to start"
        else:
            where = f"hand {self._hand_no}, seat {self._to_play} to play"
        lines = [f"Poker Bull ({self.rules.preset_name}), {self._players} players: {where}"]
        for s in range(self._players):
            if not self._sizes[s]:
                lines.append(f"  seat {s}: out")
            elif self._to_play >= 0:
                lines.append(f"  seat {s}: {self.hand(s)}")
            else:
                n = self._sizes[s]
                lines.append(f"  seat {s}: {n} card{'s' * (n != 1)} next hand")
        if self.is_over:
            lines.append(f"Places: {', '.join(map(str, self.places))}")
        elif self._calls:
            lines.append("Calls: " + "; ".join(f"seat {s} {c}" for s, c in self.calls))
        elif self._to_play >= 0:
            lines.append("No call yet")
        return "\n".join(lines)

    def observation_array(self, seat: int) -> np.ndarray:
        """The fixed-size float32 observation of `seat` (layout in docs/game.md)."""
        seat = self._seat(seat)
        return _observation_array(self.rules, seat, self._to_play, self._starter, self._sizes,
                                  self._hands[seat], [i for _, i in self._calls],
                                  self._last_caller)

    # ---- equality and text
    def _rng_json(self) -> Any:
        """The generator's state as JSON values (None for a manually dealt game)."""
        state = self._generator_state()
        return None if state is None else state_to_json(state)

    def _key(self) -> tuple[Any, ...]:
        return (self.rules, self._lad.key, self._manual, tuple(self._sizes), tuple(self._hands),
                self._hand_no, self._starter, self._to_play, self._last, self._last_caller,
                tuple(self._calls), self._winner, self._first_starter, self._jokers_gone,
                self._recharged)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._key() == other._key()
                and [r.to_dict() for r in self._history] == [r.to_dict() for r in other._history]
                and self._rng_json() == other._rng_json())

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its JSON save (kernels and generators do not pickle portably).
        core = None if self._core is None else self._core.__name__
        return (_unpickle_game, (self.to_json(), core))

    def __repr__(self) -> str:
        if self.is_over:
            where = f"over, seat {self._winner} won"
        elif self.awaiting_deal:
            where = f"awaiting the deal of hand {self._hand_no + 1}"
        else:
            last = self.last_call
            where = f"hand {self._hand_no}, seat {self._to_play} to play" + (
                f", last call {last} by seat {self._last_caller}" if last else "")
        return (f"<Game {self.rules.preset_name}, {self._players} players, {where}; "
                f"hand sizes {list(self._sizes)}>")

    # ---- saving and restoring
    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data: rules, dealing, generator state and history."""
        return {"format": FORMAT, "version": FORMAT_VERSION, "rules": self.rules.to_dict(),
                "dealing": self.dealing, "first_starter": self._first_starter,
                "rng": self._rng_json(), "history": [r.to_dict() for r in self._history]}

    def to_json(self, **json_options: Any) -> str:
        """The exact save (:meth:`to_dict`) as JSON text; :meth:`from_json` restores
        it, random generator included. `json_options` go to :func:`json.dumps`.
        """
        return json.dumps(self.to_dict(), **json_options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, _core: Any = None) -> Game:
        """Rebuild a game from :meth:`to_dict` by replaying its history (which is checked)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise ValueError(f"not a saved pokerbull game (no format {FORMAT!r})")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"saved game version {data.get('version')!r} is not supported "
                             f"(this pokerbull reads version {FORMAT_VERSION})")
        saved_rules = data.get("rules")
        if not isinstance(saved_rules, Mapping):
            raise ValueError(f"saved game: field 'rules' must be a mapping of rule options, "
                             f"not {saved_rules!r}")
        try:
            rules = Rules.from_dict(saved_rules)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"saved game: field 'rules': {exc}") from None
        dealing = data.get("dealing")
        if dealing not in ("random", "manual"):
            raise ValueError(f"saved game: dealing must be 'random' or 'manual', not {dealing!r}")
        records = data.get("history")
        if not isinstance(records, list):
            raise ValueError("saved game: history must be a list of records")
        g = _replay(rules, data.get("first_starter"), _events_from_records(records), _core, cls)
        rebuilt = [r.to_dict() for r in g._history]
        for k, (mine, theirs) in enumerate(zip(rebuilt, records)):
            if mine != theirs:
                raise ValueError(f"saved game: history entry {k} says {theirs}, "
                                 f"but replaying the game gives {mine}")
        if len(rebuilt) != len(records):
            raise ValueError(f"saved game: history has {len(records)} entries, "
                             f"replaying it gives {len(rebuilt)}")
        rng = None
        if dealing == "random":
            if g._to_play == CHANCE_PLAYER:
                raise ValueError("saved game deals at random but stops before a deal")
            rng = generator_from_state(state_from_json(data.get("rng")))
        g._set_dealing(dealing == "manual", rng)
        return g

    @classmethod
    def from_json(cls, text: str, *, _core: Any = None) -> Game:
        """The game saved by :meth:`to_json`; it continues exactly as the original."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise ValueError(f"from_json reads the text of to_json(), not a "
                             f"{type(text).__name__}" + (": for a dict use Game.from_dict"
                                                          if isinstance(text, Mapping) else ""))
        return cls.from_dict(read_save(text), _core=_core)

    def to_log(self) -> str:
        """A compact text log: the rules line, each deal, each action (results as comments)."""
        lines = [LOG_HEADER, f"rules {self.rules.preset_name} {options_text(self.rules.options())}"]
        for r in self._history:
            if type(r) is Deal:
                cards = " | ".join(_pool_text(h) or "-" for h in r.hands)
                lines.append(f"deal {r.starter}: {cards}")
            elif type(r) is CallMade:
                lines.append(f"{r.seat} {r.call.code}")
            elif type(r) is Challenge:
                lines.append(f"{r.seat} challenge")
            elif type(r) is HandResult:
                lines.append(f"# {r.describe()}; hand sizes {' '.join(map(str, r.hand_sizes))}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_log(cls, text: str, *, _core: Any = None) -> Game:
        """Replay a log of :meth:`to_log`; the game deals manually from then on."""
        frame = read_frame(text, LOG_HEADER, "a pokerbull game log")
        if not frame.words:
            raise ValueError("game log: the rules line must name a preset")
        if len(frame.words) > 1:
            raise ValueError(f"game log: rules option {frame.words[1]!r} is not key=value")
        rules = Rules.preset(frame.words[0], **frame.options)
        events: list[tuple[Any, ...]] = []
        for number, line in frame.lines:
            if line.startswith("deal "):
                head, sep, cards = line[5:].partition(":")
                if not sep or not head.strip().isdigit():
                    raise ValueError(f"game log line {number}: expected 'deal STARTER: cards | ...'")
                hands = [c.strip() for c in cards.split("|")]
                events.append(("deal", int(head), [("" if h == "-" else h) for h in hands]))
                continue
            seat, _, what = line.partition(" ")
            if not seat.isdigit() or not what:
                raise ValueError(f"game log line {number}: expected 'SEAT CALL' or "
                                 f"'SEAT challenge', not {line!r}")
            if what.strip() == "challenge":
                events.append(("challenge", int(seat)))
            else:
                events.append(("call", int(seat), what.strip()))
        first = next((e[1] for e in events if e[0] == "deal"), None)
        return _replay(rules, first, events, _core, cls)


# ---- the two engines ----------------------------------------------------------

def _engine_for(core: Any) -> type[Game]:
    """The engine of a game on kernel module `core` (None: the backend's): the
    compiled state when that module is the compiled core, else the Python engine."""
    if core is None:
        core = backend.core
    if _CompiledGame is not None and core is _compiled_core:
        return _CompiledGame
    return _PythonGame


class _PythonGame(Game):
    """Poker Bull's Python engine (the pure backend's, and the reference)."""

    __slots__ = ("rules", "_lad", "_n_calls", "_raise_start", "_holds", "_players", "_step",
                 "_change", "_limit", "_deck_bits", "_manual", "_core", "_sizes", "_hands",
                 "_hand_no", "_starter", "_to_play", "_last", "_last_caller", "_calls",
                 "_history", "_deal_at", "_winner", "_first_starter", "_rng", "_rng_state",
                 "_banned", "_jokers_gone", "_recharged")

    _rng: np.random.Generator | None      # None in a clone until it first deals
    _rng_state: Any                       # the clone's generator state until then

    def _begin(self, rules: Rules, seed: Any, manual: bool, core: Any) -> None:
        self._setup(rules, make_rng(seed), manual, core)

    def _blank(self, rules: Rules, core: Any) -> None:
        self._setup(rules, None, True, core)

    def _draw_seat(self) -> int:
        return int(self._live_rng().integers(self._players))

    def _set_first_starter(self, seat: int) -> None:
        self._first_starter = self._starter = seat

    def _drop_generator(self) -> None:
        self._rng = None

    def _set_dealing(self, manual: bool, rng: np.random.Generator | None) -> None:
        self._manual = manual
        if rng is not None:
            self._rng = rng

    def _generator_state(self) -> Any:
        return self._rng_state if self._rng is None else self._rng.bit_generator.state

    def _setup(self, rules: Rules, rng: np.random.Generator | None, manual: bool,
               core: Any) -> None:
        lad = _ladder_for(rules, core)
        raise_start, bits = _ladder_lists(lad)
        self.rules = rules
        self._lad = lad
        self._n_calls = len(lad)
        self._raise_start = raise_start
        self._holds = lad._kernel.holds
        self._players = rules.players
        self._step = rules.step
        self._change = rules.loser_change
        self._limit = rules.card_limit
        self._deck_bits = bits
        self._manual = manual
        self._core = core
        self._sizes = [rules.start_cards] * rules.players
        self._hands = [0] * rules.players
        self._hand_no = 0
        self._starter = -1
        self._to_play = CHANCE_PLAYER
        self._last = -1
        self._last_caller = -1
        self._calls: list[tuple[int, int]] = []
        self._history: list[Record] = []
        self._deal_at = -1          # where this hand's Deal record is in the history
        self._winner = -1
        self._first_starter = 0
        self._rng = rng
        self._rng_state = None
        self._banned: frozenset[int] = frozenset()   # opening calls certain for the cards in play
        self._jokers_gone = False                    # cheung 5a has taken the jokers out
        self._recharged = False                      # cheung 5b has happened

    def _apply_call(self, index: int) -> None:
        seat = self._to_play
        self._calls.append((seat, index))
        self._history.append(CallMade(self._hand_no, seat, self._lad.calls[index]))
        self._last = index
        self._last_caller = seat
        self._to_play = self._next_live(seat)

    def _next_live(self, seat: int) -> int:
        """The next live seat after `seat` in the direction of play."""
        n, step, sizes = self._players, self._step, self._sizes
        s = (seat + step) % n
        while not sizes[s]:
            s = (s + step) % n
        return s

    def _apply_challenge(self) -> None:
        hand_no, hands, sizes = self._hand_no, self._hands, self._sizes
        challenger, caller, index = self._to_play, self._last_caller, self._last
        call = self._lad.calls[index]
        mask = 0
        for h in hands:
            mask |= h
        held = self._holds(index, mask)
        if not held and self.rules.or_higher:
            held = self._lad._kernel.best(mask) > index   # a higher call holds
        loser = challenger if held else caller
        size = sizes[loser] + self._change
        eliminated = None
        if 0 < size <= self._limit:
            sizes[loser] = size
        else:
            sizes[loser] = 0
            eliminated = loser
        live = [s for s in range(self._players) if sizes[s]]
        if len(live) == 1:
            winner, starter = live[0], None
        else:
            winner = None
            policy = self.rules.next_starter
            if policy == "loser":
                starter = loser if sizes[loser] else self._next_live(loser)
            elif policy == "winner":
                starter = caller if held else challenger
            else:  # "after-challenger"
                starter = self._next_live(challenger)
            self._cheung_thresholds(sizes)
        pool = _pool(mask)
        self._history += (
            Challenge(hand_no, challenger, caller, call),
            Reveal(hand_no, pool, cast(Deal, self._history[self._deal_at]).hands),
            HandResult(hand_no, call, caller, challenger, held, pool, loser, tuple(sizes),
                       eliminated, starter, winner),
        )
        self._hands = [0] * self._players
        self._calls = []
        self._last = self._last_caller = -1
        if winner is not None:
            self._winner = winner
            self._starter = -1
            self._to_play = TERMINAL_PLAYER
        else:       # a hand that does not end the game names the next starter
            starter = cast(int, starter)
            if self._manual:
                self._starter = starter
                self._to_play = CHANCE_PLAYER
            else:
                self._deal_random(starter)

    def _cheung_thresholds(self, sizes: list[int]) -> None:
        """Variations 5a and 5b: the first time the cards in play fall to their
        number, the jokers leave the deck / every live seat gets one more card."""
        rules = self.rules
        total = sum(sizes)
        if rules.jokers_leave_at and not self._jokers_gone and total <= rules.jokers_leave_at:
            self._jokers_gone = True
            self._deck_bits = [b for b in self._deck_bits if not b & JOKER_MASK]
        if rules.recharge_at and not self._recharged and total <= rules.recharge_at:
            self._recharged = True
            for s in range(self._players):
                if sizes[s]:
                    sizes[s] += 1

    def _live_rng(self) -> np.random.Generator:
        if self._rng is None:  # a clone: make its generator only when it first deals
            self._rng = generator_from_state(self._rng_state)
            self._rng_state = None
        return self._rng

    def _deal_random(self, starter: int) -> None:
        deck = self._deck_bits[:]
        self._live_rng().shuffle(deck)
        hands = []
        i = 0
        for size in self._sizes:
            hands.append(sum(deck[i:i + size]))   # distinct single bits: sum is OR
            i += size
        self._start_hand(hands, starter)

    def _start_hand(self, hands: list[int], starter: int) -> None:
        self._hand_no += 1
        self._hands = hands
        self._starter = starter
        self._to_play = starter
        self._deal_at = len(self._history)
        self._history.append(Deal(self._hand_no, starter, tuple(map(_pool, hands))))
        if self.rules.family == "cheung":
            deck = self._lad.allowed_mask & ~(JOKER_MASK if self._jokers_gone else 0)
            self._banned = frozenset(certain_calls(self._lad, sum(self._sizes), deck))

    def apply_action(self, action: int) -> None:
        """Apply an action id (see :meth:`legal_actions`); IllegalAction if not legal now."""
        a = action if type(action) is int else self._action(action)
        last = self._last
        if self._to_play >= 0 and 0 <= a < self._n_calls \
                and (a >= self._raise_start[last] if last >= 0 else a not in self._banned):
            self._apply_call(a)       # the hot path: a legal raise
        elif a == self._n_calls and self._to_play >= 0 and last >= 0:
            self._apply_challenge()
        else:
            self._refuse(action)

    def clone(self) -> Game:
        """An independent copy; it continues exactly as this game would."""
        g = object.__new__(_PythonGame)
        g.rules = self.rules
        g._lad = self._lad
        g._n_calls = self._n_calls
        g._raise_start = self._raise_start
        g._holds = self._holds
        g._players = self._players
        g._step = self._step
        g._change = self._change
        g._limit = self._limit
        g._deck_bits = self._deck_bits
        g._manual = self._manual
        g._core = self._core
        g._sizes = self._sizes[:]
        g._hands = self._hands[:]
        g._hand_no = self._hand_no
        g._starter = self._starter
        g._to_play = self._to_play
        g._last = self._last
        g._last_caller = self._last_caller
        g._calls = self._calls[:]
        g._history = self._history[:]
        g._deal_at = self._deal_at
        g._winner = self._winner
        g._first_starter = self._first_starter
        g._banned = self._banned
        g._jokers_gone = self._jokers_gone
        g._recharged = self._recharged
        # A snapshot of the generator's state, turned back into a generator only
        # if the copy deals: copying a numpy generator costs more than a call.
        g._rng = None
        g._rng_state = self._rng_state if self._rng is None else self._rng.bit_generator.state
        return g



_TABLES: dict[tuple[Any, ...], Any] = {}


def _table_for(rules: Rules, lad: Ladder) -> Any:
    """The compiled rules tables of `rules` on `lad` (made once, shared by every game)."""
    key = (rules, lad)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = BullTableObject(rules, lad, lad._raise_start)
    return table


_WORD = (1 << 64) - 1


if _BullState is not None:
    class _CompiledGame(_BullState, Game):
        """Poker Bull's compiled engine: the whole state in one C struct
        (bull/_state.pxi); history records are built from its compact log when read."""

        __slots__ = ()
        __reduce__ = Game.__reduce__       # pickled as its JSON save, as every Game

        @staticmethod
        def ladder_of(rules: Rules, core: Any = None) -> Ladder:
            """The rules' ladder on the compiled kernels (`core`: a compiled module)."""
            if core is None and backend.core is not _compiled_core:
                core = _compiled_core       # asked for by name under the pure backend
            return _ladder_for(rules, core)

        def _blank(self, rules: Rules, core: Any) -> None:
            lad = self.ladder_of(rules, core)
            self._set_table(_table_for(rules, lad), rules, lad, core, _ladder_lists(lad)[0])
            self._set_manual(True)

        def _begin(self, rules: Rules, seed: Any, manual: bool, core: Any) -> None:
            self._blank(rules, core)
            if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) \
                    and 0 <= seed <= _WORD:
                self._seed_own(int(seed))       # default_rng(seed), seeded in C
            elif isinstance(seed, np.random.Generator):
                self._set_generator(seed, False)
            else:
                self._set_generator(make_rng(seed), True)
            self._set_manual(manual)

        def _set_dealing(self, manual: bool, rng: np.random.Generator | None) -> None:
            self._set_manual(manual)
            if rng is not None:
                self._set_generator(rng, True)

        @property
        def _history(self) -> list[Record]:
            """The records so far, decoded from the log (only the new part each time)."""
            records = self._records
            hand_no, deal, count = self._record_context
            if len(records) != count:       # a clone shares the list: keep our prefix
                records = self._records = records[:count]
                self._records_owned = True
            end = self._log_len
            if self._record_words == end:
                return records
            if not self._records_owned:
                records = self._records = records[:]
                self._records_owned = True
            hand_no, deal = _decode_log(self._log_words(self._record_words), records,
                                        self._players, self._lad.calls, hand_no, deal)
            self._record_words = end
            self._record_context = (hand_no, deal, len(records))
            return records
else:
    _CompiledGame = None  # type: ignore[misc, assignment]  # no compiled engine here


def _decode_log(words: np.ndarray, out: list[Record], players: int, calls: Sequence[Call],
                hand_no: int, deal: Deal | None) -> tuple[int, Deal | None]:
    """Append the records of the compiled state's log words (bull/_state.pxi) to `out`."""
    w = words.view(np.uint64).tolist()
    i, n = 0, len(w)
    size_words = (players + 7) // 8
    while i < n:
        word = w[i]
        tag = word & 0xFF
        if tag == 1:                            # a deal: the starter, then a mask per seat
            hand_no += 1
            deal = Deal(hand_no, word >> 8 & 0xFF, tuple(map(_pool, w[i + 1:i + 1 + players])))
            out.append(deal)
            i += 1 + players
        elif tag == 2:                          # a call
            out.append(CallMade(hand_no, word >> 8 & 0xFF, calls[word >> 16 & 0xFFFFFFFF]))
            i += 1
        else:                                   # a challenge and how the hand ended
            challenger, caller = word >> 8 & 0xFF, word >> 16 & 0xFF
            call = calls[word >> 24 & 0xFFFFFF]
            held = bool(word >> 48 & 1)
            r = w[i + 1]
            eliminated, starter, winner = (r >> 8 & 0xFF) - 1, (r >> 16 & 0xFF) - 1, \
                (r >> 24 & 0xFF) - 1
            sizes = tuple(w[i + 2 + s // 8] >> (8 * (s % 8)) & 0xFF for s in range(players))
            dealt = cast(Deal, deal)        # every challenge follows its hand's deal
            mask = 0
            for h in dealt.hands:
                mask |= h.mask
            pool = _pool(mask)
            out += (Challenge(hand_no, challenger, caller, call),
                    Reveal(hand_no, pool, dealt.hands),
                    HandResult(hand_no, call, caller, challenger, held, pool, r & 0xFF, sizes,
                               None if eliminated < 0 else eliminated,
                               None if starter < 0 else starter, None if winner < 0 else winner))
            i += 2 + size_words
    return hand_no, deal


def _unpickle_game(text: str, core_name: str | None) -> Game:
    from importlib import import_module
    return Game.from_json(text, _core=None if core_name is None else import_module(core_name))


def _cards_mask(entry: Any) -> int:
    """Cards given as a Pool, text, an int mask or an iterable of cards, as a mask."""
    if entry is None:
        return 0
    if type(entry) is int:       # a mask, checked as Pool(entry) checks it, without making one
        return check_mask(entry)
    if isinstance(entry, Pool):
        return entry.mask
    if isinstance(entry, str):
        return Pool.parse(entry).mask
    if isinstance(entry, (int, np.integer)) and not isinstance(entry, bool):
        return Pool(int(entry)).mask
    if isinstance(entry, Iterable):
        return Pool.of(entry).mask
    raise ValueError(f"cards must be a Pool, text or a list of cards, not {type(entry).__name__}")


def _events_from_records(records: list[Any]) -> list[tuple[Any, ...]]:
    events: list[tuple[Any, ...]] = []
    for k, r in enumerate(records):
        if not isinstance(r, Mapping) or "type" not in r:
            raise ValueError(f"saved game: history entry {k} is not a record")
        t = r["type"]
        try:
            if t == "deal":
                hands = r["hands"]
                if not isinstance(hands, list):
                    raise ValueError(f"saved game: history entry {k}: field 'hands' must be a "
                                     f"list of each seat's cards, not {hands!r}")
                events.append(("deal", r["starter"], hands))
            elif t == "call":
                events.append(("call", r["seat"], r["call"]))
            elif t == "challenge":
                events.append(("challenge", r["seat"]))
            elif t not in ("reveal", "result"):
                raise ValueError(f"saved game: history entry {k} has unknown type {t!r}")
        except KeyError as exc:
            raise ValueError(f"saved game: history entry {k} lacks {exc}") from None
    return events


def _replay(rules: Rules, first_starter: Any, events: list[tuple[Any, ...]], core: Any,
            engine: type[Game] = Game) -> Game:
    """A manually dealt game that has gone through `events`, each checked as it is applied
    (on `engine`, or for `Game` the engine of kernel module `core`)."""
    if engine is Game:
        engine = _engine_for(core)
    g = engine.__new__(engine)
    g._blank(rules, core)
    if first_starter is None:
        first_starter = rules.first_starter if rules.first_starter != RANDOM_SEAT else 0
    if isinstance(first_starter, bool) or not isinstance(first_starter, int) \
            or not 0 <= first_starter < rules.players:
        raise ValueError(f"game record: the first starter must be a seat, not {first_starter!r}")
    if rules.first_starter not in (RANDOM_SEAT, first_starter):
        raise ValueError(f"game record: the first hand is started by seat {first_starter}, "
                         f"but the rules say seat {rules.first_starter}")
    g._set_first_starter(first_starter)
    for k, event in enumerate(events):
        try:
            if event[0] == "deal":
                if event[1] != g._starter and g._to_play == CHANCE_PLAYER:
                    raise IllegalAction(f"hand {g._hand_no + 1} is started by seat "
                                        f"{g._starter}, not seat {event[1]}")
                g.deal(event[2])
            elif event[0] == "call":
                g.call(event[2], seat=event[1])
            else:
                g.challenge(seat=event[1])
        except ValueError as exc:
            raise ValueError(f"replaying action {k + 1} ({' '.join(map(str, event[:2]))}): "
                             f"{exc}") from None
    return g  # dealt by hand: no generator (from_dict restores a random game's)


__all__ = ["CHANCE_PLAYER", "TERMINAL_PLAYER", "CallMade", "Challenge", "Deal", "Game",
           "HandResult", "IllegalAction", "Observation", "Record", "Reveal", "deck_bits"]
