"""pokerbull: a fast, exact engine for Poker Bull and its family of bluffing card games.

>>> import pokerbull as pb
>>> lad = pb.ladder("pagat")
>>> lad.holds("three Tens", pb.Pool.parse("Tc Td Th 2s"))
True

The games: Poker Bull (:class:`Game`, presets of :func:`preset_names`),
Cheat (:mod:`pokerbull.cheat`) and Poker roulette (:mod:`pokerbull.roulette`);
every state follows :class:`GameState` (see docs/architecture.md).
"""

from . import cheat, protocol, roulette
from .bull import (Bot, CallMade, Challenge, CheungBot, CheungRandomBot, Deal, EvidenceBot, Game,
                   HandResult, IllegalAction, Observation, ProbabilityBot, RandomBot, Reveal,
                   Rules, VectorGame, make_bot, preset_names)
from .bull.results import SimulationResult
from .calls import Call, Ladder, Odds, family_names, ladder, odds
from .cards import Card, Pool
from .core.backend import backend, simd_path, simd_paths
from .evaluator import HandRank, card_index, evaluate, evaluate_cards, evaluate_counts, evaluate_many
from .protocol import GameState, Wing
from .sim import BaseSimulationResult, TournamentResult, simulate, tournament
from ._version import __version__
from .solve import Solution, exploitability, solve

__all__ = [
    "BaseSimulationResult", "Bot", "Call", "CallMade", "Card", "Challenge", "CheungBot", "CheungRandomBot", "Deal",
    "EvidenceBot", "Game", "GameState", "HandRank", "HandResult", "IllegalAction", "Ladder",
    "Observation", "Odds", "Pool", "ProbabilityBot", "RandomBot", "Reveal", "Rules",
    "SimulationResult", "Solution", "TournamentResult", "VectorGame", "Wing", "__version__", "backend",
    "card_index", "cheat", "evaluate", "evaluate_cards", "evaluate_counts", "evaluate_many",
    "exploitability", "family_names", "ladder", "make_bot", "odds", "preset_names", "protocol",
    "roulette", "simd_path", "simd_paths", "simulate", "solve", "tournament"]
