"""pokerbull: play, simulate and study Poker Bull and its family of bluffing card games.

Every subcommand has --help. Bad usage prints a readable error and exits with
status 2; Ctrl-C leaves with status 130.
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, NoReturn

import numpy as np
import numpy.typing as npt

from .. import __version__
from ..core.backend import backend
from ..cards import Pool
from ..calls.ladder import Call, Ladder, family_names, ladder
from ..options import MAX_WORKERS

if TYPE_CHECKING:   # for annotations only: `pokerbull ladder` imports neither
    from concurrent.futures import Executor

    from distributed import Client, LocalCluster
    from matplotlib.cm import ColormapRegistry
    from matplotlib.figure import Figure
    from rich.console import Console

    from ..protocol import Agent, GameState, Wing

RGBA = tuple[float, float, float, float]
"""A colour of a plot: red, green, blue and opacity, each 0 to 1."""

Run = Callable[[argparse.Namespace], int]
"""A subcommand's body: the parsed arguments in, the exit status out."""
OptionValue = bool | int | float | str
"""A value given on the command line (``--option KEY=VALUE``, a bot's parameter)."""
BotSpec = tuple[str, dict[str, OptionValue]]
"""A bot by name with its parameters."""

COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Run]] = {}

EXAMPLES = """examples:
  pokerbull play --preset holdem --players 3 --bot evidence
  pokerbull simulate --bots random probability evidence --games 100000 --seed 1
  pokerbull tournament --preset pagat-wild --games 2000 --json results.json
  pokerbull odds --family holdem --known "As Ad" --cards 12
  pokerbull ladder holdem --pool "As Ad Kc Kd 7h" --all
  pokerbull bench --cards 7"""


def command(name: str, help_text: str, configure: Callable[[argparse.ArgumentParser], None]
            ) -> Callable[[Run], Run]:
    """Register a subcommand: `configure` adds its arguments, the function runs it."""
    def wrap(run: Run) -> Run:
        COMMANDS[name] = (help_text, configure, run)
        return run
    return wrap


class UsageError(Exception):
    """Bad usage found after parsing (exit status 2)."""


def _console(stderr: bool = False) -> Console:
    """Rich output; on a terminal it fits the window, elsewhere (a pipe, a file)
    lines are never wrapped. A reader that leaves (``| head``) ends the command
    quietly with status 141, as for any command a closed pipe stops."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:       # rich's own exits with status 1
            self.quiet = True
            raise BrokenPipeError

    console = _Console(emoji=False, highlight=False, stderr=stderr)  # flush:A:s is no emoji
    if not console.is_terminal:
        console = _Console(emoji=False, highlight=False, stderr=stderr, soft_wrap=True,
                           width=max(console.width, 200))
    return console


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the problem (exit status 2),
    not the usage block: ``--help`` shows that."""

    def error(self, message: str) -> NoReturn:
        # "argument --games: must be at least 1" reads "--games must be at least 1"
        message = re.sub(r"^argument (-[-\w]+): (must|is) ", r"\1 \2 ", message)
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _whole_text(text: str) -> int | None:
    """A whole number as people write it: ``10000``, ``10,000``, ``10_000``, ``1e5``
    (None when the text is not one)."""
    plain = text.strip().replace(",", "").replace("_", "")
    if plain.lstrip("+-").isdigit():
        return int(plain)
    mantissa, e, exponent = plain.lower().partition("e")
    if e and exponent.lstrip("+").isdigit() and len(exponent) <= 3:
        try:
            from fractions import Fraction
            value = Fraction(mantissa) * 10 ** int(exponent)
        except (ValueError, ZeroDivisionError):
            return None
        if value.denominator == 1:
            return int(value)
    return None


