"""The PettingZoo environment (pokerbull.rl.pettingzoo_env) on every Poker Bull preset."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.bull.rules import PRESETS as PRESET_RULES
from pokerbull.protocol import IllegalAction

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from pettingzoo.test import api_test, render_test, seed_test

from pokerbull.rl import pettingzoo_env
from pokerbull.rl.pettingzoo import env as wrapped_env

PRESETS = pb.preset_names()
PRESET_TABLE = PRESET_RULES
# PettingZoo's api_test warns about every Dict observation space and every dict
# observation unless the environment's name is on its list of its own classic games,
# whose observations are the same {"observation", "action_mask"} dicts as ours; the
# test still checks the observation and the mask inside the dict.
DICT_OBSERVATIONS = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 4])
@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_api_test(preset, players):
    players = max(players, PRESET_TABLE[preset].min_players)   # cheung seats 3 at least
    api_test(pettingzoo_env(preset, players=players), num_cycles=1000)


@pytest.mark.parametrize("preset", PRESETS)
def test_seed_test(preset):
    seed_test(lambda: pettingzoo_env(preset, players=3), num_cycles=500)


def _play_out(env, seed: int, choose) -> list[tuple[str, int]]:
    """Play one game from reset(seed); the actions as (agent, action)."""
    env.reset(seed=seed)
    moves = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = choose(obs["action_mask"])
        moves.append((agent, action))
        env.step(action)
    return moves


def test_same_seed_same_game_and_different_seeds_differ():
    env = pettingzoo_env("holdem", players=4)
    first_card = lambda mask: int(np.flatnonzero(mask)[0]) 
    env.reset(seed=11)
    start = env.unwrapped.game.to_json()
    env.reset(seed=11)
    assert env.unwrapped.game.to_json() == start
    env.reset(seed=12)
    assert env.unwrapped.game.to_json() != start
    moves = _play_out(env, 11, first_card)
    assert _play_out(pettingzoo_env("holdem", players=4), 11, first_card) == moves


def test_rewards_are_the_returns_at_the_end():
    env = pettingzoo_env("pagat", players=3)
    rng = np.random.default_rng(3)
    for seed in range(5):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, _, _ = env.last()
            totals[agent] += reward
            if terminated:
                env.step(None)
                continue
            assert reward == 0.0
            assert obs["observation"].dtype == np.float32
            assert obs["action_mask"].dtype == np.int8
            legal = np.flatnonzero(obs["action_mask"])
            seat = int(agent.split("_")[1])
            assert legal.tolist() == env.unwrapped.game.legal_actions()
            assert env.unwrapped.game.current_player == seat
            env.step(int(rng.choice(legal)))
        game = env.unwrapped.game
        assert game.is_terminal()
        assert [totals[a] for a in env.possible_agents] == game.returns()
        assert totals[f"player_{game.winner}"] == 1.0


def test_observation_is_the_seats_own_view():
    env = pettingzoo_env("pagat-wild", players=4)
    env.reset(seed=5)
    game = env.unwrapped.game
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert np.array_equal(obs["observation"], game.observation_array(seat))
        assert np.array_equal(obs["action_mask"], game.action_mask(seat))
        assert obs["action_mask"].any() == (seat == game.current_player)


def test_illegal_action_is_refused_and_changes_nothing():
    env = pettingzoo_env("pagat", players=2)
    env.reset(seed=1)
    before = env.unwrapped.game.to_json()
    challenge = env.unwrapped.game.num_actions - 1
    with pytest.raises(IllegalAction, match="no call to challenge"):
        env.step(challenge)
    assert env.unwrapped.game.to_json() == before
    agent = env.agent_selection
    for bad in (1.5, "3", True, None, np.array([1, 2])):
        with pytest.raises(ValueError, match="action|give an action"):
            env.step(bad)
        assert env.unwrapped.game.to_json() == before
        assert env.agent_selection == agent
    env.step(np.int64(0))                      # NumPy integers are actions too
    assert json.loads(env.unwrapped.game.to_json())["history"][-1]["type"] == "call"


def test_render_ansi_shows_the_seats_view():
    env = pettingzoo_env("pagat", players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    seat = env.unwrapped.game.current_player
    assert f"player_{seat} (seat {seat})" in text
    assert str(env.unwrapped.game.hand(seat)) in text
    assert "legal: one Two" in text
    quiet = pettingzoo_env("pagat", players=3)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("pagat", render_mode="rgb_array")


@pytest.mark.parametrize("preset", ["pagat", "cheung"])
def test_render_test_passes_in_human_and_ansi(preset, capsys):
    render_test(lambda render_mode=None: pettingzoo_env(preset, players=3,
                                                        render_mode=render_mode))
    assert "legal:" in capsys.readouterr().out       # "human" printed the seat's view


@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_env_wraps_the_raw_env_in_the_standard_wrappers():
    from pettingzoo.utils import wrappers
    env = wrapped_env("holdem", players=3)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    api_test(env, num_cycles=200)
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))     # illegal: the game ends
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_every_game_has_its_name_and_finite_observation_bounds():
    names = set()
    for name in list(PRESETS) + ["cheat", "roulette"]:
        env = pettingzoo_env(name, players=3)
        names.add(env.metadata["name"])
        box = env.observation_space("player_0")["observation"]
        assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert len(names) == len(PRESETS) + 2 and "pokerbull_pagat_wild_v1" in names


def test_acting_before_reset_and_unknown_agents_are_refused():
    env = pettingzoo_env("pagat", players=2)
    with pytest.raises(ValueError, match=r"call reset\(\)"):
        env.step(0)
    with pytest.raises(ValueError, match=r"call reset\(\)"):
        env.observe("player_0")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="unknown agent 'player_2'"):
        env.observe("player_2")
    before = env.game.to_json()
    for seed in (1.5, -1, "x"):          # numpy's TypeError (or ValueError) named 'entropy'
        with pytest.raises(ValueError, match=f"seed must be a whole number >= 0, not {seed!r}"):
            env.reset(seed=seed)
    assert env.game.to_json() == before


def test_bad_games_and_options_are_refused():
    with pytest.raises(ValueError, match="unknown game or preset 'poker'.*pagat"):
        pettingzoo_env("poker")
    with pytest.raises(ValueError, match="'pagat' is a preset already"):
        pettingzoo_env("pagat", preset="holdem")
    with pytest.raises(ValueError, match="seed is not a game option"):
        pettingzoo_env("pagat", seed=3)
    with pytest.raises(ValueError, match="players must be 2 to"):
        pettingzoo_env("pagat", players=1)
    with pytest.raises(ValueError, match="cards given by hand"):
        pettingzoo_env("pagat", dealing="manual")


def test_the_bull_game_and_its_presets_are_the_same_games():
    by_preset = pettingzoo_env("holdem", players=3)
    by_game = pettingzoo_env("bull", preset="holdem", players=3)
    by_preset.reset(seed=9)
    by_game.reset(seed=9)
    assert by_game.unwrapped.game.to_json() == by_preset.unwrapped.game.to_json()
    default = pettingzoo_env("bull")
    default.reset(seed=9)
    assert default.unwrapped.game.rules.preset_name == "pagat"
    assert by_preset.unwrapped.spec.title == "Poker Bull (holdem)"


def test_options_reach_the_game():
    env = pettingzoo_env("pagat", players=5, start_cards=2, first_starter="random")
    env.reset(seed=4)
    game = env.unwrapped.game
    assert game.num_players == 5 and len(env.possible_agents) == 5
    assert game.hand_sizes == (2,) * 5
    space = env.observation_space("player_0")["observation"]
    assert space.shape == (game.observation_size,) and space.high.max() == 5


def test_without_pettingzoo_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "pokerbull.rl.pettingzoo")
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'pokerbull\[rl\]'"):
        pettingzoo_env("pagat")


def test_cheung_observes_compactly_with_the_full_mask_and_array_on_request():
    """Cheung's observation: the full array's seat, table and cards parts, then the last
    call, the calls made and the legal run as numbers in place of 61,501 call flags;
    observation="full" gives the game's array, action_mask=False leaves the mask out
    of the observation and env.action_mask(agent) gives it."""
    from pokerbull.rl._views import bull_views
    n, deck = 3, 54
    ORDER = ("player", "to_play", "starter", "hand_sizes", "cards", "last_call", "calls_made",
             "legal_run", "last_caller")
    views = bull_views(pb.Game("cheung", players=n).rules)
    assert {p.name for p in views.public_pieces + views.private_pieces} == set(ORDER)
    envs = [pettingzoo_env("cheung", players=n, **kw)
            for kw in ({}, {"observation": "full"}, {"action_mask": False})]
    compact, full, lean = envs
    for e in envs:
        e.reset(seed=4)
    rng = np.random.default_rng(1)
    barred_seen = False
    for _ in range(40):
        game = compact.game
        acting = compact.agent_selection
        for agent in compact.possible_agents:
            seat = int(agent[7:])
            obs = compact.observe(agent)
            array = game.observation_array(seat)
            assert np.array_equal(full.observe(agent)["observation"], array)
            assert np.array_equal(obs["action_mask"], game.action_mask(seat))
            assert set(lean.observe(agent)) == {"observation"}
            assert np.array_equal(lean.observe(agent)["observation"], obs["observation"])
            assert np.array_equal(lean.action_mask(agent), obs["action_mask"])
            row = obs["observation"]
            assert row.shape == (5 * n + deck + 4,)
            assert np.array_equal(row[:4 * n + deck], array[:4 * n + deck])
            assert np.array_equal(row[-n:], array[-n:])               # the last caller
            legal = game.legal_actions()
            last = game.last_call
            assert row[4 * n + deck:4 * n + deck + 4].tolist() == [
                -1 if last is None else last.index, len(game.calls), legal[0], legal[-1] + 1]
            barred_seen |= len(legal) < legal[-1] + 1 - legal[0]
            # OpenSpiel's public and private pieces, in the layout's order, are the row
            pieces = {**views.public(game), **views.private(game, seat)}
            assert np.array_equal(np.concatenate([pieces[name] for name in ORDER]), row)
        mask = compact.observe(acting)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        for e in envs:
            e.step(action)
    assert barred_seen          # an opening skipped certain calls inside its legal run
    for bad in ({"observation": "pixels"}, {"action_mask": "yes"}):
        with pytest.raises(ValueError, match="observation|action_mask"):
            pettingzoo_env("cheung", players=3, **bad)
    with pytest.raises(ValueError, match="Cheung's family"):
        pettingzoo_env("pagat", observation="compact")
    with pytest.raises(ValueError, match="unknown agent"):
        lean.action_mask("player_9")
