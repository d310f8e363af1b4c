"""What a seat may know, piece by piece, for OpenSpiel's observation types.

OpenSpiel asks for an observation by kind (``IIGObservationType``): public
information only, one seat's private information only, both, or a seat's
perfect-recall information state. Each game of the family here has two
functions, kept apart so that privacy holds by construction:

- ``public(state)``: named pieces anyone at the table sees. It takes no seat,
  so it cannot depend on whose view is asked for (and every seat gets the same);
- ``private(state, seat)``: named pieces only `seat` sees (its own cards).

Pieces are flat float32 arrays with absolute seat numbers. :class:`GameViews`
lists their names and sizes, which fixes the tensor layouts, and renders any
selection of pieces as text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerbull.protocol import CHANCE_PLAYER

Pieces = dict[str, np.ndarray]


@dataclass(frozen=True)
class Piece:
    """One named part of an observation: its length and how to say it in words.

    ``kind`` is ``"seat"`` (one-hot over seats), ``"cards"`` (a count per card of the
    game's deck), ``"calls"`` (one flag per action), ``"call"`` (one action as its
    number, -1 for none) or ``"values"`` (plain numbers).
    """

    name: str
    size: int
    kind: str = "values"


@dataclass(frozen=True)
class GameViews:
    """The public and private pieces of one game with its options fixed."""

    public_pieces: tuple[Piece, ...]
    private_pieces: tuple[Piece, ...]
    public: Callable[[Any], Pieces]               # the inner game state -> public pieces
    private: Callable[[Any, int], Pieces]         # (state, seat) -> that seat's pieces
    card_name: Callable[[int], str]               # a deck index -> its card, in words
    action_name: Callable[[int], str]             # an action -> its words

    def describe(self, pieces: Sequence[Piece], values: Pieces) -> str:
        """The selected pieces as one line of text (the same content as the tensor)."""
        parts = []
        for piece in pieces:
            v = values[piece.name]
            hot = np.flatnonzero(v)
            if piece.kind == "seat":
                text = str(int(hot[0])) if len(hot) else "-"
            elif piece.kind == "cards":
                text = " ".join(self.card_name(int(i)) + ("" if v[i] == 1 else f"x{v[i]:g}")
                                for i in hot) or "-"
            elif piece.kind == "calls":
                text = ", ".join(self.action_name(int(i)) for i in hot) or "-"
            elif piece.kind == "call":
                text = self.action_name(int(v[0])) if v[0] >= 0 else "-"
            else:
                text = " ".join(f"{x:g}" for x in v)
            parts.append(f"{piece.name}: {text}")
        return "; ".join(parts)


def _one_hot(size: int, index: int | None) -> np.ndarray:
    out = np.zeros(size, np.float32)
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


# ---- Poker Bull -----------------------------------------------------------------

def bull_views(rules: Any) -> GameViews:
    """Poker Bull: who plays and starts, hand sizes and the calls of the hand are public;
    a seat's own cards are private. (The layout of ``Game.observation_array`` once the
    player piece and the cards are put back in their places.)

    Cheung's family (61,501 calls) has compact views: in place of a flag per call, the
    hand's last call as its number (-1 before any), how many calls the hand has seen,
    and the legal run of the seat to act as two numbers (its legal actions lie in
    ``start <= a < stop``; an opening skips the few calls certain for the cards in
    play, which every seat can tell from the hand sizes); see :func:`compact_bull`."""
    from pokerbull.bull.game import _card_index
    from pokerbull.cards import Pool

    n, deck, calls = rules.players, rules.deck_size, len(rules.ladder)
    index_of = _card_index(rules)
    bit_of = {i: b for b, i in index_of.items()}
    ladder = rules.ladder
    compact = compact_bull(rules)

    def cards_piece(mask: int) -> np.ndarray:
        out = np.zeros(deck, np.float32)
        while mask:
            low = mask & -mask
            out[index_of[low.bit_length() - 1]] = 1.0
            mask ^= low
        return out

    def public(game: Any) -> Pieces:
        player = game.current_player
        out = {"to_play": _one_hot(n, player if player >= 0 else None),
               "starter": _one_hot(n, game.starter),
               "hand_sizes": np.array(game.hand_sizes, np.float32),
               "last_caller": _one_hot(n, game.last_caller)}
        if compact:
            last = game.last_call
            legal = game.legal_actions() if player >= 0 else ()
            out["last_call"] = np.array([-1 if last is None else last.index], np.float32)
            out["calls_made"] = np.array([len(game.calls)], np.float32)
            out["legal_run"] = np.array([legal[0], legal[-1] + 1] if legal else [0, 0],
                                        np.float32)
            return out
        made = np.zeros(calls, np.float32)
        for _, call in game.calls:
            made[call.index] = 1.0
        out["calls"] = made
        return out

    def private(game: Any, seat: int) -> Pieces:
        return {"player": _one_hot(n, seat), "cards": cards_piece(game.hand(seat).mask)}

    def action_name(a: int) -> str:
        return "challenge" if a == calls else str(ladder[a])

    made: tuple[Piece, ...] = (Piece("calls", calls, "calls"),)
    if compact:
        made = (Piece("last_call", 1, "call"), Piece("calls_made", 1), Piece("legal_run", 2))
    return GameViews(
        (Piece("to_play", n, "seat"), Piece("starter", n, "seat"), Piece("hand_sizes", n))
        + made + (Piece("last_caller", n, "seat"),),
        (Piece("player", n, "seat"), Piece("cards", deck, "cards")),
        public, private, lambda i: str(Pool(1 << bit_of[i])), action_name)


def compact_bull(rules: Any) -> bool:
    """True for the Poker Bull rules whose RL observations are compact: Cheung's
    family, whose 61,501 calls would otherwise be a flag each in every observation."""
    return getattr(rules, "family", None) == "cheung"


def compact_bull_observation(rules: Any) -> tuple[int, Callable[[Any, int], np.ndarray]]:
    """Cheung's compact observation of a seat: its length and ``observe(state, seat)``.

    Both kinds of pieces of :func:`bull_views` in the order of ``Game.observation_array``:
    player, to play, starter, hand sizes (each ``n``), own cards (``deck``), then
    last call, calls made, legal run (4 numbers) and the last caller (``n``).
    `state` is a game or a chance wrapper around one (zeros before its game exists).
    Written straight into one array: it runs at every step of an environment."""
    from pokerbull.bull.game import _card_index

    n, deck = rules.players, rules.deck_size
    index_of = _card_index(rules)
    size = 5 * n + deck + 4
    at = 4 * n + deck

    def observe(state: Any, seat: int) -> np.ndarray:
        out = np.zeros(size, np.float32)
        game = state
        while game is not None and not hasattr(game, "hand_sizes"):
            game = getattr(game, "game", None)      # a chance wrapper: its game, once made
        if game is None:
            return out
        player, starter, caller = game.current_player, game.starter, game.last_caller
        out[seat] = 1.0
        if player >= 0:
            out[n + player] = 1.0
        if starter is not None and starter >= 0:
            out[2 * n + starter] = 1.0
        out[3 * n:4 * n] = game.hand_sizes
        mask = game.hand(seat).mask
        while mask:
            low = mask & -mask
            out[4 * n + index_of[low.bit_length() - 1]] = 1.0
            mask ^= low
        last = game.last_call
        out[at] = -1 if last is None else last.index
        out[at + 1] = len(game.calls)
        if player >= 0:
            legal = game.legal_actions()
            out[at + 2], out[at + 3] = legal[0], legal[-1] + 1
        if caller is not None and caller >= 0:
            out[at + 4 + caller] = 1.0
        return out

    return size, observe


# ---- Cheat ----------------------------------------------------------------------

def cheat_views(rules: Any) -> GameViews:
    """Cheat: hand sizes, the pile's size, cards put aside face up, the last claim (seat,
    rank, count, suit), the rank and suit due, who finished and the penalties are
    public; a seat's hand, the pile cards it has seen and its cards laid so far this
    turn are private."""
    from pokerbull.cheat.game import NUM_ACTIONS
    from pokerbull.cheat.rules import N_CARDS, card_text

    n = rules.players

    def public(game: Any) -> Pieces:
        to_play = game.current_player
        # the rank and suit due are rules facts; the seat to play's observation states them
        due = game.observation(to_play) if to_play >= 0 else None
        claim = np.zeros(n + 14 + 1 + 4, np.float32)
        last = game.observation(0).last_claim if game.pile_size else None
        if last is not None:
            s, rank, count, suit, _ = last
            claim[s] = 1.0
            claim[n + rank] = 1.0
            claim[n + 14] = count
            if suit >= 0:
                claim[n + 15 + suit] = 1.0
        allowed = np.zeros(14, np.float32)
        suit_due = np.zeros(4, np.float32)
        if due is not None:
            allowed[list(due.allowed)] = 1.0
            if due.suit >= 0:
                suit_due[due.suit] = 1.0
        anyone = game.observation(0)
        finished = np.zeros(n, np.float32)
        finished[list(anyone.finished)] = 1.0
        return {"to_play": _one_hot(n, to_play if to_play >= 0 else None),
                "phase": _one_hot(4, anyone.phase),
                "hand_sizes": np.array(anyone.hand_sizes, np.float32),
                "pile_size": np.array([anyone.pile_size], np.float32),
                "cleared": np.array([anyone.cleared], np.float32),
                "out_of_play": np.array(anyone.out_of_play, np.float32),
                "last_claim": claim, "allowed": allowed, "suit_due": suit_due,
                "finished": finished,
                "penalties": np.array(anyone.penalties, np.float32)}

    def private(game: Any, seat: int) -> Pieces:
        obs = game.observation(seat)
        pending = np.zeros(N_CARDS, np.float32)
        for c in obs.pending:
            pending[c] += 1.0
        return {"player": _one_hot(n, seat), "hand": np.array(obs.hand, np.float32),
                "known_pile": np.array(obs.known_pile, np.float32), "laying": pending}

    def action_name(a: int) -> str:
        from pokerbull.cheat.game import Game
        return Game(players=n, rules=rules).action_to_string(a) if 0 <= a < NUM_ACTIONS else "?"

    return GameViews(
        (Piece("to_play", n, "seat"), Piece("phase", 4, "seat"), Piece("hand_sizes", n),
         Piece("pile_size", 1), Piece("cleared", 1), Piece("out_of_play", N_CARDS, "cards"),
         Piece("last_claim", n + 19), Piece("allowed", 14), Piece("suit_due", 4),
         Piece("finished", n), Piece("penalties", n)),
        (Piece("player", n, "seat"), Piece("hand", N_CARDS, "cards"),
         Piece("known_pile", N_CARDS, "cards"), Piece("laying", N_CARDS, "cards")),
        public, private, card_text, action_name)


# ---- Poker roulette -------------------------------------------------------------

def roulette_views(rules: Any) -> GameViews:
    """Poker roulette: the face-up cards of every stockpile, the match card, the face-up
    discards, the betting and the counts of face-down cards are public; a seat's own stock
    card is private."""
    from pokerbull.evaluator import card_index
    from pokerbull.roulette.game import CARD_OF, CARD_KINDS

    n = rules.players

    def cards_piece(cards: Sequence[Any]) -> np.ndarray:
        out = np.zeros(CARD_KINDS, np.float32)
        for c in cards:
            out[card_index(c)] += 1.0
        return out

    def public(game: Any) -> Pieces:
        player = game.current_player
        # what seat s shows every other seat; at a showdown every stockpile is open
        seen = [game.observation((s + 1) % n).stockpiles[s] for s in range(n)]
        piles = np.concatenate([cards_piece(cards) for cards in seen])
        anyone = game.observation(0)
        match = () if anyone.match_card is None else (anyone.match_card,)
        return {"to_play": _one_hot(n, player if player >= 0 else None),
                "folded": np.array(anyone.folded, np.float32),
                "stockpile_sizes": np.array(anyone.stockpile_sizes, np.float32),
                "active_counts": np.array(anyone.active_counts, np.float32),
                "put_in": np.array(anyone.put_in, np.float32),
                "stockpiles": piles, "match_card": cards_piece(match),
                "discard": cards_piece(anyone.discard),
                "table": np.array([anyone.pot, anyone.to_call, anyone.raises_left,
                                   anyone.round, anyone.cards_left, anyone.discard_face_down,
                                   float(rules.betting)], np.float32)}

    def private(game: Any, seat: int) -> Pieces:
        card = game.stock_card(seat) if game.current_player != CHANCE_PLAYER or \
            game.stockpile(seat) else None
        return {"player": _one_hot(n, seat),
                "stock_card": cards_piece(() if card is None else (card,))}

    def action_name(a: int) -> str:
        from pokerbull.roulette.game import CALL, DEAL, FOLD
        if a >= DEAL:
            return CARD_OF[a - DEAL].name
        return {FOLD: "fold", CALL: "call"}.get(a, "raise")

    return GameViews(
        (Piece("to_play", n, "seat"), Piece("folded", n), Piece("stockpile_sizes", n),
         Piece("active_counts", n), Piece("put_in", n),
         Piece("stockpiles", n * CARD_KINDS), Piece("match_card", CARD_KINDS, "cards"),
         Piece("discard", CARD_KINDS, "cards"), Piece("table", 7)),
        (Piece("player", n, "seat"), Piece("stock_card", CARD_KINDS, "cards")),
        public, private, lambda i: CARD_OF[i].name, action_name)


VIEWS: dict[str, Callable[[Any], GameViews]] = {
    "bull": bull_views, "cheat": cheat_views, "roulette": roulette_views}


def views_of(game: str, rules: Any) -> GameViews | None:
    """The views of a game of the family (None for a game without them)."""
    make = VIEWS.get(game)
    return None if make is None else make(rules)


class BullInformationState:
    """Poker Bull's perfect-recall information state as one float32 tensor.

    ``player`` (one-hot over seats), then one block per hand the game can last
    (``max_hands``): the seat's own cards of that deal, the calls made (one flag per
    call: a hand's calls only climb, so the flags keep their order, and the seats act
    in turn, so the hand's k-th call is its starter's k-th seat in turn: who made
    each call follows from the rules and earlier hands), who challenged, and the cards
    each seat showed after the challenge. `kept` (``calls=K``) numbers the calls by
    their place among the kept calls.
    """

    def __init__(self, rules: Any, max_hands: int, kept: tuple[int, ...] | None) -> None:
        from pokerbull.bull.game import _card_index
        self.players, self.deck, self.max_hands = rules.players, rules.deck_size, max_hands
        calls = range(len(rules.ladder)) if kept is None else kept[:-1]
        self.position = {a: k for k, a in enumerate(calls)}
        self.calls = len(self.position)
        self.index_of = _card_index(rules)
        n = self.players
        self.block = self.deck + self.calls + n + n * self.deck
        self.size = n + max_hands * self.block

    def _cards(self, out: np.ndarray, at: int, mask: int) -> None:
        while mask:
            low = mask & -mask
            out[at + self.index_of[low.bit_length() - 1]] = 1.0
            mask ^= low

    def write(self, game: Any, seat: int, out: np.ndarray) -> None:
        """Fill `out` with `seat`'s information state in `game` (None: nothing dealt)."""
        from pokerbull.bull.game import CallMade, Challenge, Deal, Reveal
        n, deck = self.players, self.deck
        out[:] = 0.0
        out[seat] = 1.0
        if game is None:
            return
        for r in game.history:
            kind = type(r)
            if kind not in (Deal, CallMade, Challenge, Reveal):
                continue      # a hand's result adds nothing its calls and cards shown do not say
            base = n + (r.hand - 1) * self.block
            if kind is Deal:
                self._cards(out, base, r.hands[seat].mask)
            elif kind is CallMade:
                out[base + deck + self.position[r.call.index]] = 1.0
            elif kind is Challenge:
                out[base + deck + self.calls + r.seat] = 1.0
            else:
                shown = base + deck + self.calls + n
                for s, hand in enumerate(r.hands):
                    self._cards(out, shown + s * deck, hand.mask)


