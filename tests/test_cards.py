"""Cards, pools and the public bit layout (RULES.md section 1)."""

import pytest

import pokerbull as pb
from pokerbull.cards import DECK, DECK_MASK, JOKER_MASK, Card


def test_bit_layout_is_sixteen_times_suit_plus_rank():
    assert pb.Pool.parse("2c").mask == 1 << 0
    assert pb.Pool.parse("Ac").mask == 1 << 12
    assert pb.Pool.parse("2d").mask == 1 << 16
    assert pb.Pool.parse("As").mask == 1 << 60
    assert pb.Pool.parse("X1").mask == 1 << 13
    assert pb.Pool.parse("X2").mask == 1 << 29


def test_deck_has_52_cards_and_two_jokers():
    assert len(DECK) == 54
    assert pb.Pool(DECK_MASK).jokers == 2
    assert len(pb.Pool(DECK_MASK & ~JOKER_MASK)) == 52


@pytest.mark.parametrize("text", ["Th", "10h", "th", "10H", "T♥", "t♡"])
def test_card_spellings(text):
    assert Card.parse(text) == Card.parse("Th")


@pytest.mark.parametrize("text,message", [
    ("Xs", "rank 'X' unknown"),
    ("1h", "rank '1' unknown"),
    ("Az", "suit 'z' unknown"),
    ("A", "expected a rank and a suit"),
    ("", "expected a rank and a suit"),
])
def test_bad_cards_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        Card.parse(text)


def test_pool_parse_rejects_duplicates_and_bad_tokens():
    with pytest.raises(ValueError, match="appears twice"):
        pb.Pool.parse("As Kd as")
    with pytest.raises(ValueError, match="'Qx' is not a card"):
        pb.Pool.parse("As Qx")


@pytest.mark.parametrize("mask", [1 << 14, 1 << 15, 1 << 31, 1 << 63, -1, 1 << 64])
def test_pool_rejects_masks_outside_the_deck(mask):
    with pytest.raises(ValueError, match="mask"):
        pb.Pool(mask)


def test_pool_protocol():
    p = pb.Pool.parse("As Kd 9c 9h")
    q = pb.Pool.parse("2c, 9c")
    assert len(p) == 4
    assert str(p) == "As Kd 9h 9c"
    assert "As" in p and "2c" not in p and Card.parse("9h") in p
    assert (p | q).mask == p.mask | q.mask
    assert [str(c) for c in p] == ["As", "Kd", "9h", "9c"]
    assert pb.Pool(p.mask) == p and hash(pb.Pool(p.mask)) == hash(p)
    assert eval(repr(p), {"Pool": pb.Pool}) == p


def test_pool_of_cards():
    assert pb.Pool.of(["As", Card.parse("Kd")]) == pb.Pool.parse("As Kd")
    with pytest.raises(ValueError, match="appears twice"):
        pb.Pool.of(["As", "as"])
