"""The compiled game state (bull/_state.pxi) and the Python engine play the same games.

Every preset, random legal play with seeds: after each action both engines give the
same history records, JSON save, observations, masks, returns and generator state;
illegal actions are refused by both with the same message and change nothing; clones
and saves continue alike. `LegalActions` behaves as the list it stands for.
"""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

import pokerbull as pb
from conftest import BACKENDS
from pokerbull.bull import game as game_module

pytestmark = pytest.mark.skipif(game_module._CompiledGame is None,
                                reason="compiled core not built")

PythonGame = game_module._PythonGame
CompiledGame = game_module._CompiledGame

CASES = [
    ("pagat", {"players": 4}),
    ("pagat", {"players": 7, "direction": "counter-clockwise", "first_starter": "random"}),
    ("pagat-wild", {"players": 5, "start_cards": 2}),
    ("pagat-five", {"players": 3}),
    ("pagat-five", {"players": 6, "next_starter": "after-challenger"}),
    ("holdem", {"players": 4}),
    ("holdem", {"players": 2, "first_starter": "random"}),
    ("cheung", {"players": 3}),
    ("cheung", {"players": 4, "or_higher": True, "jokers_leave_at": 12, "recharge_at": 10}),
]


def same(py: pb.Game, cy: pb.Game) -> None:
    """Both games alike (when their calls come from the same ladder, i.e. the same
    kernels, records and observations compare as objects too)."""
    objects = py.ladder is cy.ladder
    assert [r.to_dict() for r in py.history] == [r.to_dict() for r in cy.history]
    assert py.to_json() == cy.to_json()
    assert py == cy and cy == py
    if not objects:
        assert py.legal_actions() == cy.legal_actions()
        for seat in range(py.players):
            assert np.array_equal(py.observation_array(seat), cy.observation_array(seat))
        return
    assert (py.current_player, py.hand_sizes, py.winner, py.returns(), py.hand_number,
            py.starter, py.last_call, py.last_caller, py.calls, py.pool) == \
        (cy.current_player, cy.hand_sizes, cy.winner, cy.returns(), cy.hand_number,
         cy.starter, cy.last_call, cy.last_caller, cy.calls, cy.pool)
    assert list(py.legal_actions()) == list(cy.legal_actions())
    assert py.legal_actions() == cy.legal_actions()
    for seat in range(py.players):
        assert np.array_equal(py.observation_array(seat), cy.observation_array(seat))
        assert np.array_equal(py.action_mask(seat), cy.action_mask(seat))
        assert py.observation(seat) == cy.observation(seat)
        assert py.hand(seat) == cy.hand(seat)
        assert py.log_for(seat) == cy.log_for(seat)
    assert np.array_equal(py.action_mask(), cy.action_mask())
    assert repr(py) == repr(cy) and py.to_log() == cy.to_log()


def refuse_alike(py: pb.Game, cy: pb.Game, action) -> None:
    before = cy.to_json()
    messages = []
    for g in (py, cy):
        with pytest.raises(ValueError) as info:
            g.apply_action(action)
        messages.append((type(info.value), str(info.value)))
    assert messages[0] == messages[1]
    assert cy.to_json() == before


@pytest.mark.parametrize("preset, options", CASES, ids=[f"{p}-{i}" for i, (p, _) in
                                                         enumerate(CASES)])
def test_engines_play_the_same_games(preset, options):
    choose = random.Random(preset)
    for seed in (5, 2**40 + 3) if preset == "pagat" else (5,):
        py = PythonGame(preset, seed=seed, **options)
        cy = CompiledGame(preset, seed=seed, **options)
        assert type(cy) is CompiledGame and isinstance(cy, pb.Game) and isinstance(py, pb.Game)
        same(py, cy)
        steps = 0
        while not cy.is_terminal():
            legal = cy.legal_actions()
            if steps % 7 == 0:
                bad = [a for a in (-1, 0, legal[0] - 1, cy.num_actions, cy.challenge_action)
                       if a not in legal]
                for a in bad[:2] + ["x", 1.5, None, True]:
                    refuse_alike(py, cy, a)
            a = choose.choice(legal)
            if steps % 11 == 5:            # a clone and a save go on alike
                twin, saved = cy.clone(), CompiledGame.from_json(cy.to_json())
                twin.apply_action(a)
                saved.apply_action(a)
            py.apply_action(a)
            cy.apply_action(np.int64(a) if steps % 2 else a)
            if steps % 11 == 5:
                assert twin.to_json() == saved.to_json() == cy.to_json()
            if steps % 9 == 0 or cy.is_terminal():
                same(py, cy)
            steps += 1
        assert py.winner == cy.winner


def test_engines_agree_on_the_pure_backend_too():
    py = pb.Game("pagat", players=5, seed=9, _core=BACKENDS["python"])
    cy = CompiledGame("pagat", players=5, seed=9)
    assert type(py) is PythonGame and type(cy) is CompiledGame
    choose = random.Random(1)
    while not cy.is_terminal():
        a = choose.choice(cy.legal_actions())
        py.apply_action(a)
        cy.apply_action(a)
    same(py, cy)


