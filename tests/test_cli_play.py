"""`pokerbull play`: a person against bots at the terminal."""

import pytest

from pokerbull.cli import main


def scripted(monkeypatch, answer):
    prompts = []

    def fake_input(prompt):
        prompts.append(prompt)
        if len(prompts) > 5000:
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
        return "challenge" if prompt.startswith("Last call") else "one Two"
    prompts = scripted(monkeypatch, answer)
    assert main(["play", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'banana' is not a call of the pagat ladder" in out
    assert "Legal calls (326)" in out
    assert "Cards shown:" in out and "Game over:" in out
    assert prompts[1] == prompts[0]             # the same question again after the error


def test_illegal_raise_is_refused_and_asked_again(monkeypatch, capsys):
    tried = []

    def answer(prompt, n):
        if not prompt.startswith("Last call"):
            return "one Ace"
        if not tried:
            tried.append(prompt)
            return "one Two"                     # never a raise over anything
        return "quit"
    prompts = scripted(monkeypatch, answer)
    assert main(["play", "--players", "2", "--seed", "1", "--seat", "1"]) == 1
    out = capsys.readouterr().out
    assert "a call must raise" in out
    assert prompts[-1] == tried[0]               # asked again, same state
    assert "Game left unfinished: you left the game" in out


def test_input_ending_leaves_cleanly(monkeypatch, capsys):
    def answer(prompt, n):
        raise EOFError
    scripted(monkeypatch, answer)
    assert main(["play", "--seed", "2"]) == 1
    assert "input ended" in capsys.readouterr().out


@pytest.mark.parametrize("argv,message", [
    (["play", "--preset", "poker"], "unknown preset"),
    (["play", "--seat", "9"], "--seat must be a seat"),
    (["play", "--bot", "genius"], "unknown bot 'genius'"),
    (["play", "--players", "1"], "player"),
])
def test_bad_usage_exits_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
