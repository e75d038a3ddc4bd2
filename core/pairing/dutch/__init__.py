"""FIDE (Dutch) system, C.04.3: the 2026 text (``dutch``) and the 2017 text (``dutch-2017``).

Registered in :mod:`core.pairing.registry` as ``DUTCH`` and ``DUTCH_2017`` (:class:`~core.pairing.base.System`).  The engine is a
pure function of the tournament so far; see :mod:`.engine` for the procedure, :mod:`.criteria`
for how C1–C21 become weights, :mod:`.colours` for Art. 5 and :mod:`.explain` for the arbiter's
explanation of a pairing.
"""

from __future__ import annotations

from core.pairing.dutch.system import DUTCH, DUTCH_2017

__all__ = ["DUTCH", "DUTCH_2017"]
