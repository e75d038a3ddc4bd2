"""JSON read with limits: a planted file must be refused with a sentence, never crash hakem.

Why: anyone in the club's group can drop a file into the shared directory.  A
``zzz.hakem.json`` nested 200,000 deep made Python's decoder raise ``RecursionError`` (not a
``ValueError``), an integer of 5,000 digits raises a ``ValueError`` that is not a decode error,
and a file of gigabytes would be read whole: each stopped ``hakem list``, doctor and the TUI for
everyone.  The limits are far above anything hakem writes (a tournament of 10,000 players is a
few MB deep 8) and are checked before the decoder runs, so nothing recurses on hostile input.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import accumulate
from typing import Any

from core.i18n import _

MAX_DEPTH = 64
"""Nesting of objects and arrays (hakem's own files are at most about 10 deep)."""
MAX_DIGITS = 40
"""Digits of one integer (hakem writes ratings, revisions, ids: at most 19)."""
REPAIR_DEPTH = 512
"""The nesting doctor's repair reads (:func:`reading_deeper`): a file hakem itself wrote
before it refused to write what it cannot read back (an imported option nested 62 deep),
never a planted 200,000-deep one — and well inside the decoder's recursion limit."""
_depth: ContextVar[int] = ContextVar("hakem_json_depth", default=MAX_DEPTH)


@contextmanager
def reading_deeper(limit: int = REPAIR_DEPTH) -> Iterator[None]:
    """Read nesting up to ``limit`` inside the block (this thread only): doctor's repair of a
    file written too deep; everything else keeps :data:`MAX_DEPTH`."""
    token = _depth.set(max(MAX_DEPTH, min(limit, REPAIR_DEPTH)))
    try:
        yield
    finally:
        _depth.reset(token)

_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class TooComplex(ValueError):
    """The text is JSON hakem never writes: too deep, or an integer too long."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in ``raw`` (strings skipped), without parsing.

    Only C-level byte operations (a regular expression over the strings cost twice the JSON
    parse): escaped backslashes and quotes are dropped, the text outside the quotes kept."""
    plain = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(plain.split(b'"')[::2])
    brackets = outside.translate(None, _BRACKETS)
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TooComplex(_("an integer of {digits} digits").format(digits=len(text)))
    return int(text)


def loads(raw: bytes | str, limit: int | None = None) -> Any:
    """``json.loads`` that refuses nesting deeper than ``limit`` (:data:`MAX_DEPTH`, or what
    :func:`reading_deeper` allows) and integers longer than :data:`MAX_DIGITS` with
    :class:`TooComplex`; other malformed text raises ``json.JSONDecodeError`` or
    ``UnicodeDecodeError`` as usual."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    bound = _depth.get() if limit is None else limit
    deepest = depth(data)
    if deepest > bound:
        raise TooComplex(_("nested {depth} deep").format(depth=deepest))
    try:
        return json.loads(data, parse_int=_int)
    except RecursionError:  # malformed text whose nesting the count above could not see
        raise TooComplex(_("nested {depth} deep").format(depth=f">{bound}")) from None
