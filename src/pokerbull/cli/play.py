"""A game at the terminal: one person against bots (``pokerbull play``).

The person types a call as a phrase or a code ("two Eights", "pair:8"), or
``challenge`` (also ``bull``, ``bs``); ``?`` lists the legal calls, ``hand``
shows their cards again, ``quit`` leaves. A mistyped or illegal call is
explained and asked again; the game state never changes on a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console

from ..bull.bots import Bot
from ..bull.game import CallMade, Challenge, Game, HandResult, IllegalAction

CHALLENGE_WORDS = {"challenge", "bull", "bs", "bullshit", "call bs", "liar", "c!"}
HELP_WORDS = {"?", "help", "calls", "legal"}
QUIT_WORDS = {"quit", "exit", "q"}

HELP = ("Type a call as words or a code (e.g. 'two Eights' or 'pair:8'), 'challenge' to "
        "challenge the last call, '?' for the legal calls, 'hand' for your cards, 'quit' to leave.")


class Quit(Exception):
    """The person left the game (or the input ended)."""


def _seat_name(seat: int, person: int) -> str:
    return "you" if seat == person else f"seat {seat}"


class TerminalSession:
    """Runs one game at the terminal, reading the person's moves with `read`."""

    def __init__(self, game: Game, person: int, bots: dict[int, Bot],
                 read: Callable[[str], str] | None = None, console: Console | None = None) -> None:
        self.game = game
        self.person = person
        self.bots = bots
        self.read = read or (lambda prompt: input(prompt))
        self.console = console or Console(emoji=False, highlight=False)
        self._shown = len(game.history)

    # -- output
    def say(self, text: str) -> None:
        self.console.print(text)

    def show_table(self) -> None:
        g = self.game
        sizes = ", ".join(f"{_seat_name(s, self.person)}: {n}"
                          for s, n in enumerate(g.hand_sizes) if n or s in g.live_seats)
        self.say(f"\n[bold]Hand {g.hand_number}[/] - cards per seat: {sizes}")
        self.say(f"Your cards: [bold cyan]{g.hand(self.person)}[/]   "
                 f"(all cards in play: {sum(g.hand_sizes)})")

    def show_new_records(self) -> None:
        g = self.game
        for record in g.history[self._shown:]:
            if isinstance(record, CallMade) and record.seat != self.person:
                self.say(f"  {_seat_name(record.seat, self.person)} calls [bold]{record.call}[/]")
            elif isinstance(record, Challenge) and record.seat != self.person:
                self.say(f"  {_seat_name(record.seat, self.person)} challenges "
                         f"{_seat_name(record.caller, self.person)}'s {record.call}!")
            elif isinstance(record, HandResult):
                self.show_result(record)
        self._shown = len(g.history)

    def show_result(self, r: HandResult) -> None:
        p = self.person
        self.say(f"  Cards shown: [bold]{r.pool}[/]")
        if r.held:
            self.say(f"  {r.call} [green]holds[/], made by [bold]{r.witness}[/]")
        else:
            self.say(f"  {r.call} [red]does not hold[/]")
        self.say(f"  {_seat_name(r.loser, p).capitalize()} lose{'' if r.loser == p else 's'} "
                 "the hand.")
        if r.eliminated is not None:
            self.say(f"  {_seat_name(r.eliminated, p).capitalize()} "
                     f"{'are' if r.eliminated == p else 'is'} out of the game.")

    def show_legal(self) -> None:
        g = self.game
        calls = g.legal_calls()
        shown = ", ".join(str(c) for c in calls[:24])
        more = f" ... and {len(calls) - 24} more" if len(calls) > 24 else ""
        challenge = " You may also challenge." if g.can_challenge() else ""
        self.say(f"Legal calls ({len(calls)}): {shown}{more}.{challenge}")

    # -- input
    def person_moves(self) -> None:
        g = self.game
        last = g.last_call
        prompt = (f"Last call: {last} (by {_seat_name(g.last_caller, self.person)}). Your move: "
                  if last is not None else "You open the bidding. Your call: ")
        while True:
            try:
                text = self.read(prompt).strip()
            except EOFError:
                raise Quit("input ended") from None
            word = text.lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                raise Quit("you left the game")
            if word in HELP_WORDS:
                self.show_legal()
                continue
            if word == "hand":
                self.show_table()
                continue
            try:
                if word in CHALLENGE_WORDS:
                    g.challenge(seat=self.person)
                else:
                    g.call(text, seat=self.person)
                return
            except IllegalAction as exc:
                self.say(f"[yellow]{exc}[/] {HELP if 'is not a call' in str(exc) else ''}")

    def run(self) -> int | None:
        """Play until the game ends; the winning seat."""
        g = self.game
        self.say(HELP)
        hand = -1
        while not g.is_over:
            if g.hand_number != hand:
                hand = g.hand_number
                self.show_table()
            seat = g.to_play
            if seat == self.person:
                self.person_moves()
            else:
                g.apply_action(self.bots[seat].act(g.observation(seat)))
            self.show_new_records()
        self.say(f"\n[bold]Game over: {_seat_name(g.winner, self.person)} "
                 f"{'win' if g.winner == self.person else 'wins'}![/]")
        return g.winner


def bots_for(game: Game, person: int, make: Callable[[int], Bot]) -> dict[int, Bot]:
    """One bot per seat other than the person's, reset for this game."""
    bots = {}
    for seat in range(game.players):
        if seat != person:
            bots[seat] = make(seat)
            bots[seat].reset(seat)
    return bots


def play(game: Game, person: int, bots: dict[int, Bot],
         read: Callable[[str], str] | None = None, console: Console | None = None) -> int | None:
    """Run a terminal game; returns the winner, or raises :class:`Quit`."""
    return TerminalSession(game, person, bots, read, console).run()


__all__: Sequence[str] = ("Quit", "TerminalSession", "bots_for", "play")
