"""The ``pokerbull`` command line: one entry point, one subcommand per job.

Every subcommand has ``--help``; bad usage prints a readable error and exits 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import numpy as np

from . import __version__
from ._backend import backend
from .cards import Pool
from .ladder import family_names, ladder

COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                          Callable[[argparse.Namespace], int]]] = {}


def command(name: str, help_text: str, configure: Callable[[argparse.ArgumentParser], None]):
    """Register a subcommand: `configure` adds its arguments, the function runs it."""
    def wrap(run: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = (help_text, configure, run)
        return run
    return wrap


class UsageError(Exception):
    """Bad usage found after parsing (exit status 2)."""


def _console():
    from rich.console import Console
    return Console()


# ---- ladder ----------------------------------------------------------------

def _configure_ladder(p: argparse.ArgumentParser) -> None:
    p.add_argument("family", nargs="?", default="pagat",
                   help="call family: " + ", ".join(family_names()))
    p.add_argument("--pool", help='cards to check the calls against, e.g. "As Ad Kc"')
    p.add_argument("--deal", type=int, metavar="N",
                   help="deal a random pool of N cards to check the calls against")
    p.add_argument("--seed", type=int, default=None, help="seed for --deal")
    p.add_argument("--check", action="append", default=[], metavar="CALL",
                   help="a call (phrase or code) to check; may be repeated")
    p.add_argument("--all", action="store_true", help="list every call of the ladder")


@command("ladder", "show a family's ladder and check calls on a pool", _configure_ladder)
def _run_ladder(args: argparse.Namespace) -> int:
    from rich.table import Table

    try:
        lad = ladder(args.family)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    console = _console()
    console.print(f"[bold]{lad.name}[/]: {len(lad)} calls, {lad.n_levels} levels "
                  f"(backend: {backend()})")
    pool = None
    if args.pool is not None and args.deal is not None:
        raise UsageError("give --pool or --deal, not both")
    if args.pool is not None:
        try:
            pool = Pool.parse(args.pool)
            lad.truth(pool)  # rejects cards the family does not have
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    elif args.deal is not None:
        if not 0 <= args.deal <= 52:
            raise UsageError(f"--deal takes 0..52 cards, not {args.deal}")
        rng = np.random.default_rng(args.seed)
        bits = rng.choice(52, size=args.deal, replace=False)
        pool = Pool(sum(1 << int(16 * (b // 13) + b % 13) for b in bits))
    try:
        checks = [lad.parse(text) for text in args.check]
    except ValueError as exc:
        raise UsageError(str(exc)) from exc

    if args.all or pool is None and not checks:
        table = Table("index", "level", "code", "call")
        for c in lad:
            table.add_row(str(c.index), str(c.level), c.code, str(c))
        console.print(table)
    if pool is not None:
        console.print(f"pool ({len(pool)} cards): [bold]{pool}[/]")
        truth = lad.truth(pool)
        console.print(f"{int(truth.sum())} of {len(lad)} calls hold")
        top = lad.best(pool)
        if top is None:
            console.print("no call holds")
        else:
            console.print(f"highest call that holds: [bold green]{top}[/] ({top.code}), "
                          f"made by {lad.witness(top, pool)}")
        for c in checks:
            verdict = "[green]holds[/]" if truth[c.index] else "[red]does not hold[/]"
            console.print(f"  {c} ({c.code}): {verdict}")
    return 0


# ---- bench -------------------------------------------------------------------

def _configure_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cards", type=int, default=7, metavar="N",
                   help="cards in each hand (default 7; peers judge 5 to 7)")
    p.add_argument("--hands", type=int, default=1_000_000, metavar="N",
                   help="hands in the timed evaluate_many batch (default 1,000,000)")
    p.add_argument("--calls", type=int, default=20_000, metavar="N",
                   help="hands in each timed per-call loop (default 20,000)")
    p.add_argument("--repeat", type=int, default=3, metavar="N",
                   help="timed runs of each; the best counts (default 3)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random deals")
    p.add_argument("--peer", action="append", metavar="NAME", choices=("eval7", "phevaluator", "treys"),
                   help="compare only with these peers (default: every one installed)")


@command("bench", "time the hand evaluator beside eval7, phevaluator and treys", _configure_bench)
def _run_bench(args: argparse.Namespace) -> int:
    from .bench import PEERS, available_peers, measure, report

    if not 1 <= args.cards <= 52:
        raise UsageError(f"--cards takes 1..52, not {args.cards}")
    for flag, value in (("--hands", args.hands), ("--calls", args.calls), ("--repeat", args.repeat)):
        if value < 1:
            raise UsageError(f"{flag} must be at least 1, not {value}")
    peers = tuple(args.peer) if args.peer else PEERS
    figures = measure(args.cards, args.hands, args.calls, args.seed, args.repeat, peers)
    for line in report(figures, available_peers(peers)):
        print(line)
    return 0


# ---- entry point -------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokerbull", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"pokerbull {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (help_text, configure, _) in COMMANDS.items():
        configure(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command][2](args)
    except UsageError as exc:
        parser.exit(2, f"pokerbull {args.command}: error: {exc}\n")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
