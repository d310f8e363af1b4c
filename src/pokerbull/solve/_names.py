"""The shared names pokerbull.solve uses, taken from their rooms (the top package
imports this room, so the room does not import the top package)."""

from pokerbull.bull import Bot, Game, Observation, RandomBot, Rules, make_bot, preset_names
from pokerbull.calls import Call, Ladder, family_names, ladder
from pokerbull.cards import Pool
from pokerbull.protocol import IllegalAction
from pokerbull.sim import tournament

__all__ = ["Bot", "Call", "Game", "IllegalAction", "Ladder", "Observation", "Pool", "RandomBot",
           "Rules", "family_names", "ladder", "make_bot", "preset_names", "tournament"]
