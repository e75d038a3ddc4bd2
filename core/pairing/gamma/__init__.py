"""Go "Gamma" scheme (the Gamma procedure): ``gamma``.

Registered in :mod:`core.pairing.registry` as ``GAMMA`` (:mod:`.system`); the Gamma procedure's pairing
procedure is :mod:`.engine`.  Cards, levels, handicaps and the coefficient stay in
:mod:`core.go`.
"""