def test_a_given_generator_is_drawn_from_and_advanced_alike():
    gens = [np.random.default_rng(77), np.random.default_rng(77)]
    py = PythonGame("holdem", players=3, seed=gens[0], first_starter="random")
    cy = CompiledGame("holdem", players=3, seed=gens[1], first_starter="random")
    same(py, cy)
    choose = random.Random(2)
    for _ in range(60):
        if cy.is_terminal():
            break
        twin = cy.clone()               # a snapshot: the copy does not touch the generator
        a = choose.choice(cy.legal_actions())
        twin.apply_action(a)
        py.apply_action(a)
        cy.apply_action(a)
        assert twin.to_json() == cy.to_json()
        assert gens[0].bit_generator.state == gens[1].bit_generator.state
    same(py, cy)
    gens[1].random()                    # the game reads the generator as it is now
    assert cy._rng_json()["state"] == gens[1].bit_generator.state["state"]


def test_other_bit_generators_and_saves_of_them():
    gens = [np.random.Generator(np.random.MT19937(4)), np.random.Generator(np.random.MT19937(4))]
    py = PythonGame("pagat", players=3, seed=gens[0])
    cy = CompiledGame("pagat", players=3, seed=gens[1])
    choose = random.Random(3)
    while not cy.is_terminal():
        a = choose.choice(cy.legal_actions())
        py.apply_action(a)
        cy.apply_action(a)
        if a == cy.challenge_action:
            same(py, cy)
            copy = cy.clone()
            loaded = pb.Game.from_json(cy.to_json())
            assert copy.to_json() == loaded.to_json() == cy.to_json()
    same(py, cy)


def test_manual_dealing_and_logs():
    hands = ["As", "Kd", "9c"]
    py = PythonGame("pagat", players=3, hands=hands)
    cy = CompiledGame("pagat", players=3, hands=hands)
    for g in (py, cy):
        g.call("two Aces")
        g.challenge()
    same(py, cy)
    assert cy.awaiting_deal and cy.current_player == pb.Game.CHANCE_PLAYER
    refuse_alike(py, cy, 0)
    with pytest.raises(pb.IllegalAction, match="must get 2 cards"):
        cy.deal(["Ah", "Qs", "2c"])
    for g in (py, cy):
        g.deal(["Ah 3c", "Qs", "2c"])
    same(py, cy)
    again = pb.Game.from_log(cy.to_log())
    assert [r.to_dict() for r in again.history] == [r.to_dict() for r in cy.history]


def test_saves_load_on_either_engine():
    cy = CompiledGame("pagat-wild", players=4, seed=12)
    choose = random.Random(4)
    for _ in range(40):
        cy.apply_action(choose.choice(cy.legal_actions()))
    text = cy.to_json()
    py = pb.Game.from_json(text, _core=BACKENDS["python"])
    assert type(py) is PythonGame and py.to_json() == text
    back = pb.Game.from_json(py.to_json(), _core=BACKENDS["cython"])
    assert type(back) is CompiledGame and back == cy
    assert pickle.loads(pickle.dumps(cy)) == cy
    while not cy.is_terminal():
        a = choose.choice(cy.legal_actions())
        cy.apply_action(a)
        py.apply_action(a)
    same(py, cy)


def test_history_of_a_clone_is_its_own():
    g = CompiledGame("pagat", players=3, seed=3)
    choose = random.Random(5)
    for _ in range(10):
        g.apply_action(choose.choice(g.legal_actions()))
    before = g.history
    twin = g.clone()
    g.apply_action(g.challenge_action if g.last_call else 0)
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history[:len(before)] == before
    assert g.history[:len(before)] == before
    assert twin.history[len(before):] != g.history[len(before):]
    assert len(g.clone().history) == len(g.history)


def test_legal_actions_behave_as_a_list():
    g = CompiledGame("pagat", players=3, seed=1)
    legal = g.legal_actions()
    as_list = list(range(len(g.ladder)))
    assert legal == as_list and as_list == legal and not legal != as_list
    assert legal == tuple(as_list) and legal != as_list[:-1] and legal != as_list[::-1]
    assert len(legal) == len(as_list) and bool(legal)
    assert legal[0] == 0 and legal[-1] == as_list[-1] and legal[3:6] == [3, 4, 5]
    assert list(legal) == as_list and list(reversed(legal)) == as_list[::-1]
    assert legal.tolist() == as_list and np.array_equal(np.asarray(legal), as_list)
    assert 5 in legal and np.int64(5) in legal and -1 not in legal and "5" not in legal
    assert len(legal) not in legal and True not in legal
    assert legal.index(7) == 7 and legal.count(7) == 1 and legal.count(-3) == 0
    with pytest.raises(IndexError):
        legal[len(as_list)]
    with pytest.raises(ValueError):
        legal.index(-1)
    assert repr(legal) == repr(as_list) and json.dumps(list(legal)) == json.dumps(as_list)
    assert legal + [99] == as_list + [99] and [99] + legal == [99] + as_list
    assert pickle.loads(pickle.dumps(legal)) == as_list
    assert random.Random(0).choice(legal) == random.Random(0).choice(as_list)
    g.apply_action(10)
    legal = g.legal_actions()
    assert legal == list(range(g.ladder.first_raise_index(10), g.challenge_action + 1))
    assert g.challenge_action in legal and 10 not in legal
    while not g.is_terminal():
        g.apply_action(g.legal_actions()[-1])
    assert g.legal_actions() == [] and not g.legal_actions() and len(g.legal_actions()) == 0


