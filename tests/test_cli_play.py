"""`pokerbull play`: a person against bots at the terminal, for any game of the family."""

import re

import pytest

import toy_game
from pokerbull.cli import main


def scripted(monkeypatch, answer):
    prompts = []

    def fake_input(prompt):
        prompts.append(prompt)
        if len(prompts) > 3000:
            raise EOFError
        return answer(prompt, len(prompts))
    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def test_a_whole_game_to_the_end(monkeypatch, capsys):
    def answer(prompt, n):
        if n == 1:
            return "banana"                      # mistyped: explained, asked again
        if n == 2:
            return "?"
        return "challenge" if n % 2 else "one Two"   # one of the two is always legal
    prompts = scripted(monkeypatch, answer)
    assert main(["play", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'banana' is not a call of the pagat ladder\n" in out   # the error on its own line
    assert "Legal moves: 326 (page 1 of 17)" in out
    assert "Cards shown:" in out and "Game over:" in out
    assert set(prompts) == {"Your move: "}


def test_every_challenge_is_announced_in_good_grammar(monkeypatch, capsys):
    scripted(monkeypatch, lambda prompt, n: "challenge" if n % 2 else "one Two")
    assert main(["play", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "challenges you's" not in out
    assert re.search(r"You challenge seat \d's ", out)            # the person's own
    assert re.search(r"Seat \d challenges (your|seat \d's) ", out)  # the bots'


def test_the_list_pages_filters_and_takes_numbers(monkeypatch, capsys):
    answers = iter(["? pair", "? pair 2", "? 17", "? nothing-like-this", "14", "quit"])
    scripted(monkeypatch, lambda prompt, n: next(answers))
    assert main(["play", "--preset", "holdem", "--players", "3", "--seed", "2"]) == 0  # quitting: status 0
    out = capsys.readouterr().out
    assert "Legal moves with 'pair': 91 (page 1 of 5)" in out
    assert "Type ? pair 2 for the next page." in out
    assert "(page 2 of 5)" in out and "(page 17 of 19)" in out
    assert "No legal move with 'nothing-like-this'" in out
    listed = re.findall(r"^ +(\d+)  (.+)$", out, re.M)
    assert ("14", "Pair of Threes") in listed
    assert all(", " not in line for line in out.splitlines() if line.startswith("Legal moves"))
    assert "You call Pair of Threes" in out                      # 14 was taken as the move


def test_the_help_suggests_a_call_of_the_game(monkeypatch, capsys):
    scripted(monkeypatch, lambda prompt, n: "quit")
    main(["play", "--preset", "holdem", "--players", "3", "--seed", "2"])
    out = capsys.readouterr().out
    example = re.search(r"\(e\.g\. '([^']+)' or (\d+)\)", out)
    assert example and "Eights" not in example.group(1)
    assert "High Card, High 2" not in example.group(1)           # a call that can hold
    assert "'challenge' (or 'bull', 'bs')" in out


def test_illegal_raise_is_refused_and_asked_again(monkeypatch, capsys):
    answers = iter(["one Two", "look", "quit"])     # the lowest call raises over nothing
    scripted(monkeypatch, lambda prompt, n: next(answers))
    assert main(["play", "--players", "2", "--seed", "1", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "a call must raise" in out
    shown = re.findall(r"Last call: (.+) by seat 0; you to play", out)
    assert len(shown) == 2 and shown[0] == shown[1]               # the game unchanged
    assert "Game left unfinished: you left the game" in out


def test_input_ending_leaves_cleanly(monkeypatch, capsys):
    def answer(prompt, n):
        raise EOFError
    scripted(monkeypatch, answer)
    assert main(["play", "--seed", "2"]) == 0
    assert "input ended" in capsys.readouterr().out


def test_ctrl_c_leaves_with_status_130(monkeypatch, capsys):
    def answer(prompt, n):
        raise KeyboardInterrupt
    scripted(monkeypatch, answer)
    assert main(["play", "--seed", "2"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "interrupted" in captured.err


def test_bot_parameters_and_rule_options(monkeypatch, capsys):
    scripted(monkeypatch, lambda prompt, n: "quit")
    assert main(["play", "--bot", "evidence:credit=1", "--bot", "random",
                 "--option", "start_cards=2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Your cards:" in out and re.search(r"you \(seat 0\) 2 cards", out)


@pytest.mark.parametrize("argv,message", [
    (["play", "--preset", "poker"], "unknown preset"),
    (["play", "--seat", "9"], "--seat must be a seat"),
    (["play", "--bot", "genius"], "unknown Poker Bull bot 'genius': the bots are random, "
                                  "probability, evidence"),
    (["play", "--bot", "evidence:foo=1"], "has no parameter 'foo': its parameters are "
                                          "challenge_below"),
    (["play", "--players", "1"], "player"),
    (["play", "--option", "start_cards"], "--option takes KEY=VALUE"),
    (["play", "--option", "colour=red"], "colour"),
    (["play", "--game", "chess"], "unknown game 'chess'"),
])
def test_bad_usage_exits_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


# ---- any game of the family, through the protocol ---------------------------

def test_play_any_game_through_the_protocol(monkeypatch, capsys):
    toy_game.register(monkeypatch)
    answers = iter(["?", "dance", "stay"])
    scripted(monkeypatch, lambda prompt, n: next(answers))
    assert main(["play", "--game", "toy", "--seed", "1", "--bot", "bold:at=4"]) == 0
    out = capsys.readouterr().out
    assert "High card, 2 players; you are seat 0." in out
    assert "your card " in out                                  # the observation's describe()
    assert "  0  stay" in out and "  1  fold" in out            # legal moves by number
    assert "'dance' is not an action" in out
    assert "Seat 1 stays" in out or "seat 1 stays" in out or "seat 1 folds" in out
    assert "Game over:" in out


def test_play_any_game_by_number(monkeypatch, capsys):
    toy_game.register(monkeypatch)
    answers = iter(["1"])
    scripted(monkeypatch, lambda prompt, n: next(answers))
    assert main(["play", "--game", "toy", "--seed", "1", "--seat", "1"]) == 0
    assert "seat 1 folds" in capsys.readouterr().out


@pytest.mark.parametrize("argv,message", [
    (["play", "--game", "toy", "--preset", "holdem"], "--preset chooses Poker Bull rules"),
    (["play", "--game", "toy", "--bot", "random"], "unknown High card bot 'random': the bots "
                                                   "are bold, coin"),
    (["play", "--game", "toy", "--bot", "bold:at=9"], "at must be a card"),
])
def test_bad_usage_of_another_game_exits_2(monkeypatch, argv, message, capsys):
    toy_game.register(monkeypatch)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
