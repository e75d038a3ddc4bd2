"""Shared Swiss basics: per-player pairing state, round 1, board order (see :mod:`.state`)."""
