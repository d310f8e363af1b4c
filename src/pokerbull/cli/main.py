"""pokerbull: play, simulate and study Poker Bull and its family of bluffing card games.

Every subcommand has --help. Bad usage prints a readable error and exits with
status 2; Ctrl-C leaves with status 130.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
from collections.abc import Callable, Sequence

import numpy as np

from .. import __version__
from ..core.backend import backend
from ..cards import Pool
from ..calls.ladder import family_names, ladder

COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None],
                          Callable[[argparse.Namespace], int]]] = {}

EXAMPLES = """examples:
  pokerbull play --preset holdem --players 3 --bot evidence
  pokerbull simulate --bots random probability evidence --games 100000 --seed 1
  pokerbull tournament --preset pagat-wild --games 2000 --json results.json
  pokerbull odds --family holdem --known "As Ad" --cards 12
  pokerbull ladder holdem --pool "As Ad Kc Kd 7h" --all
  pokerbull bench --cards 7"""


def command(name: str, help_text: str, configure: Callable[[argparse.ArgumentParser], None]):
    """Register a subcommand: `configure` adds its arguments, the function runs it."""
    def wrap(run: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = (help_text, configure, run)
        return run
    return wrap


class UsageError(Exception):
    """Bad usage found after parsing (exit status 2)."""


def _console(stderr: bool = False):
    """Rich output; on a terminal it fits the window, elsewhere (a pipe, a file)
    lines are never wrapped."""
    from rich.console import Console
    console = Console(emoji=False, highlight=False, stderr=stderr)  # flush:A:s is no emoji
    if not console.is_terminal:
        console = Console(emoji=False, highlight=False, stderr=stderr, soft_wrap=True,
                          width=max(console.width, 200))
    return console


def seed_number(text: str) -> int:
    """An argparse type: a seed is a whole number 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed must not be negative, not {value}")
    return value


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


# ---- ladder ----------------------------------------------------------------

# ---- cheung family options and variations as flags --------------------------------

def _add_family_flags(p: argparse.ArgumentParser, game: bool = False) -> None:
    g = p.add_argument_group("cheung options")
    g.add_argument("--jokers", type=int, default=None, help="jokers in the deck: 0, 1 or 2")
    g.add_argument("--suit-order", default=None, help="shcd (default) or shdc")
    g.add_argument("--joker-order", default=None, help="natural (default) or wild")
    g.add_argument("--royal-over-five", default=None, help="no (default), natural or any")
    if game:
        g.add_argument("--or-higher", action="store_true", default=None,
                       help="variation 4: the challenger also loses when a higher call holds")
        g.add_argument("--jokers-leave-at", type=int, default=None, metavar="N",
                       help="variation 5a: jokers leave once the cards in play fall to N")
        g.add_argument("--recharge-at", type=int, default=None, metavar="N",
                       help="variation 5b: one more card each, once, at N cards in play")


def _family_options(args: argparse.Namespace) -> dict:
    names = ("jokers", "suit_order", "joker_order", "royal_over_five", "or_higher",
             "jokers_leave_at", "recharge_at")
    return {k: getattr(args, k) for k in names if getattr(args, k, None) is not None}


def _configure_ladder(p: argparse.ArgumentParser) -> None:
    p.add_argument("family", nargs="?", default="pagat",
                   help="call family: " + ", ".join(family_names()) + " (default pagat)")
    p.add_argument("--family", dest="family_flag", default=None,
                   help="call family (the same as the first argument)")
    _add_family_flags(p)
    p.add_argument("--pool", help='cards to check the calls against, e.g. "As Ad Kc"')
    p.add_argument("--deal", type=int, metavar="N",
                   help="deal a random pool of N cards to check the calls against")
    p.add_argument("--seed", type=seed_number, default=None, help="seed for --deal")
    p.add_argument("--check", action="append", default=[], metavar="CALL",
                   help="a call (phrase or code) to check; may be repeated")
    p.add_argument("--all", action="store_true",
                   help="list every call of the ladder (with --pool: and whether it holds)")


