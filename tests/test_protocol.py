"""Every game of the family follows the game protocol (protocol.py), as OpenSpiel's
random-simulation test checks its games: random play to the end with clones, saves,
observations and masks checked at every step, and illegal actions refused with the
state unchanged."""

from __future__ import annotations

import json

import numpy as np
import pytest
from toy_game import WING as TOY
from toy_game import register

import pokerbull as pb
from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, GameState, wing, wing_names


def _makers():
    """(id, make(seed) -> state) for every wing, every Poker Bull preset, and the toy."""
    out = []
    for name in wing_names():
        w = wing(name)
        players = max(w.min_players, 3)
        if w.presets:
            for preset in w.presets:
                out.append((f"{name}:{preset}",
                            lambda seed, w=w, p=preset, n=players: w.new_game(p, players=n,
                                                                              seed=seed)))
        else:
            out.append((name, lambda seed, w=w, n=players: w.new_game(players=n, seed=seed)))
    out.append(("toy", lambda seed: TOY.new_game(players=3, seed=seed)))
    return out


MAKERS = _makers()


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    register(monkeypatch)


def _check_state(state, rng):
    n = state.num_players
    player = state.current_player
    assert player in range(n) or player in (CHANCE_PLAYER, TERMINAL_PLAYER)
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), "legal actions are sorted and distinct"
    assert all(0 <= a < state.num_actions for a in legal)
    assert state.is_terminal() == (player == TERMINAL_PLAYER)
    if player == TERMINAL_PLAYER:
        assert legal == []
    returns = state.returns()
    assert len(returns) == n and abs(sum(returns)) < 1e-9, "zero-sum"
    for seat in range(n):
        obs = state.observation(seat)
        array = state.observation_array(seat)
        assert array.shape == (state.observation_size,)
        assert np.array_equal(array, obs.to_array())
        mask = state.action_mask(seat)
        assert mask.shape == (state.num_actions,)
        if seat == player:
            assert np.flatnonzero(mask).tolist() == legal
            assert obs.legal_actions() == legal
            assert np.array_equal(obs.action_mask(), mask)
        else:
            assert not mask.any() and obs.legal_actions() == []
    if player == CHANCE_PLAYER:
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    else:
        assert state.chance_outcomes() == []
    # a save and a clone continue exactly as the state would
    text = state.to_json()
    again = type(state).from_json(text)
    assert again.to_json() == text and json.loads(text)
    twin = state.clone()
    assert twin.to_json() == text
    # illegal actions are refused and change nothing
    for bad in (-1, state.num_actions, *[a for a in rng.integers(0, state.num_actions, 4).tolist()
                                          if a not in legal][:2], "x", 1.5, None):
        with pytest.raises(ValueError):
            state.apply_action(bad)
        assert state.to_json() == text
    return legal


@pytest.mark.parametrize("name, make", MAKERS, ids=[m[0] for m in MAKERS])
def test_random_play_follows_the_protocol(name, make):
    rng = np.random.default_rng(11)
    for game in range(3):
        state = make(int(rng.integers(1 << 30)))
        assert isinstance(state, GameState)
        steps = 0
        while True:
            legal = _check_state(state, rng)
            if state.is_terminal():
                break
            if state.current_player == CHANCE_PLAYER:
                actions, probs = zip(*state.chance_outcomes())
                action = int(rng.choice(actions, p=probs))
            else:
                action = int(rng.choice(legal))
                assert state.action_to_string(action)
                assert state.string_to_action(state.action_to_string(action)) == action
            clone = state.clone()
            state.apply_action(np.int64(action) if steps % 2 else action)
            clone.apply_action(action)
            assert clone.to_json() == state.to_json()
            steps += 1
            assert steps < 20_000, "a game that does not end"
        assert abs(sum(state.returns())) < 1e-9
