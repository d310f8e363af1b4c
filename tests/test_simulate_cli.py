"""The simulate and tournament commands."""

from __future__ import annotations

import dataclasses
import json

import pytest

import pokerbull as pb
from pokerbull.cli.main import main, parse_bot

pytestmark = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")


def test_simulate_prints_a_summary_and_writes_json(tmp_path, capsys):
    out = tmp_path / "sim.json"
    assert main(["simulate", "--preset", "pagat", "--players", "6", "--games", "1500",
                 "--seed", "3", "--json", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    for words in ("wins per bot", "wins per seat", "calls per hand", "two pair", "evidence",
                  "1,500 games"):
        assert words in text
    data = json.loads(out.read_text())
    assert data["games"] == 1500 and len(data["seats"]) == 6
    assert data == json.loads(pb.simulate("pagat", games=1500, seed=3, players=6).to_json())


def test_simulate_with_bot_parameters_options_and_progress(capsys):
    assert main(["simulate", "--preset", "pagat-five", "--bots", "random:reach=3",
                 "evidence:credit=1", "--games", "300", "--seed", "1",
                 "--option", "start_cards=3"]) == 0
    text = capsys.readouterr().out
    assert "random(reach=3)" in text and "evidence(credit=1)" in text


def test_tournament_prints_a_ranking(capsys, tmp_path):
    out = tmp_path / "t.json"
    assert main(["tournament", "--games", "400", "--players", "4", "--seed", "5",
                 "--no-progress", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "ranking" in text and "matches" in text
    ranking = json.loads(out.read_text())["ranking"]
    assert ranking[0]["bot"] == "evidence"


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--bots", "genius", "--players", "3"],
     "unknown Poker Bull bot 'genius': the bots are random, probability, evidence"),
    (["simulate", "--bots", "foo"], "unknown Poker Bull bot 'foo'"),
    (["simulate", "--bots", "evidence:foo=1", "random"],
     "bot 'evidence' has no parameter 'foo': its parameters are challenge_below, "
     "raise_at_least, credit, doubt_caller"),
    (["simulate", "--game", "chess"], "unknown game 'chess'"),
    (["simulate", "--workers", "2", "--dask", "local"], "give one or the other"),
    (["simulate", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "--preset", "poker"], "unknown preset 'poker'"),
    (["simulate", "--players", "1"], "--players must be at least 2"),
    (["simulate", "--bots", "random"], "one bot (random) for a table: give --players"),
    (["simulate", "--bots", "random:reach"], "parameters are key=value"),
    (["simulate", "--option", "fast", "--games", "5"], "--option takes KEY=VALUE"),
    (["simulate", "--option", "start_cards=9", "--games", "5"], "start_cards"),
    (["simulate", "--engine", "compiled", "--bots", "evidence:credit=9", "--players", "2"],
     "credit"),
    (["tournament", "--bots", "random"], "at least two bots"),
    (["tournament", "--games", "1"], "--games must be at least 2 in a tournament"),
    (["simulate", "--seed", "-3"], "a seed must not be negative, not -3"),
    (["simulate", "--games", "5", "--json", "/nonexistent/dir/x.json"],
     "--json /nonexistent/dir/x.json: no folder"),
    (["tournament", "--games", "5", "--json", "/nonexistent/dir/x.json"], "no folder"),
])
def test_bad_usage_exits_2_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--no-progress"])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_parse_bot():
    assert parse_bot("probability") == ("probability", {})
    assert parse_bot("random:challenge=0.5, reach=4") == ("random", {"challenge": 0.5, "reach": 4})


@pytest.mark.parametrize("bot", ["probability", "evidence"])
def test_play_against_the_chance_bots(monkeypatch, capsys, bot):
    """`pokerbull play --bot NAME` seats any built-in bot against the person."""
    answers = iter(["challenge", "one Two"] * 2000)   # one of the two is always legal
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["play", "--players", "3", "--seed", "4", "--bot", bot]) == 0
    assert "Game over:" in capsys.readouterr().out


def test_json_is_checked_before_any_game(tmp_path, capsys, monkeypatch):
    import pokerbull.sim as sim
    monkeypatch.setattr(sim, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    folder = tmp_path / "a folder"
    folder.mkdir()
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--json", str(folder), "--no-progress"])
    assert exit_info.value.code == 2 and "is a directory" in capsys.readouterr().err


def test_json_dash_writes_only_json_to_stdout(capsys):
    assert main(["simulate", "--games", "50", "--seed", "2", "--json", "-",
                 "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 50          # stdout is the JSON alone
    assert "wins per bot" in err


def test_output_off_a_terminal_is_not_wrapped(capsys):
    assert main(["simulate", "--games", "50", "--seed", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    head = out.splitlines()[0]
    assert head.startswith("pagat:") and "seed 2" in head       # one line, however long


def test_where_the_games_ran_is_said(capsys):
    assert main(["simulate", "--games", "50", "--seed", "2", "--no-progress"]) == 0
    assert "compiled engine in this process" in capsys.readouterr().out
    assert main(["simulate", "--games", "50", "--seed", "2", "--no-progress",
                 "--workers", "2"]) == 0
    assert "in 2 worker processes on this machine" in capsys.readouterr().out


def test_ctrl_c_in_simulate_exits_130(capsys, monkeypatch):
    import pokerbull.sim as sim

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(sim, "simulate", interrupted)
    assert main(["simulate", "--games", "50", "--no-progress"]) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "Traceback" not in err


def test_simulate_and_tournament_any_game(monkeypatch, capsys, tmp_path):
    import toy_game
    toy_game.register(monkeypatch)
    out = tmp_path / "toy.json"
    assert main(["simulate", "--game", "toy", "--bots", "bold:at=3", "coin", "--games", "300",
                 "--seed", "4", "--no-progress", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "High card: 2 players, 300 games" in text and "bold(at=3)" in text
    data = json.loads(out.read_text())
    expected = pb.simulate("toy", bots=[("bold", {"at": 3}), "coin"], games=300, seed=4)
    assert data == json.loads(expected.to_json())
    assert main(["tournament", "--game", "toy", "--bots", "bold", "coin", "--players", "2",
                 "--games", "200", "--seed", "1", "--no-progress"]) == 0
    assert "ranking" in capsys.readouterr().out
    monkeypatch.setattr(toy_game, "WING", dataclasses.replace(
        toy_game.WING, default_bots=("bold", "coin", "bold")))   # a lineup with a bot twice
    toy_game.register(monkeypatch)
    assert main(["tournament", "--game", "toy", "--players", "2", "--games", "100",
                 "--seed", "1", "--no-progress"]) == 0
    assert "round robin of 2 bots" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--game", "toy", "--bots", "bold:nerve=1", "coin", "--no-progress"])
    assert exit_info.value.code == 2
    assert "High card bot 'bold' has no parameter 'nerve': its parameters are at" in \
        capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "tournament", "play"])
def test_help_names_every_games_bots(command, monkeypatch, capsys):
    import toy_game
    toy_game.register(monkeypatch)
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Poker Bull: random, probability, evidence" in text
    assert "High card: bold, coin" in text and "toy" in text
    assert "tournament default" not in text and "``" not in text


def test_top_help_is_plain_text(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "examples:" in out and "pokerbull play" in out
