"""Games too big for tables: strategies that see only the last few calls.

The (1, 1) pagat hand with all 26 calls has 2^26 public states. Here a seat's
strategy depends on its seat, its hand class and the last `memory` calls (an
imperfect-recall abstraction, a table of ``(K + 1) ** memory`` keys). CFR+ runs
in the core on the graph of abstract states (key, seat to act): the game below
every history of a key is the same, so values summed over its histories are a
matrix (over both seats' hand classes) times the other seat's summed reach
(``engine="tree"`` walks every history instead: the same iterations, slower).
The exploitability is measured exactly in the full game by a best response that
streams over the public tree depth first (no table of states).

>>> from pokerbull.solve.abstract import solve_abstract
>>> sol = solve_abstract("pagat", hands=(1, 1), calls=8, memory=2, iterations=50)
>>> sol.exploitability < 0.05
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _names as pb
from .game import (Checkpoint, SmallGame, _cards_mask, _check_positive, build_game, compiled,
                   observation_args)

ENGINES = ("graph", "tree")
MAX_ABSTRACT_TABLE = 50_000_000     # entries of one seat's regret table


@dataclass(eq=False)
class AbstractSolution:
    """A last-`memory`-calls strategy for the whole public tree, and its exact exploitability."""

    game: SmallGame
    memory: int
    regrets: list[np.ndarray] = field(repr=False)
    averages: list[np.ndarray] = field(repr=False)
    iterations: int = 0
    seconds: float = 0.0
    visited: int = 0
    best_responses: tuple[float, float] = (0.0, 0.0)
    measure_seconds: float = 0.0
    threshold: float = 0.0
    measured: int = 0
    history: list[Checkpoint] = field(default_factory=list, repr=False)
    method: str = "cfr+ on the last calls"

    @classmethod
    def empty(cls, game: SmallGame, memory: int, threshold: float = 0.0) -> AbstractSolution:
        """No iterations yet: zero regrets and averages, tables keyed by the last `memory` calls."""
        k = game.calls
        shapes = [((k + 1) ** memory, k + 1, len(game.classes[s])) for s in (0, 1)]
        return cls(game, memory, [np.zeros(s) for s in shapes], [np.zeros(s) for s in shapes],
                   threshold=float(threshold))

    @property
    def table_bytes(self) -> int:
        """Memory of the strategy tables (regrets and averages of both seats)."""
        return sum(a.nbytes for a in self.regrets + self.averages)

    @property
    def exploitability(self) -> float:
        return (self.best_responses[0] + self.best_responses[1]) / 2

    def table(self, seat: int) -> np.ndarray:
        """Seat's average strategy as table[key, action, class] (actions: K raises, the
        challenge, a call no pool satisfies), normalised; unvisited keys challenge.
        Actions of probability below ``threshold`` are dropped (the rest renormalised)."""
        k = self.game.calls
        avg = self.averages[seat]
        tot = avg.sum(axis=1, keepdims=True)
        table = np.zeros((avg.shape[0], k + 2, avg.shape[2]))
        table[:, :k + 1, :] = np.where(tot > 0, avg / np.where(tot > 0, tot, 1.0), 0.0)
        if self.threshold > 0:
            top = table[:, :k + 1, :].max(axis=1, keepdims=True)
            kept = np.where(table[:, :k + 1, :] >= np.minimum(self.threshold, top),
                            table[:, :k + 1, :], 0.0)
            norm = kept.sum(axis=1, keepdims=True)
            table[:, :k + 1, :] = np.where(norm > 0, kept / np.where(norm > 0, norm, 1.0), 0.0)
        unvisited = (tot[:, 0, :] <= 0)
        table[:, k, :][unvisited] = 1.0
        # at the opening there is no challenge: an unvisited opening makes the lowest call
        table[0, k, :] = np.where(unvisited[0], 0.0, table[0, k, :])
        table[0, 0, :] = np.where(unvisited[0], 1.0, table[0, 0, :])
        return table

    def _played(self, seat: int) -> np.ndarray:
        """table(seat), kept until the solution changes (more iterations, another threshold)."""
        state = (self.iterations, self.threshold)
        cache = self.__dict__.setdefault("_table_cache", {})
        if cache.get(seat, (None,))[0] != state:
            cache[seat] = (state, self.table(seat))
        played: np.ndarray = cache[seat][1]
        return played

    def measure(self, limit: int = 0) -> bool:
        """Both seats' exact best responses in the full game. With a `limit` (0: none),
        gives up when one needs more than `limit` public states: the best responses
        are then NaN and the answer False."""
        start = time.perf_counter()
        g = self.game
        br = []
        visited = 0
        for seat in (0, 1):
            values, nodes = compiled().stream_best_response(
                g.first, g.payoff, g.chance, self.table(1 - seat), self.memory, seat, limit)
            visited += nodes
            if limit and nodes > limit:
                br = [float("nan")] * 2
                break
            br.append(float(values.sum()))
        self.best_responses = (br[0], br[1])
        self.measured = visited
        self.measure_seconds = time.perf_counter() - start
        return not np.isnan(br[0])

    def key(self, calls: Any) -> int:
        """The table key of a sequence of kept-call indices."""
        k = self.game.calls
        key = 0
        for c in calls:
            key = (key * (k + 1) + c + 1) % (k + 1) ** self.memory
        return key

    def strategy(self, seat: int, cards: Any, calls: Any = ()) -> dict[int, float]:
        """{action: probability} for `seat` (0 opens) holding `cards` after `calls`
        (actions as in :meth:`pokerbull.Game.legal_actions`)."""
        g = self.game
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (the opener) or 1, not {seat!r}")
        kept = [g.kept_index(g.ladder.call(c).index) for c in calls]
        if len(kept) % 2 != seat:
            raise ValueError(f"after {len(kept)} call{'s' * (len(kept) != 1)} seat "
                             f"{len(kept) % 2} is to play, not seat {seat}")
        for i in range(1, len(kept)):
            if kept[i] < g.first[kept[i - 1] + 1]:
                raise ValueError(f"{g.ladder[g.kept[kept[i]]]} does not raise over "
                                 f"{g.ladder[g.kept[kept[i - 1]]]}")
        h = g.class_of(seat, _cards_mask(cards))
        row = self._played(seat)[self.key(kept), :, h]
        k = g.calls
        first = int(g.first[kept[-1] + 1]) if kept else 0
        out = {g.kept[a]: float(row[a]) for a in range(first, k) if row[a] > 0}
        if kept and row[k] > 0:
            out[len(g.ladder)] = float(row[k])
        return out

    def policy(self, state: Any) -> dict[int, float]:
        """{action: probability} at a :class:`pokerbull.Game` or :class:`pokerbull.Observation`."""
        if isinstance(state, pb.Game):
            if state.to_play is None or state.is_over or state.awaiting_deal:
                raise ValueError("the game has no seat to play now")
            state = state.observation(state.to_play)
        if not isinstance(state, pb.Observation):
            raise ValueError(f"policy() takes a pokerbull.Game or a pokerbull.Observation, "
                             f"not {type(state).__name__}")
        return self.strategy(*observation_args(self.game, state))

    def __repr__(self) -> str:
        return (f"AbstractSolution({self.game.family!r}, hands={self.game.hands}, "
                f"calls={self.game.calls}, memory={self.memory}, "
                f"exploitability={self.exploitability:.4f}, iterations={self.iterations}, "
                f"seconds={self.seconds:.1f})")


def solve_abstract(family: str = "pagat", hands: Any = (1, 1), calls: int | None = None, *,
                   memory: int = 2, iterations: int = 100, max_seconds: float | None = None,
                   measure_every: int | None = None, engine: str = "graph",
                   threshold: float = 0.0, measure_limit: int = 0,
                   **family_options: Any) -> AbstractSolution:
    """CFR+ on the last-`memory`-calls abstraction; the exploitability is exact (full game).

    Stops after `iterations` or once `max_seconds` have passed (checked after each
    block of iterations); measures every `measure_every` iterations (default: at the end).
    `engine` ``"graph"`` runs the iterations on the graph of abstract states (key,
    seat to act), ``"tree"`` walks every history of the public tree: the same
    iterations (up to rounding), the tree walk only much slower.
    The solution plays the average strategy without the actions of probability
    below `threshold`; a measurement that needs more than `measure_limit` public
    states (0: no limit) gives up and leaves NaN best responses.
    """
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) \
            or not 0 <= threshold < 1:
        raise ValueError(f"threshold must be a probability in [0, 1), not {threshold!r}")
    if isinstance(measure_limit, bool) or not isinstance(measure_limit, int) or measure_limit < 0:
        raise ValueError(f"measure_limit must be a whole number of states >= 0, "
                         f"not {measure_limit!r}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if isinstance(memory, bool) or not isinstance(memory, int) or not 1 <= memory <= 26:
        raise ValueError(f"memory must be 1 to 26 calls, not {memory!r}")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
    _check_positive("max_seconds", max_seconds)
    g = build_game(family, hands, calls, family_options)
    k = g.calls
    if (k + 1) ** memory * (k + 1) * max(len(g.classes[0]), len(g.classes[1])) \
            > MAX_ABSTRACT_TABLE:
        raise ValueError(f"memory={memory} with {k} calls needs too big a table; use less memory")
    sol = AbstractSolution.empty(g, memory, threshold)
    sol.method = f"cfr+ on the last {memory} call{'s' * (memory > 1)}"
    block = measure_every or iterations
    start = time.perf_counter()
    while sol.iterations < iterations:
        step = min(block, iterations - sol.iterations,
                   (1 if engine == "tree" else 10) if max_seconds else block)
        iterate_abstract(sol, step, engine)
        sol.seconds = time.perf_counter() - start
        last = sol.iterations >= iterations or (max_seconds and sol.seconds >= max_seconds)
        if last or (measure_every and sol.iterations % measure_every == 0):
            sol.measure(measure_limit)
            sol.history.append(Checkpoint(sol.iterations, sol.seconds, sol.exploitability))
        if last:
            break
    return sol


def iterate_abstract(sol: AbstractSolution, step: int, engine: str = "graph") -> None:
    """`step` more CFR+ iterations of an abstract solution, in the core."""
    g = sol.game
    run = compiled().graph_solve if engine == "graph" else compiled().abstract_solve
    sol.visited += run(g.first, g.payoff, sol.memory, step, sol.regrets, sol.averages,
                       start=sol.iterations + 1)
    sol.iterations += step
