"""A small ready-to-pair club Swiss for trying hakem out (``hakem new --demo``, the TUI's demo).

Not a change of a stored event: a sample built with the changes, which front ends may start
from (``hakem new --demo`` adds the options given)."""

from __future__ import annotations

from core.changes.players import add_player
from core.model import Tournament
from core.changes.numbering import assign_pairing_numbers


DEMO_PLAYERS = (
    ("Aktar, Tahsin", 2285, "FM", "TUR"), ("Yılmaz, Elif", 2190, "WFM", "TUR"),
    ("Schneider, Jonas", 2234, "", "GER"), ("Petrova, Anna", 2156, "WIM", "RUS"),
    ("Demir, Mehmet", 2098, "", "TUR"), ("Krüger, Lena", 2050, "", "GER"),
    ("Ivanov, Sergei", 2311, "IM", "RUS"), ("Kaya, Can", 1987, "CM", "TUR"),
    ("Öztürk, Sibel", 1920, "", "TUR"), ("Wagner, Paul", 1875, "", "GER"),
    ("Smirnova, Olga", 1810, "", "RUS"), ("Arslan, Emre", 1755, "", "TUR"),
)


def demo_tournament(tournament_id: str = "") -> Tournament:
    """A small ready-to-pair club Swiss (12 players, 5 rounds) for trying hakem out, named in
    the organiser's language when it is made (a German organiser's list said "Demo Club
    Rapid"); the players keep their own names."""
    from core.i18n import _

    t = Tournament(id=tournament_id, name=_("Demo Club Rapid"), system="dutch", total_rounds=5,
                   place="Ankara", federation="TUR", start_date="2026-11-29", end_date="2026-11-29",
                   time_control="15+10", tiebreaks=("BH/C1", "BH", "SB", "WIN"),
                   chief_arbiter=_("Demo Arbiter"))
    club = _("Demo Chess Club")
    for name, rating, title, fed in DEMO_PLAYERS:
        t = add_player(t, name, rating=rating, title=title, federation=fed, club=club)
    return assign_pairing_numbers(t)
