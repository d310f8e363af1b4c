"""The RL adapters on every other game of the family, through the protocol only.

Each installed wing (``wing_names()``, Poker Bull's aside: its presets have
their own test modules) is tested, and so is the toy game of ``toy_game.py``,
whose deal is made of chance nodes, so that path goes through the adapters
even before the real wings land.
"""

from __future__ import annotations

import importlib

import numpy as np

import pytest
from toy_game import CARDS, ToyGame, register
from toy_game import WING as TOY

from pokerbull import protocol
from pokerbull.protocol import Wing

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from pettingzoo.test import api_test, seed_test

from pokerbull.rl import game_spec, pettingzoo_env

GAMES = [n for n in protocol.wing_names() if n != "bull"] + ["toy"]
NO_PYSPIEL = ("open_spiel is not installed: it has wheels only for Linux x86-64 and macOS "
              "(the rl extra skips it elsewhere)")


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    register(monkeypatch)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")   # see
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_api_test(name):    # test_rl_pettingzoo.DICT_OBSERVATIONS for why
    least = protocol.wing(name).min_players
    for players in (least, least + 2):
        api_test(pettingzoo_env(name, players=players), num_cycles=1000)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name):
    players = max(3, protocol.wing(name).min_players)
    seed_test(lambda: pettingzoo_env(name, players=players), num_cycles=500)


def test_the_environment_plays_chance_nodes_from_its_seed():
    env = pettingzoo_env("toy", players=3)
    seen = set()
    for seed in range(12):
        env.reset(seed=seed)
        game = env.unwrapped.game
        assert game.current_player == 0 and len(game.cards) == 3
        again = pettingzoo_env("toy", players=3)
        again.reset(seed=seed)
        assert again.unwrapped.game.to_json() == game.to_json()
        seen.add(tuple(game.cards))
    assert len(seen) > 6                 # the deals differ from seed to seed


class StatedToy(ToyGame):
    """The toy game stating its bounds, as a game may for the adapters."""

    min_utility = property(lambda self: -2.0)
    max_utility = property(lambda self: 2.0 * (self.players - 1))
    max_game_length = property(lambda self: self.players)
    observation_low, observation_high = 0.0, 1.0


def test_a_games_stated_bounds_are_used_and_unstated_ones_are_unknown(monkeypatch):
    unstated = game_spec("toy", players=4)
    assert (unstated.min_utility, unstated.max_utility) == (float("-inf"), float("inf"))
    stated = Wing(name="toy", title="High card, bounded",
                  new_game=lambda *, players=2, seed=None: StatedToy(players, seed),
                  bots={}, default_bots=())
    monkeypatch.setattr(importlib.import_module(protocol._WINGS["toy"]), "WING", stated)
    spec = game_spec("toy", players=4)
    assert (spec.min_utility, spec.max_utility, spec.max_game_length) == (-2.0, 6.0, 4)
    box = pettingzoo_env("toy", players=4).observation_space("player_0")["observation"]
    assert box.low.min() == 0.0 and box.high.max() == 1.0


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test(name):
    pyspiel = pytest.importorskip("pyspiel", reason=NO_PYSPIEL)
    from pokerbull.rl import openspiel as pb_openspiel
    assert f"python_pokerbull_{name}" in pb_openspiel.register()
    params = {"players": 3} if name != "toy" else {"players": 3, "seed_outcomes": 256}
    game = pyspiel.load_game(f"python_pokerbull_{name}", params)
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    # the real games show their deals card by card: no node of thousands of seeds
    rng, state, most = np.random.default_rng(1), game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            most = max(most, len(actions))
            state.apply_action(int(rng.choice(actions, p=p)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert 0 < most <= (108 if name != "toy" else 256)


def test_openspiel_root_seed_then_the_games_own_chance_nodes():
    pyspiel = pytest.importorskip("pyspiel", reason=NO_PYSPIEL)
    from pokerbull.rl import openspiel as pb_openspiel
    pb_openspiel.register()
    game = pyspiel.load_game("python_pokerbull_toy", {"players": 4, "seed_outcomes": 8})
    assert game.num_players() == 4 and game.num_distinct_actions() == TOY.new_game().num_actions
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    assert state.observation_string(2) == "seat 2: nothing is dealt yet"
    assert not any(state.observation_tensor(2))
    state.apply_action(5)
    assert state.game_state.seed == 5
    assert state.chance_outcomes() == [(c, 1 / CARDS) for c in range(CARDS)]  # the deal
    for card in (2, 0, 4, 1):
        state.apply_action(card)
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.game_state.game.cards == [2, 0, 4, 1]
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    with pytest.raises(ValueError, match="seed_outcomes must be a whole number"):
        pyspiel.load_game("python_pokerbull_toy", {"seed_outcomes": 0})


def test_the_chance_wrappers_name_actions_before_their_game_exists():
    # before the game inside exists, the actions are the chance outcomes: both wrappers
    # name them (an AttributeError on None before), and refuse to read a name
    from pokerbull.rl._chance import SeededAtRoot
    spec = game_spec("roulette", players=3)
    root = SeededAtRoot(spec.make, 8, (3, spec.num_actions, spec.observation_size),
                        ("roulette", {"players": 3}))
    assert root.action_to_string(5) == root.chance_outcome_to_string(5) == "seed 5"
    with pytest.raises(ValueError, match="0..7"):       # IllegalAction, a ValueError
        root.action_to_string(8)
    with pytest.raises(ValueError, match="before the root chance node draws the seed"):
        root.string_to_action("call")
    deal = game_spec("cheat", players=3).make_dealt_by_chance()
    first = deal.legal_actions()[0]
    assert deal.action_to_string(first) == deal.chance_outcome_to_string(first)
    assert deal.action_to_string(first).startswith("deal ")
    with pytest.raises(ValueError, match="during the deal"):
        deal.string_to_action("pass")


def test_a_cheat_deal_save_with_a_game_but_half_a_deal_is_refused():
    import json
    from pokerbull.rl._chance import CheatCardByCard
    deal = game_spec("cheat", players=3).make_dealt_by_chance()
    rng = np.random.default_rng(0)
    while deal.game is None:
        deal.apply_action(int(rng.choice(deal.legal_actions())))
    saved = json.loads(deal.to_json())
    assert type(CheatCardByCard.from_json(json.dumps(saved))) is CheatCardByCard
    saved["dealt"] = saved["dealt"][:-1]        # a game saved, but its deal cut short
    with pytest.raises(ValueError, match="deal .'dealt'. is not complete"):
        CheatCardByCard.from_json(json.dumps(saved))
