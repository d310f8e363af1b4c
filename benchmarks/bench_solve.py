"""Solver speed (issue 14), each figure beside a baseline timed in the same run.

Run:  python -m pytest benchmarks/bench_solve.py --benchmark-enable
      python benchmarks/bench_solve.py            # the same, as a printed table

Regimes (one core; the compiled loops are scalar C, no SIMD intrinsics):
- solve (1, 1) pagat, K = 12 and K = 16: ``pb.solve(..., target=1e-4)`` from
  scratch (game set-up, CFR+ iterations and every exploitability check).
- best response, K = 12: one exact best response of each seat to a solved
  strategy, compiled, against the same walk written here in Python/NumPy
  (vectorised over the hand classes): the baseline.
- full-game best response: the (1, 1) pagat game with all 26 calls
  (2^26 public states), an exact best response to the random bot in one seat,
  streamed depth first in the core (no table of states).
- abstraction iterations: CFR+ on the last-two-calls abstraction of the whole
  (2, 1) pagat hand (39 calls, 2^39 public states), on the graph of abstract
  states (``engine="graph"``) against the walk over every history
  (``engine="tree"``, the baseline), time per iteration.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.solve.bots import _BotPolicy, last_call_table
from pokerbull.solve.game import build_game, compiled


def numpy_best_response(sol: pb.Solution, seat: int) -> float:
    """The baseline: the same exact best response as a Python walk with NumPy vectors."""
    g, tree = sol.game, sol.tree
    pay = g.payoff if seat == 0 else g.payoff.transpose(0, 2, 1)
    avg, off = tree.average_arr, tree.off_arr

    def walk(n: int, depth: int, last: int, ropp: np.ndarray) -> np.ndarray:
        nr, na, ca = tree.actions_at(n)
        child = int(tree.child_arr[n])
        first = g.calls - nr
        if depth % 2 == seat:
            out = np.full(len(g.classes[seat]), -np.inf)
            for a in range(nr):
                np.maximum(out, walk(child + a, depth + 1, first + a, ropp), out=out)
            if last >= 0:
                np.maximum(out, -(pay[last] @ ropp), out=out)
            return out
        w = avg[off[n]:off[n] + na * ca].reshape(na, ca)
        tot = w.sum(axis=0)
        sig = np.where(tot > 0, w / np.where(tot > 0, tot, 1), 1.0 / na)
        out = np.zeros(len(g.classes[seat]))
        for a in range(na):
            r = ropp * sig[a]
            if not r.any():
                continue
            out += walk(child + a, depth + 1, first + a, r) if a < nr else pay[last] @ r
        return out

    return float(walk(0, 0, -1, np.ones(len(g.classes[1 - seat]))).sum())


def full_game_best_response(seat: int = 0) -> tuple[float, int]:
    g = build_game("pagat", (1, 1), None, {})
    policy = _BotPolicy(pb.make_bot("random"), g)
    table = last_call_table(g, lambda h, calls: policy(1 - seat, h, calls), 1 - seat,
                            set(g.kept))
    values, nodes = compiled().stream_best_response(g.first, g.payoff, g.chance, table, 1, seat)
    return float(values.sum()), nodes


@pytest.mark.parametrize("k", [12, 16])
def test_solve_time(benchmark, k):
    sol = benchmark.pedantic(pb.solve, args=("pagat",), kwargs={"hands": (1, 1), "calls": k},
                             rounds=1, iterations=1)
    assert sol.exploitability < 1e-3


def test_best_response_compiled(benchmark):
    sol = pb.solve("pagat", hands=(1, 1), calls=12)
    benchmark(sol.tree.best_response, 0)


def test_best_response_numpy_baseline(benchmark):
    sol = pb.solve("pagat", hands=(1, 1), calls=12)
    value = benchmark.pedantic(numpy_best_response, args=(sol, 0), rounds=1, iterations=1)
    assert value == pytest.approx(sol.best_responses[0])


def test_full_game_best_response(benchmark):
    value, nodes = benchmark.pedantic(full_game_best_response, rounds=1, iterations=1)
    assert nodes > 0.99 * 2 ** 26 and -1 <= value <= 1   # pruned only where the bot never goes


def abstraction_iterations(engine: str, iterations: int) -> float:
    """Seconds per CFR+ iteration on the memory-2 abstraction of the whole (2, 1) hand."""
    g = build_game("pagat", (2, 1), None, {})
    k = g.calls
    shapes = [((k + 1) ** 2, k + 1, len(g.classes[s])) for s in (0, 1)]
    regrets = [np.zeros(s) for s in shapes]
    averages = [np.zeros(s) for s in shapes]
    run = compiled().graph_solve if engine == "graph" else compiled().abstract_solve
    start = time.perf_counter()
    run(g.first, g.payoff, 2, iterations, regrets, averages)
    return (time.perf_counter() - start) / iterations


def test_abstraction_graph(benchmark):
    benchmark.pedantic(abstraction_iterations, args=("graph", 10), rounds=1, iterations=1)


def test_abstraction_tree_baseline(benchmark):
    benchmark.pedantic(abstraction_iterations, args=("tree", 4), rounds=1, iterations=1)


def _timed(fn, *args, **kwargs):
    start = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - start


def main() -> None:
    print("solver speed; one core; compiled path: scalar C (Cython), no SIMD intrinsics")
    for k in (12, 16):
        sol, secs = _timed(pb.solve, "pagat", hands=(1, 1), calls=k)
        print(f"solve pagat (1, 1) K={k}: {secs:.3f} s, {sol.iterations} iterations, "
              f"exploitability {sol.exploitability:.1e}, {sol.tree.n_nodes:,} public states")
    sol = pb.solve("pagat", hands=(1, 1), calls=12)
    reps = 20
    _, fast = _timed(lambda: [sol.tree.best_response(0) for _ in range(reps)])
    fast /= reps
    value, slow = _timed(numpy_best_response, sol, 0)
    assert abs(value - sol.best_responses[0]) < 1e-9
    print(f"best response K=12 one seat: compiled {fast * 1e3:.2f} ms, Python/NumPy baseline "
          f"{slow * 1e3:.1f} ms, ratio {slow / fast:.0f}x")
    (value, nodes), secs = _timed(full_game_best_response, 0)
    print(f"full-game best response (26 calls) to the random bot, seat 0: {secs:.1f} s, "
          f"{nodes:,} public states visited ({nodes / secs / 1e6:.2f} M/s), value {value:+.5f}")
    graph = abstraction_iterations("graph", 10)
    tree = abstraction_iterations("tree", 4)
    print(f"CFR+ iteration, memory-2 abstraction of pagat (2, 1), 39 calls: graph "
          f"{graph * 1e3:.1f} ms, tree walk baseline {tree * 1e3:.0f} ms, ratio {tree / graph:.0f}x")


if __name__ == "__main__":
    sys.exit(main())
