"""Go McMahon pairing (EGF practice, OpenGotha's rules): ``mcmahon``.

Registered in :mod:`core.pairing.registry` as ``MCMAHON`` (:mod:`.system`); the weighted
criteria are :mod:`.engine`.  Scores (MMS, SOS …), settings and handicaps live in
:mod:`core.go` (``mms``, ``mcmahon_options``, ``mcmahon_handicap``).
"""
