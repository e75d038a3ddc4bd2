"""Burstein system, C.04.4.2: the 2026 text (``burstein``) and the pre-2026 text of the seeds
(``burstein-legacy``).

Registered in :mod:`core.pairing.registry` as ``BURSTEIN`` and ``BURSTEIN_LEGACY``
(:mod:`.system`); the procedure is :mod:`.engine`.
"""
