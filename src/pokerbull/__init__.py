"""pokerbull: a fast, exact engine for Poker Bull and its family of bluffing card games.

>>> import pokerbull as pb
>>> lad = pb.ladder("pagat")
>>> lad.holds("three Tens", pb.Pool.parse("Tc Td Th 2s"))
True

The games: Poker Bull (:class:`Game`, presets of :func:`preset_names`),
Cheat (:mod:`pokerbull.cheat`) and Poker roulette (:mod:`pokerbull.roulette`);
every state follows :class:`GameState` (see docs/architecture.md).

``import pokerbull`` loads the call layer every game stands on (the cards, the call
families and ladders, the compiled core, numpy) and none of the games: each other
public name is imported the first time it is read (``pb.cheat`` loads the Cheat wing,
``pb.Game`` Poker Bull's), so a program or command pays only for the games it uses
(:mod:`pokerbull._lazy`).
"""

from typing import TYPE_CHECKING

from ._version import __version__

if TYPE_CHECKING:
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
    from .sim import BaseSimulationResult, simulate
    # from its own module: under TYPE_CHECKING, mypy reads sim's `tournament` as the
    # submodule of that name
    from .sim.tournament import TournamentResult, tournament
    from .solve import Solution, exploitability, solve
else:
    from importlib import import_module

    from ._lazy import exports

    # The subpackage solve/ is imported now (it is light: its names load on first use
    # too) and its name freed, so that ``pb.solve`` is the function, as before: an
    # import of pokerbull.solve after ``import pokerbull`` would bind the package there.
    import_module(".solve", __name__)
    del globals()["solve"]
    # The call layer loads now: every game and command needs it, and the first
    # ``pb.ladder(...)`` then costs the ladder's own work (issue 23: within 0.1 s),
    # not numpy's, the core's and the families' imports (0.2 s).
    import_module(".calls", __name__)

    __getattr__, __dir__ = exports(__name__, globals(), {
        ".bull": ("Bot", "CallMade", "Challenge", "CheungBot", "CheungRandomBot", "Deal",
                  "EvidenceBot", "Game", "HandResult", "IllegalAction", "Observation",
                  "ProbabilityBot", "RandomBot", "Reveal", "Rules", "VectorGame", "make_bot",
                  "preset_names"),
        ".bull.results": ("SimulationResult",),
        ".calls": ("Call", "Ladder", "Odds", "family_names", "ladder", "odds"),
        ".cards": ("Card", "Pool"),
        ".core.backend": ("backend", "simd_path", "simd_paths"),
        ".evaluator": ("HandRank", "card_index", "evaluate", "evaluate_cards", "evaluate_counts",
                       "evaluate_many"),
        ".protocol": ("GameState", "Wing"),
        ".sim": ("BaseSimulationResult", "TournamentResult", "simulate", "tournament"),
        ".solve": ("Solution", "exploitability", "solve"),
    }, {   # the submodules `import pokerbull` used to bind (users read pb.cards, pb.core.backend)
        name: f".{name}" for name in ("bull", "calls", "cards", "cheat", "evaluator", "gamelog",
                                      "options", "protocol", "randomness", "roulette", "sim")
    } | {"core": ".core.backend"})

__all__ = [
    "BaseSimulationResult", "Bot", "Call", "CallMade", "Card", "Challenge", "CheungBot", "CheungRandomBot", "Deal",
    "EvidenceBot", "Game", "GameState", "HandRank", "HandResult", "IllegalAction", "Ladder",
    "Observation", "Odds", "Pool", "ProbabilityBot", "RandomBot", "Reveal", "Rules",
    "SimulationResult", "Solution", "TournamentResult", "VectorGame", "Wing", "__version__", "backend",
    "card_index", "cheat", "evaluate", "evaluate_cards", "evaluate_counts", "evaluate_many",
    "exploitability", "family_names", "ladder", "make_bot", "odds", "preset_names", "protocol",
    "roulette", "simd_path", "simd_paths", "simulate", "solve", "tournament"]
