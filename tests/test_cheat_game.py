"""Cheat: the base game and each variation, from the seed's own examples (seed 003)."""

import pytest

import pokerbull.cheat as cheat
from pokerbull.cheat.game import (ACCEPT, BELIEVE, CHALLENGE, CHECK, CLAIM_SUITED, LAY, PASS,
                                  PICK_UP, TURN_UP, claim_action)
from pokerbull.cheat.rules import ACE, JOKER_RANK, parse_card
from pokerbull.protocol import CHANCE_PLAYER, IllegalAction

TWO, TEN, JACK, QUEEN, KING = 0, 8, 9, 10, 11


def lay_and_claim(g, cards, claim):
    g.play(cards, claim=claim)


# ---- base game ---------------------------------------------------------------------
def test_paddy_may_lay_a_ten_and_call_it_an_ace_and_is_caught():
    g = cheat.Game(players=2, hands=["Td 3c 4c", "As 2d 5h"])
    g.play("Td", claim="one Ace")              # a lie is a legal play
    g.challenge()
    r = g.history[-1]
    assert (r.lie, r.taker, r.taken) == (True, 0, 1)
    assert g.penalties == (1, 0)               # one sip per card taken
    # the taker resumes with the challenged claim's rank
    assert g.current_player == 0 and g.allowed_ranks == (ACE,)


def test_an_ace_and_a_queen_claimed_as_two_aces_is_a_lie():
    g = cheat.Game(players=2, hands=["Ah Qc 3c", "2d 5h 6h"])
    g.play("Ah Qc", claim="two Aces")
    g.challenge()
    assert g.history[-1].lie is True and g.history[-1].taker == 0


def test_the_count_must_be_the_number_laid_in_the_base_game():
    g = cheat.Game(players=2, hands=["Ah Ac Ad 3c", "2d 5h 6h"])
    for c in ("Ah", "Ac", "Ad"):
        g.apply_action(LAY + parse_card(c))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="number laid"):
        g.apply_action(claim_action(ACE, 2))
    assert g.to_json() == before


def test_a_true_play_challenged_sends_the_pile_to_the_challenger():
    g = cheat.Game(players=3, hands=["As Ad 7c", "Kh 2d", "3c 4c"])
    g.play("As Ad", claim="two Aces")
    g.challenge()
    r = g.history[-1]
    assert (r.lie, r.taker) == (False, 1)
    assert g.hand_sizes == (1, 4, 2) and g.current_player == 1 and g.allowed_ranks == (ACE,)


def test_unchallenged_play_continues_with_the_next_rank_and_kings_return_to_aces():
    g = cheat.Game(players=2, hands=["Ks Kd 2c", "As 5h 6h"])
    # walk the rank due up to King by pick-ups of players without the rank
    assert g.allowed_ranks == (ACE,)
    g.play("2c", claim="one Ace")              # a lie
    g.apply_action(LAY + parse_card("5h"))     # seat 1 lets it stand and lays
    assert g.current_player == 1
    g.apply_action(claim_action(TWO, 1))
    assert g.current_player == 0 and g.allowed_ranks == (1,)    # Threes
    g2 = cheat.Game(players=2, hands=["Ks 3c", "As 4c"])
    g2._due = KING
    g2._set_turn(0, (KING,), lead=True)
    g2.play("Ks", claim="one King")
    assert g2.allowed_ranks == (ACE,)


def test_pick_up_only_without_a_true_card():
    g = cheat.Game(players=2, hands=["As 3c", "2d 5h"])
    before = g.to_json()
    with pytest.raises(IllegalAction, match="could play truthfully"):
        g.pick_up()
    assert g.to_json() == before
    g.play("As", claim="one Ace")
    g2 = cheat.Game(players=2, hands=["Kc 3c", "2d 5h"])
    g2.pick_up()                               # no Ace: picking up the (empty) pile is allowed
    assert g2.current_player == 1 and g2.allowed_ranks == (TWO,)


def test_the_winner_is_the_first_whose_last_play_stands():
    g = cheat.Game(players=3, hands=["As", "2d 5h", "3c"])
    g.play("As", claim="one Ace")
    assert g.legal_actions() == [CHALLENGE, ACCEPT]      # an empty hand: answer the play
    g.accept()
    assert g.is_terminal() and g.winner == 0 and g.returns() == [2.0, -1.0, -1.0]


def test_a_caught_last_lie_does_not_win():
    g = cheat.Game(players=2, hands=["3s", "2d 5h"])
    g.play("3s", claim="one Ace")
    g.challenge()
    assert not g.is_terminal() and g.hand_sizes == (1, 2)