@command("ladder", "show a family's ladder and check calls on a pool", _configure_ladder)
def _run_ladder(args: argparse.Namespace) -> int:
    from rich.table import Table

    try:
        lad = ladder(args.family_flag or args.family, **_family_options(args))
    except (TypeError, ValueError) as exc:
        raise UsageError(str(exc)) from exc
    pool = None
    if args.pool is not None and args.deal is not None:
        raise UsageError("give --pool or --deal, not both")
    deck = lad.allowed_mask.bit_count()
    if args.pool is not None:
        try:
            pool = Pool.parse(args.pool)
            lad.truth(pool)  # rejects cards the family does not have
        except ValueError as exc:
            raise UsageError(f"--pool: {exc}") from exc
    elif args.deal is not None:
        if not 0 <= args.deal <= deck:
            raise UsageError(f"--deal takes 0..{deck} cards (the {lad.name} deck), "
                             f"not {args.deal}")
        rng = np.random.default_rng(args.seed)
        cards = [b for b in range(64) if (lad.allowed_mask >> b) & 1]
        pool = Pool(sum(1 << int(b) for b in rng.choice(cards, size=args.deal, replace=False)))
    checks = []
    for text in args.check:    # every --check is read before anything is printed
        try:
            checks.append(lad.parse(text))
        except ValueError as exc:
            raise UsageError(f"--check: {exc}") from exc

    console = _console()
    console.print(f"[bold]{lad.name}[/]: {len(lad)} calls, {lad.n_levels} levels "
                  f"(backend: {backend()})")
    truth = lad.truth(pool) if pool is not None else None
    if args.all:
        columns = ["index", "level", "code", "call"] + (["holds"] if truth is not None else [])
        table = Table(*columns)
        for c in lad:
            row = [str(c.index), str(c.level), c.code, str(c)]
            if truth is not None:
                row.append("[green]yes[/]" if truth[c.index] else "no")
            table.add_row(*row)
        console.print(table)
    elif pool is None and not checks:
        table = Table("category", "calls", "lowest", "highest",
                      caption="pokerbull ladder --all lists every call")
        for category in lad.categories:
            calls = [c for c in lad if c.category == category]
            table.add_row(category, str(len(calls)), f"{calls[0]} ({calls[0].code})",
                          f"{calls[-1]} ({calls[-1].code})")
        console.print(table)
    if pool is not None:
        console.print(f"pool ({_plural(len(pool), 'card')}): [bold]{pool}[/]")
        console.print(f"{int(truth.sum())} of {len(lad)} calls hold")
        top = lad.best(pool)
        if top is None:
            console.print("no call holds")
        else:
            console.print(f"highest call that holds: [bold green]{top}[/] ({top.code}), "
                          f"made by {lad.witness(top, pool)}")
    for c in checks:
        if truth is None:
            console.print(f"  {c} ({c.code}): call {c.index} of the ladder, level {c.level}")
        else:
            verdict = "[green]holds[/]" if truth[c.index] else "[red]does not hold[/]"
            console.print(f"  {c} ({c.code}): {verdict}")
    return 0


# ---- play ------------------------------------------------------------------

def _game_option(p: argparse.ArgumentParser) -> None:
    from ..protocol import DEFAULT_WING, wing_names

    p.add_argument("--game", default=DEFAULT_WING,
                   help="game of the family: " + ", ".join(wing_names())
                        + f" (default {DEFAULT_WING}: Poker Bull)")


def _bots_of_every_game() -> str:
    from ..protocol import wing, wing_names

    return "; ".join(f"{wing(name).title}: {', '.join(wing(name).bots)}" for name in wing_names())


