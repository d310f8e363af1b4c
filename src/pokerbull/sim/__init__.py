"""Simulation and tournaments for every game of the family.

:func:`simulate` and :func:`tournament` take a game or preset name and hand the
work to that game's wing: Poker Bull keeps its compiled loop and rich
statistics (:mod:`pokerbull.bull.simulate`); every other game plays through the
game protocol (:mod:`pokerbull.sim.family`), with its compiled loop when it has one.
"""

from __future__ import annotations

from typing import Any

from ..protocol import DEFAULT_WING, wing_of
from .family import FamilySimulationResult, simulate_family
from .tournament import TournamentResult, tournament


def simulate(preset: Any = "pagat", bots: Any = None, games: int = 1000,
             seed: int | None = None, workers: int = 1, executor: Any = None, *,
             players: int | None = None, engine: str = "auto",
             progress: Any = None, **options: Any) -> Any:
    """Play `games` games of a game or preset between `bots` and gather the statistics.

    `preset` is a Poker Bull preset (``"pagat"``, ..., or a
    :class:`~pokerbull.bull.rules.Rules`), or the name of another game of the
    family (``"cheat"``, ``"roulette"``). See
    :func:`pokerbull.bull.simulate.simulate` for the keywords; other games
    return a :class:`~pokerbull.sim.family.FamilySimulationResult`.

    >>> r = simulate("pagat", bots=["probability", "random"], games=200, seed=1)
    >>> r.games, r.players, r.engine
    (200, 2, 'compiled')
    """
    game, name = wing_of(preset) if isinstance(preset, str) else wing_of(DEFAULT_WING)
    keywords = dict(bots=bots, games=games, seed=seed, workers=workers, executor=executor,
                    players=players, engine=engine, progress=progress, **options)
    if game.simulate is not None:
        return game.simulate(preset if name is not None or not isinstance(preset, str)
                             else game.presets[0], **keywords)
    return simulate_family(game, bots, games, seed, workers, executor, players, engine,
                           progress, options)


__all__ = ["FamilySimulationResult", "TournamentResult", "simulate", "tournament"]
