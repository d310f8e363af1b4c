"""Bulk simulation: the compiled loop against game.py, seeds, workers, executors, results."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

import pokerbull as pb
from pokerbull.bull.simulate import compiled_table, play_game
from pokerbull.sim.run import CHUNK_GAMES
from pokerbull.sim.streams import GameStream, chunk_keys, deal

pytestmark = pytest.mark.skipif(pb.backend() != "cython", reason="needs the compiled core")

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")
LINEUP = ["random", "probability", "evidence", ("evidence", {"credit": 1, "doubt_caller": True}),
          ("random", {"challenge": 0.05, "reach": 3})]
OPTIONS = [{}, {"direction": "counter-clockwise", "first_starter": "random",
                "next_starter": "after-challenger"},
           {"next_starter": "winner", "first_starter": 2}]


def replay(rules: pb.Rules, trace: dict) -> pb.Game:
    """The compiled game's deals and actions through pb.Game, dealt by hand."""
    first = next(e[1] for e in trace["events"] if e[0] == "deal")
    if rules.first_starter == "random":
        rules = pb.Rules.preset(rules.preset_name, **{**rules.options(), "first_starter": first})
    g = pb.Game(rules, dealing="manual")
    for event in trace["events"]:
        if event[0] == "deal":
            assert g.awaiting_deal and g.starter == event[1]
            g.deal(event[2])
        else:
            g.apply_action(event[1])
    return g


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("options", OPTIONS)
def test_compiled_games_replay_through_game_py(preset, options):
    """Same deals, same actions: game.py reaches the same hands, losers and winner."""
    rules = pb.Rules.preset(preset, players=5, **options)
    table = compiled_table(rules, LINEUP)
    k0, k1 = chunk_keys(11, 0)
    for game in range(5):
        trace = table.trace(k0, k1, game)
        g = replay(rules, trace)
        assert g.is_over and g.winner == trace["winner"]
        results = [r for r in g.history if isinstance(r, pb.HandResult)]
        assert len(results) == trace["hands"]
        assert sum(isinstance(r, pb.CallMade) for r in g.history) == trace["calls"]
        assert results[-1].hand_sizes.count(0) == rules.players - 1


@pytest.mark.parametrize("preset", PRESETS)
def test_python_engine_plays_the_same_games(preset):
    """Built-in bots in Python (through pb.Game) choose exactly what the compiled loop chose."""
    rules = pb.Rules.preset(preset, players=5, **OPTIONS[1])
    table = compiled_table(rules, LINEUP)
    bots = [pb.make_bot(b) if isinstance(b, str) else pb.make_bot(b[0], **b[1])
            for b in LINEUP]
    k0, k1 = chunk_keys(3, 2)
    for game in range(3):
        trace = table.trace(k0, k1, game)
        g = play_game(rules, bots, k0, k1, game)
        actions = [e[1] for e in trace["events"] if e[0] == "action"]
        played = [r.call.index for r in g.history if isinstance(r, pb.CallMade)]
        assert [a for a in actions if a < len(rules.ladder)] == played
        assert g.winner == trace["winner"]


def test_simulate_engines_agree():
    kwargs = dict(bots=LINEUP, games=40, seed=9)
    compiled = pb.simulate("pagat-wild", **kwargs)
    python = pb.simulate("pagat-wild", engine="python", **kwargs)
    assert (compiled.engine, python.engine) == ("compiled", "python")
    assert compiled == python


def test_streams_match_the_compiled_deals():
    rules = pb.Rules.preset("pagat", players=4, start_cards=3)
    k0, k1 = chunk_keys(1, 0)
    trace = compiled_table(rules, ["random"] * 4).trace(k0, k1, 7)
    stream = GameStream(k0, k1, 7)
    deck = [1 << b for b in pb.cards.deck_bits(rules.ladder.allowed_mask)]
    first = next(e for e in trace["events"] if e[0] == "deal")
    assert deal(stream, [3] * 4, deck) == first[2]


def test_results_do_not_depend_on_workers_or_executor():
    games = CHUNK_GAMES + 700          # two chunks, the second one short
    one = pb.simulate("pagat", games=games, seed=4, players=6)
    two = pb.simulate("pagat", games=games, seed=4, players=6, workers=2)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threads = pb.simulate("pagat", games=games, seed=4, players=6, executor=pool)
    assert one == two == threads
    assert one != pb.simulate("pagat", games=games, seed=5, players=6)


