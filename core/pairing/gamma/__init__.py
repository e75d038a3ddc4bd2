"""Go "Gamma" scheme (seeds/002): ``gamma``.

Registered in :mod:`core.pairing.registry` as ``GAMMA`` (:mod:`.system`); the seed's pairing
procedure is :mod:`.engine`.  Cards, levels, handicaps and the coefficient stay in
:mod:`core.go`.
"""
