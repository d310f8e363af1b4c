"""The worked flows of RULES.md section 3, preset by preset, with fixed deals.

Each test deals known cards (manual dealing), plays calls and challenges, and
checks what the rules say happens: who starts, hand sizes after a loss,
elimination at the limit, the next starter, the direction of play, the winner.
"""

from __future__ import annotations

import pytest

import pokerbull as pb
from pokerbull.bull.game import HandResult

# A fixed deck order to deal from: no Aces or Kings, so calls of them are false
# unless a test deals them on purpose.
FILLER = ("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs "
          "2h 3s 4c 5d 6h 7s 8c 9d Th Js Qc 2s 3c 4d 5h 6s 7c 8d 9h Ts Jc Qd").split()


def filler_deal(game: pb.Game, **fixed: str) -> list[str]:
    """One entry per seat: the fixed cards given as seat_N=..., filler cards for the rest."""
    taken = {c for text in fixed.values() for c in text.split()}
    free = iter(c for c in FILLER if c not in taken)
    hands = []
    for seat, size in enumerate(game.hand_sizes):
        text = fixed.get(f"seat_{seat}")
        hands.append(text if text is not None else " ".join(next(free) for _ in range(size)))
    return hands


def lose_hand(game: pb.Game, loser: int) -> HandResult:
    """Play one hand (already dealt) so that `loser` loses it.

    The loser calls four Aces (never dealt by the filler) when it is their turn
    and the next seat challenges; if the loser opens, they are the caller; else
    everyone calls up to them. When `loser` is the seat to play right after the
    starter's call, they challenge a true call instead.
    """
    while game.to_play != loser:
        game.call(game.legal_calls()[0])         # one Two / High Card 2: cheap raises
    if game.last_call is not None and game.ladder.holds(game.last_call, game.pool):
        game.challenge()                         # challenging a true call loses
    else:
        game.call("quads:A")                     # a false call, challenged next
        game.challenge()
    result = game.history[-1]
    assert isinstance(result, HandResult) and result.loser == loser
    return result


# ---- pagat -------------------------------------------------------------------

def test_pagat_first_hand_is_started_by_seat_0_and_play_goes_clockwise():
    g = pb.Game("pagat", players=4, hands=["As", "Kd", "9c", "9h"])
    assert (g.starter, g.to_play, g.hand_sizes) == (0, 0, (1, 1, 1, 1))
    order = []
    for call in ("one Nine", "two Nines", "three Nines"):
        order.append(g.to_play)
        g.call(call)
    assert order == [0, 1, 2] and g.to_play == 3


def test_pagat_worked_hand_caller_loses_a_false_call_and_gains_a_card():
    g = pb.Game("pagat", players=3, hands=["As", "Ad", "9c"])
    g.call("one Ace")
    g.call("two Aces")
    g.call("three Aces")
    g.challenge()
    challenge, reveal, result = g.history[-3:]
    assert (challenge.seat, challenge.caller, challenge.call.code) == (0, 2, "trips:A")
    assert reveal.pool == pb.Pool.parse("As Ad 9c")
    assert (result.held, result.witness, result.loser) == (False, None, 2)
    assert result.hand_sizes == (1, 1, 2)
    assert result.eliminated is None and result.winner is None
    assert result.next_starter == 2                       # the loser starts
    g.deal(["Kc", "Kd", "2c 3c"])
    assert (g.starter, g.to_play, g.hand_number) == (2, 2, 2)


def test_pagat_challenger_loses_a_true_call_and_sees_the_witness():
    g = pb.Game("pagat", players=3, hands=["Ts", "Td", "Tc"])
    g.call("three Tens")
    g.challenge()
    result = g.history[-1]
    assert result.held and result.loser == 1 and result.caller == 0
    assert result.witness == pb.Pool.parse("Ts Td Tc")
    assert result.hand_sizes == (1, 2, 1) and result.next_starter == 1


def test_pagat_start_option_two_cards():
    g = pb.Game("pagat", players=5, start_cards=2, seed=1)
    assert g.hand_sizes == (2,) * 5
    assert all(len(g.hand(s)) == 2 for s in range(5))


def test_pagat_out_when_losing_while_holding_five():
    g = pb.Game("pagat", players=3, dealing="manual")
    for expected in (2, 3, 4, 5):
        g.deal(filler_deal(g))
        result = lose_hand(g, 1)
        assert result.hand_sizes[1] == expected and result.eliminated is None
    g.deal(filler_deal(g))
    assert g.hand_sizes == (1, 5, 1) and g.starter == 1
    result = lose_hand(g, 1)                                 # loses holding five
    assert result.eliminated == 1 and result.hand_sizes == (1, 0, 1)
    assert g.eliminated == (1,)


