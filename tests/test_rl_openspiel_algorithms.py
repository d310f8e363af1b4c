"""OpenSpiel's own algorithms on pokerbull games: MCCFR, CFR+, ISMCTS.

The games are small configurations (two players, one card each, the lowest
calls only, dealt by rank: the same game as the full deal up to renaming suits),
so OpenSpiel's exploitability can walk the whole tree in a few seconds.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: it has wheels only for Linux x86-64 and "
                      "macOS (the rl extra skips it elsewhere)")

from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, external_sampling_mccfr, ismcts, mcts

from pokerbull.rl import openspiel as pb_openspiel

ONE_CARD = {"preset": "pagat", "players": 2, "start_cards": 1, "card_limit": 1,
            "deal": "rank"}


def _exploitability(game, solver_policy):
    table = policy.tabular_policy_from_callable(game, solver_policy)
    return pyspiel.exploitability(game, policy.python_policy_to_pyspiel_policy(table))


def test_external_sampling_mccfr_learns_one_card_pagat():
    game = pyspiel.load_game("python_pokerbull", {**ONE_CARD, "calls": 6})
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(200):
        solver.iteration()
    # uniform play is 0.75 exploitable here (docs/rl.md)
    assert _exploitability(game, solver.average_policy()) < 0.5


@pytest.mark.parametrize("seed", [0, 1])
def test_outcome_sampling_mccfr_learns_one_card_pagat(seed):
    # OpenSpiel's C++ solver with its default exploration (epsilon 0.6). Outcome sampling
    # follows one sampled line a seat an iteration: 200 iterations leave 0.57-0.68 over
    # seeds 0..7 (any epsilon from 0.05 to 0.9 alike), 1,000 leave 0.39-0.48 and 1,500
    # leave 0.31-0.37 (docs/rl.md): honest sampling variance, not a game fault. On
    # OpenSpiel's own games of this size (Leduc poker, Liar's Dice with one four-sided
    # die) 200 iterations leave no better than uniform play (bench_rl.py mccfr).
    game = pyspiel.load_game("python_pokerbull", {**ONE_CARD, "calls": 6})
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, seed)
    for _ in range(1500):
        solver.run_iteration()
    assert pyspiel.exploitability(game, solver.average_policy()) < 0.5


def test_rank_deal_tells_a_seat_nothing_of_the_other_hands():
    # A seat's suit comes from its place in the deal, never from the cards dealt before
    # it: seat 1 dealt a Two must not learn whether seat 0 holds a Two too.
    game = pyspiel.load_game("python_pokerbull", {**ONE_CARD, "calls": 6})
    seen = set()
    for first in (0, 1):                 # seat 0 dealt a Two, then a Three
        state = game.new_initial_state()
        state.apply_action(first)
        state.apply_action(0)            # seat 1 dealt a Two
        seen.add((state.information_state_string(1),
                  tuple(state.information_state_tensor(1)), state.observation_string(1)))
    assert len(seen) == 1


def test_cfr_plus_solves_the_smallest_game():
    game = pyspiel.load_game("python_pokerbull", {**ONE_CARD, "calls": 2})
    solver = cfr.CFRPlusSolver(game)
    first = None
    for i in range(8):
        solver.evaluate_and_update_policy()
        if i == 0:
            first = _exploitability(game, solver.average_policy())
    last = _exploitability(game, solver.average_policy())
    assert last < 0.02 < first


def test_ismcts_bot_plays_poker_bull():
    game = pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 3,
                                                   "calls": 12})
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=20, random_state=rng)
    bot.set_resampler(lambda state, player: pb_openspiel.resample_from_infostate(
        state, player, np.random.default_rng(rng.randint(2**31))))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 3:
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=p)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0


def test_resampled_worlds_keep_the_seats_information_state():
    game = pyspiel.load_game("python_pokerbull", {"preset": "pagat", "players": 3})
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 20:
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=p)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions()[:-1] or
                                              state.legal_actions())))
    player = state.current_player()
    others = set()
    for _ in range(10):
        world = pb_openspiel.resample_from_infostate(state, player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        others.add(tuple(str(world.game_state.game.hand(s)) for s in range(3) if s != player))
    assert len(others) > 1         # the other seats' cards are dealt again


def test_ismcts_bot_plays_poker_roulette_with_resampled_worlds():
    game = pyspiel.load_game("python_pokerbull_roulette", {"players": 3})
    rng = np.random.default_rng(6)
    state = _after_random_decisions(game, rng, 4)
    assert not state.is_terminal()
    player = state.current_player()
    worlds = set()
    for _ in range(8):
        world = pb_openspiel.resample_from_infostate(state, player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        worlds.add(tuple(str(world.game_state.stock_card(s)) for s in range(3) if s != player))
    assert len(worlds) > 1            # the other seats' stock cards are dealt again
    seeded = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, seeded), uct_c=2.0,
                           max_simulations=20, random_state=seeded)
    bot.set_resampler(lambda s, p: pb_openspiel.resample_from_infostate(
        s, p, np.random.default_rng(seeded.randint(2**31))))
    assert bot.step(state) in state.legal_actions()


def _after_random_decisions(game, rng, decisions):
    """A state after `decisions` uniform player actions, chance drawn by its odds."""
    state, made = game.new_initial_state(), 0
    while state.is_chance_node() or made < decisions:
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=p)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    return state


@pytest.mark.parametrize("variations", ["", "S"])
def test_resampled_cheat_worlds_keep_what_the_seat_knows(variations):
    game = pyspiel.load_game("python_pokerbull_cheat", {"players": 3,
                                                        "variations": variations})
    rng = np.random.default_rng(8)
    state = _after_random_decisions(game, rng, 40)
    player = state.current_player()
    true = state.game_state.game
    others = set()
    for _ in range(6):
        world = pb_openspiel.resample_from_infostate(state, player, rng)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        inner = world.game_state.game
        assert inner.hand_sizes == true.hand_sizes and inner.pile_size == true.pile_size
        assert str(inner.hand(player)) == str(true.hand(player))
        others.add(tuple(str(inner.hand(s)) for s in range(3) if s != player))
    assert len(others) > 1            # the hands it never saw are dealt again


def test_ismcts_bot_plays_cheat_to_the_end():
    game = pyspiel.load_game("python_pokerbull_cheat", {"players": 2})
    seeded = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, seeded), uct_c=2.0,
                           max_simulations=3, random_state=seeded)
    bot.set_resampler(lambda s, p: pb_openspiel.resample_from_infostate(
        s, p, np.random.default_rng(seeded.randint(2**31))))
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, p = zip(*state.chance_outcomes())
            state.apply_action(int(seeded.choice(actions, p=p)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(seeded.choice(state.legal_actions())))
    assert moves > 5 and sorted(state.returns()) != [0.0, 0.0]
