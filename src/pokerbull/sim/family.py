"""A wing's simulation through the game protocol: :class:`ProtocolTable`.

A wing that brings no table of its own (``Wing.simulation``) is simulated here, on
:func:`pokerbull.simulate`'s one road (:mod:`pokerbull.sim.road`): the wing's
``fast_simulate`` plays whole games in compiled code when every bot is one of its
built-in bots; any other agent plays through the wing's state in Python (the *Python
engine*). Chunk ``k`` draws its seeds from the simulation's seed and ``k`` alone, so a
result depends only on the seed and the number of games, never on the workers.

The statistics are what every game has: returns and wins
(:class:`FamilySimulationResult`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..protocol import CHANCE_PLAYER, Agent, IllegalAction, Wing
from .results import BaseSimulationResult
from .run import ResultDict, lineup_mismatch, whole

BotSpec = str | tuple[str, Mapping[str, Any]] | Agent


@dataclass
class FamilyTotals:
    """Sums over some games of any wing; ``add`` merges two of them."""

    games: int
    returns: npt.NDArray[np.float64]    # per seat, summed over games
    seat_wins: npt.NDArray[np.int64]    # per seat: games where the seat had the top return
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
class ProtocolTable:
    """A wing's table played through the game protocol (the :class:`~pokerbull.sim.road.WingTable`
    of a wing that brings none): its ``fast_simulate`` as the compiled loop, its states and
    bots as the Python engine, returns and wins as the statistics."""

    wing_name: str
    options: tuple[tuple[str, Any], ...]
    players: int
    bots: tuple[Any, ...]         # per seat: (name, params) of a built-in bot, or an Agent

    @classmethod
    def seat(cls, wing: Wing, bots: Any, players: int | None,
             options: dict[str, Any]) -> ProtocolTable:
        """The table for these bots and options, checked before any game is played."""
        lineup = _lineup(wing, bots, players)
        try:        # the options are checked once, by making one game
            wing.new_game(players=len(lineup), seed=0, **options)
        except TypeError as exc:
            raise ValueError(f"{wing.title} options: {exc}") from None
        return cls(wing.name, tuple(sorted(options.items())), len(lineup), tuple(lineup))

    @property
    def wing(self) -> Wing:
        from ..protocol import wing
        return wing(self.wing_name)

    def compiled_refusal(self) -> str | None:
        """Why ``fast_simulate`` cannot play this table (asked with no games); None if it can."""
        wing = self.wing
        all_built_in = all(isinstance(b, tuple) for b in self.bots)
        if wing.fast_simulate is not None and all_built_in and \
                wing.fast_simulate(dict(self.options), self.players, list(self.bots), 0, 0) \
                is not None:
            return None
        return f"{wing.title} has no compiled loop for these bots" + \
            ("" if all_built_in else " (some are not built in)")

    def empty(self) -> FamilyTotals:
        return FamilyTotals.empty(self.players)

    def play_compiled(self, entropy: int, chunk: int, size: int) -> FamilyTotals:
        """Chunk `chunk` through the wing's ``fast_simulate``, seeded from the chunk's
        ``SeedSequence`` child."""
        child = np.random.SeedSequence(entropy, spawn_key=(chunk,))
        seed = int(child.generate_state(1, np.uint64)[0])
        fast = self.wing.fast_simulate
        run = None if fast is None else fast(dict(self.options), self.players, list(self.bots),
                                             size, seed)
        if run is None:
            raise ValueError(f"{self.wing.title}: the compiled loop refused these bots")
        totals = self.empty()
        totals.add(run)
        return totals

    def play_python(self, entropy: int, chunk: int, size: int) -> FamilyTotals:
        """The chunk's games through the wing's states, one action at a time."""
        return self._play_python(np.random.SeedSequence(entropy, spawn_key=(chunk,)), size)

    def result(self, totals: FamilyTotals, *, engine: str, games: int, seed: int,
               seconds: float) -> FamilySimulationResult:
        return FamilySimulationResult(game=self.wing_name, options=dict(self.options),
                                      bots=tuple(label_of(b) for b in self.bots), engine=engine,
                                      games=games, seed=seed, totals=totals, seconds=seconds)

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
class FamilySimulationResult(BaseSimulationResult):
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
        """Seats at each table."""
        return len(self.bots)

    @property
    def seat_wins(self) -> npt.NDArray[np.int64]:
        """Games won per seat (int64; every seat tied at the top wins)."""
        return self.totals.seat_wins

    @property
    def mean_returns(self) -> npt.NDArray[np.float64]:
        """Mean return per seat over the games."""
        returns: npt.NDArray[np.float64] = self.totals.returns / self.games
        return returns

    @property
    def actions(self) -> int:
        """Actions taken over every game."""
        return self.totals.actions

    def to_dict(self) -> dict[str, Any]:
        """Every statistic as a JSON-ready dict (what :meth:`to_json` writes)."""
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


def label_of(bot: Any) -> str:
    """A resolved bot's name in results: its built-in name with its parameters."""
    name: str
    if isinstance(bot, tuple):
        name, params = bot
        return name + ("(" + ", ".join(f"{k}={v}" for k, v in params.items()) + ")"
                       if params else "")
    name = getattr(bot, "name", type(bot).__name__)
    return name


def is_agent(spec: Any) -> bool:
    """True for an agent (an object with reset() and act()) rather than a bot's name."""
    return callable(getattr(spec, "act", None)) and callable(getattr(spec, "reset", None))


def resolve_bot(wing: Wing, spec: Any) -> Any:
    """A built-in bot as (name, params), checked by building one; an agent as given."""
    if isinstance(spec, str):
        name, params = spec, {}
    elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) \
            and isinstance(spec[1], Mapping):
        name, params = spec[0], dict(spec[1])
    elif is_agent(spec):
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


__all__ = ["FamilySimulationResult", "FamilyTotals", "ProtocolTable", "label_of", "resolve_bot"]