def test_pagat_next_starter_after_an_elimination_is_the_seat_after_the_loser():
    g = pb.Game("pagat", players=4, start_cards=5, dealing="manual")
    g.deal(filler_deal(g))
    g.call("one Two")                    # seat 0
    g.call("quads:A")                    # seat 1: false
    g.challenge()                        # seat 2 challenges: seat 1 is out
    result = g.history[-1]
    assert result.eliminated == 1 and result.next_starter == 2
    g.deal(filler_deal(g))
    assert g.starter == 2 and g.hand(1) == pb.Pool()
    g.call("one Two")                    # seat 2
    g.call("two Twos")                   # seat 3
    assert g.to_play == 0                # ... and round past the empty seat
    g.call("three Twos")
    assert g.to_play == 2


def test_pagat_last_player_left_wins():
    g = pb.Game("pagat", players=3, start_cards=5, dealing="manual")
    g.deal(filler_deal(g))
    lose_hand(g, 0)
    g.deal(filler_deal(g))
    assert g.starter == 1                # seat after the eliminated loser
    result = lose_hand(g, 2)
    assert result.eliminated == 2 and result.winner == 1 and result.next_starter is None
    assert g.is_over and g.is_terminal() and g.winner == 1
    assert g.to_play is None and g.legal_actions() == []
    assert g.returns() == [-0.5, 1.0, -0.5]
    assert g.eliminated == (0, 2)


# ---- pagat-wild --------------------------------------------------------------

def test_pagat_wild_deuce_makes_the_called_combination():
    g = pb.Game("pagat-wild", players=3, hands=["Ks", "2d", "Kc"])
    g.call("three Kings")
    g.call("five Kings")                 # Ks Kc + one deuce: not five
    g.challenge()
    result = g.history[-1]
    assert not result.held and result.loser == 1
    g.deal(["Qs", "Qd 2h", "9c"])        # the loser starts with two cards
    assert g.starter == 1
    g.call("three Queens")               # Qs Qd + the deuce
    g.challenge()
    result = g.history[-1]
    assert result.held and result.loser == 2
    assert result.witness == pb.Pool.parse("Qs Qd 2h")
    assert result.hand_sizes == (1, 2, 2) and result.next_starter == 2


def test_pagat_wild_elimination_and_next_starter_like_pagat():
    g = pb.Game("pagat-wild", players=3, start_cards=5, dealing="manual")
    g.deal(filler_deal(g, seat_0="As Ad Ah Ac Ks"))
    g.call("quads:A")                    # seat 0: true
    g.challenge()                        # seat 1 loses holding five: out
    result = g.history[-1]
    assert result.held and result.eliminated == 1 and result.next_starter == 2


# ---- pagat-five --------------------------------------------------------------

def test_pagat_five_starts_with_five_and_the_loser_gets_one_fewer():
    g = pb.Game("pagat-five", players=4, seed=2)
    assert g.hand_sizes == (5, 5, 5, 5) and g.starter == 0
    g = pb.Game("pagat-five", players=4, dealing="manual")
    g.deal(filler_deal(g))
    result = lose_hand(g, 2)
    assert result.hand_sizes == (5, 5, 4, 5) and result.next_starter == 2


def test_pagat_five_out_at_no_cards_and_the_seat_after_starts():
    g = pb.Game("pagat-five", players=3, dealing="manual")
    for expected in (4, 3, 2, 1):
        g.deal(filler_deal(g))
        assert lose_hand(g, 0).hand_sizes[0] == expected
    g.deal(filler_deal(g))
    result = lose_hand(g, 0)
    assert result.eliminated == 0 and result.hand_sizes == (0, 5, 5)
    assert result.next_starter == 1


def test_pagat_five_winner():
    g = pb.Game("pagat-five", players=2, start_cards=1, dealing="manual")
    g.deal(["As", "Kd"])
    g.call("one Queen")
    g.challenge()
    result = g.history[-1]
    assert result.loser == 0 and result.eliminated == 0 and result.winner == 1
    assert g.winner == 1 and g.returns() == [-1.0, 1.0]


# ---- holdem ------------------------------------------------------------------

def test_holdem_seed_example_round():
    """Seed 002: four players, four cards; A bids a pair of Eights, B two pair,
    C three Queens, D calls BS; if three Queens exist D loses and has five cards."""
    g = pb.Game("holdem", players=4, dealing="manual")
    g.deal(["Qs Qd 8c 8d", "Qh Tc 7s 2d", "Th 7h 5c 3s", "Kc 9d 6h 4c"])
    g.call("Pair of Eights")
    g.call("Two Pair, Tens and Sevens")
    g.call("Three of a Kind, Queens")
    g.challenge()
    result = g.history[-1]
    # Qs Qd Qh with two more singles of other ranks: an exact three of a kind
    assert result.held and result.loser == 3 and result.hand_sizes == (4, 4, 4, 5)
    assert len(result.witness) == 5
    assert result.next_starter == 2          # the winner of the challenge (the caller)


