"""When a pool satisfies a call: the source texts' own examples, on both backends."""

import numpy as np
import pytest

import pokerbull as pb
from conftest import ladder_on

P = pb.Pool.parse


def test_pagat_at_least_semantics(core):
    lad = ladder_on(core, "pagat")
    pool = P("9c 9d 9h 4s 4d Ks")
    assert lad.holds("two Nines", pool)          # a higher combination does not matter
    assert lad.holds("three Nines", pool)
    assert lad.holds("two pair, Nines and Fours", pool)
    assert lad.holds("Nines full of Fours", pool)
    assert lad.holds("one King", pool)
    assert not lad.holds("Fours full of Nines", pool)
    assert not lad.holds("four Nines", pool)
    assert not lad.holds("two Kings", pool)


def test_pagat_straight_flush_needs_the_five_named_cards(core):
    lad = ladder_on(core, "pagat")
    wheel = P("Ah 2h 3h 4h 5h")
    assert lad.holds("straight flush to the Five of hearts", wheel)
    assert not lad.holds("straight flush to the Six of hearts", wheel | P("6d"))
    assert lad.holds("straight flush to the Six of hearts", wheel | P("6h"))
    assert not lad.holds("straight flush to the Five of spades", wheel)


def test_seed_000_flush_example_with_deuces_wild(core):
    """Hearts K Q 10 7 6 4 and no deuces: King and Queen flushes good, Ace and Ten not."""
    lad = ladder_on(core, "pagat-wild")
    pool = P("Kh Qh Th 7h 6h 4h 9c")
    assert lad.holds("flush to the King of hearts", pool)
    assert lad.holds("flush to the Queen of hearts", pool)
    assert not lad.holds("flush to the Ace of hearts", pool)
    assert not lad.holds("flush to the Ten of hearts", pool)
    # a deuce can stand for the missing named card or a missing lower card
    assert lad.holds("flush to the Ace of hearts", pool | P("2c"))
    assert lad.holds("flush to the Ten of hearts", pool | P("2s"))
    assert not lad.holds("flush to the Nine of hearts", pool | P("2s"))


def test_deuces_wild_counting(core):
    lad = ladder_on(core, "pagat-wild")
    assert lad.holds("five Eights", P("8c 8d 8h 2s 2c"))
    assert lad.holds("four Eights", P("8c 8d 8h 2s"))
    assert not lad.holds("five Eights", P("8c 8d 8h 2s Kd"))  # one deuce short
    assert lad.holds("eight Aces", P("Ac Ad Ah As 2c 2d 2h 2s"))
    assert not lad.holds("eight Aces", P("Ac Ad Ah 2c 2d 2h 2s"))
    # one deuce cannot fill two gaps
    assert not lad.holds("two pair, Nines and Fours", P("9c 4d 2h"))
    assert lad.holds("two pair, Nines and Fours", P("9c 4d 4h 2h"))
    # a natural Two is a deuce: "two Twos" needs two of them
    assert lad.holds("two Twos", P("2c 2h"))
    assert not lad.holds("two Twos", P("2c Ah"))
    # deuces in their natural place in a straight
    assert lad.holds("straight to a Six", P("2c 3d 4h 5s 6c"))
    assert lad.holds("straight to a Six", P("2c 2d 4h 5s 6c"))
    assert lad.holds("straight to a Nine", P("5c 6d 7h 2s 2c"))
    assert not lad.holds("straight to a Nine", P("5c 6d 7h 2s"))


def test_seed_002_full_house_is_not_three_of_a_kind(core):
    lad = ladder_on(core, "holdem")
    assert lad.holds("Three of a Kind, 9s", P("9h 9d 9s 4h 3d"))
    full = P("9h 9d 9s 4h 4d")
    assert not lad.holds("Three of a Kind, 9s", full)
    assert lad.holds("Full House, Nines over Fours", full)
    assert not lad.holds("Pair of Nines", full)
    assert not lad.holds("Pair of Fours", full)
    # with a sixth card the hand may leave a Four out
    assert lad.holds("Three of a Kind, 9s", full | P("Kc"))


def test_seed_002_high_card_and_straights(core):
    lad = ladder_on(core, "holdem")
    assert not lad.holds("High Card, High 6", P("2c 3d 4h 5s 6c"))   # a straight
    assert lad.holds("Straight, 2 to 6", P("2c 3d 4h 5s 6c"))
    assert not lad.holds("High Card, High 6", P("4c 4d 6h 2s 3c"))   # a pair
    assert lad.holds("Pair of Fours", P("4c 4d 6h 2s 3c"))
    assert lad.holds("Straight, A to 5", P("Ac 2d 3h 4s 5c"))
    assert not lad.holds("Straight, 2 to 6", P("Ac 2d 3h 4s 5c"))
    assert lad.holds("High Card, High 6", P("6c 2d 4h"))   # small pools keep small calls
    assert not lad.holds("High Card, High 6", P("6c 6d 4h"))
    assert not lad.holds("Straight, 5 to 9", P("5h 6h 7h 8h 9h"))   # a straight flush
    assert lad.holds("Straight, 5 to 9", P("5h 6h 7h 8h 9h 9c"))


