"""Ladders: the calls, their order and ties, phrases and codes (RULES.md section 2)."""

import numpy as np
import pytest

import pokerbull as pb
from conftest import FAMILIES

SIZES = {"pagat": (326, 296), "pagat-wild": (420, 363), "holdem": (368, 314)}


@pytest.mark.parametrize("family", FAMILIES)
def test_ladder_sizes(family):
    lad = pb.ladder(family)
    assert (len(lad), lad.n_levels) == SIZES[family]
    assert [c.index for c in lad] == list(range(len(lad)))
    levels = [c.level for c in lad]
    assert levels == sorted(levels)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_call_round_trips_through_phrase_and_code(family):
    lad = pb.ladder(family)
    for c in lad:
        assert lad.parse(str(c)) is c
        assert lad.parse(c.code) is c
        assert lad.parse(str(c).upper()) is c
        assert lad.parse(c.code.lower()) is c


@pytest.mark.parametrize("family", FAMILIES)
def test_equal_levels_differ_only_by_suit(family):
    lad = pb.ladder(family)
    for a, b in zip(lad, list(lad)[1:]):
        if a.level == b.level:
            assert (a.category, a.ranks) == (b.category, b.ranks) and a.suit != b.suit
            assert not lad.is_raise(b, a) and not lad.is_raise(a, b)
        else:
            assert lad.is_raise(b, a) and not lad.is_raise(a, b)


@pytest.mark.parametrize("text,code", [
    ("two Eights", "pair:8"),
    ("pair of Eights", "pair:8"),
    ("a pair of eights", "pair:8"),
    ("two pair, Nines and Fours", "two_pair:9,4"),
    ("two pair, Fours and Nines", "two_pair:9,4"),
    ("TWO PAIR, 9s AND 4s", "two_pair:9,4"),
    ("two_pair:4,9", "two_pair:9,4"),
    ("three 10s", "trips:T"),
    ("trips:10", "trips:T"),
    ("Aces full of Fives", "full_house:A,5"),
    ("four Queens", "quads:Q"),
    ("one Jack", "one_card:J"),
    ("straight flush to the King of clubs", "straight_flush:K:c"),
    ("straight flush to the Five of hearts", "straight_flush:5:h"),
])
def test_pagat_phrases(text, code):
    assert pb.ladder("pagat").parse(text).code == code


@pytest.mark.parametrize("text,code", [
    ("straight to a Nine", "straight:9"),
    ("straight to an Ace", "straight:A"),
    ("flush to the Queen of diamonds", "flush:Q:d"),
    ("Flush to the queen of diamonds", "flush:Q:d"),
    ("five Eights", "five_kind:8"),
    ("eight Aces", "eight_kind:A"),
])
def test_pagat_wild_phrases(text, code):
    assert pb.ladder("pagat-wild").parse(text).code == code


@pytest.mark.parametrize("text,code", [
    ("High Card, High 8", "high_card:8"),
    ("High Card, High Ace", "high_card:A"),
    ("Pair of Tens", "pair:T"),
    ("Pair of 10s", "pair:T"),
    ("Two Pair, Kings and Fours", "two_pair:K,4"),
    ("Three of a Kind, Jacks", "trips:J"),
    ("Straight, 5 to 9", "straight:9"),
    ("Straight, A to 5", "straight:5"),
    ("Straight, 10 to A", "straight:A"),
    ("Flush, Hearts, High Queen", "flush:Q:h"),
    ("Full House, Queens over Twos", "full_house:Q,2"),
    ("Full House, 2s over As", "full_house:2,A"),
    ("Four of a Kind, Eights", "quads:8"),
    ("Straight Flush, 4 to 8 of Spades", "straight_flush:8:s"),
    ("Royal Flush, Spades", "royal_flush::s"),
    ("royal_flush:s", "royal_flush::s"),
    ("Straight, 10 to Ace", "straight:A"),
    ("Straight, Ace to 5", "straight:5"),
])
def test_holdem_phrases_from_the_seed(text, code):
    assert pb.ladder("holdem").parse(text).code == code


def test_holdem_edges_of_the_ladder():
    lad = pb.ladder("holdem")
    flush_tops = {c.ranks[0] for c in lad if c.category == "flush"}
    assert min(flush_tops) == 5          # a Seven: a 6-high flush is a straight flush
    sf_tops = {c.ranks[0] for c in lad if c.category == "straight_flush"}
    assert max(sf_tops) == 11            # to the King: the Ace one is the royal flush
    assert lad[0].code == "high_card:2" and lad[-1].category == "royal_flush"


@pytest.mark.parametrize("family,text", [
    ("pagat", "five Eights"),          # only with deuces wild
    ("pagat", "pair:Z"),
    ("pagat", "two pair, Nines and Nines"),
    ("pagat-wild", "five Twos"),       # no pool can make it
    ("holdem", "flush:6:h"),
    ("holdem", "straight_flush:A:s"),  # that is the royal flush
    ("pagat", "banana"),
    ("pagat", "pair:8:x"),
])
def test_unknown_calls_are_refused(family, text):
    with pytest.raises(ValueError, match="not a|unknown"):
        pb.ladder(family).parse(text)


