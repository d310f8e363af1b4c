"""`pokerbull bench` and pokerbull.cli.bench: small runs only (never a timed assertion)."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull import cli
from pokerbull.cli import bench


def test_deals_are_seeded_hands_of_distinct_cards():
    deals = bench.deal(50, 7, seed=3)
    assert deals.shape == (50, 7)
    assert all(len(set(row)) == 7 for row in deals.tolist())
    np.testing.assert_array_equal(deals, bench.deal(50, 7, seed=3))
    masks = bench.deal_masks(deals)
    assert [len(pb.Pool(int(m))) for m in masks] == [7] * 50


def test_measure_returns_figures_with_their_regime():
    figures = bench.measure(hand_size=7, batch_hands=500, call_hands=50, repeat=1, peers=())
    apis = [(f.engine, f.api, f.regime, f.hand_size) for f in figures]
    assert apis[0] == ("pokerbull", "pb.evaluate_many", "batch", 7)
    assert apis[-1] == ("pokerbull", "pb.evaluate", "per call", 7)
    if len(apis) == 3:
        assert apis[1] == ("pokerbull", "pb.evaluate_many, scalar loop", "batch", 7)
    assert all(f.rate > 0 and f.nanoseconds > 0 for f in figures)
    lines = bench.report(figures, {"nopeer": "not installed (ImportError)"})
    assert "pb.evaluate_many" in lines[1] and "nopeer: not installed" in lines[-1]


def test_peer_runners_judge_the_same_deals():
    deals = bench.deal(20, 7, seed=4)
    for name in bench.PEERS:
        pytest.importorskip(name)
        api, run = bench.peer_runner(name, deals)
        assert name in api
        run()


def test_bench_command_prints_figures(capsys):
    assert cli.main(["bench", "--hands", "2000", "--calls", "100", "--repeat", "1",
                     "--peer", "eval7"]) == 0
    out = capsys.readouterr().out
    assert "pb.evaluate_many" in out and "batch" in out and "per call" in out


@pytest.mark.parametrize("argv", [["bench", "--cards", "0"], ["bench", "--hands", "0"],
                                  ["bench", "--peer", "nobody"]])
def test_bench_command_bad_usage_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.parametrize("cards", [2, 9])
def test_bench_says_when_the_peers_are_left_out(cards, capsys):
    assert cli.main(["bench", "--cards", str(cards), "--hands", "500", "--calls", "50",
                     "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert f"judge 5 to 7 cards only: left out for hands of {cards} cards" in out


def test_bench_names_the_batch_path_and_compares_like_with_like(capsys):
    pytest.importorskip("eval7")
    assert cli.main(["bench", "--hands", "2000", "--calls", "100", "--repeat", "1",
                     "--peer", "eval7"]) == 0
    out = capsys.readouterr().out
    assert "batch path: " in out.splitlines()[0]
    assert "per call vs per call: pb.evaluate is" in out
    assert "not like with like: one pb.evaluate_many batch is" in out
