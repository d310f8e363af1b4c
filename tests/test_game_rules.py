"""Presets and options (RULES.md section 3): resolved defaults, printing, refusals."""

from __future__ import annotations

import pytest

import pokerbull as pb
from pokerbull.bull.rules import Rules


@pytest.mark.parametrize("preset, family, start, limit, growth, starter", [
    ("pagat", "pagat", 1, 5, "grow", "loser"),
    ("pagat-wild", "pagat-wild", 1, 5, "grow", "loser"),
    ("pagat-five", "pagat", 5, 5, "shrink", "loser"),
    ("holdem", "holdem", 4, 5, "grow", "winner"),
])
def test_preset_table(preset, family, start, limit, growth, starter):
    r = Rules.preset(preset, players=6)
    assert (r.family, r.start_cards, r.card_limit, r.growth, r.next_starter) == \
        (family, start, limit, growth, starter)
    assert r.direction == "clockwise" and r.first_starter == 0
    assert r.ladder is pb.ladder(family) and r.deck_size == 52
    assert r.num_actions == len(r.ladder) + 1


def test_preset_names():
    assert pb.preset_names() == ("pagat", "pagat-wild", "pagat-five", "holdem", "cheung")


def test_options_resolve_and_print():
    r = Rules.preset("holdem", players=7, start_cards=3, card_limit=7,
                     direction="counter-clockwise", first_starter="random")
    assert (r.start_cards, r.card_limit, r.direction) == (3, 7, "counter-clockwise")
    assert r.max_cards_in_play == 49
    text = str(r)
    assert "holdem" in text and "players: 7" in text and "counter-clockwise" in text
    assert "out when losing with 7 cards" in text and "random seat" in text
    assert Rules.preset("holdem", **r.options()) == r
    assert Rules.from_dict(r.to_dict()) == r
    assert "shrink" in str(Rules.preset("pagat-five"))


def test_game_exposes_its_rules():
    g = pb.Game("pagat", players=6, seed=7, start_cards=2)
    assert g.rules == Rules.preset("pagat", players=6, start_cards=2)
    assert pb.Game(g.rules, seed=7) == pb.Game("pagat", players=6, seed=7, start_cards=2)


@pytest.mark.parametrize("preset, options, message", [
    ("pagat", {"players": 11}, "could need 55 cards (11 players x 5), but the deck holds 52"),
    ("pagat-wild", {"players": 11}, "could need 55 cards"),
    ("pagat-five", {"players": 11}, "could need 55 cards"),
    ("holdem", {"players": 7, "card_limit": 8}, "could need 56 cards (7 players x 8)"),
    ("pagat", {"players": 6, "card_limit": 9}, "could need 54 cards"),
    ("pagat", {"players": 1}, "players must be 2 to"),
    ("pagat", {"players": "six"}, "players must be a whole number"),
    ("pagat", {"start_cards": 0}, "start_cards must be at least 1"),
    ("pagat", {"start_cards": 6}, "card_limit 5 is below start_cards 6"),
    ("pagat", {"start_cards": True}, "start_cards must be a whole number"),
    ("pagat-five", {"card_limit": 7}, "with shrinking hands the largest hand is start_cards"),
    ("pagat-five", {"growth": "grow"}, "growing hands need a card_limit"),
    ("pagat", {"growth": "bigger"}, "growth must be one of 'grow', 'shrink'"),
    ("holdem", {"direction": "left"}, "direction must be one of 'clockwise', 'counter-clockwise'"),
    ("pagat", {"next_starter": "dealer"}, "next_starter must be one of"),
    ("pagat", {"players": 4, "first_starter": 4}, "first_starter must be a seat 0..3 or 'random'"),
    ("pagat", {"seats": 4}, "unknown option 'seats'"),
    ("poker", {}, "unknown preset 'poker'"),
])
def test_refused_at_set_up(preset, options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        pb.Game(preset, seed=1, **options)


def test_deck_limit_is_exact():
    Rules.preset("pagat", players=10)                  # 50 cards: fine
    Rules.preset("holdem", players=2, start_cards=20, card_limit=26)
    with pytest.raises(ValueError, match="could need 54"):
        Rules.preset("holdem", players=2, start_cards=20, card_limit=27)


def test_game_set_up_errors():
    with pytest.raises(ValueError, match="not both"):
        pb.Game(Rules.preset("pagat"), players=3)
    with pytest.raises(ValueError, match="seed must be"):
        pb.Game("pagat", seed="seven")
    with pytest.raises(ValueError, match="seed must not be negative"):
        pb.Game("pagat", seed=-1)
    with pytest.raises(ValueError, match="dealing must be"):
        pb.Game("pagat", dealing="shuffle")
    with pytest.raises(ValueError, match="dealing must be 'manual'"):
        pb.Game("pagat", players=2, hands=["As", "Kd"], dealing="random")
    with pytest.raises(pb.IllegalAction, match="seat 1 must get 1 card, not 2"):
        pb.Game("pagat", players=2, hands=["As", "Kd Kc"])


def test_rules_are_immutable_and_hashable():
    r = Rules.preset("pagat")
    with pytest.raises(AttributeError):
        r.players = 9  # type: ignore[misc]
    assert hash(r) == hash(Rules.preset("pagat", players=4))
