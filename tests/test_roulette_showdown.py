"""The multiset hand evaluator (Poker roulette's showdown, RULES.md 5) against brute force.

The reference below knows nothing of the evaluator's closed forms: it tries every
choice of at most five cards of the stockpile and every card each joker in it
could stand for, scores each concrete hand by the plain rules, and keeps the best.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.evaluator import (CARD_INDICES, card_index, evaluate_cards, evaluate_counts,
                                 multiset_value)
from pokerbull.cards import RANKS, SUITS

(HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, FIVE) = range(10)
ORDERS = ["shdc", "cdhs", "hsdc"]


def strengths_of(order):
    return tuple(3 - order.index(s) for s in SUITS)


def concrete_value(cards, strength):
    """Score one concrete hand of 1..5 natural cards (rank, suit), duplicates allowed."""
    k = len(cards)
    counts = {}
    for r, _ in cards:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = [c for _, c in groups]
    ranks = sorted({r for r, _ in cards}, reverse=True)
    flush = k == 5 and len({s for _, s in cards}) == 1
    straight_top = None
    if k == 5 and len(ranks) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3

    def by_rank_then_suit(cs):
        return sorted(cs, key=lambda c: (-c[0], -strength[c[1]]))

    if straight_top is not None:
        order = list(range(straight_top, straight_top - 5, -1)) if straight_top > 3 else [3, 2, 1, 0, 12]
        hand = [next(c for c in cards if c[0] == r) for r in order]
        cls, roles = (SF if flush else STRAIGHT), [straight_top]
    elif flush and shape[0] < 3 or flush and shape == [3, 1, 1]:
        # a flush; with two decks a flush can also be a full house (or better): that wins
        hand, cls = by_rank_then_suit(cards), FLUSH
        roles = [r for r, _ in hand]
    else:
        hand = []
        for r, _ in groups:
            hand += sorted((c for c in cards if c[0] == r), key=lambda c: -strength[c[1]])
        cls = {(5,): FIVE, (4,): QUADS, (4, 1): QUADS, (3, 2): FULL, (3,): TRIPS,
               (3, 1): TRIPS, (3, 1, 1): TRIPS, (2, 2): TWO_PAIR, (2, 2, 1): TWO_PAIR,
               }.get(tuple(shape))
        if cls is None:
            cls = PAIR if shape[0] == 2 else HIGH
        if cls in (FIVE,):
            roles = [groups[0][0]]
        elif cls == FULL:
            roles = [groups[0][0], groups[1][0]]
        else:
            roles = [r for r, _ in groups]
    nib = 0
    for i, r in enumerate(roles):
        nib |= (r + 1) << (4 * (4 - i))
    suits = 0
    for i, (_, s) in enumerate(hand):
        suits |= (strength[s] + 1) << (3 * (4 - i))
    return cls << 37 | nib << 17 | suits


ALL_NATURALS = [(r, s) for s in range(4) for r in range(13)]


def brute_force(cards, order):
    """Best value over every hand of min(5, N) cards and every joker reading."""
    strength = strengths_of(order)
    size = min(5, len(cards))
    best = 0
    for chosen in set(itertools.combinations(sorted(cards, key=str), size)):
        naturals = [c for c in chosen if c != "X"]
        jokers = size - len(naturals)
        for fill in itertools.product(ALL_NATURALS, repeat=jokers):
            best = max(best, concrete_value(naturals + list(fill), strength))
    return best


def as_cards(values):
    return [c if c == "X" else (c[0], c[1]) for c in values]


def to_text(cards):
    out, x = [], 0
    for c in cards:
        if c == "X":
            x += 1
            out.append(f"X{(x - 1) % 2 + 1}")
        else:
            out.append(RANKS[c[0]] + SUITS[c[1]])
    return " ".join(out)


def random_stockpile(rng, size, jokers, decks=2):
    naturals = [rng.choice(ALL_NATURALS) for _ in range(size - jokers)]
    if decks == 2 and size - jokers >= 2 and rng.random() < 0.5:
        naturals[-1] = naturals[0]                     # the same card twice (two decks)
    if naturals and rng.random() < 0.4:
        rank = naturals[0][0]                          # crowd one rank to reach big hands
        naturals = [(rank, s) if k % 2 else c for k, (c, s) in
                    enumerate(zip(naturals, rng.choices(range(4), k=len(naturals))))]
    if rng.random() < 0.3 and size - jokers >= 3:
        suit = rng.randrange(4)                        # crowd one suit for flushes
        naturals = [(r, suit) if k < 4 else (r, s) for k, (r, s) in enumerate(naturals)]
    return naturals + ["X"] * jokers


@pytest.mark.parametrize("jokers, cases", [(0, 1500), (1, 400), (2, 50)])
def test_best_hand_equals_brute_force_over_subsets_with_jokers_and_duplicates(jokers, cases):
    rng = random.Random(1000 + jokers)
    for k in range(cases):
        size = rng.randint(max(1, jokers), 8 if jokers < 2 else 6)
        cards = random_stockpile(rng, size, jokers)
        order = ORDERS[k % len(ORDERS)]
        got = evaluate_cards(to_text(cards), suit_order=order, jokers=True).value
        want = brute_force(cards, order)
        assert got == want, (to_text(cards), order, pb.HandRank(got), pb.HandRank(want))


def test_ranks_only_without_a_suit_order_equal_brute_force_ranks():
    rng = random.Random(5)
    for _ in range(150):
        cards = random_stockpile(rng, rng.randint(1, 7), rng.choice([0, 0, 1]))
        got = evaluate_cards(to_text(cards), jokers=True).value
        assert got == brute_force(cards, "shdc") >> 15 << 15


@pytest.mark.parametrize("text, words", [
    ("Ks Ks Kh Kd X1", "Five of a Kind, Kings"),
    ("As As Ah Ad Ac 2c", "Five of a Kind, Aces"),
    ("X1 X2", "Pair of Aces"),
    ("X1", "High Card, High Ace"),
    ("Kh Qh Jh Th X1", "Royal Flush"),
    ("Qh Jh Th 9h X1", "Straight Flush, 9 to King"),
    ("5d 4d 3d 2d Ad", "Straight Flush, Ace to 5"),
    ("9c 9c 9d 9h", "Four of a Kind, Nines"),
    ("7c 7d 7h", "Three of a Kind, Sevens"),
    ("7c 7d 2h 2s", "Two Pair, Sevens and Twos"),
    ("As As Ks Qs 9s", "Flush, High Ace (Ace, King, Queen, 9)"),
])
def test_named_hands(text, words):
    assert str(evaluate_cards(text, suit_order="shdc", jokers=True)) == words


def test_fewer_cards_is_lower_within_a_category():
    # a hand that runs out of cards first is lower (RULES.md 5)
    assert evaluate_cards("Ah Kd Qc", jokers=True) < evaluate_cards("Ah Kd Qc 3s 2d", jokers=True)
    assert evaluate_cards("Ah Kd Qc", jokers=True) > evaluate_cards("Ah Kd Jc 3s 2d", jokers=True)
    assert evaluate_cards("9h 9d", jokers=True) < evaluate_cards("9h 9d 2c", jokers=True)


def test_four_cards_make_quads_but_never_a_straight_or_flush():
    assert evaluate_cards("Ah Kh Qh Jh", jokers=True).category == "high_card"
    assert evaluate_cards("9c 9d 9h 9s", jokers=True).category == "quads"


def test_joker_takes_the_strongest_suit_its_place_allows():
    # a joker standing for an Ace is the Ace of the strongest suit
    order = "shdc"
    assert evaluate_cards("X1 Kd Qc Jh Th", suit_order=order, jokers=True) \
        == evaluate_cards("As Kd Qc Jh Th", suit_order=order, jokers=True)
    assert evaluate_cards("X1 Kd Qc Jh Th", suit_order="cdhs", jokers=True) \
        == evaluate_cards("Ac Kd Qc Jh Th", suit_order="cdhs", jokers=True)
    # in a flush it must keep the flush suit
    assert evaluate_cards("X1 9d 7d 5d 3d", suit_order=order, jokers=True) \
        == evaluate_cards("Ad 9d 7d 5d 3d", suit_order=order, jokers=True)


def test_one_deck_naturals_agree_with_the_mask_evaluator():
    rng = np.random.default_rng(3)
    for k in range(500):
        size = int(rng.integers(1, 9))
        bits = rng.choice(52, size, replace=False)
        mask = 0
        text = []
        for b in bits:
            s, r = divmod(int(b), 13)
            mask |= 1 << (16 * s + r)
            text.append(RANKS[r] + SUITS[s])
        order = ORDERS[k % 3]
        assert evaluate_cards(" ".join(text), suit_order=order, jokers=True) \
            == pb.evaluate(mask, suit_order=order)
        assert evaluate_cards(" ".join(text), jokers=True) == pb.evaluate(mask)


def test_one_deck_jokers_agree_with_the_mask_evaluator_on_category_and_ranks():
    rng = np.random.default_rng(4)
    for _ in range(300):
        size = int(rng.integers(0, 6))
        bits = rng.choice(52, size, replace=False)
        jokers = ["X1", "X2"][: int(rng.integers(1, 3))]
        text = [RANKS[int(b) % 13] + SUITS[int(b) // 13] for b in bits] + jokers
        assert evaluate_cards(" ".join(text), jokers=True) == pb.evaluate(" ".join(text), jokers=True)


def test_counts_form_and_errors():
    counts = [0] * CARD_INDICES
    counts[card_index("As")] = 2
    counts[card_index("X1")] = 1
    assert str(evaluate_counts(counts, jokers=True)) == "Three of a Kind, Aces"
    with pytest.raises(ValueError, match="54 entries"):
        evaluate_counts([1] * 10, jokers=True)
    with pytest.raises(ValueError, match="empty"):
        evaluate_counts([0] * 54, jokers=True)
    with pytest.raises(ValueError, match="count 3"):
        evaluate_counts([0, 0, 0, -1] + [1] * 50, jokers=True)
    with pytest.raises(ValueError, match="not a card"):
        evaluate_cards("As Zz", jokers=True)
    with pytest.raises(ValueError, match="suit_order"):
        evaluate_cards("As", suit_order="ss", jokers=True)


def test_compiled_kernel_agrees_with_the_pure_reference():
    engine = pytest.importorskip("pokerbull.roulette._engine")
    rng = random.Random(9)
    for k in range(3000):
        size = rng.randint(1, 14)
        cards = random_stockpile(rng, size, min(size, rng.choice([0, 0, 0, 1, 2, 3, 4])))
        counts = [0] * CARD_INDICES
        x = 0
        for c in cards:
            if c == "X":
                counts[52 + x % 2] += 1
                x += 1
            else:
                counts[13 * c[1] + c[0]] += 1
        st = strengths_of(ORDERS[k % 3]) if k % 4 else None
        assert engine.multiset_value(counts, st) == multiset_value(counts, st), to_text(cards)


def test_straights_and_straight_flushes_equal_brute_force():
    rng = random.Random(77)
    for k in range(400):
        top = rng.randint(3, 12)
        window = list(range(top, top - 5, -1)) if top > 3 else [3, 2, 1, 0, 12]
        jokers = 2 if k < 12 else rng.choice([0, 0, 1])
        taken = rng.sample(window, 5 - jokers)
        flush_suit = rng.randrange(4) if rng.random() < 0.5 else None
        cards = [(r, flush_suit if flush_suit is not None and rng.random() < 0.9
                  else rng.randrange(4)) for r in taken]
        cards += [rng.choice(ALL_NATURALS) for _ in range(rng.randint(0, 1 if jokers == 2 else 3))]
        cards += ["X"] * jokers
        order = ORDERS[k % 3]
        assert evaluate_cards(to_text(cards), suit_order=order, jokers=True).value == brute_force(cards, order), \
            to_text(cards)
