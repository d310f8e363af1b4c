"""pb.solve keeps every call when `calls` is left out (issue 21): too big for exact
tables, it solves the last-calls abstraction itself and says so; the
exploitability is still measured exactly in the full game."""

import pytest

import pokerbull as pb

pytest.importorskip("pokerbull.solve._cfr")


def test_solve_with_calls_left_out_chooses_the_abstraction():
    sol = pb.solve("pagat", hands=(1, 1), iterations=40)
    assert sol.game.calls == 26 and sol.memory == 2
    assert sol.method.startswith("cfr+ on the last 2 calls (exact tables would need")
    assert sol.table_bytes == sum(a.nbytes for a in sol.regrets + sol.averages) > 0
    # exact in the full game: the measurement the abstraction's own solver makes
    again = sol.exploitability
    sol.measure()
    assert sol.exploitability == again and 0 < again < 0.01
    assert sol.history[-1].iterations == sol.iterations <= 40


def test_naming_the_calls_keeps_the_exact_solver_and_its_limit():
    with pytest.raises(ValueError, match="too many for tables.*leave calls out"):
        pb.solve("pagat", hands=(1, 1), calls=26)
    with pytest.raises(ValueError, match="runs 'cfr\\+', not 'dcfr'"):
        pb.solve("pagat", hands=(1, 1), method="dcfr")
    exact = pb.solve("pagat", hands=(1, 1), calls=5)
    assert exact.method == "cfr+" and exact.table_bytes > 0