def _configure_play(p: argparse.ArgumentParser) -> None:
    from ..bull.rules import preset_names

    _game_option(p)
    p.add_argument("--preset", default=None,
                   help="Poker Bull rules: " + ", ".join(preset_names()) + " (default pagat)")
    p.add_argument("--players", type=int, default=None,
                   help="seats at the table (default: the game's own; Poker Bull 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=seed_number, default=None, help="seed for the deals and the bots")
    p.add_argument("--bot", action="append", default=[], metavar="BOT",
                   help="the bots' kind, with parameters if you like (e.g. evidence:credit=1); "
                        "repeat it to seat different bots in turn (default: the game's first "
                        "bot; Poker Bull: random). " + _bots_of_every_game())
    _option_argument(p)
    _add_family_flags(p, game=True)


def _option_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option, e.g. start_cards=2 (may be repeated)")


def _default_bots(game, options: dict) -> tuple[str, ...]:
    """The lineup when none is given: the game's own (Cheung's preset has its own bots)."""
    if game.name == "bull":
        from ..bull.simulate import default_lineup
        return default_lineup(options.get("preset", "pagat"))
    return game.default_bots


def _wing_and_options(args: argparse.Namespace):
    """The wing of --game and the keywords its games take (--preset, --option)."""
    from ..protocol import wing

    try:
        game = wing(args.game)
    except ValueError as exc:
        raise UsageError(f"--game: {exc}") from exc
    options = _options(args.option)
    if args.preset is not None:
        if game.name != "bull":
            raise UsageError(f"--preset chooses Poker Bull rules; {game.title} takes --option")
        options["preset"] = args.preset
    return game, options


@command("play", "play a game at the terminal against bots", _configure_play)
def _run_play(args: argparse.Namespace) -> int:
    from .play import CHALLENGE_WORDS, Quit, agents_for, bull_suggestion, play

    game, options = _wing_and_options(args)
    options.update(_family_options(args))
    bots = [_checked_bot(game, *parse_bot(text)) for text in args.bot] or \
        [(_default_bots(game, options)[0], {})]
    if args.players is not None:
        options["players"] = args.players
    try:
        state = game.new_game(seed=args.seed, **options)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from exc
    players = state.num_players
    if not 0 <= args.seat < players:
        raise UsageError(f"--seat must be a seat of the table (0..{players - 1}), "
                         f"not {args.seat}")
    seeds = np.random.SeedSequence(args.seed).spawn(players + 1)
    others = [s for s in range(players) if s != args.seat]

    def make(seat: int):
        name, params = bots[others.index(seat) % len(bots)]
        return game.bots[name](seed=seeds[seat], **params)
    try:
        agents = agents_for(players, args.seat, make)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from exc
    console = _console()
    console.print(f"[bold]{game.title}[/], {players} players; you are seat {args.seat}.")
    try:
        play(state, args.seat, agents, console=console, rng=np.random.default_rng(seeds[-1]),
             challenge_words=CHALLENGE_WORDS if game.name == "bull" else (),
             suggest=bull_suggestion if game.name == "bull" else None)
    except Quit as exc:
        console.print(f"Game left unfinished: {exc}.")
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
    p.add_argument("--seed", type=seed_number, default=None,
                   help="seed for the random draws of the exact-hand (holdem) calls")
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, metavar="N",
                   help=f"random draws when there are too many to check all "
                        f"(default {DEFAULT_SAMPLES})")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the chosen calls' probability against pool size, up to "
                        "--cards (needs matplotlib: pip install 'pokerbull[plot]')")
    p.add_argument("--log", action="store_true",
                   help="with --plot: a logarithmic probability axis (rare calls apart)")
    _add_family_flags(p)


@command("odds", "how likely each call holds on a pool of partly unseen cards",
         _configure_odds)
