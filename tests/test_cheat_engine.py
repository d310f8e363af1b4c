"""Cheat's compiled loop against the Python engine, and the bots' tournament."""

import itertools

import numpy as np
import pytest

import pokerbull.cheat as cheat
from pokerbull.cheat import WING
from pokerbull.cheat._fast import (COMPILED_VARIATIONS, chance_draws, deals, fast_simulate,
                                   table_for)
from pokerbull.cheat.game import TURN_UP
from pokerbull.protocol import CHANCE_PLAYER
from pokerbull.cheat.bots import BOTS
from pokerbull.cheat.rules import LETTERS, Rules, cards_text

engine = pytest.importorskip("pokerbull.cheat._engine")
NAMES = ("honest", "liar", "counter", "shark")


def python_game(rules, order, names, turned=None, uniforms=None):
    cards = [c for c in range(54) for _ in range(rules.deck[c])]
    hands = [[0] * 54 for _ in range(rules.players)]
    for i, k in enumerate(order):
        hands[i % rules.players][cards[k]] += 1
    g = cheat.Game(players=rules.players, rules=rules, hands=[cards_text(h) for h in hands])
    bots = [BOTS[name]() for name in names]
    for seat, bot in enumerate(bots):
        bot.reset(seat)
    actions = draws = 0
    while not g.is_terminal():
        p = g.current_player
        if p == CHANCE_PLAYER and g.chance_outcomes()[0][0] >= TURN_UP:
            g.apply_action(TURN_UP + int(turned))
        elif p == CHANCE_PLAYER:             # S: the same draw as the compiled loop
            u = uniforms[draws % len(uniforms)]
            draws += 1
            outcomes = g.chance_outcomes()
            acc, pick = 0.0, outcomes[-1][0]
            for a, prob in outcomes:
                acc += prob
                if u < acc:
                    pick = a
                    break
            g.apply_action(pick)
        else:
            g.apply_action(bots[p].act(g.observation(p)))
        actions += 1
    return g.returns(), actions


@pytest.mark.parametrize("variations, players", [
    ("", 4), ("", 2), ("A", 3), ("C", 4), ("D", 3), ("E", 3), ("G", 4), ("I", 3), ("J", 3),
    ("P", 4), ("R", 3), ("V", 5), ("ADV", 4), ("CGP", 3), ("EIJ", 3), ("APRV", 4),
    ("F", 4), ("O", 3), ("DFP", 3), ("AOV", 4), ("N", 4), ("S", 3), ("SP", 4), ("ANSV", 3),
    ("DFS", 3), ("K", 4), ("L", 3), ("T", 4), ("CKN", 3), ("LPV", 4), ("FT", 3), ("JNT", 3),
    ("CIT", 2), ("KJ", 5)])
def test_the_compiled_loop_plays_the_same_games_as_python(variations, players):
    rules = Rules.make(players, variations=variations)
    rng = np.random.default_rng(len(variations) + players)
    orders = deals(rules, 6, rng)
    chance = chance_draws(rules, 6, rng)
    names = [NAMES[(i + players) % 4] for i in range(players)]
    styles = np.array([BOTS[n].style for n in names], np.int32)
    returns, actions = engine.play_games(table_for(rules), orders, styles, **chance)
    for k in range(len(orders)):
        ret, acts = python_game(rules, orders[k], names,
                                turned=chance["turned"][k] if "turned" in chance else None,
                                uniforms=chance["uniforms"][k] if "uniforms" in chance else None)
        assert ret == list(returns[k]) and acts == actions[k], (variations, k)


def test_fast_simulate_keeps_the_wing_promise():
    out = WING.fast_simulate({"variations": "A"}, 4, [(n, {}) for n in NAMES], 500, 3)
    assert out["games"] == 500 and out["returns"].shape == (4,)
    assert abs(out["returns"].sum()) < 1e-6
    assert out["wins"].dtype == np.int64 and out["wins"].sum() >= 500
    assert out["actions"] > 500
    again = WING.fast_simulate({"variations": "A"}, 4, [(n, {}) for n in NAMES], 500, 3)
    assert np.array_equal(out["returns"], again["returns"])
    chance = WING.fast_simulate({"variations": "NSV"}, 5, ["shark", "counter"] * 2 + ["liar"],
                                300, 4)
    assert chance["games"] == 300 and abs(chance["returns"].sum()) < 1e-6


def test_fast_simulate_declines_what_it_cannot_play():
    assert COMPILED_VARIATIONS == set(LETTERS)          # every variation in scope
    assert fast_simulate({}, 3, [("shark", {"depth": 2})] * 3, 10, 1) is None
    assert fast_simulate({}, 17, ["shark"] * 17, 10, 1) is None
    with pytest.raises(ValueError, match="unknown Cheat bot"):
        fast_simulate({}, 3, ["nobody"] * 3, 10, 1)


def test_the_bots_are_ordered_in_a_tournament():
    """Every seating of the four bots, 600 deals each: mean return with a 95% interval."""
    rules = Rules.make(4)
    orders = deals(rules, 600, np.random.default_rng(2026))
    per_bot = {n: [] for n in NAMES}
    for seating in itertools.permutations(NAMES):
        styles = np.array([BOTS[n].style for n in seating], np.int32)
        returns, _ = engine.play_games(table_for(rules), orders, styles)
        for seat, name in enumerate(seating):
            per_bot[name].append(returns[:, seat])
    mean, half = {}, {}
    for name, parts in per_bot.items():
        x = np.concatenate(parts)
        mean[name] = x.mean()
        half[name] = 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    low = {n: mean[n] - half[n] for n in NAMES}
    high = {n: mean[n] + half[n] for n in NAMES}
    # honest < liar < counter < shark, the 95% intervals apart
    for worse, better in zip(NAMES, NAMES[1:]):
        assert high[worse] < low[better], (worse, better, mean)


def test_the_compiled_loop_agrees_on_a_sample_of_every_kind_of_table():
    """60 combinations drawn from all the allowed ones, 2-6 players, one deal each."""
    import random
    from itertools import combinations
    rng = random.Random(5)
    letters = "".join(LETTERS)
    allowed = []
    for k in range(len(letters) + 1):
        for combo in combinations(letters, k):
            try:
                Rules.make(3, variations="".join(combo))
            except ValueError:
                continue
            allowed.append("".join(combo))
    for variations in rng.sample(allowed, 60):
        players = rng.randrange(2, 7)
        try:
            rules = Rules.make(players, variations=variations)
        except ValueError:
            rules = Rules.make(3, variations=variations)
        draw = np.random.default_rng(rng.randrange(1 << 30))
        orders = deals(rules, 1, draw)
        chance = chance_draws(rules, 1, draw)
        names = [rng.choice(NAMES) for _ in range(rules.players)]
        styles = np.array([BOTS[n].style for n in names], np.int32)
        returns, actions = engine.play_games(table_for(rules), orders, styles, **chance)
        ret, acts = python_game(rules, orders[0], names,
                                turned=chance["turned"][0] if "turned" in chance else None,
                                uniforms=chance["uniforms"][0] if "uniforms" in chance else None)
        assert (ret, acts) == (list(returns[0]), actions[0]), (variations, names)
