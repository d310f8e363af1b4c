"""Solving small Poker Bull: equilibria of one two-player hand, and how exploitable bots are.

See docs/solve.md. ``pokerbull.solve(...)`` and ``pokerbull.exploitability(...)``
are the entry points. The names below load on first use (:mod:`pokerbull._lazy`):
``import pokerbull`` imports this package, not Poker Bull's wing behind it.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .bots import BotExploitability, EquilibriumBot, exploitability
    from .game import Checkpoint
    from .solver import Solution, solve
else:
    from .._lazy import exports

    __getattr__, __dir__ = exports(__name__, globals(), {
        ".bots": ("BotExploitability", "EquilibriumBot", "exploitability"),
        ".game": ("Checkpoint",),
        ".solver": ("Solution", "solve"),
    })

__all__ = ["BotExploitability", "Checkpoint", "EquilibriumBot", "Solution", "exploitability",
           "solve"]
