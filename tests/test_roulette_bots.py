"""Poker roulette bots, the Wing, the compiled loop against its pure twin, a tournament."""

from __future__ import annotations

import math

import numpy as np
import pytest

import pokerbull.roulette as roulette
from pokerbull.protocol import Wing, wing
from pokerbull.roulette import Game
from pokerbull.roulette.bots import ReaderBot, SplitMix64, StationBot, standing
from pokerbull.roulette.game import CALL, FOLD, RAISE
from pokerbull.roulette.simulation import fast_simulate, play_compiled, play_pure

LINEUP = ["random", "station", "timid", "reader", "reader"]


def test_wing_registration():
    w = wing("roulette")
    assert isinstance(w, Wing) and w is roulette.WING
    assert w.name == "roulette" and w.title == "Poker roulette" and w.min_players == 3
    assert set(w.default_bots) <= set(w.bots)
    g = w.new_game(players=4, seed=3, betting=False)
    assert isinstance(g, Game) and g.num_players == 4
    for name, factory in w.bots.items():
        bot = factory(seed=1)
        assert bot.name == name and isinstance(bot.params(), dict)
    assert w.bots["reader"](seed=None, raise_at="trips").params() == {"raise_at": 3}


def test_bots_play_legal_actions_in_every_state():
    rng = np.random.default_rng(0)
    for k in range(15):
        g = Game(players=int(rng.integers(3, 8)), seed=k)
        bots = [roulette.WING.bots[n](seed=k + s) for s, n in
                enumerate(rng.choice(list(roulette.WING.bots), g.num_players))]
        for s, b in enumerate(bots):
            b.reset(s)
        while not g.is_terminal():
            seat = g.current_player
            a = bots[seat].act(g.observation(seat))
            assert a in g.legal_actions()
            g.apply_action(a)


def test_reader_folds_to_a_bet_when_a_visible_stockpile_beats_it():
    # seat 1 keeps a pair of Kings face up plus the match card; seat 0 holds a lone Two
    deck = "2c 3c 4c  Kd 6d 7d  Kc 9d Td  Kh  5h 5s 9s 8c 2d"
    g = Game(players=3, deck=deck)
    while g.round == 1:
        g.apply_action(CALL)
    assert [str(c) for c in g.stockpile(0)][1:] == ["Kd", "Kc", "Kh"]
    g.apply_action(CALL)            # seat 0 checks
    bot = ReaderBot()
    bot.reset(1)
    mine, best = standing(g.observation(1))
    assert best > mine
    g.apply_action(RAISE)            # seat 1 bets (a person, not the bot)
    bot.reset(2)
    obs = g.observation(2)
    assert obs.to_call == 1 and bot.act(obs) == FOLD
    assert StationBot().act(obs) == CALL


def test_reader_raises_when_ahead_with_a_pair_or_better():
    deck = "2c 3c 4c  Kd 6d 7d  Kc 9d Td  Kh  5h 5s 9s 8c 2d"
    g = Game(players=3, deck=deck)
    while g.round == 1:
        g.apply_action(CALL)
    bot = ReaderBot()
    bot.reset(0)
    assert bot.act(g.observation(0)) == RAISE


def test_splitmix64_known_values():
    # the published first outputs of SplitMix64 seeded with 1234567
    r = SplitMix64(1234567)
    assert [r.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973,
                                            9817491932198370423]


@pytest.mark.parametrize("players, betting", [(5, True), (5, False), (3, True), (7, True),
                                              (11, False), (23, True)])
def test_compiled_loop_equals_the_pure_twin_game_for_game(players, betting):
    engine = pytest.importorskip("pokerbull.roulette._engine")
    bots = (LINEUP * 5)[:players]
    options = {"betting": betting, "suit_order": "hsdc" if players == 7 else "shdc"}
    a = play_pure(options, players, bots, 60, seed=players)
    b = play_compiled(engine, options, players, bots, 60, seed=players)
    assert b is not None
    assert a["games"] == b["games"] == 60 and a["actions"] == b["actions"]
    assert (a["returns"] == b["returns"]).all() and (a["wins"] == b["wins"]).all()
    assert a["returns"].sum() == 0
    if betting:
        assert a["actions"] > 0


