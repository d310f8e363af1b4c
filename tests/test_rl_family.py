"""The RL adapters on every other game of the family, through the protocol only.

Each installed wing (``wing_names()``, Poker Bull's aside) is tested, and so is
"tiny", a small game written here to the protocol: its deal is shown as chance
nodes and its first seat is drawn from its own seed, so both ways a game can be
random go through the adapters even before the real wings land.
"""

from __future__ import annotations

import json
import sys
import types
from dataclasses import dataclass

import numpy as np
import pytest

from pokerbull import protocol
from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, Wing

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from pettingzoo.test import api_test, seed_test

from pokerbull.rl import game_spec, pettingzoo_env

# ---- "tiny": each seat is dealt 0, 1 or 2 by chance, then says stay (1) or fold (0)
# in turn from a starter drawn from the seed; the highest staying card wins
# (the lowest seat on a tie; the starter when everyone folds).

CARDS = 3
STAY, FOLD = 1, 0


@dataclass(frozen=True)
class TinyObservation:
    seat: int
    card: int | None
    said: tuple[int, ...]       # -1 not yet, else FOLD/STAY
    to_play: int
    players: int

    def legal_actions(self) -> list[int]:
        return [FOLD, STAY] if self.to_play == self.seat else []

    def action_mask(self) -> np.ndarray:
        mask = np.zeros(CARDS, np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def to_array(self) -> np.ndarray:
        out = np.zeros(1 + 2 * self.players, np.float32)
        out[0] = -1.0 if self.card is None else self.card
        for s, word in enumerate(self.said):
            out[1 + 2 * s + (word == STAY)] = 1.0 if word >= 0 else 0.0
        return out


class TinyGame:
    def __init__(self, players: int = 3, seed=None, stakes: int = 1) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ValueError(f"players must be 2 or more, not {players!r}")
        self.players, self.stakes = players, stakes
        self.starter = int(np.random.default_rng(seed).integers(players))
        self.cards: list[int] = []
        self.said = [-1] * players

    num_players = property(lambda self: self.players)
    num_actions = CARDS
    observation_size = property(lambda self: 1 + 2 * self.players)
    max_game_length = property(lambda self: self.players)
    min_utility = property(lambda self: -self.stakes / (self.players - 1))
    max_utility = property(lambda self: float(self.stakes))
    observation_low, observation_high = -1.0, float(CARDS - 1)

    @property
    def current_player(self) -> int:
        if len(self.cards) < self.players:
            return CHANCE_PLAYER
        acted = sum(w >= 0 for w in self.said)
        return TERMINAL_PLAYER if acted == self.players else (self.starter + acted) % self.players

    def chance_outcomes(self):
        return [(c, 1 / CARDS) for c in range(CARDS)] if self.current_player == CHANCE_PLAYER else []

    def legal_actions(self):
        if self.current_player == CHANCE_PLAYER:
            return list(range(CARDS))
        return [] if self.is_terminal() else [FOLD, STAY]

    def apply_action(self, action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"action {action!r} is not legal now")
        if self.current_player == CHANCE_PLAYER:
            self.cards.append(int(action))
        else:
            self.said[self.current_player] = int(action)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL_PLAYER

    def winner(self) -> int:
        staying = [s for s in range(self.players) if self.said[s] == STAY]
        return max(staying, key=lambda s: (self.cards[s], -s)) if staying else self.starter

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        out = [-self.stakes / (self.players - 1)] * self.players
        out[self.winner()] = float(self.stakes)
        return out

    def clone(self) -> TinyGame:
        return TinyGame.from_json(self.to_json())

    def to_json(self) -> str:
        return json.dumps({"players": self.players, "stakes": self.stakes,
                           "starter": self.starter, "cards": self.cards, "said": self.said})

    @classmethod
    def from_json(cls, text: str) -> TinyGame:
        data = json.loads(text)
        game = cls(data["players"], 0, data["stakes"])
        game.starter, game.cards, game.said = data["starter"], data["cards"], data["said"]
        return game

    def observation(self, seat: int) -> TinyObservation:
        card = self.cards[seat] if seat < len(self.cards) else None
        return TinyObservation(seat, card, tuple(self.said), self.current_player, self.players)

    def observation_array(self, seat: int) -> np.ndarray:
        return self.observation(seat).to_array()

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        seat = self.current_player if seat is None else seat
        return self.observation(seat).action_mask()

    def action_to_string(self, action: int) -> str:
        return {FOLD: "fold", STAY: "stay"}.get(action, f"card {action}")

    def string_to_action(self, text: str) -> int:
        return {"fold": FOLD, "stay": STAY}[text]


def _new_tiny(players: int = 3, seed=None, stakes: int = 1) -> TinyGame:
    return TinyGame(players, seed, stakes)


TINY_MODULE = "pokerbull_rl_tiny_wing"


@pytest.fixture(scope="module")
def tiny_wing():
    module = types.ModuleType(TINY_MODULE)
    module.WING = Wing(name="tiny", title="Tiny stay-or-fold", new_game=_new_tiny,
                       bots={}, default_bots=())
    module.TinyGame = TinyGame
    sys.modules[TINY_MODULE] = module
    protocol._WINGS["tiny"] = TINY_MODULE
    yield "tiny"
    del protocol._WINGS["tiny"]
    del sys.modules[TINY_MODULE]


GAMES = [n for n in protocol.wing_names() if n != "bull"] + ["tiny"]


@pytest.fixture(params=GAMES)
def game_name(request, tiny_wing):
    return request.param


def test_api_test(game_name):
    for players in (2, 4):
        api_test(pettingzoo_env(game_name, players=players), num_cycles=1000)


def test_seed_test(game_name):
    seed_test(lambda: pettingzoo_env(game_name, players=3), num_cycles=500)


def test_the_environment_plays_chance_nodes_from_its_seed(tiny_wing):
    env = pettingzoo_env(tiny_wing, players=3)
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        game = env.unwrapped.game
        assert game.current_player in range(3) and len(game.cards) == 3
        again = pettingzoo_env(tiny_wing, players=3)
        again.reset(seed=seed)
        assert again.unwrapped.game.to_json() == game.to_json()
        seen.add(tuple(game.cards))
    assert len(seen) > 6                 # the deals differ from seed to seed


def test_the_games_own_bounds_are_used(tiny_wing):
    spec = game_spec(tiny_wing, players=4, stakes=3)
    assert (spec.min_utility, spec.max_utility, spec.max_game_length) == (-1.0, 3.0, 4)
    env = pettingzoo_env(tiny_wing, players=4, stakes=3)
    box = env.observation_space("player_0")["observation"]
    assert box.low.min() == -1.0 and box.high.max() == CARDS - 1


def test_openspiel_random_sim_test(game_name):
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed: it has wheels only for Linux x86-64 "
                          "and macOS")
    from pokerbull.rl import openspiel as pb_openspiel
    assert f"python_pokerbull_{game_name}" in pb_openspiel.register()
    game = pyspiel.load_game(f"python_pokerbull_{game_name}",
                             {"players": 3, "seed_outcomes": 256})
    assert game.num_players() == 3
    assert game.max_chance_outcomes() >= 256
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_root_seed_and_passed_through_chance(tiny_wing):
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from pokerbull.rl import openspiel as pb_openspiel
    pb_openspiel.register()
    game = pyspiel.load_game("python_pokerbull_tiny", {"players": 4, "seed_outcomes": 8,
                                                       "stakes": 2})
    assert (game.num_players(), game.max_utility(), game.max_game_length()) == (4, 2.0, 4)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    state.apply_action(5)
    assert state.game_state.seed == 5
    assert state.game_state.game.starter == TinyGame(4, 5).starter
    assert state.chance_outcomes() == [(c, 1 / CARDS) for c in range(CARDS)]  # the deal
    for card in (2, 0, 1, 1):
        state.apply_action(card)
    assert not state.is_chance_node()
    assert state.current_player() == TinyGame(4, 5).starter
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    with pytest.raises(ValueError, match="seed_outcomes must be a whole number"):
        pyspiel.load_game("python_pokerbull_tiny", {"seed_outcomes": 0})
