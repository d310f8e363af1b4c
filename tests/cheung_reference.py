"""A brute-force reference for the cheung family (RULES.md 2.4), for the tests:
every hand of min(5, N) cards of the pool and every choice for its jokers."""

from __future__ import annotations

from itertools import combinations

CATS = ("high_card", "pair", "two_pair", "trips", "straight", "flush", "full_house",
        "quads", "straight_flush", "royal_flush", "five_kind")
RANKS = "23456789TJQKA"
SUITS = "cdhs"
PRIMARIES = {"high_card": 0, "pair": 1, "two_pair": 2, "trips": 1, "straight": 1, "flush": 0,
             "full_house": 2, "quads": 1, "straight_flush": 1, "royal_flush": 0, "five_kind": 1}
SUITED = ("flush", "straight_flush", "royal_flush")


def evaluate(hand: list[tuple[int, int]]) -> tuple[str, tuple[int, ...], tuple[int, ...], int]:
    """(category, primary ranks, other ranks high to low, suit or -1) of a hand
    of distinct cards (1 to 5 of them)."""
    ranks = sorted((r for r, _ in hand), reverse=True)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    n = len(hand)
    suits = {s for _, s in hand}
    distinct = sorted(counts, reverse=True)
    straight_top = None
    if n == 5 and len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_top = 3
    flush = n == 5 and len(suits) == 1
    suit = next(iter(suits)) if flush else -1
    by_count = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    singles = tuple(sorted((r for r, k in counts.items() if k == 1), reverse=True))
    if straight_top is not None and flush:
        return ("royal_flush", (), (), suit) if straight_top == 12 else \
            ("straight_flush", (straight_top,), (), suit)
    if by_count[0][1] == 4:
        return "quads", (by_count[0][0],), singles, -1
    if by_count[0][1] == 3 and len(by_count) > 1 and by_count[1][1] == 2:
        return "full_house", (by_count[0][0], by_count[1][0]), (), -1
    if flush:
        return "flush", (), tuple(ranks), suit
    if straight_top is not None:
        return "straight", (straight_top,), (), -1
    if by_count[0][1] == 3:
        return "trips", (by_count[0][0],), singles, -1
    if by_count[0][1] == 2 and len(by_count) > 1 and by_count[1][1] == 2:
        return "two_pair", (by_count[0][0], by_count[1][0]), singles, -1
    if by_count[0][1] == 2:
        return "pair", (by_count[0][0],), singles, -1
    return "high_card", (), tuple(ranks), -1


def hand_signatures(naturals: list[tuple[int, int]], jokers: int) -> set:
    """Every (category, primaries, others, suit, jokers in the hand) some hand makes."""
    items = [("n", c) for c in naturals] + [("j", None)] * jokers
    h = min(5, len(items))
    deck = [(r, s) for r in range(13) for s in range(4)]
    sigs = set()
    seen_combos = set()
    for combo in combinations(range(len(items)), h):
        nat = tuple(sorted(items[i][1] for i in combo if items[i][0] == "n"))
        nj = h - len(nat)
        if (nat, nj) in seen_combos:
            continue
        seen_combos.add((nat, nj))
        free = [c for c in deck if c not in nat]
        if nj == 0:
            choices = [()]
        elif nj == 1:
            choices = [(c,) for c in free]
        else:
            choices = list(combinations(free, 2))
        for extra in choices:
            sig = evaluate(list(nat) + list(extra))
            sigs.add(sig + (nj,))
        # five of a kind: jokers stand for any card of the naturals' rank
        if h == 5 and nj >= 1 and len({r for r, _ in nat}) == 1:
            sigs.add(("five_kind", (nat[0][0],), (), -1, nj))
    return sigs


def tiers_of(nj: int, jokers_in_deck: int, joker_order: str) -> list[str]:
    if jokers_in_deck == 0:
        return [""]
    if joker_order == "natural":
        out = ["", "nat"] if nj == 0 else [""]
        if jokers_in_deck == 2 and nj <= 1:
            out.append("max1")
        return out
    out = [""]
    if nj >= 1:
        out.append("min1")
    if nj >= 2 and jokers_in_deck == 2:
        out.append("min2")
    return out


def brute_codes(naturals: list[tuple[int, int]], jokers: int, jokers_in_deck: int,
                joker_order: str = "natural") -> set[str]:
    """Codes of every call the pool satisfies."""
    out = set()
    for cat, prims, others, suit, nj in hand_signatures(naturals, jokers):
        tiers = tiers_of(nj, jokers_in_deck, joker_order)
        named_sets = []
        for k in range(PRIMARIES[cat]):
            named_sets.append(prims[:k])
        for k in range(len(others) + 1):
            for sub in combinations(others, k):
                named_sets.append(prims + sub)
        suits = [-1, suit] if cat in SUITED else [-1]
        for named in named_sets:
            for s in suits:
                for t in tiers:
                    code = f"{cat}:{','.join(RANKS[r] for r in named)}"
                    if s >= 0 or t:
                        code += ":" + (SUITS[s] if s >= 0 else "")
                    if t:
                        code += ":" + t
                    out.add(code)
    return out


# ---- the search that decided certainty before it was exact (kept as a check) ----

def _grow(holds, index: int, order: list[int], start: int) -> int:
    """Add cards in `order` while the call keeps failing (pools above five cards)."""
    pool = start
    order = list(order)
    while pool.bit_count() < 6 and order:
        pool |= 1 << order.pop(0)
    if pool.bit_count() < 6 or holds(index, pool):
        return 0
    for b in order:
        if not holds(index, pool | 1 << b):
            pool |= 1 << b
    return pool


def searched_failing_pool(lad, call, deck: int, rng, climbs: int = 8) -> int:
    """A large pool of more than five cards where `call` fails, by growing pools
    from card orders that starve calls (by rank, by suit, a rank or suit last),
    random orders, then hill climbing (drop two cards, grow again); 0 if none."""
    holds = lad._kernel.holds
    cards = [b for b in range(64) if deck >> b & 1]
    naturals = [b for b in cards if b not in (13, 29)]
    jokers = [b for b in cards if b in (13, 29)]
    by_rank = sorted(naturals, key=lambda b: (b % 16, b // 16))
    by_suit = sorted(naturals, key=lambda b: (b // 16, b % 16))
    spread = sorted(naturals, key=lambda b: ((b // 16 + b % 16) % 4, b % 16))
    orders = [by_rank, by_rank[::-1], by_suit, by_suit[::-1], spread]
    for r in call.ranks:
        orders.append([b for b in naturals if b % 16 != r] + [b for b in naturals if b % 16 == r])
    if call.suit is not None:
        orders.append([b for b in naturals if b // 16 != call.suit] +
                      [b for b in naturals if b // 16 == call.suit])
    orders = [o + jokers for o in orders] + [jokers + o for o in orders]
    orders += [[int(b) for b in rng.permutation(cards)] for _ in range(8)]
    best = 0
    for order in orders:
        pool = _grow(holds, call.index, order, 0)
        if pool.bit_count() > best.bit_count():
            best = pool
    for _ in range(climbs if best else 0):
        inside = [b for b in cards if best >> b & 1]
        drop = [int(b) for b in rng.choice(inside, size=min(2, len(inside)), replace=False)]
        start = best & ~sum(1 << b for b in drop)
        rest = [int(b) for b in rng.permutation([b for b in cards if not start >> b & 1])]
        pool = _grow(holds, call.index, rest, start)
        if pool.bit_count() > best.bit_count():
            best = pool
    return best
