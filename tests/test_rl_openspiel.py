"""The OpenSpiel games (import pokerbull.rl.openspiel) on every Poker Bull preset."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import pokerbull as pb

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: it has wheels only for Linux x86-64 and "
                      "macOS (the rl extra skips it elsewhere)")

from pokerbull.rl import openspiel as pb_openspiel
from pokerbull.rl._chance import CardByCard

PRESETS = pb.preset_names()


def _load(**params):
    return pyspiel.load_game("python_pokerbull", params)


def _random_state(game, rng, steps):
    """A state after up to `steps` random actions (chance outcomes drawn by their odds)."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sim_test(preset):
    game = _load(preset=preset, players=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_two_players_with_options():
    game = _load(preset="pagat", players=2, start_cards=2, card_limit=3,
                 first_starter=1, direction="counter-clockwise")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_games_are_built_per_instance():
    four = _load(preset="pagat", players=4)
    six = _load(preset="holdem", players=6)
    assert four.num_players() == 4 and six.num_players() == 6
    assert four.num_distinct_actions() == len(pb.ladder("pagat")) + 1
    assert six.num_distinct_actions() == len(pb.ladder("holdem")) + 1
    assert four.observation_tensor_size() == pb.Game("pagat", players=4).observation_size
    assert four.min_utility() == pytest.approx(-1 / 3) and six.min_utility() == pytest.approx(-0.2)
    assert four.max_chance_outcomes() == 52
    assert four.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert "python_pokerbull" in pb_openspiel.game_names()


def test_the_deal_is_card_by_card_and_uniform():
    game = _load(preset="holdem", players=3)
    state = game.new_initial_state()
    dealt = []
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - len(dealt)
        assert [p for _, p in outcomes] == pytest.approx([1 / (52 - len(dealt))] * len(outcomes))
        assert not {a for a, _ in outcomes} & set(dealt)
        assert state.clone().chance_outcomes() == outcomes     # a copy mid-deal draws alike
        card = int(rng.choice([a for a, _ in outcomes]))
        dealt.append(card)
        state.apply_action(card)
    assert len(dealt) == 12                          # holdem: four cards to each of three seats
    inner = state.game_state.game
    words = [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in dealt]
    for seat in range(3):
        assert str(inner.hand(seat)) == str(pb.Pool.parse(" ".join(words[4 * seat:4 * seat + 4])))
    assert state.current_player() == 0


def test_a_taken_card_is_refused():
    state = CardByCard(pb.Game("pagat", players=2, dealing="manual"))
    state.apply_action(7)
    before = state.to_json()
    with pytest.raises(pb.IllegalAction, match="already dealt"):
        state.apply_action(7)
    with pytest.raises(pb.IllegalAction, match="0..51"):
        state.apply_action(52)
    assert state.to_json() == before


@pytest.mark.parametrize("name, params", [
    ("python_pokerbull", {"preset": "pagat", "players": 2, "start_cards": 1, "card_limit": 1,
                          "calls": 6}),
    ("python_pokerbull", {"preset": "pagat", "players": 2, "start_cards": 1, "card_limit": 1,
                          "deal": "rank", "calls": 6}),
    ("python_pokerbull_hand", {"calls": 4}),
])
def test_actions_that_are_no_legal_action_are_refused_before_the_state_changes(name, params):
    """OpenSpiel does not check a python game's actions. With calls=K, -2 used to play
    the K-1th kept action and K+1 raised IndexError; the solver's hand game took any
    action at all, even once the hand was over (and its returns then changed)."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[-2])        # the highest call but one
    n = game.num_distinct_actions()
    for bad in (-2, n, n + 1, state.legal_actions()[0] - 1):
        before = (state.history(), str(state))
        with pytest.raises(pb.IllegalAction):
            state.apply_action(bad)
        assert (state.history(), str(state)) == before
    with pytest.raises(pb.IllegalAction, match=r"action -2 does not exist"):
        state.action_to_string(state.current_player(), -2)    # a name counted from the end
    with pytest.raises(pb.IllegalAction, match=rf"action {n + 1} does not exist"):
        state.action_to_string(state.current_player(), n + 1)  # IndexError before
    state.apply_action(n - 1)                             # the challenge ends the hand
    if name == "python_pokerbull_hand":
        assert state.is_terminal()
        returns = state.returns()
        for bad in (0, 1, n - 1):
            with pytest.raises(pb.IllegalAction, match="the hand is over"):
                state.apply_action(bad)
        assert state.returns() == returns


def test_jokers_that_left_the_deck_are_not_dealt():
    """Cheung's jokers_leave_at: once the jokers have left, the deal's chance outcomes
    are the cards left in the deck (a joker was dealt, and the game refused it)."""
    from pokerbull.rl import game_spec
    rng = np.random.default_rng(3)
    gone_deals = 0
    for _ in range(6):
        state = game_spec("cheung", players=3, jokers_leave_at=6).make_dealt_by_chance()
        while not state.is_terminal():
            if state.current_player != pb.Game.CHANCE_PLAYER:
                state.apply_action(state.legal_actions()[-1])
                continue
            outcomes = state.chance_outcomes()
            if state.game._jokers_gone:
                gone_deals += 1
                deck = [state.chance_outcome_to_string(a) for a, _ in outcomes]
                assert not any(c.startswith("X") for c in deck)
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                joker = next(i for i in range(54) if state.chance_outcome_to_string(i) == "X1")
                before = state.to_json()
                with pytest.raises(pb.IllegalAction, match="X1 has left the deck"):
                    state.apply_action(joker)
                assert state.to_json() == before
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    assert gone_deals


@pytest.mark.parametrize("steps", [1, 5, 40, 400])
def test_serialization_is_exact(steps):
    game = _load(preset="pagat-wild", players=3)
    state = _random_state(game, np.random.default_rng(steps), steps)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    again = pickle.loads(pickle.dumps(state.game_state))
    assert again.to_json() == state.game_state.to_json()
    # the copies continue exactly as the original
    rng = np.random.default_rng(99)
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert state2.legal_actions() == legal
        action = int(rng.choice(legal))
        state.apply_action(action)
        state2.apply_action(action)
    assert str(state2) == str(state)


def test_observation_tensor_is_the_games_array():
    game = _load(preset="pagat", players=4)
    state = _random_state(game, np.random.default_rng(1), 10)
    inner = state.game_state.game
    for seat in range(4):
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32),
                              inner.observation_array(seat))
        assert str(inner.hand(seat)) in state.observation_string(seat)


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError, match="unknown game or preset 'nope'"):
        _load(preset="nope")
    with pytest.raises(ValueError, match="first_starter must be a seat 0..3"):
        _load(first_starter=4)
    with pytest.raises(ValueError, match="players must be 2 to"):
        _load(players=1)
    with pytest.raises(ValueError, match="growth must be one of"):
        _load(growth="double")


def test_a_random_first_starter_cannot_be_dealt_by_chance_nodes():
    from pokerbull.rl import game_spec
    spec = game_spec("pagat", first_starter="random")
    with pytest.raises(ValueError, match="first_starter='random' is drawn inside the game"):
        spec.make_dealt_by_chance()


def test_a_saved_state_holds_no_copy_of_the_games_lists():
    """OpenSpiel saves a python state by pickling its attributes: the action list a state
    shares with its game saves as its length, and comes back shared."""
    game = _load(preset="pagat", players=4)
    state = game.new_initial_state()
    for action in _random_state(game, np.random.default_rng(2), 8).history():
        state.apply_action(action)        # (no legal_actions asked: no list held yet)
    assert "actions" not in state.__dict__
    before = len(state.serialize())
    legal = state.legal_actions()         # the state now holds the game's action list
    assert len(state.__dict__["actions"]) == game.num_distinct_actions()
    assert len(state.serialize()) - before < 100
    again = game.deserialize_state(state.serialize())
    assert again.actions is state.actions and again.legal_actions() == legal
    assert pickle.loads(pickle.dumps(state)).actions is state.actions


def test_games_load_from_their_strings_and_states_pickle():
    game = pyspiel.load_game("python_pokerbull(preset=pagat-five,players=3,"
                             "direction=counter-clockwise)")
    assert game.num_players() == 3
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = _random_state(game, np.random.default_rng(5), 25)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.game_state.game.rules.direction == "counter-clockwise"


def _answer(call, *args):
    """What a call gives: its value, or the kind and words of what it raised."""
    try:
        return "gave", call(*args)
    except Exception as exc:      # pyspiel's own refusals (SpielError, TypeError) compared
        return "raised", type(exc), str(exc)


def _same_as_pyspiels_own(state):
    """The state's Python-level answers equal pyspiel's C++ methods (the path C++ callers
    take), for every form of the player argument."""
    base = pyspiel.State
    n = state.num_players()
    asks = [(), *((p,) for p in range(-5, n + 2)), (np.int64(0),), (np.int32(n - 1),), (True,),
            (2**31 - 1,), (2**31,), (-2**31 - 1,), (2.0,), ("0",), (None,), (0, 1)]
    for args in asks:
        assert _answer(state.legal_actions, *args) == _answer(base.legal_actions, state, *args)
    for name in ("is_chance_node", "is_player_node", "is_simultaneous_node"):
        assert getattr(state, name)() is getattr(base, name)(state)
    outcomes = state.chance_outcomes()
    outcomes.clear()                     # a fresh list each time: the caller's to change
    assert state.legal_actions() == [a for a, _ in state.chance_outcomes()] \
        or not state.is_chance_node()


@pytest.mark.parametrize("name, params", [
    *(("python_pokerbull", {"preset": p, "players": 3}) for p in PRESETS),
    ("python_pokerbull", {"preset": "pagat", "players": 2, "start_cards": 1, "card_limit": 1,
                          "deal": "rank", "calls": 6}),
    ("python_pokerbull", {"preset": "pagat-five", "players": 2, "start_cards": 1,
                          "card_limit": 1, "calls": 20}),
    ("python_pokerbull_cheat", {"players": 3}),
    ("python_pokerbull_roulette", {"players": 3}),
])
def test_python_level_answers_are_pyspiels_own(name, params):
    """legal_actions, is_chance_node ... answer Python callers without crossing into C++;
    state for state they give exactly what pyspiel's C++ methods give, at chance nodes,
    seats' turns and the end, and so do the state's clones, saves and pickles."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(len(name) + len(params))
    state, checked = game.new_initial_state(), 0
    made = game._new_state().to_json()          # a new state is a copy of the first one made
    assert state.game_state.to_json() == made
    while checked < 90:
        _same_as_pyspiels_own(state)
        if checked % 15 == 0 or state.is_terminal():
            for copy in (state.clone(), game.deserialize_state(state.serialize()),
                         pickle.loads(pickle.dumps(state))):
                assert copy.history() == state.history() and str(copy) == str(state)
                assert copy.legal_actions() == state.legal_actions()
                _same_as_pyspiels_own(copy)
        checked += 1
        if state.is_terminal():
            assert state.legal_actions() == [] and not state.is_player_node()
            state = game.new_initial_state()
        elif state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert game._first_state.to_json() == made and game.new_initial_state().history() == []
