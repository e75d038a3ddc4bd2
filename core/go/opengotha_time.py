"""A Go time control as OpenGotha's XML file holds it, both ways.

Why: OpenGotha derives the EGD adjusted time (``TM``) and class (``CL``) from its time settings
(``Tournament.egfAdjustedTime``/``egfClass``), so a file written without the event's clock makes
OpenGotha report the wrong class, and a file read without them leaves hakem's h9 without
``CL``/``TM``/``CM``.  OpenGotha's ``GeneralParameterSet`` holds ``basicTime`` (minutes),
``complementaryTimeSystem`` (``SUDDENDEATH``, ``STDBYOYOMI``, ``CANBYOYOMI``, ``FISCHER``),
``stdByoYomiTime`` (seconds of a period), ``canByoYomiTime`` (seconds) for ``nbMovesCanTime``
stones, ``fischerTime`` (seconds a move) and ``bInternet`` (class D).  A standard byo-yomi has no
number of periods there (OpenGotha's adjusted time does not depend on it): read as one period,
with a warning saying so.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.go.timing import parse
from core.i18n import _

SYSTEMS = {"sudden death": "SUDDENDEATH", "japanese": "STDBYOYOMI", "canadian": "CANBYOYOMI",
           "fischer": "FISCHER"}
"""hakem's time systems (:func:`core.go.timing.parse`) and OpenGotha's names for them."""


def opengotha_time(time_control: str) -> dict[str, str]:
    """The ``GeneralParameterSet`` time attributes of a hakem time control; empty when the event
    has none (the caller keeps the file's or OpenGotha's defaults)."""
    parsed = parse(time_control)
    if parsed is None:
        return {}
    kind, basic, _adjusted = parsed
    out = {"basicTime": str(int(basic)), "complementaryTimeSystem": SYSTEMS[kind]}
    numbers = [int(n) for n in _numbers(time_control)]
    if kind == "canadian":
        out.update(canByoYomiTime=str(numbers[1] * 60), nbMovesCanTime=str(numbers[2]))
    elif kind == "japanese":
        out["stdByoYomiTime"] = str(numbers[2])
    elif kind == "fischer":
        out["fischerTime"] = str(numbers[1])
    return out


def _numbers(text: str) -> list[str]:
    digits = "".join(c if c.isdigit() else " " for c in text)
    return digits.split()


def hakem_time(general: Mapping[str, str], path: str) -> tuple[str, list[str]]:
    """The hakem time control of an OpenGotha file's ``GeneralParameterSet`` (its reader's
    defaults for what is missing: 60 minutes, Canadian 300 s for 15 stones), with warnings for
    what hakem's notation cannot hold."""
    def number(attribute: str, default: int) -> int:
        text = str(general.get(attribute, "")).strip()
        return int(text) if text.isdigit() else default

    if not general:
        return "", []
    basic = number("basicTime", 60)
    system = str(general.get("complementaryTimeSystem", "CANBYOYOMI"))
    warnings = []
    if system == "SUDDENDEATH":
        text = str(basic)
    elif system == "STDBYOYOMI":
        text = f"{basic}+1x{number('stdByoYomiTime', 30)}s"
        warnings.append(_("{path}: standard byo-yomi: the file gives no number of periods; read as {text} "
                          "(hakem settings ID --time-control corrects it)").format(path=path, text=text))
    elif system == "FISCHER":
        text = f"{basic}+{number('fischerTime', 10)}s"
    else:
        seconds, stones = number("canByoYomiTime", 300), number("nbMovesCanTime", 15)
        text = f"{basic}+{seconds // 60}/{stones}" if seconds % 60 == 0 else ""
    if parse(text) is None:
        return "", [_("{path}: the time settings (basicTime {basic}, {system}) are no Go time control hakem "
                      "holds; the event has none (hakem settings ID --time-control sets one)").format(
            path=path, basic=basic, system=system)]
    return text, warnings
