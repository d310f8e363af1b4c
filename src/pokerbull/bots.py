"""Bots: an observation in, an action out.

A bot sees only what its seat may know (:class:`~pokerbull.game.Observation`)
and answers with an integer action of :meth:`Game.legal_actions`: a ladder index
to call, or ``len(ladder)`` to challenge. User code implements :class:`Bot`.

>>> import pokerbull as pb
>>> g = pb.Game("pagat", players=3, seed=1)
>>> bot = RandomBot(seed=5)
>>> bot.act(g.observation(g.to_play)) in g.legal_actions()
True
"""

from __future__ import annotations

import abc
from typing import Any

import numpy as np

from .game import Observation
from .ladder import Ladder


def observation_ladder(obs: Observation) -> Ladder:
    """The ladder an observation's calls belong to."""
    return obs.rules.ladder


def legal_actions(obs: Observation) -> list[int]:
    """The actions open to the seat to play, sorted: raises, then the challenge."""
    lad = observation_ladder(obs)
    last = obs.last_call
    actions = list(range(lad.first_raise_index(last), len(lad)))
    if last is not None:
        actions.append(len(lad))
    return actions


class Bot(abc.ABC):
    """A player program. Subclasses implement :meth:`act`; :meth:`reset` is called
    before each game with the bot's seat."""

    name: str = "bot"

    def reset(self, seat: int) -> None:
        """A new game starts and this bot sits at `seat`."""
        self.seat = seat

    @abc.abstractmethod
    def act(self, observation: Observation) -> int:
        """An action of ``legal_actions(observation)`` for the seat to play."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RandomBot(Bot):
    """Challenges with probability `challenge` (once there is a call), otherwise
    raises to a uniformly chosen call among the next `reach` raises."""

    name = "random"

    def __init__(self, challenge: float = 0.3, reach: int = 12, seed: Any = None) -> None:
        if not 0.0 <= challenge <= 1.0:
            raise ValueError(f"challenge must be a probability in [0, 1], not {challenge!r}")
        if isinstance(reach, bool) or not isinstance(reach, int) or reach < 1:
            raise ValueError(f"reach must be a whole number of calls >= 1, not {reach!r}")
        self.challenge = challenge
        self.reach = reach
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def act(self, observation: Observation) -> int:
        lad = observation_ladder(observation)
        last = observation.last_call
        start = lad.first_raise_index(last)
        if last is not None and (start == len(lad) or self.rng.random() < self.challenge):
            return len(lad)
        return int(start + self.rng.integers(0, min(self.reach, len(lad) - start)))


BOTS: dict[str, type[Bot]] = {"random": RandomBot}
"""Built-in bots by name."""


def make_bot(name: str, seed: Any = None, **parameters: Any) -> Bot:
    """A built-in bot by name, with its own random generator from `seed`."""
    kind = BOTS.get(name)
    if kind is None:
        raise ValueError(f"unknown bot {name!r}; built in: {', '.join(BOTS)}")
    if isinstance(seed, np.random.SeedSequence):
        seed = np.random.default_rng(seed)
    return kind(seed=seed, **parameters)
