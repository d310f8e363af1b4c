"""`pokerbull odds`: the table, the chosen calls, the plot and readable errors."""

from __future__ import annotations

import sys

import pytest

from pokerbull.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(["odds", *argv])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_summary_per_category(capsys):
    status, out, _ = run(capsys, "--family", "pagat", "--cards", "14", "--known", "As Kd")
    assert status == 0
    assert "14-card pool" in out and "As Kd" in out and "exact" in out
    assert "four Kings" in out and "0.5696" in out          # two Aces or two Kings
    assert "highest call holding at least half the time: two Aces" in out


def test_chosen_calls(capsys):
    status, out, _ = run(capsys, "--family", "pagat-wild", "--cards", "10",
                         "--calls", "two Aces", "flush:A:s")
    assert status == 0
    assert "pair:A" in out and "flush:A:s" in out           # codes printed as typed
    assert "flush to the Ace of" in out


def test_holdem_is_sampled_with_a_seed(capsys):
    argv = ("--family", "holdem", "--cards", "9", "--seed", "5", "--samples", "2000",
            "--calls", "Pair of Aces", "royal_flush::s")
    status, out, _ = run(capsys, *argv)
    assert status == 0 and "2000 random" in out and "±" in out
    assert run(capsys, *argv)[1] == out                     # same seed, same table


@pytest.mark.parametrize("argv, message", [
    (("--family", "poker"), "unknown call family 'poker'"),
    (("--known", "As As"), "card As appears twice"),
    (("--known", "As Kd Qh", "--cards", "2"), "--cards 2 is fewer than the 3 known cards"),
    (("--cards", "60"), "unseen must be between 0 and 52"),
    (("--calls", "six Aces"), "not a call of the pagat ladder"),
    (("--samples", "0", "--family", "holdem"), "samples must be a whole number >= 1"),
])
def test_bad_usage_exits_2(capsys, argv, message):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err


def test_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "odds.png"
    status, out, _ = run(capsys, "--family", "pagat", "--cards", "12", "--known", "As",
                         "--calls", "two Aces", "four Kings", "--plot", str(png))
    assert status == 0 and "plot written" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_to_an_unknown_format(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    status, _, err = run(capsys, "--cards", "3", "--plot", str(tmp_path / "odds.xyz"))
    assert status == 2 and "cannot write the plot" in err


def test_plot_without_matplotlib(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    status, out, err = run(capsys, "--cards", "5", "--plot", str(tmp_path / "odds.png"))
    assert status == 2 and out == ""
    assert "--plot needs matplotlib" in err and "pokerbull[plot]" in err
