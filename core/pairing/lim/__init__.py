"""Lim system, C.04.4.3 (1987 text amended to 1999, re-issued editorially in 2026): ``lim``.

Registered in :mod:`core.pairing.registry` as ``LIM`` (:mod:`.system`); the procedure is
:mod:`.engine`.
"""
