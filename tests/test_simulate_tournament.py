"""Tournaments: each built-in bot beats the one before it, by more than the interval."""

from __future__ import annotations

import json

import pytest

import pokerbull as pb
import pokerbull.sim.tournament
from pokerbull.sim.tournament import tournament

pytestmark = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")


@pytest.mark.parametrize("preset, players, games", [
    ("pagat", 6, 1000), ("pagat-five", 4, 1000), ("pagat-wild", 4, 2000), ("holdem", 6, 1000)])
def test_each_bot_beats_the_previous_one(preset, players, games):
    """random < probability < evidence: the lower end of each 95 % Wilson interval
    of the stronger bot's win rate is above one half (fixed seed: not flaky).
    Measured margins (docs/bots.md) are far wider than these intervals."""
    t = tournament(preset, ["random", "probability", "evidence"], games=games,
                   players=players, seed=2024)
    for weaker, stronger in (("random", "probability"), ("probability", "evidence")):
        rate, low, high = t.match(stronger, weaker).rate
        assert low > 0.5, (preset, stronger, weaker, rate, low, high)
    assert [row["bot"] for row in t.ranking()] == ["evidence", "probability", "random"]


def test_tournament_result():
    t = tournament("pagat", ["random", ("probability", {"challenge_below": 0.3})],
                   games=101, players=3, seed=1)
    assert t.bots == ("random", "probability(challenge_below=0.3)")
    (m,) = t.matches
    assert m.games == 101 and 0 <= m.first_wins <= 101
    flipped = t.match(m.second, m.first)
    assert flipped.first_wins == 101 - m.first_wins
    data = json.loads(t.to_json())
    assert data["matches"][0]["games"] == 101 and len(data["ranking"]) == 2
    assert "probability(challenge_below=0.3)" in t.table()
    assert t.to_dict() == tournament("pagat", ["random", ("probability", {"challenge_below": 0.3})],
                                     games=101, players=3, seed=1, workers=2).to_dict()


def test_tournament_refuses_bad_lineups():
    with pytest.raises(ValueError, match="at least two bots"):
        tournament("pagat", ["random"])
    with pytest.raises(ValueError, match="different names"):
        tournament("pagat", ["random", "random"])
    with pytest.raises(ValueError, match="no match"):
        tournament("pagat", ["random", "probability"], games=10, players=2, seed=1).match(
            "random", "evidence")
