"""The hand evaluator (issue 5): best hand of any pool, on both backends, checked
against brute force, the known category counts and eval7's order."""

from __future__ import annotations

import functools
import itertools
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerbull as pb
import reference_evaluator as ref
from conftest import BACKENDS
from pokerbull import evaluator
from pokerbull.cards import JOKER1_BIT, JOKER2_BIT, NATURAL_MASK, Pool
from pokerbull.evaluator import CATEGORIES, HandRank, rules_code

NATURAL_BITS = [16 * s + r for s in range(4) for r in range(13)]
CARD_MASKS = np.array([1 << b for b in NATURAL_BITS], dtype=np.uint64)
JOKERS = (1 << JOKER1_BIT, 1 << JOKER2_BIT)

OPTION_SETS = [
    {},
    {"suit_order": "shcd"},
    {"suit_order": "dchs"},
    {"royal_over_five": "natural"},
]
JOKER_OPTION_SETS = [
    {"jokers": True},
    {"jokers": True, "joker_order": "natural"},
    {"jokers": True, "joker_order": "wild"},
    {"jokers": True, "suit_order": "shcd"},
    {"jokers": True, "joker_order": "natural", "suit_order": "shdc"},
    {"jokers": True, "joker_order": "wild", "suit_order": "hcsd"},
    {"jokers": True, "royal_over_five": "natural"},
    {"jokers": True, "royal_over_five": "any", "joker_order": "natural"},
]


def random_pool(rng: random.Random, size: int, jokers: int = 0) -> int:
    mask = sum(1 << b for b in rng.sample(NATURAL_BITS, size - jokers))
    return mask | sum(JOKERS[:jokers])


def value_on(core, pool: str | int, **options) -> int:
    mask = Pool.parse(pool).mask if isinstance(pool, str) else pool
    return core.evaluate_mask(mask, rules_code(**options))


def rank_on(core, pool: str | int, **options) -> HandRank:
    return HandRank(value_on(core, pool, **options))


def brute(mask: int, options: dict) -> int:
    return _brute(mask, tuple(sorted((k, v) for k, v in options.items() if k != "jokers")))


@functools.lru_cache(maxsize=None)
def _brute(mask: int, options: tuple) -> int:
    return ref.value(mask, **dict(options))  # shared by both backends' runs


def all_five_card_masks() -> np.ndarray:
    """Every 5-card pool of the deck (2,598,960 masks), built a card at a time."""
    masks, last = np.zeros(1, np.uint64), np.full(1, -1)
    for _ in range(5):
        parts = [(masks[last < c] | CARD_MASKS[c], np.full(int((last < c).sum()), c))
                 for c in range(52)]
        masks = np.concatenate([p[0] for p in parts])
        last = np.concatenate([p[1] for p in parts])
    return masks


# ---- agreement with brute force ---------------------------------------------------

def test_random_pools_of_5_to_12_cards_agree_with_brute_force(core):
    rng = random.Random(5)
    for size in range(5, 13):
        for _ in range(6):
            mask = random_pool(rng, size)
            assert value_on(core, mask) == brute(mask, {}), Pool(mask)


def test_small_pools_agree_with_brute_force(core):
    rng = random.Random(1)
    for size in range(1, 5):
        for _ in range(15):
            mask = random_pool(rng, size)
            for options in OPTION_SETS:
                assert value_on(core, mask, **options) == brute(mask, options), (Pool(mask), options)


