"""The compiled core and its pure-Python twin.

``_core.pyx`` (assembled from the ``.pxi`` parts and the SIMD headers) holds every
kernel: call checks over ladder tables, the hand evaluator and Poker Bull's
simulation loop. ``_pure.py`` and ``_pure_evaluator.py`` implement the same
functions in Python. :mod:`pokerbull.core.backend` chooses one at import.
"""
