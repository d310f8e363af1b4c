"""Damaged saves of every game, and what a loaded game must be (issue 21).

A damaged save is either refused with a ValueError or loads into a state the
rules can reach: legal actions exist unless the game is over (or waits for a
deal given by hand), every card is accounted for, and each legal action applies.
Shared by tests/test_saves_damaged.py (a fixed budget) and
tools/hardening_campaigns.py (the larger campaign).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pokerbull as pb
import pokerbull.cheat as cheat
import pokerbull.roulette as roulette
from pokerbull.protocol import CHANCE_PLAYER

ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 7, 52, 99, 443, 444, -7, 2**31, 2**63, 10**30, 0.5,
    float("inf"), "", "x", "False", "As", "random", [], {}, [0], [[]], [None], {"a": 1},
    [1, 2, 3], "9" * 50)


def paths(value: Any, path: tuple = (), items: int | None = None) -> Iterator[tuple]:
    """Every place in a nested JSON value, as the keys that lead to it (the first `items`
    entries of each list, or all of them)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, path + (k,), items)
    elif isinstance(value, list):
        for i, v in enumerate(value[:items]):
            yield from paths(v, path + (i,), items)


def _changes(value: Any) -> list[Callable[[Any], Any]]:
    """Edits that fit the value's kind (beside replacing it by an odd value)."""
    out: list[Callable[[Any], Any]] = []
    if type(value) is int:
        out += [lambda v: v + 1, lambda v: v - 1, lambda v: -v, lambda v: v * 2 + 1,
                lambda v: str(v), lambda v: float(v)]
    elif type(value) is bool:
        out += [lambda v: not v, lambda v: int(v), lambda v: str(v)]
    elif isinstance(value, str):
        out += [lambda v: v[:-1], lambda v: v + v[:2], lambda v: v[::-1], lambda v: v.upper(),
                lambda v: " ".join(v.split()[1:]), lambda v: " ".join(v.split()[:-1] * 2)]
    elif isinstance(value, list):
        out += [lambda v: v[:-1], lambda v: v[1:], lambda v: v + v[-1:], lambda v: v[::-1],
                lambda v: v + [0], lambda v: [v], lambda v: v[:1] * len(v)]
    elif isinstance(value, dict):
        out += [lambda v: {k: x for k, x in list(v.items())[:-1]},
                lambda v: {**v, "extra": 1}, lambda v: list(v.values())]
    return out


def replaced(data: Any, path: tuple, new: Any, delete: bool = False) -> Any:
    """A copy of `data` with the value at `path` replaced by `new` (or deleted)."""
    out = copy.deepcopy(data)
    target = out
    for p in path[:-1]:
        target = target[p]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return out


def damages(data: dict, budget: int, seed: int) -> Iterator[str]:
    """Up to `budget` damaged copies of a save's data, as JSON text: every field
    (every place in the nested data) gets its own share of the edits, in an
    order fixed by `seed`, so small budgets still reach every field."""
    rng = random.Random(seed)
    places = [p for p in paths(data) if p]
    edits = []
    for path in places:
        target = data
        for p in path:
            target = target[p]
        kinds: list[tuple] = [("edit", f) for f in _changes(target)]
        kinds += [("value", v) for v in ODD_VALUES]
        if isinstance(path[-1], str) or path[-1] == len(_parent(data, path)) - 1:
            kinds.append(("delete", None))
        rng.shuffle(kinds)
        edits.append((path, target, kinds))
    rng.shuffle(edits)
    made = 0
    for round_ in range(max(len(k) for _, _, k in edits)):
        for path, target, kinds in edits:
            if round_ >= len(kinds):
                continue
            if made >= budget:
                return
            kind, what = kinds[round_]
            if kind == "delete":
                damaged = replaced(data, path, None, delete=True)
            else:
                try:
                    new = what(target) if kind == "edit" else what
                except (TypeError, ValueError, IndexError):
                    continue
                damaged = replaced(data, path, new)
            made += 1
            yield json.dumps(damaged)


def _parent(data: Any, path: tuple) -> Any:
    target = data
    for p in path[:-1]:
        target = target[p]
    return target


# ---- what a loaded game must be

