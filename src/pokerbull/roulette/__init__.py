"""Poker roulette (seed 004, RULES.md section 5): matching, stockpiles, betting, showdown.

The wing's rooms: :mod:`.rules` (options), :mod:`.game` (the state and its
records), :mod:`.bots`, :mod:`.simulation` (whole games, compiled in ``_engine``).

>>> import pokerbull.roulette as roulette
>>> g = roulette.Game(players=5, seed=7, betting=False)
>>> g.is_terminal(), sum(g.returns())
(True, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..protocol import Wing
from .bots import BOTS, RandomBot, ReaderBot, RouletteBot, StationBot, TimidBot, make_bot
from .game import (BET, CALL, CHECK, DEAL, FOLD, NUM_ACTIONS, RAISE, Antes, BetMade, CardDealt, Game,
                   Matching, Observation, Record, Result)
from .rules import MAX_PLAYERS, Rules
from .simulation import fast_simulate


def new_game(players: int = 5, seed: Any = None, **options: Any) -> Game:
    """``Wing.new_game``: a Poker roulette state (options as :class:`Game` takes them)."""
    return Game(players=players, seed=seed, **options)


def _factory(name: str) -> Callable[..., RouletteBot]:
    def factory(seed: Any = None, **params: Any) -> RouletteBot:
        return make_bot(name, seed, **params)
    factory.__name__ = f"{name}_bot"
    return factory


WING = Wing(name="roulette", title="Poker roulette", new_game=new_game,
            bots={name: _factory(name) for name in BOTS},
            default_bots=("reader", "timid", "station", "random", "reader"),
            min_players=3, max_players=MAX_PLAYERS, fast_simulate=fast_simulate,
            strongest_bot=lambda game: "reader")

__all__ = ["BET", "CALL", "CHECK", "DEAL", "FOLD", "NUM_ACTIONS", "RAISE", "WING", "Antes", "BetMade",
           "CardDealt", "Game", "Matching", "Observation", "RandomBot", "ReaderBot", "Record",
           "Result", "RouletteBot", "Rules", "StationBot", "TimidBot", "new_game"]
