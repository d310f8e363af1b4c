"""The best poker hand of a pool, in pure Python: the reference for ``_evaluator.pxi``.

Both backends return the same integer *value* for a pool (a bigger value is a
better hand). Its layout, most significant field first::

    class << 37 | roles << 17 | tier << 15 | suits

- ``class``: the hand's place in the category order (``HIGH_CARD`` .. ``ROYAL_ON_TOP``);
- ``roles``: up to five ranks in role order, one nibble each (rank + 1, 0 for none),
  left-aligned, so that a shorter hand of a small pool compares lower;
- ``tier``: the joker tier (fewer or more jokers used, when the rules ask);
- ``suits``: three bits per card in hand order (suit strength + 1, 0 for a joker),
  only when the rules break exact ties by suit.

The rules travel as one small integer (see :func:`pokerbull.evaluator.rules_code`).
No subset of the pool is ever enumerated: each category is found in closed form,
from the highest down.
"""

from __future__ import annotations

import numpy as np

from ._pure_paths import check_path

# The card layout of RULES.md section 1 (as in cards.py, which imports the backend,
# so the backend cannot import it back).
LANE = 0x1FFF
NATURAL_MASK = 0x1FFF1FFF1FFF1FFF
JOKER_MASK = (1 << 13) | (1 << 29)
DECK_MASK = NATURAL_MASK | JOKER_MASK
ACE = 12

TIER_SHIFT = 15
ROLES_SHIFT = 17
CLASS_SHIFT = 37

(HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS,
 STRAIGHT_FLUSH, FIVE_KIND, ROYAL_ON_TOP) = range(11)

# The rules code: which options are on, packed in one int for the kernels.
JOKERS_WILD = 1
JOKER_ORDER_SHIFT = 1        # 2 bits: 0 jokers never rank, 1 natural beats wild, 2 wild beats natural
ROYAL_SHIFT = 3              # 2 bits: 0 no, 1 a natural royal, 2 any royal ranks over five of a kind
SUIT_ORDER_ON = 1 << 5
SUIT_STRENGTH_SHIFT = 6      # 2 bits per suit index: its strength, 3 the highest
RULES_LIMIT = 1 << 14

NO_TIERS, NATURAL_BEATS_WILD, WILD_BEATS_NATURAL = 0, 1, 2
ROYAL_NO, ROYAL_NATURAL, ROYAL_ANY = 0, 1, 2


def straight_ranks_high_first(top: int) -> tuple[int, ...]:
    """The five ranks of the straight to `top`, in hand order (the wheel ends on its Ace)."""
    if top == 3:
        return (3, 2, 1, 0, ACE)
    return tuple(range(top, top - 5, -1))


STRAIGHT_RANKS = {t: straight_ranks_high_first(t) for t in range(3, 13)}
STRAIGHT_BITS = {t: sum(1 << r for r in ranks) for t, ranks in STRAIGHT_RANKS.items()}


def check_rules(rules: int) -> tuple[int, int, int, tuple[int, ...] | None]:
    """Unpack a rules code: (jokers wild, joker order, royal option, suit strengths)."""
    if isinstance(rules, bool) or not isinstance(rules, (int, np.integer)):
        raise ValueError(f"evaluator rules must be an int code, not {type(rules).__name__}")
    rules = int(rules)
    if not 0 <= rules < RULES_LIMIT:
        raise ValueError(f"evaluator rules code {rules} is out of range")
    order = (rules >> JOKER_ORDER_SHIFT) & 3
    royal = (rules >> ROYAL_SHIFT) & 3
    if order == 3:
        raise ValueError(f"evaluator rules code {rules}: joker order 3 is unknown")
    if royal == 3:
        raise ValueError(f"evaluator rules code {rules}: royal option 3 is unknown")
    strengths = None
    if rules & SUIT_ORDER_ON:
        strengths = tuple((rules >> (SUIT_STRENGTH_SHIFT + 2 * s)) & 3 for s in range(4))
        if sorted(strengths) != [0, 1, 2, 3]:
            raise ValueError(f"evaluator rules code {rules}: suit strengths {strengths} "
                             "are not an order of the four suits")
    elif rules >> SUIT_STRENGTH_SHIFT:
        raise ValueError(f"evaluator rules code {rules}: suit strengths given "
                         "without the suit order flag")
    return rules & JOKERS_WILD, order, royal, strengths


