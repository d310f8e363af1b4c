"""Games with every random draw shown as an explicit chance node (for OpenSpiel).

OpenSpiel's python games cannot save a random generator kept inside a state
(sampled-stochastic games need the C++ game's own generator), so the OpenSpiel
adapter plays games whose randomness is all explicit:

- `CardByCard`: Poker Bull dealt one card at a time; each card is a chance
  outcome (its index in the deck, in the order of the cards' bits: 2c..Ac,
  2d..Ad, 2h..Ah, 2s..As, then jokers), uniform over the cards not yet dealt,
  seat 0's cards first. This is exactly the distribution of a shuffled deal.
- `SeededAtRoot`: any other game of the family. One chance node at the root
  draws the seed the game then deals from (one of ``outcomes`` seeds, uniform);
  chance nodes the game shows itself pass through.

Both follow the game protocol and save to JSON exactly.
"""

from __future__ import annotations

import json
from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from functools import cache
from itertools import compress
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from pokerbull.bull import Game
from pokerbull.cards import JOKER_MASK, Pool
from pokerbull.protocol import CHANCE_PLAYER, GameState, IllegalAction, wing_of

CARD_BY_CARD_FORMAT = "pokerbull-card-by-card"
SEEDED_FORMAT = "pokerbull-seeded-at-root"


def _chance_index(action: Any, count: int) -> int:
    if type(action) is int and 0 <= action < count:    # the common case, checked first
        return action
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
            or not 0 <= action < count:
        raise IllegalAction(f"a chance outcome here is 0..{count - 1}, not {action!r}")
    return int(action)


@cache
def _draw_rows(draw: bytes) -> tuple[tuple[tuple[tuple[int, float], ...], ...], tuple[int, ...]]:
    """The chance outcomes of a deal that draws from the deck indices marked 1 in `draw`.

    Row ``left`` holds ``(i, 1 / left)`` for every such index ``i``, in order; the second
    tuple gives each index's place in the rows (-1: not drawn from). A node with ``left``
    cards to draw from has that row's outcomes less the places already dealt: the same
    tuples for every state, no per-node allocation but the list."""
    drawn = [i for i, d in enumerate(draw) if d]
    rows = tuple(tuple((i, 1.0 / left if left else 0.0) for i in drawn)
                 for left in range(len(drawn) + 1))
    place = [-1] * len(draw)
    for p, i in enumerate(drawn):
        place[i] = p
    return rows, tuple(place)


class SeatView(Protocol):
    """What a seat's observation gives an RL framework (every game's Observation, and
    :class:`Unseeded` before a deal)."""

    def legal_actions(self) -> list[int]: ...
    def action_mask(self) -> npt.NDArray[np.int8]: ...
    def to_array(self) -> npt.NDArray[np.float32]: ...
    def describe(self) -> str: ...


