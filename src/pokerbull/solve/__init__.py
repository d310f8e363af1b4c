"""Solving small Poker Bull: equilibria of one two-player hand, and how exploitable bots are.

See docs/solve.md. ``pokerbull.solve(...)`` and ``pokerbull.exploitability(...)``
are the entry points.
"""

from .bots import BotExploitability, EquilibriumBot, exploitability
from .game import Checkpoint
from .solver import Solution, solve

__all__ = ["BotExploitability", "Checkpoint", "EquilibriumBot", "Solution", "exploitability",
           "solve"]