def check_pool(mask: int, jokers_wild: int, where: str = "") -> int:
    """The mask as an int, after checking it is a pool these rules can judge."""
    if isinstance(mask, bool) or not isinstance(mask, (int, np.integer)):
        raise ValueError(f"pool mask{where} must be an int, not {type(mask).__name__}")
    mask = int(mask)
    if not 0 <= mask < 1 << 64:
        raise ValueError(f"pool mask{where} {mask:#x} is not an unsigned 64-bit value")
    if mask & ~DECK_MASK:
        raise ValueError(f"pool mask{where} {mask:#x} has bits outside the deck: "
                         f"{mask & ~DECK_MASK:#x}")
    if mask & JOKER_MASK and not jokers_wild:
        raise ValueError(f"pool mask{where} {mask:#x} holds the "
                         + ("jokers X1 and X2" if mask & JOKER_MASK == JOKER_MASK else
                            "joker X1" if mask & (1 << 13) else "joker X2")
                         + ", but jokers are off (ask for jokers=True)")
    if mask == 0:
        raise ValueError(f"pool mask{where} is empty: an empty pool has no poker hand")
    return mask


def top_ranks(ranks: int, count: int) -> list[int]:
    """The `count` highest ranks of a 13-bit rank set, highest first."""
    out: list[int] = []
    while ranks and len(out) < count:
        r = ranks.bit_length() - 1
        out.append(r)
        ranks ^= 1 << r
    return out


def best_straight_top(ranks: int, jokers: int) -> int:
    """Top of the highest straight that `ranks` make with `jokers` wild cards, or -1."""
    for top in range(ACE, 2, -1):
        if (STRAIGHT_BITS[top] & ~ranks).bit_count() <= jokers:
            return top
    return -1


