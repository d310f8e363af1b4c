"""Shared fixtures: both kernel backends, side by side."""

from __future__ import annotations

import importlib

import pytest

import pokerbull as pb
from pokerbull.calls.ladder import FAMILY_BUILDERS, Ladder, family_names
from pokerbull.core import _pure

try:
    _core = importlib.import_module("pokerbull.core._core")
except ImportError:  # the compiled core is optional; tests needing it skip
    _core = None

BACKENDS = {"python": _pure, "cython": _core}
FAMILIES = ("pagat", "pagat-wild", "holdem")


def pytest_report_header(config):
    return f"pokerbull {pb.__version__}, backend: {pb.backend()}"


def ladder_on(core, family: str, **options) -> Ladder:
    """A ladder of `family` whose kernels come from the given backend module."""
    family_names()
    return Ladder(FAMILY_BUILDERS[family](**options), core=core)


@pytest.fixture(params=["python", "cython"])
def core(request):
    module = BACKENDS[request.param]
    if module is None:
        pytest.skip("compiled core not built")
    return module
