"""Saving and restoring: JSON (with the generator) and the compact text log."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import pokerbull as pb


def play(g: pb.Game, actions: int, seed: int = 0) -> list[int]:
    """Apply up to `actions` random legal actions; return them."""
    choose = random.Random(seed)
    done = []
    for _ in range(actions):
        if g.is_terminal():
            break
        a = choose.choice(g.legal_actions())
        g.apply_action(a)
        done.append(a)
    return done


@pytest.mark.parametrize("preset", ["pagat", "pagat-wild", "pagat-five", "holdem"])
def test_json_round_trip_continues_exactly(preset):
    g = pb.Game(preset, players=5, seed=11, first_starter="random")
    play(g, 40)
    restored = pb.Game.from_json(g.to_json())
    assert restored == g
    assert restored.to_json() == g.to_json()
    # both continue identically, through new deals drawn from the restored generator
    choose = random.Random(5)
    while not g.is_terminal():
        a = choose.choice(g.legal_actions())
        g.apply_action(a)
        restored.apply_action(a)
    assert restored == g and restored.winner == g.winner


def test_json_round_trip_with_another_bit_generator():
    g = pb.Game("pagat", players=3, seed=np.random.Generator(np.random.MT19937(1)))
    play(g, 30)
    restored = pb.Game.from_json(g.to_json())
    assert restored == g
    play(g, 30, seed=9)
    play(restored, 30, seed=9)
    assert restored == g


def test_json_of_a_manual_game_waiting_for_a_deal():
    g = pb.Game("pagat", players=3, first_starter="random", seed=4, dealing="manual")
    restored = pb.Game.from_json(g.to_json())
    assert restored == g and restored.awaiting_deal
    assert json.loads(g.to_json())["rng"] is None
    g.deal(["As", "Kd", "9c"])
    g.call("one Ace")
    g.challenge()
    restored = pb.Game.from_json(g.to_json())
    assert restored == g and restored.awaiting_deal and restored.dealing == "manual"


def test_json_is_plain_and_readable():
    g = pb.Game("holdem", players=3, seed=2)
    play(g, 12)
    data = json.loads(g.to_json())
    assert data["format"] == "pokerbull-game" and data["rules"]["preset_name"] == "holdem"
    types = {r["type"] for r in data["history"]}
    assert {"deal", "call"} <= types


def test_broken_saves_are_refused():
    g = pb.Game("pagat", players=3, seed=2)
    play(g, 25)
    data = json.loads(g.to_json())
    with pytest.raises(ValueError, match="not valid JSON"):
        pb.Game.from_json("{")
    with pytest.raises(ValueError, match="not a saved pokerbull game"):
        pb.Game.from_json("[]")
    bad = dict(data, version=99)
    with pytest.raises(ValueError, match="version 99 is not supported"):
        pb.Game.from_dict(bad)
    # a tampered deal: the replay notices the result no longer matches
    tampered = json.loads(g.to_json())
    result = next(r for r in tampered["history"] if r["type"] == "result")
    result["loser"] = (result["loser"] + 1) % 3
    with pytest.raises(ValueError, match="history entry"):
        pb.Game.from_dict(tampered)
    illegal = json.loads(g.to_json())
    call = next(r for r in illegal["history"] if r["type"] == "call")
    call["seat"] = (call["seat"] + 1) % 3
    with pytest.raises(ValueError, match="replaying action .*it is seat"):
        pb.Game.from_dict(illegal)


def test_pickle_free_clone_is_independent():
    g = pb.Game("pagat", players=4, seed=8)
    play(g, 10)
    c = g.clone()
    assert c == g
    play(c, 20, seed=1)
    assert c != g
    play(g, 20, seed=1)
    assert c == g                      # same actions from the same state: same game


def test_text_log_round_trip():
    g = pb.Game("holdem", players=4, seed=3, direction="counter-clockwise")
    play(g, 60)
    log = g.to_log()
    assert log.startswith("pokerbull game log 1\nrules holdem players=4")
    assert "\ndeal 0: " in log and " challenge\n" in log and "\n# hand 1: seat" in log
    replay = pb.Game.from_log(log)
    assert replay.dealing == "manual"
    assert [r.to_dict() for r in replay.history] == [r.to_dict() for r in g.history]
    assert replay.to_log() == log


def test_log_of_a_finished_game_replays_to_the_same_winner():
    g = pb.Game("pagat-five", players=3, seed=12)
    play(g, 100_000)
    assert g.is_over
    replay = pb.Game.from_log(g.to_log())
    assert replay.is_over and replay.winner == g.winner


def test_bad_logs_are_refused():
    with pytest.raises(ValueError, match="not a pokerbull game log"):
        pb.Game.from_log("hello")
    head = "pokerbull game log 1\nrules pagat players=2\n"
    with pytest.raises(ValueError, match="line 3: expected 'deal STARTER"):
        pb.Game.from_log(head + "deal x: As | Kd\n")
    with pytest.raises(ValueError, match="seat 1 must get 1 card"):
        pb.Game.from_log(head + "deal 0: As | Kd Kc\n")
    with pytest.raises(ValueError, match="it is seat 0's turn"):
        pb.Game.from_log(head + "deal 0: As | Kd\n1 one_card:A\n")
    with pytest.raises(ValueError, match="first hand is started by seat 1, but the rules say seat 0"):
        pb.Game.from_log(head + "deal 1: As | Kd\n")
    with pytest.raises(ValueError, match="hand 2 is started by seat 1, not seat 0"):
        pb.Game.from_log(head + "deal 0: As | Kd\n0 one_card:A\n1 challenge\ndeal 0: As | Kd Kc\n")


def test_pickle_and_copy():
    g = pb.Game("pagat-wild", players=4, seed=6, start_cards=2)
    play(g, 30)
    assert pickle.loads(pickle.dumps(g)) == g
    assert pickle.loads(pickle.dumps(g.rules)) == g.rules
    assert copy.deepcopy(g) == g and copy.copy(g) == g
    assert copy.deepcopy(g) is not g
