"""Checks of the numbers people pass as options, shared by every room.

Whole numbers may be Python or NumPy integers (never bools); they come back as
Python ints so that saved games and tables hold plain values.

>>> whole("players", np.int64(4), low=2)
4
>>> whole("players", True)
Traceback (most recent call last):
...
ValueError: players must be a whole number, not True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np


MAX_WORKERS = 256
"""Worker processes one simulation may start on this machine (each is a whole process:
a pool of millions would fork until memory ran out); an executor takes any number."""


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int, or a ValueError naming `name` and the range it must be in."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number"
                         + _range(low, high) + f", not {value!r}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        shown = str(number) if number.bit_length() < 200 else \
            f"a number of {'-' * (number < 0)}about {int(number.bit_length() * 0.30103)} digits"
        raise ValueError(f"{name} must be a whole number{_range(low, high)}, not {shown}")
    return number


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def refuse_unknown(what: str, given: Mapping[str, Any], known: tuple[str, ...]) -> None:
    """ValueError naming the first option of `given` that `what` does not take, and
    listing the ones it does (the same refusal in every game and function).

    >>> refuse_unknown("evaluate_many", {"bogus": 1}, ("jokers", "suit_order"))
    Traceback (most recent call last):
    ...
    ValueError: evaluate_many has no option 'bogus'; the options are jokers, suit_order
    """
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"{what} has no option {unknown[0]!r}; the options are "
                         f"{', '.join(known)}")


def hashable_options(what: str, options: Mapping[str, Any]) -> None:
    """ValueError naming an option whose value is a list, a mapping or another
    unhashable value (no option takes one), before it reaches a cache."""
    for name, value in options.items():
        if getattr(value, "__hash__", None) is None:
            raise ValueError(f"{what}: option {name} must be a word, a number or "
                             f"True/False, not {value!r}")