def _run_odds(args: argparse.Namespace) -> int:
    from rich.table import Table

    from ..calls.odds import format_probability, odds, one_in

    try:
        lad = ladder(args.family, **_family_options(args))
        known = Pool.parse(args.known)
        chosen = [lad.parse(text) for text in args.calls]
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    deck = lad.allowed_mask.bit_count()
    if not len(known) <= args.cards <= deck:
        raise UsageError(f"--cards takes {len(known)}..{deck} cards (the known cards up to the "
                         f"whole {lad.name} deck), not {args.cards}")
    figure = _figure_class() if args.plot else None
    _check_output_path("--plot", args.plot)
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
        table = Table("category", "most likely", "probability", "least likely", "probability")
        for category in lad.categories:
            calls = [c for c in lad if c.category == category]
            p = [result[c] for c in calls]
            hi, lo = int(np.argmax(p)), int(np.argmin(p))
            if p[hi] == p[lo]:          # every call of the category alike
                table.add_row(category, f"each of the {len(calls)} alike", chance(calls[hi]),
                              "", "")
                continue
            row = [category]
            for k in (hi, lo):
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
    from matplotlib.ticker import MaxNLocator

    fig = figure(figsize=(8, 5), layout="constrained")
    ax = fig.add_subplot()
    for call, p, e in zip(calls, chances, errors):
        shown = np.where(p > 0, p, np.nan) if args.log else p   # log axis: zeros left out
        line, = ax.plot(sizes, shown, marker=".", label=str(call))
        if e.any():
            ax.fill_between(sizes, np.clip(p - 2 * e, 1e-12 if args.log else 0, 1),
                            np.clip(p + 2 * e, 0, 1), color=line.get_color(), alpha=0.2)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))   # whole cards
    ax.set_xlabel("cards in the pool (known and unseen)")
    ax.set_ylabel("probability that the call holds" + (" (log scale)" if args.log else ""))
    if args.log:
        ax.set_yscale("log")
    else:
        ax.set_ylim(-0.02, 1.02)
    method = ("estimated from random draws, shaded ± 2 standard errors" if errors.any()
              else "counted exactly")
    ax.set_title(f"Call family {lad.name}: " + (f"known cards {known}" if known else
                                                 "no card known")
                 + f"; {method}", fontsize="medium")
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


def _options(items: Sequence[str]) -> dict:
    options = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = _value(value.strip())
    return options


def _bot_parameters(factory: Callable) -> list[str] | None:
    """The keywords a bot factory takes (None when it takes any)."""
    from functools import partial

    target = factory
    if isinstance(factory, partial) and factory.args:
        from ..bull.bots import BUILT_IN    # Poker Bull's make_bot(name, ...)
        target = BUILT_IN.get(factory.args[0], factory.func)
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    return [n for n in signature.parameters if n not in ("self", "seed")]


def _checked_bot(game, name: str, params: dict) -> tuple[str, dict]:
    """A bot of the game by name, its parameters named right (else a UsageError saying so)."""
    if name not in game.bots:
        raise UsageError(f"unknown {game.title} bot {name!r}: the bots are "
                         f"{', '.join(game.bots)}")
    known = _bot_parameters(game.bots[name])
    if known is not None:
        for key in params:
            if key not in known:
                raise UsageError(f"{game.title} bot {name!r} has no parameter {key!r}: its "
                                 f"parameters are {', '.join(known) or 'none'}")
    try:
        game.bots[name](seed=0, **params)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"bot {name!r}: {exc}") from None
    return name, params


def _add_table_options(p: argparse.ArgumentParser, games: int, players_help: str) -> None:
    from ..bull.rules import preset_names
    from ..bull.simulate import DEFAULT_BOTS

    _game_option(p)
    p.add_argument("--preset", default=None,
                   help="Poker Bull rules: " + ", ".join(preset_names()) + " (default pagat)")
    p.add_argument("--players", type=int, default=None, help=players_help)
    p.add_argument("--games", type=int, default=games, help=f"games to play (default {games:,})")
    p.add_argument("--bots", nargs="+", default=None, metavar="BOT",
                   help="built-in bots, each optionally with parameters, e.g. "
                        "evidence:credit=1 (default for Poker Bull: " + " ".join(DEFAULT_BOTS)
                        + "); " + _bots_of_every_game())
    p.add_argument("--seed", type=seed_number, default=None, help="seed: the same seed gives the same "
                                                          "results for any --workers")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes on this machine (default 1: this process)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster (pip install 'pokerbull[dask]'); "
                        "'local' starts one on this machine")
    _option_argument(p)
    p.add_argument("--json", metavar="FILE",
                   help="also write the results as JSON to FILE ('-': only the JSON, "
                        "to standard output)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_family_flags(p, game=True)


def _configure_simulate(p: argparse.ArgumentParser) -> None:
    _add_table_options(p, 10_000, "players at the table; the bots repeat round it "
                                  "(default: one seat per bot)")
    p.add_argument("--engine", choices=("auto", "compiled", "python"), default="auto",
                   help="auto: compiled when every bot is built in (default)")


def _configure_tournament(p: argparse.ArgumentParser) -> None:
    _add_table_options(p, 4_000, "players at each table; the two bots of a match take "
                                 "alternate seats (default 6)")


def _table_args(args: argparse.Namespace):
    """The wing, its bots as (name, params) and the game's options, all checked."""
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.players is not None and args.players < 2:
        raise UsageError(f"--players must be at least 2, not {args.players}")
    if args.dask is not None and args.workers > 1:
        raise UsageError("--workers counts processes on this machine; with --dask the "
                         "cluster's workers play, so give one or the other")
    game, options = _wing_and_options(args)
    options.update(_family_options(args))
    texts = args.bots if args.bots is not None else list(_default_bots(game, options))
    if args.command == "tournament" and args.bots is None:
        texts = list(dict.fromkeys(texts))     # a default lineup may seat a bot twice
    bots = [_checked_bot(game, *parse_bot(text)) for text in texts]
    _check_output_path("--json", args.json)
    return game, bots, options


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

    def where(self, workers: int) -> str:
        """Where the games ran, in words."""
        if self.client is None:
            return ("in this process" if workers == 1 else
                    f"in {workers} worker processes on this machine")
        n = len(self.client.scheduler_info().get("workers", {}))
        place = "a local Dask cluster" if self.cluster is not None else \
            f"the Dask cluster at {self.address}"
        return f"on {place} of {_plural(n, 'worker')}"

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


def _check_output_path(flag: str, path: str | None) -> None:
    """Refuse an unwritable output FILE before any work is done."""
    if path is None or path == "-":
        return
    if os.path.isdir(path):
        raise UsageError(f"{flag} {path}: is a directory, not a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{flag} {path}: no folder {folder}")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise UsageError(f"{flag} {path}: not allowed to write there")


def _write_json(path: str | None, text: str, console) -> None:
    if path is None:
        return
    if path == "-":
        sys.stdout.write(text + "\n")
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc}") from exc
    console.print(f"results written to {path}")


