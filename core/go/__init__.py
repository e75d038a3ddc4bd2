"""Go tournaments with the Russian "Gamma" scheme (the Gamma procedure): ranks, top group, levels,
pairing with handicaps, participant cards, the coefficient, places, table and exports.

The domain only: the engines (``core.pairing.gamma``, ``core.pairing.mcmahon``) build on it, so
it imports neither them nor the standings; showing and writing Go events is
:mod:`core.gorender`, Go's result changes :mod:`core.changes.go`.  Import the pieces from their
modules; this package file stays empty so that importing one part never loads the others.
"""
