"""pokerbull.solve: equilibria of one two-player hand, checked by OpenSpiel and by an LP."""

import itertools

import numpy as np
import pytest
from scipy import sparse
from scipy.optimize import linprog

import pokerbull as pb
from pokerbull.solve import EquilibriumBot, Solution

def deck_of(lad):
    """Every card of the ladder's deck (jokers included) as a one-card mask."""
    return [1 << b for b in range(64) if (lad.allowed_mask >> b) & 1]


# ---- an independent sequence-form LP over real cards (no hand grouping) ------------

def kept_calls(lad, k):
    pools = [a | b for a, b in itertools.combinations(deck_of(lad), 2)]
    held = np.array([lad.truth(p) for p in pools]).any(axis=0)
    return [int(i) for i in np.flatnonzero(held)][:k]


def lp_value(family, k, **options):
    """Seat 0's equilibrium value of the (1, 1) hand keeping `k` calls, by linear programming."""
    lad = pb.ladder(family, **options)
    DECK = deck_of(lad)
    kept = kept_calls(lad, k)
    challenge = len(lad)
    histories = []

    def walk(hist):
        histories.append(hist)
        for c in kept:
            if not hist or lad.is_raise(c, hist[-1]):
                walk(hist + (c,))

    walk(())
    seqs = [{(): 0}, {(): 0}]

    def seq(p, card, hist, action):
        key = (card, hist, action)
        return seqs[p].setdefault(key, len(seqs[p]))

    rows = [[], []]   # per player: (infoset parent sequence, [child sequences])
    for hist in histories:
        p = len(hist) % 2
        actions = [c for c in kept if not hist or lad.is_raise(c, hist[-1])]
        actions += [challenge] if hist else []
        for card in DECK:
            mine = [i for i in range(len(hist)) if i % 2 == p]
            parent = seq(p, card, hist[:mine[-1]], hist[mine[-1]]) if mine else 0
            rows[p].append((parent, [seq(p, card, hist, a) for a in actions]))
    payoff = {}
    prob = 1.0 / (len(DECK) * (len(DECK) - 1))
    for hist in histories[1:]:
        p = len(hist) % 2                      # p challenges hist[-1], made by 1 - p
        caller = 1 - p
        for c0, c1 in itertools.permutations(DECK, 2):
            cards = (c0, c1)
            holds = lad.holds(hist[-1], c0 | c1)
            u0 = (1.0 if holds else -1.0) * (1.0 if caller == 0 else -1.0)
            last = []
            for q in (0, 1):
                if q == p:
                    last.append(seq(q, cards[q], hist, challenge))
                else:
                    i = max(i for i in range(len(hist)) if i % 2 == q)
                    last.append(seq(q, cards[q], hist[:i], hist[i]))
            key = (last[0], last[1])
            payoff[key] = payoff.get(key, 0.0) + prob * u0
    n0, n1 = len(seqs[0]), len(seqs[1])

    def constraints(p, n):
        r, c, v = [0], [0], [1.0]
        for i, (parent, children) in enumerate(rows[p], start=1):
            r.append(i), c.append(parent), v.append(-1.0)
            for ch in children:
                r.append(i), c.append(ch), v.append(1.0)
        return sparse.csr_matrix((v, (r, c)), shape=(len(rows[p]) + 1, n))

    E, F = constraints(0, n0), constraints(1, n1)
    keys = list(payoff)
    A = sparse.csr_matrix(([payoff[k] for k in keys], ([k[0] for k in keys], [k[1] for k in keys])),
                          shape=(n0, n1))
    # variables: x (n0, >= 0), q (rows of F, free); maximise q[0]
    m1 = F.shape[0]
    cost = np.zeros(n0 + m1)
    cost[n0] = -1.0
    a_ub = sparse.hstack([-A.T, F.T])
    a_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], m1))])
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    bounds = [(0, None)] * n0 + [(None, None)] * m1
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(n1), A_eq=a_eq, b_eq=b_eq, bounds=bounds,
                  method="highs")
    assert res.status == 0, res.message
    return -res.fun


