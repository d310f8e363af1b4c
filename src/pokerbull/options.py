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

import numpy as np


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int, or a ValueError naming `name` and the range it must be in."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number"
                         + _range(low, high) + f", not {value!r}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be a whole number{_range(low, high)}, not {number}")
    return number


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""
