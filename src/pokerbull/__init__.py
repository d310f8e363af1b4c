"""pokerbull: a fast, exact engine for Poker Bull and its family of bluffing card games.

>>> import pokerbull as pb
>>> lad = pb.ladder("pagat")
>>> lad.holds("three Tens", pb.Pool.parse("Tc Td Th 2s"))
True
"""

from ._backend import backend
from .cards import Card, Pool
from .evaluator import HandRank, evaluate, evaluate_many
from .ladder import Call, Ladder, family_names, ladder

__version__ = "0.1.0"

__all__ = ["Call", "Card", "HandRank", "Ladder", "Pool", "__version__", "backend", "evaluate",
           "evaluate_many", "family_names", "ladder"]
