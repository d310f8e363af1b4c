"""Cheat / Bullsh*t / I Doubt It (RULES.md section 4): rules, game state, bots.

>>> import pokerbull.cheat as cheat
>>> g = cheat.Game(players=4, seed=7, variations="A")
>>> g.current_player, len(g.hand(0))
(0, 13)
"""

from __future__ import annotations

from typing import Any

from pokerbull.protocol import Wing

from .bots import BOTS, CheatBot, CounterBot, HonestBot, LiarBot, SharkBot
from .game import (Believe, Challenge, Check, Deal, Finished, Game, LeadLost, Observation,
                   Pass, PickUp, PileCleared, Play, Reveal, SetDiscarded, Stalled, Stand, TurnUp)
from .rules import Rules

__all__ = ["BOTS", "Believe", "Challenge", "Check", "CheatBot", "CounterBot", "Deal", "Finished",
           "Game", "HonestBot", "LeadLost", "LiarBot", "Observation", "Pass", "PickUp",
           "PileCleared", "Play", "Reveal", "Rules", "SetDiscarded", "SharkBot", "Stalled",
           "Stand", "TurnUp", "WING"]


def _new_game(players: int = 4, seed: Any = None, **options: Any) -> Game:
    return Game(players=players, seed=seed, **options)


def _factory(cls: type[CheatBot]) -> Any:
    def make(seed: Any = None, **params: Any) -> CheatBot:
        if params:
            raise ValueError(f"bot {cls.name} takes no parameters, not {', '.join(params)}")
        return cls(seed=seed)
    make.__name__ = f"make_{cls.name}"
    return make


def _fast_simulate(options: Any, players: int, bots: Any, games: int, seed: Any) -> Any:
    from ._fast import fast_simulate
    return fast_simulate(options, players, bots, games, seed)


WING = Wing(name="cheat", title="Cheat", new_game=_new_game,
            bots={name: _factory(cls) for name, cls in BOTS.items()},
            default_bots=("shark", "counter", "liar", "honest"), min_players=2,
            max_players=108, fast_simulate=_fast_simulate,   # K's two decks and four jokers
            strongest_bot=lambda game: "shark")
