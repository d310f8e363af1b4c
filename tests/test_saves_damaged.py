"""Saves of every game cannot describe a state the rules cannot reach (issue 21).

A damaged save is refused with a ValueError naming what is wrong, or loads into
a valid state; tools/hardening_campaigns.py runs the same damage at scale.
"""

from __future__ import annotations

import json

import pytest

import pokerbull as pb
import pokerbull.cheat as cheat
import pokerbull.roulette as roulette
from save_damage import check_loaded, damages, load, real_saves

GAMES = {"bull": pb.Game, "cheat": cheat.Game, "roulette": roulette.Game}
# damaged copies per save: the Cheat replay is the dearest (about 0.7 ms a load)
BUDGET = {"bull": 1500, "cheat": 400, "roulette": 1000}


def test_every_field_of_real_saves_of_every_game_damaged():
    refused = loaded = 0
    for k, (kind, label, text) in enumerate(real_saves()):
        check_loaded(kind, load(kind, text))
        for damaged in damages(json.loads(text), BUDGET[kind], seed=k):
            try:
                g = load(kind, damaged)
            except ValueError:
                refused += 1
                continue
            try:
                check_loaded(kind, g)
            except Exception as exc:  # noqa: BLE001 - report which save broke, then fail
                raise AssertionError(f"{kind} {label}: a damaged save loads into a bad "
                                     f"state ({exc!r}): {damaged}") from None
            loaded += 1
    assert refused > 9000 and loaded > 500      # both outcomes are exercised


@pytest.mark.parametrize("kind", GAMES)
def test_deep_nesting_and_huge_numbers_are_value_errors(kind):
    with pytest.raises(ValueError, match="malformed: it nests deeper"):
        GAMES[kind].from_json("[" * 100000 + "]" * 100000)
    with pytest.raises(ValueError, match="malformed: it nests deeper"):
        GAMES[kind].from_json('{"format": ' + "[" * 40 + "]" * 40 + "}")
    with pytest.raises(ValueError, match="malformed: a number of 5000 digits"):
        GAMES[kind].from_json('{"format": 1, "actions": [' + "9" * 5000 + "]}")


@pytest.mark.parametrize("field, value", [("_to_play", 99), ("_pile_size", -7), ("_phase", 1),
                                          ("_allowed", [0, 1, 99]), ("_groups", [[0]])])
def test_cheat_state_fields_must_be_the_state_the_actions_reach(field, value):
    g = cheat.Game(players=3, seed=1)
    d = json.loads(g.to_json())
    d["state"][field] = value
    with pytest.raises(ValueError, match=f"field 'state.{field}' is not the state"):
        cheat.Game.from_json(json.dumps(d))


def test_cheat_generator_must_be_where_the_actions_leave_it():
    d = json.loads(cheat.Game(players=3, seed=1).to_json())
    d["rng"] = json.loads(cheat.Game(players=3, seed=2).to_json())["rng"]
    with pytest.raises(ValueError, match="field 'rng'"):
        cheat.Game.from_json(json.dumps(d))


def test_roulette_refuses_a_saved_deck_the_constructor_refuses():
    g = roulette.Game(3, deck="2c 3c 4c 5d 6d 7d 8h 9d Kh Ks 2s 3s")
    d = json.loads(g.to_json())
    d["deck"] = "2c 3c 4c 5d 6d 7d 8h 9d Kh"
    with pytest.raises(ValueError, match="field 'deck' holds 9 cards"):
        roulette.Game.from_json(json.dumps(d))


def test_roulette_refuses_a_save_whose_players_changed():
    g = roulette.Game(4, seed=3)
    while not g.is_terminal() and len(g.history) < 14:
        g.apply_action(g.legal_actions()[0])
    for players in (3, 5, 9):
        d = json.loads(g.to_json())
        d["rules"]["players"] = players
        try:
            h = roulette.Game.from_json(json.dumps(d))
        except ValueError:
            continue
        check_loaded("roulette", h)


def test_a_cheung_log_with_a_yes_no_option_loads():
    g = pb.Game("cheung", players=4, seed=3, or_higher=False)
    g.call("three of a kind")
    h = pb.Game.from_log(g.to_log())
    assert h.rules == g.rules and h.last_call == g.last_call
    r = pb.Game("cheung", players=4, seed=3, or_higher=True).to_log()
    assert pb.Game.from_log(r).rules.or_higher is True