def test_only_the_next_player_may_challenge():
    g = cheat.Game(players=3, hands=["As Kd", "2d 5h", "3c 4c"])
    g.play("As", claim="one Ace")
    g.apply_action(LAY + parse_card("2d"))
    g.apply_action(claim_action(TWO, 1))
    # seat 2 may challenge seat 1's play, nobody may challenge seat 0's any more
    assert CHALLENGE in g.legal_actions() and g.current_player == 2


def test_hidden_information_in_observations_and_logs():
    g = cheat.Game(players=2, hands=["Td 3c 4c", "As 2d 5h"])
    g.play("Td", claim="one Ace")
    obs = g.observation(1)
    assert obs.hand == g.hand_counts(1)
    assert "Td" not in obs.describe() and "Td" not in " ".join(g.log_for(1))
    assert "Td" in " ".join(g.log_for(0))       # a seat sees its own laid cards
    assert obs.history[-1].cards is None and obs.claims[-1][:3] == (0, ACE, 1)
    assert obs.history[0].hands[0] is None
    g.challenge()
    assert "Td" in g.log_for(1)[-1]             # shown at the challenge
    assert g.observation(0).to_array().shape == (g.observation_size,)


# ---- variations ---------------------------------------------------------------------
def test_A_rank_fork_scotty_plays_queens_paddy_may_claim_jacks_queens_or_kings():
    g = cheat.Game(players=2, variations="A", hands=["Qs 3c 4c", "Jd Kh 5h"])
    g._set_turn(0, (QUEEN,), lead=True)
    g.play("Qs", claim="one Queen")
    assert g.allowed_ranks == (JACK, QUEEN, KING)
    g.play("5h", claim="one King")             # Paddy bluffs one of the three


def test_A_the_ace_is_next_to_both_two_and_king():
    g = cheat.Game(players=2, variations="A", hands=["As 3c", "Kh 5h"])
    g.play("As", claim="one Ace")
    assert g.allowed_ranks == (TWO, KING, ACE)


def test_C_three_cards_said_to_be_two():
    hands = ["Ah Ac Ad 3c", "2d 5h 6h"]
    g = cheat.Game(players=2, variations="C", hands=hands)
    g.play("Ah Ac Ad", claim="two Aces")
    g.challenge()
    assert g.history[-1].lie is True            # the count differs from the claim


def test_D_a_joker_is_every_rank():
    g = cheat.Game(players=2, variations="D", hands=["X1 3c", "2d 5h"])
    g.play("X1", claim="one Ace")
    g.challenge()
    assert g.history[-1].lie is False and sum(g.rules.deck) == 54


def test_E_one_card_at_a_time():
    g = cheat.Game(players=2, variations="E", hands=["As Ad", "2d 5h"])
    g.apply_action(LAY + parse_card("As"))
    assert LAY + parse_card("Ad") not in g.legal_actions()


def test_F_specificity_follows_the_suit_and_checks_it():
    g = cheat.Game(players=2, variations="F", hands=["As 3c", "2s 2d 5h"])
    g.play("As", claim="the Ace of spades")
    assert CHALLENGE in g.legal_actions()
    g.apply_action(LAY + parse_card("2d"))
    claims = [a for a in g.legal_actions() if a >= CLAIM_SUITED]
    assert claims == [CLAIM_SUITED + 4 * TWO + 3]      # only the Two of spades
    g.apply_action(claims[0])
    g.challenge()
    assert g.history[-1].lie is True                   # a Two, but of diamonds


def test_G_free_for_all_any_rank_any_count():
    g = cheat.Game(players=2, variations="G", hands=["As 3c 4c", "2d 5h"])
    g.apply_action(LAY + parse_card("3c"))
    legal = g.legal_actions()
    assert claim_action(KING, 3) in legal and claim_action(TWO, 1) in legal


def test_I_jokers_are_a_rank_between_king_and_ace():
    g = cheat.Game(players=2, variations="I", hands=["Ks X1 3c", "2d 5h"])
    g._set_turn(0, (KING,), lead=True)
    g.play("Ks", claim="one King")
    assert g.allowed_ranks == (JOKER_RANK,)
    g.play("2d", claim="one Joker")
    assert g.allowed_ranks == (ACE,)


def test_J_a_checker_looks_and_may_not_challenge():
    g = cheat.Game(players=2, variations="J", hands=["3s 4c", "2d 5h"])
    g.play("3s", claim="one Ace")
    g.apply_action(CHECK)
    assert CHALLENGE not in g.legal_actions()
    assert g.log_for(1)[-1] == "you check seat 0's play: 3s"     # the checker's own words
    assert g.log_for(0)[-1] == "seat 1 checks your play"


