"""Figures of docs/solve.md: ``python -m pokerbull.solve.figures [table|plot|bots|full|tournament]``.

``table`` prints the value and exploitability table, ``plot`` writes
docs/solve_convergence.png (exploitability against iterations and time),
``bots`` prints the built-in bots' exploitability on (1, 1) pagat, ``full``
the abstraction solves of whole games (every satisfiable call), ``tournament``
the equilibrium bot against the built-in bots at two-player pagat tables.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from . import _names as pb
from .bots import exploitability
from .solver import solve

# (family, hands, calls, family options)
TABLE: list[tuple[str, tuple[int, int], int, dict[str, Any]]] = \
        [("pagat", (1, 1), k, {}) for k in (4, 8, 12, 14, 16)] + \
        [("pagat", (1, 2), 12, {}), ("pagat", (2, 1), 12, {}), ("pagat", (2, 1), 14, {}),
         ("pagat", (2, 2), 10, {}), ("pagat-wild", (1, 1), 16, {}), ("holdem", (1, 1), 16, {}),
         ("holdem", (2, 1), 12, {}), ("holdem", (2, 2), 10, {})] + \
        [("cheung", (1, 1), k, {"jokers": j}) for j in (0, 2) for k in (8, 12, 16)] + \
        [("cheung", (2, 1), 12, {"jokers": 0}), ("cheung", (2, 2), 10, {"jokers": 0}),
         ("cheung", (2, 1), 10, {"jokers": 2})]


def _family(family: str, options: dict[str, Any]) -> str:
    return family + "".join(f" {k}={v}" for k, v in sorted(options.items()))


def table() -> None:
    print("| family | hands | calls | public states | value (seat 0) | exploitability "
          "| iterations | seconds | tables (MB) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for family, hands, k, options in TABLE:
        sol = solve(family, hands=hands, calls=k, target=1e-4, **options)
        print(f"| {_family(family, options)} | {hands} | {k} | {sol.tree.n_nodes:,} | "
              f"{sol.value:+.5f} | {sol.exploitability:.1e} | {sol.iterations} | "
              f"{sol.seconds:.2f} | {2 * 8 * sol.tree.size / 1e6:.1f} |", flush=True)


def plot(path: str = "docs/solve_convergence.png") -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for k in (8, 12, 16):
        for method, style in (("cfr+", "-"), ("dcfr", "--")):
            sol = solve("pagat", hands=(1, 1), calls=k, target=1e-6, method=method)
            its = [c.iterations for c in sol.history]
            secs = [c.seconds for c in sol.history]
            exp = [c.exploitability for c in sol.history]
            label = f"K={k} {method}"
            ax1.loglog(its, exp, style, label=label)
            ax2.loglog(secs, exp, style, label=label)
            print(f"{label}: {sol.iterations} iterations, {sol.seconds:.2f} s, "
                  f"exploitability {sol.exploitability:.2e}", flush=True)
    ax1.set_xlabel("iterations")
    ax2.set_xlabel("seconds")
    for ax in (ax1, ax2):
        ax.set_ylabel("exploitability (NashConv / 2)")
        ax.grid(True, which="both", alpha=0.3)
    ax1.legend(fontsize=7)
    fig.suptitle("pagat, hands (1, 1): exploitability of the average strategy")
    fig.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


def bots() -> None:
    print("| bot | seat 0's best response | seat 1's best response | exploitability | seconds |")
    print("|---|---:|---:|---:|---:|")
    for name in ("random", "probability", "evidence"):
        start = time.perf_counter()
        res = exploitability(name, "pagat", hands=(1, 1))
        print(f"| {name} | {res.best_responses[0]:+.4f} | {res.best_responses[1]:+.4f} | "
              f"{res.exploitability:.4f} | {time.perf_counter() - start:.1f} |", flush=True)


def full(which: str = "") -> None:
    """The whole games (every satisfiable call) on the last-calls abstraction; `which`
    picks rows whose family and hands contain it (e.g. ``"cheung"``, ``"(2, 1)"``)."""
    import resource

    from .abstract import solve_abstract
    print("| family | hands | calls | memory | iterations | solve s | best response s "
          "| exploitability | best response seat 0 | best response seat 1 "
          "| states measured | peak memory (MB) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for family, hands, memory, iterations, options, *limit in FULL:
        name = _family(family, options)
        if which not in f"{name} {hands}":
            continue
        opts = dict(options)
        calls = opts.pop("calls", None)
        sol = solve_abstract(family, hands, calls, memory=memory, iterations=iterations,
                             measure_limit=limit[0] if limit else MEASURE_LIMIT, **opts)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"| {name} | {hands} | {sol.game.calls} | {memory} | {sol.iterations} | "
              f"{sol.seconds:.1f} | {sol.measure_seconds:.1f} | {sol.exploitability:.1e} | "
              f"{sol.best_responses[0]:+.6f} | {sol.best_responses[1]:+.6f} | "
              f"{sol.measured:,} | {peak:.0f} |", flush=True)


MEASURE_LIMIT = 300_000_000
"""A full-game best response that needs more public states gives up (NaN)."""

# (family, hands, memory, iterations, options[, measure limit])
FULL: list[tuple[Any, ...]] = [
        ("pagat", (1, 1), 1, 400, {}), ("pagat", (1, 1), 2, 400, {}),
        ("holdem", (1, 1), 1, 200, {}), ("pagat-wild", (1, 1), 1, 1000, {}),
        ("pagat-wild", (1, 1), 3, 1000, {}),
        ("pagat", (2, 1), 2, 1500, {}), ("pagat", (1, 2), 2, 1000, {}),
        ("holdem", (2, 1), 2, 1000, {}), ("holdem", (1, 2), 2, 1000, {}),
        ("cheung", (1, 1), 2, 1000, {"jokers": 0}),
        ("cheung", (1, 1), 3, 600, {"jokers": 2, "calls": 24}),
        ("pagat", (2, 2), 1, 300, {}, 20_000_000), ("holdem", (2, 2), 1, 300, {})]


def head_to_head_22(iterations: int = 300) -> None:
    """The whole (2, 2) pagat hand on the last-call abstraction against the bots."""
    from .abstract import solve_abstract
    from .bots import head_to_head
    sol = solve_abstract("pagat", (2, 2), memory=1, iterations=iterations, measure_limit=1)
    for bot in ("evidence", "probability"):
        start = time.perf_counter()
        opening, answering = head_to_head(sol, bot)
        print(f"| {bot} | {opening:+.4f} | {answering:+.4f} | "
              f"{time.perf_counter() - start:.0f} s", flush=True)


def tournament(games: int = 1000) -> None:
    from .bots import EquilibriumBot
    result = pb.tournament("pagat", [EquilibriumBot(seed=1), "evidence", "probability", "random"],
                  games=games, players=2, seed=14)
    print(result.table())


if __name__ == "__main__":
    what = sys.argv[1:] or ["table", "plot", "bots", "full", "tournament"]
    if what[0] == "full" and len(what) == 2:
        full(what[1])
    else:
        for w in what:
            {"table": table, "plot": plot, "bots": bots, "full": full,
             "tournament": tournament}[w]()
