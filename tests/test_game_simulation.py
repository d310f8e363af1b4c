"""Random simulation in the OpenSpiel manner: every preset, 2 to 10 players.

Thousands of games of random legal actions with cheap checks at every step, and
a smaller set with the expensive checks (every legal action accepted, every
illegal one refused, clone and JSON round trip equal) at every step.
"""

from __future__ import annotations

import random

import pytest

import pokerbull as pb
from pokerbull.bull.game import Deal

PRESETS = ("pagat", "pagat-wild", "pagat-five", "holdem")
LIGHT_GAMES = 500          # per preset
FULL_GAMES = 4             # per preset
# The full checks replay the whole history at every step (JSON round trip), so
# those games start close to elimination to stay short.
SHORT = {"pagat": {"start_cards": 4}, "pagat-wild": {"start_cards": 4},
         "pagat-five": {"start_cards": 2}, "holdem": {}}


def action_bound(g: pb.Game) -> int:
    """Most actions a game can take: every hand ends within len(ladder) + 1
    actions, and each hand takes one step of some seat's hand size toward out."""
    r = g.rules
    steps_to_out = (r.card_limit - r.start_cards + 1) if r.growth == "grow" else r.start_cards
    return r.players * steps_to_out * (len(g.ladder) + 1)


def check_deal(g: pb.Game, record: Deal) -> None:
    masks = [h.mask for h in record.hands]
    union = 0
    for m in masks:
        assert not union & m, "a card was dealt twice"
        union |= m
    assert union.bit_count() == sum(record.hand_sizes) <= g.rules.deck_size
    assert sum(record.hand_sizes) <= g.rules.max_cards_in_play
    assert record.hand_sizes == g.hand_sizes
    assert not union & ~g.ladder.allowed_mask
    assert record.starter in g.live_seats


def check_end(g: pb.Game, steps: int) -> None:
    assert g.is_terminal() and g.winner is not None
    assert g.live_seats == (g.winner,)
    assert len(g.eliminated) == g.players - 1 and g.winner not in g.eliminated
    returns = g.returns()
    assert returns[g.winner] == 1.0 and abs(sum(returns)) < 1e-9
    assert steps <= action_bound(g)
    assert g.legal_actions() == []


def cheap_key(g: pb.Game) -> tuple:
    return g._key(), len(g._history)


def test_random_games_cheap_checks_every_step():
    """LIGHT_GAMES per preset, players cycling 2..10: sorted legal actions, a
    sample accepted, an illegal one refused unchanged, deals within the deck,
    one winner within the bound."""
    choose = random.Random(2024)
    games = 0
    for preset in PRESETS:
        for k in range(LIGHT_GAMES):
            g = pb.Game(preset, players=2 + k % 9, seed=k)
            n = g.num_actions
            steps = 0
            seen = 0
            while not g.is_terminal():
                for record in g._history[seen:]:
                    if type(record) is Deal:
                        check_deal(g, record)
                seen = len(g._history)
                legal = g.legal_actions()
                lo = legal[0]
                # contiguous and sorted: the raises from lo, then (maybe) the challenge
                assert legal == list(range(lo, lo + len(legal)))
                assert legal[-1] == (n - 2 if g.last_call is None else g.challenge_action)
                for a in (legal[0], legal[-1], choose.choice(legal)):
                    assert g.can_apply_action(a)
                if lo > 0:
                    bad = choose.randrange(0, lo)
                    before = cheap_key(g)
                    with pytest.raises(pb.IllegalAction):
                        g.apply_action(bad)
                    assert cheap_key(g) == before
                g.apply_action(choose.choice(legal))
                steps += 1
                assert steps <= action_bound(g)
            check_end(g, steps)
            games += 1
    assert games == LIGHT_GAMES * len(PRESETS)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_full_checks_every_step(preset):
    choose = random.Random(preset)
    for k in range(FULL_GAMES):
        players = 2 + (3 * k) % 9
        g = pb.Game(preset, players=players, seed=100 + k, first_starter="random",
                    **SHORT[preset])
        n = g.num_actions
        steps = 0
        while not g.is_terminal():
            legal = g.legal_actions()
            assert legal == sorted(set(legal))
            accepted = [a for a in range(n) if g.can_apply_action(a)]
            assert accepted == legal                     # each legal one accepted, no other
            illegal = [a for a in range(n) if a not in set(legal)]
            if illegal:
                before = g.to_dict()
                with pytest.raises(pb.IllegalAction):
                    g.apply_action(choose.choice(illegal))
                assert g.to_dict() == before
            clone = g.clone()
            assert clone == g
            assert pb.Game.from_json(g.to_json()) == g
            a = choose.choice(legal)
            trial = g.clone()
            trial.apply_action(a)
            g.apply_action(a)
            assert trial == g                            # a clone plays on identically
            steps += 1
        check_end(g, steps)
