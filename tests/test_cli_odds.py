"""`pokerbull odds`: the table, the chosen calls, the plot and readable errors."""

from __future__ import annotations

import re
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
    assert status == 0 and "2,000 random draws (seed 5)" in out and "±" in out
    assert run(capsys, *argv)[1] == out                     # same seed, same table


@pytest.mark.parametrize("argv, message", [
    (("--family", "poker"), "unknown call family 'poker'"),
    (("--known", "As As"), "card As appears twice"),
    (("--known", "As Kd Qh", "--cards", "2"), "--cards takes 3..52 cards"),
    (("--cards", "60"), "--cards takes 0..52 cards (the known cards up to the whole pagat deck)"),
    (("--family", "pagat-wild", "--cards", "54"), "--cards takes 0..52"),
    (("--calls", "six Aces"), "not a call of the pagat ladder"),
    (("--samples", "0", "--family", "holdem"), "--samples must be at least 1, not 0"),
    (("--seed", "-1", "--family", "holdem"), "a seed must not be negative, not -1"),
    (("--cards", "4", "--plot", "/nonexistent/dir/o.png"), "--plot /nonexistent/dir/o.png: no folder"),
])
def test_bad_usage_exits_2(capsys, argv, message):
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err


def test_no_known_cards_says_the_calls_are_alike(capsys):
    status, out, _ = run(capsys, "--cards", "10")
    assert status == 0
    assert "each of the 13 alike" in out and "(and 12 alike)" not in out


def test_probabilities_in_one_format(capsys):
    status, out, _ = run(capsys, "--cards", "10", "--known", "As", "--calls", "one Ace",
                         "two Aces")
    assert status == 0
    assert re.search(r"one_card:A +1\.0000 +1\.00 ", out) and re.search(r"pair:A +0\.4487 +2\.23 ", out)


def test_an_impossible_exact_hand_call_is_an_exact_zero(capsys):
    status, out, _ = run(capsys, "--family", "holdem", "--cards", "13", "--calls",
                         "high_card:3", "--seed", "1")
    assert status == 0
    assert "draws)" not in out and "never" in out
    assert "; exact" in out


def test_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "odds.png"
    status, out, _ = run(capsys, "--family", "pagat", "--cards", "12", "--known", "As",
                         "--calls", "two Aces", "four Kings", "--plot", str(png))
    assert status == 0 and "plot written" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_axes_and_title(capsys, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure
    saved = []
    monkeypatch.setattr(Figure, "savefig", lambda self, path: saved.append(self))
    status, _, _ = run(capsys, "--family", "pagat", "--cards", "9", "--known", "As",
                       "--calls", "two Aces", "four Kings", "--plot", str(tmp_path / "o.png"),
                       "--log")
    assert status == 0
    ax = saved[0].axes[0]
    assert ax.get_yscale() == "log"
    ticks = [t for t in ax.get_xticks() if 1 <= t <= 9]
    assert ticks and all(float(t).is_integer() for t in ticks)
    title = ax.get_title()
    assert "pagat" in title and "As" in title and "exactly" in title


def test_plot_to_an_unknown_format(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    status, out, err = run(capsys, "--cards", "3", "--plot", str(tmp_path / "odds.xyz"))
    assert status == 2 and "the file name says the format" in err and "not '.xyz'" in err
    assert out == ""                            # refused before the table is computed


def test_plot_without_matplotlib(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    status, out, err = run(capsys, "--cards", "5", "--plot", str(tmp_path / "odds.png"))
    assert status == 2 and out == ""
    assert "--plot needs matplotlib" in err and "pokerbull[plot]" in err
