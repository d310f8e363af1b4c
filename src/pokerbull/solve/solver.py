"""Solve one two-player Poker Bull hand: discounted/plus CFR over the public tree.

>>> import pokerbull as pb
>>> sol = pb.solve("pagat", hands=(1, 1), calls=6)
>>> sol.exploitability < 1e-4
True
>>> round(sol.value, 3)
-0.173
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _names as pb

from .game import (Checkpoint, SmallGame, _cards_mask, _check_positive,  # noqa: F401
                   build_game, compiled, observation_args)

METHODS = ("cfr+", "dcfr")
MAX_TABLE = 150_000_000
"""Most regret entries (and as many average-strategy entries) a solve may hold."""


@dataclass(eq=False)
class Solution:
    """An (approximate) equilibrium of one two-player hand and how far from exact it is.

    ``value`` is seat 0's (the opener's) expected result when both play the
    solution; ``exploitability`` is NashConv / 2 (OpenSpiel's measure): the
    mean over the two seats of what a best response gains against it. The
    equilibrium value lies within ``2 * exploitability`` of ``value``.
    """

    game: SmallGame
    tree: Any = field(repr=False)    # pokerbull.solve._cfr.PublicTree
    method: str
    iterations: int
    seconds: float
    value: float = 0.0
    best_responses: tuple[float, float] = (0.0, 0.0)
    history: list[Checkpoint] = field(default_factory=list, repr=False)

    @property
    def exploitability(self) -> float:
        """Half the :attr:`nash_conv`: what a best responder gains on average per seat (0 at an equilibrium)."""
        return self.nash_conv / 2

    @property
    def nash_conv(self) -> float:
        """The sum of both seats' best-response gains against the average strategy."""
        return self.best_responses[0] + self.best_responses[1]

    @property
    def table_bytes(self) -> int:
        """Memory of the exact tables (regrets, averages and the work of one iteration)."""
        t = self.tree
        return sum(a.nbytes for a in (t.regret_arr, t.average_arr, t.work_arr))

    @property
    def family(self) -> str:
        """The call family of the solved game (``"pagat"``, ...)."""
        return self.game.family

    @property
    def hands(self) -> tuple[int, int]:
        """The two seats' hand sizes (cards each holds)."""
        return self.game.hands

    @property
    def calls(self) -> tuple[pb.Call, ...]:
        """The kept calls, lowest first."""
        return tuple(self.game.ladder[i] for i in self.game.kept)

    def _measure(self) -> None:
        br0 = float(self.tree.best_response(0).sum())
        br1 = float(self.tree.best_response(1).sum())
        self.value = float(self.tree.profile_value().sum())
        self.best_responses = (br0, br1)

    # ---- the strategy
    def strategy(self, seat: int, cards: Any, calls: Any = ()) -> dict[int, float]:
        """{action: probability} for `seat` (0 opens) holding `cards` after `calls`.

        Actions as in :meth:`pokerbull.Game.legal_actions`: ladder indices for
        raises, ``len(ladder)`` for the challenge. `calls` are calls (or ladder
        indices or text) in the order made.
        """
        g = self.game
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (the opener) or 1, not {seat!r}")
        mask = _cards_mask(cards)
        kept = [g.kept_index(g.ladder.call(c).index) for c in calls]
        if len(kept) % 2 != seat:
            raise ValueError(f"after {len(kept)} call{'s' * (len(kept) != 1)} seat "
                             f"{len(kept) % 2} is to play, not seat {seat}")
        h = g.class_of(seat, mask)
        node = self.tree.node_of(kept)
        nr, na, ca = self.tree.actions_at(node)
        o = int(self.tree.off_arr[node])
        weights = self.tree.average_arr[o:o + na * ca].reshape(na, ca)[:, h]
        total = weights.sum()
        probs = weights / total if total > 0 else np.full(na, 1.0 / na)
        first = g.calls - nr
        actions = [g.kept[first + i] for i in range(nr)]
        if na > nr:
            actions.append(len(g.ladder))
        return {a: float(p) for a, p in zip(actions, probs)}

    def policy(self, state: Any) -> dict[int, float]:
        """{action: probability} at a state: a :class:`pokerbull.Game`, an
        :class:`pokerbull.Observation` of the seat to play, or a state of
        :meth:`openspiel_game`."""
        if isinstance(state, pb.Game):
            if state.to_play is None or state.is_over or state.awaiting_deal:
                raise ValueError("the game has no seat to play now")
            state = state.observation(state.to_play)
        if isinstance(state, pb.Observation):
            return self._observation_policy(state)
        from .openspiel import state_policy
        return state_policy(self, state)

    def _observation_policy(self, obs: pb.Observation) -> dict[int, float]:
        return self.strategy(*observation_args(self.game, obs))

    # ---- OpenSpiel
    def openspiel_game(self) -> Any:
        """This hand as an OpenSpiel game (cards dealt one hand at a time, no grouping)."""
        from .openspiel import PokerBullHandGame, game_params
        return PokerBullHandGame(game_params(self.game))

    def openspiel_policy(self, game: Any = None) -> Any:
        """The solution as an OpenSpiel ``TabularPolicy`` of :meth:`openspiel_game`."""
        from .openspiel import tabular_policy
        return tabular_policy(self, self.openspiel_game() if game is None else game)

    def __repr__(self) -> str:
        return (f"Solution({self.family!r}, hands={self.hands}, calls={self.game.calls}, "
                f"value={self.value:.6f}, exploitability={self.exploitability:.2e}, "
                f"iterations={self.iterations}, seconds={self.seconds:.2f})")


def solve(family: str = "pagat", hands: Any = (1, 1), calls: int | None = None, *,
          target: float = 1e-4, iterations: int | None = None, max_seconds: float | None = None,
          method: str = "cfr+", **family_options: Any) -> Solution | Any:
    """Solve one two-player hand of `family`: seat 0 holds ``hands[0]`` cards and opens.

    Keeps the lowest `calls` calls some pool of ``sum(hands)`` cards can satisfy
    (all of them when None). Runs `method` (``"cfr+"``: CFR+ with alternating
    updates and quadratic averaging; ``"dcfr"``: discounted CFR 1.5/0/2) until
    the exploitability is at most `target`, or `iterations` are done, or
    `max_seconds` have passed (checked at each measurement).

    With `calls` left out and exact tables too big for memory (pagat (1, 1): 26
    calls, 2^26 public states), it solves the abstraction of strategies that see
    the last two calls instead (an
    :class:`~pokerbull.solve.abstract.AbstractSolution`); the exploitability is
    still measured exactly in the full game. Either solution says what it did:
    ``method`` and ``table_bytes``.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    _check_positive("target", target, allow_none=False)
    _check_positive("max_seconds", max_seconds)
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                   or iterations < 1):
        raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
    g = build_game(family, hands, calls, family_options)
    nodes = g.tree_size()
    entries = nodes * (g.calls + 1) * max(len(g.classes[0]), len(g.classes[1]))
    if entries > MAX_TABLE:
        if calls is not None:
            raise ValueError(f"{g.calls} calls make {nodes:,} public states: too many for "
                             f"tables (about {entries:,} entries); keep fewer calls, or "
                             f"leave calls out to solve an abstraction of every call")
        if method != "cfr+":
            raise ValueError(f"{g.calls} calls make {nodes:,} public states: too many for "
                             f"tables, and the abstraction that solves them runs 'cfr+', "
                             f"not {method!r}")
        return _solve_abstraction(g, target, iterations, max_seconds, entries)
    start = time.perf_counter()
    tree = compiled().PublicTree(g.first, g.payoff, nodes)
    tree.plus = method == "cfr+"
    sol = Solution(g, tree, method, 0, 0.0)
    limit = iterations if iterations is not None else 1_000_000
    done = 0
    check = 8
    while True:
        step = min(check - done, limit - done)
        tree.iterate(step, done + 1)
        done += step
        sol._measure()
        elapsed = time.perf_counter() - start
        sol.iterations, sol.seconds = done, elapsed
        sol.history.append(Checkpoint(done, elapsed, sol.exploitability))
        if done >= limit or sol.exploitability <= target \
                or (max_seconds is not None and elapsed >= max_seconds):
            return sol
        check = max(check + 8, int(check * 1.25))


def _solve_abstraction(g: SmallGame, target: float, iterations: int | None,
                       max_seconds: float | None, entries: int) -> Any:
    """:func:`solve`'s way when exact tables do not fit: CFR+ on strategies that see
    the last two calls (one when two would not fit either), measured exactly in
    the full game at growing intervals, until `target`, `iterations` or `max_seconds`."""
    from .abstract import MAX_ABSTRACT_TABLE, AbstractSolution, iterate_abstract
    k = g.calls
    classes = max(len(g.classes[0]), len(g.classes[1]))
    memory = 2 if (k + 1) ** 3 * classes <= MAX_ABSTRACT_TABLE else 1
    sol = AbstractSolution.empty(g, memory)
    sol.method = (f"cfr+ on the last {memory} call{'s' * (memory > 1)} (exact tables would "
                  f"need about {entries:,} entries)")
    limit = iterations if iterations is not None else 1_000_000
    start = time.perf_counter()
    check = 8
    while True:
        iterate_abstract(sol, min(check, limit) - sol.iterations)
        sol.seconds = time.perf_counter() - start
        sol.measure()
        sol.history.append(Checkpoint(sol.iterations, sol.seconds, sol.exploitability))
        if sol.iterations >= limit or sol.exploitability <= target \
                or (max_seconds is not None and sol.seconds >= max_seconds):
            return sol
        check = max(check + 8, int(check * 1.25))
