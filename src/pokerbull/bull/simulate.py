"""Poker Bull's part in bulk simulation: its table, compiled loops and statistics.

:func:`pokerbull.simulate` takes one road for every game (:mod:`pokerbull.sim.road`);
Poker Bull plugs in :class:`BullTable`, built by :func:`seat` (the wing's
``Wing.simulation``), which plays a chunk of games and counts what
:class:`~pokerbull.bull.results.SimulationResult` reports (hands, calls, challenges).

- Built-in bots (:data:`pokerbull.bull.bots.BUILT_IN`, exactly those classes, and
  Cheung's own bots for its preset) play in the compiled loop
  (``bull._engine.SimulationTable``, ``CheungGames``), which never returns to Python
  during a game and releases the GIL. Any other :class:`~pokerbull.bull.agent.Bot`
  plays through :class:`pokerbull.Game` in Python (the *Python engine*), slower but
  the same games: both engines deal from the same per-game streams and the built-in
  bots decide alike in both, so for built-in bots they give identical results.
- Chunk ``k`` draws its two keys from ``numpy.random.SeedSequence(seed)``'s ``k``-th
  child (:func:`~pokerbull.sim.streams.chunk_keys`), and game ``j`` of a chunk seeds its
  own stream from them, so the result depends only on the seed and the number of
  games, never on the workers or their order.

>>> r = simulate("pagat", bots=["probability", "random"], games=200, seed=1)
>>> r.games, r.players, r.engine
(200, 2, 'compiled')
>>> int(r.seat_wins.sum())
200
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..cards import JOKER_MASK, deck_bits
from ..core import backend as _backend
from ..sim import road
from ..sim.run import CHUNK_GAMES, lineup_mismatch, whole
from ..sim.streams import GameStream, chunk_keys, deal
from .agent import Bot
from .bots import BUILT_IN, ChanceBot, RandomBot, bot_table, cheung_refusal, make_bot
from .cheung_bots import CheungBot, CheungRandomBot, compiled_games
from .game import Game
from .results import SimulationResult, Totals
from .rules import MAX_PLAYERS, Rules, preset_names

DEFAULT_BOTS = ("random", "probability", "evidence")
CHEUNG_BOTS = ("cheung", "cheung-random", "cheung")
"""The lineup for Cheung's preset, whose calls the chance tables above do not cover."""
"""The lineup when no bots are given: these three in turn round the table."""

BotLike = str | Bot | tuple[str, dict[str, Any]]


def simulate(preset: str | Rules = "pagat", bots: BotLike | Sequence[BotLike] | None = None,
             games: int = 1000, seed: int | None = None, workers: int = 1,
             executor: Executor | None = None, *, players: int | None = None,
             engine: str = "auto", progress: Callable[[int], None] | None = None,
             **options: Any) -> SimulationResult:
    """:func:`pokerbull.simulate` for a Poker Bull preset or :class:`~pokerbull.bull.rules.Rules`
    (the same road, typed with Poker Bull's result).

    `bots` is one bot for every seat or one per seat: a built-in name
    (``"random"``, ``"probability"``, ``"evidence"``; Cheung's preset: ``"cheung"``,
    ``"cheung-random"``), a ``(name, {params})`` pair, or a
    :class:`~pokerbull.bull.agent.Bot`. Other keywords are rule options (see
    :class:`~pokerbull.bull.rules.Rules`); the rest as for :func:`pokerbull.simulate`.
    """
    if isinstance(preset, str) and preset.strip().lower() not in preset_names():
        raise ValueError(f"unknown Poker Bull preset {preset!r}: the presets are "
                         f"{', '.join(preset_names())}")
    result = road.simulate(preset, bots, games, seed, workers, executor, players=players,
                           engine=engine, progress=progress, **options)
    if not isinstance(result, SimulationResult):     # a preset name reaches Poker Bull's table
        raise TypeError(f"Poker Bull's simulation returned {type(result).__name__}")
    return result


