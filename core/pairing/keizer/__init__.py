"""Keizer club nights (notes/keizer.md): value numbers from the ranking, a win scores the
opponent's value, evenings without a game a fraction of one's own, the ranking recomputed to a
fixed point, pairing from the top avoiding recent rematches.

Registered in :mod:`core.pairing.registry` as ``KEIZER`` (:mod:`.system`); the settings are
:mod:`.options`, the scores and ranking :mod:`.scoring`, the search and colours :mod:`.engine`.
"""
