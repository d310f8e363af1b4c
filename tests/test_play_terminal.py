"""`pokerbull play` for every game, as a new user types: the same challenge words in
every game, refusals that say why (and "you"), roulette narrated with or without
betting, the table's bots named, quitting is not a failure."""

import re
import shutil
import subprocess

import pytest

import pokerbull as pb
from pokerbull.cli import main
from pokerbull.cli.play import as_you


def feed(monkeypatch, answers):
    """Type `answers` one prompt at a time; the input then ends."""
    typed = iter(answers)

    def fake_input(prompt):
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", fake_input)


def test_roulette_check_with_a_bet_owed_is_refused_with_the_reason():
    from rich.console import Console

    from pokerbull.cli.play import TerminalSession
    g = pb.roulette.Game(players=3, seed=1)
    g.apply_action(g.string_to_action("bet"))           # seat 0 bets: seat 1 owes 1
    before = g.to_json()
    typed = iter(["check", "raise"])
    console = Console(record=True, width=200)
    session = TerminalSession(g, 1, {}, read=lambda prompt: next(typed), console=console)
    session.person_moves()
    out = console.export_text()
    assert "Your turn: 0 fold, 1 call 1, 2 raise" in out
    assert "you cannot check: a bet is owed (1 chip); you may call, raise or fold" in out
    assert g.log_for(1)[-1] == "You raise by 1, putting in 2; the pot is 6."   # not a call
    assert before != g.to_json() and "You call" not in "\n".join(g.log_for(1))
    with pytest.raises(pb.IllegalAction, match="cannot check: a bet is owed"):
        g.string_to_action("check")             # the library never reads it as a call