def count(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (``10,000`` and ``1e5`` read
    as whole numbers), refused in one line before any work is done."""
    def parse(text: str) -> int:
        value = _whole_text(text)
        if value is None:
            raise argparse.ArgumentTypeError(f"is a whole number, not {text!r}")
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low:,}, not {value:,}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}{what}, not {value:,}")
        return value
    return parse


def seed_number(text: str) -> int:
    """An argparse type: a seed is a whole number 0 or more."""
    value = _whole_text(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}")
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed must not be negative, not {value}")
    return value


MAX_GAMES = 10**9
"""Games one run may play (a billion games take hours on a small machine)."""
MAX_SAMPLES = 10**8
"""Random draws of one odds table."""
MAX_PLAYERS = 1000
"""Seats at a table, before the game's own limit is checked (every game's is far lower)."""


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


def _family_options(args: argparse.Namespace) -> dict[str, OptionValue]:
    names = ("jokers", "suit_order", "joker_order", "royal_over_five", "or_higher",
             "jokers_leave_at", "recharge_at")
    return {k: getattr(args, k) for k in names if getattr(args, k, None) is not None}


def _configure_ladder(p: argparse.ArgumentParser) -> None:
    p.add_argument("family", nargs="?", default=None,
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


_STREAMED_LISTING = 5000    # --all of a longer ladder is plain lines, streamed


def _write_lines(lines: Iterable[str]) -> None:
    out, chunk = sys.stdout, list[str]()
    for line in lines:
        chunk.append(line)
        if len(chunk) == 256:
            out.write("\n".join(chunk) + "\n")
            out.flush()
            chunk = []
    if chunk:
        out.write("\n".join(chunk) + "\n")
    out.flush()


@command("ladder", "show a family's ladder and check calls on a pool", _configure_ladder)
def _run_ladder(args: argparse.Namespace) -> int:
    from rich.table import Table

    if args.family and args.family_flag and args.family != args.family_flag:
        raise UsageError(f"two families: {args.family} and --family {args.family_flag}; "
                         f"give one")
    if args.seed is not None and args.deal is None:
        raise UsageError("--seed draws the pool of --deal N: give --deal too")
    try:
        lad = ladder(args.family_flag or args.family or "pagat", **_family_options(args))
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
    if args.all and len(lad) > _STREAMED_LISTING:
        # a large ladder streams line by line: the first lines come at once, and a
        # reader that leaves (`| head`) stops it
        console.file.flush()
        _write_lines(lad.listing(truth))
    elif args.all:
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
            table.add_row(category_words(category), str(len(calls)), f"{calls[0]} ({calls[0].code})",
                          f"{calls[-1]} ({calls[-1].code})")
        console.print(table)
    if pool is not None and truth is not None:     # the truth of that pool
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
    p.add_argument("--players", type=count(2, MAX_PLAYERS), default=None,
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


def _default_bots(game: Wing, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
    """The lineup when none is given: the game's own (Cheung's preset has its own bots)."""
    if game.name == "bull":
        from ..bull.simulate import default_lineup
        return default_lineup(str(options.get("preset", "pagat")))   # --preset's text
    return game.default_bots


def _wing_and_options(args: argparse.Namespace) -> tuple[Wing, dict[str, OptionValue]]:
    """The wing of --game and the keywords its games take (--preset, --option)."""
    from ..protocol import wing

    try:
        game = wing(args.game.strip().lower())      # names are case-insensitive, like cards
    except ValueError as exc:
        raise UsageError(f"--game: {exc}") from exc
    options = _options(args.option)
    for key in options:
        if key in OWN_FLAGS:
            raise UsageError(f"--option {key}={options[key]}: give --{key} instead")
    if args.preset is not None:
        if game.name != "bull":
            raise UsageError(f"--preset chooses Poker Bull rules; {game.title} takes --option")
        options["preset"] = args.preset.strip().lower()
    return game, options


OWN_FLAGS = ("players", "preset", "seed", "games", "bots", "workers", "seat", "game")
"""Settings with a flag of their own: refused as --option KEY=VALUE."""


def _check_table(game: Wing, options: Mapping[str, OptionValue], players: int | None) -> None:
    """Set one game up with the table's options (the game's own checks), before any
    bot is built or any progress is shown: a bad preset, option or table size is
    refused at once."""
    keywords = dict(options) | ({} if players is None else {"players": players})
    try:
        game.new_game(seed=0, **keywords)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from exc


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

    def make(seat: int) -> Agent:
        name, params = bots[others.index(seat) % len(bots)]
        # a whole-number seed of its own per seat: every game's bots take one
        return game.bots[name](seed=int(seeds[seat].generate_state(1)[0]), **params)
    try:
        agents = agents_for(players, args.seat, make)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from exc
    console = _console()
    console.print(f"[bold]{game.title}[/], {players} players; you are seat {args.seat}.")
    console.print("At the table: " + "; ".join(
        "you" if s == args.seat else f"seat {s}: {_bot_words(*bots[others.index(s) % len(bots)])}"
        for s in range(players)) + ".")
    try:
        play(state, args.seat, agents, console=console, rng=np.random.default_rng(seeds[-1]),
             challenge_words=CHALLENGE_WORDS if _has_challenge(state) else (),
             suggest=bull_suggestion if game.name == "bull" else None)
    except Quit as exc:         # leaving is the person's choice: not a failure
        console.print(f"Game left unfinished: {exc}.")
    return 0


def _bot_words(name: str, params: Mapping[str, OptionValue]) -> str:
    """A bot as the table names it: ``evidence bot (credit=1)``."""
    extra = ", ".join(f"{k}={v}" for k, v in params.items())
    return f"{name} bot" + (f" ({extra})" if extra else "")


def _has_challenge(state: GameState) -> bool:
    """Does the game have a move named "challenge" (its aliases bull, bs, liar then work)?"""
    try:
        state.string_to_action("challenge")
    except ValueError:
        return False
    return True


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
    p.add_argument("--samples", type=count(1, MAX_SAMPLES), default=DEFAULT_SAMPLES, metavar="N",
                   help=f"random draws when there are too many to check all "
                        f"(default {DEFAULT_SAMPLES})")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the chosen calls' probability against pool size, up to "
                        "--cards (needs matplotlib: pip install 'pokerbull[plot]')")
    p.add_argument("--log", action="store_true",
                   help="with --plot: a logarithmic probability axis (rare calls apart); by "
                        "default the plot takes one when some curves are a hundred times "
                        "below others")
    p.add_argument("--linear", action="store_true",
                   help="with --plot: a linear probability axis always")
    _add_family_flags(p)


@command("odds", "how likely each call holds on a pool of partly unseen cards",
         _configure_odds)
def _run_odds(args: argparse.Namespace) -> int:
    from rich import box
    from rich.table import Table

    from ..calls.odds import odds

    if (args.log or args.linear) and not args.plot:
        flag = "--log" if args.log else "--linear"
        raise UsageError(f"{flag} sets the axis of --plot: give --plot FILE.png too")
    if args.log and args.linear:
        raise UsageError("give --log or --linear, not both")
    if args.plot and args.all:
        raise UsageError("--plot draws one curve a call: name the calls with --calls (the "
                         "default draws the highest call of each category), not --all")
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
    figure = _figure_class(args.plot) if args.plot else None     # None: no --plot
    _check_output_path("--plot", args.plot)
    if args.plot and not chosen:
        chosen = [[c for c in lad if c.category == cat][-1] for cat in lad.categories]
    # sampled odds always have a seed, printed so that the run can be repeated
    seed = args.seed if args.seed is not None else \
        int(np.random.SeedSequence().generate_state(1)[0])
    rng = np.random.default_rng(seed)
    try:
        result = odds(lad, known, unseen=args.cards - len(known),
                      calls=chosen or None, samples=args.samples, seed=rng)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc

    console = _console()
    how = ("exact" if result.exact else
           f"exact-hand calls estimated from {result.samples:,} random draws (seed {seed}), "
           f"± one standard error")
    known_text = f", known: [bold]{known}[/]" if known else ""
    console.print(f"[bold]{lad.name}[/]: {args.cards}-card pool{known_text}, "
                  f"{result.unseen} unseen; {how}")

    def chance(c: Call) -> str:
        if result.exact_calls[c.index]:
            return probability_text(result[c])
        if result[c] == 0:
            return f"0 in {result.samples:,} draws"
        return probability_text(result[c], result.error(c))

    if chosen or args.all:
        table = Table("call", "code", "probability", "one in", box=box.SIMPLE_HEAD)
        for c in chosen or lad:
            seen = result.exact_calls[c.index] or result[c] > 0
            table.add_row(str(c), c.code, chance(c), one_in_text(result[c]) if seen else "not seen")
        console.print(table)
    else:
        # two rows per category: its most likely call, then its least likely; among calls
        # equally likely, the lowest of the ladder is named (the same on every run)
        table = Table("category", "most likely call, then least likely", "probability",
                      box=box.SIMPLE_HEAD)
        for category in lad.categories:
            calls = [c for c in lad if c.category == category]
            p = np.array([result[c] for c in calls])
            hi, lo = _first_alike(p, p.max()), _first_alike(p, p.min())
            words = category_words(category)
            if np.isclose(p[hi], p[lo], rtol=1e-9, atol=0):   # every call of the category alike
                table.add_row(words, f"each of the {len(calls)} alike", chance(calls[hi]),
                              end_section=True)
                continue
            for k, label in ((hi, words), (lo, "")):
                alike = int(np.isclose(p, p[k], rtol=1e-9, atol=0).sum()) - 1
                table.add_row(label, f"{calls[k]} (and {alike} alike)" if alike else str(calls[k]),
                              chance(calls[k]), end_section=k == lo)
        console.print(table)
        even = [c for c, p in result.items() if p >= 0.5]
        if even:
            console.print(f"highest call holding at least half the time: "
                          f"[bold]{even[-1]}[/] ({even[-1].code}), {chance(even[-1])}")
        else:
            console.print("no call holds at least half the time")

    if figure is not None:
        _plot_odds(figure, args, lad, known, chosen, rng)
        console.print(f"plot written to {args.plot}")
    return 0


def _first_alike(p: npt.NDArray[np.float64], value: float) -> int:
    """The first (lowest) call whose chance equals `value` up to rounding."""
    return int(np.flatnonzero(np.isclose(p, value, rtol=1e-9, atol=0))[0])


def probability_text(p: float, error: float | None = None) -> str:
    """A probability with four decimals, or three significant figures in scientific form
    for the rare ones; with its standard error in the same form.

    >>> probability_text(0.4321, 0.00347), probability_text(4.5e-05, 1.49e-05)
    ('0.4321 ± 0.0035', '4.50e-05 ± 1.5e-05')
    >>> probability_text(0.0), probability_text(1.0), probability_text(0.000776)
    ('0', '1.0000', '7.76e-04')
    """
    if p == 0:
        return "0"
    if p >= 0.001:
        return f"{p:.4f}" + ("" if error is None else f" ± {error:.4f}")
    return f"{p:.2e}" + ("" if error is None else f" ± {error:.1e}")


def one_in_text(p: float) -> str:
    """The chance as 'one in N', always three significant figures.

    >>> [one_in_text(p) for p in (1 / 1.7, 1 / 6.15, 0.5, 1 / 51, 1 / 81_600, 0.0)]
    ['1.70', '6.15', '2.00', '51.0', '81,600', 'never']
    """
    if p <= 0:
        return "never"
    n = 1 / p
    return f"{n:#.3g}" if n < 100 else f"{float(f'{n:.3g}'):,.0f}"


def _figure_class(path: str) -> type[Figure]:
    """matplotlib's Figure (no pyplot: no global state, no display needed), once the
    file's format is known to be one matplotlib writes."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise UsageError("--plot needs matplotlib, an optional extra: "
                         "pip install 'pokerbull[plot]'") from exc
    formats = Figure().canvas.get_supported_filetypes()
    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    if suffix not in formats:
        raise UsageError(f"--plot {path}: the file name says the format ("
                         + ", ".join(f".{f}" for f in sorted(formats)) + f"), not "
                         + (f"'.{suffix}'" if suffix else "nothing"))
    return Figure


