"""What a simulation found: wins per seat and per bot, hands, calls, challenges.

Counts are gathered as integers (:class:`Totals`), so adding up the chunks in any
order gives the same result; :class:`SimulationResult` turns them into rates
with 95 % Wilson confidence intervals.

>>> wilson_interval(50, 100)
(0.4038..., 0.5961...)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..sim.results import BaseSimulationResult
from ..sim.run import ResultDict, wilson_interval
from .game import CallMade, Game, HandResult
from .rules import Rules

@dataclass
class Totals:
    """Integer counts over some games; ``add`` merges two of them."""

    seat_wins: np.ndarray            # int64 [players]
    hands_per_game: np.ndarray       # int64 histogram: games that took k hands
    calls_per_game: np.ndarray       # int64 histogram: games with k calls
    failed_calls: int                # challenges the challenger won
    last_count: np.ndarray           # int64 [calls]: times each call was challenged
    last_held: np.ndarray            # int64 [calls]: ... and held

    @classmethod
    def empty(cls, players: int, calls: int) -> Totals:
        return cls(np.zeros(players, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64), 0,
                   np.zeros(calls, np.int64), np.zeros(calls, np.int64))

    @staticmethod
    def _merge(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        if len(b) > len(a):
            a, b = b, a
        out = a.copy()
        out[:len(b)] += b
        return out

    def add(self, other: Totals) -> None:
        self.seat_wins += other.seat_wins
        self.hands_per_game = self._merge(self.hands_per_game, other.hands_per_game)
        self.calls_per_game = self._merge(self.calls_per_game, other.calls_per_game)
        self.failed_calls += other.failed_calls
        self.last_count += other.last_count
        self.last_held += other.last_held

    def add_compiled(self, run: dict[str, Any]) -> None:
        """Add the output of ``SimulationTable.run``."""
        self.seat_wins += np.bincount(run["winners"], minlength=len(self.seat_wins))
        self.hands_per_game = self._merge(self.hands_per_game, np.bincount(run["hands"]))
        self.calls_per_game = self._merge(self.calls_per_game, np.bincount(run["calls"]))
        self.failed_calls += run["failed_calls"]
        self.last_count += run["last_count"]
        self.last_held += run["last_held"]

    def add_game(self, game: Game) -> None:
        """Add one finished game played through :class:`pokerbull.Game`."""
        hands = calls = 0
        for record in game.history:
            if type(record) is CallMade:
                calls += 1
            elif type(record) is HandResult:
                hands += 1
                self.last_count[record.call.index] += 1
                if record.held:
                    self.last_held[record.call.index] += 1
                else:
                    self.failed_calls += 1
        self.seat_wins[game.winner] += 1
        self.hands_per_game = self._merge(self.hands_per_game, _one_hot(hands))
        self.calls_per_game = self._merge(self.calls_per_game, _one_hot(calls))


def _one_hot(k: int) -> np.ndarray:
    out = np.zeros(k + 1, np.int64)
    out[k] = 1
    return out


def _mean_sd(histogram: np.ndarray) -> tuple[float, float]:
    n = histogram.sum()
    values = np.arange(len(histogram))
    mean = float((histogram * values).sum() / n)
    var = float((histogram * (values - mean) ** 2).sum() / max(1, n - 1))
    return mean, math.sqrt(var)


@dataclass(frozen=True, eq=False)
class SimulationResult(BaseSimulationResult):
    """Statistics of a simulation (see :func:`pokerbull.simulate`).

    Rates come with 95 % Wilson intervals as ``(rate, low, high)``. ``game`` and
    ``options`` name the games as every game's result does (the preset, and the
    options of ``rules``); what every game's result has comes from
    :class:`~pokerbull.sim.results.BaseSimulationResult`. Poker Bull is not scored in
    chips: :attr:`mean_returns` is None.
    """

    rules: Rules
    bots: tuple[str, ...]        # one label per seat
    engine: str                  # "compiled" or "python"
    games: int
    seed: int                    # the SeedSequence entropy: simulate(seed=this) repeats it
    totals: Totals = field(repr=False)
    seconds: float = 0.0         # wall-clock time the games took (not in JSON)

    # -- the numbers
    @property
    def game(self) -> str:
        """The game played: Poker Bull's preset (``"pagat"``, ...)."""
        return self.rules.preset_name

    @property
    def options(self) -> dict[str, Any]:
        """The rule options the games were played with."""
        return self.rules.options()

    @property
    def players(self) -> int:
        """Seats at each table."""
        return self.rules.players

    @property
    def seat_wins(self) -> npt.NDArray[np.int64]:
        """Games won per seat (int64, one entry per seat)."""
        return self.totals.seat_wins

    @property
    def hands(self) -> int:
        """Hands played over every game."""
        h = self.totals.hands_per_game
        return int((h * np.arange(len(h))).sum())

    @property
    def calls(self) -> int:
        """Calls made over every game."""
        c = self.totals.calls_per_game
        return int((c * np.arange(len(c))).sum())

    @property
    def hands_per_game(self) -> tuple[float, float]:
        """Mean and standard deviation of the hands a game took."""
        return _mean_sd(self.totals.hands_per_game)

    @property
    def calls_per_hand(self) -> float:
        """Mean calls per hand (:attr:`calls` over :attr:`hands`)."""
        return self.calls / self.hands

    @property
    def challenge_success(self) -> tuple[float, float, float]:
        """How often a challenge caught a call that did not hold, with the interval."""
        lo, hi = wilson_interval(self.totals.failed_calls, self.hands)
        return (self.totals.failed_calls / self.hands, lo, hi)

    def last_calls(self) -> list[dict[str, Any]]:
        """Per call category: how often the challenged (last) call was of it, and
        how often such a call held."""
        lad = self.rules.ladder
        rows = []
        for category in lad.categories:
            index = [c.index for c in lad if c.category == category]
            count = int(self.totals.last_count[index].sum())
            held = int(self.totals.last_held[index].sum())
            rows.append({"category": category, "count": count,
                         "frequency": count / self.hands,
                         "held": held / count if count else float("nan")})
        return rows

    # -- saving and showing
    def to_dict(self) -> dict[str, Any]:
        """Every statistic as a JSON-ready dict (what :meth:`to_json` writes)."""
        mean, sd = self.hands_per_game
        rate, lo, hi = self.challenge_success
        lad = self.rules.ladder
        return ResultDict({
            "game": self.game, "options": self.options,
            "bots": list(self.bots), "engine": self.engine, "games": self.games,
            "seed": self.seed,
            "seats": self.seat_rates(), "by_bot": self.bot_rates(),
            "hands_per_game": {"mean": mean, "sd": sd,
                               "histogram": self.totals.hands_per_game.tolist()},
            "calls_per_hand": self.calls_per_hand,
            "calls_per_game_histogram": self.totals.calls_per_game.tolist(),
            "challenge_success": {"rate": rate, "low": lo, "high": hi,
                                  "caught": self.totals.failed_calls, "challenges": self.hands},
            "last_call_categories": [{**r, "held": None if math.isnan(r["held"]) else r["held"]}
                                     for r in self.last_calls()],
            "last_calls": {lad[i].code: [int(self.totals.last_count[i]),
                                         int(self.totals.last_held[i])]
                           for i in np.flatnonzero(self.totals.last_count).tolist()},
        }, {"preset": "game", "rules": "options"})

    def table(self) -> str:
        """The summary as plain text."""
        mean, sd = self.hands_per_game
        rate, lo, hi = self.challenge_success
        lines = [f"{self.game}, {self.players} players, {self.games:,} games "
                 f"({self.engine} engine, seed {self.seed})",
                 "", *self.rate_lines()]
        lines += ["", "seat  bot              wins      win rate  95% interval"]
        for r in self.seat_rates():
            lines.append(f"{r['seat']:>4}  {r['bot']:<16} {r['wins']:>8,}  {r['rate']:>8.2%}  "
                         f"{r['low']:.2%}-{r['high']:.2%}")
        lines += ["", f"hands per game {mean:.2f} (sd {sd:.2f}); calls per hand "
                      f"{self.calls_per_hand:.2f}; challenges that caught a false call "
                      f"{rate:.2%} ({lo:.2%}-{hi:.2%})",
                  "", "last call      share of hands  held"]
        for row in self.last_calls():
            held = "-" if math.isnan(row["held"]) else f"{row['held']:.2%}"
            lines.append(f"{row['category']:<14} {row['frequency']:>14.2%}  {held}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<SimulationResult {self.game}: {self.games} games, "
                f"{self.players} players, {self.engine}>")