@dataclass(frozen=True)
class BullTable:
    """Poker Bull's table for a simulation (its :class:`~pokerbull.sim.road.WingTable`): the
    rules and one bot per seat, pickled to workers with the plan."""

    rules: Rules
    bots: tuple[Bot, ...]

    def compiled_refusal(self) -> str | None:
        """Why the compiled loop cannot play this table; None when it can."""
        if _backend.name != "cython":
            return "the compiled core is not loaded"
        strangers = [label(b) for b in self.bots if not _compiles(self.rules, b)]
        return "some bots are not built in: " + ", ".join(strangers) if strangers else None

    def empty(self) -> Totals:
        return Totals.empty(self.rules.players, len(self.rules.ladder))

    def play_compiled(self, entropy: int, chunk: int, size: int) -> Totals:
        """Chunk `chunk` in the compiled loop (``SimulationTable`` or, for Cheung's
        preset, ``CheungGames``), built once per process for this table."""
        k0, k1 = chunk_keys(entropy, chunk)
        totals = self.empty()
        totals.add_compiled(_compiled_table(self).run(k0, k1, 0, size))
        return totals

    def play_python(self, entropy: int, chunk: int, size: int) -> Totals:
        """The chunk's games through :class:`pokerbull.Game` (:func:`play_game`); the
        bots start the chunk as given."""
        k0, k1 = chunk_keys(entropy, chunk)
        totals = self.empty()
        bots = [copy.deepcopy(b) for b in self.bots]
        for j in range(size):
            totals.add_game(play_game(self.rules, bots, k0, k1, j))
        return totals

    def result(self, totals: Totals, *, engine: str, games: int, seed: int,
               seconds: float) -> SimulationResult:
        return SimulationResult(rules=self.rules, bots=tuple(label(b) for b in self.bots),
                                engine=engine, games=games, seed=seed, totals=totals,
                                seconds=seconds)


def seat(preset: str | Rules, bots: Any, players: int | None,
         options: dict[str, Any]) -> BullTable:
    """Poker Bull's table for :func:`pokerbull.simulate` (the wing's ``Wing.simulation``):
    the rules of `preset` with `options` and one bot per seat, every one checked."""
    rules, lineup = _table(preset, bots, players, options)
    return BullTable(rules, tuple(lineup))


_COMPILED: dict[int, tuple[BullTable, Any]] = {}


def _compiled_table(table: BullTable) -> Any:
    found = _COMPILED.get(id(table))
    if found is None or found[0] is not table:
        _COMPILED.clear()   # one table at a time per process
        found = _COMPILED[id(table)] = (table, compiled_table(table.rules, table.bots))
    return found[1]


def compiled_table(rules: Rules, bots: Sequence[BotLike]) -> Any:
    """The compiled loop for `rules` and one built-in bot per seat (tests and benchmarks);
    Cheung's preset has its own (:func:`pokerbull.bull.cheung_bots.compiled_games`)."""
    from . import _engine
    lineup = [_resolve_bot(b) for b in bots]
    if rules.family == "cheung":
        return compiled_games(rules, lineup)
    specs = [compiled_spec(b) for b in lineup]
    table = bot_table(rules)
    return _engine.SimulationTable(rules, specs, table)


def compiled_spec(bot: Bot) -> tuple[int, float, float, int, int, int]:
    """The compiled loop's description of a built-in bot."""
    if type(bot) is RandomBot:
        return (0, bot.challenge, 0.0, bot.reach, 0, 0)
    if isinstance(bot, ChanceBot) and _is_built_in(bot):
        return (1, bot.challenge_below, bot.raise_at_least, 0, bot.credit, int(bot.doubt_caller))
    raise ValueError(f"{label(bot)} is not a built-in bot; the compiled loop cannot run it")


def play_game(rules: Rules, bots: Sequence[Bot], k0: int, k1: int, game: int, *,
              _core: Any = None) -> Game:
    """Game `game` of a chunk with keys k0, k1 through :class:`pokerbull.Game` (the
    Python engine): the compiled loop's deals and, for built-in bots, its choices.
    ``_core`` (benchmarks) picks the kernel module the game checks calls with."""
    stream = GameStream(k0, k1, game)
    if rules.first_starter == "random":
        rules = Rules.preset(rules.preset_name,
                             **{**rules.options(), "first_starter": stream.below(rules.players)})
    g = Game(rules, dealing="manual", _core=_core)
    deck = [1 << b for b in deck_bits(rules.ladder.allowed_mask)]
    seats = []
    for seat, bot in enumerate(bots):
        if type(bot) in (RandomBot, CheungRandomBot, CheungBot):   # these take a seed:
            bot = type(bot)(**bot.params(), seed=stream)  # type: ignore[call-arg]  # the game's stream
        bot.reset(seat)
        seats.append(bot)
    while not g.is_over:
        if g.awaiting_deal:
            if g._jokers_gone:   # cheung variation 5a: the jokers have left the deck
                deck = [c for c in deck if not c & JOKER_MASK]
            g.deal(deal(stream, g.hand_sizes, deck))
            continue
        seat = g.current_player
        action = seats[seat].act(g.observation(seat))
        if not g.can_apply_action(action):
            legal = g.legal_actions()
            raise ValueError(f"{label(bots[seat])} at seat {seat} chose action {action!r}, "
                             f"which is not legal now (legal: {legal[0]}..{legal[-1]})")
        g.apply_action(action)
    return g


