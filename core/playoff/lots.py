"""Drawing of lots that can be replayed: same seed, same question → same answer.

Why not :mod:`random`: the playoff state is re-evaluated from scratch after every result
(and after every correction), so each lot must be a pure function of the playoff's seed and
a stable key naming the lot (``"p.r1m2.s0:3-7"``).  SHA-256 gives that without depending on
the hash seed, the platform, or the clock.
"""

from __future__ import annotations

import hashlib


def draw(seed: int | str, key: str, n: int) -> int:
    """An index in ``0..n-1`` drawn for ``key`` (uniform up to a 2**-256 bias)."""
    if n <= 0:
        raise ValueError("cannot draw from an empty set")
    digest = hashlib.sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest, "big") % n


def shuffle(seed: int | str, key: str, items: list) -> list:
    """A permutation of ``items`` (Fisher–Yates, each step its own keyed draw)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draw(seed, f"{key}#{i}", i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def seed_from(*parts: object) -> int:
    """A default seed derived from fixed data (tournament id, players), never from the clock."""
    text = "|".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:6], "big")