def test_fast_simulate_answers_none_without_the_compiled_engine(monkeypatch):
    import pokerbull.roulette.simulation as simulation
    monkeypatch.setattr(simulation, "_engine", lambda: None)
    assert fast_simulate({}, 3, ["reader"] * 3, 0, 0) is None


def test_fast_simulate_answers_none_for_unknown_bots():
    assert fast_simulate({}, 3, ["reader", "reader", "mystery"], 10, 1) is None
    assert play_pure({}, 3, ["reader", "reader", "mystery"], 10, 1) is None
    with pytest.raises(ValueError, match="one bot per seat"):
        play_pure({}, 3, ["reader"], 10, 1)


def test_fast_simulate_same_seed_same_totals():
    if fast_simulate({}, 5, LINEUP, 0, seed=0) is None:
        pytest.skip("the compiled engine is not in use")
    a = fast_simulate({}, 5, LINEUP, 100, seed=42)
    b = fast_simulate({}, 5, LINEUP, 100, seed=42)
    assert (a["returns"] == b["returns"]).all() and a["actions"] == b["actions"]


def _mean_ci(per_game: np.ndarray) -> tuple[float, float]:
    mean = float(per_game.mean())
    half = 1.96 * float(per_game.std(ddof=1)) / math.sqrt(len(per_game))
    return mean, half


def test_tournament_orders_the_bots_with_confidence_intervals():
    """Each bot's mean chips per game over rotating seats; the better bot's interval is
    wholly above the weaker one's (reader > timid > station, timid > random)."""
    engine = pytest.importorskip("pokerbull.roulette._engine")
    names = ["reader", "timid", "station", "random", "reader"]
    per_bot: dict[str, list[float]] = {n: [] for n in set(names)}
    blocks = 40
    for rotation in range(5):
        seats = names[rotation:] + names[:rotation]
        for block in range(blocks):
            t = play_compiled(engine, {}, 5, seats, 250, seed=1000 * rotation + block)
            for s, n in enumerate(seats):
                per_bot[n].append(t["returns"][s] / t["games"])
    stats = {n: _mean_ci(np.array(v)) for n, v in per_bot.items()}

    def above(a, b):
        (ma, ha), (mb, hb) = stats[a], stats[b]
        return ma - ha > mb + hb

    assert above("reader", "timid"), stats
    assert above("timid", "station"), stats
    assert above("timid", "random"), stats


def test_the_family_simulation_runs_roulette_on_both_engines():
    import pokerbull as pb
    fast = pb.simulate("roulette", games=200, seed=3, engine="auto")
    assert fast.engine == ("compiled" if pb.backend() == "cython" else "python")
    slow = pb.simulate("roulette", games=40, seed=3, engine="python")
    for r in (fast, slow):
        assert abs(r.mean_returns.sum()) < 1e-9 and r.actions > 0
    # options beyond the rules (chance nodes) go through the Python engine
    r = pb.simulate("roulette", bots=["reader", "station", "random"], games=20, seed=1,
                    chance_nodes=True)
    assert r.engine == "python"


def test_bots_take_a_numpy_generator_as_seed():
    a = roulette.WING.bots["random"](seed=np.random.default_rng(5))
    b = roulette.WING.bots["random"](seed=np.random.default_rng(5))
    assert a.params() == b.params()
    with pytest.raises(ValueError, match="seed"):
        roulette.WING.bots["random"](seed=-1)


def test_the_engine_refuses_bad_decks_and_bots():
    engine = pytest.importorskip("pokerbull.roulette._engine")
    z = np.zeros(3)
    args = ((3, 2, 1, 0), True, 1, 1, 3, np.array([1, 1, 1], np.int32),
            np.zeros(3, np.int32), np.zeros(3, np.uint64), z, np.zeros(3, np.int64))
    bad = np.full((2, 54), 60, np.uint8)
    with pytest.raises(ValueError, match="card indices"):
        engine.play_games(bad, 3, *args)
    with pytest.raises(ValueError, match="at least 10 cards"):
        engine.play_games(np.zeros((2, 5), np.uint8), 3, *args)
    kinds = np.array([1, 7, 1], np.int32)
    with pytest.raises(ValueError, match="bot kind 7"):
        engine.play_games(np.zeros((2, 54), np.uint8), 3, args[0], True, 1, 1, 3, kinds,
                          *args[6:])
