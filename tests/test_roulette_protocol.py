"""Poker roulette follows the game protocol: random games, illegal actions, JSON, observations."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from pokerbull.protocol import CHANCE_PLAYER, TERMINAL_PLAYER, GameState, IllegalAction, Observation
from pokerbull.roulette import Game
from pokerbull.roulette.game import CALL, DEAL, FOLD, NUM_ACTIONS, RAISE, CardDealt, observation_size


def illegal_candidates(g):
    legal = set(g.legal_actions())
    out = [a for a in range(NUM_ACTIONS) if a not in legal]
    return out + [-1, NUM_ACTIONS, 2.5, "1", None, True]


def play_random(g, rng, try_illegal=True, check_everything=True):
    steps = 0
    while not g.is_terminal():
        if try_illegal:
            before = g.to_json()
            for a in rng.permutation(np.array(illegal_candidates(g), dtype=object))[:6]:
                with pytest.raises(ValueError):
                    g.apply_action(a)
                assert not g.can_apply_action(a)
                assert g.to_json() == before
        legal = g.legal_actions()
        assert legal == sorted(legal) and legal
        p = g.current_player
        if check_everything:
            if p == CHANCE_PLAYER:
                outcomes = g.chance_outcomes()
                assert [a for a, _ in outcomes] == legal
                assert sum(q for _, q in outcomes) == pytest.approx(1.0)
            else:
                assert 0 <= p < g.num_players
                mask = g.action_mask()
                assert mask.shape == (NUM_ACTIONS,) and list(np.flatnonzero(mask)) == legal
                obs = g.observation(p)
                assert obs.legal_actions() == legal
                assert (obs.action_mask() == mask).all()
                arr = obs.to_array()
                assert arr.shape == (g.observation_size,) and arr.dtype == np.float32
                assert (g.observation_array(p) == arr).all()
                for other in range(g.num_players):
                    if other != p:
                        assert g.observation(other).legal_actions() == []
                        assert not g.action_mask(other).any()
            assert sum(g.put_in) == g.pot
        if p == CHANCE_PLAYER:
            actions, probs = zip(*g.chance_outcomes())
            a = int(rng.choice(actions, p=np.array(probs)))
        else:
            a = int(rng.choice(legal))
        g.apply_action(a)
        steps += 1
    return steps


@pytest.mark.parametrize("players, betting, chance", [(3, True, False), (5, True, True),
                                                       (6, True, False), (4, False, True),
                                                       (11, True, False)])
def test_random_games_with_illegal_actions_tried_at_every_step(players, betting, chance):
    rng = np.random.default_rng(players)
    for k in range(4):
        g = Game(players=players, seed=k, betting=betting, chance_nodes=chance)
        assert isinstance(g, GameState)
        play_random(g, rng)
        assert g.current_player == TERMINAL_PLAYER and g.legal_actions() == []
        r = g.returns()
        assert sum(r) == 0
        assert sum(g.result.payouts) == g.pot == sum(g.put_in)
        # every card is somewhere: stockpiles, discard, active, or not dealt
        held = sum(len(g.stockpile(s)) for s in range(players)) + len(g.discard) \
            + sum(len(g.active_cards(s)) for s in range(players))
        assert held + g.cards_left == g.rules.deck_size


def test_chips_conserved_over_many_betting_games():
    rng = np.random.default_rng(5)
    for k in range(40):
        g = Game(players=int(rng.integers(3, 8)), seed=k)
        play_random(g, rng, try_illegal=False, check_everything=False)
        assert sum(g.returns()) == 0
        assert all(r >= -sum(g.put_in) for r in g.returns())


def test_clone_continues_exactly_and_independently():
    rng = np.random.default_rng(2)
    g = Game(players=5, seed=3)
    for _ in range(7):
        g.apply_action(int(rng.choice(g.legal_actions())))
    c = g.clone()
    assert c.to_json() == g.to_json() and c == g
    saved = g.to_json()
    play_random(c, np.random.default_rng(9), try_illegal=False)
    assert g.to_json() == saved                       # the original did not move
    d = g.clone()
    play_random(d, np.random.default_rng(9), try_illegal=False)
    assert d.to_json() == c.to_json()                 # same choices, same cards


def test_json_round_trip_with_the_generator_continues_identically():
    shuffled = [int(i) for i in np.random.default_rng(8).permutation(54)]
    for dealing in ({"seed": 4}, {"chance_nodes": True}, {"deck": shuffled}):
        g = Game(players=4, **dealing)
        rng = np.random.default_rng(1)
        for _ in range(9):
            if g.is_terminal():
                break
            if g.current_player == CHANCE_PLAYER:
                g.apply_action(g.legal_actions()[0])
            else:
                g.apply_action(int(rng.choice(g.legal_actions())))
        h = Game.from_json(g.to_json())
        assert h.to_json() == g.to_json()
        play_random(g, np.random.default_rng(3), try_illegal=False, check_everything=False)
        play_random(h, np.random.default_rng(3), try_illegal=False, check_everything=False)
        assert h.to_json() == g.to_json() and h.returns() == g.returns()


def test_pickle_and_deepcopy_keep_the_game():
    import copy
    import pickle
    g = Game(players=4, seed=1)
    g.apply_action(RAISE)
    assert pickle.loads(pickle.dumps(g)).to_json() == g.to_json()
    assert copy.deepcopy(g) == g


def test_json_round_trip_of_a_fixed_deck():
    deck = "As 3c 4c 5d 6d 7d 8d 9d Td Kh Jc Qc Ac 2s Ah 3h 4h 5h 6h 7h"
    g = Game(players=3, deck=deck)
    g.apply_action(RAISE)
    g.apply_action(CALL)
    h = Game.from_json(g.to_json())
    assert h == g and h.dealing == "deck"
    for x in (g, h):
        while not x.is_terminal():
            x.apply_action(CALL)
    assert h.to_json() == g.to_json()


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.pop("format"), "format"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(rules={"players": 2}), "rules"),
    (lambda d: d.update(rules={"players": 4, "colour": 1}), "rules"),
    (lambda d: d.update(dealing="shuffled"), "dealing"),
    (lambda d: d.update(actions="1 2 3"), "actions"),
    (lambda d: d.update(actions=d["actions"] + [DEAL + 53] * 3), "actions"),
    (lambda d: d.update(actions=[7, 7, 7, 7, 7]), "actions"),
    (lambda d: d.update(rng={"bit_generator": "Nope"}), "rng"),
    (lambda d: d.update(rng={"bit_generator": "PCG64", "state": "x"}), "rng"),
])
def test_malformed_saves_raise_one_clear_value_error_naming_the_field(mutate, field):
    g = Game(players=4, seed=2)
    g.apply_action(CALL)
    data = json.loads(g.to_json())
    mutate(data)
    with pytest.raises(ValueError, match=field):
        Game.from_json(json.dumps(data))


def test_not_json_at_all():
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_json("{nope")
    with pytest.raises(ValueError, match="JSON text"):
        Game.from_json(12)


def test_observation_hides_other_stock_cards_and_all_face_down_cards():
    deck = "As Kc Qd  2h 3h 4h  5s 6s 7s  9h"
    g = Game(players=3, deck=deck + " 8c 8d 8h 8s Tc Td Th", betting=True)
    o = g.observation(1)
    assert str(o.stock_card) == "Kc"
    assert [list(map(str, p)) for p in o.stockpiles] == [[], ["Kc"], []]
    assert o.stockpile_sizes == (1, 1, 1) and o.active_counts == (2, 2, 2)
    assert isinstance(o, Observation)
    g.apply_action(CALL), g.apply_action(CALL), g.apply_action(CALL)
    o = g.observation(1)           # the actives were turned over against 9h
    assert [list(map(str, p)) for p in o.stockpiles] == [["2h"], ["Kc", "3h"], ["4h"]]
    assert o.stockpile_sizes == (2, 2, 2)
    assert "As" not in o.describe() and "Kc" in o.describe()
    seen_by_1 = "\n".join(g.log_for(1))
    assert "Queen of diamonds" not in seen_by_1 and "King of clubs" in seen_by_1
    assert "Queen of diamonds" in "\n".join(g.log_for(2))


def test_folded_active_cards_stay_face_down_in_the_discard():
    g = Game(players=3, deck="As Kc Qd 2h 3h 4h 5s 6s 7s 9h 8c 8d 8h 8s Tc Td Th")
    g.apply_action(RAISE), g.apply_action(FOLD)
    o = g.observation(0)
    assert o.discard == () and o.discard_face_down == 2
    assert sorted(map(str, g.discard)) == ["3h", "6s"]


def test_observation_array_layout():
    g = Game(players=4, seed=1)
    arr = g.observation_array(2)
    n = 4
    assert arr.size == observation_size(n) == 60 * n + 3 * 54 + 7
    assert arr[2] == 1 and arr[n + g.current_player] == 1
    own = g.observation(2).stock_card
    from pokerbull.evaluator import card_index
    base = 6 * n + 54 * n
    assert arr[base + card_index(own)] == 1 and arr[base:base + 54].sum() == 1


def test_action_strings_round_trip():
    g = Game(players=3, seed=1)
    assert g.action_to_string(CALL) == "check" and g.action_to_string(RAISE) == "bet"
    for word, a in (("fold", FOLD), ("check", CALL), ("call", CALL), ("raise", RAISE),
                    ("bet", RAISE), ("deal As", DEAL + 51), ("deal X1", DEAL + 52)):
        assert g.string_to_action(word) == a
    assert g.action_to_string(DEAL + 51) == "deal As"
    with pytest.raises(ValueError, match="not an action"):
        g.string_to_action("shove")
    with pytest.raises(IllegalAction, match="does not exist"):
        g.action_to_string(99)


def test_history_records_are_frozen():
    g = Game(players=3, seed=1, betting=False)
    for r in g.history:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(r, dataclasses.fields(r)[0].name, 99)
        assert isinstance(r.to_dict(), dict)
    assert any(isinstance(r, CardDealt) for r in g.history)


def test_chance_node_refuses_a_card_that_is_all_out():
    g = Game(players=3, chance_nodes=True)
    assert g.current_player == CHANCE_PLAYER
    g.apply_action(DEAL + 52)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="already out"):
        g.apply_action(DEAL + 52)
    with pytest.raises(IllegalAction, match="card is to be dealt"):
        g.apply_action(CALL)
    assert g.to_json() == before


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 2}, "at least 3"),
    ({"players": "5"}, "whole number"),
    ({"suit_order": "shd"}, "suit_order"),
    ({"betting": 1}, "betting"),
    ({"ante": 0}, "ante"),
    ({"bet_size": -1}, "bet_size"),
    ({"max_raises": 1.5}, "max_raises"),
    ({"seed": -3}, "seed"),
    ({"seed": "x"}, "seed"),
    ({"deck": "As As"}, "appears 2 times"),
    ({"deck": "As Ks Qs Js Ts 9s 8s 7s 6s 5s", "seed": "s"}, "seed"),
    ({"deck": "As Zq"}, "deck card 1"),
    ({"deck": "As Ks"}, "first round"),
    ({"deck": "As Ks", "chance_nodes": True}, "not both"),
    ({"chance_nodes": "yes"}, "chance_nodes"),
])
def test_bad_options_are_clear_errors(kwargs, words):
    kwargs = {"players": 3, **kwargs}
    with pytest.raises(ValueError, match=words):
        Game(**kwargs)


def test_same_seed_same_game():
    a, b = Game(players=5, seed=21), Game(players=5, seed=21)
    assert a.to_json() == b.to_json()
    assert Game(players=5, seed=22).to_json() != a.to_json()