@pytest.mark.parametrize("k", [2, 3, 5])
def test_value_matches_sequence_form_lp(k):
    sol = pb.solve("pagat", hands=(1, 1), calls=k, target=1e-8)
    assert sol.exploitability <= 1e-8
    assert sol.value == pytest.approx(lp_value("pagat", k), abs=2 * sol.exploitability + 1e-7)


def test_lp_value_differs_between_games():
    # the LP is not blind to the game: two and five calls give different values
    assert abs(lp_value("pagat", 2) - lp_value("pagat", 5)) > 0.1


# ---- OpenSpiel's own exploitability ------------------------------------------------

def test_openspiel_exploitability_agrees():
    pytest.importorskip("pyspiel", reason="open_spiel has no wheel for this platform")
    from open_spiel.python.algorithms import exploitability as os_exploitability
    from open_spiel.python.algorithms.expected_game_score import policy_value

    # an unfinished solve (4 iterations), so that there is something to measure
    sol = pb.solve("pagat", hands=(1, 1), calls=3, iterations=4)
    assert sol.exploitability > 1e-3
    game = sol.openspiel_game()
    pol = sol.openspiel_policy(game)
    theirs = os_exploitability.exploitability(game, pol)
    assert theirs == pytest.approx(sol.exploitability, rel=1e-9, abs=1e-12)
    value = policy_value(game.new_initial_state(), [pol, pol])
    assert value[0] == pytest.approx(sol.value, abs=1e-12)


def test_policy_of_openspiel_state_and_game_agree():
    pytest.importorskip("pyspiel", reason="open_spiel has no wheel for this platform")
    sol = pb.solve("pagat", hands=(1, 1), calls=4)
    game = sol.openspiel_game()
    state = game.new_initial_state()
    state.apply_action(0)                     # seat 0 gets the first hand (2c)
    state.apply_action(50)                    # seat 1 gets the 51st of the rest
    g = pb.Game("pagat", players=2, hands=[pb.Pool(state.cards[0]), pb.Pool(state.cards[1])])
    assert sol.policy(state) == sol.policy(g)
    first = max(sol.policy(g), key=sol.policy(g).get)
    state.apply_action(first)
    g.call(first)
    assert sol.policy(state) == sol.policy(g)
    assert pytest.approx(sum(sol.policy(g).values())) == 1.0
    assert set(sol.policy(g)) <= set(g.legal_actions())


# ---- exploitability and speed ---------------------------------------------------------

@pytest.mark.parametrize("k", [8, 12, 16])
def test_exploitability_below_target(k):
    sol = pb.solve("pagat", hands=(1, 1), calls=k, target=1e-4)
    assert isinstance(sol, Solution)
    assert sol.exploitability < 1e-3
    assert -1 <= sol.value <= 1
    assert sol.history[-1].exploitability == sol.exploitability
    # the best responses bound the value from both sides
    assert -sol.best_responses[1] - 1e-12 <= sol.value <= sol.best_responses[0] + 1e-12


def test_exploitability_falls_with_iterations():
    sol = pb.solve("pagat", hands=(1, 1), calls=10, target=1e-6)
    first, last = sol.history[0], sol.history[-1]
    assert last.exploitability < first.exploitability / 10
    assert last.iterations > first.iterations


def test_dcfr_reaches_the_same_value():
    a = pb.solve("pagat", hands=(1, 1), calls=8, target=1e-6)
    b = pb.solve("pagat", hands=(1, 1), calls=8, target=1e-6, method="dcfr")
    assert a.value == pytest.approx(b.value, abs=4e-6)


@pytest.mark.parametrize("family,hands,k", [("pagat", (2, 1), 12), ("holdem", (2, 1), 10),
                                            ("pagat-wild", (1, 1), 10), ("pagat", (2, 2), 8)])
def test_bigger_hands_and_families(family, hands, k):
    sol = pb.solve(family, hands=hands, calls=k, target=1e-3)
    assert sol.exploitability <= 1e-3
    assert len(sol.calls) == k


