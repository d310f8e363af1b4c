"""Figures of docs/solve.md: ``python -m pokerbull.solve.figures [table|plot|bots]``.

``table`` prints the value and exploitability table, ``plot`` writes
docs/solve_convergence.png (exploitability against iterations and time),
``bots`` prints the built-in bots' exploitability on (1, 1) pagat.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pokerbull as pb

TABLE = [("pagat", (1, 1), k) for k in (4, 8, 12, 14, 16)] + \
        [("pagat", (1, 2), 12), ("pagat", (2, 1), 12), ("pagat", (2, 1), 14),
         ("pagat", (2, 2), 10), ("pagat-wild", (1, 1), 16), ("holdem", (1, 1), 16),
         ("holdem", (2, 1), 12), ("holdem", (2, 2), 10)]


def table() -> None:
    print("| family | hands | calls | public states | value (seat 0) | exploitability "
          "| iterations | seconds |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for family, hands, k in TABLE:
        sol = pb.solve(family, hands=hands, calls=k, target=1e-4)
        print(f"| {family} | {hands} | {k} | {sol.tree.n_nodes:,} | {sol.value:+.5f} | "
              f"{sol.exploitability:.1e} | {sol.iterations} | {sol.seconds:.2f} |", flush=True)


def plot(path: str = "docs/solve_convergence.png") -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for k in (8, 12, 16):
        for method, style in (("cfr+", "-"), ("dcfr", "--")):
            sol = pb.solve("pagat", hands=(1, 1), calls=k, target=1e-6, method=method)
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
        res = pb.exploitability(name, "pagat", hands=(1, 1))
        print(f"| {name} | {res.best_responses[0]:+.4f} | {res.best_responses[1]:+.4f} | "
              f"{res.exploitability:.4f} | {time.perf_counter() - start:.1f} |", flush=True)


if __name__ == "__main__":
    what = sys.argv[1:] or ["table", "plot", "bots"]
    for w in what:
        {"table": table, "plot": plot, "bots": bots}[w]()