def test_ordering_examples_from_seed_000():
    lad = pb.ladder("pagat")
    assert lad.is_raise("two pair, Nines and Twos", "two pair, Eights and Sevens")
    assert lad.is_raise("two pair, Nines and Threes", "two pair, Nines and Twos")
    assert lad.is_raise("Sixes full of Twos", "Fives full of Jacks")
    assert lad.is_raise("two Kings", "two Fives")
    assert lad.is_raise("three Fives", "two Kings")
    lowest_sf = min((c for c in lad if c.category == "straight_flush"), key=lambda c: c.level)
    assert lowest_sf.ranks == (3,)       # to the Five, Ace low
    assert not lad.is_raise("straight flush to the King of spades",
                            "straight flush to the King of clubs")


def test_calls_are_values():
    lad = pb.ladder("pagat")
    c = lad.parse("three Tens")
    assert c == lad[c.index] and hash(c) == hash(lad[c.index])
    assert pb.ladder("pagat") is lad
    import pickle
    assert pickle.loads(pickle.dumps(c)) is c
    assert c != pb.ladder("pagat-wild").parse("three Tens")
    with pytest.raises(ValueError, match="belongs to the pagat-wild ladder"):
        lad.holds(pb.ladder("pagat-wild").parse("three Tens"), pb.Pool.parse("Tc"))


def test_raises_over():
    lad = pb.ladder("pagat")
    c = lad.parse("two pair, Aces and Kings")
    raises = lad.raises_over(c)
    assert raises[0].code == "trips:2"
    assert all(lad.is_raise(r, c) for r in raises)
    assert len(lad.raises_over(None)) == len(lad)
    assert lad.raises_over(lad[-1]) == ()
    sf_king = lad.parse("straight_flush:K:c")
    assert [r.ranks[0] for r in lad.raises_over(sf_king)] == [12] * 4


def test_unknown_family():
    with pytest.raises(ValueError, match="unknown call family 'poker'"):
        pb.ladder("poker")


def test_bad_indices_and_types():
    lad = pb.ladder("pagat")
    with pytest.raises(ValueError, match="outside the pagat ladder"):
        lad.call(326)
    with pytest.raises(ValueError, match="outside"):
        lad.call(-1)
    with pytest.raises(ValueError, match="must be"):
        lad.call(3.5)
    assert lad.call(np.int64(3)) is lad[3]


def test_listing_takes_a_truth_array_of_the_ladders_length_only():
    # a short array raised IndexError partway through the listing; a long one was cut
    lad = pb.ladder("pagat")
    lines = list(lad.listing(lad.truth("As Ad")))
    assert len(lines) == len(lad) + 1 and lines[13].endswith("one Ace  (holds)")
    for bad, shape in ((np.ones(4, bool), r"\(4,\)"), (np.ones(len(lad) + 1, bool), r"\(327,\)"),
                       (True, r"\(\)"), (np.ones((2, 2), bool), r"\(2, 2\)")):
        with pytest.raises(ValueError, match=rf"truth must hold one flag per call of the "
                                             rf"ladder \(326, .*not an array of shape {shape}"):
            lad.listing(bad)            # refused at once, before the first line


def test_holds_many_refuses_calls_of_another_ladder():
    pagat, holdem = pb.ladder("pagat"), pb.ladder("holdem")
    masks = np.array([pb.Pool.parse("As Ah").mask], np.uint64)
    with pytest.raises(ValueError, match="belongs to the holdem ladder, not pagat"):
        pagat.holds_many(masks, [holdem[300]])
    with pytest.raises(ValueError, match="belongs to the holdem ladder"):
        pagat.holds_many(masks, holdem[300])
    # phrases and this ladder's calls may be mixed
    assert pagat.holds_many(np.repeat(masks, 2), ["two Aces", pagat.parse("one King")]).tolist() == \
        [True, False]


@pytest.mark.parametrize("method", ["holds_many_one", "holds_many", "best_many"])
def test_a_bad_mask_in_a_batch_is_named_by_its_index(method):
    lad = pb.ladder("pagat")
    masks = np.array([3, 5, 1 << 13, 7, 1 << 14], np.uint64)
    run = {"holds_many_one": lambda: lad.holds_many(masks, 0),
           "holds_many": lambda: lad.holds_many(masks, np.zeros(5, np.int64)),
           "best_many": lambda: lad.best_many(masks)}[method]
    with pytest.raises(ValueError, match=r"pool mask at index 2 0x2000 has cards these rules do "
                                         r"not have: 0x2000"):
        run()


def test_unknown_family_options_are_named_with_the_ones_it_takes():
    with pytest.raises(ValueError, match="the pagat family has no option 'jokers': it takes no "
                                         "options"):
        pb.ladder("pagat", jokers=2)
    with pytest.raises(ValueError, match="no option 'colour', 'size'"):
        pb.ladder("holdem", size=1, colour="red")
