"""The four fixed tournaments the report tests draw (Swiss with byes and forfeits, round robin,
team, Go) — built here, deterministically, so the golden files only change when a report does.

* Swiss: ``tests/data/dutch2026/f04_p11r5.trf`` (11 players, 5 rounds, paired by bbpPairings:
  half-point byes, pairing-allocated byes, forfeits) with readable names and an event header;
  its tie-break values are known from TieBreakServer (``tests/data/tiebreaks/f04_p11r5.2026.tsv``).
* Round robin: ``tests/data/tiebreaks/roundrobin/rr00_p7r7.trf`` (7 players, Berger table with a
  bye each round), values known from TieBreakServer as well.
* Team: four teams of four, a team round robin paired by our Berger system, results from a
  fixed rule (one forfeit); plus a finished two-player playoff and a running 4-player knockout
  playoff stored in ``options["playoffs"]`` for the bracket/timetable reports.
* Go: eight players of the Gamma scheme (the Gamma procedure), three rounds paired by our engine,
  results from a fixed rule.
"""

from __future__ import annotations

import functools
import os

from core.model import GameResult, Player, Team, Tournament

DATA = os.path.join(os.path.dirname(__file__), "data")

SWISS_NAMES = ("Aktar, Tahsin", "Yılmaz, Elif", "Schneider, Jonas", "Petrova, Anna",
               "Demir, Mehmet", "Krüger, Lena", "Иванов, Сергей", "Kaya, Can",
               "Öztürk, Sibel", "Wagner, Paul", "Smirnova, Olga")
RR_NAMES = ("Şahin, Gül", "Braun, Erik", "Kuznetsova, Maria", "Çelik, Murat",
            "Hoffmann, Jana", "Popov, Dmitri", "Güneş, Ayşe")


def read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def _rename(t: Tournament, names: tuple[str, ...]) -> Tournament:
    players = tuple(Player(**{**p.__dict__, "name": names[p.pno - 1], "fide_id": "", "birth": ""})
                    for p in t.players)
    return t.with_changes(players=players)


@functools.cache
def swiss() -> Tournament:
    from core.trf import parse_tournament

    t = parse_tournament(read(os.path.join(DATA, "dutch2026", "f04_p11r5.trf")), "swiss")
    t = _rename(t, SWISS_NAMES)
    feds = ("TUR", "TUR", "GER", "RUS", "TUR", "GER", "RUS", "TUR", "TUR", "GER", "RUS")
    t = t.with_changes(players=tuple(Player(**{**p.__dict__, "federation": feds[p.pno - 1]})
                                     for p in t.players))
    return t.with_changes(name="Ankara Kulüp Açık 2026", place="Ankara", federation="TUR",
                          start_date="2026-11-20", end_date="2026-11-22", total_rounds=5,
                          chief_arbiter="Demo Arbiter", time_control="5400+30",
                          tiebreaks=("BH/C1", "BH", "SB", "WIN"), tiebreak_regime="2026")


@functools.cache
def round_robin() -> Tournament:
    from core.trf import parse_tournament

    t = parse_tournament(read(os.path.join(DATA, "tiebreaks", "roundrobin", "rr00_p7r7.trf")), "rr")
    t = _rename(t, RR_NAMES)
    return t.with_changes(name="Kış Kapalı Turnuvası", system="berger", place="İzmir",
                          start_date="2026-11-23", end_date="2026-11-29", total_rounds=7,
                          tiebreaks=("DE", "SB", "WIN", "KS"), tiebreak_regime="2026")


TEAM_NAMES = (("Ankara Şah", ("Aydın, Kerem", 2210), ("Koç, Zeynep", 2105), ("Er, Ali", 1980), ("Tan, Ece", 1900)),
              ("Berliner SC", ("Vogel, Tim", 2250), ("Lange, Mia", 2120), ("Roth, Max", 2010), ("Horn, Ida", 1870)),
              ("Москва ШК", ("Орлов, Пётр", 2230), ("Белова, Ира", 2090), ("Зайцев, Лев", 2000), ("Лебедь, Яна", 1950)),
              ("İzmir Gençlik", ("Uçar, Deniz", 2150), ("Bulut, Selin", 2060), ("Polat, Ege", 1960), ("Acar, Nil", 1890)))


