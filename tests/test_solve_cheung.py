"""Cheung's Poker Bull solved: hand classes with jokers, the LP and OpenSpiel checks."""

import itertools

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.solve.abstract import solve_abstract
from pokerbull.solve.game import _all_pools, _suit_classes, build_game, satisfiable

from test_solve import deck_of, lp_value


@pytest.mark.parametrize("jokers,k", [(0, 4), (2, 3), (1, 4)])
def test_value_matches_sequence_form_lp(jokers, k):
    sol = pb.solve("cheung", hands=(1, 1), calls=k, target=1e-6, jokers=jokers)
    assert sol.exploitability <= 1e-6
    assert sol.value == pytest.approx(lp_value("cheung", k, jokers=jokers),
                                      abs=2 * sol.exploitability + 1e-7)


def test_openspiel_game_deals_the_jokers():
    # the LP above is the independent check of the joker chances; OpenSpiel's own
    # exploitability over 54 x 53 deals is too slow for the suite
    pytest.importorskip("pyspiel", reason="open_spiel has no wheel for this platform")
    sol = pb.solve("cheung", hands=(1, 1), calls=3, jokers=2)
    game = sol.openspiel_game()
    assert len(game.deck) == 54
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 54
    state.apply_action(game.deck.index(29))  # seat 0 gets X2 (bit 29)
    assert str(pb.Pool(state.cards[0])) == "X2"
    state.apply_action(0)
    assert sol.policy(state) == sol.strategy(0, "X2")


def test_one_card_calls_and_classes():
    g0 = build_game("cheung", (1, 1), None, {"jokers": 0})
    assert g0.calls == 106      # a high card (+13 + 78 with ranks named), a pair, 13 pairs
    assert len(g0.classes[0]) == 13 and g0.chance.sum() == pytest.approx(1.0)
    g2 = build_game("cheung", (1, 1), None, {})
    assert len(g2.classes[0]) == 14                   # 13 ranks and the joker
    joker = g2.classes[0].index((0,) * 13 + (1,))
    assert g2.chance[joker].sum() == pytest.approx(2 / 54)
    assert g2.chance[joker, joker] == pytest.approx(2 / 54 / 53)
    assert g2.calls == len(satisfiable(pb.ladder("cheung"), 2)[0])


def test_suit_order_does_not_change_the_small_game():
    # suit order ranks only suited calls, which no pool of at most four cards makes
    a = pb.solve("cheung", hands=(1, 1), calls=10, jokers=0)
    b = pb.solve("cheung", hands=(1, 1), calls=10, jokers=0, suit_order="shdc")
    assert [c.code for c in a.calls] == [c.code for c in b.calls]
    assert a.value == pytest.approx(b.value, abs=1e-12)


@pytest.mark.parametrize("family,options", [("pagat", {}), ("holdem", {}), ("pagat-wild", {}),
                                            ("cheung", {"jokers": 2})])
def test_suit_classes_cover_every_pool(family, options):
    lad = pb.ladder(family, **options)
    deck = deck_of(lad)
    pools = np.array([a | b | c for a, b, c in itertools.combinations(deck, 3)], np.uint64)
    classes = _all_pools(lad, 3)
    assert set(_suit_classes(pools).tolist()) == set(classes.tolist())
    # the truth of every call is the same on a pool and on its class's pool
    rng = np.random.default_rng(7)
    sample = pools[rng.choice(len(pools), 120, replace=False)]
    reps = _suit_classes(sample)
    renamed = {int(p): int(_suit_classes(np.array([p], np.uint64))[0]) for p in sample}
    for p, rep in renamed.items():
        t, u = lad.truth(p), lad.truth(rep)
        suitless = np.array([c.suit is None for c in lad])
        assert (t[suitless] == u[suitless]).all()
    assert len(reps) > 10


@pytest.mark.parametrize("jokers,k,few,enough", [(0, 14, 1, 2), (2, 12, 2, 3)])
def test_abstraction_needs_enough_memory(jokers, k, few, enough):
    # no jokers: a call names both cards of the pool, so the last call alone is not
    # enough; with jokers a call comes in tiers (any, at most one joker, natural), so
    # the last two calls are often one call's tiers
    exact = pb.solve("cheung", hands=(1, 1), calls=k, target=1e-5, jokers=jokers)
    short = solve_abstract("cheung", hands=(1, 1), calls=k, memory=few, iterations=300,
                           jokers=jokers)
    sol = solve_abstract("cheung", hands=(1, 1), calls=k, memory=enough, iterations=300,
                         jokers=jokers)
    assert short.exploitability > 0.05
    assert sol.exploitability < 5e-3
    slack = 2 * exact.exploitability + 1e-9
    assert -sol.best_responses[1] - slack <= exact.value <= sol.best_responses[0] + slack


def test_cheung_errors():
    with pytest.raises(ValueError, match="no option 'wild'"):
        pb.solve("cheung", hands=(1, 1), calls=4, wild=True)
    with pytest.raises(ValueError, match="only 106 calls"):
        pb.solve("cheung", hands=(1, 1), calls=107, jokers=0)

