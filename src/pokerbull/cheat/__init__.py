"""Cheat / Bullsh*t / I Doubt It (RULES.md section 4): state, rules, bots."""

from .game import (Believe, Challenge, Check, Deal, Finished, Game, LeadLost, Observation,
                   Pass, PickUp, PileCleared, Play, Reveal, SetDiscarded, Stalled, Stand, TurnUp)
from .rules import Rules

__all__ = ["Believe", "Challenge", "Check", "Deal", "Finished", "Game", "LeadLost",
           "Observation", "Pass", "PickUp", "PileCleared", "Play", "Reveal", "Rules",
           "SetDiscarded", "Stalled", "Stand", "TurnUp"]
