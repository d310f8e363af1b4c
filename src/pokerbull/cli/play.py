"""A game at the terminal: one person against bots (``pokerbull play``), for any
game of the family.

The session speaks only the game protocol: it shows the person's observation
(``describe()``), the new events of the game as that seat may see them
(``log_for(seat)``) and reads a move in words (``string_to_action``) or by its
number in the list of legal moves. ``?`` lists the legal moves a page at a
time (``? 2`` the second page, ``? pair`` only those that mention "pair"),
``look`` shows the table again, ``quit`` leaves. A mistyped or illegal move is
explained and asked again; the game never changes on a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from rich.console import Console
from rich.markup import escape

from ..protocol import CHANCE_PLAYER, GameState

CHALLENGE_WORDS = ("challenge", "bull", "bs", "bullshit", "call bs", "liar")
"""What a player may type to challenge the last call or claim (every game with a challenge)."""
HELP_WORDS = ("help", "h")
LIST_WORDS = ("moves", "calls", "legal")
LOOK_WORDS = ("look", "hand", "table")
QUIT_WORDS = ("quit", "exit", "q")
PAGE = 20
"""Legal moves listed per page of ``?``."""


class Quit(Exception):
    """The person left the game (or the input ended)."""


def as_you(message: str, person: int) -> str:
    """A refusal addressed to the person: the games name the seat that acts ("seat 0
    may not accept now"), the terminal says "you" to the one who typed it."""
    seat = rf"\b[Ss]eat {person}\b"
    message = re.sub(seat + r"'s\b", "your", message)
    message = re.sub(seat + r" (cannot|must|may|can|could|should)\b", r"you \1", message)
    message = re.sub(seat + r" (open|hold|lead|start|play|call)s\b", r"you \1", message)
    message = re.sub(seat + r" is\b", "you are", message)
    if "you " in message:
        message = re.sub(r"\b(not in|from) its hand\b", r"\1 your hand", message)
        message = re.sub(r"\bit holds a card it could\b", "you hold a card you could", message)
        message = re.sub(r"; it (may|must|can)\b", r"; you \1", message)
    return message


class TerminalSession:
    """Runs one game at the terminal, reading the person's moves with `read`.

    `agents` maps every other seat to an agent (``reset(seat)`` already called);
    `rng` draws the chance outcomes of a game that has chance nodes;
    `challenge_words` are typed for the move named "challenge"; `suggest(state,
    seat)` picks the example move of the help text.
    """

    def __init__(self, state: GameState, person: int, agents: dict[int, Any],
                 read: Callable[[str], str] | None = None, console: Console | None = None,
                 rng: np.random.Generator | None = None, challenge_words: Sequence[str] = (),
                 suggest: Callable[[GameState, int], int | None] | None = None) -> None:
        self.state = state
        self.person = person
        self.agents = agents
        self.read = read or (lambda prompt: input(prompt))
        self.console = console or Console(emoji=False, highlight=False)
        self.rng = rng if rng is not None else np.random.default_rng()
        self.challenge_words = tuple(challenge_words)
        self.suggest = suggest
        self._shown = 0

    # -- output
    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(escape(text), style=style)

    def show_log(self) -> None:
        """The events the person has not seen yet."""
        lines = self.state.log_for(self.person)
        for line in lines[self._shown:]:
            self.say("  " + line)
        self._shown = len(lines)

    def show_table(self) -> None:
        self.say("")
        self.say(self.state.observation(self.person).describe(), style="bold")

    def legal_moves(self, query: str = "") -> list[tuple[int, str]]:
        """(action, words) of the legal moves whose words contain `query`."""
        moves = [(a, self.state.action_to_string(a)) for a in self.state.legal_actions()]
        words = query.lower().split()
        return [(a, text) for a, text in moves if all(w in text.lower() for w in words)]

    def show_legal(self, query: str) -> None:
        """A page of the legal moves, numbered (``? 2`` a later page, ``? WORDS`` a filter)."""
        words = query.split()
        page = 1
        if words and words[-1].isdigit():
            page = int(words.pop())
        query = " ".join(words)
        moves = self.legal_moves(query)
        what = f" with {query!r}" if query else ""
        if not moves:
            self.say(f"No legal move{what}; type ? for all of them.", style="yellow")
            return
        pages = -(-len(moves) // PAGE)
        page = min(max(page, 1), pages)
        shown = moves[(page - 1) * PAGE:page * PAGE]
        self.say(f"Legal moves{what}: {len(moves)}" +
                 (f" (page {page} of {pages})" if pages > 1 else ""))
        width = len(str(shown[-1][0]))
        for a, text in shown:
            self.say(f"  {a:>{width}}  {text}")
        if page < pages:
            self.say(f"Type ? {query + ' ' if query else ''}{page + 1} for the next page" +
                     ("" if query else ", or ? WORD to list only the moves with WORD") + ".")
        self.say("Type a move's words or its number.")

    def help_text(self) -> str:
        moves = self.legal_moves()
        example = ""
        if moves:
            pick = self.suggest(self.state, self.person) if self.suggest else None
            a = pick if pick is not None else moves[0][0]
            example = f" (e.g. '{self.state.action_to_string(a)}' or {a})"
        challenge = ""
        if self.challenge_words:
            challenge = f"; '{self.challenge_words[0]}' (or " + ", ".join(
                f"'{w}'" for w in self.challenge_words[1:3]) + ") challenges the last call"
        return (f"Type a move in words or by its number{example}{challenge}; '?' lists the "
                f"legal moves ('? 2' the next page, '? WORD' only those with WORD); 'look' shows "
                f"the table again; 'quit' leaves.")

    # -- input
    def to_action(self, text: str) -> int:
        """The action the person's words name; ValueError with the reason if none."""
        word = " ".join(text.lower().split())
        if word.lstrip("#").isdigit():
            action = int(word.lstrip("#"))
            if action not in self.state.legal_actions():
                raise ValueError(f"{action} is not the number of a legal move now "
                                 f"(? lists them)")
            return action
        if word in self.challenge_words:
            text = "challenge"
        action = self.state.string_to_action(text)
        said = self.state.action_to_string(action).lower()
        if word.split()[0] == "check" and not said.startswith("check"):
            # "check" would pay (a bet is owed) or mean another move: never taken for it
            open_moves = ", ".join(t for _, t in self.legal_moves())
            raise ValueError(f"you cannot check now: a bet is owed (the moves now are "
                             f"{open_moves})" if said.startswith("call") else
                             f"'check' is not a move now (the moves now are {open_moves})")
        return action

    def person_moves(self) -> None:
        self.show_table()
        while True:
            try:
                text = self.read("Your move: ").strip()
            except EOFError:
                raise Quit("input ended") from None
            word = text.lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                raise Quit("you left the game")
            if word in HELP_WORDS:
                self.say(self.help_text())
                continue
            if word in LIST_WORDS or word.startswith("?"):
                self.show_legal(word[1:] if word.startswith("?") else "")
                continue
            if word in LOOK_WORDS:
                self.show_table()
                continue
            try:
                action = self.to_action(text)
                self.state.apply_action(action)   # refused moves leave the game unchanged
                return
            except ValueError as exc:
                self.say(as_you(str(exc), self.person), style="yellow")
                self.say("Type ? for the legal moves, or 'help'.")

    def run(self) -> list[float]:
        """Play until the game ends; the returns per seat."""
        g = self.state
        if g.is_terminal():         # a game without decisions (roulette without betting)
            self.say("This game has no move for you to make: it plays itself out.")
        else:
            self.say(self.help_text())
        self.show_log()
        while not g.is_terminal():
            seat = g.current_player
            if seat == CHANCE_PLAYER:
                outcomes = g.chance_outcomes()
                p = np.array([q for _, q in outcomes])
                g.apply_action(outcomes[int(self.rng.choice(len(outcomes), p=p / p.sum()))][0])
            elif seat == self.person:
                self.show_log()
                self.person_moves()
            else:
                g.apply_action(self.agents[seat].act(g.observation(seat)))
            self.show_log()
        returns = [float(r) for r in g.returns()]
        top = max(returns)
        winners = [s for s, r in enumerate(returns) if r == top]
        names = ["you" if s == self.person else f"seat {s}" for s in winners]
        verb = "win" if names == ["you"] else "wins" if len(names) == 1 else "share the win"
        self.say("")
        self.say(f"Game over: {' and '.join(names)} {verb}!", style="bold")
        if len(set(returns)) > 2 or len(winners) > 1:
            self.say("Returns: " + ", ".join(
                f"{'you' if s == self.person else f'seat {s}'} {r:+g}"
                for s, r in enumerate(returns)))
        return returns


def agents_for(players: int, person: int, make: Callable[[int], Any]) -> dict[int, Any]:
    """One agent per seat other than the person's, reset for this game."""
    agents = {}
    for seat in range(players):
        if seat != person:
            agents[seat] = make(seat)
            agents[seat].reset(seat)
    return agents


def play(state: GameState, person: int, agents: dict[int, Any],
         read: Callable[[str], str] | None = None, console: Console | None = None,
         rng: np.random.Generator | None = None, challenge_words: Sequence[str] = (),
         suggest: Callable[[GameState, int], int | None] | None = None) -> list[float]:
    """Run a terminal game; returns the returns per seat, or raises :class:`Quit`."""
    return TerminalSession(state, person, agents, read, console, rng, challenge_words,
                           suggest).run()


def bull_suggestion(state: Any, seat: int) -> int | None:
    """Poker Bull: the lowest legal call that can hold given the seat's cards (None for
    a family whose possible calls are not decided: the help then names no call)."""
    from ..calls.possible import can_hold, knows

    if not knows(state.ladder):
        return None
    hand = state.hand(seat)
    unseen = sum(state.hand_sizes) - len(hand)
    for a in state.legal_actions():
        if a < len(state.ladder) and can_hold(state.ladder, a, hand, unseen=unseen):
            return int(a)
    return None


__all__: Sequence[str] = ("Quit", "TerminalSession", "agents_for", "bull_suggestion", "play")
