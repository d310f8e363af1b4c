"""Simulation and tournament results say the same keys for every game (issue 20).

``game`` and ``options`` (Poker Bull's preset is its game name), ``bots``, ``engine``,
``games`` and ``seed``; the previous release's keys still read, with a warning.
"""

from __future__ import annotations

import json
import pickle
import warnings

import pytest

import pokerbull as pb

SHARED = {"game", "options", "bots", "engine", "games", "seed", "seats", "by_bot"}


@pytest.mark.parametrize("game, options", [("pagat", {}), ("cheat", {}), ("roulette", {})])
def test_simulation_json_has_the_same_keys_for_every_game(game, options):
    r = pb.simulate(game, games=4, seed=3, players=3, **options)
    data = json.loads(r.to_json())
    assert SHARED <= set(data), SHARED - set(data)
    assert data["game"] == game == r.game
    assert data["options"] == dict(r.options)
    assert "preset" not in data and "rules" not in data


def test_poker_bull_options_are_its_rule_options():
    r = pb.simulate("holdem", games=3, seed=1, players=3, start_cards=2)
    assert r.game == "holdem" and r.options["start_cards"] == 2
    assert r.to_dict()["options"] == r.rules.options()


def test_old_keys_read_with_a_deprecation_warning():
    r = pb.simulate("pagat", games=3, seed=1, players=3)
    data = r.to_dict()
    with pytest.warns(DeprecationWarning, match="'preset' is now 'game'"):
        assert data["preset"] == "pagat"
    with pytest.warns(DeprecationWarning, match="'rules' is now 'options'"):
        assert data["rules"] == data["options"]
    with pytest.raises(KeyError):
        data["no such key"]
    assert pickle.loads(pickle.dumps(data)) == data
    t = pb.tournament("cheat", ["honest", "liar"], games=2, players=2, seed=1)
    with pytest.warns(DeprecationWarning, match="TournamentResult.game"):
        assert t.preset == "cheat"
    with pytest.warns(DeprecationWarning):
        assert t.to_dict()["preset"] == "cheat"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert t.game == "cheat" and json.loads(t.to_json())["game"] == "cheat"