class _Judge:
    """One pool under one set of rules: finds the best reading of each category
    and scores it (joker tier, suits in hand order)."""

    def __init__(self, mask: int, rules: int) -> None:
        _, self.order, self.royal, strengths = check_rules(rules)
        self.natural = mask & NATURAL_MASK
        self.jokers = (mask & JOKER_MASK).bit_count()
        self.lanes = [(self.natural >> (16 * s)) & LANE for s in range(4)]
        self.counts = [sum((lane >> r) & 1 for lane in self.lanes) for r in range(13)]
        self.ranks = self.lanes[0] | self.lanes[1] | self.lanes[2] | self.lanes[3]
        self.n_natural = self.natural.bit_count()
        self.hand_size = min(5, self.n_natural + self.jokers)
        self.by_suits = strengths is not None
        self.strength = strengths or (0, 1, 2, 3)
        # suit indices, strongest first
        self.suits_down = sorted(range(4), key=lambda s: -self.strength[s])

    def score(self, cls: int, roles: list[int], slots: list[tuple[int, int]],
              natural_only: bool = False) -> int:
        """Value of a reading: `slots` lists (rank, suit or -1 for any) in hand order."""
        free = self.natural
        marks = []
        forced = 0
        for rank, suit in slots:
            mark = 0
            for s in (self.suits_down if suit < 0 else (suit,)):
                bit = 1 << (16 * s + rank)
                if free & bit:
                    free ^= bit
                    mark = self.strength[s] + 1
                    break
            if not mark:
                forced += 1        # no natural card left for this slot: a joker fills it
            marks.append(mark)
        least = max(forced, self.hand_size - self.n_natural)
        if natural_only:
            used = 0
        elif self.order == WILD_BEATS_NATURAL:
            used = self.jokers     # every joker can stand in for a card it replaces
        else:
            used = least
        # jokers beyond the forced ones replace the least significant natural cards
        extra = used - forced
        i = len(marks) - 1
        while extra > 0:
            if marks[i]:
                marks[i] = 0
                extra -= 1
            i -= 1
        tier = (2 - used if self.order == NATURAL_BEATS_WILD
                else used if self.order == WILD_BEATS_NATURAL else 0)
        nibbles = 0
        for i, r in enumerate(roles):
            nibbles |= (r + 1) << (4 * (4 - i))
        suits = 0
        if self.by_suits:
            for i, m in enumerate(marks):
                suits |= m << (3 * (4 - i))
        return cls << CLASS_SHIFT | nibbles << ROLES_SHIFT | tier << TIER_SHIFT | suits

    def grouped(self, cls: int, groups: list[tuple[int, int]], away: int) -> int:
        """Score a hand of rank groups (rank, size) filled up with the best kickers."""
        kickers = top_ranks(self.ranks & ~away, self.hand_size - sum(n for _, n in groups))
        slots = [(r, -1) for r, n in groups for _ in range(n)] + [(k, -1) for k in kickers]
        return self.score(cls, [r for r, _ in groups] + kickers, slots)

    def highest_rank_with(self, count: int) -> int:
        for r in range(ACE, -1, -1):
            if self.counts[r] + self.jokers >= count:
                return r
        return -1

    def two_groups(self, big: int, small: int) -> tuple[int, int]:
        """Highest (first, second) ranks holding `big` and `small` cards, jokers shared."""
        for first in range(ACE, -1, -1):
            need = max(0, big - self.counts[first])
            if need > self.jokers:
                continue
            for second in range(ACE if big != small else first - 1, -1, -1):
                if second != first and need + max(0, small - self.counts[second]) <= self.jokers:
                    return first, second
        return -1, -1

    def best(self) -> int:
        best = -1
        jokers = self.jokers
        # straight flushes (and royals, when they rank over five of a kind)
        for s in range(4):
            top = best_straight_top(self.lanes[s], jokers)
            if top < 0:
                continue
            cls, natural_only = STRAIGHT_FLUSH, False
            if top == ACE and self.royal == ROYAL_ANY:
                cls = ROYAL_ON_TOP
            elif top == ACE and self.royal == ROYAL_NATURAL and STRAIGHT_BITS[ACE] & ~self.lanes[s] == 0:
                cls, natural_only = ROYAL_ON_TOP, True
            best = max(best, self.score(cls, [top], [(r, s) for r in STRAIGHT_RANKS[top]],
                                        natural_only))
        r = self.highest_rank_with(5) if jokers else -1
        if r >= 0:
            best = max(best, self.score(FIVE_KIND, [r], [(r, -1)] * 5))
        if best >= 0:
            return best
        r = self.highest_rank_with(4)
        if r >= 0:
            return self.grouped(QUADS, [(r, 4)], 1 << r)
        if self.hand_size == 5:
            t, p = self.two_groups(3, 2)
            if t >= 0:
                return self.grouped(FULL_HOUSE, [(t, 3), (p, 2)], (1 << t) | (1 << p))
            for s in range(4):
                lane = self.lanes[s]
                if lane.bit_count() + jokers >= 5:
                    roles = ([ACE] * jokers + top_ranks(lane, 5))[:5]
                    best = max(best, self.score(FLUSH, roles, [(r, s) for r in roles]))
            if best >= 0:
                return best
            top = best_straight_top(self.ranks, jokers)
            if top >= 0:
                return self.score(STRAIGHT, [top], [(r, -1) for r in STRAIGHT_RANKS[top]])
        r = self.highest_rank_with(3)
        if r >= 0:
            return self.grouped(TRIPS, [(r, 3)], 1 << r)
        if self.hand_size >= 4:
            h, lo = self.two_groups(2, 2)
            if h >= 0:
                return self.grouped(TWO_PAIR, [(h, 2), (lo, 2)], (1 << h) | (1 << lo))
        r = self.highest_rank_with(2)
        if r >= 0:
            return self.grouped(PAIR, [(r, 2)], 1 << r)
        roles = ([ACE] * jokers + top_ranks(self.ranks, 5))[:5]
        return self.score(HIGH_CARD, roles, [(r, -1) for r in roles])


