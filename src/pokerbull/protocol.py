"""The one game protocol every pokerbull game follows, in OpenSpiel's shape.

A game state (`GameState`) has integer actions from a fixed action space,
chance and terminal nodes numbered as OpenSpiel numbers them, zero-sum returns,
an exact clone and JSON round trip, and per-seat observations with a fixed-size
array form and an action mask. Simulation, tournaments, ``pokerbull play`` and
the RL adapters speak only this protocol, so a game gets all of them by
implementing it and registering a `Wing`.

>>> import pokerbull as pb
>>> g = pb.Game("pagat", players=3, seed=1)
>>> isinstance(g, GameState)
True
>>> g.current_player in range(g.num_players)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from .cards import Card

CHANCE_PLAYER = -1      # a chance node: the next action is drawn, see chance_outcomes()
TERMINAL_PLAYER = -4    # the game is over


class IllegalAction(ValueError):
    """An action that is not legal now; the state is exactly as it was before."""


SAVE_DEPTH = 32         # a save nests a few levels; deeper is damage, not a game
SAVE_DIGITS = 40        # a whole number of a save (generator states included) is shorter


def _save_int(text: str) -> int:
    if len(text.lstrip("-")) > SAVE_DIGITS:
        raise ValueError(f"saved game is malformed: a number of {len(text)} digits "
                         f"(a save holds none longer than {SAVE_DIGITS})")
    return int(text)


def read_save(text: object) -> Any:
    """The data of a save's JSON text, for a game's ``from_json``.

    ValueError (never RecursionError or a bare conversion error) when the text is
    not JSON, nests deeper than a save does, or holds a number too long for one.

    >>> read_save('{"actions": [1, 2]}')
    {'actions': [1, 2]}
    >>> read_save("[" * 100000 + "]" * 100000)
    Traceback (most recent call last):
    ...
    ValueError: saved game is malformed: it nests deeper than 32 levels
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"a saved game is the JSON text of to_json(), not a "
                         f"{type(text).__name__}")
    try:
        data = json.loads(text, parse_int=_save_int)
    except RecursionError:
        raise ValueError(f"saved game is malformed: it nests deeper than {SAVE_DEPTH} "
                         f"levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"saved game is not valid JSON: {exc}") from None
    level: list[Any] = [data]
    depth = 0
    while level:
        depth += 1
        if depth > SAVE_DEPTH:
            raise ValueError(f"saved game is malformed: it nests deeper than {SAVE_DEPTH} "
                             f"levels")
        level = [v for x in level for v in _children(x) if isinstance(v, (list, dict))]
    return data


def _children(node: object) -> Iterable[Any]:
    """The values a JSON array or object holds (none for a number, text...)."""
    if isinstance(node, dict):
        return cast(dict[str, Any], node).values()
    if isinstance(node, list):
        return cast(list[Any], node)  # type: ignore[redundant-cast]  # mypy narrows, pyright not
    return ()


def can(verify: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """The ``can_x`` of the family's verify/can/do pattern: does ``verify(*args)``
    pass (True) or raise `IllegalAction` (False)?"""
    try:
        verify(*args, **kwargs)
    except IllegalAction:
        return False
    return True


class Observation:
    """What one seat may know: the fields every game's observation has.

    Each game's observation subclasses this and adds its own fields
    (``pokerbull.Observation`` for Poker Bull, ``pokerbull.cheat.Observation``,
    ``pokerbull.roulette.Observation``). The shared fields mean the same in every game:

    - ``seat``: the seat observing; ``players``: how many seats the game has.
    - ``to_play``: the seat to act, or None at a chance node or once the game is over.
    - ``hand_sizes``: the cards each seat holds (its hand, as ``state.hand_sizes``).
    - ``cards``: this seat's own cards (what ``state.hand(seat)`` gives): iterable
      of :class:`~pokerbull.cards.Card`, with ``len()`` and card text as ``str()``.
    - ``is_over``: the game has ended; ``winner``: the seat that won, or None (not yet
      decided, or no single winner).
    """

    __slots__ = ()

    #: The names every game's observation has.
    FIELDS: ClassVar[tuple[str, ...]] = ("seat", "players", "to_play", "hand_sizes", "cards",
                                         "is_over", "winner")

    if TYPE_CHECKING:   # read-only to users: each game stores them as fields or properties
        @property
        def seat(self) -> int: ...
        @property
        def players(self) -> int: ...
        @property
        def to_play(self) -> int | None: ...
        @property
        def hand_sizes(self) -> tuple[int, ...]: ...
        @property
        def cards(self) -> Collection[Card]: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def winner(self) -> int | None: ...

    def legal_actions(self) -> list[int]:
        """Sorted actions open to `seat` if it is to act now, else []."""
        raise NotImplementedError

    def action_mask(self) -> npt.NDArray[np.int8]:
        """int8 array of length ``num_actions``: 1 where the action is legal."""
        raise NotImplementedError

    def to_array(self) -> npt.NDArray[np.float32]:
        """The fixed-size float32 form (the length is the game's ``observation_size``)."""
        raise NotImplementedError

    def describe(self) -> str:
        """What this seat sees, in a few lines for a person."""
        raise NotImplementedError


@runtime_checkable
class GameState(Protocol):
    """A game in progress. Every pokerbull game state follows this protocol."""

    @property
    def num_players(self) -> int:
        """Seats 0..num_players-1."""
        ...

    @property
    def num_actions(self) -> int:
        """Size of the fixed integer action space (chance outcomes included)."""
        ...

    @property
    def observation_size(self) -> int:
        """Length of every observation array of this game."""
        ...

    @property
    def current_player(self) -> int:
        """The seat to act, `CHANCE_PLAYER` or `TERMINAL_PLAYER`."""
        ...

    def legal_actions(self) -> Sequence[int]:
        """Sorted legal actions of the current player (chance outcomes at a chance node):
        a list, or a read-only sequence that compares equal to that list (Poker Bull's
        compiled ``LegalActions``); ``list()`` of it is always a list."""
        ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node; [] elsewhere."""
        ...

    def apply_action(self, action: int) -> None:
        """Apply one action; `IllegalAction` (a ValueError) leaves the state unchanged."""
        ...

    def is_terminal(self) -> bool:
        """True when the game is over."""
        ...

    def returns(self) -> list[float]:
        """Per seat, summing to zero; all zeros until the game is over."""
        ...

    def clone(self) -> GameState:
        """An independent copy that continues exactly as this state would."""
        ...

    def to_json(self) -> str:
        """Exact save, random generator included (``type(state).from_json`` restores it)."""
        ...

    def observation(self, seat: int) -> Observation:
        """What `seat` may know now."""
        ...

    def observation_array(self, seat: int) -> npt.NDArray[np.float32]:
        """``observation(seat).to_array()``, possibly faster."""
        ...

    def action_mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        """int8 mask of length ``num_actions`` for `seat` (default: the current player)."""
        ...

    def action_to_string(self, action: int) -> str:
        """A person's words for an action."""
        ...

    def string_to_action(self, text: str) -> int:
        """The action a person's words name; ValueError if none."""
        ...

    # ---- the family's vocabulary (docs/architecture.md, "One vocabulary")
    @property
    def players(self) -> int:
        """Seats 0..players-1 (the same as ``num_players``)."""
        ...

    @property
    def to_play(self) -> int | None:
        """The seat to act, or None at a chance node or once the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended (the same as ``is_terminal()``)."""
        ...

    @property
    def winner(self) -> int | None:
        """The seat that won, or None: not decided yet, or no single winner (chips split)."""
        ...

    @property
    def places(self) -> tuple[int, ...]:
        """Seats from first place down, as far as they are decided (the whole order once
        the game ranks every seat; () while nothing is decided)."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat's hand holds (``len(hand(seat))`` while a seat is to
        play; between Poker Bull hands, the sizes the next hand deals)."""
        ...

    def hand(self, seat: int) -> Collection[Card]:
        """The cards of `seat`'s hand: iterable of ``Card``, ``len()``, card text as ``str()``."""
        ...

    @property
    def history(self) -> tuple[Any, ...]:
        """Every event so far as frozen records (each game's own record classes)."""
        ...

    def describe(self) -> str:
        """The whole table in a few lines for a person (every card shown)."""
        ...

    def log_for(self, seat: int) -> list[str]:
        """Every event so far in words, as `seat` may see it."""
        ...

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """The state saved by :meth:`to_json`; it continues exactly as the original."""
        ...

    def to_log(self) -> str:
        """A text log of the game: the rules, the deal and every action (results as comments)."""
        ...

    @classmethod
    def from_log(cls, text: str) -> GameState:
        """Replay a log of :meth:`to_log` (the cards then come as the log gave them)."""
        ...

    @property
    def min_utility(self) -> float:
        """No return of any seat is below this."""
        ...

    @property
    def max_utility(self) -> float:
        """No return of any seat is above this."""
        ...

    @property
    def rules(self) -> Any:
        """The game's rules; ``print(rules)`` describes them in words, one line per option."""
        ...

    def verify_action(self, action: int) -> int:
        """The action as an int if it is legal now, else `IllegalAction` saying why."""
        ...

    def can_apply_action(self, action: int) -> bool:
        """Is `action` legal now? (never raises)"""
        ...


class Agent(Protocol):
    """A player program: ``reset(seat)`` before a game, then ``act(observation)``."""

    name: str

    def reset(self, seat: int) -> None:
        """A new game starts with this agent at `seat`."""
        ...

    def act(self, observation: Any) -> int:
        """A legal action for the seat to play, from what that seat may know."""
        ...


@dataclass(frozen=True)
class Wing:
    """A game's entry in the family: how to make its states and its bots.

    ``new_game(players=..., seed=..., **options)`` makes a state.
    ``bots`` maps a bot name to ``factory(seed=None, **params)``. A table seats
    ``min_players`` to ``max_players`` (checked before any lineup is built).
    ``fast_simulate(options, players, bots, games, seed)``, when given, plays whole
    games in compiled code; ``bots`` is a list of ``(name, params)`` per seat and
    ``seed`` a whole number below 2**64. It returns None when it cannot run those
    bots (asked with ``games=0`` before any work), else a mapping with ``games``,
    ``returns`` (float64 per seat, summed over games), ``wins`` (int64 per seat:
    games where the seat had the highest return) and ``actions`` (int).
    ``presets`` are names that select the wing (passed on as the preset).
    A wing may keep richer statistics of its own on :func:`pokerbull.simulate`'s one
    road: ``simulation(preset, bots, players, options)`` then seats its table (a
    :class:`~pokerbull.sim.road.WingTable`: its compiled loop, its Python engine and its
    statistics); without it, the game protocol and ``fast_simulate`` play the games
    (:class:`~pokerbull.sim.family.ProtocolTable`). ``label`` names a bot spec in results.
    ``strongest_bot(state)`` names the strongest of ``bots`` that plays the game of
    `state` (a state made by ``new_game``): the opponents a single agent meets when
    none are named (:func:`pokerbull.rl.gym.single_agent_env`).
    """

    name: str
    title: str
    new_game: Callable[..., GameState]
    bots: Mapping[str, Callable[..., Agent]]
    default_bots: tuple[str, ...]
    min_players: int = 2
    max_players: int = 52
    fast_simulate: Callable[..., Mapping[str, Any] | None] | None = field(default=None)
    presets: tuple[str, ...] = ()
    simulation: Callable[..., Any] | None = field(default=None)
    label: Callable[[Any], str] | None = field(default=None)
    strongest_bot: Callable[[Any], str] | None = field(default=None)


_WINGS = {"bull": "pokerbull.bull", "cheat": "pokerbull.cheat", "roulette": "pokerbull.roulette"}


def wing_names() -> tuple[str, ...]:
    """The games of the family that are installed."""
    names: list[str] = []
    for name, module in _WINGS.items():
        try:
            import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        names.append(name)
    return tuple(names)


DEFAULT_WING = "bull"


def wing(name: str) -> Wing:
    """The `Wing` of a game by name (``"bull"``, ``"cheat"``, ``"roulette"``; any case).

    >>> wing("Cheat").name
    'cheat'
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in _WINGS:
        raise ValueError(f"unknown game {name!r}: the games are {', '.join(wing_names())}")
    found: Wing = import_module(_WINGS[key]).WING
    return found


def wing_of(name: str) -> tuple[Wing, str | None]:
    """The wing a game or preset name selects, and the preset (None for a game name).

    >>> wing_of("pagat")[0].name, wing_of("Pagat")[1]
    ('bull', 'pagat')
    """
    if isinstance(name, str):
        key = name.strip().lower()
        if key in _WINGS:
            return wing(key), None
        for other in wing_names():
            if key in wing(other).presets:
                return wing(other), key
    presets = [p for other in wing_names() for p in wing(other).presets]
    raise ValueError(f"unknown game or preset {name!r}: the games are "
                     f"{', '.join(wing_names())}; the presets {', '.join(presets)}")
