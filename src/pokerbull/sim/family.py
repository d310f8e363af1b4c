"""Simulation of any game of the family, through the game protocol.

``simulate(name, bots=..., players=..., games=..., seed=...)`` with the name of a
wing (``"cheat"``, ``"roulette"``) lands here. A wing's ``fast_simulate`` plays
whole games in compiled code when every bot is one of its built-in bots; any
other agent plays through the wing's state in Python (the *Python engine*).
Either way the games are cut into chunks of :data:`~pokerbull.sim.run.CHUNK_GAMES`
seeded from the simulation's seed and the chunk's number, so a result depends
only on the seed and the number of games, never on the workers.

Poker Bull keeps its own richer statistics (:class:`~pokerbull.bull.results.SimulationResult`);
this module serves every game with what all of them have: returns and wins.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..protocol import CHANCE_PLAYER, DEFAULT_WING, Agent, IllegalAction, Wing, wing_of
from .run import (CHUNK_GAMES, ENGINES, ResultDict, WinRates, entropy_of, lineup_mismatch, run_chunks, whole,
                  wilson_interval)

BotSpec = str | tuple[str, Mapping[str, Any]] | Agent


@dataclass
class FamilyTotals:
    """Sums over some games of any wing; ``add`` merges two of them."""

    games: int
    returns: np.ndarray          # float64 per seat, summed over games
    seat_wins: np.ndarray        # int64 per seat: games where the seat had the top return
    actions: int

    @classmethod
    def empty(cls, players: int) -> FamilyTotals:
        return cls(0, np.zeros(players), np.zeros(players, np.int64), 0)

    def add(self, other: FamilyTotals | Mapping[str, Any]) -> None:
        if isinstance(other, Mapping):
            other = FamilyTotals(int(other["games"]), np.asarray(other["returns"], float),
                                 np.asarray(other["wins"], np.int64), int(other["actions"]))
        self.games += other.games
        self.returns = self.returns + other.returns
        self.seat_wins = self.seat_wins + other.seat_wins
        self.actions += other.actions


@dataclass(frozen=True)
class FamilyPlan:
    """Everything a worker needs to play its chunks of one wing's games."""

    wing_name: str
    options: tuple[tuple[str, Any], ...]
    players: int
    bots: tuple[Any, ...]         # per seat: (name, params) of a built-in bot, or an Agent
    engine: str
    entropy: int
    games: int

    @property
    def wing(self) -> Wing:
        from ..protocol import wing
        return wing(self.wing_name)

    def empty(self) -> FamilyTotals:
        return FamilyTotals.empty(self.players)

    def play(self, chunks: Sequence[int]) -> FamilyTotals:
        """Play whole chunks (the unit of work a worker runs)."""
        totals = self.empty()
        for k in chunks:
            size = min(CHUNK_GAMES, self.games - k * CHUNK_GAMES)
            chunk = np.random.SeedSequence(self.entropy, spawn_key=(k,))
            if self.engine == "compiled":
                seed = int(chunk.generate_state(1, np.uint64)[0])
                fast = self.wing.fast_simulate
                run = None if fast is None else fast(dict(self.options), self.players,
                                                     [b for b in self.bots], size, seed)
                if run is None:
                    raise ValueError(f"{self.wing.title}: the compiled loop refused these bots")
                totals.add(run)
            else:
                totals.add(self._play_python(chunk, size))
        return totals

    def _play_python(self, chunk: np.random.SeedSequence, size: int) -> FamilyTotals:
        wing = self.wing
        keys = chunk.spawn(size + self.players)
        agents = []
        for seat, bot in enumerate(self.bots):
            if isinstance(bot, tuple):
                name, params = bot
                agents.append(wing.bots[name](seed=np.random.default_rng(keys[size + seat]),
                                              **dict(params)))
            else:
                agents.append(copy.deepcopy(bot))   # a chunk starts from the agents as given
        totals = self.empty()
        for j in range(size):
            rng = np.random.default_rng(keys[j])
            state = wing.new_game(players=self.players, seed=rng, **dict(self.options))
            for seat, agent in enumerate(agents):
                agent.reset(seat)
            actions = 0
            while not state.is_terminal():
                seat = state.current_player
                if seat == CHANCE_PLAYER:
                    outcomes = state.chance_outcomes()
                    if not outcomes:
                        raise ValueError(f"{wing.title}: a chance node without outcomes "
                                         f"(a game with manual dealing cannot be simulated)")
                    pick = rng.choice(len(outcomes), p=[p for _, p in outcomes])
                    state.apply_action(outcomes[pick][0])
                    continue
                action = agents[seat].act(state.observation(seat))
                try:
                    state.apply_action(action)
                except IllegalAction as exc:
                    raise ValueError(f"bot {label_of(self.bots[seat])!r} at seat {seat} chose an "
                                     f"illegal action: {exc}") from None
                actions += 1
            returns = np.asarray(state.returns(), float)
            totals.games += 1
            totals.returns += returns
            totals.seat_wins += returns == returns.max()
            totals.actions += actions
        return totals


