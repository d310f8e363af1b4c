"""OpenSpiel python games for pokerbull (the ``rl`` extra). Importing registers them.

- ``"python_pokerbull"``: Poker Bull; parameters ``preset``, ``players`` and the
  preset's options (``start_cards``, ``card_limit``, ``growth``,
  ``next_starter``, ``direction``, ``first_starter``); 0, ``""`` (and -1 for
  ``first_starter``, a seat number) keep the preset's own value. ``calls=K``
  keeps the K lowest calls (those some pool of the largest deal can make, as
  the solver keeps them): actions ``0..K-1`` are those calls, ``K`` the challenge;
  with such calls (all decided by rank counts), ``deal="rank"`` deals each card's
  rank only (its suit from the seat's place in the deal, so it tells nothing of
  the other hands): the same game up to renaming suits, with
  13 chance outcomes a card, small enough for OpenSpiel's exact algorithms;
- ``"python_pokerbull_<game>"`` for each other game of the family that is
  installed (``"python_pokerbull_cheat"``, ``"python_pokerbull_roulette"``):
  ``players`` and the game's options (Cheat's ``variations`` letters; roulette's
  ``betting``, ``ante``, ``bet_size``, ``max_raises``);
- ``"python_pokerbull_hand"``: the solver's one two-player hand
  (:mod:`pokerbull.solve.openspiel`).

Every random draw is an explicit chance node (OpenSpiel's *explicit stochastic*
kind; its python games cannot save a generator kept inside a state). Poker
Bull and Cheat are dealt card by card: one chance node per card, drawn with the
odds of the cards not yet dealt, which is exactly a shuffled deal; roulette
shows each card it deals as a chance node itself. A game of the family that
cannot show its deal starts with one chance node drawing the seed it deals from
(``seed_outcomes`` equally likely seeds: a sample of its deals). A state saves
as its game's exact JSON.

Information states (perfect recall: a seat's own cards of every deal and every
public event, as the game's log for that seat says them) come as strings for
every game, and as tensors (Cheat's a fixed-size summary). The observers honour OpenSpiel's
``IIGObservationType``: public information only, one seat's private
information only, both (the game's own observation), or the information state;
``make_py_observer`` returns None for a type it cannot give (see docs/rl.md).

>>> import pyspiel, pokerbull.rl.openspiel
>>> game = pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 4})
>>> game.num_players(), game.num_distinct_actions() == len(pokerbull.ladder("pagat")) + 1
(4, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())     # the first card of the deal
(True, 52)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache, cached_property
from typing import Any, Self, cast

import numpy as np
import pyspiel

from pokerbull.bull.rules import DEFAULT_PLAYERS, MAX_PLAYERS
from pokerbull.protocol import (CHANCE_PLAYER, TERMINAL_PLAYER, GameState, IllegalAction, wing,
                                wing_names)

from ._chance import (RANK_CLASSES, CardByCard, ChanceState, CheatCardByCard, RankByRank,
                      SeededAtRoot)
from ._games import GameSpec, game_spec, observation_text
from ._views import (BullInformationState, CheatInformationState, GameViews,
                     RouletteInformationState, views_of)

try:    # the compiled engine's legal actions (a run start..stop-1 is sliced, not listed)
    from pokerbull.bull._engine import LegalActions as _RUN
except ImportError:     # the Python engine gives lists: they are copied
    _RUN = None  # type: ignore[misc, assignment]

GAME_NAME = "python_pokerbull"
_MAX_PLAYER_ID = 2**31 - 1   # pyspiel takes a player as a C int
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
SEED_OUTCOMES = 256        # seeds the root chance node of a game that cannot show its deal
_SCALARS = (bool, int, float, str)
# Poker Bull's options as OpenSpiel parameters: 0, "" and -1 keep the preset's own value.
_BULL_DEFAULTS: dict[str, Any] = {"start_cards": 0, "card_limit": 0, "growth": "",
                                  "next_starter": "", "direction": "", "first_starter": -1}


def _bull_options(params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The preset and pb.Game options an OpenSpiel parameter set asks for."""
    preset = params["preset"]
    options: dict[str, Any] = {"players": params["players"]}
    for name, unset in _BULL_DEFAULTS.items():
        value = params[name]
        if value == unset:
            continue
        options[name] = value
    return preset, options


