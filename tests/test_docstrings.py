"""Every public name of the public modules has a docstring of its own.

The public modules are the ones the API reference documents (docs/reference/):
``pokerbull`` (every name of ``__all__``), ``pokerbull.protocol``,
``pokerbull.cheat`` and ``pokerbull.roulette``. For each public class, every
public method and property it has at run time is checked too, including the
ones an engine adds (Poker Bull's compiled and Python engines behind
``pb.Game``), since that is what ``help(game.apply_action)`` shows a user.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import pokerbull as pb
import pokerbull.bull.game
import pokerbull.protocol

MODULES: list[ModuleType] = [pb, pb.protocol, pb.cheat, pb.roulette]


def _public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n, v in vars(module).items() if not n.startswith("_")
                 and getattr(v, "__module__", "").startswith("pokerbull")]
    return sorted(names)


def _engines(cls: type) -> list[type]:
    """The classes whose members a user meets on an instance of `cls`."""
    if cls is pb.Game:
        engines = [pokerbull.bull.game._PythonGame, pokerbull.bull.game._CompiledGame]
        return [cls, *[e for e in engines if e is not None]]
    return [cls]


def _own(cls: type, name: str) -> tuple[type, Any] | None:
    """The member `name` and the class of the MRO that defines it (None when that
    class is not pokerbull's: object's, a Protocol's machinery, a builtin's)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            if not (klass.__module__ or "").startswith("pokerbull"):
                return None
            return klass, vars(klass)[name]
    return None


def _members(cls: type) -> Iterator[tuple[str, Any]]:
    """Public methods and properties a user meets on `cls` (and its engines), each
    named after the class that defines it. Plain data (class constants, dataclass
    fields, slots) is described by the class's docstring instead."""
    for engine in _engines(cls):
        for name in dir(engine):
            found = None if name.startswith("_") else _own(engine, name)
            if found is None:
                continue
            klass, member = found
            if isinstance(member, (staticmethod, classmethod)):
                member = member.__func__
            if inspect.isclass(member) or inspect.ismemberdescriptor(member):
                continue     # a nested class is a name of its own; a slot is plain data
            if callable(member) or inspect.isdatadescriptor(member):
                yield f"{klass.__qualname__}.{name}", member


# attributes stored in C by a compiled class (Cython gives them no docstring): the
# public class that shows them describes them in its own docstring instead
PLAIN_DATA = {"CallBase.index": "Call", "CallBase.ladder": "Call", "BullState.rules": "Game",
              "HandRank.value": "HandRank"}


def _says_something(obj: Any, doc: str | None) -> bool:
    """A docstring written by a person: not empty, not a dataclass's generated signature."""
    text = (doc or "").strip()
    return bool(text) and not (inspect.isclass(obj) and text.startswith(obj.__name__ + "("))


def _undocumented() -> list[str]:
    missing: set[str] = set()
    for module in MODULES:
        for name in _public_names(module):
            obj = getattr(module, name)
            if isinstance(obj, ModuleType):
                continue           # a module: its docstring is checked where it is listed
            where = f"{module.__name__}.{name}"
            if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
                if not _says_something(obj, obj.__doc__):
                    missing.add(where)
            if inspect.isclass(obj):
                for member_name, member in _members(obj):
                    if member_name in PLAIN_DATA:
                        owner = getattr(module, name)
                        assert member_name.split(".")[-1] in (owner.__doc__ or ""), \
                            f"{where}'s docstring must describe {member_name}"
                        continue
                    # an override without a docstring of its own shows its base's
                    # (help() and Sphinx both inherit it), so getdoc, not __doc__
                    if not (inspect.getdoc(member) or "").strip():
                        missing.add(f"{module.__name__}.{member_name}")
        if not (module.__doc__ or "").strip():
            missing.add(module.__name__)
    return sorted(missing)


def test_the_check_sees_the_engines_members():
    """A broken walk would find nothing to check and pass."""
    seen = {n for n, _ in _members(pb.Game)}
    assert {"Game.call", "Game.legal_calls", "_PythonGame.apply_action"} <= seen
    if pokerbull.bull.game._CompiledGame is not None:
        assert "BullState.apply_action" in seen
    assert sum(1 for _ in _members(pb.cheat.Game)) > 30


def test_every_public_name_has_a_docstring():
    missing = _undocumented()
    assert not missing, f"{len(missing)} public names without a docstring:\n" + "\n".join(missing)