def test_holdem_winner_of_the_challenge_starts_when_the_call_fails():
    g = pb.Game("holdem", players=3, dealing="manual")
    g.deal(filler_deal(g))
    g.call("Pair of Tens")
    g.call("Four of a Kind, Aces")
    g.challenge()                            # seat 2 challenges and wins
    result = g.history[-1]
    assert result.loser == 1 and result.next_starter == 2
    g.deal(filler_deal(g))
    assert g.starter == 2


def test_holdem_out_at_y_plus_one():
    g = pb.Game("holdem", players=3, dealing="manual")      # X = 4, y = 5
    g.deal(filler_deal(g))
    assert lose_hand(g, 1).hand_sizes == (4, 5, 4)
    g.deal(filler_deal(g))
    result = lose_hand(g, 1)                                 # would reach 6 = y + 1
    assert result.eliminated == 1 and result.hand_sizes == (4, 0, 4)


def test_holdem_x_and_y_options():
    g = pb.Game("holdem", players=3, start_cards=2, card_limit=3, dealing="manual")
    assert g.hand_sizes == (2, 2, 2)
    g.deal(filler_deal(g))
    assert lose_hand(g, 0).hand_sizes == (3, 2, 2)
    g.deal(filler_deal(g))
    assert lose_hand(g, 0).eliminated == 0


def test_holdem_counter_clockwise_play():
    g = pb.Game("holdem", players=4, direction="counter-clockwise", dealing="manual")
    g.deal(filler_deal(g))
    order = []
    for _ in range(4):
        order.append(g.to_play)
        g.call(g.legal_calls()[0])
    assert order == [0, 3, 2, 1] and g.to_play == 0


def test_holdem_counter_clockwise_next_starter_after_an_elimination():
    """The winner of the challenge starts, and the turn skips the seat that went out."""
    g = pb.Game("holdem", players=4, start_cards=5, direction="counter-clockwise",
                dealing="manual")
    g.deal(filler_deal(g))
    g.call("Pair of Twos")                   # seat 0
    g.call("Royal Flush, Spades")            # seat 3: false
    g.challenge()                            # seat 2 wins, seat 3 is out
    result = g.history[-1]
    assert result.eliminated == 3 and result.next_starter == 2
    g.deal(filler_deal(g))
    order = []
    for _ in range(3):
        order.append(g.to_play)
        g.call(g.legal_calls()[0])
    assert order == [2, 1, 0] and g.to_play == 2


def test_pagat_counter_clockwise_loser_out_passes_the_start_to_the_right():
    g = pb.Game("pagat", players=4, start_cards=5, direction="counter-clockwise",
                dealing="manual")
    g.deal(filler_deal(g))
    g.call("quads:A")                        # seat 0: false
    g.challenge()                            # seat 3 challenges; seat 0 is out
    assert g.history[-1].next_starter == 3   # the seat after seat 0, counter-clockwise


def test_holdem_winner_is_the_last_player():
    g = pb.Game("holdem", players=2, start_cards=5, dealing="manual")
    g.deal(filler_deal(g))
    g.call("Pair of Twos")
    g.challenge()
    result = g.history[-1]
    assert g.winner == result.winner == (1 - result.loser)


@pytest.mark.parametrize("preset", ["pagat", "pagat-wild", "pagat-five", "holdem"])
def test_first_starter_option(preset):
    assert pb.Game(preset, players=5, first_starter=3, seed=0).starter == 3
    seats = {pb.Game(preset, players=5, first_starter="random", seed=s).starter
             for s in range(40)}
    assert seats == set(range(5))
    assert (pb.Game(preset, players=5, first_starter="random", seed=9).starter
            == pb.Game(preset, players=5, first_starter="random", seed=9).starter)


@pytest.mark.parametrize("preset", ["pagat", "pagat-wild", "pagat-five", "holdem"])
def test_next_starter_policies(preset):
    for policy, expected in (("loser", 1), ("winner", 2), ("after-challenger", 0)):
        g = pb.Game(preset, players=3, next_starter=policy, dealing="manual")
        g.deal(filler_deal(g))
        g.call(g.legal_calls()[0])           # seat 0
        g.call(g.ladder[-1])                 # seat 1: the top call, false
        g.challenge()                        # seat 2 wins
        assert g.history[-1].next_starter == expected, policy
