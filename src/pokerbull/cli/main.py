"""The ``pokerbull`` command line: one entry point, one subcommand per job.

Every subcommand has ``--help``; bad usage prints a readable error and exits 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import numpy as np

from .. import __version__
from ..core.backend import backend
from ..cards import Pool
from ..calls.ladder import family_names, ladder

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
    from ..bull.rules import preset_names

    p.add_argument("--preset", default="pagat", help="rules: " + ", ".join(preset_names()))
    p.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    p.add_argument("--bot", default="random",
                   help="the bots: random, probability or evidence (default random)")


@command("play", "play a game at the terminal against bots", _configure_play)
def _run_play(args: argparse.Namespace) -> int:
    import numpy as np

    from ..bull.bots import make_bot
    from ..bull.game import Game
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
    from ..calls.odds import DEFAULT_SAMPLES

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

    from ..calls.odds import format_probability, odds, one_in

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
    from ..calls.odds import odds

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


# ---- simulate and tournament -------------------------------------------------

def parse_bot(text: str) -> tuple[str, dict]:
    """A bot from the command line: ``name`` or ``name:key=value,key=value``.

    >>> parse_bot("evidence:credit=1,doubt_caller=true")
    ('evidence', {'credit': 1, 'doubt_caller': True})
    """
    name, _, rest = text.partition(":")
    params: dict = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"bot {text!r}: parameters are key=value, not {item!r}")
        params[key.strip()] = _value(value.strip())
    return name.strip(), params


def _value(text: str):
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _add_table_options(p: argparse.ArgumentParser, games: int) -> None:
    from ..bull.rules import preset_names
    from ..bull.simulate import DEFAULT_BOTS

    p.add_argument("--preset", default="pagat",
                   help="rules preset: " + ", ".join(preset_names()) + " (default pagat)")
    p.add_argument("--players", type=int, default=None,
                   help="players at the table; the bots repeat round it (simulate default: "
                        "one per bot; tournament default: 6)")
    p.add_argument("--games", type=int, default=games, help=f"games to play (default {games:,})")
    p.add_argument("--bots", nargs="+", default=list(DEFAULT_BOTS), metavar="BOT",
                   help="built-in bots: random, probability, evidence, each optionally "
                        "with parameters, e.g. evidence:credit=1 (default: "
                        + " ".join(DEFAULT_BOTS) + ")")
    p.add_argument("--seed", type=int, default=None, help="seed: the same seed gives the same "
                                                          "results for any --workers")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster (pip install 'pokerbull[dask]'); "
                        "'local' starts one on this machine")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option, e.g. start_cards=2 (may be repeated)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _configure_simulate(p: argparse.ArgumentParser) -> None:
    _add_table_options(p, 10_000)
    p.add_argument("--engine", choices=("auto", "compiled", "python"), default="auto",
                   help="auto: compiled when every bot is built in (default)")


def _configure_tournament(p: argparse.ArgumentParser) -> None:
    _add_table_options(p, 4_000)


def _table_args(args: argparse.Namespace) -> tuple[list, dict]:
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must not be negative, not {args.seed}")
    bots = [parse_bot(text) for text in args.bots]
    options = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = _value(value.strip())
    return bots, options


class _Executor:
    """The executor --dask asks for (a context manager; nothing without --dask)."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.client = self.cluster = None

    def __enter__(self):
        if self.address is None:
            return None
        try:
            from distributed import Client, LocalCluster
        except ImportError as exc:
            raise UsageError("--dask needs the optional extra: pip install 'pokerbull[dask]'") \
                from exc
        if self.address == "local":
            self.cluster = LocalCluster(processes=True, dashboard_address=None)
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(self.address, timeout="10s")
            except OSError as exc:
                raise UsageError(f"cannot reach the Dask scheduler at {self.address}: {exc}") \
                    from exc
        return self.client.get_executor()

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _progress(args: argparse.Namespace, total: int, what: str):
    """A rich progress bar on stderr (or nothing), and the callback that advances it."""
    from contextlib import nullcontext

    if args.no_progress:
        return nullcontext(), None
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task(what, total=total)
    return bar, lambda games: bar.advance(task, games)


def _write_json(path: str | None, text: str) -> None:
    if path is None:
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc}") from exc