@dataclass(frozen=True, eq=False)
class FamilySimulationResult(WinRates):
    """Returns and wins of a simulation of any wing (see :func:`pokerbull.simulate`).

    Win rates come with 95 % Wilson intervals; a seat *wins* a game when its
    return is the highest (every seat tied at the top counts).
    """

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    engine: str
    games: int
    seed: int
    totals: FamilyTotals = field(repr=False)
    seconds: float = 0.0

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def seat_wins(self) -> np.ndarray:
        return self.totals.seat_wins

    @property
    def mean_returns(self) -> np.ndarray:
        """Mean return per seat over the games."""
        return self.totals.returns / self.games

    @property
    def actions(self) -> int:
        return self.totals.actions

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """(rate, low, high) of `seat`'s wins."""
        wins = int(self.seat_wins[seat])
        lo, hi = wilson_interval(wins, self.games)
        return (wins / self.games, lo, hi)

    def to_dict(self) -> dict[str, Any]:
        return ResultDict({"game": self.game, "options": dict(self.options),
                           "bots": list(self.bots), "engine": self.engine, "games": self.games,
                           "seed": self.seed, "actions": self.actions,
                           "mean_returns": self.mean_returns.tolist(),
                           "seats": self.seat_rates(), "by_bot": self.bot_rates()}, {})

    def table(self) -> str:
        """The summary as plain text."""
        lines = [f"{self.game}, {self.players} players, {self.games:,} games "
                 f"({self.engine} engine, seed {self.seed})", "", *self.rate_lines(),
                 "", "seat  bot              mean return"]
        for seat, mean in enumerate(self.mean_returns.tolist()):
            lines.append(f"{seat:>4}  {self.bots[seat]:<16} {mean:>+11.4f}")
        lines += ["", f"actions per game {self.actions / self.games:.1f}"]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def label_of(bot: Any) -> str:
    """A resolved bot's name in results: its built-in name with its parameters."""
    name: str
    if isinstance(bot, tuple):
        name, params = bot
        return name + ("(" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")"
                       if params else "")
    name = getattr(bot, "name", type(bot).__name__)
    return name


def resolve_bot(wing: Wing, spec: Any) -> Any:
    """A built-in bot as (name, params), checked by building one; an agent as given."""
    if isinstance(spec, str):
        name, params = spec, {}
    elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) \
            and isinstance(spec[1], Mapping):
        name, params = spec[0], dict(spec[1])
    elif callable(getattr(spec, "act", None)) and callable(getattr(spec, "reset", None)):
        return spec
    else:
        raise ValueError(f"a bot is a built-in name, a (name, params) pair or an agent with "
                         f"reset() and act(), not {spec!r}")
    if name not in wing.bots:
        raise ValueError(f"unknown {wing.title} bot {name!r}; built-in bots: "
                         f"{', '.join(wing.bots)}")
    try:   # build one now so that bad parameters are named before any game is played
        wing.bots[name](seed=0, **params)
    except TypeError as exc:
        raise ValueError(f"{wing.title} bot {name!r}: {exc}") from None
    return (name, params)


