"""Bots for Poker roulette: they bet by their stockpile and what they see of the others'.

Each bot judges its own stockpile (its stock card and its face-up cards, all of
which it knows) against the face-up part of every other live stockpile: a hidden
stock card and later cards can only make a stockpile better, so a visible part
that already beats the bot's hand means the bot is behind.

- ``random``: any legal action, uniformly (SplitMix64 from its seed, so the
  compiled simulation draws the same numbers).
- ``station``: always checks or calls.
- ``timid``: folds to a bet when it is behind, otherwise checks or calls.
- ``reader``: folds to a bet when behind; bets or raises when ahead with at least
  ``raise_at`` (a category index: 1 a pair); otherwise checks or calls.

>>> from pokerbull.roulette import Game
>>> g = Game(players=3, seed=2)
>>> bot = ReaderBot()
>>> bot.reset(g.current_player)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..evaluator import CATEGORIES, card_index
from .game import CALL, FOLD, RAISE, Observation, hand_value

_MASK64 = (1 << 64) - 1
_INDEX: dict[Any, int] = {}


class SplitMix64:
    """A tiny 64-bit generator (Steele, Lea and Flood); the compiled loop runs the same one."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


def _seed_value(seed: Any) -> int:
    """The SplitMix64 seed: a whole number as given, else one drawn from a Generator
    (or from fresh entropy for None)."""
    if seed is None or isinstance(seed, np.random.Generator):
        return int((seed or np.random.default_rng()).integers(1 << 63))
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"a bot's seed must be a whole number >= 0, a numpy Generator or "
                         f"None, not {seed!r}")
    return int(seed)


def _value(cards: Any, strengths: tuple[int, ...]) -> int:
    idx = []
    for c in cards:
        i = _INDEX.get(c)
        if i is None:
            i = _INDEX[c] = card_index(c)
        idx.append(i)
    return hand_value(idx, strengths) if idx else 0


def standing(obs: Observation) -> tuple[int, int]:
    """(value of my hand, best value among the face-up parts of the other live stockpiles)."""
    strengths = obs.rules.suit_strengths
    mine = _value(obs.stockpiles[obs.seat], strengths)
    best = 0
    for s, cards in enumerate(obs.stockpiles):
        if s != obs.seat and not obs.folded[s] and cards:
            v = _value(cards, strengths)
            if v > best:
                best = v
    return mine, best


class RouletteBot:
    """Shared plumbing: a name, the seat, parameters."""

    name = "bot"
    kind = -1

    def __init__(self, seed: Any = None) -> None:
        self.seat = -1

    def reset(self, seat: int) -> None:
        """A new game starts and this bot sits at `seat`."""
        self.seat = seat

    def params(self) -> dict[str, Any]:
        """Parameters as keywords (a built-in bot is rebuilt from its name and these)."""
        return {}

    def act(self, observation: Observation) -> int:  # pragma: no cover - overridden
        """An action of ``observation.legal_actions()`` for the seat to bet."""
        raise NotImplementedError

    def __repr__(self) -> str:
        extra = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"<{type(self).__name__} {self.name}{': ' + extra if extra else ''}>"


class RandomBot(RouletteBot):
    """Picks a legal action uniformly at random (from its own seeded SplitMix64)."""

    name = "random"
    kind = 0

    def __init__(self, seed: Any = None) -> None:
        super().__init__()
        self.seed = _seed_value(seed)
        self.rng = SplitMix64(self.seed)

    def params(self) -> dict[str, Any]:
        return {"seed": self.seed}

    def act(self, observation: Observation) -> int:
        legal = observation.legal_actions()
        return legal[self.rng.next() % len(legal)]


class UniformBot(RandomBot):
    """The random bot under the name every game's uniform baseline has."""

    name = "uniform"


class StationBot(RouletteBot):
    """A calling station: always checks or calls (action 1), never folds, bets or raises."""

    name = "station"
    kind = 1

    def act(self, observation: Observation) -> int:
        return CALL


class ReaderBot(RouletteBot):
    """Folds to a bet when behind, raises when ahead with a hand of ``raise_at`` or better."""

    name = "reader"
    kind = 2

    def __init__(self, seed: Any = None, *, raise_at: int | str = "pair") -> None:
        super().__init__()
        if isinstance(raise_at, str):
            if raise_at not in CATEGORIES and raise_at != "never":
                raise ValueError(f"raise_at must be a category ({', '.join(CATEGORIES)}) or "
                                 f"'never', not {raise_at!r}")
            raise_at = len(CATEGORIES) if raise_at == "never" else CATEGORIES.index(raise_at)
        if isinstance(raise_at, bool) or not isinstance(raise_at, int) \
                or not 0 <= raise_at <= len(CATEGORIES):
            raise ValueError(f"raise_at must be 0..{len(CATEGORIES)}, not {raise_at!r}")
        self.raise_at = raise_at

    def params(self) -> dict[str, Any]:
        return {"raise_at": self.raise_at}

    def act(self, observation: Observation) -> int:
        mine, best = standing(observation)
        if observation.to_call > 0 and best > mine:
            return FOLD
        if observation.raises_left > 0 and mine > best and (mine >> 37) >= self.raise_at:
            return RAISE
        return CALL


class TimidBot(ReaderBot):
    """A reader that never raises."""

    name = "timid"

    def __init__(self, seed: Any = None) -> None:
        super().__init__(seed, raise_at="never")

    def params(self) -> dict[str, Any]:
        return {}


BOTS = {"random": RandomBot, "station": StationBot, "timid": TimidBot, "reader": ReaderBot,
        "uniform": UniformBot}


def make_bot(name: str, seed: Any = None, **params: Any) -> RouletteBot:
    if name not in BOTS:
        raise ValueError(f"unknown Poker roulette bot {name!r}: the bots are {', '.join(BOTS)}")
    return BOTS[name](seed, **params)


__all__ = ["BOTS", "RandomBot", "ReaderBot", "RouletteBot", "SplitMix64", "StationBot",
           "TimidBot", "UniformBot", "make_bot", "standing"]
