"""One road for simulation (issue 20): every game's chunks go through ``sim.road.Plan``
and ``run_chunks``, each wing plugging in its compiled loop and its statistics.

The results are checked against the wings' compiled loops run directly, chunk by chunk,
with the seeds the old roads drew (Poker Bull: ``chunk_keys``; Cheat and roulette: the
chunk's ``SeedSequence`` child), and summed here with NumPy: the same seed gives the
same statistics, field for field.
"""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.bull.rules import Rules
from pokerbull.bull.simulate import BullTable, compiled_table
from pokerbull.protocol import wing
from pokerbull.sim import road
from pokerbull.sim.family import ProtocolTable
from pokerbull.sim.results import BaseSimulationResult
from pokerbull.sim.run import CHUNK_GAMES, entropy_of
from pokerbull.sim.streams import chunk_keys

GAMES = CHUNK_GAMES + 300           # two chunks, the second one short
compiled_core = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")


def _chunks(games: int) -> list[tuple[int, int]]:
    return [(k, min(CHUNK_GAMES, games - k * CHUNK_GAMES))
            for k in range(-(-games // CHUNK_GAMES))]


@compiled_core
@pytest.mark.parametrize("preset, players, lineup", [
    ("pagat", 6, ["random", "probability", "evidence"] * 2),
    ("pagat-wild", 4, ["evidence", ("random", {"challenge": 0.05}), "probability", "random"]),
    ("pagat-five", 3, ["probability", "evidence", "random"]),
    ("holdem", 5, ["random", "probability", "evidence", ("evidence", {"credit": 1}), "random"]),
    ("cheung", 4, ["cheung", "cheung-random"] * 2),
])
def test_poker_bull_equals_its_compiled_loop_run_directly(preset, players, lineup):
    seed = 21
    games = GAMES if preset != "cheung" else 1100
    r = pb.simulate(preset, bots=lineup, games=games, seed=seed)
    assert isinstance(r, pb.SimulationResult) and r.engine == "compiled"
    rules = Rules.preset(preset, players=players)
    table = compiled_table(rules, lineup)
    runs = [table.run(*chunk_keys(entropy_of(seed), k), 0, size) for k, size in _chunks(games)]
    winners = np.concatenate([run["winners"] for run in runs]).astype(np.int64)
    hands = np.concatenate([run["hands"] for run in runs]).astype(np.int64)
    calls = np.concatenate([run["calls"] for run in runs]).astype(np.int64)
    last_count = sum(np.asarray(run["last_count"], np.int64) for run in runs)
    last_held = sum(np.asarray(run["last_held"], np.int64) for run in runs)
    caught = sum(int(run["failed_calls"]) for run in runs)
    assert r.seat_wins.tolist() == np.bincount(winners, minlength=players).tolist()
    data = r.to_dict()
    assert data["hands_per_game"]["histogram"] == np.bincount(hands).tolist()
    assert data["calls_per_game_histogram"] == np.bincount(calls).tolist()
    assert data["challenge_success"]["caught"] == caught
    assert data["challenge_success"]["challenges"] == int(hands.sum()) == r.hands
    assert r.calls == int(calls.sum())
    assert data["last_calls"] == {rules.ladder[i].code: [int(last_count[i]), int(last_held[i])]
                                  for i in np.flatnonzero(last_count).tolist()}
    assert (data["game"], data["seed"], data["games"]) == (preset, entropy_of(seed), games)


@pytest.mark.parametrize("game, players, options", [
    ("cheat", 4, {}), ("cheat", 5, {"variations": "NSV"}), ("roulette", 5, {})])
def test_other_games_equal_their_compiled_loop_run_directly(game, players, options):
    fast = wing(game).fast_simulate
    bots = [(name, {}) for name in wing(game).default_bots]
    lineup = [bots[s % len(bots)] for s in range(players)]
    if fast is None or fast(options, players, lineup, 0, 0) is None:
        pytest.skip("no compiled loop loaded")
    seed = 5
    r = pb.simulate(game, bots=lineup, games=GAMES, seed=seed, **options)
    assert r.engine == "compiled"
    returns, wins, actions = np.zeros(players), np.zeros(players, np.int64), 0
    for k, size in _chunks(GAMES):
        child = np.random.SeedSequence(entropy_of(seed), spawn_key=(k,))
        run = fast(options, players, lineup, size, int(child.generate_state(1, np.uint64)[0]))
        returns = returns + run["returns"]
        wins = wins + run["wins"]
        actions += run["actions"]
    assert r.mean_returns is not None
    assert r.mean_returns.tolist() == (returns / GAMES).tolist()
    assert r.seat_wins.tolist() == wins.tolist()
    assert r.to_dict()["actions"] == actions


def test_every_game_takes_the_one_road(monkeypatch):
    """Every simulation hands a ``road.Plan`` holding its wing's table to ``run_chunks``."""
    seen = []
    run_chunks = road.run_chunks

    def spy(plan, *args):
        seen.append((type(plan), type(plan.table)))
        return run_chunks(plan, *args)

    monkeypatch.setattr(road, "run_chunks", spy)
    for name in ("pagat", "cheung", "cheat", "roulette"):
        r = pb.simulate(name, games=3, seed=1, players=3)
        assert isinstance(r, BaseSimulationResult)
    assert seen == [(road.Plan, BullTable)] * 2 + [(road.Plan, ProtocolTable)] * 2
    t = pb.tournament("pagat", ["random", "probability"], games=4, players=2, seed=1)
    assert len(t.matches) == 1 and seen[-1] == (road.Plan, BullTable)


def test_python_engine_plays_through_the_same_plan():
    """Both engines of a wing run on the same plan and, for built-in bots, agree
    (Poker Bull's Python engine plays through pb.Game)."""
    plan = road.Plan(wing("bull").simulation("holdem", ["random", "evidence"], None, {}),
                     "python", entropy_of(3), 25)
    assert plan.chunks == 1 and plan.chunk_size(0) == 25
    python = plan.table.result(plan.play([0]), engine="python", games=25, seed=plan.entropy,
                               seconds=0.0)
    assert python == pb.simulate("holdem", bots=["random", "evidence"], games=25, seed=3)


def test_every_result_has_the_common_typed_base():
    pagat = pb.simulate("pagat", games=5, seed=2, players=3)
    cheat = pb.simulate("cheat", games=5, seed=2, players=3)
    for r in (pagat, cheat):
        assert isinstance(r, pb.BaseSimulationResult) and r.seconds >= 0
        assert [row["seat"] for row in r.seat_rates()] == [0, 1, 2]
        assert r.win_rate(0)[0] == r.seat_rates()[0]["rate"]
    assert pagat.mean_returns is None and not pagat.in_chips
    assert cheat.mean_returns is not None and cheat.in_chips
    assert cheat.mean_returns.shape == (3,)


def test_wing_names_reach_their_first_preset():
    assert pb.simulate("Bull", games=2, seed=1, players=2).game == "pagat"
    with pytest.raises(ValueError, match="unknown Poker Bull preset 'cheat'"):
        pb.bull.simulate.simulate("cheat", games=2)