def test_pagat_one_card_keeps_the_26_satisfiable_calls():
    from pokerbull.solve.game import build_game

    g = build_game("pagat", (1, 1), None, {})
    assert [str(pb.ladder("pagat")[i]) for i in g.kept] == \
        [f"one {w}" for w in ("Two Three Four Five Six Seven Eight Nine Ten Jack Queen King "
                              "Ace").split()] + \
        [f"two {w}" for w in ("Twos Threes Fours Fives Sixes Sevens Eights Nines Tens Jacks "
                              "Queens Kings Aces").split()]
    assert g.chance.sum() == pytest.approx(1.0)
    assert len(g.classes[0]) == 13


# ---- bots --------------------------------------------------------------------------------

def test_bot_exploitability_is_a_best_response():
    res = pb.exploitability("evidence", "pagat", hands=(1, 1))
    assert 0 < res.exploitability <= 1
    sol = pb.solve("pagat", hands=(1, 1), calls=16)
    # no bot beats the game value: what a best response wins in both seats is at least 0
    assert res.best_responses[0] + res.best_responses[1] >= -1e-9
    prob = pb.exploitability("probability", "pagat", hands=(1, 1))
    assert prob.exploitability > res.exploitability     # reading evidence helps
    assert sol.exploitability < res.exploitability


def test_equilibrium_bot_plays_the_solution_and_falls_back():
    sol = pb.solve("pagat", hands=(1, 1), calls=8)
    bot = EquilibriumBot(sol, seed=3)
    g = pb.Game("pagat", players=2, hands=["5c", "9d"])
    assert bot.act(g.observation(0)) in sol.policy(g)
    assert bot.solved_decisions == 1
    g3 = pb.Game("pagat", players=3, hands=["5c", "9d", "Ah"])
    assert bot.act(g3.observation(0)) == pb.EvidenceBot().act(g3.observation(0))
    assert bot.fallback_decisions == 1


# ---- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,words", [
    ({"family": "poker"}, "unknown call family"),
    ({"hands": (1,)}, "two hand sizes"),
    ({"hands": (0, 1)}, "hand size"),
    ({"hands": (3, 2)}, "at most 4"),
    ({"calls": 0}, "calls must be"),
    ({"calls": 27}, "only 26 calls"),
    ({"calls": 2.5}, "calls must be"),
    ({"method": "cfr"}, "method must be"),
    ({"target": -1}, "target must be"),
    ({"iterations": 0}, "iterations must be"),
    ({"jokers": 1}, "jokers"),
])
def test_bad_arguments_raise_clear_errors(kwargs, words):
    args = {"family": "pagat", "hands": (1, 1), "calls": 4} | kwargs
    with pytest.raises(ValueError, match=words):
        pb.solve(**args)


def test_bad_states_raise_clear_errors():
    sol = pb.solve("pagat", hands=(1, 1), calls=4)
    with pytest.raises(ValueError, match="not one of the 4 calls"):
        sol.strategy(1, "Ac", ["two Aces"])
    with pytest.raises(ValueError, match="holds 1 card"):
        sol.strategy(0, "Ac Kd")
    with pytest.raises(ValueError, match="seat 1 is to play"):
        sol.strategy(0, "Ac", ["one Two"])
    g = pb.Game("pagat", players=3, hands=["5c", "9d", "Ah"])
    with pytest.raises(ValueError, match="two players"):
        sol.policy(g)
    with pytest.raises(ValueError, match="pokerbull.Game"):
        sol.policy("state")
    with pytest.raises(ValueError, match="unknown bot"):
        pb.exploitability("genius", "pagat")


def test_equilibrium_bot_in_simulate():
    sol = pb.solve("pagat", hands=(1, 1), calls=8)
    bot = EquilibriumBot(sol, seed=5)
    res = pb.simulate("pagat", bots=[bot, "evidence"], games=20, seed=2)
    assert sum(res.seat_wins) == 20
    again = pb.simulate("pagat", bots=[EquilibriumBot(sol, seed=5), "evidence"], games=20, seed=2)
    assert list(again.seat_wins) == list(res.seat_wins)
