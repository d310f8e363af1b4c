"""The random stream of one simulated game: xoshiro256** seeded per game.

Bulk simulation gives every game its own small, fast stream, derived from the
simulation's seed and the game's number, so a game's cards and its random
bots' choices do not depend on which worker plays it or in what order. The
compiled loop (``_simulate.pxi``) runs the same generator; this Python twin
lets :class:`pokerbull.Game` replay a compiled game card for card.

>>> s = GameStream(1, 2, game=0)
>>> t = GameStream(1, 2, game=0)
>>> [s.below(52) for _ in range(3)] == [t.below(52) for _ in range(3)]
True
>>> 0.0 <= s.random() < 1.0
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


def _splitmix(state: int) -> tuple[int, int]:
    """splitmix64: the next state and its output."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def chunk_keys(entropy: int | Sequence[int], chunk: int) -> tuple[int, int]:
    """The two 64-bit keys of a chunk of games: the chunk's child of the
    simulation's ``numpy.random.SeedSequence``, so chunks are independent."""
    child = np.random.SeedSequence(entropy, spawn_key=(chunk,))
    k0, k1 = child.generate_state(2, np.uint64)
    return int(k0), int(k1)


class GameStream:
    """xoshiro256** for game number `game` of a chunk with keys `k0`, `k1`.

    ``random()`` is a float in [0, 1) from the top 53 bits; ``below(k)`` an int
    in ``0..k-1`` without bias (Lemire's multiply-and-reject on 32-bit draws).
    ``integers(low, high)`` is ``low + below(high - low)``, so the stream can
    stand in for a NumPy Generator in :class:`~pokerbull.bull.bots.RandomBot`.
    """

    __slots__ = ("s0", "s1", "s2", "s3")

    def __init__(self, k0: int, k1: int, game: int) -> None:
        sm = (k0 + game * GOLDEN) & MASK64
        sm, a = _splitmix(sm)
        sm, b = _splitmix(sm)
        sm, c = _splitmix(sm)
        sm, d = _splitmix(sm)
        self.s0, self.s1, self.s2, self.s3 = a ^ k1, b, c, d
        if not (self.s0 | self.s1 | self.s2 | self.s3):
            self.s0 = 1

    def next(self) -> int:
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, _rotl(s3, 45)
        return result

    def random(self) -> float:
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)

    def below(self, k: int) -> int:
        m = (self.next() >> 32) * k
        low = m & 0xFFFFFFFF
        if low < k:
            floor = ((1 << 32) - k) % k
            while low < floor:
                m = (self.next() >> 32) * k
                low = m & 0xFFFFFFFF
        return m >> 32

    def integers(self, low: int, high: int) -> int:
        return low + self.below(high - low)


def deal(stream: GameStream, sizes: Sequence[int], deck: Sequence[int]) -> list[int]:
    """Masks of a hand's cards: a partial Fisher-Yates shuffle of the deck (card
    masks in deck order) for as many cards as the seats hold, dealt in seat order."""
    cards = list(deck)
    total = sum(sizes)
    n = len(cards)
    for i in range(total):
        j = i + stream.below(n - i)
        cards[i], cards[j] = cards[j], cards[i]
    hands = []
    i = 0
    for size in sizes:
        hands.append(sum(cards[i:i + size]))
        i += size
    return hands
