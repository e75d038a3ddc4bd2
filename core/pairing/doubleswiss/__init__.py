"""Double-Swiss System, FIDE C.04.5 (2026): every pairing a match of two games.

Registered in :mod:`core.pairing.registry` as ``DOUBLE_SWISS``.  :mod:`.state` reads the
matches played so far, :mod:`.procedure` pairs (3.3–3.6), :mod:`.colours` gives game 1's
colours (Article 4), :mod:`.system` builds the round with an explanation per board.
"""
