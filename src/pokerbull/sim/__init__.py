"""Simulation and tournaments for every game of the family, on one road.

:func:`simulate` and :func:`tournament` take a game or preset name; the wing it
selects seats the table and plugs in its compiled loop and its statistics
(:mod:`pokerbull.sim.road`): Poker Bull's :class:`~pokerbull.bull.simulate.BullTable`,
or for a wing without one the game protocol and ``fast_simulate``
(:mod:`pokerbull.sim.family`). :class:`BaseSimulationResult` is every game's result.
"""

from __future__ import annotations

from .family import FamilySimulationResult
from .results import BaseSimulationResult, BotRate, SeatRate
from .road import simulate
from .tournament import Match, RankingRow, TournamentResult, tournament

__all__ = ["BaseSimulationResult", "BotRate", "FamilySimulationResult", "Match", "RankingRow",
           "SeatRate", "TournamentResult", "simulate", "tournament"]