def _result(white: Player, black: Player, salt: int) -> GameResult:
    """A fixed rule: the higher rating wins unless the ratings are within 60 points (draw);
    every seventh game (by ``salt``) goes the other way, so upsets exist."""
    diff = white.rating - black.rating
    if salt % 7 == 3:
        diff = -diff
    if abs(diff) <= 60:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if diff > 0 else GameResult.BLACK_WINS


@functools.cache
def team() -> Tournament:
    from core.changes import pair_next_round, set_result
    from core.model import Colour
    from core.changes.playoff import with_playoff
    from core.playoff import create, enter_result

    players, teams, pno = [], [], 1
    for tid, (name, *members) in enumerate(TEAM_NAMES, start=1):
        ids = []
        for member, rating in members:
            players.append(Player(pno, member, rating=rating, club=name))
            ids.append(pno)
            pno += 1
        teams.append(Team(tid, name, tuple(ids), short=name[:3].upper()))
    t = Tournament(id="team", name="Kulüpler Ligi 2026", system="berger", total_rounds=3,
                   place="Eskişehir", start_date="2026-11-27", end_date="2026-11-29",
                   players=tuple(players), teams=tuple(teams), initial_colour=Colour.WHITE,
                   tiebreak_regime="2026")
    by_pno = {p.pno: p for p in t.players}
    for rnd in range(1, 4):
        t = pair_next_round(t)
        for i, b in enumerate(t.rounds[-1].boards, start=1):
            salt = rnd * 10 + i
            result = GameResult.WHITE_FORFEIT_WIN if (rnd, i) == (2, 4) else \
                _result(by_pno[b.white], by_pno[b.black], salt)
            t = set_result(t, rnd, i, result)
    # A finished two-game playoff between two players, and a running 4-player knockout.
    done = create([1, 5], 1, seed=7, start="18:30")
    for gid, res in (("p.s0g1", "1/2"), ("p.s0g2", "1-0")):
        done = enter_result(done, gid, res)
    t = with_playoff(t, "board1", done)
    running = create([2, 6, 10, 14], 1, seed=11, start="18:30")
    running = enter_result(running, "p.r1m1.s0g1", "1-0", end="19:05")
    t = with_playoff(t, "board2", running)
    return t


GO_PLAYERS = (("Ким Алексей", 2510), ("Петров Иван", 2247), ("Сидорова Анна", 2150),
              ("Ли Мин", 2020), ("Орлова Вера", 1890), ("Смирнов Олег", 1540),
              ("Зуев Павел", 1230), ("Юдина Ольга", 952))


@functools.cache
def go() -> Tournament:
    from core.changes import pair_next_round, set_result

    players = tuple(Player(i, name, rating=rating, club="Москва" if i % 2 else "Тверь")
                    for i, (name, rating) in enumerate(GO_PLAYERS, start=1))
    t = Tournament(id="go", name="Кубок клуба по го", system="gamma", total_rounds=3,
                   place="Москва", start_date="2026-11-28", end_date="2026-11-29",
                   players=players, options={"go": {"seed": "fixture"}})
    by_pno = {p.pno: p for p in t.players}
    for rnd in range(1, 4):
        t = pair_next_round(t)
        for i, b in enumerate(t.rounds[-1].boards, start=1):
            w, bl = by_pno[b.white], by_pno[b.black]
            # handicap games are even by design: let the weaker player (Black) win every third
            upset = (rnd + i) % 3 == 0
            strong_white = w.rating >= bl.rating
            white_wins = strong_white != upset
            t = set_result(t, rnd, i, GameResult.WHITE_WINS if white_wins else GameResult.BLACK_WINS)
    return t


FIXTURES = {"swiss": swiss, "roundrobin": round_robin, "team": team, "go": go}


def test_fixtures_are_valid() -> None:
    from core.validate import validate

    for name, build in FIXTURES.items():
        t = build()
        assert validate(t) == [], name
        assert t.rounds and all(r.complete for r in t.rounds), name
