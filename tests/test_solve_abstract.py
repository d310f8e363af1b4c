"""The last-calls abstraction and the streamed full-tree best response."""

import doctest
import re
from pathlib import Path

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.solve import abstract, solver
from pokerbull.solve.abstract import solve_abstract
from pokerbull.solve.game import build_game, compiled

DOCS = Path(__file__).resolve().parent.parent / "docs" / "solve.md"


def tree_with_table(g, tables, memory):
    """A PublicTree (perfect recall) whose average strategy is the last-calls `tables`."""
    k = g.calls
    tree = compiled().PublicTree(g.first, g.payoff, g.tree_size())
    seqs = {0: ()}
    for n in range(tree.n_nodes):
        seq = seqs[n]
        nr, na, ca = tree.actions_at(n)
        first = k - nr
        for a in range(nr):
            seqs[int(tree.child_arr[n]) + a] = seq + (first + a,)
        key = 0
        for c in seq:
            key = (key * (k + 1) + c + 1) % (k + 1) ** memory
        t = tables[len(seq) % 2][key]
        rows = [t[first + a] for a in range(nr)] + ([t[k]] if seq else [])
        tree.set_average(n, np.array(rows))
    return tree


@pytest.mark.parametrize("memory", [1, 2])
def test_streamed_best_response_equals_the_tree_best_response(memory):
    g = build_game("pagat", (1, 1), 10, {})
    k = g.calls
    rng = np.random.default_rng(memory)
    tables = []
    for seat in (0, 1):
        t = rng.random(((k + 1) ** memory, k + 2, 13)) ** 4
        t[:, k + 1, :] = 0.0          # no impossible calls in this game
        for key in range(len(t)):     # only legal actions: raises over the last call, challenge
            last = key % (k + 1) - 1
            t[key, :g.first[last + 1], :] = 0.0
            if last < 0:
                t[key, k, :] = 0.0
        tables.append(t / t.sum(axis=1, keepdims=True))
    tree = tree_with_table(g, [t[:, :k + 1] for t in tables], memory)
    for seat in (0, 1):
        streamed, nodes = compiled().stream_best_response(g.first, g.payoff, g.chance,
                                                          tables[1 - seat], memory, seat)
        assert nodes == g.tree_size()        # dense strategies: every public state is visited
        np.testing.assert_allclose(streamed, tree.best_response(seat), atol=1e-12)


def test_abstraction_matches_the_exact_solution():
    sol = solve_abstract("pagat", hands=(1, 1), calls=12, memory=2, iterations=200)
    exact = pb.solve("pagat", hands=(1, 1), calls=12, target=1e-6)
    assert sol.exploitability < 1e-3
    # the equilibrium value (within 2 * exact.exploitability of exact.value) lies between
    # the two seats' best responses
    slack = 2 * exact.exploitability + 1e-9
    assert -sol.best_responses[1] - slack <= exact.value <= sol.best_responses[0] + slack
    tree = tree_with_table(sol.game, [sol.table(s)[:, :13] for s in (0, 1)], 2)
    assert tree.best_response(0).sum() == pytest.approx(sol.best_responses[0], abs=1e-12)


def test_full_one_card_game_below_one_hundredth():
    sol = solve_abstract("pagat", hands=(1, 1), memory=2, iterations=100)
    assert sol.game.calls == 26
    assert sol.exploitability < 0.01


def test_abstraction_errors():
    with pytest.raises(ValueError, match="memory"):
        solve_abstract("pagat", calls=8, memory=0)
    with pytest.raises(ValueError, match="iterations"):
        solve_abstract("pagat", calls=8, iterations=-3)
    with pytest.raises(ValueError, match="too big"):
        solve_abstract("pagat", calls=26, memory=6)


@pytest.mark.parametrize("module", [abstract, solver])
def test_doctests(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_docs_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), {})


