# cython: language_level=3
"""Poker Bull's compiled engine: the game state, the simulation loop and Cheung's loop.

``_state.pxi``: ``BullState`` (one game, the compiled engine of ``pokerbull.Game``),
``VectorCore`` (N games, ``pokerbull.VectorGame``), ``LegalActions`` and
``BullTableObject`` (the rules as C tables). ``_simulate.pxi``: ``SimulationTable``,
whole games between the built-in bots. ``_cheung_game.pxi``: ``CheungGames``, the same
for Cheung's preset. The call checks come from the shared core through
``pokerbull/core/_core.pxd``: the per-pool checks inline, the searches through the
core's C API.
"""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.math cimport ceil

import numpy as np

cimport numpy as cnp

from pokerbull.core._core cimport (
    JOKERS, LANE, MAX_GROUPS, CheungCall, CheungData, LadderData, _data, best_call, ch_best,
    ch_best_many,
    ch_holds_call, cheung_data, holds_one, ladder_data, lowest_bit, popcount)

cnp.import_array()

include "_simulate.pxi"
include "_state.pxi"
include "_cheung_game.pxi"