def test_K_eightshit_two_decks_sets_of_eight_and_rounds():
    r = cheat.Rules.make(5, variations="K", ranks="5789TJK")   # the seed's five-player ranks
    assert sum(r.deck) == 7 * 8 + 4
    hands = ["Ks Ks Kd Kd Kh Kh Kc Kc 5s 9s", "5c 5d X1", "7c", "8c", "9c"]
    g = cheat.Game(players=5, variations="K", ranks="5789TJK", hands=hands)
    assert g.hand_sizes[0] == 2                  # all eight Kings left play at once
    assert "Kc Kc Kd Kd Kh Kh Ks Ks".split() == sorted(g.history[1].cards.split())
    g.play("5s", claim="one Five")               # the leader names any rank
    g.play("5c 5d X1", claim="two Fives")        # more laid than claimed
    g.challenge()
    c = g.history[-1]
    assert c.lie is True and c.taker == 1
    assert g.current_player == 2 and len(g.allowed_ranks) == 7    # the winner leads anew


def test_K_a_lead_of_eight_of_one_suit_loses_the_game():
    hands = ["5s 5s 7s 7s 8s 8s 9s 9s Tc", "5c", "7c"]
    g = cheat.Game(players=3, variations="K", ranks="5789T", hands=hands)
    g.play("5s 5s 7s 7s 8s 8s 9s 9s", claim="eight Fives")
    assert type(g.history[-1]).__name__ == "LeadLost"
    assert g.current_player == 1


def test_L_fourshit_one_deck_two_jokers_sets_of_four():
    g = cheat.Game(players=2, variations="L", hands=["Ks Kd Kh Kc As", "Ac X1"])
    assert sum(g.rules.deck) == 4 * 4 + 2 and g.hand_sizes == (1, 2)


def test_N_canadian_start_the_first_jack_dealt_face_up_leads():
    g = cheat.Game(players=4, variations="N", seed=3)
    assert g.current_player == CHANCE_PLAYER
    outs = g.chance_outcomes()
    assert abs(sum(p for _, p in outs) - 1) < 1e-12 and outs[0] == (TURN_UP, 4 / 52)
    g.apply_action(TURN_UP + 6)                  # the seventh card is the Jack: seat 2
    assert g.current_player == 2 and sum(g.hand_sizes) == 52


def test_O_egyptian_the_ace_of_hearts_leads_any_rank_and_the_fork_applies():
    g = cheat.Game(players=3, variations="O", hands=["2c", "Ah 5d", "3c"])
    assert g.current_player == 1 and len(g.allowed_ranks) == 13
    g.play("Ah", claim="one Five")
    assert g.allowed_ranks == (2, 3, 4)
    g.challenge()                                # a lie: the challenger leads a new round
    assert g.current_player == 2 and len(g.allowed_ranks) == 13


def test_P_hawaiian_every_other_player_may_challenge_in_turn_order():
    g = cheat.Game(players=3, variations="P", hands=["3s 4c", "2d 5h", "6c 7c"])
    g.play("3s", claim="one Ace")
    assert g.current_player == 1 and g.legal_actions() == [CHALLENGE, ACCEPT]
    g.accept()
    assert g.current_player == 2
    g.challenge()
    assert g.history[-1].seat == 2 and g.history[-1].taker == 0


def test_R_royals_only_ace_to_ten_are_claimed():
    g = cheat.Game(players=2, variations="R", hands=["Ts Qc", "2d 5h"])
    g._due = TEN
    g._set_turn(0, (TEN,), lead=True)
    g.play("Ts", claim="one Ten")
    assert g.allowed_ranks == (ACE,)
    with pytest.raises(ValueError):
        cheat.Game(players=2, variations="R").string_to_action("claim one Jack") and \
            cheat.Game(players=2, variations="R").apply_action(claim_action(JACK, 1))


def test_S_only_one_random_card_is_turned():
    g = cheat.Game(players=3, variations="S", hands=["As 3c 9d", "2d 5h", "6c 7c"])
    g.play("As 3c", claim="two Aces")
    g.challenge()
    assert g.current_player == CHANCE_PLAYER
    assert g.chance_outcomes() == [(LAY + parse_card("3c"), 0.5), (LAY + parse_card("As"), 0.5)]
    g.apply_action(LAY + parse_card("As"))       # the Ace is turned: the challenger takes
    assert g.history[-1].taker == 1 and g.current_player == 1 and g.allowed_ranks == (TWO,)


