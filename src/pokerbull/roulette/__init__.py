"""Poker roulette (seed 004, RULES.md section 5): matching, stockpiles, betting, showdown.

>>> import pokerbull.roulette as roulette
>>> g = roulette.Game(players=5, seed=7, betting=False)
>>> g.is_terminal(), sum(g.returns())
(True, 0.0)
"""

from .game import (CALL, DEAL, FOLD, NUM_ACTIONS, RAISE, Antes, BetMade, CardDealt, Game,
                   Matching, Observation, Record, Result)
from .rules import Rules

__all__ = ["CALL", "DEAL", "FOLD", "NUM_ACTIONS", "RAISE", "Antes", "BetMade", "CardDealt",
           "Game", "Matching", "Observation", "Record", "Result", "Rules"]
