"""The ``pokerbull`` command line: play, simulate, tournament, odds, ladder, bench."""

from .main import main

__all__ = ["main"]
