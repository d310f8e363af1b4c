"""One error type (issue 21): bad input is a ValueError naming what is wrong, and
bad numbers are refused at once, before any work or memory grows with them."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.evaluator import HandRank, _PythonHandRank


def huge_view(dtype):
    """2**40 elements over one: copying it would need 8 TiB."""
    return np.lib.stride_tricks.as_strided(np.zeros(1, dtype), shape=(2**40,), strides=(0,))


@pytest.mark.parametrize("call, words", [
    (lambda: pb.roulette.Game(bogus=1), r"no option 'bogus'; the options are players, seed"),
    (lambda: pb.evaluate_many(np.array([31], np.uint64), bogus=1),
     r"evaluate_many has no option 'bogus'; the options are jokers"),
    (lambda: pb.ladder([]), r"unknown call family \[\]"),
    (lambda: pb.ladder("cheung", joker_order=[2]), r"option joker_order must be a word"),
    (lambda: pb.evaluate("As Kd", royal_over_five=[]), r"royal_over_five must be"),
    (lambda: pb.evaluate("As Kd", joker_order=[2]), r"joker_order must be"),
    (lambda: pb.evaluate("As Kd", jokers=True, joker_order={}), r"joker_order must be"),
    (lambda: pb.evaluate_counts(np.array(3)), r"counts must be 54 whole numbers"),
    (lambda: pb.evaluate_counts([1] * 60), r"counts must have 54 entries"),
    (lambda: pb.evaluate_cards(["As", 5]), r"card 1 must be a Card or card text"),
    (lambda: HandRank(0), r"0x0 is not the value of a hand"),
    (lambda: HandRank(5), r"0x5 is not the value of a hand"),
    (lambda: _PythonHandRank(0), r"0x0 is not the value of a hand"),
    (lambda: _PythonHandRank(5), r"0x5 is not the value of a hand"),
    (lambda: pb.simulate("pagat", bots=3, games=2), r"bots must be a bot or a list of bots"),
    (lambda: pb.simulate("pagat", bots=[], games=2), r"seats 2 to 52 players.*not 0"),
    (lambda: pb.simulate("roulette", bots=[], games=2), r"at least 3 players, not 0"),
    (lambda: pb.simulate("cheat", bots=["honest"] * 109, games=2), r"at most 108 players"),
    (lambda: pb.simulate("cheat", bots=2.5, games=2), r"bots must be a bot or a list of bots"),
    # the compiled Cheat engine counts turns in a C int: it used to raise OverflowError
    (lambda: pb.simulate("cheat", bots=["honest"] * 3, games=2, stall_turns=2**31),
     r"stall_turns must be a whole number 1..2147483647, not 2147483648"),
    (lambda: pb.cheat.Game(players=1), r"players must be a whole number >= 2, not 1"),
    # a process pool that size used to be forked until memory ran out
    (lambda: pb.simulate("pagat", bots=["random"] * 2, games=2, workers=10**9),
     r"workers must be a whole number 1..256, not 1000000000"),
    (lambda: pb.tournament("pagat", bots=["random", "evidence"], games=2, players=2,
                           workers=257), r"workers must be a whole number 1..256, not 257"),
    # "unknown bot 'r'" (the name read letter by letter) and TypeError before
    (lambda: pb.tournament("pagat", bots="random", games=2, players=2),
     r"bots must be a list of bots \(at least two\), not 'random'"),
    (lambda: pb.tournament("pagat", bots=5, games=2, players=2),
     r"bots must be a list of bots \(at least two\), not 5"),
    # TypeError "'int' object is not callable" after the first games were played
    (lambda: pb.simulate("pagat", bots=["random"] * 2, games=2, progress=5),
     r"progress must be a function of the games played \(or None\), not 5"),
    # Python's TypeErrors naming nothing: "'int' object is not iterable", "iteration over
    # a 0-d array", "len() of unsized object"
    (lambda: pb.Pool.of(5), r"cards must be a list of cards or card texts, not 5"),
    (lambda: pb.evaluate(np.array(1)),
     r"cards must be a list of cards or card texts, not array\(1\)"),
    (lambda: pb.roulette.Game(deck=np.array(1)),
     r"deck must be card text or a list of cards, not array\(1\)"),
    (lambda: pb.solve(hands=np.array(1)),
     r"hands must be two hand sizes \(a, b\), one per seat, not array\(1\)"),
    (lambda: pb.solve(hands=(1, 1, 1)),
     r"hands must be two hand sizes \(a, b\), one per seat, not \(1, 1, 1\)"),
])
def test_bad_input_is_a_value_error_naming_it(call, words):
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.parametrize("cards", [5, None, True, 0.0, b"As"])
def test_evaluate_cards_refuses_what_is_not_cards(cards):
    with pytest.raises(ValueError, match="cards must be card text or a list of cards"):
        pb.evaluate_cards(cards)


def test_every_value_the_evaluator_gives_is_a_hand_rank():
    rng = np.random.default_rng(4)
    for opts, mask in (({"jokers": True, "royal_over_five": "any"}, pb.cards.DECK_MASK),
                       ({"suit_order": "shdc"}, pb.cards.NATURAL_MASK)):
        deck = [b for b in range(64) if mask >> b & 1]
        masks = np.array([sum(1 << int(b) for b in rng.choice(deck, int(rng.integers(1, 9)),
                                                              replace=False))
                          for _ in range(3000)], np.uint64)
        for v in set(pb.evaluate_many(masks, **opts).tolist()):
            assert str(HandRank(v))


def test_evaluate_counts_refuses_huge_counts_at_once():
    with pytest.raises(ValueError, match=r"count 0 must be a whole number 0..100"):
        pb.evaluate_counts([2**64] + [0] * 53)
    with pytest.raises(ValueError, match=r"count 0 must be a whole number 0..100"):
        pb.evaluate_counts([5 * 10**6] + [0] * 53)
    assert str(pb.evaluate_counts([100] + [0] * 53)) == "Five of a Kind, Twos"


def test_an_executor_takes_any_number_of_workers():
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:     # workers only sets how much work is queued
        r = pb.simulate("pagat", bots=["random"] * 2, games=3, seed=1, workers=1000,
                        executor=pool)
    assert r.games == 3


def test_cheat_takes_numpy_whole_numbers_as_every_game_does():
    # "players must be a whole number of at least 2, not np.int64(4)" was refused before
    g = pb.cheat.Game(np.int64(4), stall_turns=np.int16(30))
    assert (g.players, g.rules.stall_turns) == (4, 30) and type(g.rules.players) is int


@pytest.mark.parametrize("game", ["pagat", "cheat", "roulette"])
def test_players_are_checked_before_a_lineup_is_built(game):
    with pytest.raises(ValueError, match="players must be a whole number"):
        pb.tournament(game, None, games=10, players=10**23)
    with pytest.raises(ValueError, match="players must be a whole number"):
        pb.simulate(game, bots=None, games=2, players=10**5)


def test_vector_game_limits_and_its_arrays():
    with pytest.raises(ValueError, match=r"num_games must be a whole number 1..4194304"):
        pb.VectorGame("pagat", num_games=2**31)
    vec = pb.VectorGame("pagat", num_games=2, players=3, seed=1)
    for rng in (None, 5):
        with pytest.raises(ValueError, match="random_actions draws from a numpy"):
            vec.random_actions(rng)
    with pytest.raises(ValueError, match="read-only"):
        vec.legal_start[0] = 300           # the refusal below reads the games' own state
    with pytest.raises(ValueError, match=r"one action per game \(2\)"):
        vec.step(huge_view(np.int64))
    with pytest.raises(pb.IllegalAction, match=r"legal: 0\.\.325"):
        vec.step(np.array([400, 0]))


def test_huge_views_are_refused_before_copying():
    lad = pb.ladder("pagat")
    for call in (lambda: lad.holds_many(huge_view(np.uint64), 3),
                 lambda: lad.best_many(huge_view(np.uint64)),
                 lambda: pb.evaluate_many(huge_view(np.uint64)),
                 lambda: lad.holds_many(huge_view(np.int32), 3),
                 lambda: pb.evaluate_many(np.lib.stride_tricks.as_strided(
                     np.zeros(5, np.uint8), shape=(2**40, 5), strides=(0, 1)))):
        with pytest.raises(ValueError, match="would be copied"):
            call()
    # a contiguous batch is used in place, and a small view is copied as before
    masks = np.array([0b11111, 0b1111100000], np.uint64)
    assert lad.best_many(masks[::-1]).tolist() == lad.best_many(masks).tolist()[::-1]


def test_evaluate_cards_asks_for_jokers_as_evaluate_does():
    """Issue 20: evaluate_cards made jokers wild silently where evaluate needs jokers=True."""
    with pytest.raises(ValueError, match=r"X1 and X2 \(a joker\).*jokers=True"):
        pb.evaluate_cards("As X1 X2", jokers=False)
    with pytest.raises(ValueError, match=r"X1 .*jokers are off"):
        pb.evaluate_counts([0] * 52 + [1, 0], jokers=False)
    with pytest.raises(ValueError, match=r"jokers must be True, False or None, not 1"):
        pb.evaluate_cards("As", jokers=1)  # type: ignore[arg-type]
    wild = pb.evaluate_cards("Ks Kh X1", jokers=True)
    assert str(wild) == str(pb.evaluate("Ks Kh X1", jokers=True)) == "Three of a Kind, Kings"
    with pytest.warns(DeprecationWarning, match=r"evaluate_cards: jokers are wild here without "
                                                r"jokers=True"):
        assert pb.evaluate_cards("Ks Kh X1") == wild       # the old meaning, for one release
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pb.evaluate_cards("Ks Kh 2c") == pb.evaluate_cards("Ks Kh 2c", jokers=False)


def test_odds_takes_a_list_of_cards_as_evaluate_does():
    """Issue 20: pb.odds refused the list of cards that pb.evaluate accepts."""
    listed = pb.odds("pagat", ["As", pb.Card.parse("Kd")], unseen=3, seed=7)
    texted = pb.odds("pagat", "As Kd", unseen=3, seed=7)
    assert listed.known == texted.known == pb.Pool.parse("As Kd")
    assert np.array_equal(listed.probability, texted.probability) and listed.draws == texted.draws
    with pytest.raises(ValueError, match=r"appears twice"):
        pb.odds("pagat", ["As", "As"], unseen=3)
    with pytest.raises(ValueError, match=r"a list of cards or a mask, not bytes"):
        pb.odds("pagat", b"As", unseen=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("bit", ["X1", 1.0, True, None])
def test_card_refuses_what_is_not_a_bit(bit):
    with pytest.raises(ValueError, match=r"Card takes a bit of the 64-bit layout"):
        pb.Card(bit)