def test_T_chinese_pass_doubt_and_believe():
    g = cheat.Game(players=3, variations="T", hands=["5s 5c 9d", "2d 5h", "6c 7c"])
    g.play("5s 5c", claim="two Fives")           # the leader names any rank
    assert set(g.legal_actions()) >= {CHALLENGE, BELIEVE, PASS}
    g.apply_action(BELIEVE)                      # true: the pile leaves the game
    assert g.pile_size == 0 and g.current_player == 1 and sum(g.card_totals()) == 7
    g.play("2d", claim="one Two")
    g.apply_action(PASS)
    g.apply_action(PASS)                         # everyone else passed: seat 1 leads anew
    assert g.current_player == 1 and g.pile_size == 0


def test_V_places_play_on_until_one_holds_cards():
    g = cheat.Game(players=3, variations="V", hands=["As", "2d", "3c 4c"])
    g.play("As", claim="one Ace")
    g.accept()
    assert not g.is_terminal() and g.places == (0,)
    g.play("2d", claim="one Two")
    g.accept()
    assert g.is_terminal() and g.places == (0, 1, 2) and g.returns() == [1.0, 0.0, -1.0]


def test_contradicting_variations_are_refused_naming_both():
    with pytest.raises(ValueError, match=r"jokers_wild \(D\) and jokers_top \(I\)"):
        cheat.Game(players=3, variations="DI")
    with pytest.raises(ValueError, match=r"rank_fork \(A\) and free_for_all \(G\)"):
        cheat.Game(players=3, rank_fork=True, free_for_all=True)
    with pytest.raises(ValueError, match="out of scope"):
        cheat.Game(players=3, variations="B")
    with pytest.raises(ValueError, match="unknown option"):
        cheat.Game(players=3, jokers=True)


def test_bad_input_raises_clear_errors():
    with pytest.raises(ValueError, match="players"):
        cheat.Game(players=1)
    with pytest.raises(ValueError, match="hand of seat 1"):
        cheat.Game(players=2, hands=["As", "Zz"])
    with pytest.raises(ValueError, match="dealt 2 times"):
        cheat.Game(players=2, hands=["As", "As"])
    g = cheat.Game(players=2, seed=1)
    for bad in (-1, 10_000, "x", 1.5, True):
        before = g._key()
        with pytest.raises(IllegalAction):
            g.apply_action(bad)
        assert g._key() == before


# ---- the stuck-game rule (docs/cheat.md, decision 15) -------------------------------
def test_a_stuck_game_ends_placed_by_hand_size_ties_sharing():
    g = cheat.Game(players=3, hands=["As Ad Kc", "2d 5h", "6c 7c 8c"], stall_turns=1)
    g.play("As", claim="one Ace")            # no hand smaller than before: stuck at once
    assert g.is_terminal() and type(g.history[-1]).__name__ == "Stalled"
    assert g.returns() == [0.5, 0.5, -1.0]
    v = cheat.Game(players=3, variations="V", hands=["As Ad Kc", "2d 5h", "6c 7c 8c"],
                   stall_turns=1)
    v.play("As", claim="one Ace")
    assert v.returns() == [0.5, 0.5, -1.0] and v.places == (0, 1, 2)


def test_honest_players_who_hand_the_pile_round_forever_are_stopped_by_the_rule():
    from pokerbull.cheat.bots import HonestBot
    ended = {"Stalled": 0, "Finished": 0}
    for seed in (36, 37, 38):                # seed 38 loops: the rule ends it
        g = cheat.Game(players=2, seed=seed)
        bots = [HonestBot(), HonestBot()]
        while not g.is_terminal():
            p = g.current_player
            g.apply_action(bots[p].act(g.observation(p)))
        ended[type(g.history[-1]).__name__] += 1
        assert abs(sum(g.returns())) < 1e-12
    assert ended["Stalled"] > 0


def test_stated_return_bounds_hold():
    for variations, seats in (("", 4), ("V", 5), ("K", 3)):
        g = cheat.Game(players=seats, seed=2, variations=variations)
        from pokerbull.cheat.bots import SharkBot
        bots = [SharkBot() for _ in range(seats)]
        while not g.is_terminal():
            p = g.current_player
            g.apply_action(bots[p].act(g.observation(p)) if p >= 0 else g.legal_actions()[0])
        assert g.min_utility <= min(g.returns()) and max(g.returns()) <= g.max_utility
        assert max(g.returns()) == g.max_utility