# ---- bots and tables ---------------------------------------------------------

def _is_built_in(bot: Bot) -> bool:
    return type(bot) in BUILT_IN.values() or type(bot) is ChanceBot


def _is_cheung_bot(bot: Bot) -> bool:
    return type(bot) in (CheungBot, CheungRandomBot)


def _compiles(rules: Rules, bot: Bot) -> bool:
    """Whether the compiled loop of these rules plays this bot (Cheung's preset has
    its own bots and loop)."""
    return _is_cheung_bot(bot) if rules.family == "cheung" else _is_built_in(bot)


def _resolve_bot(bot: Any) -> Bot:
    if isinstance(bot, tuple) and len(bot) == 2 and isinstance(bot[1], dict):
        return make_bot(bot[0], **bot[1])
    return make_bot(bot)


def label(bot: Bot) -> str:
    """A bot's name in results: its built-in name, with parameters when they are
    not the defaults; for other bots, their ``name`` (or class name)."""
    if _is_built_in(bot) or _is_cheung_bot(bot):
        default = type(bot)().params() if type(bot) is not ChanceBot else {}
        changed = {k: v for k, v in bot.params().items() if default.get(k, object()) != v}
        if not changed:
            return bot.name
        return bot.name + "(" + ", ".join(f"{k}={v}" for k, v in changed.items()) + ")"
    name = getattr(bot, "name", "bot")
    return name if name != "bot" else type(bot).__name__


def default_lineup(preset: str | Rules) -> tuple[str, ...]:
    """The bots that take the seats when none are named: Cheung's preset has its own."""
    cheung = preset == "cheung" or getattr(preset, "family", "") == "cheung"
    return CHEUNG_BOTS if cheung else DEFAULT_BOTS


def _table(preset: str | Rules, bots: Any, players: int | None,
           options: dict[str, Any]) -> tuple[Rules, list[Bot]]:
    named_pair = (isinstance(bots, tuple) and len(bots) == 2 and isinstance(bots[0], str)
                  and isinstance(bots[1], dict))
    if isinstance(bots, (str, Bot)) or named_pair:
        single = _resolve_bot(bots)
        if players is None:
            raise ValueError("one bot for every seat needs players=")
        specs: list[Any] = [single] * whole("players", players, 2, MAX_PLAYERS)
    elif bots is None:
        usual = default_lineup(preset)
        count = players if players is not None else \
            preset.players if isinstance(preset, Rules) else len(usual)
        specs = [usual[s % len(usual)] for s in range(whole("players", count, 2, MAX_PLAYERS))]
    elif isinstance(bots, Sequence):
        specs = list(bots)
        if players is not None and whole("players", players, 2, MAX_PLAYERS) != len(specs):
            raise ValueError(lineup_mismatch(specs, players))
        if not 2 <= len(specs) <= MAX_PLAYERS:
            raise ValueError(f"Poker Bull seats 2 to {MAX_PLAYERS} players: give as many "
                             f"bots, not {len(specs)}")
    else:
        raise ValueError(f"bots must be a bot or a list of bots (one per seat), not {bots!r}")
    lineup = [_resolve_bot(b) for b in specs]
    # one object per seat: a Bot given for several seats is copied for the others
    seen: set[int] = set()
    for s, b in enumerate(lineup):
        if id(b) in seen:
            lineup[s] = copy.deepcopy(b)
        seen.add(id(lineup[s]))
    if isinstance(preset, Rules):
        if options:
            raise ValueError("give either Rules or a preset name with options, not both")
        if preset.players != len(lineup):
            raise ValueError(f"the rules seat {preset.players} players but {len(lineup)} "
                             f"bots were given")
        rules = preset
    elif isinstance(preset, str):
        rules = Rules.preset(preset, players=len(lineup), **options)
    else:
        raise ValueError(f"preset must be a preset name or Rules, not {type(preset).__name__}")
    if rules.family == "cheung":
        for b in lineup:
            if _is_built_in(b):
                raise ValueError(cheung_refusal(f"bot {label(b)!r}"))
    return rules, lineup


__all__ = ["BullTable", "CHUNK_GAMES", "DEFAULT_BOTS", "SimulationResult", "compiled_table",
           "label", "play_game", "seat", "simulate"]

