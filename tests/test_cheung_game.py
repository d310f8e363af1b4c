"""Cheung's game (RULES.md section 3, cheung row) and certainty (RULES.md 2.4)."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.calls.cheung import certain_calls
from pokerbull.protocol import IllegalAction
from conftest import BACKENDS


def play_randomly(g: pb.Game, rng: np.random.Generator, steps: int = 100000) -> None:
    for _ in range(steps):
        if g.is_over:
            return
        acts = g.legal_actions()
        challenge = g.challenge_action
        if challenge in acts and (len(acts) == 1 or rng.random() < 0.35):
            g.apply_action(challenge)
        else:
            calls = [a for a in acts if a != challenge]
            g.apply_action(int(calls[min(len(calls) - 1, int(rng.integers(0, 400)))]))


def test_preset_defaults():
    r = pb.Rules.preset("cheung", players=5)
    assert (r.start_cards, r.growth, r.next_starter, r.first_starter) == (5, "shrink",
                                                                          "after-challenger", 1)
    assert len(r.ladder) == 61501 and r.deck_size == 54
    assert pb.Rules.preset("cheung", players=7).start_cards == 4
    assert pb.Rules.preset("cheung", players=7, start_cards=3).start_cards == 3
    assert pb.Rules.preset("cheung", players=4, jokers=0).deck_size == 52
    with pytest.raises(ValueError, match="players must be 3"):
        pb.Rules.preset("cheung", players=2)
    with pytest.raises(ValueError, match="deck holds"):
        pb.Rules.preset("cheung", players=11, start_cards=5)
    with pytest.raises(ValueError, match="unknown option .or_higher"):
        pb.Rules.preset("pagat", or_higher=True)
    with pytest.raises(ValueError, match="jokers"):
        pb.Rules.preset("cheung", jokers=5)
    with pytest.raises(ValueError, match="no jokers"):
        pb.Rules.preset("cheung", jokers=0, jokers_leave_at=10)
    with pytest.raises(ValueError, match="recharge_at"):
        pb.Rules.preset("cheung", players=3, recharge_at=15)
    with pytest.raises(ValueError, match="or_higher must be True or False"):
        pb.Rules.preset("cheung", or_higher=1)


def test_options_round_trip():
    r = pb.Rules.preset("cheung", players=6, jokers=1, suit_order="shdc", joker_order="wild",
                        royal_over_five="any", or_higher=True, jokers_leave_at=20, recharge_at=12)
    assert pb.Rules.preset("cheung", **r.options()) == r
    assert pb.Rules.from_dict(r.to_dict()) == r
    assert r.ladder is pb.ladder("cheung", jokers=1, suit_order="shdc", joker_order="wild",
                                 royal_over_five="any")
    assert "or higher" in r.describe() and "recharge" in r.describe()


def test_first_hand_and_next_starter():
    g = pb.Game("cheung", players=4, seed=2)
    assert g.to_play == 1 and g.hand_sizes == (5, 5, 5, 5)
    g.call("two Kings")
    g.challenge()          # seat 2 challenges seat 1
    result = g.history[-2]
    assert result.challenger == 2 and result.caller == 1
    assert result.loser in (1, 2)
    sizes = [5, 5, 5, 5]
    sizes[result.loser] = 4
    assert g.hand_sizes == tuple(sizes)
    assert g.to_play == 3  # the seat after the challenger


def test_opening_may_not_be_certain_and_state_is_unchanged():
    g = pb.Game("cheung", players=5, seed=4)      # 25 cards in play
    before = g.to_json()
    with pytest.raises(IllegalAction, match="certain"):
        g.call("a pair")
    with pytest.raises(IllegalAction):
        g.apply_action(g.ladder.parse("a pair").index)
    assert g.to_json() == before
    banned = set(certain_calls(g.ladder, 25))
    assert g.ladder.parse("a pair").index in banned
    legal = g.legal_actions()
    assert not banned & set(legal) and len(legal) == len(g.ladder) - len(banned)
    assert g.action_mask().sum() == len(legal)
    obs = g.observation(g.to_play)
    assert obs.legal_actions() == legal and (obs.action_mask() == g.action_mask()).all()
    # every allowed opening can fail: the engine shows a pool (spot checks)
    for call in (g.ladder.parse("three of a kind"), g.ladder.parse("a flush of spades"),
                 g.ladder[legal[0]]):
        pool = g.ladder.avoiding_pool(call, 25)
        assert len(pool) == 25 and not g.ladder.holds(call, pool)
    g.call("three Queens")
    g.call("a straight")


def test_loser_is_out_at_zero_and_game_ends():
    g = pb.Game("cheung", players=3, seed=11)
    play_randomly(g, np.random.default_rng(0))
    assert g.is_over and g.hand_sizes.count(0) == 2
    results = [r for r in g.history if type(r).__name__ == "HandResult"]
    for prev, r in zip([None] + results, results):
        sizes = list(prev.hand_sizes) if prev else [5, 5, 5]
        sizes[r.loser] -= 1
        assert tuple(sizes) == r.hand_sizes
        assert r.witness is None or (r.witness.mask & ~r.pool.mask) == 0


def test_or_higher():
    # three cards in play: the hand is the whole pool, three Queens, not a pair
    hands = ["Qs", "Qh", "Qd"]
    g = pb.Game("cheung", players=3, start_cards=1, hands=hands, or_higher=True)
    g.call("two Queens", seat=1)
    g.challenge(seat=2)
    r = g.history[-1]
    assert r.held and r.loser == 2     # a higher call (three Queens) holds
    h = pb.Game("cheung", players=3, start_cards=1, hands=hands)
    h.call("two Queens", seat=1)
    h.challenge(seat=2)
    assert not h.history[-1].held and h.history[-1].loser == 1


def test_variations_5a_and_5b_and_json_round_trip():
    rng = np.random.default_rng(3)
    g = pb.Game("cheung", players=3, seed=8, jokers_leave_at=13, recharge_at=12)
    saw_recharge = saw_no_jokers = False
    while not g.is_over:
        play_randomly(g, rng, steps=1)
        if g._jokers_gone:
            for r in g.history:
                if type(r).__name__ == "Deal" and r.hand > 1 and sum(r.hand_sizes) <= 13:
                    assert all(not h.mask & (1 << 13 | 1 << 29) for h in r.hands)
                    saw_no_jokers = True
        if g._recharged:
            saw_recharge = True
        copy = pb.Game.from_json(g.to_json())
        assert copy == g
    assert saw_recharge and saw_no_jokers
    totals = [sum(r.hand_sizes) for r in g.history if type(r).__name__ == "HandResult"]
    jump = [b - a for a, b in zip(totals, totals[1:])]
    assert max(jump) >= 1 and sorted(set(jump))[0] == -1   # one loss each hand, one recharge


def test_json_continues_identically():
    a = pb.Game("cheung", players=4, seed=21)
    b = pb.Game.from_json(a.to_json())
    rng1, rng2 = np.random.default_rng(1), np.random.default_rng(1)
    play_randomly(a, rng1)
    play_randomly(b, rng2)
    assert a.to_json() == b.to_json() and a.winner == b.winner


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
def test_same_seed_same_game_on_both_backends():
    games = []
    for core in (BACKENDS["python"], BACKENDS["cython"]):
        g = pb.Game("cheung", players=3, seed=5, _core=core)
        play_randomly(g, np.random.default_rng(9), steps=60)
        games.append([r.to_dict() for r in g.history])
    assert games[0] == games[1]


def test_clone_and_observation_are_cheap_and_faithful():
    g = pb.Game("cheung", players=5, seed=1)
    g.call("two Kings")
    c = g.clone()
    assert c == g
    c.call("two Aces")
    assert c != g and g.last_call.code == "pair:K"
    obs = g.observation(2)
    assert obs.legal_actions() == g.legal_actions()
    assert obs.to_array().shape == (g.observation_size,)
    assert (obs.to_array() == g.observation_array(2)).all()


def _independent_counterexample(lad, call, n, rng, tries=300, climb=60):
    """Random pools, then hill climbing on 'how many calls of its category hold'."""
    deck = [b for b in range(64) if lad.allowed_mask >> b & 1]
    cat = np.array([c.index for c in lad if c.category == call.category][::7][:400])

    def score(pool):
        return int(lad.holds_many(np.full(len(cat), pool, dtype=np.uint64), cat).sum())

    for _ in range(tries):
        pool = sum(1 << int(b) for b in rng.choice(deck, n, replace=False))
        if not lad.holds(call, pool):
            return pool
    pool = sum(1 << int(b) for b in rng.choice(deck, n, replace=False))
    best = score(pool)
    for _ in range(climb):
        inside = [b for b in deck if pool >> b & 1]
        outside = [b for b in deck if not pool >> b & 1]
        trials = []
        for _ in range(24):
            x, y = int(rng.choice(inside)), int(rng.choice(outside))
            trials.append(pool & ~(1 << x) | 1 << y)
        for t in trials:
            if not lad.holds(call, t):
                return t
        scores = [score(t) for t in trials]
        k = int(np.argmin(scores))
        if scores[k] <= best:
            pool, best = trials[k], scores[k]
    return None


@pytest.mark.parametrize("jokers", [0, 2])
def test_certain_calls_have_no_counterexample_and_others_show_one(jokers):
    lad = pb.ladder("cheung", jokers=jokers)
    rng = np.random.default_rng(jokers)
    for n in range(1, 21):
        certain = certain_calls(lad, n)
        for index in certain:
            found = _independent_counterexample(lad, lad[index], n, rng, tries=100, climb=15)
            assert found is None, (lad[index].code, n, pb.Pool(found))
        # the calls next to the certain ones, and a sample of the rest, are not certain
        others = [c for c in lad.calls[:60] if c.index not in certain][:12] + \
            [lad[int(i)] for i in rng.integers(0, len(lad), 6)]
        for call in others:
            if call.index in certain:
                continue
            pool = lad.avoiding_pool(call, n)
            assert pool is not None and len(pool) == n, (call.code, n)
            assert not lad.holds(call, pool) and pool.mask & ~lad.allowed_mask == 0


def test_certain_examples_from_the_seed():
    lad = pb.ladder("cheung", jokers=0)
    assert not lad.certain("a pair", 13) and lad.certain("a pair", 14)
    assert lad.certain("a high card", 1) and not lad.certain("a high card", 2)
    pool = lad.avoiding_pool("a pair", 13)
    assert len({c.rank for c in pool}) == 13
    with pytest.raises(ValueError, match="n must be"):
        lad.certain("a pair", 53)


def test_bots_play_legally_and_the_odds_bot_beats_random():
    from pokerbull.sim.tournament import tournament
    result = tournament("cheung", [pb.CheungBot(seed=1), pb.CheungRandomBot(seed=2)],
                        games=12, players=3, seed=4)
    first, second = result.ranking()
    assert (first["bot"], second["bot"]) == ("cheung", "cheung-random")
    assert first["low"] > second["high"]          # ordered beyond the noise


def test_bot_parameters_are_checked():
    with pytest.raises(ValueError, match="challenge_below"):
        pb.CheungBot(challenge_below=2)
    with pytest.raises(ValueError, match="samples"):
        pb.CheungBot(samples=0)


@pytest.mark.skipif(BACKENDS["cython"] is None, reason="compiled core not built")
def test_compiled_loop_plays_whole_games_and_orders_the_bots():
    from pokerbull.bull.cheung_bots import simulate_cheung
    r = simulate_cheung(players=5, games=300, seed=3)
    assert sum(r["seat_wins"]) == 300
    # three odds bots and two random bots: the odds bots win far beyond their 60 %
    assert r["bot_wins"]["cheung"] > 0.9 * 300
    again = simulate_cheung(players=5, games=300, seed=3)
    assert again == r                                   # the same seed, the same games
    higher = simulate_cheung(players=3, games=50, seed=3, or_higher=True)   # every option plays
    assert sum(higher["seat_wins"]) == 50
    with pytest.raises(ValueError, match="unknown bots"):
        simulate_cheung(players=3, games=1, bots=("evidence",))


def test_simulate_refuses_bots_that_do_not_play_cheung():
    with pytest.raises(ValueError, match="bot 'evidence' does not play cheung.*cheung, "
                                         "cheung-random"):
        pb.simulate("cheung", bots=["cheung", "evidence", "cheung"], games=2, seed=1)
    # with no bots named, Cheung's own bots take the seats
    r = pb.simulate("cheung", games=2, players=3, seed=1)
    assert r.bots == ("cheung", "cheung-random", "cheung") and r.games == 2


@pytest.mark.parametrize("bot", ["random", "probability", "evidence"])
def test_chance_table_bots_refuse_a_cheung_table_they_are_given(bot):
    # outside simulate (a bot played by hand, single_agent_env's opponents) they used to
    # fail deep in the chance tables: "call high_card:: no stand-in for requirement kind 5"
    g = pb.Game("cheung", players=3, seed=1)
    player = pb.make_bot(bot, seed=1)
    player.reset(g.to_play)
    with pytest.raises(ValueError, match="this bot does not play cheung: .*cheung's bots are "
                                         "cheung, cheung-random"):
        player.act(g.observation(g.to_play))
