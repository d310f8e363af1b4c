"""Round-robin tournaments: every pair of bots meets at full tables.

In a match between bots A and B the seats alternate A, B, A, B, ... for half of
the games and B, A, B, A, ... for the other half, so neither gains from seat
order. A game counts for the bot whose seat won it; two equal bots win half
the games each. The ranking adds up each bot's wins over all its matches.

>>> t = tournament("pagat", ["random", "probability"], games=400, players=4, seed=3)
>>> [row["bot"] for row in t.ranking()]
['probability', 'random']
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NotRequired, TypedDict

import numpy as np

from ..protocol import DEFAULT_WING, wing_of
from .road import simulate
from .run import ResultDict, entropy_of, whole, wilson_interval


class RankingRow(TypedDict):
    """One bot's line in a tournament's ranking: its games and wins over all its
    matches, the win rate with its 95 % interval, and for games scored in chips its
    mean return per game (all its seats together)."""

    bot: str
    games: int
    wins: int
    rate: float
    low: float
    high: float
    mean_return: NotRequired[float]


@dataclass(frozen=True)
class Match:
    """Games between two bots and how many the first one won."""

    first: str
    second: str
    games: int
    first_wins: int
    first_return: float | None = None    # per game, all the first bot's seats together
    second_return: float | None = None   # (games scored in chips; None for Poker Bull)

    @property
    def rate(self) -> tuple[float, float, float]:
        """The first bot's win rate with its 95 % Wilson interval."""
        lo, hi = wilson_interval(self.first_wins, self.games)
        return (self.first_wins / self.games, lo, hi)

    def to_dict(self) -> dict[str, Any]:
        """The match as a JSON-ready dict."""
        rate, lo, hi = self.rate
        out = {"first": self.first, "second": self.second, "games": self.games,
               "first_wins": self.first_wins, "rate": rate, "low": lo, "high": hi}
        if self.first_return is not None:
            out |= {"first_return": self.first_return, "second_return": self.second_return}
        return out


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """Every match of a round robin (see :func:`tournament`), for any game: ``game`` is
    the game's name, or Poker Bull's preset, as in every simulation result; games
    scored in chips (:attr:`in_chips`) rank by mean return. Typed code takes any
    game's tournament with this one class."""

    game: str
    players: int
    seed: int
    bots: tuple[str, ...]
    matches: tuple[Match, ...]
    engine: str

    @property
    def preset(self) -> str:
        """Deprecated: :attr:`game` (the key every result now uses); goes in the next release."""
        warnings.warn("TournamentResult.preset is now TournamentResult.game; preset goes in "
                      "the next release", DeprecationWarning, stacklevel=2)
        return self.game

    @property
    def in_chips(self) -> bool:
        """True for games scored in chips (ranked by mean return, not by games won)."""
        return all(m.first_return is not None for m in self.matches)

    def ranking(self) -> list[RankingRow]:
        """Bots by their win rate over all their games, best first; for games scored
        in chips, by their mean return per game (``mean_return``, all seats together)."""
        wins = dict.fromkeys(self.bots, 0)
        games = dict.fromkeys(self.bots, 0)
        chips = dict.fromkeys(self.bots, 0.0)
        for m in self.matches:
            wins[m.first] += m.first_wins
            wins[m.second] += m.games - m.first_wins
            games[m.first] += m.games
            games[m.second] += m.games
            if self.in_chips:
                chips[m.first] += (m.first_return or 0.0) * m.games     # in chips: never None
                chips[m.second] += (m.second_return or 0.0) * m.games
        rows: list[RankingRow] = []
        for bot in self.bots:
            lo, hi = wilson_interval(wins[bot], games[bot])
            row: RankingRow = {"bot": bot, "games": games[bot], "wins": wins[bot],
                   "rate": wins[bot] / games[bot], "low": lo, "high": hi}
            if self.in_chips:
                row["mean_return"] = chips[bot] / games[bot]
            rows.append(row)
        return sorted(rows, key=lambda r: -r.get("mean_return", 0.0) if self.in_chips
                      else -r["rate"])

    def match(self, first: str, second: str) -> Match:
        """The match of two bots, seen from `first`."""
        for m in self.matches:
            if (m.first, m.second) == (first, second):
                return m
            if (m.first, m.second) == (second, first):
                return Match(first, second, m.games, m.games - m.first_wins, m.second_return,
                             m.first_return)
        raise ValueError(f"no match between {first!r} and {second!r}")

    def to_dict(self) -> dict[str, Any]:
        """The ranking and every match as a JSON-ready dict (what :meth:`to_json` writes)."""
        return ResultDict({"game": self.game, "players": self.players, "seed": self.seed,
                           "bots": list(self.bots), "engine": self.engine,
                           "ranking": self.ranking(),
                           "matches": [m.to_dict() for m in self.matches]}, {"preset": "game"})

    def to_json(self, **options: Any) -> str:
        """``to_dict()`` as JSON (indented unless options say otherwise)."""
        return json.dumps(self.to_dict(), **({"indent": 2} | options))

    def table(self) -> str:
        """The ranking and every match as plain text."""
        lines = [f"{self.game}, {self.players} players a table, seed {self.seed}",
                 "", "rank  bot                       games    win rate  95% interval"
                 + ("  mean return" if self.in_chips else "")]
        for k, r in enumerate(self.ranking(), 1):
            lines.append(f"{k:>4}  {r['bot']:<24} {r['games']:>7,}  {r['rate']:>9.2%}  "
                         f"{r['low']:.2%}-{r['high']:.2%}"
                         + (f"  {r['mean_return']:+.3f} a game" if self.in_chips else ""))
        lines += ["", "match                                         games  first wins  95% interval"]
        for m in self.matches:
            rate, lo, hi = m.rate
            lines.append(f"{m.first + ' vs ' + m.second:<44} {m.games:>6,}  {rate:>10.2%}  "
                         f"{lo:.2%}-{hi:.2%}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def tournament(preset: str = "pagat", bots: Sequence[Any] | None = None,
               games: int = 2000, players: int = 6, seed: int | None = None,
               workers: int = 1, executor: Executor | None = None,
               progress: Callable[[int], None] | None = None,
               **options: Any) -> TournamentResult:
    """Play every pair of `bots` for `games` games each at tables of `players`.

    `preset` is a Poker Bull preset or the name of another game of the family
    (``"cheat"``, ``"roulette"``). Bots are given as for :func:`pokerbull.simulate`
    (default: the game's default lineup); their labels must differ. Each match
    has its own seed, drawn from `seed`, so the result repeats for any number
    of workers.
    """
    if isinstance(preset, str):
        preset = preset.strip().lower()         # names are case-insensitive, as cards are
    game, _ = wing_of(preset if isinstance(preset, str) else DEFAULT_WING)
    players = whole("players", players, game.min_players, game.max_players)
    games = whole("games", games, 2)
    refusal = ValueError(f"bots must be a list of bots (at least two), not {bots!r}")
    if isinstance(bots, str):        # one name would be read letter by letter
        raise refusal
    try:
        lineup = list(game.default_bots if bots is None else bots)
    except TypeError:
        raise refusal from None
    if len(lineup) < 2:
        raise ValueError("a tournament needs at least two bots")
    names = [bot_label(game, b) for b in lineup]
    if len(set(names)) != len(names):
        raise ValueError(f"bots in a tournament need different names: {', '.join(names)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
                             or seed < 0):
        raise ValueError(f"seed must be a whole number >= 0 or None, not {seed!r}")
    entropy = entropy_of(seed)
    matches = []
    engines = set()
    for m, (i, j) in enumerate(combinations(range(len(lineup)), 2)):
        wins = 0
        first_return: float | None = 0.0
        second_return: float | None = 0.0
        for seating, share in enumerate((games // 2, games - games // 2)):
            first_on = seating      # seats s with s % 2 == first_on hold the first bot
            seats = [lineup[i] if s % 2 == first_on else lineup[j] for s in range(players)]
            child = np.random.SeedSequence(entropy, spawn_key=(m, seating))
            match_seed = int.from_bytes(child.generate_state(4, np.uint32).tobytes(), "little")
            result = simulate(preset, bots=seats, games=share, seed=match_seed, workers=workers,
                              executor=executor, progress=progress, **options)
            engines.add(result.engine)
            wins += sum(int(result.seat_wins[s]) for s in range(players) if s % 2 == first_on)
            means = result.mean_returns         # None for games not scored in chips
            if means is not None and first_return is not None and second_return is not None:
                first_return += share * sum(float(means[s]) for s in range(players)
                                            if s % 2 == first_on)
                second_return += share * sum(float(means[s]) for s in range(players)
                                             if s % 2 != first_on)
            else:
                first_return = second_return = None
        matches.append(Match(names[i], names[j], games, wins,
                             None if first_return is None else first_return / games,
                             None if second_return is None else second_return / games))
    return TournamentResult(preset if isinstance(preset, str) else preset.preset_name,
                            players, entropy, tuple(names), tuple(matches),
                            "+".join(sorted(engines)))


def bot_label(game: Any, bot: Any) -> str:
    """A bot's name in results, as the game's simulation will write it."""
    if game.label is not None:
        label: str = game.label(bot)
        return label
    from .family import label_of, resolve_bot
    return label_of(resolve_bot(game, bot))