def _rate(rate: float, lo: float, hi: float) -> tuple[str, str]:
    return f"{rate:.2%}", f"{lo:.2%} - {hi:.2%}"


@command("simulate", "play many games between bots and summarise them", _configure_simulate)
def _run_simulate(args: argparse.Namespace) -> int:
    import time

    from rich.table import Table

    from ..sim import simulate

    bots, options = _table_args(args)
    players = args.players
    if players is not None and players < 2:
        raise UsageError(f"--players must be at least 2, not {players}")
    if players is not None:
        bots = [bots[s % len(bots)] for s in range(players)]   # the lineup repeats round the table
    elif len(bots) < 2:
        raise UsageError("give --players with a single bot")
    bar, advance = _progress(args, args.games, "simulating")
    start = time.perf_counter()
    try:
        with _Executor(args.dask) as executor, bar:
            result = simulate(args.preset, bots=bots, games=args.games, seed=args.seed,
                              workers=args.workers, executor=executor, engine=args.engine,
                              progress=advance, **options)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    elapsed = time.perf_counter() - start
    console = _console()
    r = result.rules
    console.print(f"[bold]{r.preset_name}[/]: {r.players} players, {result.games:,} games in "
                  f"{elapsed:.1f} s ({result.games / elapsed:,.0f} games/s, {result.engine} "
                  f"engine, {args.workers} worker{'s' * (args.workers > 1)}); seed {result.seed}")
    table = Table("bot", "seats", "wins", "win rate", "95% interval", "fair share",
                  title="wins per bot")
    for row in result.bot_rates():
        table.add_row(row["bot"], str(row["seats"]), f"{row['wins']:,}",
                      *_rate(row["rate"], row["low"], row["high"]), f"{row['fair_share']:.2%}")
    console.print(table)
    table = Table("seat", "bot", "wins", "win rate", "95% interval", title="wins per seat")
    for row in result.seat_rates():
        table.add_row(str(row["seat"]), row["bot"], f"{row['wins']:,}",
                      *_rate(row["rate"], row["low"], row["high"]))
    console.print(table)
    mean, sd = result.hands_per_game
    caught = _rate(*result.challenge_success)
    console.print(f"hands per game: {mean:.2f} (sd {sd:.2f});  calls per hand: "
                  f"{result.calls_per_hand:.2f};  challenges that caught a false call: "
                  f"{caught[0]} ({caught[1]})")
    table = Table("last call", "share of hands", "held when challenged",
                  title="the challenged call's category")
    for row in result.last_calls():
        held = "-" if row["count"] == 0 else f"{row['held']:.2%}"
        table.add_row(row["category"], f"{row['frequency']:.2%}", held)
    console.print(table)
    _write_json(args.json, result.to_json())
    if args.json:
        console.print(f"results written to {args.json}")
    return 0


@command("tournament", "round-robin matches between bots, ranked by win rate",
         _configure_tournament)
def _run_tournament(args: argparse.Namespace) -> int:
    from rich.table import Table

    from ..sim.tournament import tournament

    bots, options = _table_args(args)
    players = 6 if args.players is None else args.players
    if players < 2:
        raise UsageError(f"--players must be at least 2, not {players}")
    matches = len(bots) * (len(bots) - 1) // 2
    bar, advance = _progress(args, args.games * matches, "tournament")
    try:
        with _Executor(args.dask) as executor, bar:
            result = tournament(args.preset, bots, games=args.games, players=players,
                                seed=args.seed, workers=args.workers, executor=executor,
                                progress=advance, **options)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    console = _console()
    console.print(f"[bold]{result.preset}[/]: round robin of {len(result.bots)} bots, "
                  f"{args.games:,} games a match at tables of {players} (seats alternate); "
                  f"seed {result.seed}")
    table = Table("rank", "bot", "games", "win rate", "95% interval", title="ranking")
    for k, row in enumerate(result.ranking(), 1):
        table.add_row(str(k), row["bot"], f"{row['games']:,}",
                      *_rate(row["rate"], row["low"], row["high"]))
    console.print(table)
    table = Table("bot", "against", "games", "win rate", "95% interval", title="matches")
    for m in result.matches:
        table.add_row(m.first, m.second, f"{m.games:,}", *_rate(*m.rate))
    console.print(table)
    _write_json(args.json, result.to_json())
    if args.json:
        console.print(f"results written to {args.json}")
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
