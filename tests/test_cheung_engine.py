"""Cheung's compiled game loop against the Python engine, and its dispatch.

The compiled loop (``bull/_cheung_game.pxi``) and :class:`pokerbull.Game` driven
by the Python bots (:mod:`pokerbull.bull.cheung_bots`) deal and decide from the
same per-game stream, so they must play the same games, action for action, for
every option of the preset."""

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.bull.game import CallMade, Deal, HandResult
from pokerbull.bull.simulate import compiled_table, play_game, _resolve_bot
from pokerbull.sim.streams import chunk_keys

pytest.importorskip("pokerbull.core._core")

ODDS, RANDOM = "cheung", "cheung-random"


def events_of(game):
    """A finished Game's deals and actions in the compiled trace's form."""
    out = []
    for r in game.history:
        if type(r) is Deal:
            out.append(("deal", r.starter, [p.mask for p in r.hands]))
        elif type(r) is CallMade:
            out.append(("action", r.call.index))
        elif type(r) is HandResult:
            out.append(("action", len(game.ladder)))
    return out


# (options, bots): every option of the preset, each in at least one row
CASES = [
    ({}, [ODDS, RANDOM, ODDS, ODDS, RANDOM]),
    ({}, [ODDS] * 5),
    ({"or_higher": True}, [ODDS, ODDS, RANDOM, ODDS]),
    ({"jokers_leave_at": 12}, [ODDS, RANDOM, ODDS, ODDS]),
    ({"recharge_at": 9}, [ODDS, ODDS, RANDOM]),
    ({"jokers_leave_at": 14, "recharge_at": 14, "or_higher": True}, [ODDS, RANDOM, ODDS, ODDS]),
    ({"jokers": 0}, [ODDS, RANDOM, ODDS, ODDS, ODDS, RANDOM]),
    ({"jokers": 1, "suit_order": "shdc"}, [ODDS, ODDS, RANDOM]),
    ({"joker_order": "wild", "royal_over_five": "any"}, [ODDS, RANDOM, ODDS]),
    ({"royal_over_five": "natural", "start_cards": 3}, [ODDS, ODDS, ODDS, RANDOM]),
    ({"first_starter": "random", "direction": "counter-clockwise"}, [ODDS, RANDOM, ODDS]),
    ({"next_starter": "loser", "start_cards": 2}, [ODDS, RANDOM, ODDS, ODDS]),
    ({}, [ODDS, RANDOM] * 4),                       # eight players: four cards each
    ({}, [(ODDS, {"samples": 5, "challenge_below": 0.2, "raise_at_least": 0.8}),
          (RANDOM, {"challenge": 0.6, "reach": 7}), ODDS]),
]


@pytest.mark.parametrize("options, bots", CASES)
def test_the_compiled_loop_plays_the_same_games_as_the_python_engine(options, bots):
    rules = pb.Rules.preset("cheung", players=len(bots), **options)
    table = compiled_table(rules, bots)
    k0, k1 = chunk_keys(len(bots) * 7 + len(options), 0)
    for game in range(3):
        trace = table.trace(k0, k1, game)
        played = play_game(rules, [_resolve_bot(b) for b in bots], k0, k1, game)
        assert trace["events"] == events_of(played), (options, game)
        assert trace["winner"] == played.winner


def test_simulate_runs_cheung_compiled_with_the_python_engines_results():
    kwargs = dict(bots=[ODDS, RANDOM, ODDS, ODDS], games=40, seed=5, or_higher=True,
                  jokers_leave_at=10, recharge_at=8)
    compiled = pb.simulate("cheung", **kwargs)
    python = pb.simulate("cheung", engine="python", **kwargs)
    assert (compiled.engine, python.engine) == ("compiled", "python")
    assert compiled == python                     # every statistic, game for game
    assert compiled.rules.or_higher and compiled.rules.recharge_at == 8
    # the default lineup of the preset runs compiled too, through the family front door
    default = pb.simulate("cheung", games=30, players=4, seed=2)
    assert default.engine == "compiled" and default.bots == (ODDS, RANDOM, ODDS, ODDS)
    # Rules (every option already resolved) seat the default lineup at their table
    rules = pb.Rules.preset("cheung", players=4, or_higher=True, jokers=1)
    given = pb.simulate(rules, games=30, seed=2)
    assert given.engine == "compiled" and given.rules is rules and len(given.bots) == 4
    assert given == pb.simulate("cheung", players=4, or_higher=True, jokers=1, games=30, seed=2)