def _rate(rate: float, lo: float, hi: float) -> tuple[str, str]:
    return f"{rate:.2%}", f"{lo:.2%} - {hi:.2%}"


def _lineup(bots: list, players: int | None) -> list:
    """One bot per seat: the bots repeat round a table of `players`."""
    if players is not None:
        return [bots[s % len(bots)] for s in range(players)]
    if len(bots) < 2:
        raise UsageError(f"one bot ({bots[0][0]}) for a table: give --players to seat it "
                         f"at every seat, or name a bot per seat")
    return bots


@command("simulate", "play many games between bots and summarise them", _configure_simulate)
def _run_simulate(args: argparse.Namespace) -> int:
    import time

    from rich.table import Table

    from ..sim import simulate

    game, bots, options = _table_args(args)
    lineup = _lineup(bots, args.players)
    console = _console(stderr=args.json == "-")
    bar, advance = _progress(args, args.games, "simulating")
    start = time.perf_counter()
    executor = _Executor(args.dask)
    try:
        with executor as pool, bar:
            if game.name == "bull":
                result = simulate(options.pop("preset", "pagat"), bots=lineup, games=args.games,
                                  seed=args.seed, workers=args.workers, executor=pool,
                                  engine=args.engine, progress=advance, **options)
            else:
                result = simulate(game.name, bots=lineup, games=args.games, seed=args.seed,
                                  workers=args.workers, executor=pool, engine=args.engine,
                                  progress=advance, **options)
            where = executor.where(args.workers)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    elapsed = time.perf_counter() - start
    if game.name != "bull":
        console.print(f"[bold]{game.title}[/]: {result.players} players, {result.games:,} games "
                      f"in {elapsed:.1f} s ({result.games / elapsed:,.0f} games/s), "
                      f"{result.engine} engine {where}; seed {result.seed}")
        table = Table("seat", "bot", "wins", "win rate", "95% interval", "mean return",
                      title="per seat")
        for seat in range(result.players):
            rate = result.win_rate(seat)
            table.add_row(str(seat), result.bots[seat], f"{int(result.seat_wins[seat]):,}",
                          *_rate(*rate), f"{float(result.mean_returns[seat]):+.4f}")
        console.print(table)
        _write_json(args.json, result.to_json(), console)
        return 0
    r = result.rules
    console.print(f"[bold]{r.preset_name}[/]: {r.players} players, {result.games:,} games in "
                  f"{elapsed:.1f} s ({result.games / elapsed:,.0f} games/s), "
                  f"{result.engine} engine {where}; seed {result.seed}")
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
    _write_json(args.json, result.to_json(), console)
    return 0


