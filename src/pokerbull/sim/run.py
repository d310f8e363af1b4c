"""The machinery every simulation shares: chunks of games, seeds, workers, win rates.

A simulation is cut into chunks of :data:`CHUNK_GAMES` games. Chunk ``k`` is
seeded from the simulation's seed and ``k`` alone, so a result depends only on
the seed and the number of games, never on the workers or their order. A
*plan* (any picklable object with ``games``, ``empty()`` and ``play(chunks)``)
says how to play chunks; :func:`run_chunks` plays them here or on workers.
"""

from __future__ import annotations

import math
import signal
import time
import warnings
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from typing import Any

import numpy as np

from .. import options

CHUNK_GAMES = 1000
"""Games per chunk: the unit of seeding and of work handed to a worker."""

ENGINES = ("auto", "compiled", "python")

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> lo, hi = wilson_interval(0, 10); lo, round(hi, 3)
    (0.0, 0.278)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # the interval always contains p (rounding could leave it out at 0 and 1)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


class ResultDict(dict):  # type: ignore[type-arg]
    """A result's ``to_dict()``: the same keys for every game (``game``, ``options``,
    ``bots``, ``engine``, ``games``, ``seed``, ...). A key of the previous release
    (Poker Bull's ``preset`` and ``rules``, a tournament's ``preset``) still reads, with
    a DeprecationWarning, for one release; JSON carries only the new keys."""

    def __init__(self, data: dict[str, Any], renamed: dict[str, str]) -> None:
        super().__init__(data)
        self._renamed = renamed

    def __missing__(self, key: str) -> Any:
        new = self._renamed.get(key)
        if new is None:
            raise KeyError(key)
        warnings.warn(f"the result key {key!r} is now {new!r}; {key!r} goes in the next "
                      f"release", DeprecationWarning, stacklevel=2)
        return self[new]

    def __reduce__(self) -> Any:
        return (ResultDict, (dict(self), self._renamed))


TASK_SECONDS = 0.5
"""About how long one piece of work handed to a worker should take: long enough that
handing it over costs little, short enough that the progress bar moves and Ctrl-C
(which cancels what is queued and waits only for the pieces in hand) stops quickly."""


def _leave_ctrl_c_to_parent() -> None:
    """In a worker: Ctrl-C reaches every process of the terminal; the parent cancels the
    queued work and the workers end after the piece in hand (no traceback from each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunks(plan: Any, workers: int, executor: Executor | None,
         progress: Callable[[int], None] | None) -> Any:
    """Play every chunk of `plan` (a Plan or any plan with ``games``, ``empty()`` and
    ``play(chunks)``), here or on workers, merging the totals in any order.

    On workers, the first pieces of work are one chunk each; later pieces grow to about
    :data:`TASK_SECONDS` of play as the measured pace allows. Only two pieces a worker
    are queued at a time, so an interruption (Ctrl-C) or an error cancels the rest at
    once. The results never depend on how the chunks were grouped.
    """
    n_chunks = -(-plan.games // CHUNK_GAMES)
    totals = plan.empty()

    def size(k: int) -> int:
        return min(CHUNK_GAMES, int(plan.games) - k * CHUNK_GAMES)

    if executor is None and workers == 1:
        for k in range(n_chunks):
            totals.add(plan.play([k]))
            if progress:
                progress(size(k))
        return totals
    own = executor is None
    pool: Executor = ProcessPoolExecutor(max_workers=workers, initializer=_leave_ctrl_c_to_parent) \
        if executor is None else executor
    pending: dict[Any, range] = {}
    next_chunk, done_chunks = 0, 0
    start = time.perf_counter()
    try:
        while next_chunk < n_chunks or pending:
            while next_chunk < n_chunks and len(pending) < 2 * workers:
                per_task = 1
                if done_chunks:      # chunks one worker plays in TASK_SECONDS at the pace so far
                    pace = workers * (time.perf_counter() - start) / done_chunks
                    per_task = max(1, min(int(TASK_SECONDS / max(pace, 1e-9)),
                                          (n_chunks - next_chunk) // workers))
                batch = range(next_chunk, min(n_chunks, next_chunk + per_task))
                pending[pool.submit(plan.play, list(batch))] = batch
                next_chunk = batch.stop
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                batch = pending.pop(future)
                totals.add(future.result())
                done_chunks += len(batch)
                if progress:
                    progress(sum(size(k) for k in batch))
    except BaseException:
        for future in pending:
            future.cancel()
        if own:     # the workers finish only the pieces in hand, then leave
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    if own:
        pool.shutdown()
    return totals


def entropy_of(seed: int | None) -> int:
    """The SeedSequence entropy of a seed (fresh from the OS for None)."""
    entropy = np.random.SeedSequence(None if seed is None else int(seed)).entropy
    if not isinstance(entropy, int):        # only an int seed or None get here
        raise ValueError(f"seed must be a whole number >= 0 or None, not {seed!r}")
    return entropy


def whole(name: str, value: object, low: int, high: int | None = None) -> int:
    return options.whole(name, value, low=low, high=high)


def lineup_mismatch(specs: list[Any], players: int) -> str:
    """Why a list of bots does not fit the table, and the two ways that do."""
    names = [b if isinstance(b, str) else b[0] if isinstance(b, tuple) else
             getattr(b, "name", type(b).__name__) for b in specs]
    return (f"bots={names!r} seats {len(specs)} bot{'s' * (len(specs) != 1)} at a table of "
            f"players={players}: give a list of {players} bots (one per seat), or one bot "
            f"not in a list (bots={names[0]!r}) to fill every seat")
