"""Cheat: random games over every allowed variation combination (state machine checks)."""

import itertools
import json
import random

import pytest

import pokerbull.cheat as cheat
from pokerbull.cheat.game import CLAIM, NUM_ACTIONS, PICK_UP
from pokerbull.cheat.rules import LETTERS, Rules
from pokerbull.protocol import CHANCE_PLAYER, GameState, IllegalAction

SCOPE = "".join(LETTERS)


def allowed_combinations(players):
    out = []
    for k in range(len(SCOPE) + 1):
        for combo in itertools.combinations(SCOPE, k):
            try:
                Rules.make(players, variations="".join(combo))
            except ValueError:
                continue
            out.append("".join(combo))
    return out


ALL = allowed_combinations(3)
PAIRS = [v for v in ALL if len(v) <= 2]


def choose(g, rng):
    """A random legal action; finishing a play is favoured so games stay short."""
    if g.current_player == CHANCE_PLAYER:
        outs = g.chance_outcomes()
        assert abs(sum(p for _, p in outs) - 1) < 1e-9
        return rng.choices([a for a, _ in outs], [p for _, p in outs])[0]
    legal = g.legal_actions()
    assert legal and legal == sorted(legal)
    claims = [a for a in legal if CLAIM <= a < PICK_UP]
    if claims and rng.random() < 0.6:
        return rng.choice(claims)
    return rng.choice(legal)


def an_illegal_action(g, rng):
    legal = set(g.legal_actions())
    while True:
        a = rng.randrange(NUM_ACTIONS)
        if a not in legal:
            return a


def play_out(g, rng, *, deep):
    total = sum(g.rules.deck) if g.current_player == CHANCE_PLAYER else sum(g.card_totals())
    steps = 0
    while not g.is_terminal():
        bad = an_illegal_action(g, rng)
        full = deep and steps % 5 == 0
        before = g._key() if full else (g.current_player, g.hand_sizes, len(g._actions))
        with pytest.raises(IllegalAction):
            g.apply_action(bad)
        assert (g._key() if full else (g.current_player, g.hand_sizes, len(g._actions))) == before
        if deep and steps in (0, 3, 40, 200):
            c = g.clone()
            assert c == g
            j = cheat.Game.from_json(g.to_json())
            assert j == g and j.legal_actions() == g.legal_actions()
            for seat in range(g.num_players):
                obs = g.observation(seat)
                assert obs.to_array().shape == (g.observation_size,)
                assert obs.action_mask().sum() == len(obs.legal_actions())
        g.apply_action(choose(g, rng))
        steps += 1
        if deep or steps % 16 == 0:
            totals = g.card_totals()
            assert sum(totals) == total and min(totals) >= 0
    assert sum(g.card_totals()) == total
    r = g.returns()
    assert abs(sum(r)) < 1e-9 and len(r) == g.num_players
    assert g.legal_actions() == [] and g.action_mask().sum() == 0
    return steps


def test_there_are_many_allowed_combinations():
    assert len(ALL) > 2000 and "" in ALL and "ACDEJNPRSV" in ALL


@pytest.mark.parametrize("variations", PAIRS)
def test_random_games_deep_checks(variations):
    rng = random.Random(variations)
    g = cheat.Game(players=3, seed=len(variations) * 31 + 7, variations=variations)
    assert isinstance(g, GameState)
    play_out(g, rng, deep=True)


@pytest.mark.slow
def test_random_games_every_combination():
    rng = random.Random(11)
    for k, variations in enumerate(ALL):
        players = 2 + k % 4
        try:
            g = cheat.Game(players=players, seed=k, variations=variations, stall_turns=30)
        except ValueError:       # e.g. K with too many players for 13 ranks
            g = cheat.Game(players=3, seed=k, variations=variations, stall_turns=30)
        play_out(g, rng, deep=False)


def test_json_round_trip_continues_identically():
    g = cheat.Game(players=4, seed=5, variations="ACJ")
    rng = random.Random(2)
    for _ in range(60):
        g.apply_action(choose(g, rng))
    h = cheat.Game.from_json(g.to_json())
    assert h == g
    rng1, rng2 = random.Random(9), random.Random(9)
    while not g.is_terminal():
        g.apply_action(choose(g, rng1))
        h.apply_action(choose(h, rng2))
    assert h == g and h.returns() == g.returns()


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(rules={"players": 1}), "rules"),
    (lambda d: d.update(rules={"players": 3, "bogus": True}), "rules"),
    (lambda d: d.update(actions="abc"), "actions"),
    (lambda d: d.update(actions=[10_000]), "actions"),
    (lambda d: d.update(rng_start={"bit_generator": "Nope"}), "rng"),
    (lambda d: d.update(hands=["As", "Zq", "2c"]), "hands"),
    (lambda d: d["state"]["_hands"][0].__setitem__(0, 5), "state._hands"),
    (lambda d: d["state"].pop("_pile"), "state._pile"),
    (lambda d: d["state"].update(_to_play="me"), "state._to_play"),
    (lambda d: d["state"]["history"].append({"kind": "Nope"}), "state.history"),
])
def test_malformed_saves_are_refused_naming_the_field(mutate, field):
    g = cheat.Game(players=3, seed=1)
    g.apply_action(g.legal_actions()[0])
    d = json.loads(g.to_json())
    mutate(d)
    with pytest.raises(ValueError, match=field):
        cheat.Game.from_json(json.dumps(d))
    with pytest.raises(ValueError, match="JSON"):
        cheat.Game.from_json("{not json")


def test_same_seed_same_game_and_history_records_are_frozen():
    a = cheat.Game(players=4, seed=42)
    b = cheat.Game(players=4, seed=42)
    assert a == b and a.hand(2) == b.hand(2)
    rec = a.history[0]
    with pytest.raises(AttributeError):
        rec.leader = 3


def test_action_strings_round_trip():
    g = cheat.Game(players=3, seed=3, variations="FJT".replace("T", "") + "")
    rng = random.Random(4)
    for _ in range(40):
        if g.is_terminal():
            break
        for a in g.legal_actions():
            assert g.string_to_action(g.action_to_string(a)) == a
        g.apply_action(choose(g, rng))
    with pytest.raises(ValueError, match="names no action"):
        g.string_to_action("dance")