class ChanceState(Protocol):
    """A state the RL adapters play: the moves, chance nodes, returns, observations and
    saves of the game protocol. Every :class:`~pokerbull.protocol.GameState` is one, and
    so are this module's wrappers, whose chance nodes make the game inside them."""

    @property
    def num_players(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply_action(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> ChanceState: ...
    def to_json(self) -> str: ...
    def observation(self, seat: int) -> SeatView: ...
    def observation_array(self, seat: int) -> npt.NDArray[np.float32]: ...
    def action_mask(self, seat: int | None = None) -> npt.NDArray[np.int8]: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...


class _CopiedByClone:
    """A wrapper that OpenSpiel's deep copies copy with ``clone()``."""

    __slots__ = ()

    def clone(self) -> ChanceState:
        raise NotImplementedError

    def __deepcopy__(self, memo: dict[int, object]) -> ChanceState:
        return self.clone()


class _Delegating(_CopiedByClone):
    """What a wrapper answers from the game inside it once the game is under way."""

    __slots__ = ()
    game: GameState

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def num_actions(self) -> int:
        return self.game.num_actions

    @property
    def observation_size(self) -> int:
        return self.game.observation_size

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self) -> list[float]:
        return self.game.returns()

    def observation(self, seat: int) -> SeatView:
        return self.game.observation(seat)

    def observation_array(self, seat: int) -> npt.NDArray[np.float32]:
        return self.game.observation_array(seat)

    def action_mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        return self.game.action_mask(seat)

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.game.string_to_action(text)


class CardByCard(_Delegating):
    """A manually dealt ``Game`` whose deals are made card by card from chance outcomes.

    >>> s = CardByCard(Game("pagat", players=2, dealing="manual"))
    >>> s.current_player, len(s.chance_outcomes())
    (-1, 52)
    >>> s.apply_action(51); s.apply_action(0)      # the Ace of spades to seat 0, the Two of clubs to seat 1
    >>> s.current_player, str(s.game.hand(0)), str(s.game.hand(1))
    (0, 'As', '2c')
    """

    __slots__ = ("_bits", "_dealt", "_deck", "_draw", "_due", "_fresh", "_gone", "_left",
                 "_unseen", "game")
    game: Game

    def __init__(self, game: Game) -> None:
        if game.dealing != "manual":
            raise ValueError("CardByCard deals the cards itself: give a game with "
                             "dealing='manual'")
        self.game = game
        allowed = game.ladder.allowed_mask
        self._deck = tuple(b for b in range(allowed.bit_length()) if allowed >> b & 1)
        self._bits = tuple(1 << b for b in self._deck)   # each deck index's card as a mask
        # the cards a deal draws from: the whole deck, or without the jokers once they
        # have left it (Cheung's jokers_leave_at); each with its size and outcome rows
        every = bytearray(b"\1") * len(self._deck)
        no_jokers = bytearray(not b & JOKER_MASK for b in self._bits)
        self._fresh = tuple((draw, sum(draw), *_draw_rows(bytes(draw)))
                            for draw in (every, no_jokers))
        self._new_deal()

    def _new_deal(self) -> None:
        """Set up the next deal's draw: every card of the deck the game still plays with."""
        self._draw = draw = self._fresh[self.game._jokers_gone]
        self._unseen = draw[0][:]            # 1: deck index to draw from
        self._left = draw[1]                 # cards left to draw from
        self._gone: list[int] = []           # the dealt cards' places in the draw's rows, rising
        self._due = sum(self.game.hand_sizes)    # cards the deal gives
        self._dealt: list[int] = []          # deck indices dealt so far in this deal

    # ---- chance
    @property
    def current_player(self) -> int:
        return self.game.current_player

    def _remaining(self) -> list[int]:
        """The deck indices not dealt yet in this deal, in order."""
        return list(compress(range(len(self._deck)), self._unseen))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game.current_player != CHANCE_PLAYER:
            return []
        # the draw's row for this many cards left, less the cards dealt (shared tuples;
        # a few deletions from a copied row cost far less than filtering the deck)
        outcomes = list(self._draw[2][self._left])
        for place in reversed(self._gone):
            del outcomes[place]
        return outcomes

    def chance_outcome_to_string(self, action: int) -> str:
        """The card a chance outcome deals (``"As"``)."""
        return str(Pool(self._bits[_chance_index(action, len(self._deck))]))

    def legal_actions(self) -> Sequence[int]:
        if self.game.current_player == CHANCE_PLAYER:
            return self._remaining()
        return self.game.legal_actions()

    def apply_action(self, action: int) -> None:
        if self.game.current_player == CHANCE_PLAYER:
            self.deal_card(action)
        else:
            self.play(action)

    def play(self, action: int) -> None:
        """A seat's action (the game's own); a hand that ends sets up the next deal."""
        game = self.game
        game.apply_action(action)
        if game.current_player == CHANCE_PLAYER:
            self._new_deal()

    def deal_card(self, action: int) -> None:
        """A chance outcome, while the game awaits a deal: the deal's next card."""
        unseen = self._unseen
        i = action if type(action) is int and 0 <= action < len(unseen) \
            else _chance_index(action, len(unseen))
        if not unseen[i]:
            if self._bits[i] & JOKER_MASK and self.game._jokers_gone:
                raise IllegalAction(f"{self.chance_outcome_to_string(i)} has left the deck")
            raise IllegalAction(f"{self.chance_outcome_to_string(i)} is already dealt")
        unseen[i] = 0
        self._left -= 1
        insort(self._gone, self._draw[3][i])
        dealt = self._dealt
        dealt.append(i)
        if len(dealt) == self._due:
            self._deal(dealt)

    def _deal(self, dealt: list[int]) -> None:
        """Give the game the hands the deal's chance outcomes make (seat 0's cards first):
        distinct cards of the deck in play, as many as each seat is due, so the game
        starts the hand without checking them again."""
        bits, hands, at = self._bits, [], 0
        for size in self.game.hand_sizes:
            mask = 0
            for k in dealt[at:at + size]:
                mask |= bits[k]
            hands.append(mask)           # the game takes a hand as its cards' mask
            at += size
        game = self.game
        game._start_hand(hands, game._starter)
        self._dealt = []                 # (the next deal's draw is set up when the hand ends)

    # ---- copies and saves
    def clone(self) -> CardByCard:
        copy = type(self).__new__(type(self))
        copy.game, copy._deck, copy._bits, copy._fresh, copy._draw = \
            self.game.clone(), self._deck, self._bits, self._fresh, self._draw
        copy._dealt, copy._unseen, copy._gone = self._dealt[:], self._unseen[:], self._gone[:]
        copy._left, copy._due = self._left, self._due
        return copy

    def to_json(self) -> str:
        return json.dumps({"format": CARD_BY_CARD_FORMAT, "version": 1,
                           "by_rank": isinstance(self, RankByRank),
                           "game": json.loads(self.game.to_json()),
                           "dealt": [str(Pool(self._bits[i])) for i in self._dealt]})

    @classmethod
    def from_json(cls, text: str) -> CardByCard:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != CARD_BY_CARD_FORMAT:
            raise ValueError(f"not a saved card-by-card game (no format {CARD_BY_CARD_FORMAT!r})")
        dealt = data.get("dealt")
        if not isinstance(dealt, list) or not all(isinstance(c, str) for c in dealt):
            raise ValueError("saved card-by-card game: 'dealt' must be a list of cards")
        kind = RankByRank if data.get("by_rank") is True else CardByCard
        state = kind(Game.from_json(json.dumps(data.get("game"))))
        index = {b: i for i, b in enumerate(state._deck)}
        for card in dealt:
            bit = Pool.parse(card).mask.bit_length() - 1
            if bit not in index:
                raise ValueError(f"saved card-by-card game: {card!r} is not in the deck")
            CardByCard.deal_card(state, index[bit])
        return state

    def __reduce__(self) -> tuple[Callable[[str], CardByCard], tuple[str]]:
        return (CardByCard.from_json, (self.to_json(),))


RANK_CLASSES = 14     # ranks Two..Ace, then the jokers


class RankByRank(CardByCard):
    """A card-by-card deal that draws only each card's rank (jokers: one more class).

    Each chance outcome is a rank class (``0..12`` for Two..Ace, ``13`` for a joker),
    drawn with the odds of the cards of that rank not yet dealt. When every call in
    play is decided by rank counts alone (as with the solver's kept calls), suits
    change nothing, so this is the same game as the full deal up to renaming suits,
    with 13 outcomes a node instead of 52: small enough for OpenSpiel to walk the
    whole tree.

    The suit a card gets must tell its seat nothing about the other hands (a seat
    dealt the Two of diamonds because another seat holds the Two of clubs would know
    that seat's card). So each seat owns suits by its place in the deal: with hand
    sizes h0, h1, ..., seat s's j-th card of a rank gets suit ``h0 + ... + h(s-1) + j``
    (``c d h s`` = 0..3). Hand sizes are public and the deal has at most 4 cards in
    play, so no two seats' suits meet and a seat's suits depend on its own ranks only.
    """

    __slots__ = ()

    def _classes(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for i in self._remaining():
            out.setdefault(min(self._deck[i] % 16, RANK_CLASSES - 1), []).append(i)
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game.current_player != CHANCE_PLAYER:
            return []
        classes = self._classes()
        left = sum(len(v) for v in classes.values())
        return [(c, len(v) / left) for c, v in sorted(classes.items())]

    def chance_outcome_to_string(self, action: int) -> str:
        """The rank a chance outcome deals (``"rank 7"``, ``"a joker"``)."""
        c = _chance_index(action, RANK_CLASSES)
        return "a joker" if c == RANK_CLASSES - 1 else f"rank {'23456789TJQKA'[c]}"

    def legal_actions(self) -> Sequence[int]:
        if self.game.current_player == CHANCE_PLAYER:
            return sorted(self._classes())
        return self.game.legal_actions()

    def deal_card(self, action: int) -> None:
        """A chance outcome, while the game awaits a deal: the rank of the deal's next card."""
        c = _chance_index(action, RANK_CLASSES)
        cards = self._classes().get(c)
        if not cards:
            raise IllegalAction(f"no card of {self.chance_outcome_to_string(c)} is left to deal")
        CardByCard.deal_card(self, self._card_for_seat(c, cards))

    def _card_for_seat(self, rank: int, cards: list[int]) -> int:
        """The card of `rank` the next seat is dealt: its own suit slot (see the class)."""
        sizes = self.game.hand_sizes
        k, seat, first = len(self._dealt), 0, 0
        while k >= first + sizes[seat]:
            first += sizes[seat]
            seat += 1
        same = sum(1 for i in self._dealt[first:] if min(self._deck[i] % 16, RANK_CLASSES - 1)
                   == rank)
        bit = 16 * (first + same) + rank
        for i in cards:
            if self._deck[i] == bit:
                return i
        raise IllegalAction(f"{self.chance_outcome_to_string(rank)}: the card of this seat's "
                            f"suit slot is not in the deck (deal='rank' is for decks without "
                            f"jokers and at most 4 cards in play)")


@dataclass(frozen=True)
class Unseeded:
    """A seat's observation before the root chance node has drawn the seed: nothing."""

    seat: int
    num_actions: int
    observation_size: int

    def legal_actions(self) -> list[int]:
        return []

    def action_mask(self) -> npt.NDArray[np.int8]:
        return np.zeros(self.num_actions, np.int8)

    def to_array(self) -> npt.NDArray[np.float32]:
        return np.zeros(self.observation_size, np.float32)

    def describe(self) -> str:
        return f"seat {self.seat}: nothing is dealt yet"


class SeededAtRoot(_CopiedByClone):
    """A game made by ``make(seed)`` once a root chance node has drawn the seed.

    Until then it is a chance node with `outcomes` equally likely seeds, and every
    seat's observation is all zeros (nothing is known yet).
    """

    __slots__ = ("_make", "_origin", "_outcomes", "_seed", "_sizes", "game")

    def __init__(self, make: Callable[[int], GameState], outcomes: int,
                 sizes: tuple[int, int, int], origin: tuple[str, dict[str, Any]]) -> None:
        self._make = make
        self._outcomes = outcomes
        self._sizes = sizes                  # num_players, num_actions, observation_size
        self._origin = origin                # (game name, options): how to make `make` again
        self._seed: int | None = None
        self.game: GameState | None = None

    @property
    def seed(self) -> int | None:
        """The seed the root chance node drew (None before it is drawn)."""
        return self._seed

    @property
    def num_players(self) -> int:
        return self._sizes[0]

    @property
    def num_actions(self) -> int:
        return self._sizes[1]

    @property
    def observation_size(self) -> int:
        return self._sizes[2]

    @property
    def current_player(self) -> int:
        return CHANCE_PLAYER if self.game is None else self.game.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game is None:
            p = 1.0 / self._outcomes
            return [(k, p) for k in range(self._outcomes)]
        return self.game.chance_outcomes()

    def chance_outcome_to_string(self, action: int) -> str:
        return f"seed {action}" if self.game is None else f"outcome {action}"

    def legal_actions(self) -> Sequence[int]:
        return list(range(self._outcomes)) if self.game is None else self.game.legal_actions()

    def apply_action(self, action: int) -> None:
        if self.game is None:
            seed = _chance_index(action, self._outcomes)
            self.game = self._make(seed)
            self._seed = seed
        else:
            self.game.apply_action(action)

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_terminal()

    def returns(self) -> list[float]:
        return [0.0] * self._sizes[0] if self.game is None else self.game.returns()

    def observation_array(self, seat: int) -> npt.NDArray[np.float32]:
        if self.game is None:
            return self.observation(seat).to_array()
        return self.game.observation_array(seat)

    def action_mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        if self.game is None:
            return np.zeros(self._sizes[1], np.int8)
        return self.game.action_mask(seat)

    def observation(self, seat: int) -> SeatView:
        if self.game is None:
            if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                    or not 0 <= seat < self._sizes[0]:
                raise ValueError(f"seat must be 0..{self._sizes[0] - 1}, not {seat!r}")
            return Unseeded(int(seat), self._sizes[1], self._sizes[2])
        return self.game.observation(seat)

    def action_to_string(self, action: int) -> str:
        """The game's words for an action; before the seed is drawn, the seed's."""
        if self.game is None:
            return self.chance_outcome_to_string(_chance_index(action, self._outcomes))
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        if self.game is None:
            raise ValueError(f"no action has a name before the root chance node draws the "
                             f"seed (its outcomes are 0..{self._outcomes - 1}), not {text!r}")
        return self.game.string_to_action(text)

    def clone(self) -> SeededAtRoot:
        copy = SeededAtRoot(self._make, self._outcomes, self._sizes, self._origin)
        copy._seed = self._seed
        copy.game = None if self.game is None else self.game.clone()
        return copy

    def to_json(self) -> str:
        kind = None if self.game is None else type(self.game)
        return json.dumps({
            "format": SEEDED_FORMAT, "version": 1, "origin": list(self._origin),
            "outcomes": self._outcomes, "sizes": list(self._sizes), "seed": self._seed,
            "kind": None if kind is None else [kind.__module__, kind.__qualname__],
            "game": None if self.game is None else json.loads(self.game.to_json())})

    @classmethod
    def from_json(cls, text: str) -> SeededAtRoot:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SEEDED_FORMAT:
            raise ValueError(f"not a saved seeded game (no format {SEEDED_FORMAT!r})")
        name, options = data["origin"]
        game = wing_of(name)[0]     # the origin names the wing; its options hold any preset

        def make(seed: int) -> GameState:
            return game.new_game(seed=seed, **options)

        state = cls(make, data["outcomes"], tuple(data["sizes"]), (name, options))
        if data["game"] is not None:
            module, qualname = data["kind"]
            kind: Any = import_module(module)
            for part in qualname.split("."):
                kind = getattr(kind, part)
            state.game = kind.from_json(json.dumps(data["game"]))
            state._seed = data["seed"]
        return state

    def __reduce__(self) -> tuple[Callable[[str], SeededAtRoot], tuple[str]]:
        return (SeededAtRoot.from_json, (self.to_json(),))


class CheatCardByCard(_CopiedByClone):
    """A game of Cheat whose deal is made card by card from chance outcomes.

    Card k of the deal goes to seat k mod n (as the game deals a shuffled deck);
    each chance outcome is a card id (``0..53``), drawn with the odds of the copies
    left. Once every card is dealt, ``make(hands)`` starts the game with those hands
    and the game's own chance nodes (the Jack turned up, the card revealed) follow.
    """

    __slots__ = ("_deck", "_dealt", "_left", "_make", "_origin", "_players", "game")

    def __init__(self, make: Callable[[list[str]], GameState], deck: tuple[int, ...],
                 players: int, origin: tuple[str, dict[str, Any]]) -> None:
        self._make, self._deck, self._players, self._origin = make, tuple(deck), players, origin
        self._left = list(deck)
        self._dealt: list[int] = []
        self.game: GameState | None = None

    @property
    def num_players(self) -> int:
        return self._players if self.game is None else self.game.num_players

    @property
    def current_player(self) -> int:
        return CHANCE_PLAYER if self.game is None else self.game.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game is not None:
            return self.game.chance_outcomes()
        total = sum(self._left)
        return [(c, k / total) for c, k in enumerate(self._left) if k]

    def chance_outcome_to_string(self, action: int) -> str:
        if self.game is not None:
            return self.game.action_to_string(action)
        from pokerbull.cheat.rules import card_text
        card = _chance_index(action, len(self._deck))
        return f"deal {card_text(card)} to seat {len(self._dealt) % self._players}"

    def legal_actions(self) -> Sequence[int]:
        if self.game is None:
            return [c for c, k in enumerate(self._left) if k]
        return self.game.legal_actions()

    def apply_action(self, action: int) -> None:
        if self.game is not None:
            self.game.apply_action(action)
            return
        card = _chance_index(action, len(self._deck))
        if not self._left[card]:
            raise IllegalAction(f"no copy of card {card} is left to deal")
        self._left[card] -= 1
        self._dealt.append(card)
        if not any(self._left):
            from pokerbull.cheat.rules import card_text
            n = self._players
            hands = [" ".join(card_text(c) for c in self._dealt[s::n]) for s in range(n)]
            self.game = self._make(hands)

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_terminal()

    def returns(self) -> list[float]:
        return [0.0] * self._players if self.game is None else self.game.returns()

    def observation(self, seat: int) -> SeatView:
        if self.game is None:
            if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) \
                    or not 0 <= seat < self._players:
                raise ValueError(f"seat must be 0..{self._players - 1}, not {seat!r}")
            return Unseeded(int(seat), self.num_actions, self.observation_size)
        return self.game.observation(seat)

    @property
    def num_actions(self) -> int:
        from pokerbull.cheat.game import NUM_ACTIONS
        return NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        from pokerbull.cheat.game import observation_size
        from pokerbull.cheat.rules import Rules
        return observation_size(Rules.make(self._players)) if self.game is None \
            else self.game.observation_size

    def observation_array(self, seat: int) -> npt.NDArray[np.float32]:
        return self.observation(seat).to_array()

    def action_mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        if self.game is None:
            return np.zeros(self.num_actions, np.int8)
        return self.game.action_mask(seat)

    def action_to_string(self, action: int) -> str:
        """The game's words for an action; during the deal, the card dealt."""
        return self.chance_outcome_to_string(action)   # the game's own once it is made

    def string_to_action(self, text: str) -> int:
        if self.game is None:
            raise ValueError(f"no action has a name during the deal (its outcomes are the "
                             f"card ids 0..{len(self._deck) - 1}), not {text!r}")
        return self.game.string_to_action(text)

    def log_for(self, seat: int) -> list[str]:
        """The game's log for `seat` (nothing until the deal is complete)."""
        return [] if self.game is None else self.game.log_for(seat)

    def clone(self) -> CheatCardByCard:
        copy = CheatCardByCard(self._make, self._deck, self._players, self._origin)
        copy._left, copy._dealt = self._left[:], self._dealt[:]
        copy.game = None if self.game is None else self.game.clone()
        return copy

    def to_json(self) -> str:
        return json.dumps({"format": CHEAT_DEAL_FORMAT, "version": 1,
                           "origin": list(self._origin), "dealt": self._dealt,
                           "game": None if self.game is None else json.loads(self.game.to_json())})

    @classmethod
    def from_json(cls, text: str) -> CheatCardByCard:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != CHEAT_DEAL_FORMAT:
            raise ValueError(f"not a saved card-by-card Cheat game (no format "
                             f"{CHEAT_DEAL_FORMAT!r})")
        name, options = data["origin"]
        game = wing_of(name)[0]     # the origin names the wing, as the spec made it
        probe = game.new_game(seed=0, **options)

        def make(hands: list[str]) -> GameState:
            return game.new_game(hands=hands, seed=0, **options)

        state = cls(make, probe.rules.deck, probe.num_players, (name, options))
        for card in data["dealt"]:
            state.apply_action(card)
        if data["game"] is not None:
            if state.game is None:
                raise ValueError("saved card-by-card Cheat game: a game is saved but its "
                                 "deal ('dealt') is not complete")
            state.game = type(state.game).from_json(json.dumps(data["game"]))
        return state

    def __reduce__(self) -> tuple[Callable[[str], CheatCardByCard], tuple[str]]:
        return (CheatCardByCard.from_json, (self.to_json(),))


CHEAT_DEAL_FORMAT = "pokerbull-cheat-card-by-card"