def test_head_to_head_keeps_the_guarantee():
    from pokerbull.solve.bots import head_to_head

    sol = solve_abstract("pagat", hands=(1, 1), memory=1, iterations=60)
    for bot in ("evidence", "probability"):
        opening, answering = head_to_head(sol, bot)
        # a solution never does worse than its worst case: minus the best response against it
        assert opening >= -sol.best_responses[1] - 1e-9
        assert answering >= -sol.best_responses[0] - 1e-9
    assert head_to_head(sol, "probability")[0] > 0.5     # the probability bot is exploited
    with pytest.raises(ValueError, match="random bot"):
        head_to_head(sol, "random")


@pytest.mark.parametrize("family,hands,k,memory", [("pagat", (1, 1), 10, 1),
                                                  ("pagat", (1, 1), 10, 2),
                                                  ("pagat", (2, 1), 10, 1),
                                                  ("cheung", (1, 1), 12, 2)])
def test_graph_iterations_equal_the_tree_walk(family, hands, k, memory):
    options = {"jokers": 0} if family == "cheung" else {}
    g = build_game(family, hands, k, options)
    shapes = [((k + 1) ** memory, k + 1, len(g.classes[s])) for s in (0, 1)]
    tables = {engine: ([np.zeros(s) for s in shapes], [np.zeros(s) for s in shapes])
              for engine in ("graph", "tree")}
    compiled().graph_solve(g.first, g.payoff, memory, 12, *tables["graph"])
    compiled().abstract_solve(g.first, g.payoff, memory, 12, *tables["tree"])
    for seat in (0, 1):
        for part in (0, 1):     # regrets, then average weights
            ours, walked = tables["graph"][part][seat], tables["tree"][part][seat]
            assert walked.any()
            np.testing.assert_allclose(ours, walked, rtol=1e-9, atol=1e-9)


def test_graph_engine_is_the_default_and_agrees():
    a = solve_abstract("pagat", hands=(1, 1), calls=12, memory=1, iterations=40)
    b = solve_abstract("pagat", hands=(1, 1), calls=12, memory=1, iterations=40, engine="tree")
    assert a.best_responses == pytest.approx(b.best_responses, abs=1e-9)
    with pytest.raises(ValueError, match="engine"):
        solve_abstract("pagat", calls=8, engine="gpu")


def test_more_memory_helps_the_wild_game():
    # deuces make most calls plausible: the last call alone is not enough
    one = solve_abstract("pagat-wild", hands=(1, 1), calls=14, memory=1, iterations=300)
    three = solve_abstract("pagat-wild", hands=(1, 1), calls=14, memory=3, iterations=300)
    assert three.exploitability < one.exploitability / 3
    assert three.exploitability < 0.01
    exact = pb.solve("pagat-wild", hands=(1, 1), calls=14, target=1e-4)
    slack = 2 * exact.exploitability + 1e-9
    assert -three.best_responses[1] - slack <= exact.value <= three.best_responses[0] + slack


def test_threshold_and_measure_limit():
    sol = solve_abstract("pagat", hands=(2, 1), calls=20, memory=1, iterations=200,
                         threshold=0.05)
    table = sol.table(0)
    assert not ((table > 0) & (table < 0.05)).any()
    assert np.allclose(table.sum(axis=1)[table.sum(axis=1) > 0], 1.0)
    assert sol.exploitability < 0.1
    assert not sol.measure(limit=5)
    assert np.isnan(sol.exploitability)
    assert sol.measure()
    with pytest.raises(ValueError, match="threshold"):
        solve_abstract("pagat", calls=8, threshold=1.5)


@pytest.mark.parametrize("family,hands,k", [("holdem", (1, 2), 12), ("pagat", (2, 2), 8),
                                           ("holdem", (2, 2), 9)])
def test_two_card_hands_on_the_abstraction(family, hands, k):
    sol = solve_abstract(family, hands=hands, calls=k, memory=2, iterations=200)
    exact = pb.solve(family, hands=hands, calls=k, target=1e-4)
    assert sol.exploitability < 1e-3
    slack = 2 * exact.exploitability + 1e-9
    assert -sol.best_responses[1] - slack <= exact.value <= sol.best_responses[0] + slack