def _plot_odds(figure: type[Figure], args: argparse.Namespace, lad: Ladder, known: Pool,
               calls: list[Call], rng: np.random.Generator) -> None:
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
    from matplotlib import colormaps
    from matplotlib.ticker import MaxNLocator

    log = args.log or (not args.linear and _reads_better_on_log(chances))
    fig = figure(figsize=(9, 6), layout="constrained")
    ax = fig.add_subplot()
    styles = _curve_styles(len(calls), colormaps)
    for call, p, e, (colour, dash) in zip(calls, chances, errors, styles):
        shown = np.where(p > 0, p, np.nan) if log else p   # log axis: zeros left out
        ax.plot(sizes, shown, marker=".", label=str(call), color=colour, linestyle=dash)
        if e.any():
            low = np.clip(p - 2 * e, 0, 1)
            if log:     # a band down to zero has no bottom on a log axis: a tenth of p
                low = np.where(low > 0, low, p / 10)
                low = np.where(p > 0, low, np.nan)
            ax.fill_between(sizes, low, np.clip(p + 2 * e, 0, 1), color=colour, alpha=0.15,
                            linewidth=0)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))   # whole cards
    ax.set_xlabel("cards in the pool (known and unseen)")
    ax.set_ylabel("probability that the call holds" + (" (log scale)" if log else ""))
    if log:
        ax.set_yscale("log")
    else:
        ax.set_ylim(-0.02, 1.02)
    method = ("estimated from random draws, shaded ± 2 standard errors" if errors.any()
              else "counted exactly")
    ax.set_title(f"Call family {lad.name}: " + (f"known cards {known}" if known else
                                                 "no card known")
                 + f"\n{method}", fontsize="medium")
    ax.grid(alpha=0.3, which="both" if log else "major")
    # the legend outside the axes, never over the curves: beside them for short names,
    # below them for long ones (Cheung's calls), so the axes keep their width
    long_names = max(len(str(c)) for c in calls) > 32
    fig.legend(loc="outside lower center" if long_names else "outside right upper",
               fontsize="small", ncols=2 if long_names else 1, title="call")
    try:
        fig.savefig(args.plot)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot write the plot to {args.plot}: {exc}") from exc


