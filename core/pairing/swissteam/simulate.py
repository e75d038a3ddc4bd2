"""Random team Swiss events, every round paired by ``swiss-team`` (``hakem generate
--swiss-team``, the tests, the benchmark).

Why its own generator: a team event needs teams with rosters and match results made of board
results; the individual generator (:mod:`core.pairing.swiss.simulate`) supplies the game
results, reproducible from one seed.
"""

from __future__ import annotations

import random

from core.errors import TournamentError
from core.i18n import _
from core.model import Board, Colour, Player, Round, Team, Tournament
from core.pairing.base import PairOptions
from core.pairing.swiss.simulate import Settings, _result


def new_team_event(teams: int, boards: int, rounds: int, rng: random.Random,
                   preferences: str = "A") -> Tournament:
    """``teams`` teams of ``boards`` players, numbered by strength (team 1 strongest)."""
    players: list[Player] = []
    roster: list[Team] = []
    for tid in range(1, teams + 1):
        members = []
        for board in range(boards):
            pno = len(players) + 1
            players.append(Player(pno=pno, name=f"Player {pno:04d}",
                                  rating=max(1000, 2700 - 8 * tid - 40 * board + rng.randint(-60, 60))))
            members.append(pno)
        roster.append(Team(tid, f"Team {tid:03d}", tuple(members)))
    return Tournament(id="genteam", name=_("Generated team Swiss"), system="swiss-team",
                      total_rounds=rounds, players=tuple(players), teams=tuple(roster),
                      initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
                      options={"boards": boards, "colour_preferences": preferences})


def generate_teams(teams: int, boards: int, rounds: int, seed: int = 1, draws: float = 0.3,
                   forfeits: float = 0.02, preferences: str = "A",
                   options: PairOptions | None = None) -> Tournament:
    """Play ``rounds`` random rounds; raises :class:`~core.errors.PairingImpossible` when a
    round has no legal pairing (few teams, many rounds)."""
    from core.pairing.registry import get_system

    if teams < 2:
        raise TournamentError(_("a team Swiss needs at least two teams, not {teams}").format(teams=teams))
    if boards < 1 or rounds < 1:
        raise TournamentError(_("boards and rounds must be at least 1"))
    rng = random.Random(seed)
    settings = Settings(draws=draws, forfeits=forfeits)
    t = new_team_event(teams, boards, rounds, rng, preferences)
    system = get_system("swiss-team")
    for r in range(1, rounds + 1):
        pairing = system.pair(t, options)
        played = tuple(Board(b.white, b.black, _result(rng, settings, t.player(b.white), t.player(b.black)))
                       for b in pairing.boards)
        t = t.with_changes(rounds=t.rounds + (Round(r, played, (), False, pairing.matches),))
    return t
