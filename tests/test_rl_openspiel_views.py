"""OpenSpiel observation types on every game of the family: nothing private leaks.

Two games are dealt alike except that seats 0 and 1 swap the first cards they are
dealt, then play the same actions (no challenge: nothing is shown). Seat 2 must
not be able to tell them apart in any observation type, string or tensor; the
public-only observation must be the same for every seat (so it holds nothing of
the seat asking for it) and the same in both games.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: it has wheels only for Linux x86-64 and "
                      "macOS (the rl extra skips it elsewhere)")

from open_spiel.python.observation import make_observation

from pokerbull.evaluator import card_index
from pokerbull.rl import openspiel as pb_openspiel

GAMES = {
    "bull": ("python_pokerbull", {"preset": "pagat", "players": 3, "calls": 20}),
    # Cheung's compact views: the last call, the calls made and the legal run as numbers
    "cheung": ("python_pokerbull", {"preset": "cheung", "players": 3, "start_cards": 1,
                                   "calls": 20}),
    "cheat": ("python_pokerbull_cheat", {"players": 3}),
    "roulette": ("python_pokerbull_roulette", {"players": 3}),
}
PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)
PRIVATE = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
SEAT = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                  private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
RECALL = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
REVEALING = {"bull": lambda game: {game.num_distinct_actions() - 1},           # challenge
             "cheung": lambda game: {game.num_distinct_actions() - 1},
             "cheat": lambda game: {331, 333},                                  # challenge, check
             "roulette": lambda game: set()}


def _views(game, state, seat):
    out = []
    for kind in (PUBLIC, PRIVATE, SEAT, RECALL):
        obs = make_observation(game, kind)
        obs.set_from(state, seat)
        tensor = None if obs.tensor is None else obs.tensor.copy()
        out.append((obs.string_from(state, seat), tensor))
    return out


def _same(a, b):
    return len(a) == len(b) and all(
        s == t and (x is None) == (y is None) and (x is None or np.array_equal(x, y))
        for (s, x), (t, y) in zip(a, b))


def _twin_games(name, params, seed):
    """Two states dealt alike but for seats 0 and 1 swapping their first cards."""
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(seed)
    a, b = game.new_initial_state(), game.new_initial_state()
    first = []
    while a.is_chance_node() and len(first) < 2:
        actions, p = zip(*a.chance_outcomes())
        first.append(int(rng.choice(actions, p=p)))
        a.apply_action(first[-1])
    if len(set(first)) < 2:
        return game, None, None
    b.apply_action(first[1])
    b.apply_action(first[0])
    return game, a, b


@pytest.mark.parametrize("wing", sorted(GAMES))
def test_no_observation_type_shows_another_seats_cards(wing):
    name, params = GAMES[wing]
    checked = 0
    for seed in range(3):
        game, a, b = _twin_games(name, params, seed)
        if a is None:
            continue
        rng = np.random.default_rng(100 + seed)
        revealing = REVEALING[wing](game)
        acted = False
        for _ in range(120):
            if a.is_terminal() or (acted and a.is_chance_node()):
                break                  # a chance node after play may show cards: stop there
            if a.is_chance_node():
                actions, p = zip(*a.chance_outcomes())
                action = int(rng.choice(actions, p=p))
                if action not in dict(b.chance_outcomes()):
                    break
            else:
                acted = True
                legal = [x for x in a.legal_actions() if x in set(b.legal_actions())
                         and x not in revealing]
                if not legal:
                    break
                action = int(rng.choice(legal))
            if not a.is_chance_node() or rng.random() < 0.1:
                assert _same(_views(game, a, 2), _views(game, b, 2))
                public = [_views(game, state, seat)[0] for state in (a, b) for seat in range(3)]
                assert all(_same([public[0]], [v]) for v in public)
                checked += 1
            a.apply_action(action)
            b.apply_action(action)
        # the twins do differ for the seats whose cards were swapped
        assert not _same(_views(game, a, 0)[1:2], _views(game, b, 0)[1:2])
    assert checked > 10


@pytest.mark.parametrize("wing", sorted(GAMES))
def test_observer_types_a_game_cannot_give_are_none(wing):
    name, params = GAMES[wing]
    game = pyspiel.load_game(name, params)
    everyone = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    public_recall = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                               private_info=pyspiel.PrivateInfoType.NONE)
    nothing = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                         private_info=pyspiel.PrivateInfoType.NONE)
    for kind in (everyone, public_recall, nothing):
        assert make_observation(game, kind) is None
    for kind in (PUBLIC, PRIVATE, SEAT, RECALL):
        assert make_observation(game, kind) is not None
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_py_observer(SEAT, {"x": 1})
    assert game.get_type().provides_information_state_string
    assert game.get_type().provides_information_state_tensor


def test_information_state_is_perfect_recall():
    """Two histories with the same current table but different earlier calls are
    different information states (the observation alone cannot tell them apart)."""
    game = pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 2,
                                                   "start_cards": 1, "card_limit": 1,
                                                   "calls": 6})
    states = []
    for calls in ([0, 2], [1, 2]):
        state = game.new_initial_state()
        for action in [51, 0] + calls:
            state.apply_action(action)
        states.append(state)
    a, b = states
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
    assert "As" in a.information_state_string(0) and "2c" not in a.information_state_string(0)


@pytest.mark.parametrize("params", [
    {"preset": "pagat", "players": 3, "start_cards": 1, "card_limit": 2, "calls": 8},
    {"preset": "pagat", "players": 3, "start_cards": 1, "card_limit": 2, "calls": 8,
     "direction": "counter-clockwise", "next_starter": "winner"},
])
def test_information_state_tensor_is_exact(params):
    """The tensor tells apart exactly the information states the string tells apart,
    seats knocked out included: it keeps one flag per call, not who made it, since the
    seats call in turn (the string names every caller)."""
    game = pyspiel.load_game("python_pokerbull", params)
    rng = np.random.default_rng(7)
    by_string: dict = {}
    by_tensor: dict = {}
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, odds = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=odds)))
                continue
            for seat in range(3):
                text = state.information_state_string(seat)
                tensor = tuple(state.information_state_tensor(seat))
                assert by_string.setdefault(text, tensor) == tensor
                assert by_tensor.setdefault(tensor, text) == text
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(by_string) > 500


def test_rank_deal_is_refused_where_suits_matter():
    one_card = {"players": 2, "start_cards": 1, "card_limit": 1}
    with pytest.raises(ValueError, match="deal='rank' needs calls=K"):
        pyspiel.load_game("python_pokerbull", {**one_card, "deal": "rank"})
    with pytest.raises(ValueError, match="deal='rank' is for deals of at most 3 cards"):
        pyspiel.load_game("python_pokerbull", {"players": 2, "calls": 3, "deal": "rank"})
    with pytest.raises(ValueError, match="deal must be 'card' or 'rank'"):
        pyspiel.load_game("python_pokerbull", {"players": 2, "calls": 3, "deal": "suit"})
    with pytest.raises(ValueError, match="calls=999: only"):
        pyspiel.load_game("python_pokerbull", {"players": 2, "calls": 999})
    assert "python_pokerbull_hand" in pb_openspiel.game_names()


def test_roulette_information_state_tensor_holds_the_stock_card_and_every_bet():
    game = pyspiel.load_game("python_pokerbull_roulette", {"players": 3})
    rng = np.random.default_rng(8)
    state, decisions = game.new_initial_state(), 0
    while state.is_chance_node() or decisions < 5:
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=p)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    inner = state.game_state
    for seat in range(3):
        tensor = np.asarray(state.information_state_tensor(seat))
        stock = inner.stock_card(seat)
        assert tensor[3 + card_index(stock)] == 1.0 and tensor[:3].tolist() == \
            [float(s == seat) for s in range(3)]
        assert tensor[3 + 54:].sum() >= decisions   # every bet, and the cards turned


def test_cheat_information_state_recalls_the_cards_laid_this_turn():
    """A seat laying cards one at a time: its own lays so far are part of what it knows
    (the game's log says them only once the claim finishes the play)."""
    game = pyspiel.load_game("python_pokerbull_cheat", {"players": 3})
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, p = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=p)))
    seat = state.current_player()
    lays = [a for a in state.legal_actions() if a < 54][:2]
    children = [state.child(lay) for lay in lays]
    assert len(lays) == 2
    assert len({c.information_state_string(seat) for c in children}) == 2
    assert len({tuple(c.information_state_tensor(seat)) for c in children}) == 2


@pytest.mark.parametrize("wing", sorted(GAMES))
def test_information_state_says_the_seats_own_cards(wing):
    """Perfect recall starts from the seat's own deal: twins whose seats 0 and 1 swapped
    a card differ in seat 0's information string and tensor once the deal is done."""
    name, params = GAMES[wing]
    game, a, b = _twin_games(name, params, 0)
    rng = np.random.default_rng(7)
    while a.is_chance_node():
        actions, p = zip(*a.chance_outcomes())
        action = int(rng.choice(actions, p=p))
        a.apply_action(action)
        b.apply_action(action)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
