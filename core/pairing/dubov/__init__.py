"""Dubov system, C.04.4.1: the 2026 text (``dubov``) and the 1997 text (``dubov-1997``).

Registered in :mod:`core.pairing.registry` as ``DUBOV`` and ``DUBOV_1997``
(:mod:`.system`); the procedure is :mod:`.engine`.
"""
