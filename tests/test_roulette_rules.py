"""Every rule of Poker roulette (seed 004, RULES.md section 5), one named test each, on fixed decks."""

from __future__ import annotations

import pytest

import pokerbull.roulette as roulette
from pokerbull.roulette import Game, Rules
from pokerbull.roulette.game import CALL, FOLD, RAISE


def table(stock, first, second, match, rest="", players=None, betting=False, **options):
    """A fixed deck: stock cards, first and second active cards (one per seat), the match card."""
    stock, first, second = stock.split(), first.split(), second.split()
    players = players or len(stock)
    return Game(players=players, betting=betting,
                deck=" ".join(stock + first + second + [match] + rest.split()), **options)


def texts(cards):
    return [str(c) for c in cards]


def first_matching(g):
    return next(r for r in g.history if type(r) is roulette.Matching)


# ---- set-up --------------------------------------------------------------------

def test_at_least_three_players():
    with pytest.raises(ValueError, match="at least 3 players"):
        Game(players=2)


@pytest.mark.parametrize("players, decks", [(3, 1), (5, 1), (6, 2), (10, 2), (11, 3)])
def test_one_deck_of_54_cards_per_five_players(players, decks):
    r = Rules(players=players)
    assert r.decks == decks and r.deck_size == 54 * decks
    g = Game(players=players, seed=1, betting=False, chance_nodes=True)
    assert sum(p for _, p in g.chance_outcomes()) == pytest.approx(1.0)
    assert len(g.chance_outcomes()) == 54          # both jokers in every deck
    assert g.cards_left == 54 * decks


def test_default_suit_order_spades_hearts_diamonds_clubs():
    assert Rules().suit_order == "shdc"
    assert Rules(suit_order="CDHS").suit_order == "cdhs"
    with pytest.raises(ValueError, match="suit_order"):
        Rules(suit_order="sshd")


def test_deal_order_stock_then_two_active_rounds_then_match():
    g = table("2c 3c 4c", "5d 6d 7d", "8h 9h Th", "Ks")
    dealt = [(r.step, r.seat, str(r.card)) for r in g.history if type(r) is roulette.CardDealt]
    assert dealt == [("stock", 0, "2c"), ("stock", 1, "3c"), ("stock", 2, "4c"),
                     ("active", 0, "5d"), ("active", 1, "6d"), ("active", 2, "7d"),
                     ("active", 0, "8h"), ("active", 1, "9h"), ("active", 2, "Th"),
                     ("match", None, "Ks")]
    assert texts(g.stockpile(1)) == ["3c"] and str(g.stock_card(1)) == "3c"


# ---- matching: natural match card ------------------------------------------------

def test_active_card_matching_by_suit_goes_to_the_stockpile_the_other_is_discarded():
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "5h"]
    m = first_matching(g)
    assert texts(m.discarded[0]) == ["8d"] and m.matched == (True, False, False)