@command("tournament", "round-robin matches between bots, ranked by win rate",
         _configure_tournament)
def _run_tournament(args: argparse.Namespace) -> int:
    from rich.table import Table

    from ..sim.tournament import tournament

    game, bots, options = _table_args(args)
    players = 6 if args.players is None else args.players
    if len(bots) < 2:
        raise UsageError(f"a tournament needs at least two bots, not only {bots[0][0]}")
    if args.games < 2:
        raise UsageError(f"--games must be at least 2 in a tournament (each match is played "
                         f"from both sides), not {args.games}")
    matches = len(bots) * (len(bots) - 1) // 2
    name = options.pop("preset", "pagat") if game.name == "bull" else game.name
    console = _console(stderr=args.json == "-")
    bar, advance = _progress(args, args.games * matches, "tournament")
    executor = _Executor(args.dask)
    try:
        with executor as pool, bar:
            result = tournament(name, bots, games=args.games, players=players,
                                seed=args.seed, workers=args.workers, executor=pool,
                                progress=advance, **options)
            where = executor.where(args.workers)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    console.print(f"[bold]{result.preset}[/]: round robin of {len(result.bots)} bots, "
                  f"{args.games:,} games a match at tables of {players} (seats alternate), "
                  f"played {where}; seed {result.seed}")
    chips = result.in_chips        # games scored in chips rank by mean return
    table = Table("rank", "bot", "games", "win rate", "95% interval",
                  *(["mean return a game"] if chips else []),
                  title="ranking" + (" by mean return" if chips else " by win rate"))
    for k, row in enumerate(result.ranking(), 1):
        table.add_row(str(k), row["bot"], f"{row['games']:,}",
                      *_rate(row["rate"], row["low"], row["high"]),
                      *([f"{row['mean_return']:+.3f}"] if chips else []))
    console.print(table)
    table = Table("bot", "against", "games", "win rate", "95% interval",
                  *(["returns a game"] if chips else []), title="matches")
    for m in result.matches:
        table.add_row(m.first, m.second, f"{m.games:,}", *_rate(*m.rate),
                      *([f"{m.first_return:+.3f} / {m.second_return:+.3f}"] if chips else []))
    console.print(table)
    _write_json(args.json, result.to_json(), console)
    return 0


# ---- bots --------------------------------------------------------------------

def _configure_bots(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", metavar="NAME", default=None,
                   help="only this game's bots (bull, cheat, roulette; default: every game)")


def bot_descriptions(game: str) -> list[tuple[str, str]]:
    """(name, what it does) of every bot of a game, from each bot's own docstring."""
    from ..protocol import wing
    out = []
    for name, factory in wing(game).bots.items():
        doc = type(factory(seed=0)).__doc__ or ""
        out.append((name, " ".join(doc.strip().split("\n\n")[0].split())))
    return out


@command("bots", "say what each built-in bot of each game does", _configure_bots)
def _run_bots(args: argparse.Namespace) -> int:
    from ..protocol import wing, wing_names
    games = wing_names()
    if args.game is not None and args.game not in games:
        raise UsageError(f"unknown game {args.game!r}: the games are {', '.join(games)}")
    for game in games if args.game is None else (args.game,):
        print(f"{wing(game).title} ({game}):")
        for name, doc in bot_descriptions(game):
            print(f"  {name:14s} {doc}")
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
    p.add_argument("--seed", type=seed_number, default=0, help="seed of the random deals")
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
    parser = argparse.ArgumentParser(prog="pokerbull", description=__doc__.split("\n\n")[0],
                                     epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"pokerbull {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (help_text, configure, _) in COMMANDS.items():
        configure(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return COMMANDS[args.command][2](args)
    except UsageError as exc:
        parser.exit(2, f"pokerbull {args.command}: error: {exc}\n")
    except KeyboardInterrupt:
        sys.stderr.write("\npokerbull: interrupted\n")
        return 130
    except BrokenPipeError:
        # the reader left (`pokerbull ... | head`): no traceback, nothing more to write
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
