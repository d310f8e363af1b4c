"""Gymnasium: vector_env for every game and preset, single_agent_env, and a NumPy-only
training run that must beat its untrained self."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull import protocol

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from pokerbull.rl.gym import single_agent_env, vector_env

NAMES = list(pb.preset_names()) + [n for n in protocol.wing_names() if n != "bull"]


@pytest.mark.parametrize("name", NAMES)
def test_vector_env_of_every_game_under_record_episode_statistics(name):
    players = 3
    env = RecordEpisodeStatistics(vector_env(name, 3, players=players))
    base = env.unwrapped
    assert isinstance(base, VectorEnv) and base.num_envs == 3
    assert base.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=5)
    assert obs.shape == (3,) + base.single_observation_space.shape
    if name in pb.preset_names():       # Poker Bull, Cheung's preset too: compact rows
        assert base.single_observation_space.shape == (7 + players,)
        assert obs[:, 2].tolist() == [int(m.argmax()) for m in base.action_masks()]
    assert obs in base.observation_space
    rng = np.random.default_rng(0)
    ended = 0
    steps = {"cheung": 500, "cheat": 40, "roulette": 60}.get(name, 300)
    for _ in range(steps):
        masks = base.action_masks()
        actions = base.random_actions(rng)
        assert masks[np.arange(3), actions].all()          # the masks say what is legal
        before = obs
        obs, reward, terminated, truncated, info = env.step(actions)
        assert obs is not before and obs in base.observation_space
        assert np.allclose(info["returns"].sum(axis=1), 0.0, atol=1e-5)
        assert not truncated.any()
        if terminated.any():
            ended += int(terminated.sum())
            assert info["_final_obs"].tolist() == terminated.tolist()
            assert np.array_equal(info["final_obs"][terminated], before[terminated])
            assert "episode" in info
        assert np.all(reward[~terminated] == 0.0)
    if name != "cheat":
        assert ended > 0 and len(env.return_queue) == ended
    env.close()


def test_batched_envs_are_the_games_of_vector_game():
    env = vector_env("holdem", 4, players=3, seed=11)
    obs, _ = env.reset()
    games = [pb.Game("holdem", players=3, seed=11 + i) for i in range(4)]
    for i, g in enumerate(games):
        assert obs[i, 0] == g.to_play and obs[i, 1] == g.hand(g.to_play).mask
    with pytest.raises(pb.IllegalAction, match="no game moved"):
        env.step(np.full(4, 10_000))
    with pytest.raises(ValueError, match="observation must be"):
        vector_env("pagat", 2, observation="pixels")


@pytest.mark.parametrize("game, strongest", [("pagat", "evidence"), ("cheung", "cheung"),
                                             ("cheat", "shark"), ("roulette", "reader")])
def test_single_agent_env_passes_gymnasiums_checker(game, strongest):
    # no opponents named: every other seat is the game's strongest bot (the default used
    # to be "evidence" everywhere, which Cheat, roulette and Cheung refused at reset)
    env = single_agent_env(game, players=3 if game != "cheung" else 4)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    assert sorted(env._bots) == [1, 2] + [3] * (game == "cheung")
    assert {bot.name for bot in env._bots.values()} == {strongest}
    mask = env.action_masks()
    assert mask.dtype == np.bool_ and mask.any()
    illegal = int(np.flatnonzero(~mask)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and info["illegal_action"] and reward == env.game_spec.min_utility
    # the episode is over although the game is not: no more steps, nothing legal
    assert not env.action_masks().any()
    with pytest.raises(ValueError, match="the episode is over: call reset"):
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.reset(seed=3)[0].shape == env.observation_space.shape
    assert env.action_masks().any()


@pytest.mark.parametrize("name", ["pagat", "cheat", "roulette"])
def test_vector_env_refuses_more_envs_than_a_vector_game_holds(name):
    # Cheat's compiled core raised OverflowError at 2**31; roulette would build them all
    for bad in (2**40, 2**22 + 1, 0, 1.5):
        with pytest.raises(ValueError, match=rf"num_envs must be a whole number 1..4194304, "
                                             rf"not {bad}"):
            vector_env(name, num_envs=bad)


def test_single_agent_env_refuses_bad_opponents_and_seats():
    with pytest.raises(ValueError, match="one bot for each of the 2 other seats"):
        single_agent_env("pagat", opponents=["uniform"], players=3)
    with pytest.raises(ValueError, match="seat must be 0..2"):
        single_agent_env("pagat", seat=3, players=3)
    with pytest.raises(ValueError, match="unknown Poker Bull bot 'nobody'; built-in bots: "):
        single_agent_env("pagat", opponents="nobody", players=3)      # not only at reset()
    env = single_agent_env("pagat", players=3)
    for seed in (1.5, -1, "x"):        # gymnasium's own refusal is no ValueError
        with pytest.raises(ValueError, match=f"seed must be a whole number >= 0, not {seed!r}"):
            env.reset(seed=seed)
    assert env.reset(seed=np.int64(3))[0].shape == env.observation_space.shape
    for bad in (3, None, object()):     # each used to be an AttributeError at reset()
        with pytest.raises(ValueError, match=r"a bot is a built-in name, a \(name, params\) "
                                             r"pair or an agent with reset\(\) and act\(\), not"):
            single_agent_env("pagat", opponents=[bad, "uniform"], players=3)


# ---- a NumPy-only training run -------------------------------------------------------

def _features(obs: np.ndarray, calls: int) -> tuple[int, int]:
    """Own card's rank and the last call's ladder band (16 calls a band; -1: none)."""
    cards = obs[8:60]
    made = np.flatnonzero(obs[60:60 + calls])
    return int(np.argmax(cards)) % 13, (int(made[-1]) // 16 if len(made) else -1)


def _play(env, q, episodes, rng, epsilon, learn, untrained=False):
    """Episodes of two choices (challenge, or the lowest legal raise); returns wins.
    `untrained`: every legal action alike instead (an agent that learned nothing)."""
    calls = env.game_spec.num_actions - 1
    wins = 0
    for _ in range(episodes):
        obs, _ = env.reset(seed=int(rng.integers(2**31)))
        seen = []
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            if untrained:
                obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
                continue
            choices = [a for a in (calls, int(np.argmax(mask[:calls])) if mask[:calls].any()
                                   else None) if a is not None and mask[a]]
            key = _features(obs, calls)
            values = [q.get((key, c == calls), 0.0) for c in choices]
            k = int(rng.integers(len(choices))) if rng.random() < epsilon \
                else int(np.argmax(values))
            seen.append((key, choices[k] == calls))
            obs, reward, done, _, _ = env.step(choices[k])
        wins += reward > 0
        if learn:
            for s in seen:
                n = q.get(("n",) + s, 0) + 1
                q[("n",) + s] = n
                q[s] = q.get(s, 0.0) + (reward - q.get(s, 0.0)) / n
    return wins


def test_numpy_training_beats_the_untrained_agent():
    """Monte-Carlo control on one-card pagat against the uniform bot: a few thousand
    steps, then the greedy agent wins clearly more often than the untrained one."""
    env = single_agent_env("pagat", opponents="uniform", players=2, start_cards=1,
                           card_limit=1)
    rng = np.random.default_rng(0)
    q: dict = {}
    before = _play(env, q, 400, np.random.default_rng(1), 1.0, False, untrained=True)
    _play(env, q, 1500, rng, epsilon=0.2, learn=True)
    after = _play(env, q, 400, np.random.default_rng(1), epsilon=0.0, learn=False)
    # 400 games each; the fair share of two seats is 200: the gap is far beyond chance
    assert after > before + 60 and after > 260
