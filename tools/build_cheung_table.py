"""Rebuild src/pokerbull/calls/cheung_certain.npz: the largest failing pool of every
Cheung call (every tier, decks of 0, 1 and 2 jokers), found by the exact search of
pokerbull.calls.cheung with the compiled kernel. Run after changing the Cheung
kernel or its base calls; tests/test_cheung_certain.py checks the file.

    python tools/build_cheung_table.py
"""

from __future__ import annotations

import os
import time

if os.environ.get("POKERBULL_PURE"):
    raise SystemExit("build the table with the compiled kernel: unset POKERBULL_PURE")

import pokerbull as pb
from pokerbull.calls.cheung import _TABLE_FILE, build_certain_table

t = time.process_time()
fail, small = build_certain_table([pb.ladder("cheung", jokers=2, joker_order=order)
                                   for order in ("natural", "wild")])
print(f"wrote {_TABLE_FILE} ({fail.shape[2]} base calls x 5 tiers x 3 decks) "
      f"in {time.process_time() - t:.1f} s CPU")
