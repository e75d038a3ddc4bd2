"""Go (Gamma scheme, seeds/002) pages: participant cards and the tournament table.

They are drawn in the seed's own layout by :mod:`core.go` (``render_card``/``render_table``,
written by the Go engineer); this module only wraps their text as a report page so that the
HTML set, the CLI and the TUI show them like every other report.
"""

from __future__ import annotations

import importlib

from core.errors import TournamentError
from core.i18n import _
from core.reports.document import Report
from core.reports.view import View


def _go_function(name: str):
    """Find ``name`` in the Go package's modules (``core.go.render`` or ``core.go``)."""
    for module in ("core.go.render", "core.go.export", "core.go.exports", "core.go"):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        fn = getattr(mod, name, None)
        if fn is not None:
            return fn
    return None


def available() -> bool:
    return _go_function("render_table") is not None


def go_report(view: View, kind: str) -> Report:
    t = view.tournament
    if not view.is_go:
        raise TournamentError("Go cards and tables exist only for Go tournaments (system gamma)")
    if kind == "go-table":
        fn = _go_function("render_table")
        if fn is None:
            raise TournamentError("this version cannot draw the Go tournament table yet")
        return Report("go-table", _("Tournament table"), [t.name], preformatted=fn(t))
    fn = _go_function("render_card")
    if fn is None:
        raise TournamentError("this version cannot draw Go participant cards yet")
    blocks = [fn(t, p.pno) for p in sorted(t.players, key=lambda p: p.pno)]
    return Report("go-cards", _("Participant cards"), [t.name], preformatted="\n\n".join(blocks))
