"""Actions: can_x answers, x checks then applies, illegal actions change nothing."""

from __future__ import annotations

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.bull.game import CHANCE_PLAYER, TERMINAL_PLAYER, CallMade, Deal


def snapshot(g: pb.Game) -> dict:
    return g.to_dict()


def refused(g: pb.Game, action, message: str) -> None:
    """`action(g)` raises IllegalAction matching `message` and leaves g as it was."""
    before = snapshot(g)
    with pytest.raises(pb.IllegalAction, match=message):
        action(g)
    assert snapshot(g) == before


@pytest.fixture
def pagat3():
    g = pb.Game("pagat", players=3, hands=["Ts", "Td", "9c"])
    g.call("two Tens")                                 # seat 0; seat 1 to play
    return g


def test_illegal_action_is_a_value_error():
    assert issubclass(pb.IllegalAction, ValueError)


def test_a_call_is_a_call_a_phrase_a_code_or_an_index():
    lad = pb.ladder("pagat")
    for given in (lad.parse("three Tens"), "three Tens", "trips:T", lad.parse("trips:T").index):
        g = pb.Game("pagat", players=3, hands=["Ts", "Td", "9c"])
        assert g.can_call(given)
        g.call(given)
        assert g.last_call == lad.parse("three Tens") and g.last_caller == 0
        assert g.history[-1] == CallMade(1, 0, lad.parse("three Tens"))


def test_out_of_turn(pagat3):
    refused(pagat3, lambda g: g.call("three Tens", seat=2), "it is seat 1's turn, not seat 2's")
    refused(pagat3, lambda g: g.challenge(seat=0), "it is seat 1's turn, not seat 0's")
    refused(pagat3, lambda g: g.call("three Tens", seat=7), "there is no seat 7")
    assert not pagat3.can_call("three Tens", seat=2) and not pagat3.can_challenge(seat=0)
    assert pagat3.can_call("three Tens", seat=1) and pagat3.can_challenge(seat=1)


