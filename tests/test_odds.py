"""Odds of calls (issue 4): exact counts against brute force and closed forms,
Monte Carlo against exact enumeration, and readable errors."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

import pokerbull as pb
from pokerbull.cards import NATURAL_MASK, Pool, iter_bits, rank_column
from pokerbull.calls.families import pagat
from pokerbull.calls.ladder import Ladder
from pokerbull.calls.spec import AT_LEAST, CallSpec, FamilyDefinition

from reference import call_key, holdem_hands, pagat_holds

AT_LEAST_FAMILIES = ("pagat", "pagat-wild")


def deck_without(unseen_text: str, drop: int = 0, seed: int = 0) -> int:
    """A known pool: the whole deck less the given cards and `drop` random others."""
    out = Pool.parse(unseen_text).mask if unseen_text else 0
    rng = np.random.default_rng(seed)
    rest = [b for b in iter_bits(NATURAL_MASK & ~out)]
    for b in rng.choice(rest, size=drop, replace=False):
        out |= 1 << int(b)
    return NATURAL_MASK & ~out


def brute_force(lad, known: int, unseen: int) -> list[Fraction]:
    """Probability of every call by checking the pool of every possible draw."""
    cards = list(iter_bits(lad.allowed_mask & ~known))
    holding = np.zeros(len(lad), dtype=np.int64)
    draws = 0
    for pick in combinations(cards, unseen):
        holding += lad.truth(known | sum(1 << b for b in pick))
        draws += 1
    return [Fraction(int(h), draws) for h in holding]


# ---- exact counting against brute force ------------------------------------

@pytest.mark.parametrize("family", AT_LEAST_FAMILIES)
@pytest.mark.parametrize("unseen_cards, drop, unseen", [
    ("", 7, 1),                        # 45 known, one more card
    ("", 7, 3),
    ("", 10, 2),                       # 42 known
    ("2c 2d 2h 2s", 6, 3),             # every deuce still unseen
    ("2c 2h As Ah 3s 4s 5s", 3, 4),    # a wheel and a pair of Aces in reach
    ("Ts Js Qs Ks 9s 8s 2s", 3, 5),    # a straight flush and spade flushes in reach
])
def test_every_call_matches_brute_force(family, unseen_cards, drop, unseen):
    lad = pb.ladder(family)
    known = deck_without(unseen_cards, drop, seed=drop + unseen)
    o = pb.odds(family, known, unseen=unseen)
    assert o.exact and o.draws == comb(52 - known.bit_count(), unseen)
    assert [o.fraction(c) for c in lad] == brute_force(lad, known, unseen)


@pytest.mark.parametrize("family", AT_LEAST_FAMILIES)
def test_matches_the_rules_reference(family):
    """Same check against tests/reference.py, which shares no code with the kernels."""
    lad = pb.ladder(family)
    known = deck_without("2c 2d Ah As 5h 4h 3h", 1, seed=3)
    unseen = 3
    cards = list(iter_bits(NATURAL_MASK & ~known))
    draws = [known | sum(1 << b for b in pick) for pick in combinations(cards, unseen)]
    o = pb.odds(family, known, unseen=unseen)
    for call in lad:
        hits = sum(pagat_holds(call, m, wild=family == "pagat-wild") for m in draws)
        assert o.fraction(call) == Fraction(hits, len(draws)), call.code


@pytest.mark.parametrize("family", AT_LEAST_FAMILIES)
def test_nothing_unseen_is_the_truth_of_the_known_pool(family):
    lad = pb.ladder(family)
    known = Pool.parse("As Ad Ac 2h Kd Ks 7c 6c 5c 4c")
    o = pb.odds(family, known, unseen=0)
    assert o.draws == 1
    assert (o.probability == lad.truth(known)).all()


@pytest.mark.parametrize("family", AT_LEAST_FAMILIES)
def test_more_cards_never_hurt_an_at_least_call(family):
    known = Pool.parse("Kd 9c 2s")
    chances = [pb.odds(family, known, unseen=n).probability for n in (0, 4, 9, 15, 30, 49)]
    for fewer, more in zip(chances, chances[1:]):
        assert (fewer <= more).all()
    assert (chances[-1] == 1).all()  # the whole deck makes every call


# ---- closed forms ------------------------------------------------------------

def at_least(k: int, of: int, deck: int, drawn: int) -> Fraction:
    """Hypergeometric: at least k of `of` special cards among `drawn` of `deck`."""
    return Fraction(sum(comb(of, j) * comb(deck - of, drawn - j) for j in range(k, min(of, drawn) + 1)),
                    comb(deck, drawn))


def test_a_pair_of_aces_in_ten_cards():
    o = pb.odds("pagat", unseen=10)
    none = Fraction(comb(48, 10), comb(52, 10))
    one = Fraction(4 * comb(48, 9), comb(52, 10))
    assert o.fraction("two Aces") == 1 - none - one
    assert o.fraction("pair:2") == o.fraction("two Aces")  # all ranks alike
    assert o.fraction("one Ace") == 1 - none


@pytest.mark.parametrize("n", [1, 5, 8, 14, 26, 40])
def test_rank_counts_are_hypergeometric(n):
    o = pb.odds("pagat", unseen=n)
    for k, category in enumerate(("one_card", "pair", "trips", "quads"), 1):
        assert o.fraction(f"{category}:9") == at_least(k, 4, 52, n)


@pytest.mark.parametrize("n", [5, 6, 14, 52])
def test_a_straight_flush_needs_its_five_cards(n):
    o = pb.odds("pagat", unseen=n)
    expected = Fraction(comb(47, n - 5), comb(52, n))
    assert o.fraction("straight flush to the King of clubs") == expected
    assert o.fraction("straight_flush:5:h") == expected  # the wheel: A 2 3 4 5


def test_known_cards_count():
    o = pb.odds("pagat", "As Kd", unseen=8)
    assert o["one Ace"] == 1.0
    assert o.fraction("two Aces") == at_least(1, 3, 50, 8)
    assert o.fraction("four Kings") == at_least(3, 3, 50, 8)
    # two more of the 3 unseen Aces and one more of the 3 unseen Kings
    assert o.fraction("Aces full of Kings") == Fraction(
        sum(comb(3, a) * comb(3, k) * comb(44, 8 - a - k)
            for a in range(2, 4) for k in range(1, 4)), comb(50, 8))


def naturals_and_deuces(naturals: int, need: int, n: int) -> Fraction:
    """At least `need` cards among `naturals` named cards and the 4 deuces, in n of 52."""
    return at_least(need, naturals + 4, 52, n)


@pytest.mark.parametrize("n", [1, 7, 12, 30])
def test_deuces_are_wild(n):
    o = pb.odds("pagat-wild", unseen=n)
    assert o.fraction("one Three") == naturals_and_deuces(4, 1, n)  # a Three or a deuce
    assert o.fraction("one Two") == at_least(1, 4, 52, n)
    assert o.fraction("five Aces") == naturals_and_deuces(4, 5, n)
    assert o.fraction("eight Kings") == naturals_and_deuces(4, 8, n)
    assert o.fraction("straight flush to the King of clubs") == naturals_and_deuces(5, 5, n)
    # the wheel of hearts: Ah 3h 4h 5h, and a deuce for the Two (2h is one of them)
    assert o.fraction("straight_flush:5:h") == naturals_and_deuces(4, 5, n)


def test_deuces_in_the_known_pool_stand_in():
    o = pb.odds("pagat-wild", "2c 2d As Ad", unseen=0)
    assert o["four Aces"] == 1.0 and o["five Aces"] == 0.0
    o = pb.odds("pagat-wild", "2c 2d As Ad", unseen=1)
    assert o.fraction("five Aces") == Fraction(2 + 2, 48)    # an Ace or a deuce
    assert o.fraction("six Aces") == 0
    # three Kings: a King and the two deuces, or three deuces standing for all three
    assert o.fraction("three Kings") == Fraction(4 + 2, 48)


# ---- holdem: exact hands -----------------------------------------------------

@pytest.mark.parametrize("known_text, unseen", [
    ("As Kd", 1),          # three-card pools: the pool is the hand
    ("As Kd 7c 7h", 1),    # five-card pools
    ("As Kd Qd 7c 7h", 1),  # six-card pools: the best of several hands does not matter
    ("Qd 7c 7h", 2),
])
def test_holdem_enumeration_matches_the_rules_reference(known_text, unseen):
    lad = pb.ladder("holdem")
    known = Pool.parse(known_text).mask
    o = pb.odds("holdem", known, unseen=unseen)
    assert o.exact and o.samples == 0
    cards = list(iter_bits(NATURAL_MASK & ~known))
    hands = [holdem_hands(known | sum(1 << b for b in pick))
             for pick in combinations(cards, unseen)]
    for call in lad:
        hits = sum(call_key(call) in h for h in hands)
        assert o.fraction(call) == Fraction(hits, len(hands)), call.code


def test_holdem_monte_carlo_is_within_its_standard_errors():
    exact = pb.odds("holdem", "As Kd 7c", unseen=3)
    assert exact.exact and exact.draws == comb(49, 3)
    sampled = pb.odds("holdem", "As Kd 7c", unseen=3, exact_limit=1000, samples=10_000, seed=4)
    assert not sampled.exact and sampled.samples == 10_000
    spread = np.sqrt(exact.probability * (1 - exact.probability) / sampled.samples)
    assert (np.abs(sampled.probability - exact.probability) <= 5 * spread + 1e-12).all()
    # the reported error is the binomial one, from the estimate itself, except for
    # calls never (or always) seen: those get the rule of three's bound, never 0
    est = sampled.probability[~sampled.exact_calls]
    err = sampled.standard_error[~sampled.exact_calls]
    inside = (est > 0) & (est < 1)
    assert np.allclose(err[inside], np.sqrt(est[inside] * (1 - est[inside]) / 10_000))
    assert (~inside).any() and np.allclose(err[~inside], 3 / 10_000)
    # and the exact answer lies within that bound
    never = ~sampled.exact_calls & (sampled.probability == 0)
    assert (exact.probability[never] <= 3 / 10_000).all()
    assert "sampled" in sampled.table()


def test_holdem_straight_flushes_are_counted_exactly_even_when_sampling():
    o = pb.odds("holdem", unseen=10, samples=2000, seed=1)
    assert not o.exact
    royal = o.ladder.parse("Royal Flush, Spades")
    assert o.exact_calls[royal.index] and o.error(royal) == 0.0
    assert o.fraction(royal) == Fraction(comb(47, 5), comb(52, 10))
    with pytest.raises(ValueError, match="estimated from 2000 random draws"):
        o.fraction("Pair of Aces")


def test_seeds_reproduce_the_estimate():
    first = pb.odds("holdem", unseen=8, samples=3000, seed=11)
    again = pb.odds("holdem", unseen=8, samples=3000, seed=11)
    other = pb.odds("holdem", unseen=8, samples=3000, seed=12)
    from_generator = pb.odds("holdem", unseen=8, samples=3000,
                             seed=np.random.default_rng(11))
    assert np.array_equal(first.probability, again.probability)
    assert np.array_equal(first.probability, from_generator.probability)
    assert not np.array_equal(first.probability, other.probability)


# ---- the result object ---------------------------------------------------------

def test_odds_are_read_by_call_phrase_code_or_index():
    o = pb.odds("pagat", "As", unseen=4)
    call = o.ladder.parse("two Aces")
    assert o[call] == o["two Aces"] == o["pair:A"] == o[call.index] == o.probability[call.index]
    assert o.error("two Aces") == 0.0
    assert o.pool_size == 5 and o.exact
    assert dict(o.items())[call] == o[call]
    assert "two Aces" in o.table(["two Aces"]) and "pair:A" in str(o)
    with pytest.raises(ValueError, match="not a call of the pagat ladder"):
        o["five Aces"]


def test_only_the_calls_asked_for():
    o = pb.odds("holdem", unseen=9, calls=["Pair of Tens", "royal_flush::s"], seed=1,
                samples=500)
    assert int(o.computed.sum()) == 2
    assert 0 < o["Pair of Tens"] < 1
    with pytest.raises(ValueError, match="were not asked for"):
        o["Pair of Nines"]


def test_one_call_may_be_a_numpy_index_here_as_everywhere():
    # np.int64(3) was iterated ("'numpy.int64' object is not iterable"), and Odds.table
    # read one call's phrase letter by letter ("unknown call 'o'")
    o = pb.odds("pagat", "As", unseen=3, calls=np.int64(3), samples=200, seed=1)
    assert o.computed.tolist() == [i == 3 for i in range(len(o.ladder))]
    assert [line.split()[:2] for line in o.table(np.int64(3)).splitlines()[1:]] == \
        [["one", "Five"]]
    o = pb.odds("pagat", "As", unseen=3, calls=[3, "one Ace"], samples=200, seed=1)
    assert [line.split()[:2] for line in o.table("one Ace").splitlines()[1:]] == [["one", "Ace"]]


# ---- bad input ------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    (dict(family="poker"), "unknown call family 'poker'"),
    (dict(family=3), "family must be a family name or a Ladder"),
    (dict(known="As As"), "card As appears twice"),
    (dict(known="As Zd"), "rank 'Z' unknown"),
    (dict(known="As X1"), "known cards X1 are not in the deck of the pagat family"),
    (dict(known=1 << 14), "bits outside the deck"),
    (dict(known=b"As"), "known cards must be a Pool, card text, a list of cards or a mask"),
    (dict(known=["As", 5]), "a card must be given as text, not int"),
    (dict(known=["As", "As"]), "card As appears twice"),
    (dict(unseen=-1), "unseen must be between 0 and 52"),
    (dict(known="As Kd", unseen=51), "unseen must be between 0 and 50 .* not 51"),
    (dict(unseen=2.5), "unseen must be a whole number"),
    (dict(calls=["six Aces"]), "not a call of the pagat ladder"),
    (dict(calls=1.5), "calls must be a call or a list of calls, not 1.5"),   # was TypeError
    (dict(samples=0), "samples must be a whole number >= 1"),
    (dict(exact_limit=-1), "exact_limit must be a whole number >= 0"),
    (dict(seed="lucky"), "seed must be an int or a numpy Generator"),
])
def test_bad_input_is_named(kwargs, message):
    args = {"family": "pagat", "unseen": 3, **kwargs}
    with pytest.raises(ValueError, match=message):
        pb.odds(args.pop("family"), args.pop("known", None), **args)


def test_a_family_with_overlapping_groups_is_refused():
    """Exact counting needs each call's groups disjoint; a new family must not break it."""
    good = pagat()
    overlapping = CallSpec("pair_and_card", (12,), None, "two Aces and the Ace of spades",
                           (99, 12), AT_LEAST, ((rank_column(12), 2), (Pool.parse("As").mask, 1)))
    lad = Ladder(FamilyDefinition("overlap", (*good.specs, overlapping)))
    with pytest.raises(ValueError, match="card groups overlap"):
        pb.odds(lad, unseen=5)


def test_one_call_given_alone():
    o = pb.odds("pagat", unseen=3, calls="two Aces")
    assert int(o.computed.sum()) == 1 and o.fraction("two Aces") == at_least(2, 4, 52, 3)
