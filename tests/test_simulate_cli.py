"""The simulate and tournament commands."""

from __future__ import annotations

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
    for words in ("wins per bot", "wins per seat", "calls per hand", "two_pair", "evidence",
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
    (["simulate", "--bots", "genius", "--players", "3"], "unknown bot 'genius'"),
    (["simulate", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "--preset", "poker"], "unknown game or preset 'poker'"),
    (["simulate", "--players", "1"], "--players must be at least 2"),
    (["simulate", "--bots", "random"], "give --players with a single bot"),
    (["simulate", "--bots", "random:reach"], "parameters are key=value"),
    (["simulate", "--option", "fast", "--games", "5"], "--option takes KEY=VALUE"),
    (["simulate", "--option", "start_cards=9", "--games", "5"], "start_cards"),
    (["simulate", "--engine", "compiled", "--bots", "evidence:credit=9", "--players", "2"],
     "credit"),
    (["tournament", "--bots", "random"], "at least two bots"),
    (["simulate", "--games", "5", "--json", "/nonexistent/dir/x.json"], "cannot write"),
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
    def fake_input(prompt):
        return "challenge" if prompt.startswith("Last call") else "one Two"
    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "--players", "3", "--seed", "4", "--bot", bot]) == 0
    assert "Game over:" in capsys.readouterr().out
