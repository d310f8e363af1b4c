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
    return Console(emoji=False)  # codes like flush:A:s are not emoji names


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


# ---- play ------------------------------------------------------------------

def _configure_play(p: argparse.ArgumentParser) -> None:
    from .rules import preset_names

    p.add_argument("--preset", default="pagat", help="rules: " + ", ".join(preset_names()))
    p.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    p.add_argument("--bot", default="random", help="the bots' strategy (default random)")


@command("play", "play a game at the terminal against bots", _configure_play)
def _run_play(args: argparse.Namespace) -> int:
    import numpy as np

    from .bots import make_bot
    from .game import Game
    from .play import Quit, bots_for, play

    try:
        game = Game(args.preset, players=args.players, seed=args.seed)
        if not 0 <= args.seat < game.players:
            raise ValueError(f"--seat must be a seat of the table (0..{game.players - 1}), "
                             f"not {args.seat}")
        seeds = np.random.SeedSequence(args.seed).spawn(game.players)
        bots = bots_for(game, args.seat, lambda seat: make_bot(args.bot, seed=seeds[seat]))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    try:
        play(game, args.seat, bots, console=_console())
    except Quit as exc:
        _console().print(f"Game left unfinished: {exc}.")
        return 1
    return 0


# ---- odds ------------------------------------------------------------------

def _configure_odds(p: argparse.ArgumentParser) -> None:
    from .odds import DEFAULT_SAMPLES

    p.add_argument("--family", default="pagat",
                   help="call family: " + ", ".join(family_names()) + " (default pagat)")
    p.add_argument("--cards", type=int, default=10, metavar="N",
                   help="cards in the whole pool, known and unseen (default 10)")
    p.add_argument("--known", default="", metavar="CARDS",
                   help='cards known to be in the pool, e.g. "As Kd"')
    p.add_argument("--calls", action="extend", nargs="+", default=[], metavar="CALL",
                   help="calls (phrases or codes) to show; default: a summary per category")
    p.add_argument("--all", action="store_true", help="show every call of the ladder")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for the random draws of the exact-hand (holdem) calls")
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, metavar="N",
                   help=f"random draws when there are too many to check all "
                        f"(default {DEFAULT_SAMPLES})")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the chosen calls' probability against pool size, up to "
                        "--cards (needs matplotlib: pip install 'pokerbull[plot]')")


@command("odds", "how likely each call holds on a pool of partly unseen cards",
         _configure_odds)
def _run_odds(args: argparse.Namespace) -> int:
    from rich.table import Table

    from .odds import format_probability, odds, one_in

    try:
        lad = ladder(args.family)
        known = Pool.parse(args.known)
        chosen = [lad.parse(text) for text in args.calls]
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    if args.cards < len(known):
        raise UsageError(f"--cards {args.cards} is fewer than the {len(known)} known cards")
    figure = _figure_class() if args.plot else None
    if args.plot and not chosen:
        chosen = [[c for c in lad if c.category == cat][-1] for cat in lad.categories]
    rng = np.random.default_rng(args.seed)
    try:
        result = odds(lad, known, unseen=args.cards - len(known),
                      calls=chosen or None, samples=args.samples, seed=rng)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc

    console = _console()
    how = ("exact" if result.exact else
           f"exact-hand calls estimated from {result.samples} random draws"
           + (f" (seed {args.seed})" if args.seed is not None else "")
           + ", ± one standard error")
    known_text = f", known: [bold]{known}[/]" if known else ""
    console.print(f"[bold]{lad.name}[/]: {args.cards}-card pool{known_text}, "
                  f"{result.unseen} unseen; {how}")

    def chance(c) -> str:
        text = format_probability(result[c])
        if result.exact_calls[c.index]:
            return text
        if result[c] == 0:
            return f"0 (in {result.samples} draws)"
        return f"{text} ± {result.error(c):.4f}"

    if chosen or args.all:
        table = Table("call", "code", "probability", "one in")
        for c in chosen or lad:
            seen = result.exact_calls[c.index] or result[c] > 0
            table.add_row(str(c), c.code, chance(c), one_in(result[c]) if seen else "not seen")
        console.print(table)
    else:
        # one row per category: its most and least likely calls
        table = Table("most likely", "probability", "least likely", "probability")
        for category in lad.categories:
            calls = [c for c in lad if c.category == category]
            p = [result[c] for c in calls]
            row = []
            for k in (int(np.argmax(p)), int(np.argmin(p))):
                alike = p.count(p[k]) - 1   # calls of the category with the same chance
                row += [f"{calls[k]} (and {alike} alike)" if alike else str(calls[k]),
                        chance(calls[k])]
            table.add_row(*row)
        console.print(table)
        even = [c for c, p in result.items() if p >= 0.5]
        if even:
            console.print(f"highest call holding at least half the time: "
                          f"[bold]{even[-1]}[/] ({even[-1].code}), {chance(even[-1])}")
        else:
            console.print("no call holds at least half the time")

    if args.plot:
        _plot_odds(figure, args, lad, known, chosen, rng)
        console.print(f"plot written to {args.plot}")
    return 0


def _figure_class() -> type:
    """matplotlib's Figure (no pyplot: no global state, no display needed)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise UsageError("--plot needs matplotlib, an optional extra: "
                         "pip install 'pokerbull[plot]'") from exc
    return Figure


def _plot_odds(figure: type, args: argparse.Namespace, lad, known: Pool, calls: list,
               rng: np.random.Generator) -> None:
    """Probability of each chosen call against the size of the pool."""
    from .odds import odds

    sizes = np.arange(max(1, len(known)), args.cards + 1)
    chances = np.empty((len(calls), len(sizes)))
    errors = np.empty_like(chances)
    for k, size in enumerate(sizes):
        result = odds(lad, known, unseen=int(size) - len(known), calls=calls,
                      samples=args.samples, seed=rng)
        chances[:, k] = [result[c] for c in calls]
        errors[:, k] = [result.error(c) for c in calls]
    fig = figure(figsize=(8, 5), layout="constrained")
    ax = fig.add_subplot()
    for call, p, e in zip(calls, chances, errors):
        line, = ax.plot(sizes, p, marker=".", label=str(call))
        if e.any():
            ax.fill_between(sizes, p - 2 * e, p + 2 * e, color=line.get_color(), alpha=0.2)
    ax.set_xlabel("cards in the pool")
    ax.set_ylabel("probability that the call holds")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{lad.name}" + (f", known {known}" if known else "")
                 + (": shaded ± 2 standard errors of the estimates" if errors.any() else ""))
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    try:
        fig.savefig(args.plot)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot write the plot to {args.plot}: {exc}") from exc


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
