"""Chance tables and the bots that read them: exact odds, evidence, legal play."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pokerbull as pb
import pokerbull.bull.bots
import pokerbull.bull.chances
from pokerbull.bull.bots import MAX_CREDIT, bot_table, make_bot
from pokerbull.bull.chances import NO_RANK, chance_table
from pokerbull.calls.spec import AT_LEAST

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")


@pytest.mark.parametrize("family", ["pagat", "pagat-wild", "holdem"])
def test_table_lookups_equal_exact_odds_of_at_least_calls(family):
    """Own cards only: every at-least call's looked-up chance is pb.odds exactly."""
    lad = pb.ladder(family)
    table = chance_table(lad, known_max=6, unseen_max=20)
    rng = random.Random(5)
    deck = [1 << (16 * s + r) for s in range(4) for r in range(13)]
    for _ in range(6):
        own = sum(rng.sample(deck, rng.randint(1, 5)))
        unseen = rng.randint(0, 20)
        exact = pb.odds(lad, own, unseen=unseen)
        for c in rng.sample(range(len(lad)), 60):
            if lad.tables.kind[c] != AT_LEAST:
                continue
            assert table.chance_of(c, own, unseen) == pytest.approx(exact[c], abs=1e-12), \
                (lad[c].code, pb.Pool(own), unseen)


def test_holdem_stand_ins_are_close_on_large_pools():
    """Exact-hand calls are judged by at-least stand-ins: close once pools are big."""
    lad = pb.ladder("holdem")
    table = chance_table(lad, known_max=5, unseen_max=20)
    own = pb.Pool.parse("Ks 9d 4c 4h").mask
    sampled = pb.odds(lad, own, unseen=16, samples=20_000, seed=1)
    for code in ("pair:K", "pair:7", "two_pair:K,4", "trips:4", "straight:9"):
        c = lad.parse(code).index
        assert abs(table.chance_of(c, own, 16) - sampled[c]) < 0.12, code


def test_bot_tables_cover_the_rules():
    rules = pb.Rules.preset("pagat", players=6)
    t = bot_table(rules)
    assert t.known_max == 5 + MAX_CREDIT * 5 and t.unseen_max == 30
    assert t.chance.min() >= 0.0 and t.chance.max() <= 1.0
    # a call's runs: every call belongs to exactly one run of its table
    for run, (a, b) in enumerate(zip(t.run_start, t.run_end)):
        assert len(set(t.table_of[a:b])) == 1 and (t.run_of[a:b] == run).all()


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", ["probability", "evidence"])
def test_chance_bots_finish_games_with_legal_actions(preset, name):
    g = pb.Game(preset, players=4, seed=11)
    bots = [make_bot(name) for _ in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(seat)
    steps = 0
    while not g.is_over:
        action = bots[g.to_play].act(g.observation(g.to_play))
        assert action in g.legal_actions()
        g.apply_action(action)
        steps += 1
    assert g.winner is not None and steps < 5000


def test_probability_bot_opens_with_a_certain_call():
    g = pb.Game("pagat", players=3, start_cards=2, hands=["9c Kd", "As 3d", "2h 4c"])
    action = pb.ProbabilityBot().act(g.observation(0))
    assert g.ladder[action].code == "one_card:9"      # the lowest call it holds for sure


def test_probability_bot_challenges_an_impossible_call_and_raises_a_likely_one():
    hands = ["As Ad", "Ah Ac", "2h 3h"]
    g = pb.Game("pagat", players=3, start_cards=2, hands=hands)
    g.call("four Kings")                  # seat 1 holds no King, and two Aces
    bot = pb.ProbabilityBot()
    chances = bot.chances(g.observation(1), g.last_call.index)
    assert chances[0] < 0.01
    assert bot.act(g.observation(1)) == g.challenge_action
    g2 = pb.Game("pagat", players=3, start_cards=2, hands=hands)
    g2.call("one Two")
    action = bot.act(g2.observation(1))
    assert g2.ladder[action].code == "one_card:A"     # certain: seat 1 holds Aces


def test_evidence_bot_believes_the_callers_cards():
    hands = ["Kc 5d", "Ks 9h", "3c 4d"]
    g = pb.Game("pagat", players=3, start_cards=2, hands=hands)
    g.call("two Kings")                                   # seat 0 names Kings
    obs = g.observation(1)
    three_kings = g.ladder.parse("three Kings").index
    plain = pb.ProbabilityBot().chances(obs, three_kings)[0]
    reading = pb.EvidenceBot().chances(obs, three_kings)[0]
    assert reading > plain          # one King believed in seat 0's hand
    # and the belief is exactly "one more King known": the odds with Kc added
    expected = pb.odds("pagat", pb.Pool.parse("Ks 9h Kc"), unseen=3)["three Kings"]
    assert pb.EvidenceBot(credit=0).chances(obs, three_kings)[0] == plain
    assert reading == pytest.approx(expected)
    # doubting the caller removes the caller's own evidence when judging its call
    two_kings = g.ladder.parse("two Kings").index
    doubting = pb.EvidenceBot(doubt_caller=True)
    assert doubting.chances(obs, two_kings, doubted=0)[0] == pytest.approx(
        pb.ProbabilityBot().chances(obs, two_kings)[0])


def test_evidence_is_capped_by_cards_left_and_hand_sizes():
    g = pb.Game("pagat", players=3, start_cards=3, hands=["Kc 6h 7h", "Ks Kd Kh", "3c 4d 5s"])
    g.call("two Kings")
    obs = g.observation(1)                                # seat 1 holds three Kings
    four = g.ladder.parse("four Kings").index
    # one rank named, and only one King is left: one believed King
    expected = pb.odds("pagat", pb.Pool.parse("Ks Kd Kh Kc"), unseen=5)["four Kings"]
    assert pb.EvidenceBot(credit=2).chances(obs, four)[0] == pytest.approx(expected)


def test_bot_parameters_are_checked():
    with pytest.raises(ValueError, match="challenge_below"):
        pb.ProbabilityBot(challenge_below=2)
    with pytest.raises(ValueError, match="raise_at_least"):
        pb.EvidenceBot(raise_at_least=-0.1)
    with pytest.raises(ValueError, match="credit"):
        pb.EvidenceBot(credit=MAX_CREDIT + 1)
    with pytest.raises(ValueError, match="doubt_caller"):
        pb.EvidenceBot(doubt_caller="yes")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
    with pytest.raises(ValueError, match="bot 'random'"):
        make_bot("random", colour="red")
    with pytest.raises(ValueError, match="with a bot's name"):
        make_bot(pb.RandomBot(), reach=3)


def test_bots_describe_themselves():
    assert repr(make_bot("random", reach=4)) == "RandomBot(challenge=0.3, reach=4)"
    assert make_bot("probability").params() == {"challenge_below": 0.15, "raise_at_least": 0.2}
    assert NO_RANK == 13
    assert isinstance(np.float64(pb.EvidenceBot().challenge_below), float)


def test_the_python_engine_runs_on_either_backend():
    """No compiled core needed: built-in bots play through pb.Game."""
    r = pb.simulate("pagat-five", bots=["probability", "evidence", "random"], games=6, seed=1,
                    engine="python")
    assert r.engine == "python" and int(r.seat_wins.sum()) == 6
