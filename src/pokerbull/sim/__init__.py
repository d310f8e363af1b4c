"""Simulation and tournaments for every game of the family.

:func:`simulate` and :func:`tournament` take a game or preset name and hand the
work to that game's wing: Poker Bull keeps its compiled loop and rich
statistics (:mod:`pokerbull.bull.simulate`); every other game plays through the
game protocol (:mod:`pokerbull.sim.family`), with its compiled loop when it has one.
"""

from __future__ import annotations

from .family import FamilySimulationResult, simulate
from .tournament import TournamentResult, tournament

__all__ = ["FamilySimulationResult", "TournamentResult", "simulate", "tournament"]