def test_seed_002_flush_high_queen(core):
    """'Flush, Hearts, High Queen' holds even with higher hearts in the pool."""
    lad = ladder_on(core, "holdem")
    pool = P("Ah Kh Qh 9h 7h 4h 2h")
    assert lad.holds("Flush, Hearts, High Queen", pool)
    assert lad.holds("Flush, Hearts, High Ace", pool)
    assert not lad.holds("Flush, Spades, High Queen", pool)
    assert not lad.holds("Flush, Hearts, High 9", P("9h 8h 7h 6h 5h"))  # straight flush
    assert lad.holds("Straight Flush, 5 to 9 of Hearts", P("9h 8h 7h 6h 5h"))
    assert lad.holds("Royal Flush, Hearts", P("Ah Kh Qh Jh Th"))
    assert not lad.holds("Flush, Hearts, High Ace", P("Ah Kh Qh Jh Th"))


def test_holdem_small_pools_are_the_hand(core):
    lad = ladder_on(core, "holdem")
    assert lad.holds("Two Pair, Kings and Fours", P("Kc Kd 4h 4s"))
    assert not lad.holds("Two Pair, Kings and Fours", P("Kc Kd Ks 4h 4s"))
    assert lad.holds("Four of a Kind, Eights", P("8c 8d 8h 8s"))
    assert lad.holds("Three of a Kind, Jacks", P("Jc Jd Jh 2s"))
    assert not lad.holds("Pair of Jacks", P("Jc Jd Jh"))


@pytest.mark.parametrize("family", ["pagat", "pagat-wild", "holdem"])
def test_best_examples(core, family):
    lad = ladder_on(core, family)
    assert lad.best(pb.Pool(0)) is None
    pool = P("As Ad Kc Kd Ks 9h")
    top = lad.best(pool)
    assert top is not None and lad.holds(top, pool)
    higher = [c for c in lad.raises_over(top) if lad.holds(c, pool)]
    assert higher == []


def test_jokers_and_bad_masks_are_refused(core):
    lad = ladder_on(core, "pagat")
    with pytest.raises(ValueError, match="joker"):
        lad.holds("one Ace", P("As X1"))
    with pytest.raises(ValueError, match="joker"):
        lad.truth(P("X2"))
    with pytest.raises(ValueError, match="outside the deck"):
        lad.holds("one Ace", 1 << 14)
    with pytest.raises(ValueError, match="cards these rules do not have"):
        lad.holds_many(np.array([1 << 13], np.uint64), 0)
    with pytest.raises(ValueError, match="cards these rules do not have"):
        lad.best_many(np.array([1, 1 << 63], np.uint64))


def test_batch_input_is_checked(core):
    lad = ladder_on(core, "pagat")
    masks = np.array([1, 2], np.uint64)   # 2c; 3c
    with pytest.raises(ValueError, match="1-d"):
        lad.holds_many(masks.reshape(1, 2), 0)
    with pytest.raises(ValueError, match="unsigned 64-bit"):
        lad.holds_many(masks.astype(float), 0)
    with pytest.raises(ValueError, match="negative"):
        lad.holds_many(np.array([-1], np.int64), 0)
    with pytest.raises(ValueError, match="one index per mask"):
        lad.holds_many(masks, np.array([0, 1, 2]))
    with pytest.raises(ValueError, match="must lie in"):
        lad.holds_many(masks, np.array([0, 326]))
    with pytest.raises(ValueError, match="integers"):
        lad.holds_many(masks, np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match="outside"):
        lad.holds_many(masks, 400)
    assert lad.holds_many(np.array([], np.uint64), 0).shape == (0,)
    assert lad.holds_many(masks.astype(np.int64), np.array([0, 0])).tolist() == [True, False]


def test_witness_shows_the_cards(core):
    lad = ladder_on(core, "holdem")
    pool = P("9h 9d 9s 4h 4d Kc 2s")
    w = lad.witness("Three of a Kind, Nines", pool)
    assert w == P("9h 9d 9s Kc 4h") or (len(w) == 5 and str(w).startswith("Kc 9s 9h 9d"))
    assert lad.witness("Four of a Kind, Nines", pool) is None
    wild = ladder_on(core, "pagat-wild")
    assert wild.witness("five Eights", P("8c 8d 8h 2s Kd")) is None
    assert wild.witness("four Eights", P("8c 8d 8h 2s Kd")) == P("8c 8d 8h 2s")
