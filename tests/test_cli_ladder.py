"""`pokerbull ladder`: a summary by default, every call with --all, checks read first."""

from __future__ import annotations

import pytest

from pokerbull.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(["ladder", *argv])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_plain_ladder_is_a_summary_per_category(capsys):
    status, out, _ = run(capsys, "pagat")
    assert status == 0
    assert len(out.splitlines()) < 30
    assert "one Two (one_card:2)" in out and "--all lists every call" in out


def test_all_lists_every_call(capsys):
    status, out, _ = run(capsys, "pagat", "--all")
    assert status == 0 and len(out.splitlines()) > 326


def test_all_with_a_pool_says_which_calls_hold(capsys):
    status, out, _ = run(capsys, "pagat", "--pool", "As Ad", "--all")
    assert status == 0
    assert "holds" in out.splitlines()[2]
    rows = {line.split("│")[3].strip(): line.split("│")[5].strip()
            for line in out.splitlines() if line.count("│") == 6}
    assert rows["pair:A"] == "yes" and rows["trips:A"] == "no" and rows["one_card:K"] == "no"


def test_one_card_pool(capsys):
    status, out, _ = run(capsys, "--pool", "As")
    assert status == 0 and "pool (1 card): As" in out


def test_a_bad_check_stops_before_any_output(capsys):
    status, out, err = run(capsys, "--pool", "As", "--check", "one Ace", "--check", "six Aces")
    assert status == 2 and out == ""
    assert "--check: 'six Aces' is not a call of the pagat ladder" in err


def test_checks_without_a_pool_say_where_the_call_stands(capsys):
    status, out, _ = run(capsys, "holdem", "--check", "Pair of Tens")
    assert status == 0 and "Pair of Tens (pair:T): call" in out


@pytest.mark.parametrize("argv, message", [
    (("poker",), "unknown call family 'poker'"),
    (("--pool", "As Xx"), "--pool:"),
    (("--deal", "60"), "--deal takes 0..52 cards"),
    (("--pool", "As", "--deal", "3"), "give --pool or --deal, not both"),
    (("--deal", "3", "--seed", "-2"), "a seed must not be negative, not -2"),
])
def test_bad_usage_exits_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_a_reader_that_leaves_early_gets_no_traceback():
    """`pokerbull bench ... | head -0`: the pipe is closed before any output."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "pokerbull", "bench", "--hands", "1000",
                             "--calls", "50", "--repeat", "1", "--peer", "eval7"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_a_large_ladder_streams_every_call_as_a_line(capsys):
    """cheung's ladders list line by line (no table to build first), from the specs."""
    status, out, _ = run(capsys, "cheung", "--jokers", "0", "--pool", "Qs Qh Qd 9c 4d", "--all")
    lines = out.splitlines()
    assert status == 0 and lines[1].split() == ["index", "level", "code", "call", "(holds)"]
    rows = [line for line in lines[2:] if line[:1] == " " or line[:1].isdigit()]
    assert len(rows) >= 20491 and rows[0].split()[:3] == ["0", "0", "high_card:"]
    held = {line.split()[2] for line in rows[:20491] if line.endswith("(holds)")}
    assert {"trips:Q,9,4", "trips:Q", "pair:"} & held == {"trips:Q,9,4", "trips:Q"}