def test_active_card_matching_by_rank_goes_to_the_stockpile():
    g = table("2c 3c 4c", "Kd 6d 7d", "8c 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "Kd"]


def test_both_matching_by_suit_both_kept_match_card_not():
    g = table("2c 3c 4c", "5h 6d 7d", "8h 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "5h", "8h"]
    assert first_matching(g).claimed_by is None
    assert "Kh" in texts(g.discard)


def test_one_by_suit_one_by_rank_both_kept_match_card_not():
    g = table("2c 3c 4c", "5h 6d 7d", "Kc 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "5h", "Kc"]
    assert first_matching(g).claimed_by is None


def test_two_cards_of_the_match_rank_take_the_match_card_too():
    g = table("2c 3c 4c", "Kd 6d 7d", "Kc 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "Kd", "Kc", "Kh"]
    assert first_matching(g).claimed_by == 0
    assert "Kh" not in texts(g.discard)


def test_match_card_claimed_by_the_first_such_player_from_seat_0_later_keep_two():
    # two decks (6 players): seats 2 and 4 both hold two Kings beside the Kh match card
    stock = "2c 3c 4c 5c 6c 7c"
    first = "8c 9c Kd Tc Ks Jc"
    second = "Qc Ac Kc 2d Kd 3d"
    g = table(stock, first, second, "Kh", betting=False)
    m = first_matching(g)
    assert m.claimed_by == 2
    assert texts(g.stockpile(2)) == ["4c", "Kd", "Kc", "Kh"]
    assert texts(g.stockpile(4)) == ["6c", "Ks", "Kd"]


def test_unclaimed_match_card_is_discarded():
    g = table("2c 3c 4c", "5d 6d 7d", "8d 9d Td", "Kh")
    assert texts(g.discard) == ["5d", "8d", "6d", "9d", "7d", "Td", "Kh"]
    assert all(len(g.stockpile(s)) == 1 for s in range(3))


# ---- matching: jokers -----------------------------------------------------------

def test_joker_and_a_matching_natural_card_both_go_to_the_stockpile():
    g = table("2c 3c 4c", "X1 6d 7d", "Kc 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c", "X1", "Kc"]


def test_joker_and_a_natural_card_that_does_not_match_are_both_discarded():
    g = table("2c 3c 4c", "X1 6d 7d", "8c 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c"]
    assert texts(first_matching(g).discarded[0]) == ["X1", "8c"]


def test_two_active_jokers_are_both_discarded():
    g = table("2c 3c 4c", "X1 6d 7d", "X2 9d Td", "Kh")
    assert texts(g.stockpile(0)) == ["2c"]
    assert not first_matching(g).matched[0]


def test_joker_match_card_every_active_card_of_a_player_without_joker_is_kept():
    g = table("2c 3c 4c", "5d 6d X1", "8d 9h Td", "X2")
    assert texts(g.stockpile(0)) == ["2c", "5d", "8d"]
    assert texts(g.stockpile(1)) == ["3c", "6d", "9h"]


def test_joker_match_card_a_player_with_an_active_joker_discards_both():
    g = table("2c 3c 4c", "5d 6d X1", "8d 9h Td", "X2")
    assert texts(g.stockpile(2)) == ["4c"]
    assert texts(first_matching(g).discarded[2]) == ["X1", "Td"]


def test_joker_match_card_is_never_claimed():
    g = table("2c 3c 4c", "5d 6d 7d", "8d 9h Td", "X2")
    assert first_matching(g).claimed_by is None and "X2" in texts(g.discard)


# ---- later rounds -----------------------------------------------------------------

def test_matched_players_get_two_active_cards_the_others_one():
    # round 1: seat 0 matches (5h with Kh), seats 1 and 2 do not
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc Qc Ac 2s Ah")
    dealt = [(r.step, r.seat) for r in g.history if type(r) is roulette.CardDealt and r.round == 2]
    assert dealt == [("active", 0), ("active", 1), ("active", 2), ("active", 0), ("match", None)]


def test_one_active_card_is_kept_when_it_matches_and_discarded_when_not():
    # round 2: seats 1, 2 get one card each: Qh matches Ah by suit, Qc does not
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc Qh Qc 2s Ah")
    m = [r for r in g.history if type(r) is roulette.Matching][1]
    assert texts(m.kept[1]) == ["Qh"] and texts(m.discarded[2]) == ["Qc"]
    assert texts(m.turned[0]) == ["Jc", "2s"] and texts(m.discarded[0]) == ["Jc", "2s"]


def test_one_active_card_against_a_joker_match_card_is_kept_unless_a_joker():
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc X1 Qc 2s X2")
    m = [r for r in g.history if type(r) is roulette.Matching][1]
    assert texts(m.kept[0]) == ["Jc", "2s"]
    assert texts(m.discarded[1]) == ["X1"] and texts(m.kept[2]) == ["Qc"]


def test_a_lone_active_joker_against_a_natural_match_card_is_discarded():
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc X1 Qc 2s Ah")
    m = [r for r in g.history if type(r) is roulette.Matching][1]
    assert texts(m.discarded[1]) == ["X1"] and not m.matched[1]


def test_a_round_is_dealt_only_when_the_deck_holds_every_card_it_needs():
    # round 2 needs 3 + 1 (seat 0 matched) + 1 = 5 cards; 4 are left: no round 2
    g = table("2c 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc Qc Ac 2s")
    assert g.is_terminal() and g.round == 1 and g.cards_left == 4
    assert [type(r).__name__ for r in g.history[-2:]] == ["Matching", "Result"]


def test_matching_ends_when_the_shuffled_decks_run_short():
    g = Game(players=5, seed=11, betting=False)
    assert g.is_terminal()
    last = [r for r in g.history if type(r) is roulette.Matching][-1]
    live = 5
    need = live + sum(last.matched) + 1
    assert g.cards_left < need
    dealt = sum(1 for r in g.history if type(r) is roulette.CardDealt)
    assert dealt + g.cards_left == 54


# ---- betting -----------------------------------------------------------------------

def test_without_betting_every_player_antes_one_and_the_best_hand_takes_the_antes():
    g = table("As 3c 4c", "5d 6d 7d", "8d 9d Td", "Kh")
    assert g.pot == 3 and g.returns() == [2.0, -1.0, -1.0]
    assert g.result.reason == "showdown" and g.result.winners == (0,)


def test_betting_round_before_the_match_card_starting_at_seat_0():
    g = table("As 3c 4c", "5d 6d 7d", "8d 9d Td", "Kh", betting=True)
    assert g.current_player == 0 and g.pot == 3 and g.match_card is None
    assert g.legal_actions() == [CALL, RAISE]          # nothing to call: check or bet
    g.apply_action(RAISE)
    assert g.current_player == 1 and g.legal_actions() == [FOLD, CALL, RAISE]
    g.apply_action(CALL)
    g.apply_action(CALL)
    assert g.match_card is not None and g.pot == 6


def test_at_most_a_bet_and_three_raises_a_round():
    g = table("As 3c 4c", "5d 6d 7d", "8d 9d Td", "Kh", betting=True)
    for _ in range(4):
        g.apply_action(RAISE)
    assert RAISE not in g.legal_actions()
    with pytest.raises(roulette.game.IllegalAction, match="no more raises"):
        g.apply_action(RAISE)
    g.apply_action(CALL)
    g.apply_action(CALL)
    assert g.put_in[1] == g.put_in[2] == 5


def test_a_folded_player_takes_no_more_cards_and_has_no_claim():
    g = table("As 3c 4c", "5h 6d 7d", "8d 9d Td", "Kh", rest="Jc Qc Ac 2s Ah 3h",
              betting=True)
    g.apply_action(RAISE)       # seat 0 bets
    g.apply_action(FOLD)        # seat 1 folds
    g.apply_action(CALL)        # seat 2 calls
    assert g.folded == (False, True, False)
    while not g.is_terminal():
        g.apply_action(CALL)
    dealt_to_1 = [r for r in g.history if type(r) is roulette.CardDealt and r.seat == 1]
    assert len(dealt_to_1) == 3                        # stock and two active cards only
    assert g.result.hands[1] is None and 1 not in g.result.winners
    assert sum(g.returns()) == 0


def test_when_all_but_one_fold_that_one_takes_the_pot_at_once():
    g = table("2s 3c 4c", "5d 6d 7d", "8d 9d Td", "Kh", betting=True)
    g.apply_action(RAISE)
    g.apply_action(FOLD)
    g.apply_action(FOLD)
    assert g.is_terminal() and g.match_card is None
    assert g.result.reason == "folds" and g.result.winners == (0,)
    assert g.returns() == [2.0, -1.0, -1.0]


# ---- showdown ----------------------------------------------------------------------

def test_identical_hands_from_two_decks_split_the_pot_odd_unit_to_the_first_from_seat_0():
    # six players, two decks: seats 1 and 4 hold the same stock card; nothing matches
    stock = "2c As 3d 4c 5d Ad"
    g = table(stock, "6h 7h 8h 9h Th Jh", "2h 3h 4h 5h 6h 7h", "Ks", betting=False)
    assert g.pot == 6
    # As beats Ad (spades over diamonds): seat 1 alone
    assert g.result.winners == (1,)
    g = table("2c As 3d 4c As 5d 6c", "6h 7h 8h 9h Th Jh Qh", "2h 3h 4h 5h 6h 7h 8h", "Ks",
              betting=False)
    assert g.result.winners == (1, 4) and g.result.payouts == (0, 4, 0, 0, 3, 0, 0)
    assert g.returns() == [-1.0, 3.0, -1.0, -1.0, 2.0, -1.0, -1.0]


def test_ties_broken_by_the_suit_order_option():
    g = table("Ah Ad 4c", "5s 6s 7s", "8s 9s Ts", "Kc", betting=False)
    assert g.result.winners == (0,)                    # hearts over diamonds by default
    g = table("Ah Ad 4c", "5s 6s 7s", "8s 9s Ts", "Kc", betting=False, suit_order="dhsc")
    assert g.result.winners == (1,)


def test_returns_are_chips_won_minus_chips_put_in_summing_to_zero():
    for seed in range(20):
        g = Game(players=4, seed=seed, betting=False)
        assert sum(g.returns()) == 0 and max(g.returns()) > 0
