"""Rule defects found by independent checks against RULES.md (issue 21), in both engines.

Cheung's tables are decided in the rules (shared by :class:`pokerbull.Game` and
the compiled loop); Cheat's two fixes live in the Python engine and the compiled
loop alike, which must still play the same games.
"""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
import pokerbull.cheat as cheat


# ---- Cheung: a table whose cards in play could be the whole deck is refused

@pytest.mark.parametrize("options", [
    {"players": 13, "jokers": 0},                     # 13 x 4 = 52 cards
    {"players": 6, "start_cards": 9},                 # 6 x 9 = 54 cards
    {"players": 10, "start_cards": 5, "recharge_at": 44},   # 44 + 10 = 54 at the recharge
])
def test_a_cheung_table_that_could_hold_the_whole_deck_is_refused(options):
    with pytest.raises(ValueError, match="every call is certain or impossible"):
        pb.Rules.preset("cheung", **options)


def test_one_card_short_of_the_deck_is_still_a_table():
    # 51 of 52 and 53 of 54 cards: a call needing the missing card is uncertain
    # (tools/hardening_campaigns.py deals such tables and finds openings)
    assert pb.Rules.preset("cheung", players=17, jokers=0, start_cards=3).max_cards_in_play == 51
    assert pb.Rules.preset("cheung", players=10, start_cards=5, recharge_at=43).recharge_at == 43


def test_a_recharge_while_the_jokers_are_still_in_fits_54_cards():
    # the recharge at 43 cards comes before the jokers leave at 20: 53 of 54 cards
    r = pb.Rules.preset("cheung", players=10, start_cards=5, jokers_leave_at=20, recharge_at=43)
    assert (r.jokers_leave_at, r.recharge_at) == (20, 43)
    # jokers that leave at (or before) the recharge's number are gone by then
    with pytest.raises(ValueError, match="could need 53 cards, but the deck holds 52"):
        pb.Rules.preset("cheung", players=10, start_cards=5, jokers_leave_at=43,
                        recharge_at=43)


def test_cheung_counter_clockwise_the_seat_after_the_dealer_opens():
    g = pb.Game("cheung", players=3, direction="counter-clockwise", seed=1)
    assert g.current_player == 2
    assert pb.Game("cheung", players=3, seed=1).current_player == 1
    assert pb.Rules.preset("cheung", players=5, direction="counter-clockwise").first_starter == 4
    # a seat named by the players is kept
    assert pb.Rules.preset("cheung", players=5, direction="counter-clockwise",
                           first_starter=0).first_starter == 0


# ---- Cheat

def test_egyptian_royals_pick_up_at_a_lead_moves_on_from_the_challenged_rank():
    g = cheat.Game(players=3, variations="OR", hands=["Ah Kc", "2c 3c 4c", "5c 6c 7c"])
    g.play("Ah", claim="one Ace")
    g.challenge()
    g.pick_up()
    assert g.allowed_ranks == (0,)      # Twos, as after an immediate pick-up at the first lead
    first = cheat.Game(players=3, variations="OR", hands=["Kc Qc", "2c 3c 4c", "5c 6c 7c"])
    first.pick_up()
    assert first.allowed_ranks == (0,)


def test_a_losing_lead_counts_as_a_play_for_the_stuck_game_rule():
    g = cheat.Game(players=4, variations="L", ranks="25KA", stall_turns=1,
                   hands=["Ac 2d", "2s 5s Ks As Kc", "Kd 5d 5c", "Kh 5h"])
    g.play("Ac", claim="one Ace")
    g.challenge()
    g.play("2d", claim="one Two")
    g.challenge()
    g.play("2s 5s Ks As", claim="four Aces")      # a lead of one suit: seat 1 loses
    assert type(g.history[-1]).__name__ == "LeadLost" and not g.is_terminal()
    g.play("Kd", claim="one King")
    assert g.is_terminal() and type(g.history[-1]).__name__ == "Stalled"


def test_the_compiled_loop_still_plays_the_python_games_with_the_fixed_rules():
    engine = pytest.importorskip("pokerbull.cheat._engine")
    from pokerbull.cheat._fast import chance_draws, deals, table_for
    from pokerbull.cheat.bots import BOTS
    from test_cheat_engine import python_game
    names = ("honest", "liar", "counter", "shark")
    for variations, players, stall in (("OR", 3, 200), ("ORV", 4, 200), ("L", 4, 3),
                                       ("KV", 5, 4)):
        rules = cheat.Rules.make(players, variations=variations, stall_turns=stall)
        rng = np.random.default_rng(players * 7 + stall)
        orders = deals(rules, 8, rng)
        chance = chance_draws(rules, 8, rng)
        seats = [names[(i + players) % 4] for i in range(players)]
        styles = np.array([BOTS[n].style for n in seats], np.int32)
        returns, actions = engine.play_games(table_for(rules), orders, styles, **chance)
        for k in range(len(orders)):
            ret, acts = python_game(rules, orders[k], seats)
            assert ret == list(returns[k]) and acts == actions[k], (variations, k)