def test_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        result = pb.simulate("pagat-five", games=1500, seed=8, players=4,
                             executor=client.get_executor())
    assert result == pb.simulate("pagat-five", games=1500, seed=8, players=4)


class LowestRaise(pb.Bot):
    """A user bot: always the lowest raise; challenges once the ladder is exhausted
    or the last call is a pair or more."""

    name = "lowest"

    def act(self, observation):
        lad = observation.rules.ladder
        last = observation.last_call
        if last is not None and (last.category != "one_card"
                                 or lad.first_raise_index(last) == len(lad)):
            return len(lad)
        return lad.first_raise_index(last)


def test_user_bots_play_through_the_python_engine():
    r = pb.simulate("pagat", bots=[LowestRaise(), "probability", LowestRaise()], games=30, seed=2)
    assert r.engine == "python" and r.bots == ("lowest", "probability", "lowest")
    assert int(r.seat_wins.sum()) == 30
    assert r == pb.simulate("pagat", bots=[LowestRaise(), "probability", LowestRaise()],
                            games=30, seed=2, workers=2)
    with pytest.raises(ValueError, match="not built in: lowest"):
        pb.simulate("pagat", bots=[LowestRaise(), "random"], games=5, engine="compiled")


class Cheater(pb.Bot):
    def act(self, observation):
        return 0                       # the lowest call, legal or not


def test_an_illegal_user_action_is_reported():
    with pytest.raises(ValueError, match="Cheater at seat 1 chose action 0"):
        pb.simulate("pagat", bots=["probability", Cheater()], games=2, seed=1)


def test_result_statistics_and_json():
    r = pb.simulate("pagat", games=2000, seed=1, players=6)
    assert r.bots == ("random", "probability", "evidence") * 2
    assert int(r.seat_wins.sum()) == 2000 and r.games == 2000
    for row in r.seat_rates() + r.bot_rates():
        assert row["low"] <= row["rate"] <= row["high"]
    by_bot = {row["bot"]: row for row in r.bot_rates()}
    assert by_bot["evidence"]["seats"] == 2 and by_bot["evidence"]["fair_share"] == 1 / 3
    mean, sd = r.hands_per_game
    # six players from one card to out: 25 hands for the losers, up to 4 more
    assert 25 <= mean <= 29 and sd > 0
    assert r.hands == round(mean * r.games)
    assert r.calls_per_hand >= 1
    rate, lo, hi = r.challenge_success
    assert 0 < lo <= rate <= hi < 1
    shares = r.last_calls()
    assert sum(row["count"] for row in shares) == r.hands
    data = json.loads(r.to_json())
    assert data["games"] == 2000 and data["seed"] == r.seed and data["game"] == "pagat"
    assert data["options"] == r.rules.options() and "preset" not in data
    assert sum(v[0] for v in data["last_calls"].values()) == r.hands
    text = r.table()
    assert "evidence" in text and "win rate" in text and "two_pair" in text
    # the recorded seed repeats the simulation
    assert pb.simulate("pagat", games=2000, seed=r.seed, players=6) == r


def test_bad_input_is_refused_with_a_message():
    with pytest.raises(ValueError, match="games"):
        pb.simulate("pagat", games=0, players=3)
    with pytest.raises(ValueError, match="workers"):
        pb.simulate("pagat", workers=0, players=3)
    with pytest.raises(ValueError, match="unknown game or preset 'poker'.*pagat"):
        pb.simulate("poker", players=3)
    with pytest.raises(ValueError, match="needs players="):
        pb.simulate("pagat", bots="random")
    with pytest.raises(ValueError, match=r"seats 2 bots at a table of players=3: give a list of 3 bots"):
        pb.simulate("pagat", bots=["random", "random"], players=3)
    with pytest.raises(ValueError, match="Executor"):
        pb.simulate("pagat", players=3, executor=object())
    with pytest.raises(ValueError, match="seed"):
        pb.simulate("pagat", players=3, seed=-1)
    with pytest.raises(ValueError, match="engine"):
        pb.simulate("pagat", players=3, engine="gpu")
    with pytest.raises(ValueError, match="unknown option"):
        pb.simulate("pagat", players=3, speed=2)


def test_one_bot_for_every_seat():
    r = pb.simulate("holdem", bots=("evidence", {"credit": 1}), players=3, games=50, seed=1)
    assert r.bots == ("evidence(credit=1)",) * 3


def test_progress_is_reported_per_piece_of_work():
    seen = []
    pb.simulate("pagat", players=3, games=2500, seed=1, progress=seen.append)
    assert sum(seen) == 2500 and len(seen) == 3
