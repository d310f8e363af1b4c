"""pokerbull: a fast, exact engine for Poker Bull and its family of bluffing card games.

>>> import pokerbull as pb
>>> lad = pb.ladder("pagat")
>>> lad.holds("three Tens", pb.Pool.parse("Tc Td Th 2s"))
True
"""

from .bull import (Bot, CallMade, Challenge, Deal, EvidenceBot, Game, HandResult, IllegalAction,
                   Observation, ProbabilityBot, RandomBot, Reveal, Rules, make_bot, preset_names)
from .calls import Call, Ladder, Odds, family_names, ladder, odds
from .cards import Card, Pool
from .core.backend import backend, simd_path, simd_paths
from . import roulette
from .evaluator import HandRank, evaluate, evaluate_cards, evaluate_counts, evaluate_many
from .protocol import GameState, Wing
from .bull.results import SimulationResult
from .sim import simulate, tournament

__version__ = "0.1.0"

__all__ = [
    "backend", "Bot", "Call", "CallMade", "Card", "Challenge", "Deal", "evaluate",
    "evaluate_cards", "evaluate_counts", "evaluate_many", "EvidenceBot", "family_names", "Game", "GameState", "HandRank",
    "HandResult", "IllegalAction", "Ladder", "ladder", "make_bot", "Observation", "Odds",
    "odds", "Pool", "preset_names", "ProbabilityBot", "RandomBot", "Reveal", "roulette", "Rules",
    "simd_path", "simd_paths", "simulate", "SimulationResult", "tournament", "Wing", "__version__"]
