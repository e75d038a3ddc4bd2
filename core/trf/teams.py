"""Team records of TRF files: ``310`` (TRF-2026) and ``013`` (TRF16), and which boards form
which team match.

Why a module of its own: a team event only survives a TRF round trip if the rosters (team
records) and the grouping of boards into matches come back.  The column layout follows the
TRF-2026 text (team pairing number 5–7, name 9–40, nickname 42–46, strength 48–53, match
points 55–60, game points 62–67, rank 69–71, players at 74–77 and every 5 columns after) and
TRF16's ``013`` (name 5–36, players at 37–40, 42–45, …).  TRF has no record saying which
boards belong to which match, nor which team is the home team; other programs derive it from
the rosters.  We do the same when reading a foreign file (boards grouped by the two teams, the
team with White on its first board named first), and record our own grouping in a
``### hakem matches`` comment line, which other programs skip as a comment, so Scheveningen
or Skalitzka rounds, whose matches interleave, come back exactly.
"""

from __future__ import annotations

from fractions import Fraction

from core.i18n import _
from core.model import BYE_TEAM, Match, Team, Tournament
from core.teams.roster import derive_matches

MATCH_COMMENT = "### hakem matches "


def team_lines(t: Tournament, flavour: str, ranks: dict[int, int] | None = None) -> list[str]:
    """One team record per team, in team id order.  ``ranks`` (team id → rank) comes from the
    standings; without it teams are ranked by match points, then game points, then id."""
    if not t.teams:
        return []
    from core.teams.scoring import team_standings
    from core.trf.fields import points_field

    rows = team_standings(t)
    table = {row.team: row for row in rows}
    if ranks is None:
        ranks = {row.team: i + 1 for i, row in enumerate(rows)}
    lines = []
    for team in sorted(t.teams, key=lambda x: x.id):
        members = "".join(f" {pno:>4}" for pno in team.members)
        if flavour == "16":  # members from column 37, straight after the name (5-36)
            lines.append((f"013 {team.name[:32]:<32}" + members[1:]).rstrip())
            continue
        row = table.get(team.id)
        mp = Fraction(row.match_points) if row else Fraction(0)
        gp = row.board_points if row else Fraction(0)
        strength = str(team.rating) if team.rating else ""
        head = (f"310 {team.id:>3} {team.name[:32]:<32} {team.short[:5]:<5} {strength:>6} "
                f"{points_field(mp):>6} {points_field(gp):>6} {ranks.get(team.id, 0):>3} ")
        lines.append((head + members).rstrip())
    return lines


def bye_lines(t: Tournament) -> list[str]:
    """Record 320 (a team Swiss's pairing-allocated byes): the bye's match points at 5–8 and
    game points at 10–13, then the team that had the bye in each round (3 digits, 000 for
    none) from column 15, every 4 columns."""
    byes = {rnd.number: m.home for rnd in t.rounds for m in rnd.matches if m.bye}
    if not byes:
        return []
    from core.teams.scoring import bye_points

    mp, gp = bye_points(t)
    cells = "".join(f" {byes.get(r, 0):03d}" for r in range(1, len(t.rounds) + 1))
    return [f"320 {float(mp):04.1f} {float(gp):04.1f}{cells}"]


def read_bye_line(line: str) -> tuple[Fraction, Fraction, dict[int, int]] | None:
    """Parse record 320: (match points, game points, round → team); ``None`` if malformed."""
    parts = line[3:].split()
    try:
        mp, gp = Fraction(parts[0]), Fraction(parts[1])
        teams = {r: int(cell) for r, cell in enumerate(parts[2:], start=1) if int(cell)}
    except (ValueError, IndexError, ZeroDivisionError):
        return None
    return mp, gp, teams


def with_byes(matches: tuple[Match, ...], team: int | None) -> tuple[Match, ...]:
    """A round's matches plus the team's pairing-allocated bye (record 320)."""
    return matches + ((Match(team, BYE_TEAM, ()),) if team else ())


def match_comments(t: Tournament) -> list[str]:
    """``### hakem matches R home-away:i,j,…`` per round with matches (board indices 0-based
    in the written board order) — only where deriving them from the rosters would differ."""
    if not t.teams:
        return []
    out = []
    for rnd in t.rounds:
        bye = next((m.home for m in rnd.matches if m.bye), None)
        if rnd.matches and tuple(rnd.matches) != with_byes(derive_matches(rnd, t.teams), bye):
            parts = " ".join(f"{m.home}-{m.away}:" + ",".join(str(i) for i in m.boards)
                             for m in rnd.matches)
            out.append(f"{MATCH_COMMENT}{rnd.number} {parts}")
    return out


def read_team_line(line: str, next_id: int) -> tuple[Team | None, list[tuple[int, str]]]:
    """Read a ``310`` or ``013`` record into a :class:`Team` (``None`` if unusable) and the
    problems found as (column, message)."""
    problems: list[tuple[int, str]] = []
    extended = line.startswith("310")
    if extended:
        raw_id = line[4:7].strip()
        if not raw_id.isdigit() or int(raw_id) == 0:
            return None, [(5, _('team record 310 needs a team number in columns 5-7'))]
        team_id, name = int(raw_id), line[8:40].strip()
        short = line[41:46].strip()
        raw_strength = line[47:53].strip()
        rating = int(raw_strength) if raw_strength.isdigit() else 0
        first = 74
    else:
        team_id, name, short, rating, first = next_id, line[4:36].strip(), "", 0, 37
    members: list[int] = []
    for start in range(first, len(line) + 1, 5):
        cell = line[start - 1:start + 3].strip()
        if not cell:
            continue
        if cell.isdigit():
            if int(cell):
                members.append(int(cell))
        else:
            problems.append((start, _('{tok!r} is not a pairing number').format(tok=cell)))
    if not name:
        problems.append((9 if extended else 5, _('the team record has no team name')))
    return Team(team_id, name, tuple(members), short, rating), problems


def read_match_comment(line: str) -> tuple[int, tuple[Match, ...]] | None:
    """Parse ``### hakem matches R h-a:i,j …``; ``None`` if it is malformed."""
    parts = line[len(MATCH_COMMENT):].split()
    try:
        rnd = int(parts[0])
        matches = []
        for part in parts[1:]:
            teams, boards = part.split(":")
            home, away = (int(x) for x in teams.split("-"))
            matches.append(Match(home, away, tuple(int(i) for i in boards.split(",") if i)))
        return rnd, tuple(matches)
    except (ValueError, IndexError):
        return None
