"""No built-in bot makes a call that cannot hold given what it knows (issue 15),
and every bot estimate agrees with pokerbull.odds on the pools each preset deals."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.cards import JOKER_MASK
from pokerbull.bull.bots import bot_table
from pokerbull.calls.odds import _every_draw
from pokerbull.calls.possible import can_hold

BOTS = ("random", "probability", "evidence")


def _deal(lad, rng, known: int) -> int:
    cards = [b for b in range(64) if (lad.allowed_mask >> b) & 1]
    return sum(1 << int(b) for b in rng.choice(cards, size=known, replace=False))


@pytest.mark.parametrize("family", ["pagat", "pagat-wild", "holdem"])
def test_can_hold_agrees_with_every_draw(family):
    """The exact test against the kernel on every possible draw, small pools included."""
    lad = pb.ladder(family)
    rng = np.random.default_rng(15)
    for known, unseen in [(0, 1), (1, 1), (2, 2), (3, 1), (4, 1), (5, 1), (4, 2), (6, 1), (7, 0)]:
        for _ in range(3):
            mask = _deal(lad, rng, known)
            pools = _every_draw(mask, lad.allowed_mask & ~mask, unseen)
            truth = np.array([lad.holds_many(pools, c).any() for c in range(len(lad))])
            mine = np.array([can_hold(lad, c, mask, unseen=unseen) for c in range(len(lad))])
            wrong = np.flatnonzero(truth != mine)
            assert not len(wrong), (family, pb.Pool(mask), unseen,
                                    [(lad[c].code, truth[c]) for c in wrong[:5]])


def _play(g, bots, deck, where: str) -> int:
    """Play a game to its end; every call a bot makes can hold given what the
    bot knows (deck(): the deck in play). Returns the calls made."""
    for s, b in enumerate(bots):
        b.reset(s)
    lad = g.ladder
    n = len(lad)
    calls = 0
    while not g.is_over:
        seat = g.to_play
        action = bots[seat].act(g.observation(seat))
        if action < n:
            hand = g.hand(seat)
            unseen = sum(g.hand_sizes) - len(hand)
            assert can_hold(lad, action, hand, unseen=unseen, deck=deck()), (
                f"{where}: {bots[seat].name} bot at seat {seat} holding {hand} with "
                f"{unseen} unseen called {lad[action]} ({lad[action].code})")
            calls += 1
        g.apply_action(action)
    return calls


def _check_game(preset: str, players: int, bot: str, seed: int) -> None:
    g = pb.Game(preset, players=players, seed=seed)
    seeds = np.random.SeedSequence(seed).spawn(players)
    bots = [pb.make_bot(bot, seed=seeds[s]) for s in range(players)]
    _play(g, bots, lambda: None, f"{preset}, {players} players, seed {seed}")


TABLE_PRESETS = tuple(p for p in pb.preset_names() if p != "cheung")   # the chance-table bots'
LINEUPS = [(p, b) for p in TABLE_PRESETS for b in BOTS]


@pytest.mark.parametrize("preset, bot", LINEUPS)
def test_no_bot_makes_a_call_that_cannot_hold(preset, bot):
    for players in range(2, 11):
        try:
            pb.Rules.preset(preset, players=players)
        except ValueError:
            continue        # the deck cannot seat so many
        for seed in range(2):
            _check_game(preset, players, bot, seed)


def _check_cheung_game(players: int, seed: int, options: dict) -> int:
    """A seeded game of cheung between its two built-in bots; every call made
    can hold on the deck in play (without the jokers once 5a took them)."""
    g = pb.Game("cheung", players=players, seed=seed, **options)
    seeds = np.random.SeedSequence(seed).spawn(players)
    kinds = ("cheung", "cheung-random")
    bots = [pb.make_bot(kinds[(s + seed) % 2], seed=seeds[s]) for s in range(players)]
    return _play(g, bots, lambda: g.ladder.allowed_mask & ~(JOKER_MASK if g._jokers_gone else 0),
                 f"cheung {options}, {players} players, seed {seed}")


CHEUNG_OPTIONS = [dict(), dict(jokers=0), dict(jokers=1, or_higher=True),
                  dict(jokers=2, jokers_leave_at=12), dict(recharge_at=10),
                  dict(jokers=2, jokers_leave_at=11, recharge_at=7, joker_order="wild")]


@pytest.mark.parametrize("i", range(len(CHEUNG_OPTIONS)))
def test_no_cheung_bot_makes_a_call_that_cannot_hold(i):
    options = CHEUNG_OPTIONS[i]
    calls = 0
    for players in (3 + i, 8 - i):          # every table size 3..8 over the options
        calls += _check_cheung_game(players, players + 7 * i, options)
    assert calls > 10


def test_the_reported_holdem_game():
    """`pokerbull play --preset holdem --players 3 --seed 2 --bot probability`
    had seat 1 open `High Card, High 5` with 13 cards in play."""
    for seed in range(40):
        _check_game("holdem", 3, "probability", seed)


def test_the_reported_holdem_estimate():
    lad = pb.ladder("holdem")
    table = bot_table(pb.Rules.preset("holdem", players=3))
    own = pb.Pool.parse("8h 7s 7h 4c").mask
    assert table.chance_of(lad.call("high_card:2").index, own, 8) == 0.0
    assert pb.odds(lad, own, unseen=8)["high_card:2"] == 0.0


# Exact-hand calls (holdem) are judged by an at-least stand-in; these are the
# largest differences from pb.odds measured over the pools of every player
# count (see docs/bots.md). A high card is overrated most: its stand-in counts
# four lower cards, not four lower ranks.
STAND_IN_ERROR = {"high_card": 0.65, "flush": 0.15}
STAND_IN_OTHER = 0.06


@pytest.mark.parametrize("preset", TABLE_PRESETS)
def test_bot_estimates_match_odds_on_the_dealt_pools(preset):
    for players in range(2, 11):
        try:
            g = pb.Game(preset, players=players, seed=players)
        except ValueError:
            continue
        lad = g.ladder
        table = bot_table(g.rules)
        own = g.hand(0).mask
        unseen = sum(g.hand_sizes) - own.bit_count()
        odds = pb.odds(lad, own, unseen=unseen, seed=players, samples=4000)
        for c in lad:
            mine = table.chance_of(c.index, own, unseen)
            if odds.exact_calls[c.index]:
                if lad.tables.kind[c.index] == 0:      # at-least: the table is exact
                    assert mine == pytest.approx(odds[c], abs=1e-9), (players, c.code)
                elif odds[c] == 0.0:
                    assert mine == 0.0, (players, c.code)
            else:
                if odds[c] == 0.0 and not can_hold(lad, c, own, unseen=unseen):
                    assert mine == 0.0, (players, c.code)
                    continue
                assert mine > 0.0, (players, c.code)
                bound = STAND_IN_ERROR.get(c.category, STAND_IN_OTHER) + 4 * odds.error(c)
                assert abs(mine - odds[c]) <= bound, (players, c.code, mine, odds[c])
