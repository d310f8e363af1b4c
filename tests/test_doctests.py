"""Every example in the package's docstrings runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokerbull

MODULES = sorted(m.name for m in pkgutil.walk_packages(pokerbull.__path__, "pokerbull.")
                 if not m.name.endswith(("._core", ".__main__")))


OPTIONAL = {"pyspiel", "pettingzoo", "gymnasium", "scipy", "matplotlib"}   # extras


def _module(name):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in OPTIONAL:
            pytest.skip(f"{name} needs the optional package {exc.name}, not installed here")
        raise


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = _module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_examples_are_many():
    """The walk finds the modules that carry examples (a broken walk would test nothing)."""
    tried = sum(doctest.testmod(importlib.import_module(n), optionflags=doctest.ELLIPSIS).attempted
                for n in MODULES if not n.startswith("pokerbull.rl."))
    assert tried >= 40
