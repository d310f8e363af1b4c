"""Call families and ladders: which calls exist, their order, when a pool satisfies
them, the witness shown at a reveal, and the odds that a call holds.

Imports flow one way: ``spec`` (call specs, ladder tables) <- ``families`` (the
builders) and ``witness`` <- ``ladder`` <- ``odds``.
"""

from .ladder import Call, Ladder, family_names, ladder
from .odds import Odds, odds

__all__ = ["Call", "Ladder", "Odds", "family_names", "ladder", "odds"]
