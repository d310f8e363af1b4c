"""The command line with the cheung family and preset, options as flags."""

from __future__ import annotations

import pytest

from pokerbull.cli import main


def run(capsys, *argv: str) -> tuple[int, str]:
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out + err


def test_ladder_with_flags(capsys):
    status, out = run(capsys, "ladder", "--family", "cheung", "--jokers", "1",
                      "--pool", "Qs Qh Qd 9c 4d X1", "--check", "three Queens, a Nine and a Four",
                      "--check", "four Queens with a Nine, natural")
    assert status == 0
    assert "40996 calls" in out
    assert "three Queens, a Nine and a Four (trips:Q,9,4): holds" in out
    assert "(quads:Q,9::nat): does not hold" in out


def test_ladder_bad_option(capsys):
    status, out = run(capsys, "ladder", "--family", "cheung", "--suit-order", "cdhs")
    assert status == 2 and "suit_order" in out


def test_odds_with_jokers(capsys):
    status, out = run(capsys, "odds", "--family", "cheung", "--jokers", "0", "--known", "As Ad",
                      "--cards", "4", "--calls", "three Aces")
    assert status == 0 and "trips:A" in out
    assert "0.0784" in out        # the hand is the pool: one more Ace and no other: 2*48/C(50,2)


def test_simulate_and_tournament(capsys):
    status, out = run(capsys, "simulate", "--preset", "cheung", "--players", "3", "--games", "2",
                      "--seed", "1", "--no-progress", "--or-higher", "--recharge-at", "10")
    assert status == 0 and "cheung" in out and "2 games" in out
    status, out = run(capsys, "simulate", "--preset", "cheung", "--players", "3", "--games", "2",
                      "--bots", "random", "--no-progress")
    assert status == 2 and "does not play cheung" in out


def test_play(monkeypatch, capsys):
    # then challenge when that is allowed, else open with three of a kind
    answers = iter(["a pair", "three Aces"] + ["challenge", "three of a kind"] * 2500)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    status, out = run(capsys, "play", "--preset", "cheung", "--players", "3", "--seed", "2",
                      "--seat", "1", "--jokers", "0")
    assert status == 0
    assert "certain" in out                   # the opening 'a pair' is refused, with the reason
    assert "Game over" in out