@pytest.mark.parametrize("options", OPTION_SETS[1:], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_options_without_jokers_agree_with_brute_force(core, options):
    rng = random.Random(2)
    for _ in range(25):
        mask = random_pool(rng, rng.randint(5, 10))
        assert value_on(core, mask, **options) == brute(mask, options), Pool(mask)


@pytest.mark.parametrize("options", JOKER_OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_joker_options_agree_with_brute_force(core, options):
    rng = random.Random(3)
    for size, jokers, count in ((1, 1, 2), (2, 2, 1), (3, 1, 4), (4, 2, 3), (5, 1, 6),
                                (6, 1, 6), (7, 1, 5), (5, 2, 3), (6, 2, 2)):
        for _ in range(count):
            mask = random_pool(rng, size, jokers)
            assert value_on(core, mask, **options) == brute(mask, options), Pool(mask)


def test_backends_agree_on_random_pools_of_any_size():
    if BACKENDS["cython"] is None:
        pytest.skip("compiled core not built")
    rng = random.Random(4)
    for options in [{}] + OPTION_SETS[1:] + JOKER_OPTION_SETS:
        jokers = 2 if options.get("jokers") else 0
        masks = np.array([random_pool(rng, rng.randint(max(1, jokers), 52), rng.randint(0, jokers))
                          for _ in range(150)], dtype=np.uint64)
        code = rules_code(**options)
        np.testing.assert_array_equal(BACKENDS["cython"].evaluate_masks(masks, code),
                                      BACKENDS["python"].evaluate_masks(masks, code))


def test_every_batch_path_agrees_with_the_scalar_loop():
    """AVX-512 and AVX2 (where this CPU runs them) give the scalar loop's values,
    at every batch length around the vector widths and the block size."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    rng = np.random.default_rng(10)
    for size in (1, 2, 4, 5, 6, 7, 8, 10, 13, 20, 52):
        for n in (3, 7, 8, 1023, 1025, 2500):
            deals = np.argsort(rng.random((n, 52)), axis=1)[:, :size]
            masks = np.bitwise_or.reduce(CARD_MASKS[deals], axis=1)
            for options in ({}, {"jokers": True, "joker_order": "natural"}):
                code = rules_code(**options)
                scalar = core.evaluate_masks(masks, code, simd=False)
                for path in core.simd_paths():
                    np.testing.assert_array_equal(core.evaluate_masks(masks, code, simd=path), scalar,
                                                  err_msg=f"{path}, {size} cards, {n} pools")


def test_a_batch_path_this_cpu_lacks_is_refused():
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    masks = np.array([0b11111], np.uint64)
    with pytest.raises(ValueError, match="unknown batch path 'neon'"):
        core.evaluate_masks(masks, 0, simd="neon")
    for path in set(core.PATHS) - set(core.simd_paths()):
        with pytest.raises(ValueError, match=f"cannot run the {path} path"):
            core.evaluate_masks(masks, 0, simd=path)


# ---- the known counts over all C(52, 5) hands ---------------------------------------

KNOWN_FIVE_CARD_COUNTS = {
    "high_card": 1_302_540, "pair": 1_098_240, "two_pair": 123_552, "trips": 54_912,
    "straight": 10_200, "flush": 5_108, "full_house": 3_744, "quads": 624,
    "straight_flush": 40, "five_kind": 0,
}


def test_category_counts_over_every_five_card_hand():
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("compiled core not built (the pure backend is checked on a sample)")
    values = core.evaluate_masks(all_five_card_masks(), 0)
    classes = np.bincount(values >> evaluator.CLASS_SHIFT, minlength=len(CATEGORIES))
    assert dict(zip(CATEGORIES, classes.tolist())) == KNOWN_FIVE_CARD_COUNTS
    assert len(np.unique(values)) == 7462          # the distinct five-card hand ranks


def test_category_sample_on_the_pure_backend():
    rng = np.random.default_rng(6)
    masks = all_five_card_masks()[rng.choice(2_598_960, 3000, replace=False)]
    values = BACKENDS["python"].evaluate_masks(masks, 0)
    assert values.tolist() == [brute(int(m), {}) for m in masks]


# ---- eval7 ------------------------------------------------------------------------

def test_orders_random_seven_card_hands_exactly_as_eval7():
    eval7 = pytest.importorskip("eval7")
    rng = np.random.default_rng(7)
    deals = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7]
    masks = np.bitwise_or.reduce(CARD_MASKS[deals], axis=1)
    ours = pb.evaluate_many(masks)
    names = [r + s for s in "cdhs" for r in "23456789TJQKA"]   # card index 13*suit + rank
    cards = [eval7.Card(n) for n in names]
    theirs = np.array([eval7.evaluate([cards[i] for i in deal]) for deal in deals.tolist()])
    # the same order: equal where eval7 is equal, and ranked the same way
    np.testing.assert_array_equal(np.unique(ours, return_inverse=True)[1],
                                  np.unique(theirs, return_inverse=True)[1])


# ---- named cases from the rules -------------------------------------------------

def test_the_wheel_is_the_lowest_straight(core):
    wheel = rank_on(core, "5c 4d 3h 2s Ac")
    assert (wheel.category, wheel.ranks, str(wheel)) == ("straight", (3,), "Straight, Ace to 5")
    assert wheel < rank_on(core, "6c 5d 4h 3s 2d") < rank_on(core, "Ac Kd Qh Js Tc")
    assert rank_on(core, "5h 4h 3h 2h Ah").ranks == (3,)
    assert wheel > rank_on(core, "Ac Ad Ah Ks Qc")


def test_best_hand_of_a_big_pool(core):
    full = rank_on(core, "As Ad Ac 5h 5s Kd 2c 9h")
    assert str(full) == "Full House, Aces over Fives"
    whole_deck = rank_on(core, NATURAL_MASK)
    assert str(whole_deck) == "Royal Flush"
    assert rank_on(core, "Ks Kh Kd Kc Qs Qh Qd").ranks == (11, 10)   # quads, Queen kicker


def test_pools_under_five_cards_make_the_best_hand_of_what_there_is(core):
    assert str(rank_on(core, "9c")) == "High Card, High 9"
    assert str(rank_on(core, "9c 9d 2h")) == "Pair of Nines (2)"
    assert str(rank_on(core, "9c 9d 2h 2s")) == "Two Pair, Nines and Twos"
    assert str(rank_on(core, "9c 9d 9h 9s")) == "Four of a Kind, Nines"
    assert rank_on(core, "Ac Kd Qh") < rank_on(core, "Ac Kd Qh 3s 2c")   # fewer kickers lose
    assert rank_on(core, "Ac Kd Qh") > rank_on(core, "Ac Kd Jh 3s 2c")
    assert rank_on(core, "Tc Jd Qh Ks").category == "high_card"       # no straight in four cards


def test_kickers_decide(core):
    assert rank_on(core, "Ac Ad Kh 7s 4c") > rank_on(core, "As Ah Qh Js Tc")
    assert rank_on(core, "Kc Kd 9h 9s 4c") == rank_on(core, "Kh Ks 9c 9d 4h")
    assert rank_on(core, "Kc Kd 9h 9s 4c 4d 8h").ranks == (11, 7, 6)   # third pair loses to the Eight


def test_seed_example_four_sixes_and_a_king_beat_three_sixes_a_king_and_a_joker(core):
    natural = rank_on(core, "6c 6d 6h 6s Kc", jokers=True, joker_order="natural")
    wild = rank_on(core, "6c 6d 6h X1 Kc", jokers=True, joker_order="natural")
    assert natural.ranks == wild.ranks == (4, 11)
    assert natural > wild
    # Variation 2: joker hands beat natural ones, two jokers beat one
    assert (rank_on(core, "6c 6d 6h 6s Kc", jokers=True, joker_order="wild")
            < rank_on(core, "6c 6d 6h X1 Kc", jokers=True, joker_order="wild")
            < rank_on(core, "6c 6d X1 X2 Kc", jokers=True, joker_order="wild"))
    # without a joker order they are the same hand
    assert (rank_on(core, "6c 6d 6h 6s Kc", jokers=True)
            == rank_on(core, "6c 6d 6h X1 Kc", jokers=True))


def test_five_of_a_kind_ranks_over_a_straight_flush(core):
    five = rank_on(core, "Qc Qd Qh Qs X1", jokers=True)
    assert (five.category, str(five)) == ("five_kind", "Five of a Kind, Queens")
    royal = rank_on(core, "As Ks Qs Js Ts", jokers=True)
    assert royal.is_royal and royal.category == "straight_flush" and royal < five
    assert rank_on(core, "2c 2d 2h X1 X2", jokers=True) > rank_on(core, "Ah Kh Qh Jh X1", jokers=True)


def test_royal_over_five_options(core):
    natural_royal, joker_royal, five = "As Ks Qs Js Ts", "As Ks Qs Js X1", "2c 2d 2h 2s X2"
    assert rank_on(core, natural_royal, jokers=True) < rank_on(core, five, jokers=True)
    opts = {"jokers": True, "royal_over_five": "natural"}
    assert rank_on(core, natural_royal, **opts) > rank_on(core, five, **opts)
    assert rank_on(core, joker_royal, **opts) < rank_on(core, five, **opts)
    assert rank_on(core, natural_royal, **opts).category == "straight_flush"
    opts = {"jokers": True, "royal_over_five": "any"}
    assert rank_on(core, joker_royal, **opts) > rank_on(core, five, **opts)
    # with the natural royal in the pool, the joker is left out of the hand
    assert rank_on(core, natural_royal + " X1", jokers=True, royal_over_five="natural") \
        == rank_on(core, natural_royal, jokers=True, royal_over_five="natural")


def test_a_joker_may_duplicate_a_card(core):
    flush = rank_on(core, "As Ks Qs 9s 7s X1 2d", jokers=True)
    assert (flush.category, flush.ranks) == ("flush", (12, 12, 11, 10, 7))
    assert str(rank_on(core, "X1", jokers=True)) == "High Card, High Ace"
    assert str(rank_on(core, "X1 X2", jokers=True)) == "Pair of Aces"
    assert str(rank_on(core, "Kd X1 X2", jokers=True)) == "Three of a Kind, Kings"


def test_poker_roulette_breaks_exact_ties_by_suit_in_hand_order(core):
    spades = {"suit_order": "shcd"}
    assert rank_on(core, "As Ad 9c 7c 4c", **spades) > rank_on(core, "Ah Ac 9s 7s 4s", **spades)
    # the first card settles it: the pair's better suit, before the kickers
    assert rank_on(core, "As Ad 9d 7d 4d", **spades) > rank_on(core, "Ah Ac 9s 7s 4s", **spades)
    flushes = ("Kc Jc 8c 6c 3c", "Kd Jd 8d 6d 3d")
    assert rank_on(core, flushes[0], **spades) > rank_on(core, flushes[1], **spades)
    assert rank_on(core, flushes[0], suit_order="shdc") < rank_on(core, flushes[1], suit_order="shdc")
    assert rank_on(core, flushes[0]) == rank_on(core, flushes[1])     # suits never rank by default
    # the suit order never beats a better hand, and picks the best suits of a big pool
    assert rank_on(core, "2c 2d 3h 4s 5c", **spades) > rank_on(core, "As Ks Qh Jh 9s", **spades)
    assert rank_on(core, "Ac Ad Ah As Kc Kd", **spades) == rank_on(core, "As Ah Ad Ac Kc", **spades)
    # a joker has no suit: it loses the tie to the natural card it stands for
    assert rank_on(core, "As Ad 9c 7c 4c", jokers=True, **spades) \
        > rank_on(core, "As X1 9c 7c 4c", jokers=True, **spades)


# ---- the public API -------------------------------------------------------------

def test_evaluate_takes_a_pool_a_mask_text_or_cards():
    pool = Pool.parse("Kh Kd 9s 9c 4d")
    expected = pb.evaluate(pool)
    assert pb.evaluate(pool.mask) == pb.evaluate(str(pool)) == pb.evaluate(list(pool)) == expected
    assert pb.evaluate(np.uint64(pool.mask)) == expected
    assert pb.evaluate(["Kh", "Kd", "9s", "9c", "4d"]) == expected


def test_evaluate_many_matches_evaluate():
    rng = random.Random(8)
    for options in ({}, {"suit_order": "shcd"}, {"jokers": True, "joker_order": "natural"}):
        jokers = 2 if options.get("jokers") else 0
        pools = [random_pool(rng, rng.randint(max(1, jokers), 9), rng.randint(0, jokers))
                 for _ in range(200)]
        values = pb.evaluate_many(np.array(pools, dtype=np.uint64), **options)
        assert values.dtype == np.int64
        assert values.tolist() == [pb.evaluate(p, **options).value for p in pools]
    assert pb.evaluate_many([]).shape == (0,)
    assert pb.evaluate_many([Pool.parse("As Ad").mask]).tolist() == [pb.evaluate("As Ad").value]


def test_hand_rank_is_ordered_hashable_and_readable():
    a, b = pb.evaluate("Kh Kd 9s 9c 4d"), pb.evaluate("Kc Ks 9h 9d 4c")
    c = pb.evaluate("Kh Kd 9s 9c 5d")
    assert a == b and hash(a) == hash(b) and len({a, b, c}) == 2
    assert a < c and c > a and a <= b and a >= b and a != c
    assert sorted([c, a]) == [a, c] and max(a, c) is c
    assert (a.category, a.ranks, str(a)) == ("two_pair", (11, 7, 2), "Two Pair, Kings and Nines (4)")
    assert "Two Pair, Kings and Nines" in repr(a)
    assert HandRank(a.value) == a and pickle.loads(pickle.dumps(a)) == a
    assert a != a.value
    with pytest.raises(TypeError):
        _ = a < a.value


@pytest.mark.parametrize("text, phrase", [
    ("Ac Kd 9h 7s 4c", "High Card, High Ace (King, 9, 7, 4)"),
    ("9c 9d Ah Ks 4c", "Pair of Nines (Ace, King, 4)"),
    ("Jc Jd Jh As 2c", "Three of a Kind, Jacks (Ace, 2)"),
    ("9c Td Jh Qs Kc", "Straight, 9 to King"),
    ("Ah Qh 9h 7h 4h", "Flush, High Ace (Queen, 9, 7, 4)"),
    ("Ac Ad Ah 5s 5c", "Full House, Aces over Fives"),
    ("Qc Qd Qh Qs Ac", "Four of a Kind, Queens (Ace)"),
    ("9d Td Jd Qd Kd", "Straight Flush, 9 to King"),
    ("Ad Kd Qd Jd Td", "Royal Flush"),
])
def test_hand_phrases(text, phrase):
    assert str(pb.evaluate(text)) == phrase


def test_every_category_in_words_and_codes():
    for text, category in [("Ac Kd 9h 7s 4c", "high_card"), ("Ac Ad 9h 7s 4c", "pair"),
                           ("Ac Ad 9h 9s 4c", "two_pair"), ("Ac Ad Ah 9s 4c", "trips"),
                           ("5c 6d 7h 8s 9c", "straight"), ("Ac 8c 9c 2c 4c", "flush"),
                           ("Ac Ad Ah 9s 9c", "full_house"), ("Ac Ad Ah As 4c", "quads"),
                           ("5c 6c 7c 8c 9c", "straight_flush")]:
        assert pb.evaluate(text).category == category




def test_the_pure_kernels_use_the_card_layout():
    from pokerbull import cards
    from pokerbull.core import _pure_evaluator
    assert (_pure_evaluator.LANE, _pure_evaluator.NATURAL_MASK, _pure_evaluator.JOKER_MASK,
            _pure_evaluator.DECK_MASK) == (cards.LANE, cards.NATURAL_MASK, cards.JOKER_MASK,
                                           cards.DECK_MASK)


# ---- bad input ----------------------------------------------------------------------

def test_bad_masks_raise_errors_naming_the_problem(core):
    with pytest.raises(ValueError, match="outside the deck"):
        core.evaluate_mask(1 << 14)
    with pytest.raises(ValueError, match="the joker X1, but jokers are off"):
        core.evaluate_mask(Pool.parse("As X1").mask)
    with pytest.raises(ValueError, match="empty"):
        core.evaluate_mask(0)
    with pytest.raises(ValueError, match="unsigned 64-bit"):
        core.evaluate_mask(-1)
    with pytest.raises(ValueError, match="must be an int"):
        core.evaluate_mask("As")
    with pytest.raises(ValueError, match="rules"):
        core.evaluate_mask(1, 1 << 20)
    with pytest.raises(ValueError, match="suit strengths"):
        core.evaluate_mask(1, 32)                     # suit order on, every suit equal
    masks = np.array([1, 2, 1 << 13, 4], dtype=np.uint64)
    with pytest.raises(ValueError, match="index 2 .* joker"):
        core.evaluate_masks(masks, 0)
    with pytest.raises(ValueError, match="index 1 is empty"):
        core.evaluate_masks(np.array([1, 0], dtype=np.uint64), 0)
    with pytest.raises(ValueError, match="index 0 .* outside the deck"):
        core.evaluate_masks(np.array([1 << 63], dtype=np.uint64), rules_code(jokers=True))


def test_a_joker_or_a_bad_pool_after_a_block_of_plain_pools(core):
    """The batch checks pools a block (1,024) at a time while it judges them: a
    joker or a bad pool in a later block still sends the whole batch the slow way."""
    rng = np.random.default_rng(5)
    cards = rng.choice(52, (2500, 7), replace=True)     # repeats only make smaller pools
    bits = (cards // 13) * 16 + cards % 13                 # suit lane, rank
    plain = np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits.astype(np.uint64)), axis=1)
    wild = plain.copy()
    wild[2100] |= np.uint64(1 << JOKER1_BIT)
    code = rules_code(jokers=True)
    expected = [core.evaluate_mask(int(m), code) for m in wild]
    for path in core.simd_paths():
        assert core.evaluate_masks(wild, code, simd=path).tolist() == expected
    # in a block's vector steps (1500) and past them (2499: the last block holds 452
    # pools, four past the last step of sixteen or eight, judged by the scalar loop)
    for at in (1500, 2499):
        for value, message in ((0, "is empty"), (1 << 15, "outside the deck"),
                               (1 << JOKER2_BIT, "joker")):
            bad = plain.copy()
            bad[at] = np.uint64(value)
            for path in core.simd_paths():  # the scalar path's table lists an empty pool
                with pytest.raises(ValueError, match=f"index {at} .*{message}"):
                    core.evaluate_masks(bad, 0, simd=path)


def test_bad_options_and_pools_raise_errors_for_people():
    with pytest.raises(ValueError, match="joker_order"):
        pb.evaluate("As", joker_order="jokers")
    with pytest.raises(ValueError, match="suit_order"):
        pb.evaluate("As", suit_order="sshc")
    with pytest.raises(ValueError, match="suit_order"):
        pb.evaluate("As", suit_order=["s", "h", "c", "d"])
    with pytest.raises(ValueError, match="royal_over_five"):
        pb.evaluate("As", jokers=True, royal_over_five="yes")
    with pytest.raises(ValueError, match="jokers must be True or False"):
        pb.evaluate("As", jokers="yes")
    with pytest.raises(ValueError, match="jokers are off"):
        pb.evaluate("As X2")
    with pytest.raises(ValueError, match="'Zz' is not a card"):
        pb.evaluate("As Zz")
    with pytest.raises(ValueError, match="a pool must be"):
        pb.evaluate(3.5)
    with pytest.raises(ValueError, match="1-d array of masks or a 2-d array of card indices"):
        pb.evaluate_many(np.zeros((2, 2, 2), dtype=np.uint64))
    with pytest.raises(ValueError, match="row 0 repeats card index 0"):
        pb.evaluate_many(np.zeros((2, 2), dtype=np.uint64))     # 2-d: rows of card indices
    with pytest.raises(ValueError, match="negative"):
        pb.evaluate_many(np.array([-1]))
    with pytest.raises(ValueError, match="integer array"):
        pb.evaluate_many(np.array([1.5]))
    with pytest.raises(ValueError, match="non-negative int"):
        HandRank(-3)


# ---- card-index input (issue 22) ------------------------------------------------------

def index_rows(rng: np.random.Generator, n: int, size: int) -> np.ndarray:
    """n rows of `size` distinct card indices (13 * suit + rank)."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size]


def masks_of(rows: np.ndarray) -> np.ndarray:
    bits = np.array([1 << (16 * (c // 13) + c % 13) for c in range(52)]
                    + [1 << JOKER1_BIT, 1 << JOKER2_BIT], dtype=np.uint64)
    return np.bitwise_or.reduce(bits[rows], axis=1)


def test_card_indices_give_the_mask_values_on_every_path_and_dtype():
    """Rows of card indices judge as their masks do: every path, every integer
    dtype, strided rows, batch lengths around the block size."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    rng = np.random.default_rng(22)
    dtypes = (np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64)
    for size in (1, 2, 4, 5, 6, 7, 8, 12, 52):
        for n in (1, 9, 1025):
            rows = index_rows(rng, n, size)
            masks = masks_of(rows)
            for options in ({}, {"suit_order": "shcd"}):
                code = rules_code(**options)
                for path in core.simd_paths():
                    want = core.evaluate_masks(masks, code, simd=path)
                    for dtype in dtypes if n == 1025 else (np.uint8, np.int64):
                        np.testing.assert_array_equal(
                            core.evaluate_indices(rows.astype(dtype), code, simd=path), want,
                            err_msg=f"{path}, {size} cards, {n} rows, {np.dtype(dtype)}")
                    # strided views, read as they are: reversed columns, every other row
                    np.testing.assert_array_equal(
                        core.evaluate_indices(rows.astype(np.uint8)[:, ::-1], code, simd=path), want)
                    np.testing.assert_array_equal(
                        core.evaluate_indices(np.repeat(rows, 2, axis=0)[::2], code, simd=path), want)


def test_edge_rows_of_card_indices_give_the_same_answer_on_every_path():
    """Rows the vector row readers must hand on or judge apart: a joker (jokers on and
    off), an index past the deck (54, 64, 255), a card twice, a suit of five, at each
    place of an eight- and a sixteen-row step and near the end of the batch; every
    path gives the mask values or the same error."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    rng = np.random.default_rng(23)
    for k in (2, 5, 7):
        for n in (11, 40):
            for at in sorted({a for a in (0, 3, 7, 8, 15, n - 4, n - 1) if a < n}):
                for bad in (52, 53, 54, 64, 255, "twice", "flush"):
                    rows = index_rows(rng, n, k).astype(np.uint8)
                    if bad == "twice":
                        rows[at, -1] = rows[at, 0]
                    elif bad == "flush":
                        rows[at] = [13 * 2 + r for r in range(k)]
                    else:
                        rows[at, 0] = bad
                    for code in (0, rules_code(jokers=True)):
                        answers = set()
                        for path in core.simd_paths():
                            try:
                                answers.add(tuple(core.evaluate_indices(rows, code, simd=path)))
                            except ValueError as exc:
                                answers.add(str(exc))
                        assert len(answers) == 1, (k, n, at, bad, code, answers)
                        if bad in (52, 53, "flush") and (code or bad == "flush"):
                            want = core.evaluate_masks(masks_of(rows), code, simd="scalar")
                            assert answers == {tuple(want)}, (k, n, at, bad)


def test_the_scalar_table_agrees_with_the_general_judge():
    """The scalar batch path judges pools of at most seven cards by a table built at
    import; every value matches evaluate_mask's (pools of one to nine cards)."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    rng = np.random.default_rng(7)
    for size in range(1, 10):
        masks = masks_of(index_rows(rng, 1500, size))
        want = [core.evaluate_mask(int(m)) for m in masks]
        np.testing.assert_array_equal(core.evaluate_masks(masks, 0, simd="scalar"), want,
                                      err_msg=f"{size} cards")


def test_the_scalar_table_is_built_at_import_and_judges_every_other_pool():
    """No silent fallback: the scalar path's table is built at import (else the import
    fails), holds every rank multiset of one to seven cards (counted here apart), and
    judges by itself every such pool without a suit of five; it hands on only those
    with a suit of five (and bigger pools). Fails if the table were missing or empty."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    multisets = sum(1 for n in range(1, 8)
                    for ranks in itertools.combinations_with_replacement(range(13), n)
                    if max(ranks.count(r) for r in set(ranks)) <= 4)
    assert core.evaluator_table()["pools"] == multisets == 76154
    rng = np.random.default_rng(22)
    masks = np.concatenate([masks_of(index_rows(rng, 300, size)) for size in range(1, 10)])
    values, listed = core.table_values(masks)
    suit_of_five = [max(bin((int(m) >> (16 * s)) & 0x1FFF).count("1") for s in range(4)) >= 5
                    for m in masks]
    over_seven = [bin(int(m)).count("1") > 7 for m in masks]
    assert listed == [i for i in range(len(masks)) if suit_of_five[i] or over_seven[i]]
    judged = [i for i in range(len(masks)) if i not in set(listed)]
    assert len(judged) > 1500
    assert values[judged].tolist() == [core.evaluate_mask(int(masks[i])) for i in judged]
    with pytest.raises(ValueError, match="not a plain pool"):
        core.table_values(np.array([1 << JOKER1_BIT], dtype=np.uint64))


def test_pools_the_table_lists_for_a_flush_judge_as_the_general_judge():
    """The table lists pools of five to seven cards with five or more of a suit and
    judges them by that suit alone (beside a flush, two more cards make no full house
    or quads): flushes, straight flushes (the wheel too) and flushes beside pairs and
    trips of the suit's ranks, from masks and from card indices, every path."""
    core = BACKENDS["cython"]
    if core is None:
        pytest.skip("no compiled core")
    rng = np.random.default_rng(11)
    rows = []
    for size in (5, 6, 7):
        for _ in range(300):
            suit = int(rng.integers(4))
            suited = int(rng.integers(5, size + 1))
            if rng.random() < 0.3:          # a run: a straight flush (top 3 is the wheel)
                top = int(rng.integers(3, 13))
                ranks = [(top - j) % 13 for j in range(5)]
                ranks += list(rng.choice([r for r in range(13) if r not in ranks], suited - 5,
                                         replace=False))
            else:
                ranks = list(rng.choice(13, suited, replace=False))
            row = [13 * suit + int(r) for r in ranks]
            pairing = [13 * s + int(r) for s in range(4) if s != suit for r in ranks]  # pairs, trips
            rest = [13 * s + r for s in range(4) if s != suit for r in range(13) if r not in ranks]
            rng.shuffle(pairing)
            rng.shuffle(rest)
            row += (pairing + rest if rng.random() < 0.7 else rest + pairing)[:size - suited]
            rows.append(row)
    for size in (5, 6, 7):
        block = np.array([r for r in rows if len(r) == size], dtype=np.uint8)
        masks = masks_of(block)
        want = [core.evaluate_mask(int(m)) for m in masks]
        assert {v >> 37 for v in want} == {5, 8}, "flushes and straight flushes both drawn"
        for path in core.simd_paths():
            np.testing.assert_array_equal(core.evaluate_masks(masks, 0, simd=path), want,
                                          err_msg=f"{path}, {size} cards")
            np.testing.assert_array_equal(core.evaluate_indices(block, 0, simd=path), want,
                                          err_msg=f"{path}, {size} cards, card indices")


@settings(max_examples=60, deadline=None)
@given(data=st.data(), size=st.integers(1, 10), n=st.integers(1, 12),
       jokers=st.integers(0, 2), options=st.sampled_from([{}, {"suit_order": "hsdc"},
                                                          {"royal_over_five": "any"}]))
def test_card_indices_agree_with_masks_on_both_backends(data, size, n, jokers, options):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    rows = index_rows(rng, n, size)
    if jokers:
        rows = np.concatenate([rows, np.tile([52, 53][:jokers], (n, 1))], axis=1)
        options = {**options, "jokers": True}
    code = rules_code(**options)
    masks = masks_of(rows)
    for name, core in BACKENDS.items():
        if core is None:
            continue
        paths = core.simd_paths() if name == "cython" else ("scalar",)
        for path in paths:
            np.testing.assert_array_equal(core.evaluate_indices(rows.astype(np.int16), code, simd=path),
                                          core.evaluate_masks(masks, code, simd=path))


def test_evaluate_many_takes_card_indices():
    rows = np.array([[evaluator.card_index(c) for c in "As Ad Ac 5h 5s Kd 2c".split()],
                     [evaluator.card_index(c) for c in "9h 8h 7h 6h 5h 4h Ac".split()]])
    values = pb.evaluate_many(rows)
    assert [str(HandRank(v)) for v in values] == ["Full House, Aces over Fives", "Straight Flush, 5 to 9"]
    np.testing.assert_array_equal(pb.evaluate_many(rows.tolist()), values)
    assert pb.evaluate_many(rows[:, :3].astype(np.uint8))[0] == pb.evaluate("As Ad Ac").value


@pytest.mark.parametrize("bad_row, message", [
    ([0, 1, 60], r"card index 60 in row 1030 \(column 2\) is out of range"),
    ([0, -1, 2], r"card index -1 in row 1030 \(column 1\) is out of range"),
    ([0, 5, 0], r"row 1030 repeats card index 0"),
    ([52, 1, 2], r"row 1030 holds the joker X1 \(card index 52\), but jokers are off"),
])
def test_a_bad_row_of_card_indices_is_named(core, bad_row, message):
    rows = np.array([[3, 4, 5]] * 1030 + [bad_row] + [[7, 8, 9]] * 5, dtype=np.int64)
    for dtype in (np.int64, np.int8) if -1 in bad_row else (np.int64, np.uint8):
        with pytest.raises(ValueError, match=message):
            core.evaluate_indices(rows.astype(dtype), 0)


def test_card_index_arrays_of_the_wrong_shape_or_type_are_refused(core):
    with pytest.raises(ValueError, match="integer array, not float64"):
        core.evaluate_indices(np.zeros((2, 5)), 0)
    with pytest.raises(ValueError, match="integer array, not bool"):
        core.evaluate_indices(np.zeros((2, 5), bool), 0)
    with pytest.raises(ValueError, match="2-d array"):
        core.evaluate_indices(np.zeros((2, 5, 1), np.uint8), 0)
    with pytest.raises(ValueError, match="1 to 54 cards, not 0"):
        core.evaluate_indices(np.zeros((2, 0), np.uint8), 0)
    with pytest.raises(ValueError, match="1 to 54 cards, not 55"):
        core.evaluate_indices(np.zeros((2, 55), np.uint8), 0)
    with pytest.raises(ValueError, match="NumPy array, not list"):
        core.evaluate_indices([[1, 2]], 0)
    assert core.evaluate_indices(np.zeros((0, 5), np.uint8), 0).shape == (0,)


def test_the_compiled_evaluate_and_hand_rank_match_the_general_path():
    """pb.evaluate's compiled fast path (a Pool or an int mask, default options) gives
    what the general path gives, as a HandRank the garbage collector does not track,
    with the Python twin's words, order, hash and pickling."""
    core = BACKENDS["cython"]
    if core is None or pb.backend() != "cython":
        pytest.skip("the compiled core is not the backend")
    import gc
    assert pb.HandRank is core.HandRank and not gc.is_tracked(pb.evaluate("As Kd"))
    rng = random.Random(22)
    twins = []
    for size in (1, 3, 5, 6, 7, 9, 20):
        for _ in range(40):
            mask = random_pool(rng, size)
            value = core.evaluate_mask(mask)
            for pool in (Pool(mask), mask, str(Pool(mask))):
                assert pb.evaluate(pool).value == value
            assert pb.evaluate(mask, royal_over_five="no", jokers=False).value == value
            twins.append((pb.evaluate(mask), evaluator._PythonHandRank(value)))
    for fast, python in twins:
        assert (str(fast), repr(fast), fast.category, fast.ranks, fast.is_royal, hash(fast)) == \
               (str(python), repr(python), python.category, python.ranks, python.is_royal, hash(python))
        assert pickle.loads(pickle.dumps(fast)) == fast
    ordered = sorted(twins, key=lambda pair: pair[0])
    assert [p.value for _, p in ordered] == sorted(p.value for _, p in twins)
    joker_pair = pb.evaluate("X1 As", jokers=True)
    assert (joker_pair.category, joker_pair.ranks) == ("pair", (12,))
    for bad in (-1, 1 << 64, 1 << 13, 0):
        with pytest.raises(ValueError):
            pb.evaluate(bad)
    with pytest.raises(ValueError, match="non-negative int"):
        pb.HandRank(1 << 63)
