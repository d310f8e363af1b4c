"""Poker Bull: the presets of RULES.md section 3 (pagat, pagat-wild, pagat-five,
holdem) over the call families of :mod:`pokerbull.calls`.

Rooms: ``rules`` (presets and options), ``game`` (the state, its actions and
records), ``bots`` and ``chances`` (the built-in players and the chance tables
they read).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..protocol import Wing
from .agent import Bot
from .bots import EvidenceBot, ProbabilityBot, RandomBot, bot_kinds, make_bot
from .cheung_bots import CheungBot, CheungRandomBot
from .game import (CallMade, Challenge, Deal, Game, HandResult, IllegalAction, Observation,
                   Reveal)
from .rules import Rules, preset_names
from .simulate import _resolve_bot, label, seat
from .vector import VectorGame


def new_game(preset: str = "pagat", *, players: int = 4, seed: Any = None, **options: Any) -> Game:
    """A Poker Bull game of `preset` (the wing's ``new_game``)."""
    return Game(preset, players=players, seed=seed, **options)


WING = Wing(name="bull", title="Poker Bull", new_game=new_game,
            bots={name: partial(make_bot, name) for name in bot_kinds()},
            default_bots=("random", "probability", "evidence"), min_players=2,
            presets=preset_names(), simulation=seat,
            label=lambda bot: label(_resolve_bot(bot)),
            # the chance-table bots do not play Cheung's family; its own bot does
            strongest_bot=lambda game: "cheung" if game.rules.family == "cheung" else "evidence")

__all__ = ["Bot", "CallMade", "CheungBot", "CheungRandomBot", "Challenge", "Deal", "EvidenceBot", "Game", "HandResult",
           "IllegalAction", "Observation", "ProbabilityBot", "RandomBot", "Reveal", "Rules",
           "VectorGame", "WING", "make_bot", "new_game", "preset_names"]