def test_roulette_without_betting_is_narrated_to_the_end(monkeypatch, capsys):
    feed(monkeypatch, [])
    assert main(["play", "--game", "roulette", "--option", "betting=false", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for words in ("no move for you to make", "one deck", "Everyone is dealt 2 active cards, "
                  "face down.", "the match card is", "You turn over", "Showdown: ", "Returns: ",
                  "Game over"):
        assert words in out, words
    assert "(s)" not in out and "- +" not in out


def test_roulette_wording():
    g = pb.roulette.Game(players=3, deck="As Kc Qd  2h 3h 4h  5s 6s 7s  9h 8c 8d 8h 8s Tc "
                                         "Td Th X2", seed=1)
    log = g.log_for(1)
    assert log[0].startswith("Poker roulette, 3 players, one deck;")
    assert log[2] == ("You are dealt your stock card, King of clubs (Kc); seat 0 and seat 2 "
                      "a stock card each, face down.")
    assert log[3] == "Everyone is dealt 2 active cards, face down."
    text = g.observation(1).describe()
    assert "seat 0: stockpile 1 card face down; 2 active cards face down" in text
    g.apply_action(2)                           # seat 0 bets
    g.apply_action(2)                           # seat 1 raises
    assert g.log_for(0)[-1] == "Seat 1 raises by 1, putting in 2; the pot is 6."
    while not g.is_terminal():
        g.apply_action(1)
    log = g.log_for(0)
    match = [line for line in log if "the match card is" in line][0]
    assert re.search(r"the match card is [A-Z][a-z]+ of [a-z]+ \(..\)\.$", match)
    assert not any("face down" in line and "dealt" in line and line.startswith("Seat")
                   for line in log)             # the face-down deals are condensed


def test_cheat_speaks_to_you_and_takes_every_challenge_word(monkeypatch, capsys):
    g = pb.cheat.Game(players=3, seed=1)
    assert g.log_for(0) == ["the cards are dealt; you lead"]
    assert g.log_for(1) == ["the cards are dealt; seat 0 leads"]
    with pytest.raises(pb.IllegalAction, match=r"must lay a card before claiming \(three Aces\)"):
        g.apply_action(g.string_to_action("claim three Aces"))
    with pytest.raises(pb.IllegalAction, match="may not accept now: there is no claim to answer"):
        g.apply_action(g.string_to_action("accept"))
    with pytest.raises(ValueError, match=r"'foo' names no action \(the moves now are 'lay "):
        g.string_to_action("foo")
    g.play("As Ah", claim="Aces")               # a bare rank: as many as were laid
    assert g.log_for(0)[-1] == "you play two Aces (laid As Ah)"
    assert g.log_for(1)[-1] == "seat 0 plays two Aces"
    for word in ("bull", "bs", "liar", "call bs", "bullshit", "challenge", "cheat"):
        assert g.action_to_string(g.string_to_action(word)) == "challenge"
    g.challenge()
    assert g.log_for(1)[-1].startswith("you challenge seat 0: As Ah shown, true; you take")
    assert g.log_for(0)[-1].startswith("seat 1 challenges you: As Ah shown, true;")
    with pytest.raises(ValueError, match="the options are .*players.*variations"):
        pb.cheat.Game(players=3, bogus=1)
    with pytest.raises(ValueError, match="does not say how many: lay the cards first"):
        pb.cheat.Game(players=3, seed=1).string_to_action("Aces")


def test_cheat_at_the_terminal(monkeypatch, capsys):
    feed(monkeypatch, ["accept", "claim three Aces", "bs", "quit"])
    assert main(["play", "--game", "cheat", "--seed", "1", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "At the table: you; seat 1: " in out and "seat 2: " in out
    assert "the cards are dealt; you lead" in out
    assert "you may not accept now: there is no claim to answer; you must lay" in out
    assert "you must lay a card before claiming (three Aces)" in out
    assert "seat 0" not in out.split("At the table")[1].split("hand sizes")[0]
    assert "'challenge' (or 'bull', 'bs') challenges" in out        # the same words as Poker Bull


def test_poker_bull_names_the_seats_and_who_held_what(monkeypatch, capsys):
    feed(monkeypatch, ["challenge", "one Two", "challenge", "quit"])
    assert main(["play", "--players", "3", "--seed", "4", "--bot", "evidence:credit=1",
                 "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert ("At the table: you; seat 1: evidence bot (credit=1); seat 2: random bot."
            in out)
    assert "there is no call to challenge yet: you open hand 1 with a call" in out
    assert re.search(r"Cards shown: you \w\w, seat 1 \w\w, seat 2 \w\w", out)
    assert "Game left unfinished: you left the game." in out


def test_as_you():
    assert as_you("seat 0 may not pick up the pile: it holds a card it could play truthfully",
                  0) == "you may not pick up the pile: you hold a card you could play truthfully"
    assert as_you("seat 1 cannot lay 2c: not in its hand", 1) == \
        "you cannot lay 2c: not in your hand"
    assert as_you("seat 10 must lay", 1) == "seat 10 must lay"


def test_cheung_witness_prefers_natural_cards():
    lad = pb.ladder("cheung")
    pool = pb.Pool.parse("7s 7h X1 X2 2c 3d")
    made = str(lad.witness(lad.parse("three Sevens"), pool)).split()
    assert "7s" in made and "7h" in made and len([c for c in made if c[0] == "X"]) == 1
    made = str(lad.witness(lad.parse("two Sevens"), pb.Pool.parse("7s 7h X1 X2 2c 3d 9h")))
    assert "X" not in made                     # two natural Sevens need no joker


@pytest.mark.skipif(not shutil.which("pokerbull"), reason="the pokerbull command is not installed")
def test_the_real_command_quit_and_end_of_input_exit_0():
    for typed in ("quit\n", ""):
        run = subprocess.run([shutil.which("pokerbull"), "play", "--game", "cheat", "--seed", "1"],
                             input=typed, capture_output=True, text=True)
        assert run.returncode == 0 and run.stderr == ""
        assert "Game left unfinished" in run.stdout


def test_the_readme_transcript_is_what_the_command_prints(monkeypatch, capsys):
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = readme.split("$ pokerbull play --players 3 --seed 5 --bot evidence\n")[1]
    block = block.split("```")[0].splitlines()
    typed = [line.removeprefix("Your move: ") for line in block if line.startswith("Your move: ")]
    feed(monkeypatch, typed)
    assert main(["play", "--players", "3", "--seed", "5", "--bot", "evidence"]) == 0
    printed = capsys.readouterr().out.splitlines()
    # the prompt and the typed words are the terminal's echo, not the program's output
    assert printed == [line for line in block if not line.startswith("Your move: ")]
