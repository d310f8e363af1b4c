"""pokerbull: a fast, exact engine for Poker Bull and its family of bluffing card games.

>>> import pokerbull as pb
>>> lad = pb.ladder("pagat")
>>> lad.holds("three Tens", pb.Pool.parse("Tc Td Th 2s"))
True
"""

from ._backend import backend
from .bots import Bot, EvidenceBot, ProbabilityBot, RandomBot
from .cards import Card, Pool
from .evaluator import HandRank, evaluate, evaluate_many
from .game import (CallMade, Challenge, Deal, Game, HandResult, IllegalAction, Observation,
                   Reveal)
from .ladder import Call, Ladder, family_names, ladder
from .odds import Odds, odds
from .results import SimulationResult
from .rules import Rules, preset_names
from .simulate import simulate
from .solve import Solution, exploitability, solve

__version__ = "0.1.0"

__all__ = ["Bot", "Call", "CallMade", "Card", "Challenge", "Deal", "EvidenceBot", "Game", "HandRank",
           "HandResult", "IllegalAction", "Ladder", "Observation", "Odds", "Pool", "ProbabilityBot",
           "RandomBot", "Reveal", "Rules", "SimulationResult", "__version__", "backend", "evaluate",
           "evaluate_many", "exploitability", "family_names", "ladder", "odds", "preset_names",
           "simulate", "Solution", "solve"]
