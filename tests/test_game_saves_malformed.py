"""A malformed save never leaks a KeyError, TypeError or OverflowError: every
damaged field gives one ValueError, and a save that loads plays on legally."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

import pokerbull as pb
from save_damage import paths, replaced

BAD_VALUES = [None, 5, -1, 2**70, "x", [], {}, [1, "a"], {"a": 1}, True, 1.5]


def _played_game():
    g = pb.Game("pagat", players=3, seed=5)
    for _ in range(7):
        g.apply_action(g.legal_actions()[min(2, len(g.legal_actions()) - 1)])
    return g


@pytest.mark.parametrize("make", [_played_game,
                                  lambda: pb.Game("holdem", players=2, hands=["As Kd 7c 2h",
                                                                             "Qs Qd 9c 3h"])])
def test_every_damaged_field_is_a_value_error(make):
    g = make()
    data = json.loads(g.to_json())
    tried = 0
    for path in paths(data, items=3):
        if not path:
            continue
        variants = [replaced(data, path, None, delete=True)] if isinstance(path[-1], str) else []
        variants += [replaced(data, path, v) for v in BAD_VALUES]
        for damaged in variants:
            tried += 1
            try:
                loaded = pb.Game.from_dict(damaged)
            except ValueError:
                continue
            # what loads must be a game that plays on: its legal actions are legal
            if not loaded.is_terminal() and loaded.legal_actions():
                loaded.clone().apply_action(loaded.legal_actions()[0])
    assert tried > 100


def test_the_known_bad_saves_name_their_field():
    data = json.loads(_played_game().to_json())
    with pytest.raises(ValueError, match="field 'rules'"):
        pb.Game.from_dict({k: v for k, v in data.items() if k != "rules"})
    with pytest.raises(ValueError, match="field 'rng'"):
        pb.Game.from_dict({k: v for k, v in data.items() if k != "rng"})
    rng = copy.deepcopy(data["rng"])
    rng["state"]["state"] = 2**200
    with pytest.raises(ValueError, match="field 'rng'"):
        pb.Game.from_dict({**data, "rng": rng})
    history = copy.deepcopy(data["history"])
    history[0]["hands"] = 5
    with pytest.raises(ValueError, match="history entry 0: field 'hands'"):
        pb.Game.from_dict({**data, "history": history})


@pytest.mark.parametrize("not_text", [None, 5, {"format": "pokerbull-game"}, ["a"]])
def test_from_json_wants_text(not_text):
    with pytest.raises(ValueError, match="from_json reads the text of to_json"):
        pb.Game.from_json(not_text)
    if isinstance(not_text, dict):
        with pytest.raises(ValueError, match="from_dict"):
            pb.Game.from_json(not_text)


def test_numpy_integers_are_whole_numbers_everywhere():
    g = pb.Game("pagat", players=np.int64(4), seed=np.int32(3), start_cards=np.int8(2),
                card_limit=np.uint8(5), first_starter=np.int16(1))
    assert g.players == 4 and g.starter == 1 and g.hand_sizes == (2, 2, 2, 2)
    assert type(g.rules.players) is int and type(g.rules.start_cards) is int
    assert pb.Game.from_json(g.to_json()) == g
