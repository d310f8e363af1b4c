"""A tiny game that follows the game protocol, registered as a wing for tests of
the machinery every game shares (simulation, tournaments, the command line, RL).

High card: each seat antes 1 and is dealt a card 0..CARDS-1 by chance nodes;
then each seat in turn stays (action 0, one more chip in) or folds (action 1).
The highest card among those who stay takes the pot (split on ties; everyone
folding gives the antes back).
"""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import numpy as np

from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, Wing

CARDS = 5
STAY, FOLD = 0, 1


class ToyObservation:
    def __init__(self, state: ToyGame, seat: int) -> None:
        self.seat = seat
        self.card = state.cards[seat] if seat < len(state.cards) else None
        self.to_play = state.current_player
        self.choices = tuple(state.choices)
        self._legal = state.legal_actions() if state.current_player == seat else []
        self._size = state.observation_size

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def action_mask(self) -> np.ndarray:
        mask = np.zeros(CARDS, np.int8)
        mask[self._legal] = 1
        return mask

    def to_array(self) -> np.ndarray:
        out = np.zeros(self._size, np.float32)
        if self.card is not None:
            out[self.card] = 1.0
        for s, c in enumerate(self.choices):
            out[CARDS + 2 * s + c] = 1.0
        return out

    def describe(self) -> str:
        return f"your card {self.card}; choices so far {list(self.choices)}"


class ToyGame:
    def __init__(self, players: int = 2, seed: Any = None) -> None:
        if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or players < 2:
            raise ValueError(f"players must be a whole number >= 2, not {players!r}")
        self.players = int(players)
        self.cards: list[int] = []
        self.choices: list[int] = []

    num_actions = property(lambda self: CARDS)            # chance outcomes 0..4 include 0, 1
    num_players = property(lambda self: self.players)
    observation_size = property(lambda self: CARDS + 2 * self.players)

    @property
    def current_player(self) -> int:
        if len(self.cards) < self.players:
            return CHANCE_PLAYER
        if len(self.choices) < self.players:
            return len(self.choices)
        return TERMINAL_PLAYER

    def legal_actions(self) -> list[int]:
        p = self.current_player
        if p == CHANCE_PLAYER:
            return list(range(CARDS))
        return [] if p == TERMINAL_PLAYER else [STAY, FOLD]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(c, 1 / CARDS) for c in range(CARDS)] if self.current_player == CHANCE_PLAYER \
            else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action!r} is not legal now")
        (self.cards if self.current_player == CHANCE_PLAYER else self.choices).append(int(action))

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL_PLAYER

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        stay = [s for s in range(self.players) if self.choices[s] == STAY]
        if not stay:
            return [0.0] * self.players
        put = [2.0 if s in stay else 1.0 for s in range(self.players)]
        top = max(self.cards[s] for s in stay)
        winners = [s for s in stay if self.cards[s] == top]
        pot = sum(put)
        return [pot / len(winners) * (s in winners) - put[s] for s in range(self.players)]

    def clone(self) -> ToyGame:
        return ToyGame.from_json(self.to_json())

    def to_json(self) -> str:
        return json.dumps({"players": self.players, "cards": self.cards, "choices": self.choices})

    @classmethod
    def from_json(cls, text: str) -> ToyGame:
        data = json.loads(text)
        g = cls(data["players"])
        g.cards, g.choices = list(data["cards"]), list(data["choices"])
        return g

    def observation(self, seat: int) -> ToyObservation:
        return ToyObservation(self, seat)

    def observation_array(self, seat: int) -> np.ndarray:
        return self.observation(seat).to_array()

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        return self.observation(self.current_player if seat is None else seat).action_mask()

    def action_to_string(self, action: int) -> str:
        return ("stay", "fold")[action] if self.current_player >= 0 else f"card {action}"

    def string_to_action(self, text: str) -> int:
        if text not in ("stay", "fold"):
            raise ValueError(f"{text!r} is not an action: say stay or fold")
        return ("stay", "fold").index(text)

    def log_for(self, seat: int) -> list[str]:
        lines = [f"you are dealt {self.cards[seat]}"] if seat < len(self.cards) else []
        return lines + [f"seat {s} {('stays', 'folds')[c]}" for s, c in enumerate(self.choices)]

    # ---- the family's vocabulary (pokerbull.protocol.GameState), kept short
    rules = property(lambda self: f"High card: {self.players} players, cards 0..{CARDS - 1}")
    to_play = property(lambda self: self.current_player if self.current_player >= 0 else None)
    is_over = property(lambda self: self.is_terminal())
    hand_sizes = property(lambda self: tuple(int(s < len(self.cards)) for s in range(self.players)))
    history = property(lambda self: (*self.cards, *self.choices))
    min_utility = property(lambda self: float("-inf"))  # no bound stated: the RL tests
    max_utility = property(lambda self: float("inf"))   # read these as unknown

    @property
    def winner(self) -> int | None:
        r = self.returns()
        return r.index(max(r)) if self.is_over and r.count(max(r)) == 1 else None

    @property
    def places(self) -> tuple[int, ...]:
        r = self.returns()
        return tuple(sorted(range(self.players), key=lambda s: -r[s])) if self.is_over else ()

    def hand(self, seat: int) -> tuple[int, ...]:
        return (self.cards[seat],) if seat < len(self.cards) else ()

    def describe(self) -> str:
        return f"cards {self.cards}; choices {self.choices}"

    def to_log(self) -> str:
        return self.to_json()

    @classmethod
    def from_log(cls, text: str) -> ToyGame:
        return cls.from_json(text)

    def verify_action(self, action: int) -> int:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action!r} is not legal now")
        return int(action)

    def can_apply_action(self, action: int) -> bool:
        return action in self.legal_actions()


class Bold:
    """Stays with a card at or above `at`."""

    name = "bold"

    def __init__(self, at: int = 2, seed: Any = None) -> None:
        if not isinstance(at, int) or not 0 <= at < CARDS:
            raise ValueError(f"at must be a card 0..{CARDS - 1}, not {at!r}")
        self.at = at

    def reset(self, seat: int) -> None:
        self.seat = seat

    def act(self, observation: ToyObservation) -> int:
        return STAY if observation.card >= self.at else FOLD


class Coin:
    """Stays or folds at random."""

    name = "coin"

    def __init__(self, seed: Any = None) -> None:
        self.rng = np.random.default_rng(seed)

    def reset(self, seat: int) -> None:
        self.seat = seat

    def act(self, observation: ToyObservation) -> int:
        return int(self.rng.integers(2))


def new_game(*, players: int = 2, seed: Any = None) -> ToyGame:
    return ToyGame(players, seed)


WING = Wing(name="toy", title="High card", new_game=new_game,
            bots={"bold": Bold, "coin": Coin}, default_bots=("bold", "coin"))


def register(monkeypatch: Any) -> None:
    """Make the toy game a wing named "toy" for one test."""
    import pokerbull.protocol as protocol
    module = types.ModuleType("pokerbull_toy_wing")
    module.WING = WING
    monkeypatch.setitem(sys.modules, "pokerbull_toy_wing", module)
    monkeypatch.setitem(protocol._WINGS, "toy", "pokerbull_toy_wing")
