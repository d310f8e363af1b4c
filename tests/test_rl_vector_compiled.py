"""vector_env's games stepped in compiled code (Poker roulette, Cheat) are the games of
the protocol env (N pokerbull game objects) dealt from the same seeds and driven by
the same actions: observations, masks, rewards, terminations, returns and final
observations, step for step; an illegal action is refused, naming the env and the
action, and moves no game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from pokerbull.core import backend
from pokerbull.protocol import IllegalAction
from pokerbull.rl._games import game_spec
from pokerbull.rl.gym import CompiledVectorEnv, ProtocolVectorEnv, vector_env

COMPILED = backend.name == "cython"
needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled backend is not in use")

CHEAT = [
    {"players": 4},
    {"players": 3, "variations": "ACRV", "stall_turns": 25},
    {"players": 5, "variations": "DG", "stall_turns": 12},
    {"players": 2, "variations": "EI", "stall_turns": 30},
    {"players": 6, "variations": "CDV", "stall_turns": 8},
    {"players": 4, "variations": "FJV", "stall_turns": 20},
    {"players": 3, "variations": "ADJO", "stall_turns": 15},
    {"players": 4, "variations": "FJP", "stall_turns": 20},
    {"players": 5, "variations": "CPV", "stall_turns": 10},
    {"players": 4, "variations": "JT", "stall_turns": 20},
    {"players": 3, "variations": "CDTV", "stall_turns": 12},
    {"players": 4, "variations": "K", "stall_turns": 15},
    {"players": 3, "variations": "CL", "stall_turns": 10},
    {"players": 5, "variations": "JL", "stall_turns": 12},
    {"players": 4, "variations": "N", "stall_turns": 20},
    {"players": 3, "variations": "NS", "stall_turns": 20},
    {"players": 4, "variations": "JPS", "stall_turns": 15},
    {"players": 5, "variations": "DGS", "stall_turns": 12},
    {"players": 4, "variations": "KN", "stall_turns": 15},
]
ROULETTE = [
    {"players": 5},
    {"players": 3, "max_raises": 0},
    {"players": 7, "suit_order": "cdhs", "ante": 2, "bet_size": 3},
    {"players": 11, "max_raises": 5},
]


def _pair(name, options, n=6, seed=5):
    compiled = vector_env(name, n, seed=seed, **options)
    protocol = ProtocolVectorEnv(game_spec(name, **options), n, seed=seed, observation="full")
    return compiled, protocol


def _drive_alike(compiled, protocol, steps, seed):
    """Step both with the same legal actions; every array must agree. Games ended."""
    rng = np.random.default_rng(seed)
    oc, _ = compiled.reset(seed=seed)
    op, _ = protocol.reset(seed=seed)
    ended = 0
    for _ in range(steps):
        assert np.array_equal(oc, op)
        masks = compiled.action_masks()
        assert np.array_equal(masks, protocol.action_masks())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        before = oc
        oc, rc, tc, uc, ic = compiled.step(actions)
        op, rp, tp, up, ip = protocol.step(actions)
        assert oc is not before
        assert np.array_equal(rc, rp) and rc.dtype == rp.dtype
        assert np.array_equal(tc, tp) and not uc.any() and not up.any()
        assert np.array_equal(ic["returns"], ip["returns"])
        assert sorted(ic) == sorted(ip)
        if tc.any():
            assert np.array_equal(ic["_final_obs"], ip["_final_obs"])
            assert np.array_equal(ic["final_obs"], ip["final_obs"])
            ended += int(tc.sum())
    assert np.array_equal(oc, op)
    return ended


@needs_compiled
@pytest.mark.parametrize("name, options", [("cheat", o) for o in CHEAT]
                         + [("roulette", o) for o in ROULETTE],
                         ids=lambda o: "-".join(map(str, o.values())) if isinstance(o, dict) else o)
def test_compiled_games_are_the_protocol_games(name, options):
    compiled, protocol = _pair(name, options)
    assert isinstance(compiled, CompiledVectorEnv)
    assert compiled.single_observation_space == protocol.single_observation_space
    assert compiled.single_action_space == protocol.single_action_space
    assert _drive_alike(compiled, protocol, 300 if name == "cheat" else 250, seed=7) > 3


@needs_compiled
def test_cheat_games_the_core_does_not_play_go_through_the_protocol():
    for options in ({"variations": "N"}, {"variations": "S"}, {"variations": "CJNPSV"}):
        assert type(vector_env("cheat", 2, **options)) is CompiledVectorEnv, options
    for options in ({"players": 17}, {"hands": ["As Kd", "7c 7d", "2s 3s", "Qh Jh"]}):
        assert type(vector_env("cheat", 2, **options)) is ProtocolVectorEnv, options
    from pokerbull.cheat._engine import VectorCore
    from pokerbull.cheat._fast import table_for
    from pokerbull.cheat.rules import Rules
    with pytest.raises(ValueError, match="canadian_start .N. needs the turn-up outcomes"):
        VectorCore(table_for(Rules.make(4, variations="N")), 2)


@needs_compiled
def test_cheat_chance_nodes_are_drawn_as_the_protocol_env_draws_them():
    """N's cards turned up and S's card turned at a challenge come from the env's
    generator in the protocol env's order (with the seeds of new games between them):
    leaders other than seat 0 and both outcomes of a reveal occur, and every array agrees."""
    from pokerbull.cheat.game import Reveal, TurnUp
    compiled, protocol = _pair("cheat", {"players": 3, "variations": "NS", "stall_turns": 20},
                               n=8, seed=11)
    rng = np.random.default_rng(3)
    compiled.reset(seed=11)
    protocol.reset(seed=11)
    leaders, reveals = set(), set()
    for _ in range(250):
        assert _drive_alike_from_here(compiled, protocol, 1, rng)
        for g in protocol.games:
            leaders |= {r.leader for r in g.history if isinstance(r, TurnUp)}
            reveals |= {r.lie for r in g.history if isinstance(r, Reveal)}
    assert leaders == {0, 1, 2} and reveals == {False, True}
    state = compiled._rng.bit_generator.state
    assert state == protocol._rng.bit_generator.state


def _suit_lead(obs, mask, rng, set_size=4):
    """Lay the cards of a suit held `set_size` times or more (a lost lead in K and L),
    then claim; else any legal action."""
    legal = np.flatnonzero(mask)
    laid = obs[162:216]
    if laid.sum() >= set_size or (laid.sum() and not (legal < 54).any()):
        return int(legal[legal >= 54][0])
    hand = obs[:52] + laid[:52]
    for suit in range(4):
        if hand[suit::4].sum() >= set_size:
            for card in range(suit, 52, 4):
                if obs[card] and mask[card]:
                    return card
    return int(rng.choice(legal))


@needs_compiled
def test_a_lead_of_one_suit_loses_alike():
    compiled, protocol = _pair("cheat", {"players": 3, "variations": "L", "stall_turns": 10},
                               n=8)
    rng = np.random.default_rng(1)
    oc, _ = compiled.reset(seed=4)
    protocol.reset(seed=4)
    cleared = 230 + 19 + 3 + 4 + 1           # the cards that left the game face down
    lost = 0
    for _ in range(150):
        masks = compiled.action_masks()
        assert np.array_equal(masks, protocol.action_masks())
        actions = np.array([_suit_lead(o, m, rng) for o, m in zip(oc, masks)])
        oc, rc, tc, _, ic = compiled.step(actions)
        op, rp, tp, _, ip = protocol.step(actions)
        assert np.array_equal(oc, op) and np.array_equal(rc, rp) and np.array_equal(tc, tp)
        assert np.array_equal(ic["returns"], ip["returns"])
        lost += int((oc[:, cleared] > 0).sum())
    assert lost > 0


def test_pure_backend_steps_through_the_protocol(monkeypatch):
    """Without the compiled core (POKERBULL_PURE=1) the same games run through the protocol."""
    from pokerbull.rl import gym
    monkeypatch.setattr(gym, "_backend_name", lambda: "python")
    assert type(vector_env("roulette", 2, players=4)) is ProtocolVectorEnv
    assert type(vector_env("cheat", 2, players=4)) is ProtocolVectorEnv


@needs_compiled
@pytest.mark.parametrize("name, illegal, variations", [("roulette", 3 + 7, None),
                                                      ("cheat", 400, ""), ("cheat", 400, "NS")])
def test_illegal_action_names_env_and_action_and_moves_nothing(name, illegal, variations):
    options = {"players": 4} if variations is None else {"players": 4, "variations": variations}
    compiled, protocol = _pair(name, options, n=4)
    compiled.reset(seed=9)
    protocol.reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(5):
        a = compiled.random_actions(rng)
        compiled.step(a)
        protocol.step(a)
    obs, masks = compiled._observe(), compiled.action_masks()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    env = 2
    actions[env] = illegal          # a chance outcome: never a seat's action
    drawn = compiled._rng.bit_generator.state
    with pytest.raises(IllegalAction, match=rf"{name} env 2: action {illegal} is not legal"):
        compiled.step(actions)
    assert compiled._rng.bit_generator.state == drawn
    with pytest.raises(ValueError, match="whole-number actions"):
        compiled.step(actions.astype(np.float64))
    with pytest.raises(ValueError, match="4 whole-number actions"):
        compiled.step(actions[:3])
    assert np.array_equal(compiled._observe(), obs)
    assert np.array_equal(compiled.action_masks(), masks)
    assert _drive_alike_from_here(compiled, protocol, 40)


def _drive_alike_from_here(compiled, protocol, steps, rng=None):
    rng = np.random.default_rng(4) if rng is None else rng
    for _ in range(steps):
        masks = compiled.action_masks()
        assert np.array_equal(masks, protocol.action_masks())
        assert np.array_equal(compiled._observe(), protocol._observe())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        rc, rp = compiled.step(actions), protocol.step(actions)
        assert np.array_equal(rc[1], rp[1]) and np.array_equal(rc[2], rp[2])
    return True


@pytest.mark.parametrize("name", ["cheat", "roulette"])
def test_a_bad_observation_kind_is_refused(name):
    with pytest.raises(ValueError, match="observation must be 'compact' or 'full', not 'pixels'"):
        vector_env(name, 2, observation="pixels")


def test_roulette_without_betting_is_refused():
    with pytest.raises(ValueError, match="without betting has no decisions"):
        vector_env("roulette", 2, betting=False)


@needs_compiled
def test_cheat_refuses_a_card_not_in_hand_and_a_wrong_claim():
    env = vector_env("cheat", 3, players=3)
    env.reset(seed=2)
    obs, masks = env._observe(), env.action_masks()
    hand = obs[:, :54]
    missing = int(np.flatnonzero(hand[1] == 0)[0])
    first_card = np.array([int(np.flatnonzero(m)[0]) for m in masks])
    actions = first_card.copy()
    actions[1] = missing
    with pytest.raises(IllegalAction, match=rf"cheat env 1: action {missing} is not legal"):
        env.step(actions)
    assert np.array_equal(env._observe(), obs)
    env.step(first_card)                       # every env lays a card
    masks = env.action_masks()
    claims = [np.flatnonzero(m[54:278]) + 54 for m in masks]
    wrong = next(a for a in range(54, 278) if a not in set(claims[0].tolist()))
    actions = np.array([int(c[0]) for c in claims])
    actions[0] = wrong
    with pytest.raises(IllegalAction, match=rf"cheat env 0: action {wrong} is not legal"):
        env.step(actions)
    assert np.array_equal(env.action_masks(), masks)


@needs_compiled
def test_random_actions_are_legal_and_uniform():
    env = vector_env("roulette", 2000, players=5)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(3):
        masks = env.action_masks()
        actions = env.random_actions(rng)
        assert masks[np.arange(2000), actions].all()
        env.step(actions)
    masks = env.action_masks()
    actions = env.random_actions(rng)
    assert masks[np.arange(2000), actions].all()
    three = masks.sum(axis=1) == 3
    counts = np.bincount(actions[three], minlength=3)
    assert three.sum() > 300 and counts.min() > three.sum() / 3 * 0.75