def test_results_repeat_for_the_same_seed_at_any_number_of_workers():
    one = pb.simulate("cheung", games=2100, seed=9, players=4, jokers=1)
    two = pb.simulate("cheung", games=2100, seed=9, players=4, jokers=1, workers=2)
    assert one == two and one.engine == two.engine == "compiled"
    assert one != pb.simulate("cheung", games=2100, seed=10, players=4, jokers=1)


def test_a_tournament_runs_compiled_and_orders_the_bots():
    result = pb.tournament("cheung", [ODDS, RANDOM], games=600, players=5, seed=3)
    first, second = result.ranking()
    assert (first["bot"], second["bot"]) == (ODDS, RANDOM)
    assert first["low"] > second["high"]
    assert result.engine == "compiled"


def test_odds_bots_beat_random_bots_in_every_variation():
    for options in ({}, {"or_higher": True}, {"jokers_leave_at": 15, "recharge_at": 10}):
        r = pb.simulate("cheung", bots=[RANDOM, ODDS, RANDOM, ODDS], games=400, seed=4,
                        **options)
        rates = {row["bot"]: row for row in r.bot_rates()}
        assert rates[ODDS]["low"] > rates[ODDS]["fair_share"] > rates[RANDOM]["high"], options


def test_openings_are_never_certain_even_at_a_crowded_table():
    # ten players, 50 of 52 cards in play: many low calls are certain, and the
    # loop stops with an error if a bot opens with one (as Game refuses it)
    rules = pb.Rules.preset("cheung", players=10, jokers=0)
    table = compiled_table(rules, [ODDS, RANDOM] * 5)
    out = table.run(*chunk_keys(1, 0), 0, 200)
    assert out["winners"].shape == (200,)
    k0, k1 = chunk_keys(1, 0)
    played = play_game(rules, [_resolve_bot(b) for b in [ODDS, RANDOM] * 5], k0, k1, 0)
    assert events_of(played) == table.trace(k0, k1, 0)["events"]


def test_python_bots_draw_like_the_loop_from_a_stream_and_from_seeds():
    g = pb.Game("cheung", players=4, seed=3)
    obs = g.observation(g.to_play)
    a, b = pb.CheungBot(seed=7), pb.CheungBot(seed=7)
    assert a.act(obs) == b.act(obs) and a.act(obs) in g.legal_actions()
    pools = a.draws(obs)
    unseen = sum(obs.hand_sizes) - len(obs.cards)
    for m in pools.tolist():                   # its own cards plus `unseen` other cards
        assert m & obs.cards.mask == obs.cards.mask
        assert m.bit_count() == len(obs.cards) + unseen
        assert not m & ~g.ladder.allowed_mask
    with pytest.raises(ValueError, match="reach"):
        pb.CheungRandomBot(reach=0)
    with pytest.raises(ValueError, match="challenge"):
        pb.CheungRandomBot(challenge=1.5)


def test_python_bots_know_when_the_jokers_have_left():
    g = pb.Game("cheung", players=3, seed=1, jokers_leave_at=14)
    while not g.is_over and not g._jokers_gone:
        g.apply_action(pb.CheungBot(seed=1).act(g.observation(g.to_play)))
    obs = g.observation(g.to_play)
    assert obs.jokers_gone
    jokers = pb.Pool.parse("X1 X2").mask
    assert not any(m & jokers for m in pb.CheungBot(seed=2).draws(obs).tolist())


def test_the_compiled_loop_refuses_what_it_cannot_run():
    class Mine(pb.CheungBot):
        pass
    with pytest.raises(ValueError, match="not built in"):
        pb.simulate("cheung", bots=[ODDS, Mine(), ODDS], games=2, engine="compiled")
    r = pb.simulate("cheung", bots=[ODDS, Mine(seed=1), ODDS], games=2, seed=1)
    assert r.engine == "python"
    with pytest.raises(ValueError, match="unknown bots"):
        pb.bull.cheung_bots.simulate_cheung(players=3, games=1, bots=("evidence",))
    assert np.array_equal(r.seat_wins, pb.simulate("cheung", bots=[ODDS, Mine(seed=1), ODDS],
                                                    games=2, seed=1).seat_wins)