def test_the_backend_chooses_the_engine():
    expected = CompiledGame if pb.backend() == "cython" else PythonGame
    assert type(pb.Game("pagat")) is expected
    assert type(pb.Game.from_json(pb.Game("pagat", seed=1).to_json())) is expected
    assert type(pb.Game("pagat", _core=BACKENDS["python"])) is PythonGame
    assert type(CompiledGame.from_json(PythonGame("pagat", seed=1).to_json())) is CompiledGame


def test_legal_actions_of_a_cheung_opening_skip_the_certain_calls():
    cy = CompiledGame("cheung", players=3, seed=2)
    expected = PythonGame("cheung", players=3, seed=2).legal_actions()
    legal = cy.legal_actions()
    banned = sorted(set(range(len(cy.ladder))) - set(expected))
    assert banned and legal == expected and expected == legal and legal == tuple(expected)
    assert len(legal) == len(expected) and list(legal) == expected and legal.tolist() == expected
    assert legal[5] == expected[5] and legal[-1] == expected[-1] and legal[2:9] == expected[2:9]
    assert list(reversed(legal)) == expected[::-1]
    assert np.array_equal(np.asarray(legal), expected)
    assert banned[0] not in legal and expected[7] in legal and legal.index(expected[7]) == 7
    assert legal != expected[:-1] and legal == cy.legal_actions()
    assert legal + [1] == expected + [1]
    cy.apply_action(expected[3])
    assert cy.legal_actions() == list(range(cy.ladder.first_raise_index(expected[3]),
                                            cy.challenge_action + 1))


def test_huge_and_odd_actions_are_refused_alike():
    py, cy = PythonGame("pagat", players=3, seed=6), CompiledGame("pagat", players=3, seed=6)
    for bad in (2**70, -2**70, np.uint64(2**64 - 1), np.int8(-3), 10**30):
        refuse_alike(py, cy, bad)
    same(py, cy)


def test_a_state_not_set_up_refuses_everything():
    blank = CompiledGame.__new__(CompiledGame)
    assert blank.is_terminal() and blank.legal_actions() == []
    with pytest.raises(pb.IllegalAction):
        blank.apply_action(0)


def test_subclasses_name_their_engine():
    class Mine(pb.Game):
        pass

    with pytest.raises(TypeError, match="subclass"):
        Mine("pagat")

    class Traced(CompiledGame):
        __slots__ = ()

    g = Traced("pagat", seed=1)
    assert type(g.clone()) is Traced and g == CompiledGame("pagat", seed=1)


def test_masks_and_observations_take_odd_seats_alike():
    # the compiled engine reads a plain int seat directly; every other seat goes through
    # the same check as the pure engine's
    py, cy = PythonGame("pagat", players=3, seed=2), CompiledGame("pagat", players=3, seed=2)
    to_play = cy.current_player
    for seat in (to_play, np.int64(to_play), (to_play + 1) % 3, np.int8((to_play + 2) % 3)):
        assert np.array_equal(py.action_mask(seat), cy.action_mask(seat))
        assert np.array_equal(py.observation_array(seat), cy.observation_array(seat))
        assert cy.action_mask(seat).dtype == np.int8
        assert cy.observation_array(seat).dtype == np.float32
    for bad in (3, -1, True, 2**70, 1.0, "0"):
        for call in ("action_mask", "observation_array"):
            messages = []
            for g in (py, cy):
                with pytest.raises(ValueError) as info:
                    getattr(g, call)(bad)
                messages.append(str(info.value))
            assert messages[0] == messages[1]


def test_masks_refuse_odd_seats_when_no_seat_is_to_play():
    # awaiting a manual deal, and at the end of the game: nobody is to play, yet a seat
    # that does not exist is still refused (it used to get a mask of zeros)
    waiting = [E("pagat", players=3, dealing="manual") for E in (PythonGame, CompiledGame)]
    over = [E("pagat", players=2, seed=1, card_limit=1) for E in (PythonGame, CompiledGame)]
    for g in over:
        g.call("one Ace")
        g.challenge()        # the loser's hand would pass the limit: the game is over
    for g in waiting + over:
        assert g.current_player < 0 and not g.action_mask(1).any()
        for bad in (3, -1, True, 1.0, "0"):
            with pytest.raises(ValueError, match="seat must be 0..[12], not"):
                g.action_mask(bad)
