"""Solving small Poker Bull: equilibria of one two-player hand, and how exploitable bots are.

See docs/solve.md. ``pokerbull.solve(...)`` and ``pokerbull.exploitability(...)``
are the entry points.
"""

from .solver import Checkpoint, Solution, solve

__all__ = ["Checkpoint", "Solution", "solve"]
