"""Cheat bots: each decides from its observation alone, deterministically.

- ``honest``: never lies, picks up (or passes) when it holds no true card, challenges
  only with proof (the claim needs more cards than can be out there).
- ``liar``: as honest, but lies with one far-off card instead of picking up.
- ``counter``: as liar, and doubts a one-card claim (lies come one card at a time)
  that the odds from its own hand, the pile cards it has seen and the cards put
  aside make unlikely (less than 15%).
- ``shark``: as counter with a bolder threshold (30%), and always challenges a
  play that would otherwise win the game.

The compiled loop (``_engine``) plays the same bots move for move (tests compare).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .game import (ACCEPT, CHALLENGE, CLAIM_SUITED, LAY, PASS, PICK_UP, Observation,
                   claim_action)
from .rules import JOKER_RANK, N_CARDS, Rules

HONEST, LIAR, COUNTER, SHARK = 0, 1, 2, 3


def _rank_cards(hand: list[int], rank: int, suit: int, rules: Rules) -> list[int]:
    """Natural cards of `rank` in `hand` (the suit too when F fixes it), as a card list."""
    if rank == JOKER_RANK:
        return [c for c in (52, 53) for _ in range(hand[c])]
    return [4 * rank + s for s in range(4) if suit < 0 or s == suit
            for _ in range(hand[4 * rank + s])]


def _distance(rules: Rules, frm: int, to: int) -> int:
    cyc = rules.cycle
    if to not in cyc or frm not in cyc:
        return len(cyc) + 1        # a rank that is never claimed: the best junk
    return (cyc.index(to) - cyc.index(frm)) % len(cyc)


def _junk(hand: list[int], claim_rank: int, rules: Rules) -> int:
    """The card least worth keeping: its rank comes due furthest from now (never a wild)."""
    best, best_d = -1, -1
    for c in range(N_CARDS):
        if not hand[c] or (c >= 52 and rules.wild_jokers):
            continue
        d = _distance(rules, claim_rank, JOKER_RANK if c >= 52 else c >> 2)
        if d > best_d:
            best, best_d = c, d
    return best


def plan_play(obs: Observation, style: int) -> tuple[list[int], int] | None:
    """The cards to lay and the claim action, from the hand at the start of the turn;
    None when the bot would rather pick up or pass."""
    rules = obs.rules
    hand = list(obs.hand)
    for c in obs.pending:
        hand[c] += 1
    suit = obs.suit
    best_rank, best_cards = -1, list[int]()
    for rank in obs.allowed:
        cards = _rank_cards(hand, rank, suit, rules)
        if len(cards) > len(best_cards):
            best_rank, best_cards = rank, cards
    cards = best_cards[:rules.max_lay]
    if not cards and rules.wild_jokers and (hand[52] or hand[53]):
        best_rank, cards = obs.allowed[0], [52 if hand[52] else 53]
    truthful = bool(cards)
    if not truthful:
        if style == HONEST:
            return None
        best_rank = obs.allowed[0]
        junk = _junk(hand, best_rank, rules)
        if junk < 0:            # only wild jokers left: they are true of any rank
            junk = 52 if hand[52] else 53
        cards = [junk]
    if rules.specificity:
        card = cards[0]
        s = suit if suit >= 0 else (card & 3 if card < 52 else 0)
        return cards, CLAIM_SUITED + 4 * best_rank + s
    return cards, claim_action(best_rank, min(len(cards), 16))


def should_challenge(obs: Observation, style: int) -> bool:
    """Proof for every bot; likelihood for counter and shark."""
    seat, rank, count, suit, laid = obs.claims[-1]
    rules = obs.rules
    if rules.counts_may_differ and laid != count:
        return True                                  # the sizes show a count lie
    deck = rules.deck
    wild = rules.wild_jokers and rank != JOKER_RANK

    def of_rank(counts: Sequence[int]) -> int:
        if rank == JOKER_RANK:
            return counts[52] + counts[53]
        k = sum(counts[4 * rank + s] for s in range(4) if suit < 0 or s == suit)
        return k + (counts[52] + counts[53] if wild else 0)

    unknown_r = of_rank(deck) - of_rank(obs.hand) - of_rank(obs.known_pile) \
        - of_rank(obs.out_of_play)
    if unknown_r < count:
        return True                                  # proof: not enough such cards
    if style <= LIAR:
        return False
    if style == SHARK and obs.hand_sizes[seat] == 0:
        return True                                # the play would win: always doubt it
    unknown = sum(deck) - sum(obs.hand) - sum(obs.known_pile) - sum(obs.out_of_play) \
        - obs.cleared
    before = obs.hand_sizes[seat] + laid
    if unknown <= 0:
        return False
    # lies come one card at a time: doubt a single card the odds make unlikely
    return count == 1 and chance_at_least(unknown, unknown_r, before, count) < \
        (SHARK_DOUBT if style == SHARK else COUNTER_DOUBT)


COUNTER_DOUBT = 0.15     # _engine.pyx holds the same thresholds
SHARK_DOUBT = 0.3


def chance_at_least(unknown: int, of_rank: int, drawn: int, k: int) -> float:
    """P(at least k of `of_rank` marked cards among `drawn` drawn from `unknown`): the
    hypergeometric tail, card by card, in the same float steps as the compiled twin."""
    if k <= 0:
        return 1.0
    if drawn > unknown:
        drawn = unknown
    if k > 16:
        k = 16
    dp = [0.0] * 17
    dp[0] = 1.0
    for i in range(drawn):
        left = unknown - i
        for j in range(min(i, k - 1), -1, -1):
            q = dp[j]
            if q == 0.0:
                continue
            marked = of_rank - j
            if marked < 0:
                marked = 0
            hit = q * marked / left
            dp[j + 1] += hit
            dp[j] = q - hit
    return dp[k]


class CheatBot:
    """A deterministic Cheat bot (see the module docstring for the styles)."""

    #: the compiled loop's style number; None for a bot that plays by its own ``act``
    style: int | None = HONEST
    name = "honest"

    def __init__(self, seed: Any = None) -> None:
        self.seat = -1

    def reset(self, seat: int) -> None:
        """A new game starts and this bot sits at `seat`."""
        self.seat = seat

    def params(self) -> dict[str, Any]:
        """Parameters as keywords (the Cheat bots have none: a style is the whole bot)."""
        return {}

    def act(self, obs: Observation) -> int:
        """An action of ``obs.legal`` for the seat to act, by the bot's style: answer a play
        (challenge or accept), then lay cards and claim. Raises ValueError when the seat
        has nothing to do now.
        """
        legal = obs.legal
        if not legal:
            raise ValueError(f"{self.name}: seat {obs.seat} has nothing to do now")
        style = self.style
        if style is None:
            raise NotImplementedError(f"{self.name}: a bot without a style plays by its own act()")
        if CHALLENGE in legal and obs.claims:
            if should_challenge(obs, style):
                return CHALLENGE
            if ACCEPT in legal:
                return ACCEPT
        elif ACCEPT in legal:
            return ACCEPT
        if obs.pile_size == 0 and (PICK_UP in legal or PASS in legal):
            style = HONEST          # nothing to take: no reason to lie
        plan = plan_play(obs, style)
        if plan is None:
            if PASS in legal:
                return PASS
            if PICK_UP in legal:
                return PICK_UP
            plan = plan_play(obs, LIAR)     # a lead with no true card (Royals): must lie
            if plan is None:
                raise ValueError(f"{self.name}: seat {obs.seat} has no card to lay")
        cards, claim = plan
        laid = list(obs.pending)
        for c in cards:
            if c in laid:
                laid.remove(c)
            else:
                return LAY + c
        return claim


class HonestBot(CheatBot):
    """Never lies: picks up (or passes) when it holds no true card; challenges only with proof."""

    style = HONEST
    name = "honest"


class LiarBot(CheatBot):
    """As honest, but lies with one far-off card instead of picking up."""

    style = LIAR
    name = "liar"


class CounterBot(CheatBot):
    """As liar, and doubts a one-card claim that the cards it has seen make unlikely (under 15%)."""

    style = COUNTER
    name = "counter"


class SharkBot(CheatBot):
    """As counter with a bolder threshold (30%); always challenges a play that would win the game."""

    style = SHARK
    name = "shark"


class UniformBot(CheatBot):
    """Plays a legal action drawn uniformly at random (the baseline for agents)."""

    style = None      # not one of the compiled loop's styles: games run in Python
    name = "uniform"

    def __init__(self, seed: Any = None) -> None:
        super().__init__(seed)
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if not legal:
            raise ValueError(f"{self.name}: seat {obs.seat} has nothing to do now")
        return int(legal[int(self.rng.integers(0, len(legal)))])


BOTS = {"honest": HonestBot, "liar": LiarBot, "counter": CounterBot, "shark": SharkBot,
        "uniform": UniformBot}