class RouletteInformationState:
    """Poker roulette's perfect-recall information state as one float32 tensor.

    ``player`` (one-hot), the seat's own stock card, then one block per round the game
    can last (``rounds``): the match card, the cards each seat turned over, and every
    betting decision in order (one-hot over seat x fold/call/raise, ``decisions``
    slots). What a seat keeps, discards or claims follows from these by the rules.
    """

    ACTIONS = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}

    def __init__(self, rules: Any, rounds: int) -> None:
        from pokerbull.roulette.game import CARD_KINDS
        n = self.players = rules.players
        self.kinds, self.rounds = CARD_KINDS, rounds
        self.decisions = n * (rules.max_raises + 1)
        self.block = CARD_KINDS * (1 + n) + self.decisions * n * 3
        self.size = n + CARD_KINDS + rounds * self.block

    def write(self, game: Any, seat: int, out: np.ndarray) -> None:
        """Fill `out` with `seat`'s information state in `game` (None: nothing dealt)."""
        from pokerbull.evaluator import card_index
        from pokerbull.roulette.game import BetMade, Matching
        n, kinds = self.players, self.kinds
        out[:] = 0.0
        out[seat] = 1.0
        if game is None:
            return
        stock = game.stock_card(seat)
        if stock is not None:
            out[n + card_index(stock)] = 1.0
        slot: dict[int, int] = {}
        for r in game.history:
            kind = type(r)
            if kind is Matching:
                base = n + kinds + (r.round - 1) * self.block
                out[base + card_index(r.card)] = 1.0
                for s, cards in enumerate(r.turned):
                    for c in cards:
                        out[base + kinds * (1 + s) + card_index(c)] += 1.0
            elif kind is BetMade:
                k = slot.get(r.round, 0)
                slot[r.round] = k + 1
                base = n + kinds + (r.round - 1) * self.block + kinds * (1 + n)
                out[base + (k * n + r.seat) * 3 + self.ACTIONS[r.action]] = 1.0


