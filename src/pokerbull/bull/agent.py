"""What a Poker Bull bot is: :class:`Bot` (the wing's agent) and what it reads.

A bot sees only what its seat may know (:class:`~pokerbull.bull.game.Observation`)
and answers with an integer action: a ladder index to call, or ``len(ladder)`` to
challenge. The built-in bots (:mod:`pokerbull.bull.bots`, :mod:`pokerbull.bull.cheung_bots`)
and user code subclass :class:`Bot`; ``pokerbull.bull.bots`` names these too.
"""

from __future__ import annotations

import abc
from typing import Any

from ..calls.ladder import Ladder
from .game import Observation


def observation_ladder(obs: Observation) -> Ladder:
    """The ladder an observation's calls belong to."""
    return obs.rules.ladder


def legal_actions(obs: Observation) -> list[int]:
    """The actions open to the seat to play, sorted: raises, then the challenge."""
    lad = observation_ladder(obs)
    last = obs.last_call
    actions = list(range(lad.first_raise_index(None if last is None else last.index), len(lad)))
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

    def params(self) -> dict[str, Any]:
        """Parameters as keywords (a built-in bot is rebuilt from its name and these)."""
        return {}

    def __repr__(self) -> str:
        params = self.params()
        if params:
            return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in params.items())})"
        return f"<{type(self).__name__} {self.name!r}>"
