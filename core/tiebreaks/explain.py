"""Contributions behind a tie-break value: what an arbiter shows a player who asks "why?".

Why: every value must be explainable (docs/rules/tiebreaks.md, Transparency): for a player and a
tie-break, list each contribution (round, opponent, value, what it is based on) and what was
cut and why.  Families return these objects; screens, reports and the CLI render them.
Notes are complete English sentences (format strings) so the i18n layer can translate them.
"""

from __future__ import annotations

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

    def lines(self) -> list[str]:
        """A plain-text rendering (``hakem standings --explain``, the TUI's explain key).

        The frame words are in the UI language; codes, numbers and the regime code are not.
        """
        from core.i18n import _, pgettext
        from core.tiebreaks.values import ROUNDED_CODES, format_rounded
        from core.tiebreaks.values import format_value as machine

        format_value = format_rounded if self.code in ROUNDED_CODES else machine
        if self.code in KEIZER_CODES:  # FIDE's tie-break regimes do not apply: the event's own settings do
            head = _("{code} ({name}) for player {pno}: {value} [Keizer: this event's settings]")
        elif self.team:
            head = _("{code} ({name}) for team {pno}: {value} [regime {regime}]")
        else:
            head = _("{code} ({name}) for player {pno}: {value} [regime {regime}]")
        out = [head.format(code=self.code, name=_(self.name) if self.name else self.name, pno=self.pno,
                           value=format_value(self.value), regime=self.regime)]
        wide = 16 if self.match_games else 9
        for c in self.contributions:
            if c.round is None:
                where = "-"
            elif self.match_games:
                where = _("match {m}, game {g}").format(m=(c.round + 1) // 2, g=2 - c.round % 2)
            else:
                where = _("round {n}").format(n=c.round)
            opp = _("opponent {pno}").format(pno=c.opponent) if c.opponent else _("no opponent")
            mark = " " + pgettext("tie-break contribution", "CUT") if c.cut else ""
            tail = f" ({c.reason})" if c.reason else ""
            out.append(f"  {where:{wide}} {opp:14} {format_value(c.value):>8}  {c.basis}{mark}{tail}")
        out.extend(f"  {n}" for n in self.notes)
        return out
