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
        ended += _step_alongside(vec, games, seeds, actions, step % 2 == 1,
                                 lambda s: pb.Game(preset, seed=s, **options))
    assert ended >= n and vec.episodes.sum() == ended


def _step_alongside(vec, games, seeds, actions, as_int32, deal):
    """Step `vec` and each of its `games` by `actions`; check the rewards, ends and
    winners agree and deal an ended game's next episode (``deal(seed)``) as vec does.
    Returns how many games ended."""
    ended = 0
    rewards, dones = vec.step(actions.astype(np.int32) if as_int32 else actions)
    for i, a in enumerate(actions.tolist()):
        g = games[i]
        g.apply_action(a)
        assert dones[i] == g.is_terminal()
        assert rewards[i].tolist() == pytest.approx(g.returns())
        if g.is_terminal():
            assert vec.winners[i] == g.winner
            ended += 1
            seeds[i] = (seeds[i] + vec.num_games) % 2**64
            games[i] = deal(seeds[i])
        else:
            assert vec.winners[i] == -1
    return ended


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


CHEUNG_CASES = [
    {},                                                   # 20 cards: openings skip calls
    {"players": 3, "jokers_leave_at": 12, "recharge_at": 6, "first_starter": "random"},
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("options", CHEUNG_CASES, ids=["preset", "jokers-leave"])
def test_batched_cheung_games_are_the_games_played_one_by_one(options, engine):
    """Cheung's openings skip the calls certain for the cards in play: the span, the
    exact masks, uniform picks among the allowed calls, the deals and rewards all
    equal N games of pb.Game("cheung") on the same seeds and actions."""
    n, seed = 4, 2**64 - 2                  # the seeds wrap past 2**64
    vec = VectorGame("cheung", num_games=n, seed=seed, _engine=engine, **options)
    seeds = [(seed + i) % 2**64 for i in range(n)]
    games = [pb.Game("cheung", seed=s, **options) for s in seeds]
    rng = np.random.default_rng(5)
    ended = skipped = 0
    for step in range(500 if engine == "compiled" else 150):
        masks = vec.action_masks()
        observations = vec.observations() if step % 50 == 0 else None
        for i, g in enumerate(games):
            seat = g.current_player
            assert vec.to_play[i] == seat and vec.seeds[i] == seeds[i]
            if observations is not None:
                assert np.array_equal(observations[i], g.observation_array(seat))
            assert np.array_equal(masks[i], g.action_mask())
            legal = g.legal_actions()
            assert (vec.legal_start[i], vec.legal_stop[i]) == (legal[0], legal[-1] + 1)
            skipped += legal[-1] + 1 - legal[0] - len(legal)
            assert vec.cards[i] == g.hand(seat).mask
            assert tuple(vec.hand_sizes[i]) == g.hand_sizes
            assert vec.last_call[i] == (-1 if g.last_call is None else g.last_call.index)
            assert vec.last_caller[i] == (-1 if g.last_caller is None else g.last_caller)
            assert vec.starter[i] == g.starter
        uniforms = np.random.default_rng(step).random(n)
        actions = vec.random_actions(np.random.default_rng(step))
        for i, g in enumerate(games):        # the uniform pick among the legal actions
            legal = g.legal_actions()
            assert actions[i] == legal[int(uniforms[i] * len(legal))]
        if step % 7 == 0:                    # challenge whenever one may
            actions = np.where(vec.last_call >= 0, vec.challenge_action, actions)
        ended += _step_alongside(vec, games, seeds, actions, False,
                                 lambda s: pb.Game("cheung", seed=s, **options))
    assert ended >= 2 and vec.episodes.sum() == ended
    assert skipped > 0          # openings did skip calls inside the span


@pytest.mark.parametrize("engine", ENGINES)
def test_cheung_barred_openings_are_refused(engine):
    vec = VectorGame("cheung", num_games=3, seed=9, _engine=engine)
    mask = vec.action_masks()[1]
    barred = [a for a in range(vec.legal_start[1], vec.legal_stop[1]) if not mask[a]]
    assert barred                       # 20 cards in play: certain calls inside the span
    before = {name: getattr(vec, name).copy() for name in ARRAYS}
    masks = vec.action_masks()
    allowed = [int(np.flatnonzero(m)[0]) for m in masks]
    for bad in ([allowed[0], barred[0], allowed[2]], [allowed[0], allowed[1], barred[-1]],
                [allowed[0], allowed[1], vec.challenge_action]):
        with pytest.raises(pb.IllegalAction, match="no game moved") as info:
            vec.step(bad)
        assert f"action {bad[1] if bad[1] != allowed[1] else bad[2]}" in str(info.value)
        for name in ARRAYS:
            assert np.array_equal(getattr(vec, name), before[name]), name
        assert np.array_equal(vec.action_masks(), masks)
    vec.step(allowed)
    assert vec.last_call.tolist() == allowed


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


@pytest.mark.parametrize("engine", ENGINES)
def test_out_arrays_are_checked_alike_on_both_engines(engine):
    vec = VectorGame("pagat", num_games=2, seed=4, _engine=engine)
    rows = {"observations": (np.float32, vec.observation_size),
            "action_masks": (np.int8, vec.num_actions)}
    for name, (dtype, width) in rows.items():
        fill = getattr(vec, name)
        good = np.zeros((2, width), dtype)
        assert fill(good) is good and np.array_equal(good, fill())
        frozen = good.copy()
        frozen.flags.writeable = False
        for bad, shown in ((np.zeros((2, width), np.float64), "a float64 array of shape"),
                           (np.zeros((3, width), dtype), r"of shape \(3, "),
                           (np.zeros((2, 2 * width), dtype)[:, ::2], "non-contiguous"),
                           (frozen, "read-only"), ([0, 1], r"\[0, 1\]$"), (4, "4$")):
            with pytest.raises(ValueError, match=rf"out must be a writable C-contiguous "
                                                 rf"{np.dtype(dtype)} array of shape "
                                                 rf"\(2, {width}\), not (.* )?{shown}"):
                fill(bad)
