"""Random generators from seeds, and their exact saves, for every game.

A game draws only from the ``numpy.random.Generator`` it was given or made from
its seed, never from module state; a save holds the generator's state as plain
JSON values, so a loaded game goes on drawing exactly as the original would.

>>> rng = make_rng(7)
>>> again = generator_from_state(state_from_json(state_to_json(rng.bit_generator.state)))
>>> int(rng.integers(1000)) == int(again.integers(1000))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np


def make_rng(seed: Any) -> np.random.Generator:
    """A Generator as given, or a new one from a whole-number seed (None: fresh entropy)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not (seed is None or isinstance(seed, (int, np.integer))):
        raise ValueError(f"seed must be a whole number, a numpy.random.Generator or None, "
                         f"not {seed!r}")
    if seed is not None and seed < 0:
        raise ValueError(f"seed must not be negative, not {seed}")
    return np.random.default_rng(seed)


def state_to_json(value: Any) -> Any:
    """A bit generator's state as plain JSON values (arrays become tagged lists)."""
    if isinstance(value, dict):
        return {k: state_to_json(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return {"__array__": value.tolist(), "dtype": str(value.dtype)}
    if isinstance(value, np.integer):
        return int(value)
    return value


def state_from_json(value: Any) -> Any:
    """The inverse of :func:`state_to_json`; ValueError naming the save's field 'rng'."""
    if isinstance(value, dict):
        if "__array__" in value:
            try:
                return np.array(value["__array__"], dtype=value["dtype"])
            except (KeyError, TypeError, ValueError, OverflowError) as exc:
                raise ValueError(f"saved game: field 'rng' holds a bad array: {exc!r}") from None
        return {k: state_from_json(v) for k, v in value.items()}
    return value


def generator_from_state(state: Any) -> np.random.Generator:
    """The generator a save's field 'rng' describes; ValueError naming the field if it cannot."""
    if not isinstance(state, Mapping):
        raise ValueError(f"saved game: field 'rng' must be a generator's state, not {state!r}")
    name = state.get("bit_generator")
    kind = getattr(np.random, str(name), None)
    if not (isinstance(kind, type) and issubclass(kind, np.random.BitGenerator)):
        raise ValueError(f"saved game: field 'rng': unknown random bit generator {name!r}")
    bit_generator = kind(0)   # any seed: the state is replaced (no OS entropy needed)
    try:
        bit_generator.state = dict(state)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"saved game: field 'rng' is not a {name} state: {exc!r}") from None
    return np.random.Generator(bit_generator)
