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

from . import _names as pb
from .bots import exploitability
from .solver import solve

TABLE = [("pagat", (1, 1), k) for k in (4, 8, 12, 14, 16)] + \
        [("pagat", (1, 2), 12), ("pagat", (2, 1), 12), ("pagat", (2, 1), 14),
         ("pagat", (2, 2), 10), ("pagat-wild", (1, 1), 16), ("holdem", (1, 1), 16),
         ("holdem", (2, 1), 12), ("holdem", (2, 2), 10)]


def table() -> None:
    print("| family | hands | calls | public states | value (seat 0) | exploitability "
          "| iterations | seconds | tables (MB) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for family, hands, k in TABLE:
        sol = solve(family, hands=hands, calls=k, target=1e-4)
        print(f"| {family} | {hands} | {k} | {sol.tree.n_nodes:,} | {sol.value:+.5f} | "
              f"{sol.exploitability:.1e} | {sol.iterations} | {sol.seconds:.2f} | "
              f"{2 * 8 * sol.tree.size / 1e6:.1f} |", flush=True)


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


def full() -> None:
    from .abstract import solve_abstract
    print("| family | hands | calls | memory | iterations | seconds | exploitability "
          "| best response seat 0 | best response seat 1 | public states visited |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for family, hands, memory, iterations, seconds in FULL:
        sol = solve_abstract(family, hands, memory=memory, iterations=iterations,
                             max_seconds=seconds)
        print(f"| {family} | {hands} | {sol.game.calls} | {memory} | {sol.iterations} | "
              f"{sol.seconds:.2f} | {sol.exploitability:.1e} | {sol.best_responses[0]:+.6f} | "
              f"{sol.best_responses[1]:+.6f} | {sol.visited:,} |", flush=True)


FULL = [("pagat", (1, 1), 1, 400, None), ("pagat", (1, 1), 2, 400, None),
        ("holdem", (1, 1), 1, 200, 240), ("pagat-wild", (1, 1), 1, 200, 240),
        ("pagat", (2, 1), 1, 200, 240), ("pagat", (1, 2), 1, 200, 240)]


def tournament(games: int = 1000) -> None:
    from .bots import EquilibriumBot
    result = pb.tournament("pagat", [EquilibriumBot(seed=1), "evidence", "probability", "random"],
                  games=games, players=2, seed=14)
    print(result.table())


if __name__ == "__main__":
    what = sys.argv[1:] or ["table", "plot", "bots", "full", "tournament"]
    for w in what:
        {"table": table, "plot": plot, "bots": bots, "full": full,
         "tournament": tournament}[w]()