def _wing_defaults(name: str) -> dict[str, Any]:
    """``players`` and the keyword options of a wing's ``new_game`` with scalar defaults."""
    w = wing(name)
    params: dict[str, Any] = {"players": max(w.min_players, 2)}
    for p in inspect.signature(w.new_game).parameters.values():
        if p.kind is p.KEYWORD_ONLY or p.kind is p.POSITIONAL_OR_KEYWORD:
            if p.name in ("seed", "seed_outcomes") or not isinstance(p.default, _SCALARS):
                continue
            params[p.name] = p.default
    return params


# ---- the state ---------------------------------------------------------------

class PokerbullState(pyspiel.State):  # type: ignore[misc]  # pyspiel: no annotations
    """An OpenSpiel state around a pokerbull game state (made by the game).

    OpenSpiel clones a python state by deep-copying its attributes and saves it
    by pickling them; the state kept here copies with the protocol's ``clone()``
    and pickles as its exact JSON save. With ``calls=K`` (Poker Bull) action ``k``
    is the game's ``k``-th kept call and action ``K`` the challenge.
    """

    # Made on first use, then plain attributes: OpenSpiel clones a python state by making
    # a new initial state and then setting a copy of every attribute on it, so a state
    # made in __init__ would be thrown away by every clone. (Descriptors that step aside
    # once set, not __getattr__: a class with __getattr__ slows every attribute read.)
    @cached_property
    def game_state(self) -> ChanceState:
        return cast(ChanceState, self.get_game()._first_state.clone())

    @cached_property
    def kept(self) -> _Kept | None:
        """The game's kept calls (None: every call), kept here: get_game() crosses into C++."""
        return cast("_Kept | None", self.get_game().kept)

    def current_player(self) -> int:
        # the protocol numbers chance (-1) and terminal (-4) as pyspiel.PlayerId does
        return self.game_state.current_player

    # Python callers get these from Python: pyspiel's own methods would cross into C++,
    # call back into Python (current_player, is_terminal, _legal_actions) and convert the
    # list to a C++ vector and back. They answer as pyspiel's C++ methods for a python
    # state do (PyState::LegalActions, State::IsChanceNode ...); C++ callers (OpenSpiel's
    # C++ algorithms) still take the C++ path, which calls the methods below it.
    def legal_actions(self, *player: Any) -> list[int]:
        """The legal actions of the seat to act, or of `player` ([] if it does not act);
        at a chance node its outcomes, whoever is asked; [] once the game is over."""
        if player and (len(player) != 1 or type(player[0]) is not int
                       or not 0 <= player[0] <= _MAX_PLAYER_ID):
            return cast(list[int], pyspiel.State.legal_actions(self, *player))  # its errors
        game_state = self.game_state
        if game_state.is_terminal():
            return []
        current = game_state.current_player
        if current == CHANCE_PLAYER:
            return [a for a, _ in game_state.chance_outcomes()]
        if player and player[0] != current:
            return []
        if current < 0:       # pragma: no cover - no pseudo-player acts in these games
            return cast(list[int], pyspiel.State.legal_actions(self, *player))
        return self._legal_actions(current)

    def is_chance_node(self) -> bool:
        return bool(self.game_state.current_player == CHANCE_PLAYER)

    def is_player_node(self) -> bool:
        return bool(self.game_state.current_player >= 0)

    def is_simultaneous_node(self) -> bool:
        return bool(self.game_state.current_player == _SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        legal = self.game_state.legal_actions()
        kept = self.kept
        if kept is None or self.game_state.current_player == CHANCE_PLAYER:
            return list(legal)    # a list for pyspiel's C++ side
        return [k for k, a in enumerate(kept) if a in legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        kept = self.kept
        if kept is not None and self.game_state.current_player != CHANCE_PLAYER:
            action = kept.game_action(action)
        self.game_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE_PLAYER:
            say: Callable[[int], str] | None = getattr(   # the wrappers'; else the game's
                self.game_state, "chance_outcome_to_string", None)
            return say(action) if say is not None else self.game_state.action_to_string(action)
        kept = self.kept
        a = action if kept is None else kept.game_action(action)
        names: tuple[str, ...] | None = self.get_game().action_names()   # (made once a game)
        if names is not None and type(a) is int and 0 <= a < len(names):
            return names[a]
        return self.game_state.action_to_string(a)      # (it refuses what is no action)

    def is_terminal(self) -> bool:
        return self.game_state.is_terminal()

    def returns(self) -> list[float]:
        return list(self.game_state.returns())

    def __str__(self) -> str:
        return self.game_state.to_json()


class _DealtState(PokerbullState):
    """A Poker Bull state dealt by chance nodes (`CardByCard`, `RankByRank`): the same
    answers as `PokerbullState`, read from the game inside the wrapper in one step, and
    the legal calls as slices of one list the game's states share (a call's raises are a
    run of the ladder: no int is made per action). The per-action path of random play
    through pyspiel (docs/rl.md, "OpenSpiel"; docs/performance.md)."""

    game_state: CardByCard      # (made as PokerbullState makes it)

    @cached_property
    def actions(self) -> _Shared | None:
        """The game's actions (None with calls=K), kept here as `kept` is."""
        return cast("_Shared | None", self.get_game().actions)

    def current_player(self) -> int:
        return self.game_state.game.current_player

    def is_terminal(self) -> bool:
        return self.game_state.game.is_terminal()

    def is_chance_node(self) -> bool:
        return self.game_state.game.current_player == CHANCE_PLAYER

    def is_player_node(self) -> bool:
        return self.game_state.game.current_player >= 0

    def legal_actions(self, *player: Any) -> list[int]:
        """As `PokerbullState.legal_actions`."""
        if player:
            return PokerbullState.legal_actions(self, *player)
        game = self.game_state.game
        if game.current_player < 0:
            if game.current_player == CHANCE_PLAYER:   # the outcomes' actions (a fresh list)
                return cast(list[int], self.game_state.legal_actions())
            return []
        legal = game.legal_actions()
        actions = self.actions
        if actions is not None and type(legal) is _RUN:
            start = legal.start      # a run start..stop-1 (len agrees), or a Cheung opening
            if legal.stop - start == len(legal):
                return actions[start:legal.stop]
        kept = self.kept
        if kept is None:
            return list(legal)
        return [k for k, a in enumerate(kept) if a in legal]

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions()      # pyspiel asks for the seat to act's only

    def _apply_action(self, action: int) -> None:
        dealt = self.game_state
        if dealt.game.current_player == CHANCE_PLAYER:
            dealt.deal_card(action)
            return
        kept = self.kept
        dealt.play(action if kept is None else kept.game_action(action))


class PokerbullGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel: no annotations
    """An OpenSpiel game of one pokerbull game and its options (built per parameter set).

    ``kept``: with Poker Bull's ``calls=K``, the game's actions that OpenSpiel's actions
    ``0..K`` stand for (the K lowest calls some pool of the game's largest deal can
    make, as the solver keeps them, then the challenge); None otherwise.
    """

    def __init__(self, game_type: pyspiel.GameType, spec: GameSpec, params: dict[str, Any],
                 seed_outcomes: int = 0, calls: int = 0, deal: str = "card") -> None:
        self.spec = spec
        probe = spec.make(0)
        rules: Any = getattr(probe, "rules", None)     # each game's own Rules (None: none)
        self.kept = _Kept(_kept_calls(rules, calls)) if calls else None
        num_actions = spec.num_actions if self.kept is None else len(self.kept)
        max_length = spec.max_game_length
        if self.kept is not None:
            max_length = spec.max_hands * (_levels(rules.ladder, self.kept[:-1]) + 1)
        if deal not in ("card", "rank"):
            raise ValueError(f"deal must be 'card' or 'rank', not {deal!r}")
        if deal == "rank":
            _check_rank_deal(rules, calls)
            by_card = spec.make_dealt_by_chance

            def by_rank() -> ChanceState:
                dealt = None if by_card is None else by_card()
                if not isinstance(dealt, CardByCard):    # pragma: no cover - checked above
                    raise ValueError("deal='rank' is an option of Poker Bull only")
                return RankByRank(dealt.game)
            self._new_state: Callable[[], ChanceState] = by_rank
            chance_outcomes = RANK_CLASSES
        elif spec.make_dealt_by_chance is not None:
            self._new_state = spec.make_dealt_by_chance
            chance_outcomes = spec.max_chance_outcomes
        else:
            if isinstance(seed_outcomes, bool) or not isinstance(seed_outcomes, int) \
                    or seed_outcomes < 1:
                raise ValueError(f"seed_outcomes must be a whole number of at least 1, "
                                 f"not {seed_outcomes!r}")
            sizes = (spec.num_players, spec.num_actions, spec.observation_size)
            origin = (spec.game, dict(spec.options))
            self._new_state = lambda: SeededAtRoot(spec.make, seed_outcomes, sizes, origin)
            chance_outcomes = max(seed_outcomes, spec.num_actions)
        # Made once here (it refuses options OpenSpiel cannot play, before anything else);
        # each new state starts as its clone, not made from the options again (~20 us).
        self._first_state = self._new_state()
        self._state_class = _DealtState if isinstance(self._first_state, CardByCard) \
            else PokerbullState
        # every action, for the slices a dealt state gives as its legal calls (with all
        # the calls kept: calls=K renumbers them)
        self.actions = _actions_up_to(num_actions) if self.kept is None else None
        self.views = None if rules is None else views_of(spec.game, rules)
        self.info_state: Any = None
        if rules is not None and spec.game == "bull":
            self.info_state = BullInformationState(rules, spec.max_hands, self.kept)
        elif rules is not None and spec.game == "roulette":
            self.info_state = RouletteInformationState(rules, spec.max_hands)
        elif rules is not None and spec.game == "cheat":
            self.info_state = CheatInformationState(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions, max_chance_outcomes=chance_outcomes,
            num_players=spec.num_players, min_utility=spec.min_utility,
            max_utility=spec.max_utility, utility_sum=0.0,
            max_game_length=max_length)
        super().__init__(game_type, info, params)

    def new_initial_state(self, *args: Any) -> PokerbullState:
        """A new game at its first chance node (the first card or seed to draw)."""
        return self._state_class(self)

    def action_names(self) -> tuple[str, ...] | None:
        """Poker Bull: every action's words, made on first use (pyspiel's random_sim_test
        and playthroughs say every legal action of every state: Cheung's openings are
        61,501 calls); None for the other games, whose words can depend on the state."""
        names: tuple[str, ...] | None = self.__dict__.get("_action_names")
        if names is None and isinstance(self._first_state, CardByCard):
            say = self._first_state.game.action_to_string
            names = self._action_names = tuple(say(a) for a in range(self.spec.num_actions))
        return names

    def max_chance_nodes_in_history(self) -> int:
        return self.spec.max_chance_nodes

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """An observer for an observation type, or None for a type this game cannot give
        (every seat's private cards at once; public or private pieces under perfect
        recall; a game of the family without views)."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        if iig_obs_type is None:
            return _SeatObserver(self.spec)
        single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        none = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if iig_obs_type.perfect_recall:
            if not (single and iig_obs_type.public_info):
                return None
            return _InformationStateObserver(self.info_state)
        if single and iig_obs_type.public_info:
            return _SeatObserver(self.spec)
        if self.views is None or not (single or none) or (none and not iig_obs_type.public_info):
            return None
        return _PiecesObserver(self.views, public=iig_obs_type.public_info, private=single)


class _SharedByStates:
    """What every state of a game holds the same one of: never deep-copied (OpenSpiel
    clones a python state by deep-copying its attributes), and never changed."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


class _Kept(_SharedByStates, tuple[int, ...]):
    """The kept actions (``calls=K``)."""

    __slots__ = ()

    def game_action(self, action: int) -> int:
        """The game's action for OpenSpiel's `action` (an index into the kept actions);
        IllegalAction for an index that is none (a negative one would count from the end)."""
        if not 0 <= action < len(self):
            raise IllegalAction(f"action {action} does not exist: with calls={len(self) - 1} "
                                f"the actions are 0..{len(self) - 1}")
        return self[action]


class _Shared(_SharedByStates, list[int]):
    """Every action ``0..n-1`` of a game: its slices are the fresh lists given out. One per
    action count (`_actions_up_to`), shared by games too, and saved as its count:
    OpenSpiel saves a python state by pickling its attributes (Cheung: 61,502 actions)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Callable[[int], _Shared], tuple[int]]:
        return (_actions_up_to, (len(self),))


@cache
def _actions_up_to(n: int) -> _Shared:
    """The one `_Shared` list of the actions ``0..n-1``."""
    return _Shared(range(n))


def _kept_calls(rules: Any, calls: Any) -> tuple[int, ...]:
    """The game actions of ``calls=K``: the K lowest calls some pool of the largest deal
    can make (as the solver keeps them), then the challenge."""
    if rules is None or not hasattr(rules, "ladder"):
        raise ValueError("calls= is an option of Poker Bull only")
    if isinstance(calls, bool) or not isinstance(calls, int) or calls < 0:
        raise ValueError(f"calls must be a whole number (0: every call), not {calls!r}")
    held = _makeable(rules.ladder, rules.max_cards_in_play, calls)
    if calls > len(held):
        raise ValueError(f"calls={calls}: only {len(held)} calls of {rules.preset_name} can "
                         f"hold with {rules.max_cards_in_play} cards in play")
    return tuple(held[:calls]) + (len(rules.ladder),)


def _makeable(ladder: Any, cards: int, wanted: int) -> list[int]:
    """Up to `wanted` lowest calls some pool of `cards` cards can make: the solver's exact
    list for small deals; for larger ones, the calls made by at most `cards` cards of
    the whole deck (the fewest cards that make a call: its witness in the whole deck)."""
    if cards <= 3:
        from pokerbull.solve.game import satisfiable
        return list(satisfiable(ladder, cards)[0])
    out: list[int] = []
    deck = ladder.allowed_mask
    for call in ladder:
        made = ladder.witness(call, deck)
        if made is not None and len(made) <= cards:
            out.append(call.index)
            if len(out) == wanted:
                break
    return out


def _check_rank_deal(rules: Any, calls: int) -> None:
    """``deal="rank"`` is the same game only when every call in play is decided by rank
    counts (then suits change nothing): refuse it otherwise."""
    if rules is None or not hasattr(rules, "ladder"):
        raise ValueError("deal='rank' is an option of Poker Bull only")
    from pokerbull.solve.game import satisfiable
    if rules.max_cards_in_play > 3:
        raise ValueError("deal='rank' is for deals of at most 3 cards in play, where the "
                         "solver checks which calls rank counts decide")
    if rules.ladder.allowed_mask & (1 << 13 | 1 << 29):
        raise ValueError("deal='rank' is for decks without jokers (a seat dealt the second "
                         "joker would know who holds the first)")
    held, rank_only = satisfiable(rules.ladder, rules.max_cards_in_play)
    if not calls or not rank_only[:calls].all():
        raise ValueError("deal='rank' needs calls=K whose every call is decided by rank "
                         "counts alone (no call that names a suit or needs one)")


def _levels(ladder: Any, calls: tuple[int, ...]) -> int:
    """How many calls of `calls` one hand can make at most: each raise climbs a level."""
    return len({ladder[i].level for i in calls})


def _inner(state: PokerbullState) -> GameState | None:
    """The game inside a state's chance wrapper (None before its deal has made it)."""
    game_state = state.game_state
    if isinstance(game_state, (CardByCard, CheatCardByCard, SeededAtRoot)):
        return game_state.game
    return cast(GameState, game_state)     # no wrapper: a state the game made itself


class _SeatObserver:
    """The default observation of a seat: the game's own observation array (Cheung's
    compact one: ``GameSpec.observe``) and text."""

    def __init__(self, spec: GameSpec) -> None:
        self.observe = spec.observe
        self.tensor = np.zeros(spec.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PokerbullState, player: int) -> None:
        self.tensor[:] = self.observe(state.game_state, player)

    def string_from(self, state: PokerbullState, player: int) -> str:
        return observation_text(state.game_state, player)


class _PiecesObserver:
    """Public pieces only, or one seat's private pieces only (never another seat's)."""

    def __init__(self, views: GameViews, *, public: bool, private: bool) -> None:
        self.views = views
        self.pieces = (views.public_pieces if public else ()) + \
            (views.private_pieces if private else ())
        self.public, self.private = public, private
        self.tensor = np.zeros(sum(p.size for p in self.pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for p in self.pieces:
            self.dict[p.name] = self.tensor[at:at + p.size]
            at += p.size

    def _values(self, state: PokerbullState, player: int) -> dict[str, np.ndarray]:
        game = _inner(state)
        values: dict[str, np.ndarray] = {}
        if game is None:        # nothing is dealt yet: every piece is empty
            return {p.name: np.zeros(p.size, np.float32) for p in self.pieces}
        if self.public:
            values.update(self.views.public(game))
        if self.private:
            values.update(self.views.private(game, player))
        return values

    def set_from(self, state: PokerbullState, player: int) -> None:
        values = self._values(state, player)
        for p in self.pieces:
            self.dict[p.name][:] = values[p.name]

    def string_from(self, state: PokerbullState, player: int) -> str:
        return self.views.describe(self.pieces, self._values(state, player))


class _InformationStateObserver:
    """A seat's perfect-recall information state: its own cards of every deal and every
    public event (the game's log for that seat); the tensor where the game has one."""

    def __init__(self, info_state: Any) -> None:
        self.info_state = info_state
        if info_state is None:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(info_state.size, np.float32)
            self.dict = {"info_state": self.tensor}

    def set_from(self, state: PokerbullState, player: int) -> None:
        if self.info_state is not None:
            game = _inner(state)
            self.info_state.write(game, player, self.tensor)

    def string_from(self, state: PokerbullState, player: int) -> str:
        game = _inner(state)
        if game is None:
            lines = []
        elif isinstance(self.info_state, CheatInformationState):
            lines = self.info_state.lines(game, player)    # the log leaves out own cards
        else:
            lines = game.log_for(player)
        return "\n".join([f"seat {player}"] + lines)


# ---- sampling a world a seat cannot tell apart (for ISMCTS) -------------------

def resample_from_infostate(state: PokerbullState, player: int,
                            rng: np.random.Generator | None = None) -> PokerbullState:
    """A state `player` cannot tell from `state`. Poker Bull: the same actions, with the
    other seats' cards of the hand in play dealt again from the cards `player` has not
    seen (earlier hands were shown to everyone and stay as they were). Roulette and
    Cheat: see `_resample_roulette` and `_resample_cheat`.

    OpenSpiel's ISMCTS bot needs this (``bot.set_resampler(resample_from_infostate)``):
    python games cannot give ``State.resample_from_infostate``.
    """
    rng = np.random.default_rng() if rng is None else rng
    game = state.get_game()
    if game.spec.game == "roulette":
        return _resample_roulette(state, player, rng)
    if game.spec.game == "cheat":
        return _resample_cheat(state, player, rng)
    if game.spec.game != "bull":
        raise ValueError("resample_from_infostate deals Poker Bull, Cheat and Poker roulette "
                         f"cards again; {game.spec.title} has no resampler")
    history = state.history()
    # which history entries deal the hand in play, and to which seat
    replay = game.new_initial_state()
    deal: list[tuple[int, int]] = []          # (history index, seat dealt to)
    for i, action in enumerate(history):
        if replay.is_chance_node():
            inner = replay.game_state
            sizes = inner.game.hand_sizes
            k = len(inner._dealt)
            if k == 0:
                deal = []
            seat, at = 0, sizes[0]
            while k >= at:
                seat += 1
                at += sizes[seat]
            deal.append((i, seat))
        replay.apply_action(action)
    if replay.is_chance_node() or not deal:   # mid-deal or nothing dealt: nothing hidden yet
        same: PokerbullState = state.clone()
        return same
    own = [history[i] for i, seat in deal if seat == player]
    out: PokerbullState = game.new_initial_state()
    owed = list(own)                          # own outcomes not dealt yet in the new deal
    dealing = {i: seat for i, seat in deal}
    for i, action in enumerate(history):
        if i in dealing and dealing[i] != player:
            outcomes = out.chance_outcomes()
            left = len(cast(CardByCard, out.game_state)._remaining())   # Poker Bull's deal
            actions = [a for a, _ in outcomes]
            weight = np.array([p * left - owed.count(a) for a, p in outcomes])
            action = actions[int(rng.choice(len(actions), p=weight / weight.sum()))]
        elif i in dealing:
            owed.remove(action)
        out.apply_action(int(action))
    return out


assert TERMINAL_PLAYER == int(pyspiel.PlayerId.TERMINAL) and \
    CHANCE_PLAYER == int(pyspiel.PlayerId.CHANCE)    # current_player passes them through


def _resample_roulette(state: PokerbullState, player: int,
                       rng: np.random.Generator) -> PokerbullState:
    """Poker roulette: the cards `player` has not seen (the other seats' stock cards, the
    active cards not turned over yet or mucked unseen, and so every card after them) are
    drawn again from the cards it has not seen; the bets are the same (betting does not
    depend on the cards), and so is everything it saw."""
    from pokerbull.roulette.game import CardDealt, Matching
    from pokerbull.roulette.game import Game as RouletteGame
    history = state.history()
    game = cast(RouletteGame, state.game_state)      # roulette shows its own chance nodes
    records = [r for r in game.history if type(r) in (CardDealt, Matching)]
    dealt = [r for r in records if type(r) is CardDealt]
    turned = {(r.round, s) for r in records if type(r) is Matching
              for s, cards in enumerate(r.turned) if cards}
    seen = [r.step == "match" or (r.step == "stock" and r.seat == player)
            or (r.step == "active" and (r.round, r.seat) in turned) for r in dealt]
    replay = state.get_game().new_initial_state()
    chance_at = []
    for i, action in enumerate(history):
        if replay.is_chance_node():
            chance_at.append(i)
        replay.apply_action(action)
    if len(chance_at) != len(dealt):     # pragma: no cover - every chance node deals a card
        raise ValueError("roulette's history and its dealt cards disagree")
    keep = {i: history[i] for i, s in zip(chance_at, seen) if s}
    owed = list(keep.values())           # seen cards not dealt yet in the new world
    out: PokerbullState = state.get_game().new_initial_state()
    redraw = set(chance_at) - set(keep)
    for i, action in enumerate(history):
        if i in keep:
            owed.remove(action)
        elif i in redraw:
            outcomes = out.chance_outcomes()
            left = cast(RouletteGame, out.game_state).cards_left
            weight = np.array([round(p * left) - owed.count(a) for a, p in outcomes], float)
            action = outcomes[int(rng.choice(len(outcomes), p=weight / weight.sum()))][0]
        out.apply_action(int(action))
    return out


CHEAT_RESAMPLE_TRIES = 200     # draws of a relabelling before giving up (see _resample_cheat)


def _cheat_seen(game: Any, player: int) -> set[int]:
    """Card ids `player` has seen a copy of: its deal and hand, every card shown to it
    (its own plays, challenges, reveals, checks, sets put aside face up)."""
    from pokerbull.cheat.rules import parse_cards
    obs = game.observation(player)
    seen = {c for c, k in enumerate(obs.hand) if k} | set(obs.pending)
    for r in game.visible_history(player):
        for name in ("cards", "card"):
            text = getattr(r, name, None)
            if isinstance(text, str):
                seen.update(c for c, k in enumerate(parse_cards(text)) if k)
        hands = getattr(r, "hands", None)
        if hands is not None and hands[player]:
            seen.update(c for c, k in enumerate(parse_cards(hands[player])) if k)
    return seen


def _resample_cheat(state: PokerbullState, player: int,
                    rng: np.random.Generator) -> PokerbullState:
    """Cheat: the same game with the card ids `player` never saw relabelled at random.

    Every card `player` saw (its own cards, every card shown to it) keeps its name;
    the others (the other hands, cards laid face down it never saw) are renamed by a
    random permutation among themselves (between ids with as many copies in the deck),
    in the deal and in every card laid, so counts and hidden plays stay as they were.
    A relabelled game must also follow the rules as the true one did (a seat that
    picked up the pile because it held no card of the claim must still hold none; a
    set of four must still be complete where one was put aside): the world is replayed
    and kept only if every action is legal and `player`'s information state and
    legal actions are the same; else another permutation is drawn (at most
    ``CHEAT_RESAMPLE_TRIES``, then ValueError).
    """
    from pokerbull.cheat.game import LAY
    from pokerbull.cheat.rules import N_CARDS
    from pokerbull.protocol import IllegalAction
    inner = _inner(state)
    if inner is None:                         # mid-deal: nothing of the others is dealt yet
        same: PokerbullState = state.clone()
        return same
    deck = inner.rules.deck
    seen = _cheat_seen(inner, player)
    history = state.history()
    wrapper = state.game_state
    # the deal's chance outcomes come first in the history
    dealt = len(wrapper._dealt) if isinstance(wrapper, CheatCardByCard) else 0
    by_copies: dict[int, list[int]] = {}
    for c in range(N_CARDS):
        if deck[c] and c not in seen:
            by_copies.setdefault(deck[c], []).append(c)
    want_info = state.information_state_string(player)
    want_legal = state.legal_actions() if state.current_player() == player else None
    game = state.get_game()
    for _ in range(CHEAT_RESAMPLE_TRIES):
        rename = list(range(N_CARDS))
        for ids in by_copies.values():
            for c, d in zip(ids, rng.permutation(ids)):
                rename[c] = int(d)
        world: PokerbullState = game.new_initial_state()
        try:
            for i, action in enumerate(history):
                if i < dealt or (LAY <= action < LAY + N_CARDS and
                                 world.current_player() >= 0):
                    action = LAY + rename[action - LAY] if i >= dealt else rename[action]
                world.apply_action(int(action))
        except IllegalAction:
            continue
        if world.information_state_string(player) != want_info:
            continue
        if want_legal is not None and world.legal_actions() != want_legal:
            continue
        return world
    raise ValueError(f"no relabelling of the cards seat {player} has not seen replays this "
                     f"Cheat game in {CHEAT_RESAMPLE_TRIES} draws")


# ---- registration ------------------------------------------------------------

def _game_type(short_name: str, long_name: str, params: dict[str, Any],
               min_players: int, *, information_tensor: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS, min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=information_tensor,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


_BULL_TYPE = _game_type(GAME_NAME, "pokerbull: Poker Bull",
                        {"preset": "pagat", "players": DEFAULT_PLAYERS, **_BULL_DEFAULTS,
                         "calls": 0, "deal": "card"}, 2, information_tensor=True)


class _PokerBullGame(PokerbullGame):
    """"python_pokerbull": Poker Bull, a preset and its options; ``calls=K`` keeps the
    K lowest calls (0: all)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_BULL_TYPE.parameter_specification, **(params or {})}
        preset, options = _bull_options(params)
        super().__init__(_BULL_TYPE, game_spec(preset, **options), params,
                         calls=params["calls"], deal=params["deal"])


# Options of a game that its wing's new_game takes as keywords (not in its signature).
_WING_OPTIONS: dict[str, dict[str, Any]] = {
    "cheat": {"variations": ""},
    "roulette": {"betting": True, "ante": 1, "bet_size": 1, "max_raises": 3},
}


def _wing_game_class(name: str) -> type[PokerbullGame]:
    """The registered game class of a wing: players and its scalar options (and
    ``seed_outcomes`` for a game that cannot show its deal as chance nodes)."""
    w = wing(name)
    defaults = {**_wing_defaults(name), **_WING_OPTIONS.get(name, {})}
    seeded = game_spec(name, **defaults).make_dealt_by_chance is None
    if seeded:
        defaults["seed_outcomes"] = SEED_OUTCOMES
    game_type = _game_type(f"{GAME_NAME}_{name}", f"pokerbull: {w.title}", defaults,
                           max(w.min_players, 2),
                           information_tensor=name in ("cheat", "roulette"))

    def __init__(self: PokerbullGame, params: dict[str, Any] | None = None) -> None:
        params = {**defaults, **(params or {})}
        options = {k: v for k, v in params.items() if k != "seed_outcomes"}
        PokerbullGame.__init__(self, game_type, game_spec(name, **options), params,
                               seed_outcomes=params.get("seed_outcomes", 0))

    # A class, not a function: OpenSpiel keeps the creator until after Python has
    # shut down, and releasing a plain function then aborts the interpreter.
    return type(f"_{name.capitalize()}Game", (PokerbullGame,),
                {"__init__": __init__, "game_type": game_type, "__module__": __name__})


HAND_GAME_NAME = "python_pokerbull_hand"   # the solver's game: one two-player hand


def game_names() -> tuple[str, ...]:
    """The OpenSpiel names this module registers (those of the installed games, and
    the solver's one-hand game)."""
    return (GAME_NAME,) + tuple(f"{GAME_NAME}_{n}" for n in wing_names() if n != "bull") \
        + (HAND_GAME_NAME,)


def register() -> tuple[str, ...]:
    """Register the games not registered yet (import does it; call again after
    installing a game of the family in the same process). Returns `game_names()`."""
    known = set(pyspiel.registered_names())
    if GAME_NAME not in known:
        pyspiel.register_game(_BULL_TYPE, _PokerBullGame)
    for name in wing_names():
        if name == "bull" or f"{GAME_NAME}_{name}" in known:
            continue
        kind = _wing_game_class(name)
        pyspiel.register_game(kind.game_type, kind)
    import pokerbull.solve.openspiel  # noqa: F401  (registers the solver's game on import)
    return game_names()


register()

__all__ = ["GAME_NAME", "HAND_GAME_NAME", "SEED_OUTCOMES", "PokerbullGame", "PokerbullState", "game_names", "register",
           "resample_from_infostate"]

