"""VectorGame: N games stepped at once equal the same games played one by one through
pb.Game with the same seeds (observations, masks, rewards, restarts), on the compiled
core and on the Python engine; bad input is refused and moves no game."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.bull import game as game_module
from pokerbull.rl import VectorGame

ENGINES = ["python"] + (["compiled"] if game_module._CompiledGame is not None else [])
ARRAYS = ("seeds", "to_play", "legal_start", "legal_stop", "cards", "hand_sizes", "last_call",
          "last_caller", "starter", "rewards", "dones", "winners", "episodes")
CASES = [
    ("pagat", {"players": 4}),
    ("pagat-wild", {"players": 3, "start_cards": 2}),
    ("pagat-five", {"players": 5, "direction": "counter-clockwise", "first_starter": "random"}),
    ("holdem", {"players": 2}),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("preset, options", CASES, ids=[c[0] for c in CASES])
def test_batched_games_are_the_games_played_one_by_one(preset, options, engine):
    n, seed = 6, 2**63 + 11
    vec = VectorGame(preset, num_games=n, seed=seed, _engine=engine, **options)
    assert vec.engine == engine and vec.num_games == n
    seeds = [seed + i for i in range(n)]
    games = [pb.Game(preset, seed=s, **options) for s in seeds]
    rng = np.random.default_rng(3)
    ended = 0
    for step in range(700 if preset != "holdem" else 300):
        masks = vec.action_masks()
        observations = vec.observations()
        for i, g in enumerate(games):
            seat = g.current_player
            assert vec.to_play[i] == seat and vec.seeds[i] == seeds[i]
            assert np.array_equal(observations[i], g.observation_array(seat))
            assert np.array_equal(masks[i], g.action_mask())
            legal = g.legal_actions()
            assert (vec.legal_start[i], vec.legal_stop[i]) == (legal[0], legal[-1] + 1)
            assert vec.cards[i] == g.hand(seat).mask
            assert tuple(vec.hand_sizes[i]) == g.hand_sizes
            assert vec.last_call[i] == (-1 if g.last_call is None else g.last_call.index)
            assert vec.starter[i] == g.starter
        actions = vec.random_actions(rng)
        rewards, dones = vec.step(actions.astype(np.int32) if step % 2 else actions)
        for i, a in enumerate(actions.tolist()):
            g = games[i]
            g.apply_action(a)
            assert dones[i] == g.is_terminal()
            assert rewards[i].tolist() == pytest.approx(g.returns())
            if g.is_terminal():
                assert vec.winners[i] == g.winner
                ended += 1
                seeds[i] = (seeds[i] + n) % 2**64
                games[i] = pb.Game(preset, seed=seeds[i], **options)
            else:
                assert vec.winners[i] == -1
    assert ended >= n and vec.episodes.sum() == ended


def test_both_engines_step_alike():
    if len(ENGINES) < 2:
        pytest.skip("compiled core not built")
    vecs = [VectorGame("pagat", num_games=40, players=3, seed=5, _engine=e) for e in ENGINES]
    rng = np.random.default_rng(8)
    for _ in range(300):
        actions = vecs[0].random_actions(rng)
        for v in vecs:
            v.step(actions)
        for name in ARRAYS:
            assert np.array_equal(getattr(vecs[0], name), getattr(vecs[1], name)), name
    assert np.array_equal(vecs[0].observations(), vecs[1].observations())


@pytest.mark.parametrize("engine", ENGINES)
def test_illegal_actions_move_no_game(engine):
    vec = VectorGame("holdem", num_games=3, players=3, seed=1, _engine=engine)
    vec.step([0, 10, 20])
    before = {name: getattr(vec, name).copy() for name in ARRAYS}
    observations = vec.observations()
    for bad in ([30, 5, 40], [30, 40, vec.num_actions], [30, 40, -1]):
        with pytest.raises(pb.IllegalAction, match="no game moved") as info:
            vec.step(bad)
        assert "game 1" in str(info.value) or "game 2" in str(info.value)
        for name in ARRAYS:
            assert np.array_equal(getattr(vec, name), before[name]), name
        assert np.array_equal(vec.observations(), observations)
    with pytest.raises(ValueError, match="one action per game"):
        vec.step([30, 40])
    vec.step([vec.challenge_action] * 3)     # the challenges settle the hands
    assert (vec.last_call == -1).all()


def test_seeds_reset_and_bad_options():
    vec = VectorGame("pagat", num_games=3, seed=[7, 9, 2**64 - 1])
    assert vec.seeds.tolist() == [7, 9, 2**64 - 1]
    first = vec.observations().copy()
    vec.step(vec.random_actions(np.random.default_rng(0)))
    vec.reset()
    assert np.array_equal(vec.observations(), first)
    vec.reset(seed=100)
    assert vec.seeds.tolist() == [100, 101, 102]
    alone = pb.Game("pagat", seed=101)
    assert np.array_equal(vec.observations()[1], alone.observation_array(alone.current_player))
    assert np.array_equal(VectorGame("pagat", num_games=2, seed=2**64 - 1).seeds,
                          [2**64 - 1, 0])
    with pytest.raises(ValueError, match="not batched"):
        VectorGame("cheung", num_games=2)
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="num_games"):
            VectorGame("pagat", num_games=bad)
    for bad in (-1, 2**64, "x", [1, 2]):
        with pytest.raises(ValueError, match="seed"):
            VectorGame("pagat", num_games=3, seed=bad)
    for bad in ([1, 2.5, 3], [1, True, 3], [1, "2", 3], [1, -1, 3]):
        with pytest.raises(ValueError, match="seed of game 1"):
            VectorGame("pagat", num_games=3, seed=bad)
    with pytest.raises(ValueError, match="unknown preset"):
        VectorGame("pagatt", num_games=3)
    with pytest.raises(ValueError, match="shape"):
        vec.observations(np.zeros((2, 5), np.float32))


@pytest.mark.parametrize("engine", ENGINES)
def test_actions_must_be_whole_numbers(engine):
    vec = VectorGame("pagat", num_games=2, seed=4, _engine=engine)
    for bad in ([1.5, 2.0], ["a", "b"], [2**70, 1]):
        with pytest.raises(ValueError, match="whole numbers"):
            vec.step(bad)
    with pytest.raises(pb.IllegalAction, match="game 1: action 18446744073709551615"):
        vec.step(np.array([3, 2**64 - 1], dtype=np.uint64))
    rewards, dones = vec.step(np.array([3, 4], dtype=np.uint8))
    assert vec.last_call.tolist() == [3, 4] and not dones.any()
