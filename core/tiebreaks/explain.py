"""Contributions behind a tie-break value: what an arbiter shows a player who asks "why?".

Why: every value must be explainable (docs/rules/tiebreaks.md, Transparency): for a player and a
tie-break, list each contribution (round, opponent, value, what it is based on) and what was
cut and why.  Families return these objects; screens, reports and the CLI render them.
Notes are complete English sentences (format strings) so the i18n layer can translate them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

Value = Fraction | int | None | tuple
"""A tie-break value: exact points, a count/rating, ``None`` (not applicable), or a tuple
compared element by element (extended Koya)."""


@dataclass(frozen=True)
class Contribution:
    """One term of a tie-break sum."""

    round: int | None
    opponent: int | None
    value: Value
    basis: str = ""
    """What the value is, e.g. "opponent's adjusted score" or "dummy opponent (Art. 16.4)"."""
    cut: bool = False
    reason: str = ""
    """Why it was cut (or why it is valued the way it is)."""


KEIZER_CODES = ("KZR", "KZV")
"""The Keizer criteria: computed by the event's Keizer settings, not by a FIDE regime."""


@dataclass(frozen=True)
class Explanation:
    code: str
    name: str
    pno: int
    value: Value
    regime: str
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    team: bool = False
    """``pno`` is a team's number (team standings): the head says "team", not "player"."""
    match_games: bool = False
    """The rounds are a Double-Swiss event's game rounds (2k−1, 2k = match k's games 1 and 2,
    :func:`core.model.match_games`): each line names its match and game, not a "round" the
    event does not have."""

    def lines(self, names: Mapping[int, str] | None = None) -> list[str]:
        """A plain-text rendering (``hakem standings --explain``, the TUI's explain key).

        The frame words are in the UI language; codes and the regime code are not.  Values as
        the standings show them to people (``½``, ``1½`` or ``0,5`` by the reader's style, not
        the machine format's ``0.5``); ``names``: number → name, so each line names the player
        and opponent as well as their numbers (a number alone sent the reader to another list).
        """
        from core.i18n import _, pgettext
        from core.i18n.format import column_formatter
        from core.tiebreaks.values import ROUNDED_CODES, format_rounded

        # one notation for the value and its contributions, as a standings column writes its
        # values: a Sonneborn-Berger of 1¼ made of ¾ and ½, never "1,25" above "0,75" and "½"
        shown = column_formatter([self.value, *(c.value for c in self.contributions)])

        def value_text(value: Value) -> str:
            if self.code in ROUNDED_CODES:
                return format_rounded(value)
            if value is None:
                return "–"
            return shown(value)

        def named(pno: int) -> str:
            return f"{pno} {names[pno]}" if names and pno in names and not self.team else str(pno)

        if self.code in KEIZER_CODES:  # FIDE's tie-break regimes do not apply: the event's own settings do
            head = _("{code} ({name}) for player {pno}: {value} [Keizer: this event's settings]")
        elif self.team:
            head = _("{code} ({name}) for team {pno}: {value} [regime {regime}]")
        else:
            head = _("{code} ({name}) for player {pno}: {value} [regime {regime}]")
        out = [head.format(code=self.code, name=_(self.name) if self.name else self.name, pno=named(self.pno),
                           value=value_text(self.value), regime=self.regime)]
        wide = 16 if self.match_games else 9
        rows = []
        for c in self.contributions:
            if c.round is None:
                where = "-"
            elif self.match_games:
                where = _("match {m}, game {g}").format(m=(c.round + 1) // 2, g=2 - c.round % 2)
            else:
                where = _("round {n}").format(n=c.round)
            opp = _("opponent {pno}").format(pno=named(c.opponent)) if c.opponent else _("no opponent")
            mark = " " + pgettext("tie-break contribution", "CUT") if c.cut else ""
            tail = f" ({c.reason})" if c.reason else ""
            rows.append((where, opp, value_text(c.value), f"{c.basis}{mark}{tail}"))
        opp_wide = max([14, *(len(row[1]) for row in rows)])
        out.extend(f"  {where:{wide}} {opp:{opp_wide}} {value:>8}  {basis}" for where, opp, value, basis in rows)
        out.extend(f"  {n}" for n in self.notes)
        if self.code == "LOT" and self.value is None:
            out.append("  " + _("No lot has been drawn for this player."))
        return out
