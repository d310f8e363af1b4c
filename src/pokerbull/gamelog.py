"""The frame every game's text log shares: a header line, a ``rules`` line of words and
``key=value`` options, then one event a line; ``#`` lines are comments for people.

Each game writes its own events (``to_log``) and reads them back (``from_log``);
this room reads the frame.

>>> frame = read_frame("pokerbull game log 1\\nrules pagat players=3 or_higher=False\\n# hi\\n0 pair:A",
...                    "pokerbull game log 1", "a pokerbull game log")
>>> frame.words, frame.options, frame.lines
(['pagat'], {'players': 3, 'or_higher': False}, [(4, '0 pair:A')])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LogFrame:
    """A log read: the rules line's plain words and its options, then the event lines
    (with their line numbers, 1 the header)."""

    words: list[str]
    options: dict[str, Any]
    lines: list[tuple[int, str]]


def option_value(text: str) -> Any:
    """An option's value as written by ``f"{key}={value}"``: a bool, a whole number or text."""
    if text in ("True", "False"):
        return text == "True"
    if text.lstrip("-").isdigit() and len(text) <= 40:    # longer: no option's number
        return int(text)
    return text


def options_text(options: dict[str, Any]) -> str:
    """Options as the rules line writes them: ``key=value`` separated by spaces."""
    return " ".join(f"{k}={v}" for k, v in options.items())


def read_frame(text: str, header: str, what: str) -> LogFrame:
    """The frame of a log whose first line must be `header` (`what` names the log in
    errors); ValueError naming the first thing wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a game log is text, not {type(text).__name__}")
    lines = [(k, ln.strip()) for k, ln in enumerate(text.splitlines(), start=1)]
    lines = [(k, ln) for k, ln in lines if ln and not ln.startswith("#")]
    if not lines or lines[0][1] != header:
        raise ValueError(f"not {what}: the first line must be {header!r}")
    if len(lines) < 2 or lines[1][1].split()[0] != "rules":
        raise ValueError("game log: the second line must give the rules")
    words: list[str] = []
    options: dict[str, Any] = {}
    for word in lines[1][1].split()[1:]:
        key, sep, value = word.partition("=")
        if sep:
            options[key] = option_value(value)
        elif options:
            raise ValueError(f"game log: rules option {word!r} is not key=value")
        else:
            words.append(word)
    return LogFrame(words, options, lines[2:])


__all__ = ["LogFrame", "option_value", "options_text", "read_frame"]
