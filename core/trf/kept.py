"""The TRF header records an event keeps as text among its options: 092 (type of tournament,
``options["trf_type"]``), 172 (starting-rank method) and 182 (pairing controller's id), the
last two in ``options["trf_headers"]`` as a file read in keeps them and the writer writes them.

Why one place: ``hakem settings`` and the settings form (Ctrl+T) change them the same way —
trimmed, one line each, an empty value removing the record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.errors import TournamentError
from core.i18n import _

KEPT_RECORDS = {"rank_method": "172", "controller": "182"}
"""Setting → the TRF-2026 record kept in ``options["trf_headers"]``."""


def kept_texts(options: Mapping[str, Any]) -> dict[str, str]:
    """``trf_type``, ``rank_method`` and ``controller`` as stored ("" when absent)."""
    headers = options.get("trf_headers") or {}
    return {"trf_type": str(options.get("trf_type", "") or ""),
            **{key: str(headers.get(record, "")) for key, record in KEPT_RECORDS.items()}}


def with_texts(options: Mapping[str, Any], texts: Mapping[str, str]) -> dict[str, Any]:
    """``options`` with the header texts among ``texts`` set (trimmed; empty: removed); a
    text holding a control character is refused naming its record (a record is one line)."""
    from core.trf.fields import control_character

    out = dict(options)
    headers = dict(out.get("trf_headers") or {})
    for key, raw in texts.items():
        value = str(raw).strip()
        record = "092" if key == "trf_type" else KEPT_RECORDS[key]
        if control_character(value) is not None:
            raise TournamentError(_('record {record}: {value!r} holds a control character (a TRF record is one line)').format(
                record=record, value=value))
        if key == "trf_type":
            out.pop("trf_type", None)
            out.update({"trf_type": value} if value else {})
            continue
        headers.pop(record, None)
        headers.update({record: value} if value else {})
    out.pop("trf_headers", None)
    return {**out, **({"trf_headers": headers} if headers else {})}
