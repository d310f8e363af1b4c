"""The one road every simulation takes: a wing seats the table, ``sim`` plays the chunks.

``simulate(name, bots=..., players=..., games=..., seed=...)`` asks the wing the
name selects for its :class:`WingTable` (the rules and one bot per seat, checked),
chooses the engine, and hands a :class:`Plan` to
:func:`~pokerbull.sim.run.run_chunks`, here or on workers. The wing plugs in
what is its own: the compiled loop that plays a chunk, the same games through its
Python state, the integer totals a chunk adds up to, and the result class that
turns them into its statistics. Poker Bull's table is
:class:`pokerbull.bull.simulate.BullTable` (hands, calls, challenges); a wing that
brings none gets :class:`pokerbull.sim.family.ProtocolTable` (its ``fast_simulate``
and the game protocol: returns and wins).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from ..options import MAX_WORKERS
from ..protocol import DEFAULT_WING, Wing, wing_of
from .results import BaseSimulationResult
from .run import CHUNK_GAMES, ENGINES, entropy_of, run_chunks, whole


class Totals(Protocol):
    """Integer counts over some games that merge in any order (so chunks may finish
    on any worker, in any order, and add up to the same totals)."""

    def add(self, other: Any) -> None:
        """Add `other`'s counts (totals of the same kind) to these."""
        ...


T = TypeVar("T", bound=Totals)


class WingTable(Protocol[T]):
    """A wing's part in a simulation: its table (rules and one bot per seat, checked
    when it was built), the compiled loop and the Python engine that play chunk `chunk`
    of `size` games from the simulation's `entropy`, and its statistics.

    Both engines must play the same games from the same `entropy` and `chunk` (a chunk's
    seeds are the wing's to draw from them, so a wing keeps its own streams). A table
    is pickled to workers; it holds nothing a process cannot rebuild.
    """

    def compiled_refusal(self) -> str | None:
        """Why the compiled loop cannot play this table; None when it can."""
        ...

    def empty(self) -> T:
        """Totals of no games."""
        ...

    def play_compiled(self, entropy: int, chunk: int, size: int) -> T:
        """Chunk `chunk` (its first `size` games) in the wing's compiled loop."""
        ...

    def play_python(self, entropy: int, chunk: int, size: int) -> T:
        """The same games through the wing's Python state (any agent)."""
        ...

    def result(self, totals: T, *, engine: str, games: int, seed: int,
               seconds: float) -> BaseSimulationResult:
        """The wing's statistics of `totals`."""
        ...


@dataclass(frozen=True)
class Plan(Generic[T]):
    """Everything a worker needs to play its chunks of one simulation (pickled to
    other processes): the wing's table, the engine, the seed's entropy, the games."""

    table: WingTable[T]
    engine: str           # "compiled" or "python"
    entropy: int
    games: int

    @property
    def chunks(self) -> int:
        """How many chunks the games make."""
        return -(-self.games // CHUNK_GAMES)

    def chunk_size(self, k: int) -> int:
        """Games in chunk `k` (the last one may be short)."""
        return min(CHUNK_GAMES, self.games - k * CHUNK_GAMES)

    def empty(self) -> T:
        return self.table.empty()

    def play(self, chunks: Sequence[int]) -> T:
        """Play whole chunks (the unit of work a worker runs)."""
        play = self.table.play_compiled if self.engine == "compiled" else self.table.play_python
        totals = self.table.empty()
        for k in chunks:
            totals.add(play(self.entropy, k, self.chunk_size(k)))
        return totals


def table_of(wing: Wing, preset: Any, bots: Any, players: int | None,
             options: dict[str, Any]) -> WingTable[Any]:
    """The wing's table for these bots and options: its own (``Wing.simulation``) or the
    protocol's (:class:`~pokerbull.sim.family.ProtocolTable`)."""
    if wing.simulation is not None:
        table: WingTable[Any] = wing.simulation(preset, bots, players, options)
        return table
    from .family import ProtocolTable
    return ProtocolTable.seat(wing, bots, players, options)


def simulate(preset: Any = "pagat", bots: Any = None, games: int = 1000,
             seed: int | None = None, workers: int = 1, executor: Executor | None = None, *,
             players: int | None = None, engine: str = "auto",
             progress: Callable[[int], None] | None = None,
             **options: Any) -> BaseSimulationResult:
    """Play `games` games of a game or preset between `bots` and gather the statistics.

    `preset` is a Poker Bull preset (``"pagat"``, ``"pagat-wild"``, ``"pagat-five"``,
    ``"holdem"``, ``"cheung"``, or a :class:`~pokerbull.bull.rules.Rules`), or the name
    of another game of the family (``"cheat"``, ``"roulette"``); names are
    case-insensitive. `bots` is one bot for every seat or one per seat: a built-in
    name, a ``(name, {params})`` pair, or an agent (a Poker Bull
    :class:`~pokerbull.bull.agent.Bot`, or any object with ``reset`` and ``act``).
    `players` defaults to the number of bots given (a single bot needs `players`; the
    game's default lineup fills them). Other keywords are the game's options.
    `engine` is ``"auto"`` (the wing's compiled loop when it can play every bot),
    ``"compiled"`` or ``"python"``. `workers` > 1 plays chunks on a process pool;
    `executor` takes any ``concurrent.futures.Executor`` instead. `progress`, if given,
    is called with the number of games each finished piece of work played. The same
    seed gives the same result for any workers.

    Returns the game's result (a :class:`~pokerbull.sim.results.BaseSimulationResult`):
    Poker Bull's :class:`~pokerbull.bull.results.SimulationResult`, or a
    :class:`~pokerbull.sim.family.FamilySimulationResult` for the other games.

    >>> r = simulate("pagat", bots=["probability", "random"], games=200, seed=1)
    >>> r.games, r.players, r.engine
    (200, 2, 'compiled')
    """
    if isinstance(preset, str):
        game, name = wing_of(preset)
        if name is None and game.presets:     # a wing's name: its first preset
            preset = game.presets[0]
    else:
        game, _ = wing_of(DEFAULT_WING)
    table = table_of(game, preset, bots, players, options)
    games = whole("games", games, 1)
    workers = whole("workers", workers, 1, MAX_WORKERS if executor is None else None)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, not {engine!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise ValueError(f"executor must be a concurrent.futures.Executor, "
                         f"not {type(executor).__name__}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be a function of the games played (or None), "
                         f"not {progress!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
                             or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0 or None, not {seed!r}")
    refusal = table.compiled_refusal()
    if engine == "compiled" and refusal is not None:
        raise ValueError(f"engine 'compiled' cannot run here: {refusal}")
    use = "compiled" if engine == "compiled" or (engine == "auto" and refusal is None) \
        else "python"
    plan = Plan(table, use, entropy_of(seed), games)
    start = time.perf_counter()
    totals = run_chunks(plan, workers, executor, progress)
    return table.result(totals, engine=use, games=games, seed=plan.entropy,
                        seconds=time.perf_counter() - start)


__all__ = ["Plan", "Totals", "WingTable", "simulate", "table_of"]
