"""The command line as a new user meets it: bad usage in one line (exit 2) before any
work, a closed pipe and Ctrl-C ended quietly, numbers people write, results in words.

Most checks call the CLI's ``main()`` in this process (cheap); a few run the real
``pokerbull`` command, where only a separate process shows the behaviour (exit status
of the program, a closed pipe, a signal, the worker processes).
"""

import importlib
import shutil
import signal
import subprocess
import sys
import time

import pytest

from pokerbull.cli import main

cli = importlib.import_module("pokerbull.cli.main")   # the module (the package's `main` is the function)

POKERBULL = shutil.which("pokerbull") or ""


def refused(capsys, *argv) -> str:
    """Run the CLI, expect exit status 2; the one line of stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err         # one line, never the usage block
    return lines[0]


@pytest.mark.parametrize("argv, words", [
    # issue 21: numbers too big for the machine are refused before any work
    (["simulate", "--games", "99999999999999999999999"], "--games must be at most"),
    (["simulate", "--games", "9999999999999"], "--games must be at most 1,000,000,000"),
    (["simulate", "--workers", "99999999999999999999999"], "--workers must be at most"),
    (["tournament", "--workers", "99999999999999999999999"], "--workers must be at most"),
    (["odds", "--samples", "99999999999999999999999"], "--samples must be at most"),
    (["bench", "--hands", "99999999999999999999999"], "--hands must be at most"),
    (["simulate", "--players", "99999999999999999999999"], "--players must be at most"),
    (["tournament", "--players", "99999999999999999999999"], "--players must be at most"),
    (["simulate", "--players", "100000"], "--players must be at most"),
    (["tournament", "--players", "60"], "players must be 2 to 52, not 60"),   # the game's own
    (["tournament", "--games", "10", "--option", "players=3"],
     "--option players=3: give --players instead"),
    # issue 26: one line naming the problem
    (["simulate", "--seed", "-1"], "a seed must not be negative, not -1"),
    (["simulate", "--games", "1.5"], "--games is a whole number, not '1.5'"),
    (["simulate", "--games", "10", "--bogus"],
     "pokerbull simulate: error: unrecognized arguments: --bogus"),
    (["bench", "--peer", "foo"], "pokerbull bench: error: argument --peer: invalid choice"),
    (["ladder", "holdem", "--family", "pagat"], "two families: holdem and --family pagat"),
    (["ladder", "--seed", "5"], "--seed draws the pool of --deal N"),
    (["ladder", "--pool", "As Ad X1"], "holds the joker X1"),
    (["odds", "--log"], "--log sets the axis of --plot"),
    (["odds", "--all", "--plot", "odds.png"], "name the calls with --calls"),
    (["odds", "--plot", "out.txt"], "the file name says the format"),
])
def test_bad_usage_is_one_line_with_status_2(capsys, argv, words):
    assert words in refused(capsys, *argv, *(["--no-progress"] if argv[0] in (
        "simulate", "tournament") else []))


def test_input_is_checked_before_the_progress_bar(capsys, monkeypatch):
    def no_bar(*args, **kwargs):
        raise AssertionError("the progress bar started before the input was checked")
    monkeypatch.setattr(cli, "_progress", no_bar)
    assert "unknown preset 'pagatt'" in refused(capsys, "simulate", "--preset", "pagatt")
    assert "chess" in refused(capsys, "tournament", "--game", "chess")
    assert "start_cards" in refused(capsys, "simulate", "--option", "start_cards=40")


def test_numbers_as_people_write_them_and_names_in_any_case(capsys):
    assert main(["simulate", "--preset", "Pagat", "--games", "1e3", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    first = captured.out
    assert "1,000 games" in first
    assert captured.err == ""           # off a terminal: no bar, no stray blank line
    assert main(["simulate", "--game", "BULL", "--games", "1,000", "--seed", "1",
                 "--no-progress"]) == 0
    again = capsys.readouterr().out
    strip = [line for line in again.splitlines() if "games/s" not in line]
    assert strip == [line for line in first.splitlines() if "games/s" not in line]


def test_the_challenged_call_table_in_words_and_counts(capsys):
    assert main(["simulate", "--games", "3000", "--seed", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "two pair" in out and "two_pair" not in out and "full house" in out
    for line in out.splitlines():      # a category seen at least once never reads 0.00%
        cells = line.replace("│", " ").split()
        if len(cells) >= 4 and cells[-3].replace(",", "").isdigit() and cells[-3] != "0":
            assert cells[-2] != "0.00%", line


def test_sampled_odds_name_their_seed_and_tie_break_alike(capsys):
    assert main(["odds", "--family", "holdem", "--cards", "6", "--samples", "300"]) == 0
    out = capsys.readouterr().out
    seed = out.split("(seed ")[1].split(")")[0]
    assert seed.isdigit()
    assert main(["odds", "--family", "holdem", "--cards", "6", "--samples", "300",
                 "--seed", seed]) == 0
    assert capsys.readouterr().out == out                 # the printed seed repeats the run
    assert main(["odds", "--family", "pagat", "--cards", "10"]) == 0
    out = capsys.readouterr().out
    assert "each of the 13 alike" in out and "7.76e-04" in out and "0.000776" not in out


def test_one_in_has_three_figures():
    assert [cli.one_in_text(p) for p in (1 / 1.7, 0.5, 1 / 51, 1 / 6.15, 1 / 12345)] == \
        ["1.70", "2.00", "51.0", "6.15", "12,300"]
    assert cli.probability_text(5e-05, 4.9e-05) == "5.00e-05 ± 4.9e-05"


def test_eighty_columns_fit(monkeypatch, capsys):
    from rich.console import Console
    made = []

    def narrow(stderr=False):
        console = Console(width=80, stderr=stderr, emoji=False, highlight=False)
        made.append(console)
        return console
    monkeypatch.setattr(cli, "_console", narrow)
    for argv in (["odds", "--family", "holdem", "--cards", "7", "--samples", "500", "--seed", "1"],
                 ["odds", "--family", "holdem", "--cards", "7", "--samples", "200", "--seed", "1",
                  "--all"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        rows = [line for line in out.splitlines()[2:] if line.strip()]
        assert all(len(line) <= 80 for line in rows)
        assert "…" not in out                              # nothing cut
        assert not any(line.rstrip().endswith("±") for line in rows)   # nothing wrapped


@pytest.mark.skipif(not POKERBULL, reason="the pokerbull command is not installed")
def test_the_real_command_one_line_errors_and_a_closed_pipe():
    run = subprocess.run([POKERBULL, "simulate", "--games", "10", "--bogus"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == ["pokerbull simulate: error: unrecognized arguments: "
                                       "--bogus (see pokerbull simulate --help)"]
    # the reader leaves after one line: quiet, status 141 (or 0), never 1
    for argv in (["simulate", "--games", "300", "--seed", "1"], ["ladder", "holdem", "--all"]):
        reader = subprocess.Popen([POKERBULL, *argv], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        reader.stdout.readline()
        reader.stdout.close()
        err = reader.stderr.read()
        assert reader.wait() in (0, 141) and err == b"", err


@pytest.mark.skipif(not POKERBULL or sys.platform == "win32", reason="needs the command, POSIX")
def test_ctrl_c_stops_worker_processes_within_a_second_or_two():
    child = subprocess.Popen(
        [POKERBULL, "simulate", "--workers", "2", "--games", "50000000", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    children = f"/proc/{child.pid}/task/{child.pid}/children"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:   # until the workers play
        try:
            with open(children) as f:
                if f.read().split():
                    break
        except OSError:                     # no /proc: wait a while instead
            time.sleep(3)
            break
        time.sleep(0.1)
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    try:        # it took 24-27 s before; 50 million games would take hours
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert child.returncode == 130 and out == ""
    assert err == "pokerbull: interrupted\n"          # no traceback from the workers


def test_plot_axis_and_curve_styles():
    import numpy as np
    colormaps = pytest.importorskip("matplotlib").colormaps
    assert cli._reads_better_on_log(np.array([[0.1, 0.5], [0.0, 0.001]]))
    assert not cli._reads_better_on_log(np.array([[0.1, 0.5], [0.2, 0.3]]))
    looks = cli._curve_styles(11, colormaps)
    assert len(set(looks)) == 11                  # no two curves look alike
