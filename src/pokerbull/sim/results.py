"""What every game's simulation result has: the games, who sat where, and who won.

:class:`BaseSimulationResult` is the type to annotate with when code takes the
result of any game: Poker Bull's :class:`~pokerbull.bull.results.SimulationResult`
(hands, calls, challenges) and :class:`~pokerbull.sim.family.FamilySimulationResult`
(returns in chips, for Cheat and Poker roulette) both derive from it. The rows it
gives (:class:`SeatRate`, :class:`BotRate`) are typed dicts, the same in JSON.

>>> import pokerbull as pb
>>> results = [pb.simulate(g, games=20, seed=1, players=3) for g in ("pagat", "cheat")]
>>> [(r.game, r.games, sum(row["wins"] for row in r.seat_rates()) >= 20) for r in results]
[('pagat', 20, True), ('cheat', 20, True)]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np
import numpy.typing as npt

from .run import wilson_interval


class SeatRate(TypedDict):
    """One seat's wins: its bot, the games it won, the rate and its 95 % interval."""

    seat: int
    bot: str
    wins: int
    rate: float
    low: float
    high: float


class BotRate(TypedDict):
    """One bot's wins over all its seats, and the fair share its seats would have if
    every bot played alike (its seats over the players)."""

    bot: str
    seats: int
    wins: int
    rate: float
    low: float
    high: float
    fair_share: float


class BaseSimulationResult:
    """The result of :func:`pokerbull.simulate` for any game (annotate with this to
    take every game's result).

    Every result has ``game`` (the game, or Poker Bull's preset), ``options`` (what
    the games were played with), ``bots`` (one label per seat), ``engine``
    (``"compiled"`` or ``"python"``), ``games``, ``seed`` (``simulate(seed=this)``
    repeats it), ``seconds`` (wall-clock time; not in JSON), ``players``,
    ``seat_wins`` (games won per seat; a seat tied at the top wins too in games
    scored in chips) and ``mean_returns`` (mean chips per seat, None for games not
    scored in chips), with the win rates below. Two results are equal when their
    statistics are (whichever engine played the games).
    """

    bots: tuple[str, ...]
    engine: str
    games: int
    seed: int
    seconds: float

    if TYPE_CHECKING:       # each game's result class provides them (fields or properties)
        @property
        def game(self) -> str: ...
        @property
        def options(self) -> dict[str, Any]: ...
        @property
        def players(self) -> int: ...
        @property
        def seat_wins(self) -> npt.NDArray[np.int64]: ...
        def to_dict(self) -> dict[str, Any]: ...
        def table(self) -> str: ...

    @property
    def mean_returns(self) -> npt.NDArray[np.float64] | None:
        """Mean return per seat over the games; None for games not scored in chips."""
        return None

    @property
    def in_chips(self) -> bool:
        """True for games scored in chips (they have :attr:`mean_returns`)."""
        return self.mean_returns is not None

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """(rate, low, high) of `seat`'s wins, with the 95 % Wilson interval."""
        wins = int(self.seat_wins[seat])
        lo, hi = wilson_interval(wins, self.games)
        return (wins / self.games, lo, hi)

    def seat_rates(self) -> list[SeatRate]:
        """Per seat: its bot, wins and win rate with the interval."""
        rows: list[SeatRate] = []
        for seat, wins in enumerate(self.seat_wins.tolist()):
            lo, hi = wilson_interval(wins, self.games)
            rows.append({"seat": seat, "bot": self.bots[seat], "wins": wins,
                         "rate": wins / self.games, "low": lo, "high": hi})
        return rows

    def bot_rates(self) -> list[BotRate]:
        """Per bot (all its seats together): wins, win rate with the interval, and
        the fair share (its seats over the players) it would have if all bots were alike;
        best first by win rate over fair share."""
        seats: dict[str, int] = {}
        wins: dict[str, int] = {}
        for seat, bot in enumerate(self.bots):
            seats[bot] = seats.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0) + int(self.seat_wins[seat])
        rows: list[BotRate] = []
        for bot, count in seats.items():
            lo, hi = wilson_interval(wins[bot], self.games)
            rows.append({"bot": bot, "seats": count, "wins": wins[bot],
                         "rate": wins[bot] / self.games, "low": lo, "high": hi,
                         "fair_share": count / self.players})
        return sorted(rows, key=lambda r: -r["rate"] / r["fair_share"])

    def to_json(self, **options: Any) -> str:
        """``to_dict()`` as JSON (indented unless options say otherwise)."""
        return json.dumps(self.to_dict(), **({"indent": 2} | options))

    def __eq__(self, other: object) -> bool:
        """Equal statistics of the same games (whichever engine played them)."""
        if type(other) is not type(self) or not isinstance(other, BaseSimulationResult):
            return NotImplemented
        mine, theirs = self.to_dict(), other.to_dict()
        del mine["engine"], theirs["engine"]
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def rate_lines(self) -> list[str]:
        """The per-bot table as plain text lines."""
        lines = ["bot              seats  wins      win rate  95% interval     fair share"]
        for r in self.bot_rates():
            lines.append(f"{r['bot']:<16} {r['seats']:>5}  {r['wins']:>8,}  {r['rate']:>8.2%}  "
                         f"{r['low']:.2%}-{r['high']:.2%}  {r['fair_share']:>9.2%}")
        return lines

    def __str__(self) -> str:
        return self.table()


__all__ = ["BaseSimulationResult", "BotRate", "SeatRate"]
