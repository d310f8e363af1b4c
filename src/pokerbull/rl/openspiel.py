"""OpenSpiel python games for pokerbull (the ``rl`` extra). Importing registers them.

- ``"python_pokerbull"``: Poker Bull; parameters ``preset``, ``players`` and the
  preset's options (``start_cards``, ``card_limit``, ``growth``,
  ``next_starter``, ``direction``, ``first_starter``); 0, ``""`` (and -1 for
  ``first_starter``, a seat number) keep the preset's own value;
- ``"python_pokerbull_<game>"`` for each other game of the family that is
  installed (``"python_pokerbull_cheat"``, ``"python_pokerbull_roulette"``):
  ``players``, ``seed_outcomes`` and the game's options that have a number,
  text or true/false default.

Every random draw is an explicit chance node (OpenSpiel's *explicit stochastic*
kind; its python games cannot save a generator kept inside a state). Poker
Bull is dealt card by card: one chance node per card, uniform over the cards
not yet dealt, which is exactly a shuffled deal. Another game of the family
starts with one chance node drawing the seed it deals from (``seed_outcomes``
equally likely seeds); chance nodes it shows itself pass through. A state
saves as its game's exact JSON.

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
from typing import Any

import numpy as np
import pyspiel

from pokerbull.bull.rules import DEFAULT_PLAYERS, MAX_PLAYERS
from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, wing, wing_names

from ._chance import SeededAtRoot
from ._games import GameSpec, game_spec, observation_text

GAME_NAME = "python_pokerbull"
SEED_OUTCOMES = 2**16      # seeds the root chance node of a game without card-by-card deals
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

class PokerbullState(pyspiel.State):
    """An OpenSpiel state around a pokerbull game state (made by the game).

    OpenSpiel clones a python state by deep-copying its attributes and saves it
    by pickling them; the state kept here copies with the protocol's ``clone()``
    and pickles as its exact JSON save.
    """

    def __init__(self, game: PokerbullGame) -> None:
        super().__init__(game)
        self.game_state = game._new_state()

    def current_player(self) -> int:
        player = self.game_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player == TERMINAL_PLAYER else player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.game_state.legal_actions())    # a list for pyspiel's C++ side

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.game_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE_PLAYER:
            return self.game_state.chance_outcome_to_string(action)
        return self.game_state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.game_state.is_terminal()

    def returns(self) -> list[float]:
        return list(self.game_state.returns())

    def __str__(self) -> str:
        return self.game_state.to_json()


class PokerbullGame(pyspiel.Game):
    """An OpenSpiel game of one pokerbull game and its options (built per parameter set)."""

    def __init__(self, game_type: pyspiel.GameType, spec: GameSpec, params: dict[str, Any],
                 seed_outcomes: int = 0) -> None:
        self.spec = spec
        if spec.make_dealt_by_chance is not None:
            self._new_state: Callable[[], Any] = spec.make_dealt_by_chance
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
        self._new_state()       # refuses options OpenSpiel cannot play, before anything else
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions, max_chance_outcomes=chance_outcomes,
            num_players=spec.num_players, min_utility=spec.min_utility,
            max_utility=spec.max_utility, utility_sum=0.0,
            max_game_length=spec.max_game_length)
        super().__init__(game_type, info, params)

    def new_initial_state(self, *args: Any) -> PokerbullState:
        """A new game at its first chance node (the first card or seed to draw)."""
        return PokerbullState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("pokerbull games give observations, not perfect-recall "
                             "information states: use observation_tensor / observation_string")
        return _Observer(self.spec.observation_size)


class _Observer:
    """OpenSpiel's view of one seat: the game's observation array and its text."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PokerbullState, player: int) -> None:
        self.tensor[:] = state.game_state.observation_array(player)

    def string_from(self, state: PokerbullState, player: int) -> str:
        return observation_text(state.game_state, player)


# ---- registration ------------------------------------------------------------

def _game_type(short_name: str, long_name: str, params: dict[str, Any],
               min_players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS, min_num_players=min_players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


_BULL_TYPE = _game_type(GAME_NAME, "pokerbull: Poker Bull",
                        {"preset": "pagat", "players": DEFAULT_PLAYERS, **_BULL_DEFAULTS}, 2)


class _PokerBullGame(PokerbullGame):
    """"python_pokerbull": Poker Bull, a preset and its options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_BULL_TYPE.parameter_specification, **(params or {})}
        preset, options = _bull_options(params)
        super().__init__(_BULL_TYPE, game_spec(preset, **options), params)


def _wing_game_class(name: str) -> type[PokerbullGame]:
    """The registered game class of a wing: players, its scalar options, seed_outcomes."""
    w = wing(name)
    defaults = {**_wing_defaults(name), "seed_outcomes": SEED_OUTCOMES}
    game_type = _game_type(f"{GAME_NAME}_{name}", f"pokerbull: {w.title}", defaults,
                           max(w.min_players, 2))

    def __init__(self: PokerbullGame, params: dict[str, Any] | None = None) -> None:
        params = {**defaults, **(params or {})}
        options = {k: v for k, v in params.items() if k != "seed_outcomes"}
        PokerbullGame.__init__(self, game_type, game_spec(name, **options), params,
                               seed_outcomes=params["seed_outcomes"])

    # A class, not a function: OpenSpiel keeps the creator until after Python has
    # shut down, and releasing a plain function then aborts the interpreter.
    return type(f"_{name.capitalize()}Game", (PokerbullGame,),
                {"__init__": __init__, "game_type": game_type, "__module__": __name__})


def game_names() -> tuple[str, ...]:
    """The OpenSpiel names this module registers (those of the installed games)."""
    return (GAME_NAME,) + tuple(f"{GAME_NAME}_{n}" for n in wing_names() if n != "bull")


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
    return game_names()


register()

__all__ = ["GAME_NAME", "SEED_OUTCOMES", "PokerbullGame", "PokerbullState", "game_names", "register"]

