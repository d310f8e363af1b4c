"""Presets and options: the table of RULES.md section 3 as resolved, checked rules.

A preset names a call family and the defaults of the general game: how many
cards a hand starts with, whether a loser's hand grows or shrinks, the largest
hand anyone may hold, who starts the next hand, and the direction of play.
:class:`Rules` holds every option resolved; it refuses at set-up any choice that
cannot work, including a table whose players could need more cards than the
deck holds.

>>> r = Rules.preset("pagat", players=6, start_cards=2)
>>> r.start_cards, r.card_limit, r.growth, r.max_cards_in_play
(2, 5, 'grow', 30)
>>> Rules.preset("pagat", players=11)
Traceback (most recent call last):
...
ValueError: pagat with 11 players could need 55 cards (11 players x 5), but the deck holds 52
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..options import whole

if TYPE_CHECKING:
    from ..calls.ladder import Ladder

GROWTHS = ("grow", "shrink")
DIRECTIONS = ("clockwise", "counter-clockwise")
NEXT_STARTERS = ("loser", "winner", "after-challenger")
RANDOM_SEAT = "random"
AFTER_DEALER = "after-dealer"    # a preset's first starter: the seat after the dealer, seat 0
DEFAULT_PLAYERS = 4
MAX_PLAYERS = 52   # one card each; the deck check is the real bound


@dataclass(frozen=True)
class Preset:
    """One row of the RULES.md section 3 table: a family and the game's defaults.

    ``start_cards`` may depend on the number of players (a callable), as it
    does in Cheung's game; ``card_limit`` is the largest hand a growing hand may
    reach (ignored when hands shrink: they never exceed ``start_cards``).
    """

    name: str
    family: str
    start_cards: int | Callable[[int], int]
    growth: str
    card_limit: int | None
    next_starter: str
    direction: str = "clockwise"
    first_starter: int | str = 0
    family_options: tuple[tuple[str, Any], ...] = ()
    source: str = ""
    min_players: int = 2
    extra_options: tuple[str, ...] = ()   # options of this preset beyond OPTION_NAMES


# Cheung's game: the family's options and the seed's variations 4, 5a and 5b
CHEUNG_FAMILY_OPTIONS = ("jokers", "suit_order", "joker_order", "royal_over_five")
VARIATION_OPTIONS = ("or_higher", "jokers_leave_at", "recharge_at")


def _cheung_start(players: int) -> int:
    """Five cards each; four with seven or more players (seed 001)."""
    return 4 if players >= 7 else 5


PRESETS: dict[str, Preset] = {
    p.name: p for p in (
        Preset("pagat", "pagat", 1, "grow", 5, "loser",
               source="seed 000: one card to start (option 2), the loser gains a card, "
                      "out when losing holding five; the loser starts the next hand"),
        Preset("pagat-wild", "pagat-wild", 1, "grow", 5, "loser",
               source="seed 000, deuces wild; otherwise as pagat"),
        Preset("pagat-five", "pagat", 5, "shrink", None, "loser",
               source="seed 000, five-card variant: the loser is dealt one card fewer, "
                      "out at none"),
        Preset("holdem", "holdem", 4, "grow", 5, "winner",
               source="seed 002: X cards to start (default 4), the loser gains a card, "
                      "out at y + 1 (y default 5); the winner of the challenge starts"),
        Preset("cheung", "cheung", _cheung_start, "shrink", None, "after-challenger",
               first_starter=AFTER_DEALER, min_players=3,
               extra_options=CHEUNG_FAMILY_OPTIONS + VARIATION_OPTIONS,
               source="seed 001: five cards (four with seven or more players), the loser is "
                      "dealt one card fewer, out at none; the seat after the challenger "
                      "starts; the seat after the dealer (seat 0) starts the first hand; "
                      "an opening call may not be certain"),
    )
}

_RESOLVED: dict[tuple[Any, ...], Rules] = {}   # Rules are immutable: resolve each spelling once
OPTION_NAMES = ("players", "start_cards", "card_limit", "growth", "next_starter",
                "direction", "first_starter")


def preset_names() -> tuple[str, ...]:
    """The names :meth:`Rules.preset` (and :class:`~pokerbull.bull.game.Game`) accept."""
    return tuple(PRESETS)


def _whole(value: object, name: str) -> int:
    return whole(name, value)


def _choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, "
                         f"not {value!r}")
    return str(value)


@dataclass(frozen=True)
class Rules:
    """Every option of one game, resolved and checked (build with :meth:`preset`).

    Hand sizes stay within ``1..card_limit``; a loser whose hand would leave that
    range (grow past ``card_limit``, or shrink to none) is out of the game.
    """

    preset_name: str
    family: str
    players: int
    start_cards: int
    card_limit: int
    growth: str
    next_starter: str
    direction: str
    first_starter: int | str
    family_options: tuple[tuple[str, Any], ...] = ()
    or_higher: bool = False      # cheung variation 4: a higher call holding also counts
    jokers_leave_at: int = 0     # cheung 5a: jokers leave once cards in play fall to this
    recharge_at: int = 0         # cheung 5b: one more card each, once, at this many in play
    deck_size: int = field(init=False, default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        where = self.preset_name
        players = _whole(self.players, "players")
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"{where}: players must be 2 to {MAX_PLAYERS}, not {players}")
        start = _whole(self.start_cards, "start_cards")
        limit = _whole(self.card_limit, "card_limit")
        growth = _choice(self.growth, "growth", GROWTHS)
        _choice(self.next_starter, "next_starter", NEXT_STARTERS)
        _choice(self.direction, "direction", DIRECTIONS)
        if start < 1:
            raise ValueError(f"{where}: start_cards must be at least 1, not {start}")
        if growth == "grow" and limit < start:
            raise ValueError(f"{where}: card_limit {limit} is below start_cards {start}; "
                             f"hands grow from start_cards up to card_limit")
        if growth == "shrink" and limit != start:
            raise ValueError(f"{where}: with shrinking hands the largest hand is start_cards "
                             f"({start}); card_limit {limit} cannot apply")
        first = self.first_starter
        if first != RANDOM_SEAT:
            first = _whole(first, "first_starter")
            if not 0 <= first < players:
                raise ValueError(f"{where}: first_starter must be a seat 0..{players - 1} "
                                 f"or 'random', not {first}")
        preset = PRESETS.get(where)
        if preset is not None and players < preset.min_players:
            raise ValueError(f"{where}: players must be {preset.min_players} to {MAX_PLAYERS}, "
                             f"not {players}")
        # plain ints from here on (NumPy integers are welcome as input)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "start_cards", start)
        object.__setattr__(self, "card_limit", limit)
        object.__setattr__(self, "first_starter", first)
        deck = self.ladder.allowed_mask.bit_count()
        object.__setattr__(self, "deck_size", deck)
        need = players * limit
        if need > deck:
            raise ValueError(f"{where} with {players} players could need {need} cards "
                             f"({players} players x {limit}), but the deck holds {deck}")
        self._check_variations(preset, players, start, deck)

    def _check_variations(self, preset: Preset | None, players: int, start: int,
                          deck: int) -> None:
        where = self.preset_name
        allowed = preset.extra_options if preset is not None else ()
        if not isinstance(self.or_higher, bool):
            raise ValueError(f"{where}: or_higher must be True or False, not {self.or_higher!r}")
        leave = _whole(self.jokers_leave_at, "jokers_leave_at")
        recharge = _whole(self.recharge_at, "recharge_at")
        for name, value in (("or_higher", self.or_higher), ("jokers_leave_at", leave),
                            ("recharge_at", recharge)):
            if value and name not in allowed:
                raise ValueError(f"{where}: {name} is an option of cheung's game, not of {where}")
        total = players * start
        jokers = (self.ladder.allowed_mask >> 13 & 1) + (self.ladder.allowed_mask >> 29 & 1)
        if leave:
            if not jokers:
                raise ValueError(f"{where}: jokers_leave_at={leave}, but this deck has no jokers")
            if not 1 <= leave < total:
                raise ValueError(f"{where}: jokers_leave_at must be 1..{total - 1} (cards in "
                                 f"play start at {total}), not {leave}")
        cheung = self.family == "cheung"
        if cheung and players * self.card_limit >= deck:
            raise ValueError(f"{where}: {players} players could hold all {deck} cards of the "
                             f"deck, when every call is certain or impossible and no opening "
                             f"call is allowed; play with fewer cards in play")
        if recharge:
            if not 1 <= recharge < total:
                raise ValueError(f"{where}: recharge_at must be 1..{total - 1} (cards in play "
                                 f"start at {total}), not {recharge}")
            # cards in play fall one a hand, so the jokers are still in at the recharge
            # unless they leave at that number of cards or before it
            room = deck - (jokers if leave >= recharge else 0)
            if recharge + players > room:
                raise ValueError(f"{where}: a recharge at {recharge} cards could need "
                                 f"{recharge + players} cards, but the deck holds {room}")
            if cheung and recharge + players == room:
                raise ValueError(f"{where}: a recharge at {recharge} cards could put all "
                                 f"{room} cards of the deck in play, when every call is "
                                 f"certain or impossible and no opening call is allowed")

    # -- building
    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """The rules of a preset (any case: ``"Pagat"`` is ``"pagat"``) with options given
        as keywords (see OPTION_NAMES)."""
        if isinstance(name, str):
            name = name.strip().lower()
        try:
            key = (name, tuple(sorted((k, type(v).__name__, v) for k, v in options.items())))
            cached = _RESOLVED.get(key)
        except TypeError:  # an unhashable option value: resolve it (and refuse it) below
            key, cached = None, None
        if cached is not None:
            return cached
        rules = cls._resolve(name, options)
        if key is not None:
            _RESOLVED[key] = rules
        return rules

    @classmethod
    def _resolve(cls, name: str, options: dict[str, Any]) -> Rules:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
        p = PRESETS[name]
        known = OPTION_NAMES + p.extra_options
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{name}: unknown option{'s' * (len(unknown) > 1)} "
                             f"{', '.join(map(repr, unknown))}; known: {', '.join(known)}")
        family_options = p.family_options
        given = {k: options[k] for k in CHEUNG_FAMILY_OPTIONS if k in options}
        if p.family == "cheung":
            from ..calls.spec import FAMILY_BUILDERS
            import inspect
            params = inspect.signature(FAMILY_BUILDERS["cheung"]).parameters
            merged = {k: params[k].default for k in CHEUNG_FAMILY_OPTIONS} | given
            family_options = tuple(sorted(merged.items()))
        variations = {k: options[k] for k in VARIATION_OPTIONS if k in options}
        players = options.get("players", DEFAULT_PLAYERS)
        growth = options.get("growth", p.growth)
        start = options.get("start_cards")
        if start is None:
            start = p.start_cards(_whole(players, "players")) if callable(p.start_cards) \
                else p.start_cards
        limit = options.get("card_limit")
        if limit is None:
            if growth == "shrink":
                limit = start
            elif p.card_limit is not None:
                limit = p.card_limit
            else:
                raise ValueError(f"{name}: growing hands need a card_limit")
        direction = options.get("direction", p.direction)
        first = options.get("first_starter", p.first_starter)
        if first == AFTER_DEALER:   # the next seat after the dealer (seat 0) in the direction of play
            first = 1 if direction != "counter-clockwise" else _whole(players, "players") - 1
        return cls(preset_name=name, family=p.family, players=players, start_cards=start,
                   card_limit=limit, growth=growth,
                   next_starter=options.get("next_starter", p.next_starter),
                   direction=direction, first_starter=first,
                   family_options=family_options, **variations)

    # -- derived facts
    @cached_property
    def ladder(self) -> Ladder:
        """The call ladder of the family (the default backend)."""
        from ..calls.ladder import ladder
        return ladder(self.family, **dict(self.family_options))

    @property
    def step(self) -> int:
        """+1 for clockwise (next seat index), -1 for counter-clockwise."""
        return 1 if self.direction == "clockwise" else -1

    @property
    def loser_change(self) -> int:
        """Cards the loser's hand gains (+1) or loses (-1)."""
        return 1 if self.growth == "grow" else -1

    @property
    def max_cards_in_play(self) -> int:
        """Most cards one hand could ever deal: every seat at the card limit."""
        return self.players * self.card_limit

    @property
    def num_actions(self) -> int:
        """Distinct integer actions: one per ladder call plus the challenge."""
        return len(self.ladder) + 1

    @property
    def observation_size(self) -> int:
        """Length of :meth:`Game.observation_array` (layout in docs/game.md)."""
        return 5 * self.players + self.deck_size + len(self.ladder)

    def options(self) -> dict[str, Any]:
        """The resolved options as keywords: ``Rules.preset(name, **options())``."""
        out = {k: getattr(self, k) for k in OPTION_NAMES}
        extra = PRESETS[self.preset_name].extra_options if self.preset_name in PRESETS else ()
        family = dict(self.family_options)
        for k in extra:
            out[k] = family[k] if k in family else getattr(self, k)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready (:meth:`from_dict` reads it back)."""
        d = asdict(self)
        del d["deck_size"]
        d["family_options"] = [list(kv) for kv in self.family_options]
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict`, checked again (and against the preset)."""
        data = dict(data)
        name = data.pop("preset_name", None)
        if isinstance(name, str):
            name = name.strip().lower()
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
        family = data.pop("family", None)
        family_options = tuple(tuple(kv) for kv in data.pop("family_options", ()))
        p = PRESETS[name]
        for k in VARIATION_OPTIONS:   # saved by every preset, options only of some
            if k not in p.extra_options and not data.get(k):
                data.pop(k, None)
        if family == p.family and p.extra_options and \
                {k for k, _ in family_options} <= set(p.extra_options):
            return cls.preset(name, **data, **dict(family_options))
        if family != p.family or family_options != p.family_options:
            raise ValueError(f"{name}: family {family!r} {family_options} does not match "
                             f"the preset ({p.family!r} {p.family_options})")
        return cls.preset(name, **data)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt (and re-checked) from its options; the cached ladder stays behind.
        return (Rules.from_dict, (self.to_dict(),))

    def describe(self) -> str:
        """The rules in words, one line per option."""
        sizes = (f"hands grow by one card per loss; out when losing with "
                 f"{self.card_limit} cards" if self.growth == "grow" else
                 "hands shrink by one card per loss; out when a loss leaves no cards")
        starter = {"loser": "the loser (if out, the next live seat after the loser)",
                   "winner": "the winner of the challenge",
                   "after-challenger": "the next live seat after the challenger"}
        first = ("a random seat (seeded)" if self.first_starter == RANDOM_SEAT
                 else f"seat {self.first_starter}")
        lines = [f"Poker Bull ({self.preset_name}): the {self.family} ladder "
                 f"({len(self.ladder)} calls, {self.ladder.n_levels} levels)",
                 f"  players: {self.players} (seats 0..{self.players - 1}), "
                 f"play {self.direction}",
                 f"  start: {self.start_cards} card{'s' * (self.start_cards != 1)} each",
                 f"  {sizes}",
                 f"  first hand started by {first}; next by {starter[self.next_starter]}",
                 f"  at most {self.max_cards_in_play} of {self.deck_size} cards in play"]
        if self.family_options:
            lines.append("  family options: " + ", ".join(f"{k}={v}" for k, v in self.family_options))
        if self.family == "cheung":
            lines.append("  an opening call may not be certain for the cards in play")
        if self.or_higher:
            lines.append("  or higher: the challenger also loses when a higher call holds")
        if self.jokers_leave_at:
            lines.append(f"  jokers leave the deck once cards in play fall to {self.jokers_leave_at}")
        if self.recharge_at:
            lines.append(f"  recharge: once cards in play fall to {self.recharge_at}, "
                         f"every live player gets one more card")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()