def evaluator_simd_available() -> bool:
    """Pure Python has no vector path."""
    return False


def evaluate_mask(mask: int, rules: int = 0) -> int:
    """Value of the best poker hand of one pool (see the module doc for the layout)."""
    jokers_wild = check_rules(rules)[0]
    return _Judge(check_pool(mask, jokers_wild), rules).best()


def evaluate_masks(masks: np.ndarray, rules: int = 0, simd: bool | str | None = None) -> np.ndarray:
    """Values of the best hands of many pools (uint64 masks) as an int64 array.

    `simd` is checked as by the compiled core; pure Python runs only the scalar path."""
    check_path(simd)
    jokers_wild = check_rules(rules)[0]
    out = np.empty(len(masks), dtype=np.int64)
    for i, mask in enumerate(masks.tolist()):
        out[i] = _Judge(check_pool(mask, jokers_wild, f" at index {i}"), rules).best()
    return out


def _index_bit(c: int) -> int:
    """The mask bit of a card index (13 * suit + rank; 52, 53 the jokers X1, X2)."""
    if c >= 52:
        return 1 << (13 if c == 52 else 29)
    return 1 << (16 * (c // 13) + c % 13)


def _row_problem(i: int, row: list[int], jokers_wild: int) -> str | None:
    """What is wrong with row `i` of card indices, or None."""
    for j, c in enumerate(row):
        if not 0 <= c < 54:
            return (f"card index {c} in row {i} (column {j}) is out of range: "
                    f"0..51 are the cards (13 * suit + rank), 52, 53 the jokers")
        if c >= 52 and not jokers_wild:
            return (f"row {i} holds the joker X{c - 51} (card index {c}), but jokers "
                    "are off (ask for jokers=True)")
        if c in row[:j]:
            return f"row {i} repeats card index {c} (a row holds distinct cards)"
    return None


def evaluate_indices(cards: np.ndarray, rules: int = 0, simd: bool | str | None = None) -> np.ndarray:
    """Values of the best hands of many pools given as an (N, k) integer array of
    card indices, as an int64 array (the same values as ``evaluate_masks`` on the
    rows' masks)."""
    if not isinstance(cards, np.ndarray):
        raise ValueError(f"card indices must be a NumPy array, not {type(cards).__name__}")
    if cards.ndim != 2:
        raise ValueError(f"card indices must be a 2-d array (one row a pool), got shape {cards.shape}")
    if cards.dtype.kind not in "iu":
        raise ValueError(f"card indices must be an integer array, not {cards.dtype}")
    jokers_wild = check_rules(rules)[0]
    check_path(simd)
    n, width = cards.shape
    if n and not 1 <= width <= 54:
        raise ValueError(f"a row of card indices holds 1 to 54 cards, not {width}")
    masks = []
    for i, row in enumerate(cards.tolist()):
        problem = _row_problem(i, row, jokers_wild)
        if problem:
            raise ValueError(problem)
        mask = 0
        for c in row:
            mask |= _index_bit(c)
        masks.append(mask)
    return evaluate_masks(np.array(masks, dtype=np.uint64), rules)


# The compiled core's HandRank and evaluate fast path have no pure twin: pure Python
# uses pokerbull.evaluator's own (the same behaviour).
HandRank = None
bind_evaluator = None