def _check_bull(g: Any) -> None:
    deck = g.rules.ladder.allowed_mask
    seen = 0
    for s in range(g.players):
        mask = g.hand(s).mask
        assert mask & ~deck == 0 and mask & seen == 0, "a card outside the deck or dealt twice"
        seen |= mask
        if not g.awaiting_deal and not g.is_over:
            assert mask.bit_count() == g.hand_sizes[s], "a hand is not its size"
    assert len(g.live_seats) >= 1


def _check_cheat(g: Any) -> None:
    totals = g.card_totals()
    assert min(totals) >= 0, "a negative count of a card"
    if g.current_player != CHANCE_PLAYER or g.history:
        expected = list(g.rules.deck) if g._manual is None else \
            [sum(h[c] for h in g._manual) for c in range(len(totals))]
        assert totals == expected, "cards lost or gained"
    assert g.pile_size >= 0 and all(s >= 0 for s in g.hand_sizes)
    assert sum(g.hand_sizes) + g.pile_size <= sum(g.rules.deck)
    g.observation_array(max(g.current_player, 0))


def _check_roulette(g: Any) -> None:
    counts = Counter()
    for s in range(g.players):
        counts.update(g._stock[s])
        counts.update(g._active[s])
    counts.update(g._discard)          # folded hands' cards (_mucked) are among them
    assert not Counter(g._mucked) - Counter(g._discard)
    for kind in range(54):
        assert counts[kind] + g._left[kind] == g.rules.decks, "cards lost or gained"
    assert sum(g.put_in) == g.pot
    g.observation_array(max(g.current_player, 0))


CHECKS = {"bull": _check_bull, "cheat": _check_cheat, "roulette": _check_roulette}


def check_loaded(game_kind: str, g: Any, actions_to_try: int = 12) -> None:
    """Raise AssertionError unless `g` is a state the rules can reach."""
    CHECKS[game_kind](g)
    if g.is_terminal():
        g.returns()
        return
    acts = g.legal_actions()
    manual_deal = game_kind == "bull" and g.awaiting_deal
    assert acts or manual_deal, "no legal action, yet the game is not over"
    if len(acts) > actions_to_try:      # the first, the last and a spread between
        step = len(acts) / actions_to_try
        acts = sorted({acts[int(k * step)] for k in range(actions_to_try)} | {acts[-1]})
    for a in acts:
        h = g.clone()
        h.apply_action(a)
        CHECKS[game_kind](h)


def load(game_kind: str, text: str) -> Any:
    cls = {"bull": pb.Game, "cheat": cheat.Game, "roulette": roulette.Game}[game_kind]
    return cls.from_json(text)


# ---- real saves of every game

def _played(g: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        if g.current_player == CHANCE_PLAYER:
            outcomes = g.chance_outcomes()
            if not outcomes:
                break
            g.apply_action(rng.choice(outcomes)[0])
            continue
        acts = g.legal_actions()
        g.apply_action(acts[min(len(acts) - 1, int(rng.random() ** 3 * len(acts)))])
    return g


def real_saves() -> list[tuple[str, str, str]]:
    """(game, label, save text): short games of each game, a few kinds of table."""
    saves = [
        ("bull", "pagat", pb.Game("pagat", players=3, seed=5)),
        ("bull", "holdem", pb.Game("holdem", players=2, seed=2)),
        ("bull", "pagat-five", pb.Game("pagat-five", players=3, seed=4)),
        ("bull", "manual", pb.Game("pagat", players=2, hands=["As", "Kd"])),
        ("cheat", "base", cheat.Game(players=3, seed=1)),
        ("cheat", "ACJ", cheat.Game(players=3, seed=2, variations="ACJ")),
        ("cheat", "LV", cheat.Game(players=4, seed=3, variations="L")),
        ("cheat", "NS", cheat.Game(players=3, seed=4, variations="NS")),
        ("cheat", "T", cheat.Game(players=3, seed=5, variations="T")),
        ("cheat", "hands", cheat.Game(players=2, hands=["As 2c 3d", "Kd 4h"])),
        ("roulette", "random", roulette.Game(3, seed=1)),
        ("roulette", "deck", roulette.Game(3, deck=" ".join(
            "2c 3c 4c 5d 6d 7d 8h 9d Kh Ks 2s 3s 4s 5s 6s 7s".split()))),
        ("roulette", "chance", roulette.Game(3, chance_nodes=True, betting=False)),
    ]
    out = []
    for k, (kind, label, g) in enumerate(saves):
        out.append((kind, label, _played(g, 9 + k % 4, k).to_json()))
    return out
