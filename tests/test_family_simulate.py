"""Simulation and tournaments of any game through the game protocol (a toy wing)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from toy_game import Bold, register

import pokerbull as pb
from pokerbull.protocol import GameState


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    register(monkeypatch)


def test_the_toy_follows_the_protocol():
    assert isinstance(pb.protocol.wing("toy").new_game(players=3), GameState)


def test_simulate_plays_every_game_and_returns_sum_to_zero():
    r = pb.simulate("toy", bots=["bold", "coin"], games=2500, seed=4)
    assert (r.games, r.players, r.engine, r.bots) == (2500, 2, "python", ("bold", "coin"))
    assert abs(r.mean_returns.sum()) < 1e-9
    # a seat "wins" when its return is the top one; ties count for both
    assert r.seat_wins.sum() >= r.games
    rate, lo, hi = r.win_rate(0)
    assert 0 <= lo <= rate <= hi <= 1
    data = json.loads(r.to_json())
    assert data["game"] == "toy" and data["games"] == 2500 and len(data["seats"]) == 2
    assert "bold" in r.table() and "mean return" in r.table()


def test_the_seed_fixes_the_result_whatever_the_workers():
    one = pb.simulate("toy", bots=["bold", "coin"], games=2100, seed=9)
    assert pb.simulate("toy", bots=["bold", "coin"], games=2100, seed=9, workers=2) == one
    assert pb.simulate("toy", bots=["bold", "coin"], games=2100, seed=10) != one


def test_a_better_bot_earns_more():
    r = pb.simulate("toy", bots=["bold", ("coin", {})], games=4000, seed=1)
    assert r.mean_returns[0] > r.mean_returns[1]


def test_agents_play_through_the_protocol():
    r = pb.simulate("toy", bots=[Bold(at=4), "bold"], games=500, seed=2)
    assert r.engine == "python" and r.bots == ("bold", "bold")


def test_bad_bots_and_options_are_named():
    with pytest.raises(ValueError, match="unknown High card bot 'brave'; built-in bots: bold, coin"):
        pb.simulate("toy", bots=["brave", "coin"], games=10)
    with pytest.raises(ValueError, match="High card bot 'bold'.*'nerve'"):
        pb.simulate("toy", bots=[("bold", {"nerve": 1}), "coin"], games=10)
    with pytest.raises(ValueError, match="at least 2 players"):
        pb.simulate("toy", bots=["bold"], games=10)
    with pytest.raises(ValueError, match=r"seats 3 bots at a table of players=2"):
        pb.simulate("toy", bots=["bold", "coin", "coin"], players=2, games=10)
    with pytest.raises(ValueError, match="compiled"):
        pb.simulate("toy", bots=["bold", "coin"], games=10, engine="compiled")
    with pytest.raises(ValueError, match="High card options.*colour"):
        pb.simulate("toy", bots=["bold", "coin"], games=10, colour="red")


def test_tournament_orders_the_toy_bots():
    t = pb.tournament("toy", ["bold", "coin"], games=3000, players=2, seed=5)
    ranking = t.ranking()
    assert [r["bot"] for r in ranking] == ["bold", "coin"]
    assert ranking[0]["low"] > ranking[1]["high"]


def test_unknown_game_names_the_choices():
    with pytest.raises(ValueError, match="unknown game or preset 'chess'.*toy"):
        pb.simulate("chess", games=10)


def test_seat_wins_count_ties_for_everyone_at_the_top():
    r = pb.simulate("toy", bots=["bold", "bold"], games=1000, seed=3)
    assert r.seat_wins.sum() > 1000       # equal cards happen, both win
    assert np.isclose(r.mean_returns.sum(), 0)


def test_games_scored_in_chips_rank_by_mean_return():
    t = pb.tournament("toy", ["coin", "bold"], games=2000, players=2, seed=8)
    assert t.in_chips
    rows = t.ranking()
    assert [r["bot"] for r in rows] == ["bold", "coin"]
    assert rows[0]["mean_return"] > 0 > rows[1]["mean_return"]
    assert abs(rows[0]["mean_return"] + rows[1]["mean_return"]) < 1e-9   # zero-sum, 2 seats
    assert "mean return" in t.table()
    m = t.match("bold", "coin")
    assert m.first_return == pytest.approx(rows[0]["mean_return"])
    assert not pb.tournament("pagat", ["random", "probability"], games=200, players=2,
                             seed=1).in_chips