class CheatInformationState:
    """Cheat's information state as one float32 tensor of fixed size: a summary, since
    a game of Cheat has no useful bound on its length (the string is the whole story).

    ``player`` (one-hot), then the seat's observation array (its hand, the pile cards it
    has seen, the cards put aside, its cards laid this turn, the claim to answer, every
    seat's hand size, penalties and who finished), then per seat the cards this seat
    saw go into that seat's hand with a pile (its own plays and the plays it checked,
    the cards shown at a challenge or reveal; for itself every card of each pile it
    took; counts per card id), then the claims on
    the pile, newest first (``CLAIMS`` slots: claimant one-hot, rank one-hot, count
    named, cards laid).
    """

    CLAIMS = 8

    def __init__(self, rules: Any) -> None:
        from pokerbull.cheat.game import observation_size
        from pokerbull.cheat.rules import N_CARDS
        n = self.players = rules.players
        self.cards = N_CARDS
        self.observed = observation_size(rules)
        self.claim = n + 14 + 2
        self.size = n + self.observed + n * N_CARDS + self.CLAIMS * self.claim

    @staticmethod
    def pile_takes(game: Any) -> dict[int, tuple[int, list[int]]]:
        """For each history record where a seat takes the pile into its hand: (that seat,
        the pile's cards as counts per card id)."""
        from pokerbull.cheat.game import Believe, Challenge, PickUp, PileCleared, Play, Reveal
        from pokerbull.cheat.rules import N_CARDS, parse_cards
        pile = [0] * N_CARDS
        takes: dict[int, tuple[int, list[int]]] = {}
        for i, r in enumerate(game.history):
            kind = type(r)
            if kind is Play and r.cards is not None:
                pile = [a + b for a, b in zip(pile, parse_cards(r.cards))]
                continue
            if kind is Challenge or kind is Reveal:
                takes[i] = (r.taker, pile)
            elif kind is PickUp or (kind is Believe and r.lie):
                takes[i] = (r.seat, pile)
            elif kind is not Believe and kind is not PileCleared:
                continue
            pile = [0] * N_CARDS            # taken, or gone out of the game
        return takes

    def lines(self, game: Any, seat: int) -> list[str]:
        """`seat`'s log with what the log leaves out but the seat knows: the cards it was
        dealt, the cards of each pile it took, the cards it has laid so far this turn."""
        from pokerbull.cheat.game import Deal, Stand
        from pokerbull.cheat.rules import card_text, cards_text
        takes = self.pile_takes(game)
        out = []
        for i, r in enumerate(game.visible_history(seat)):
            if type(r) is Stand:
                continue
            out.append(r.describe(you=seat))
            if type(r) is Deal:
                out.append(f"your cards: {r.hands[seat]}")
            elif i in takes and takes[i][0] == seat:
                out.append(f"you take: {cards_text(takes[i][1])}")
        pending = game.observation(seat).pending
        if pending:
            out.append("you have laid so far: " + " ".join(card_text(c) for c in pending))
        return out

    def write(self, game: Any, seat: int, out: np.ndarray) -> None:
        """Fill `out` with `seat`'s information state in `game` (None: nothing dealt)."""
        from pokerbull.cheat.game import Challenge, Check, PickUp, Play, Reveal
        from pokerbull.cheat.rules import parse_cards
        n = self.players
        out[:] = 0.0
        out[seat] = 1.0
        if game is None:
            return
        obs = game.observation(seat)
        out[n:n + self.observed] = obs.to_array()
        taken = n + self.observed
        plays: list[np.ndarray] = []       # the pile's plays: the cards of each seen so far
        takes = self.pile_takes(game)
        for i, r in enumerate(game.visible_history(seat)):
            kind = type(r)
            if kind is Play:
                known = np.zeros(self.cards, np.float32)
                if r.cards is not None:
                    known += np.asarray(parse_cards(r.cards), np.float32)
                plays.append(known)
            elif kind is Check and r.cards is not None and plays:
                plays[-1] = np.asarray(parse_cards(r.cards), np.float32)
            elif kind is Challenge or kind is Reveal or kind is PickUp:
                if kind is not PickUp and plays:
                    shown = np.asarray(parse_cards(r.cards if kind is Challenge else r.card),
                                       np.float32)
                    plays[-1] = np.maximum(plays[-1], shown)
                taker = r.seat if kind is PickUp else r.taker
                at = taken + taker * self.cards
                if taker == seat and i in takes:       # it saw every card it took
                    out[at:at + self.cards] += np.asarray(takes[i][1], np.float32)
                else:
                    for known in plays:
                        out[at:at + self.cards] += known
                plays = []
            elif kind.__name__ in ("PileCleared", "Believe"):
                plays = []                 # the pile left the game (or went unattributed)
        at = taken + n * self.cards
        for s, rank, count, _suit, laid in reversed(obs.claims[-self.CLAIMS:]):
            out[at + s] = 1.0
            out[at + n + rank] = 1.0
            out[at + n + 14] = count
            out[at + n + 15] = laid
            at += self.claim