def test_out_of_the_game_is_out_of_turn():
    g = pb.Game("pagat", players=3, start_cards=5, dealing="manual")
    g.deal(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h"])
    g.call("quads:A")
    g.challenge()                                      # seat 0 is out
    g.deal(["", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h"])
    refused(g, lambda g: g.call("one Two", seat=0), "seat 0 is out of the game")


def test_not_a_raise(pagat3):
    refused(pagat3, lambda g: g.call("two Tens"), "two Tens is no higher than the last call, two Tens")
    refused(pagat3, lambda g: g.call("one Ace"), "one Ace is lower than the last call, two Tens: "
                                                 "a call must raise .the lowest raise is two Jacks")
    assert not pagat3.can_call("one Ace")


def test_equal_strength_is_not_a_raise():
    g = pb.Game("pagat", players=2, hands=["Ks", "Kd"])
    g.call("straight flush to the King of clubs")
    refused(g, lambda g: g.call("straight flush to the King of spades"), "no higher than")
    g.call("straight flush to the Ace of hearts")


def test_after_the_top_call_only_a_challenge():
    g = pb.Game("holdem", players=3, seed=1)
    g.call(g.ladder[-1])
    assert g.legal_actions() == [g.challenge_action] and g.legal_calls() == ()
    refused(g, lambda g: g.call(g.ladder[-1]), "is the highest call: seat 1 can only challenge it")


def test_the_opener_cannot_challenge():
    g = pb.Game("pagat", players=3, seed=1)
    refused(g, lambda g: g.challenge(), "there is no call to challenge yet: seat 0 opens hand 1")
    assert not g.can_challenge()
    assert g.challenge_action not in g.legal_actions()
    refused(g, lambda g: g.apply_action(g.challenge_action), "no call to challenge")


def test_unknown_calls(pagat3):
    refused(pagat3, lambda g: g.call("three Elevens"), "'three Elevens' is not a call of the pagat ladder")
    refused(pagat3, lambda g: g.call("flush:A:s"), "not a call of the pagat ladder")
    refused(pagat3, lambda g: g.call(326), "call index 326 is outside the pagat ladder")
    refused(pagat3, lambda g: g.call(pb.ladder("holdem")[3]), "belongs to the holdem ladder")
    refused(pagat3, lambda g: g.call(2.5), "a call must be")


def test_after_the_game_ended():
    g = pb.Game("pagat-five", players=2, start_cards=1, hands=["As", "Kd"])
    g.call("one Queen")
    g.challenge()
    assert g.is_over
    refused(g, lambda g: g.call("one Ace"), "the game is over: seat 1 won")
    refused(g, lambda g: g.challenge(), "the game is over")
    refused(g, lambda g: g.apply_action(0), "the game is over")
    refused(g, lambda g: g.deal(["As", "Kd"]), "the game is over")
    assert g.legal_actions() == [] and g.current_player == TERMINAL_PLAYER


def test_integer_actions():
    g = pb.Game("pagat", players=4, seed=5)
    n = len(g.ladder)
    assert g.challenge_action == n and g.num_actions == n + 1
    assert g.legal_actions() == list(range(n))              # opener: every call
    g.apply_action(np.int64(30))
    assert g.legal_actions() == list(range(g.ladder.first_raise_index(30), n + 1))
    assert g.action_to_string(n) == "challenge"
    assert g.action_to_string(30) == str(g.ladder[30])
    assert g.string_to_action("challenge") == n and g.string_to_action("pair:A") == 25
    refused(g, lambda g: g.apply_action(n + 1), "action 327 does not exist")
    refused(g, lambda g: g.apply_action(-1), "action -1 does not exist")
    refused(g, lambda g: g.apply_action(10), "is lower than the last call")
    refused(g, lambda g: g.apply_action("3"), "an action is a whole number")
    refused(g, lambda g: g.apply_action(True), "an action is a whole number")
    assert not g.can_apply_action(10) and g.can_apply_action(n) and g.can_apply_action(300)
    assert g.current_player == 1 and not g.is_terminal() and g.returns() == [0.0] * 4


def test_legal_calls_match_legal_actions():
    g = pb.Game("pagat-wild", players=3, seed=2)
    g.apply_action(100)
    assert [c.index for c in g.legal_calls()] == g.legal_actions()[:-1]
    assert all(g.ladder.is_raise(c, 100) for c in g.legal_calls())


def test_manual_deal_checks():
    g = pb.Game("pagat", players=3, dealing="manual")
    assert g.awaiting_deal and g.to_play is None and g.current_player == CHANCE_PLAYER
    assert g.legal_actions() == []
    refused(g, lambda g: g.call("one Ace"), "hand 1 has not been dealt yet")
    refused(g, lambda g: g.deal(["As", "Kd"]), "one entry per seat: 3, not 2")
    refused(g, lambda g: g.deal("As Kd 9c"), "one entry of cards per seat")
    refused(g, lambda g: g.deal(["As", "As", "9c"]), "As dealt twice: to seat 0 and seat 1")
    refused(g, lambda g: g.deal(["As", "Kd", "Zz"]), "seat 2's cards: 'Zz' is not a card")
    refused(g, lambda g: g.deal(["As", "Kd", "X1"]), "not in the pagat deck")
    refused(g, lambda g: g.deal(["As", "Kd", ""]), "seat 2 must get 1 card, not 0")
    assert g.can_deal(["As", "Kd", "9c"]) and not g.can_deal(["As", "As", "9c"])
    g.deal([pb.Pool.parse("As"), [pb.Card.parse("Kd")], pb.Pool.parse("9c").mask])
    assert g.hand(1) == pb.Pool.parse("Kd") and g.pool == pb.Pool.parse("As Kd 9c")
    refused(g, lambda g: g.deal(["As", "Kd", "9c"]), "hand 1 is dealt and in play")


def test_random_games_refuse_manual_deals():
    g = pb.Game("pagat", players=3, seed=1)
    refused(g, lambda g: g.deal(["As", "Kd", "9c"]), "this game deals at random")


def test_seeded_deals_are_reproducible_and_use_no_global_state():
    np.random.seed(0)
    a = pb.Game("holdem", players=6, seed=42)
    np.random.seed(1)
    b = pb.Game("holdem", players=6, seed=42)
    assert a == b and a.history[0] == b.history[0]
    assert pb.Game("holdem", players=6, seed=43).history[0] != a.history[0]
    deal = a.history[0]
    assert isinstance(deal, Deal) and deal.hand_sizes == (4,) * 6
    assert len(a.pool) == 24


def test_a_generator_can_be_passed_in():
    rng = np.random.default_rng(3)
    a = pb.Game("pagat", players=4, seed=rng)
    b = pb.Game("pagat", players=4, seed=np.random.default_rng(3))
    assert a.history[0] == b.history[0]
    mt = pb.Game("pagat", players=4, seed=np.random.Generator(np.random.MT19937(5)))
    assert len(mt.pool) == 4


def test_observation_holds_only_what_the_seat_may_know():
    g = pb.Game("pagat", players=3, hands=["Ts", "Td", "9c"])
    g.call("two Tens")
    obs = g.observation(2)
    assert obs.cards == pb.Pool.parse("9c") and obs.seat == 2
    assert obs.hand_sizes == (1, 1, 1) and obs.to_play == 1 and obs.starter == 0
    assert [(s, c.code) for s, c in obs.calls] == [(0, "pair:T")]
    assert obs.last_call.code == "pair:T" and obs.last_result is None
    text = repr(obs)
    assert "Ts" not in text and "Td" not in text      # no one else's cards
    g.call("three Tens")
    g.challenge()
    obs = g.observation(0)
    assert obs.last_result.held is False and obs.cards == pb.Pool()   # between hands


def test_observation_array_layout():
    g = pb.Game("pagat", players=3, hands=["Ts", "Td", "9c"])
    g.call("two Tens")
    arr = g.observation_array(2)
    n, deck, calls = 3, 52, len(g.ladder)
    assert arr.shape == (g.rules.observation_size,) == (5 * n + deck + calls,)
    assert arr.dtype == np.float32
    assert list(arr[0:3]) == [0, 0, 1]                   # observer
    assert list(arr[3:6]) == [0, 1, 0]                   # to play
    assert list(arr[6:9]) == [1, 0, 0]                   # starter
    assert list(arr[9:12]) == [1, 1, 1]                  # hand sizes
    cards = arr[12:12 + deck]
    assert cards.sum() == 1 and cards[13 * 0 + 7] == 1  # 9c: suit 0, rank 7
    called = arr[12 + deck:12 + deck + calls]
    assert list(np.flatnonzero(called)) == [g.ladder.parse("pair:T").index]
    assert list(arr[-3:]) == [1, 0, 0]                   # last caller
    assert np.array_equal(arr, g.observation(2).to_array())
    with pytest.raises(ValueError, match="seat must be 0..2"):
        g.observation_array(3)


def test_history_records_are_frozen():
    g = pb.Game("pagat", players=3, seed=1)
    g.apply_action(5)
    with pytest.raises(AttributeError):
        g.history[-1].seat = 2  # type: ignore[misc]
    history = g.history
    assert isinstance(history, tuple)


def test_witness_of_an_exact_hand_call():
    g = pb.Game("holdem", players=2, start_cards=5, hands=["As Ks Qs Js 9d", "Th 2c 3c 4c 5d"])
    g.call("Straight, 10 to A")
    g.challenge()
    result = g.history[-1]
    assert result.held and result.witness == pb.Pool.parse("As Ks Qs Js Th")
    assert "made by As Ks Qs Js Th" in result.describe()