def _lineup(wing: Wing, bots: Any, players: int | None) -> list[Any]:
    """One bot per seat: built-in names become (name, params), agents stay as given."""
    single = isinstance(bots, str) or (isinstance(bots, tuple) and len(bots) == 2
                                       and isinstance(bots[0], str))
    count = None if players is None else \
        whole("players", players, wing.min_players, wing.max_players)
    if bots is None:
        count = max(wing.min_players, len(wing.default_bots)) if count is None else count
        specs = [wing.default_bots[s % len(wing.default_bots)] for s in range(count)]
    elif single or not isinstance(bots, Sequence):
        if isinstance(bots, (int, float)):
            raise ValueError(f"bots must be a bot or a list of bots (one per seat), not "
                             f"{bots!r}")
        if count is None:
            raise ValueError("one bot for every seat needs players=")
        specs = [bots] * count
    else:
        specs = list(bots)
        if count is not None and count != len(specs):
            raise ValueError(lineup_mismatch(specs, count))
    if len(specs) < wing.min_players:
        raise ValueError(f"{wing.title} needs at least {wing.min_players} players, "
                         f"not {len(specs)}")
    if len(specs) > wing.max_players:
        raise ValueError(f"{wing.title} seats at most {wing.max_players} players, "
                         f"not {len(specs)}")
    lineup = [resolve_bot(wing, s) for s in specs]
    seen: set[int] = set()
    for s, b in enumerate(lineup):       # one object per seat
        if not isinstance(b, tuple) and id(b) in seen:
            lineup[s] = copy.deepcopy(b)
        seen.add(id(lineup[s]))
    return lineup


def simulate_family(wing: Wing, bots: Any, games: int, seed: int | None, workers: int,
                    executor: Executor | None, players: int | None, engine: str,
                    progress: Callable[[int], None] | None,
                    options: dict[str, Any]) -> FamilySimulationResult:
    """The body of :func:`pokerbull.simulate` for a wing's name."""
    lineup = _lineup(wing, bots, players)
    games = whole("games", games, 1)
    workers = whole("workers", workers, 1)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, not {engine!r}")
    # the options are checked once, by making one game, before any work is handed out
    try:
        wing.new_game(players=len(lineup), seed=0, **options)
    except TypeError as exc:
        raise ValueError(f"{wing.title} options: {exc}") from None
    all_built_in = all(isinstance(b, tuple) for b in lineup)
    compiled_possible = wing.fast_simulate is not None and all_built_in and \
        wing.fast_simulate(options, len(lineup), lineup, 0, 0) is not None
    if engine == "compiled" and not compiled_possible:
        raise ValueError(f"engine 'compiled' cannot run here: {wing.title} has no compiled loop "
                         f"for these bots" + ("" if all_built_in else " (some are not built in)"))
    use = "compiled" if engine == "compiled" or (engine == "auto" and compiled_possible) \
        else "python"
    entropy = entropy_of(seed)
    plan = FamilyPlan(wing.name, tuple(sorted(options.items())), len(lineup), tuple(lineup),
                      use, entropy, games)
    start = time.perf_counter()
    totals = run_chunks(plan, workers, executor, progress)
    return FamilySimulationResult(game=wing.name, options=dict(options),
                                  bots=tuple(label_of(b) for b in lineup), engine=use, games=games,
                                  seed=entropy, totals=totals,
                                  seconds=time.perf_counter() - start)


def simulate(preset: Any = "pagat", bots: Any = None, games: int = 1000,
             seed: int | None = None, workers: int = 1, executor: Any = None, *,
             players: int | None = None, engine: str = "auto",
             progress: Any = None, **options: Any) -> Any:
    """Play `games` games of a game or preset between `bots` and gather the statistics.

    `preset` is a Poker Bull preset (``"pagat"``, ..., or a
    :class:`~pokerbull.bull.rules.Rules`), or the name of another game of the
    family (``"cheat"``, ``"roulette"``). See
    :func:`pokerbull.bull.simulate.simulate` for the keywords; other games
    return a :class:`~pokerbull.sim.family.FamilySimulationResult`.

    >>> r = simulate("pagat", bots=["probability", "random"], games=200, seed=1)
    >>> r.games, r.players, r.engine
    (200, 2, 'compiled')
    """
    game, name = wing_of(preset) if isinstance(preset, str) else wing_of(DEFAULT_WING)
    keywords = dict(bots=bots, games=games, seed=seed, workers=workers, executor=executor,
                    players=players, engine=engine, progress=progress, **options)
    if game.simulate is not None:
        return game.simulate(preset if name is not None or not isinstance(preset, str)
                             else game.presets[0], **keywords)
    return simulate_family(game, bots, games, seed, workers, executor, players, engine,
                           progress, options)