def _reads_better_on_log(chances: npt.NDArray[np.float64]) -> bool:
    """A log axis when some curves are a hundred times below others (on a linear
    axis they would all lie on zero)."""
    tops = chances.max(axis=1)
    tops = tops[tops > 0]
    return len(tops) > 1 and tops.min() < 0.01 * tops.max()


def _curve_styles(n: int, colormaps: ColormapRegistry) -> list[tuple[RGBA, str]]:
    """A distinct look per curve: ten colours of distinct hue (tab10), then the same
    colours dashed, then dotted."""
    tab10 = colormaps["tab10"]
    colours = [tab10(k) for k in range(tab10.N)]     # its ten colours, in order
    dashes = ("-", "--", ":", "-.")
    return [(colours[k % len(colours)], dashes[(k // len(colours)) % len(dashes)])
            for k in range(n)]


# ---- simulate and tournament -------------------------------------------------

def parse_bot(text: str) -> BotSpec:
    """A bot from the command line: ``name`` or ``name:key=value,key=value``.

    >>> parse_bot("evidence:credit=1,doubt_caller=true")
    ('evidence', {'credit': 1, 'doubt_caller': True})
    """
    name, _, rest = text.partition(":")
    params: dict[str, OptionValue] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"bot {text!r}: parameters are key=value, not {item!r}")
        params[key.strip()] = _value(value.strip())
    return name.strip(), params


def _value(text: str) -> OptionValue:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _options(items: Sequence[str]) -> dict[str, OptionValue]:
    options: dict[str, OptionValue] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = _value(value.strip())
    return options


def _bot_parameters(factory: Callable[..., Agent]) -> list[str] | None:
    """The keywords a bot factory takes (None when it takes any)."""
    from functools import partial

    target: Callable[..., object] = factory
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


def _checked_bot(game: Wing, name: str, params: dict[str, OptionValue]) -> BotSpec:
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
    p.add_argument("--players", type=count(2, MAX_PLAYERS), default=None, help=players_help)
    p.add_argument("--games", type=count(1, MAX_GAMES), default=games,
                   help=f"games to play (default {games:,}; 10,000 and 1e4 read alike)")
    p.add_argument("--bots", nargs="+", default=None, metavar="BOT",
                   help="built-in bots, each optionally with parameters, e.g. "
                        "evidence:credit=1 (default for Poker Bull: " + " ".join(DEFAULT_BOTS)
                        + "); " + _bots_of_every_game())
    p.add_argument("--seed", type=seed_number, default=None, help="seed: the same seed gives the same "
                                                          "results for any --workers")
    p.add_argument("--workers", type=count(1, MAX_WORKERS), default=1,
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


def _table_args(args: argparse.Namespace
                ) -> tuple[Wing, list[BotSpec], dict[str, OptionValue]]:
    """The wing, its bots as (name, params) and the game's options, all checked."""
    if args.dask is not None and args.workers > 1:
        raise UsageError("--workers counts processes on this machine; with --dask the "
                         "cluster's workers play, so give one or the other")
    game, options = _wing_and_options(args)
    options.update(_family_options(args))
    players = args.players
    if args.command == "tournament" and players is None:
        players = 6
    _check_table(game, options, players)
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
        self.client: Client | None = None
        self.cluster: LocalCluster | None = None

    def __enter__(self) -> Executor | None:
        if self.address is None:
            return None
        try:
            from distributed import Client, LocalCluster
        except ImportError as exc:
            raise UsageError("--dask needs the optional extra: pip install 'pokerbull[dask]'") \
                from exc
        # distributed's constructors and get_executor have no annotations: hence the ignores
        if self.address == "local":
            self.cluster = LocalCluster(processes=True,  # type: ignore[no-untyped-call]
                                        dashboard_address=None)
            self.client = Client(self.cluster)  # type: ignore[no-untyped-call]
        else:
            try:
                self.client = Client(self.address, timeout="10s")  # type: ignore[no-untyped-call]
            except OSError as exc:
                raise UsageError(f"cannot reach the Dask scheduler at {self.address}: {exc}") \
                    from exc
        executor: Executor = self.client.get_executor()  # type: ignore[no-untyped-call]
        return executor

    def workers(self, local: int) -> int:
        """Workers that play at once: the cluster's, or the local processes asked for."""
        if self.client is None:
            return local
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def where(self, workers: int) -> str:
        """Where the games ran, in words."""
        if self.client is None:
            return ("in this process" if workers == 1 else
                    f"in {workers} worker processes on this machine")
        n = len(self.client.scheduler_info().get("workers", {}))
        place = "a local Dask cluster" if self.cluster is not None else \
            f"the Dask cluster at {self.address}"
        return f"on {place} of {_plural(n, 'worker')}"

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()  # type: ignore[no-untyped-call]  # distributed: no annotations
        if self.cluster is not None:
            self.cluster.close()


def _progress(args: argparse.Namespace, total: int, what: str
              ) -> tuple[AbstractContextManager[object], Callable[[int], None] | None]:
    """A rich progress bar on stderr (or nothing), and the callback that advances it."""
    from contextlib import nullcontext

    if args.no_progress or not sys.stderr.isatty():   # a bar only where someone watches
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


def _write_json(path: str | None, text: str, console: Console) -> None:
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


def _share(fraction: float) -> str:
    """A share as a percentage with digits enough that a non-zero share never reads 0."""
    if fraction == 0 or fraction >= 0.001:
        return f"{fraction:.2%}"
    return f"{100 * fraction:.2g}%" if fraction >= 1e-6 else "<0.0001%"


def category_words(category: str) -> str:
    """A call category in words (``two_pair`` -> ``two pair``)."""
    return category.replace("_", " ")


def _rate(rate: float, lo: float, hi: float) -> tuple[str, str]:
    return f"{rate:.2%}", f"{lo:.2%} - {hi:.2%}"


def _lineup(bots: list[BotSpec], players: int | None) -> list[BotSpec]:
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

    from ..bull.results import SimulationResult
    from ..sim import simulate

    game, bots, options = _table_args(args)
    lineup = _lineup(bots, args.players)
    console = _console(stderr=args.json == "-")
    bar, advance = _progress(args, args.games, "simulating")
    executor = _Executor(args.dask)
    try:
        with executor as pool, bar:
            start = time.perf_counter()        # a cluster's start-up is not counted
            name = str(options.pop("preset", "pagat")) if game.name == "bull" else game.name
            result = simulate(name, bots=lineup, games=args.games, seed=args.seed,
                              workers=executor.workers(args.workers), executor=pool,
                              players=None, engine=args.engine, progress=advance,
                              **options)       # players=None: the lineup seats them
            elapsed = time.perf_counter() - start
            where = executor.where(args.workers)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    speed = (f"in {elapsed:.1f} s ({result.games / elapsed:,.0f} games/s"
             + (", the cluster's start-up not counted)" if args.dask else ")"))
    if not isinstance(result, SimulationResult):     # another game: the family's table
        console.print(f"[bold]{game.title}[/]: {result.players} players, {result.games:,} games "
                      f"{speed}, {result.engine} engine {where}; seed {result.seed}")
        table = Table("seat", "bot", "wins", "win rate", "95% interval", "mean return",
                      title="per seat")
        returns = result.mean_returns       # None: a game not scored in chips
        for seat in range(result.players):
            rate = result.win_rate(seat)
            table.add_row(str(seat), result.bots[seat], f"{int(result.seat_wins[seat]):,}",
                          *_rate(*rate),
                          "-" if returns is None else f"{float(returns[seat]):+.4f}")
        console.print(table)
        _write_json(args.json, result.to_json(), console)
        return 0
    r = result.rules
    console.print(f"[bold]{r.preset_name}[/]: {r.players} players, {result.games:,} games "
                  f"{speed}, {result.engine} engine {where}; seed {result.seed}")
    table = Table("bot", "seats", "wins", "win rate", "95% interval", "fair share",
                  title="wins per bot")
    for row in result.bot_rates():
        table.add_row(row["bot"], str(row["seats"]), f"{row['wins']:,}",
                      *_rate(row["rate"], row["low"], row["high"]), f"{row['fair_share']:.2%}")
    console.print(table)
    table = Table("seat", "bot", "wins", "win rate", "95% interval", title="wins per seat")
    for seat_row in result.seat_rates():
        table.add_row(str(seat_row["seat"]), seat_row["bot"], f"{seat_row['wins']:,}",
                      *_rate(seat_row["rate"], seat_row["low"], seat_row["high"]))
    console.print(table)
    mean, sd = result.hands_per_game
    caught = _rate(*result.challenge_success)
    console.print(f"hands per game: {mean:.2f} (sd {sd:.2f});  calls per hand: "
                  f"{result.calls_per_hand:.2f};  challenges that caught a false call: "
                  f"{caught[0]} ({caught[1]})")
    table = Table("last call", "hands", "share of hands", "held when challenged",
                  title="the challenged call's category")
    for last in result.last_calls():
        held = "-" if last["count"] == 0 else _share(last["held"])
        table.add_row(category_words(last["category"]), f"{last['count']:,}",
                      _share(last["frequency"]), held)
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
    name = str(options.pop("preset", "pagat")) if game.name == "bull" else game.name
    console = _console(stderr=args.json == "-")
    bar, advance = _progress(args, args.games * matches, "tournament")
    executor = _Executor(args.dask)
    try:
        with executor as pool, bar:
            result = tournament(name, bots, games=args.games, players=players,
                                seed=args.seed, workers=executor.workers(args.workers),
                                executor=pool,
                                progress=advance, **options)
            where = executor.where(args.workers)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    console.print(f"[bold]{result.game}[/]: round robin of {len(result.bots)} bots, "
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
    out: list[tuple[str, str]] = []
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
    p.add_argument("--cards", type=count(1, 52), default=7, metavar="N",
                   help="cards in each hand (default 7; peers judge 5 to 7)")
    p.add_argument("--hands", type=count(1, 10**7, " (memory)"), default=1_000_000, metavar="N",
                   help="hands in the timed evaluate_many batch (default 1,000,000)")
    p.add_argument("--calls", type=count(1, 10**6), default=20_000, metavar="N",
                   help="hands in each timed per-call loop (default 20,000)")
    p.add_argument("--repeat", type=count(1, 100), default=3, metavar="N",
                   help="timed runs of each; the best counts (default 3)")
    p.add_argument("--seed", type=seed_number, default=0, help="seed of the random deals")
    p.add_argument("--peer", action="append", metavar="NAME", choices=("eval7", "phevaluator", "treys"),
                   help="compare only with these peers (default: every one installed)")


@command("bench", "time the hand evaluator beside eval7, phevaluator and treys", _configure_bench)
def _run_bench(args: argparse.Namespace) -> int:
    from .bench import PEERS, available_peers, measure, report

    peers = tuple(args.peer) if args.peer else PEERS
    figures = measure(args.cards, args.hands, args.calls, args.seed, args.repeat, peers)
    for line in report(figures, available_peers(peers)):
        print(line)
    return 0


# ---- entry point -------------------------------------------------------------

def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; given the `command` to run, only that one's
    arguments are set up (the others keep their one-line help), so that
    ``pokerbull ladder`` imports no wing to write ``play``'s help about its bots."""
    parser = _Parser(prog="pokerbull", description=__doc__.split("\n\n")[0],
                                     epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"pokerbull {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, (help_text, configure, _) in COMMANDS.items():
        subparser = sub.add_parser(name, help=help_text, description=help_text)
        if command is None or command == name:
            configure(subparser)
    return parser


def _command_in(argv: Sequence[str]) -> str:
    """The subcommand `argv` names: its first word that is no option (the top level's
    options, --help and --version, take no value), or "" when there is none."""
    return next((word for word in argv if not word.startswith("-")), "")


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of one subcommand."""
    for action in parser._actions:     # argparse keeps the subcommands' parsers only here
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            found: argparse.ArgumentParser = action.choices[name]
            return found
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(_command_in(argv))
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:     # named by the subcommand, whose flags they were meant to be
            _subparser(parser, args.command).error(
                f"unrecognized arguments: {' '.join(unknown)}")
        return COMMANDS[args.command][2](args)
    except UsageError as exc:
        parser.exit(2, f"pokerbull {args.command}: error: {exc}\n")
    except KeyboardInterrupt:
        # on a terminal the ^C the person typed ends the line of the bar
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "pokerbull: interrupted\n")
        return 130
    except BrokenPipeError:
        # the reader left (`pokerbull ... | head`): no traceback, nothing more to write
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
