"""The tournament model: immutable values that every engine, report and screen reads.

Why immutable: the UI refreshes from snapshots, the store journals before/after states, and
pairing engines must be pure functions of the history.  A change is always ``replace(...)``
producing a new :class:`Tournament`; :mod:`core.changes` holds the validated changes.

Identity: players are referred to everywhere by their pairing number (``pno``, FIDE's TPN),
exactly as TRF files and the public engines do.  Renumbering (allowed until round 4 is paired,
C.04.2 Art. 2.3) rewrites every reference in one step (:func:`core.numbering.renumber`).

Points are :class:`fractions.Fraction` (exact halves, and exact values for any point system
such as 3/1/0); they are never floats.
"""

from __future__ import annotations

from core.i18n import _

import enum
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from core.errors import InvalidResult, UnknownPlayer

Points = Fraction


def points(value: str | int | float | Fraction) -> Fraction:
    """Parse a point value exactly: ``"5.5"``, ``"5,5"``, ``"1/2"``, ``"½"``, ``"1½"``, 3."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1000)
    text = value.strip().replace(",", ".")
    if text.endswith("½"):
        head = text[:-1]
        return Fraction(int(head) if head else 0) + Fraction(1, 2)
    return Fraction(text)


def format_points(value: Fraction) -> str:
    """Machine format of a point value: ``"5.5"``, ``"3"``, ``"0.25"`` (dot, no exponent).

    Used in JSON, CSV and TRF; presentation with ½ and decimal commas lives in the i18n layer.
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value.numerator, value.denominator)
    digits = []
    for _digit in range(6):
        rest *= 10
        d, rest = divmod(rest, value.denominator)
        digits.append(str(d))
        if rest == 0:
            break
    return f"{sign}{whole}." + "".join(digits).rstrip("0")


class Colour(enum.Enum):
    """Colour of a player in one round; NONE for any round without a played game."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class Code(enum.Enum):
    """A player's result in one round, as the TRF ``001`` record writes it (C.04 Annex 2)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    SHORT_WIN = "W"
    """Won a game that lasted less than one move (counts as a win, not rated)."""
    SHORT_DRAW = "D"
    SHORT_LOSS = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAB = "U"
    """Pairing-allocated bye."""
    ZERO_BYE = "Z"
    """Zero-point bye: known absence, or any round a player was not paired (also withdrawals)."""

    @property
    def played(self) -> bool:
        """True for a game played over the board (the only rounds that carry a colour)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        return self in (Code.HALF_BYE, Code.FULL_BYE, Code.PAB, Code.ZERO_BYE)


_PLAYED = frozenset({Code.WIN, Code.DRAW, Code.LOSS, Code.SHORT_WIN, Code.SHORT_DRAW, Code.SHORT_LOSS})


class ByeKind(enum.Enum):
    """A round without an opponent; the value is the TRF result code."""

    PAB = "U"
    HALF = "H"
    FULL = "F"
    ZERO = "Z"

    @property
    def code(self) -> Code:
        return Code(self.value)

    @property
    def label(self) -> str:
        """The CLI/JSON spelling: ``pab``, ``half``, ``full``, ``zero``."""
        return self.name.lower()


class GameResult(enum.Enum):
    """Result of one board, as typed by the arbiter (``hakem result ID R B 1-0``)."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"
    BOTH_LOSE = "0-0"
    """Played game scored as lost by both (arbiter's decision, e.g. both flags/illegal)."""
    WHITE_HALF = "1/2-0"
    """Played game scored ½ for White and nothing for Black (an arbiter's decision under the
    Laws of Chess, e.g. a flag fall when Black cannot mate while White's score is a penalty);
    the C.04.5 Preface names it beside 0-0 ("a game can (rarely) end ½-0, 0-½, or 0-0")."""
    BLACK_HALF = "0-1/2"
    """Played game scored nothing for White and ½ for Black (see ``WHITE_HALF``)."""

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Accept every spelling an arbiter types: ``1-0 1 0-1 0 1/2 = ½ ½-½ +- -+ -- 0-0 +/- -/+``,
        the forms hakem shows (``+:-``, ``-:+``, ``-:-``; ``1:0`` as German sheets write; a minus
        sign for the hyphen), the languages' words for a draw (Remis,
        unentschieden, beraberlik, berabere, ничья, draw) and the arbiter's half-point scores
        ``½-0 =-0 0-½ 0-=``.  Two scores that no single
        game can give (``1-1``, ``½-1``, ``1-½``) are refused as such, not as an unknown word."""
        key = text.strip().lower().replace(" ", "").replace("½", "1/2").replace("\u2212", "-").replace(",", ".")
        if len(key) > 1:  # a dash between scores; a dash alone is how hakem shows no result, not a forfeit
            key = key.translate(_DASHES)
        key = "-".join(_WHOLE_SCORE.sub(r"\1", side) for side in key.split("-"))  # 1,0-0 is 1-0
        if key in _RESULT_ALIASES:  # as hakem shows it too: +:-, -:+, -:- (a colon read as a dash would make +--)
            return _RESULT_ALIASES[key]
        key = "-".join(_WHOLE_SCORE.sub(r"\1", side) for side in key.replace(":", "-").split("-"))
        if key in _RESULT_ALIASES:
            return _RESULT_ALIASES[key]
        if _two_scores(key):
            raise InvalidResult(_('{text!r} cannot be the result of one game: a game ends 1-0, ½-½, 0-1, '
                                  '½-0, 0-½ or 0-0 (forfeits +-, -+, --)').format(text=text))
        raise InvalidResult(
            _('unknown result {text!r}; use 1-0, 0-1, 1/2 (or =), ½-0, 0-½, +-, -+, --, 0-0').format(text=text)
        )

    def codes(self, unrated: bool = False) -> tuple[Code, Code]:
        """The TRF codes of white and black; ``unrated`` marks a game of less than one move."""
        w, b = _RESULT_CODES[self]
        if unrated:
            w, b = _SHORT.get(w, w), _SHORT.get(b, b)
        return w, b

    @property
    def played(self) -> bool:
        return self in _PLAYED_RESULTS

    @property
    def text(self) -> str:
        """How people read the result (``½-½``, ``½-0``, forfeits ``+:-``); ``value`` is the
        stored and machine spelling (``1/2``, ``1/2-0``, ``+-``)."""
        return _RESULT_TEXT[self]


_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2010": "-", "\u2011": "-"})
"""The dashes a phone or a word processor types for the hyphen (``1–0``, as hakem itself prints
between names): read as the hyphen between two scores."""

_WHOLE_SCORE = re.compile(r"^(\d)\.0+$")
"""A whole score written with decimals (``1,0``, ``0.0``): the score itself."""

_PLAYED_RESULTS = frozenset((GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.BOTH_LOSE,
                     GameResult.WHITE_HALF, GameResult.BLACK_HALF))
_RESULT_TEXT = {
    GameResult.WHITE_WINS: "1-0", GameResult.BLACK_WINS: "0-1", GameResult.DRAW: "½-½",
    GameResult.WHITE_FORFEIT_WIN: "+:-", GameResult.BLACK_FORFEIT_WIN: "-:+",
    GameResult.DOUBLE_FORFEIT: "-:-", GameResult.BOTH_LOSE: "0-0",
    GameResult.WHITE_HALF: "½-0", GameResult.BLACK_HALF: "0-½",
}
_GAME_SCORES = frozenset(("1", "0", "1/2", "0.5", "="))
"""One side's score of a game as typed: two of them the aliases do not know are impossible."""


def _two_scores(key: str) -> bool:
    """``key`` (folded by :meth:`GameResult.parse`) is two game scores joined by ``-``."""
    white, dash, black = key.partition("-")
    return bool(dash) and white in _GAME_SCORES and black in _GAME_SCORES


_RESULT_ALIASES: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WINS, "1": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS, "0": GameResult.BLACK_WINS,
    "1/2": GameResult.DRAW, "=": GameResult.DRAW, "1/2-1/2": GameResult.DRAW, "=-=": GameResult.DRAW, "0.5-0.5": GameResult.DRAW,
    "r": GameResult.DRAW, "d": GameResult.DRAW, "draw": GameResult.DRAW, "remis": GameResult.DRAW,
    "unentschieden": GameResult.DRAW, "beraberlik": GameResult.DRAW, "berabere": GameResult.DRAW,
    "ничья": GameResult.DRAW,
    "+:-": GameResult.WHITE_FORFEIT_WIN, "-:+": GameResult.BLACK_FORFEIT_WIN, "-:-": GameResult.DOUBLE_FORFEIT,
    "+-": GameResult.WHITE_FORFEIT_WIN, "+/-": GameResult.WHITE_FORFEIT_WIN, "+": GameResult.WHITE_FORFEIT_WIN,
    "-+": GameResult.BLACK_FORFEIT_WIN, "-/+": GameResult.BLACK_FORFEIT_WIN, "-": GameResult.BLACK_FORFEIT_WIN,
    "--": GameResult.DOUBLE_FORFEIT, "-/-": GameResult.DOUBLE_FORFEIT, "f": GameResult.DOUBLE_FORFEIT,
    "0-0": GameResult.BOTH_LOSE,
    "1/2-0": GameResult.WHITE_HALF, "=-0": GameResult.WHITE_HALF, "0.5-0": GameResult.WHITE_HALF,
    "0-1/2": GameResult.BLACK_HALF, "0-=": GameResult.BLACK_HALF, "0-0.5": GameResult.BLACK_HALF,
}
_RESULT_CODES: dict[GameResult, tuple[Code, Code]] = {
    GameResult.WHITE_WINS: (Code.WIN, Code.LOSS),
    GameResult.BLACK_WINS: (Code.LOSS, Code.WIN),
    GameResult.DRAW: (Code.DRAW, Code.DRAW),
    GameResult.WHITE_FORFEIT_WIN: (Code.FORFEIT_WIN, Code.FORFEIT_LOSS),
    GameResult.BLACK_FORFEIT_WIN: (Code.FORFEIT_LOSS, Code.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (Code.FORFEIT_LOSS, Code.FORFEIT_LOSS),
    GameResult.BOTH_LOSE: (Code.LOSS, Code.LOSS),
    GameResult.WHITE_HALF: (Code.DRAW, Code.LOSS),  # TRF-2026 §001: one result per player
    GameResult.BLACK_HALF: (Code.LOSS, Code.DRAW),
}
_SHORT = {Code.WIN: Code.SHORT_WIN, Code.DRAW: Code.SHORT_DRAW, Code.LOSS: Code.SHORT_LOSS}


def result_from_codes(white: Code, black: Code) -> tuple[GameResult, bool]:
    """Inverse of :meth:`GameResult.codes`: ``(result, unrated)``; raises on an impossible pair."""
    unrated = white in (Code.SHORT_WIN, Code.SHORT_DRAW, Code.SHORT_LOSS) or black in (
        Code.SHORT_WIN, Code.SHORT_DRAW, Code.SHORT_LOSS)
    unshort = {v: k for k, v in _SHORT.items()}
    pair = (unshort.get(white, white), unshort.get(black, black))
    for result, codes in _RESULT_CODES.items():
        if codes == pair:
            return result, unrated
    raise InvalidResult(_('results {value!r} and {value2!r} cannot belong to one game').format(value=white.value, value2=black.value))


@dataclass(frozen=True)
class PointSystem:
    """Points for each kind of round result (TRF ``162`` / bbp ``BB?``; FIDE default 1/½/0)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)

    def for_code(self, code: Code | None) -> Fraction:
        """Points a player gets for one round's code (``None``: game not finished yet → 0)."""
        return self._table()[code]

    def _table(self) -> dict[Code | None, Fraction]:
        """Code → points, built once per point system (every score sums one look-up per
        player and round; building the table on each call was a fifth of ``scores``).  Kept
        outside the fields, like :meth:`Tournament._players_by_pno`."""
        table: dict[Code | None, Fraction] | None = self.__dict__.get("_by_code")
        if table is None:
            table = {
                None: Fraction(0),
                Code.WIN: self.win, Code.SHORT_WIN: self.win,
                Code.DRAW: self.draw, Code.SHORT_DRAW: self.draw,
                Code.LOSS: self.loss, Code.SHORT_LOSS: self.loss,
                Code.FORFEIT_WIN: self.forfeit_win, Code.FORFEIT_LOSS: self.forfeit_loss,
                Code.PAB: self.pab, Code.FULL_BYE: self.full_bye,
                Code.HALF_BYE: self.half_bye, Code.ZERO_BYE: self.zero_bye,
            }
            object.__setattr__(self, "_by_code", table)
        return table

    def scaled(self) -> tuple[int, dict[Code, int]]:
        """(the common denominator of every code's points, each code's points times it): the
        running totals add integers (:func:`scores`).  Built once per point system."""
        found: tuple[int, dict[Code, int]] | None = self.__dict__.get("_scaled")
        if found is None:
            import math

            scale = math.lcm(*(self.for_code(code).denominator for code in Code))
            found = (scale, {code: int(self.for_code(code) * scale) for code in Code})
            object.__setattr__(self, "_scaled", found)
        return found

    @property
    def is_standard(self) -> bool:
        return self == PointSystem()


TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles in the order of C.04.2 Art. 2.2 (used to rank equal ratings)."""


@dataclass(frozen=True)
class Player:
    """A registered participant.  ``pno`` is the pairing number (TPN); 0 means not yet numbered.

    ``joined_round`` > 1 marks a late entry (paired from that round on); ``withdrawn_round``
    is the first round the player is no longer paired (``None``: still in).  ``extra`` holds
    system-specific data (Go rank, team, lot number...) as plain JSON values.
    """

    pno: int
    name: str
    rating: int = 0
    national_rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    national_id: str = ""
    club: str = ""
    birth: str = ""
    sex: str = ""
    joined_round: int = 1
    withdrawn_round: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=True, hash=False)
    member: int | None = None
    """The club register's number of the person this player is (set when registered from the
    register, :mod:`core.club`); ``None`` for a player the register does not know."""

    def active_in(self, round_no: int) -> bool:
        """Whether the player can be paired in ``round_no`` (arrived and not withdrawn)."""
        if round_no < self.joined_round:
            return False
        return self.withdrawn_round is None or round_no < self.withdrawn_round


@dataclass(frozen=True)
class Board:
    """One game of a round.  ``result`` is ``None`` while the game is being played."""

    white: int
    black: int
    result: GameResult | None = None
    unrated: bool = False
    """Game of less than one move (TRF codes W/D/L)."""
    handicap: int | None = None
    """Go: handicap stones given to black (``None`` for chess)."""
    komi: Fraction | None = None
    """Go: komi for white (``None`` for chess)."""
    colourless: bool = False
    """A forfeit recorded without colours (TRF ``13 - +`` / ``13 - -``): the file never said
    who had White, so a written file must not invent it either."""
    game: str = ""
    """Knockout cups: which game of which match this board is (``"p.r2m1.s0g2"``: knockout
    round 2, match 1, segment 0 = the regular games, game 2).  A cup's tournament round is one
    knockout round, so its boards hold every game of every match of that round, tie-break
    games appended when a match is level; ``""`` everywhere else (:func:`game_rounds`)."""


@dataclass(frozen=True)
class Bye:
    """A player without a game in a round: pairing-allocated, requested (half/full/zero)."""

    pno: int
    kind: ByeKind
    trf_code: str = ""
    """The result code a foreign TRF file used for this bye when it is not the kind's own
    (``+`` for a pairing-allocated bye, ``-`` for an absence), so that writing it back is exact."""
    absent: bool = False
    """A zero-point bye because the player was not checked in when the round was paired (the
    check-in's, not a request): unpairing drops it instead of turning it into a requested bye,
    so a player checked in afterwards is paired (:mod:`core.checkin`)."""

    @property
    def forfeit_win(self) -> bool:
        """A forfeit win without an opponent (TRF ``0000 - +``): in a team match, the board the
        other team left empty — the short team forfeits its lowest boards, the present player
        wins them (:func:`core.pairing.roundrobin.build.team_round`)."""
        return self.trf_code == "+" and self.kind is ByeKind.FULL

    @property
    def code(self) -> Code:
        """The round's result code for the player: ``+`` for a forfeit win on an empty board,
        else the bye kind's."""
        return Code.FORFEIT_WIN if self.forfeit_win else self.kind.code


@dataclass(frozen=True)
class RequestedBye:
    """A bye requested in advance for a future round (C.04.2 Art. 3.3)."""

    pno: int
    round: int
    kind: ByeKind


@dataclass(frozen=True)
class Team:
    """A team in a team event; ``members`` are pairing numbers in board order (roster)."""

    id: int
    name: str
    members: tuple[int, ...] = ()
    short: str = ""
    rating: int = 0


@dataclass(frozen=True)
class ForbiddenRange:
    """Players who must not meet each other in rounds ``first``..``last`` only (TRF-2026 ``260``
    with a round range narrower than the tournament)."""

    first: int
    last: int
    players: tuple[int, ...]

    def covers(self, round_no: int) -> bool:
        return self.first <= round_no <= self.last


ADJUSTMENT_KINDS = ("", "W", "D", "L", "F", "H", "Z", "+", "-")
"""TRF-2026 record 299, column 5 (type of abnormal assignment): blank for a penalty or bonus,
else the result or bye the points were assigned for (win, draw, loss, full/half/zero-point
bye, forfeit win, forfeit loss)."""


@dataclass(frozen=True)
class PointAdjustment:
    """Points given or taken outside the results: an arbiter's penalty (negative) or bonus, or
    a non-standard assignment for a result (TRF-2026 record 299, "abnormal assignment points").

    ``points`` are *added* to the score of each of ``players`` (the results in the rounds keep
    their standard value); ``round`` is the round the assignment belongs to, 0 when it belongs
    to none (the record's "000 or empty means all rounds"): it then counts in every score,
    from before round 1 on; ``kind`` is the record's type of assignment
    (:data:`ADJUSTMENT_KINDS`).  See :func:`adjusted_points`."""

    players: tuple[int, ...]
    points: Fraction
    round: int = 0
    kind: str = ""


@dataclass(frozen=True)
class TeamAdjustment:
    """A team event's record 299: match points and game points given to (negative: taken from)
    each of ``teams`` (team numbers), outside the matches' results.  ``round`` and ``kind`` as
    in :class:`PointAdjustment`; see :func:`team_adjusted_points`."""

    teams: tuple[int, ...]
    match_points: Fraction
    game_points: Fraction
    round: int = 0
    kind: str = ""


BYE_TEAM = 0
"""``Match.away`` of a team's pairing-allocated bye (a team Swiss, C.04.6 Art. 1.4; TRF-2026
record 320): the home team meets nobody and scores the match and game points of a draw."""


@dataclass(frozen=True)
class Match:
    """A team match inside a round: ``boards`` are 0-based indices into ``Round.boards``.
    ``away == BYE_TEAM`` (no boards) is the home team's pairing-allocated bye."""

    home: int
    away: int
    boards: tuple[int, ...] = ()

    @property
    def bye(self) -> bool:
        return self.away == BYE_TEAM


@dataclass(frozen=True)
class Round:
    """A paired round: boards in board order, then the players without a game.

    Players active in the tournament but neither on a board nor in ``byes`` are absent
    (zero-point, TRF code ``Z``).
    """

    number: int
    boards: tuple[Board, ...] = ()
    byes: tuple[Bye, ...] = ()
    manual: bool = False
    """True if the arbiter changed the engine's pairing (recorded for the audit trail)."""
    matches: tuple[Match, ...] = ()
    """Team events: which boards form which team match (empty for individual events)."""

    @property
    def complete(self) -> bool:
        return all(b.result is not None for b in self.boards)


@dataclass(frozen=True)
class RoundEntry:
    """What one player did in one round, derived from the rounds (TRF ``001`` cell).

    ``opponent`` is ``None`` for byes and absences; ``code`` is ``None`` for a game whose
    result is not in yet.
    """

    round: int
    opponent: int | None
    colour: Colour
    code: Code | None

    @property
    def played(self) -> bool:
        return self.code is not None and self.code.played


@dataclass(frozen=True)
class Tournament:
    """A whole event: settings, participants, and the rounds paired so far.

    ``system`` is the id of a registered pairing system (``dutch``, ``dutch-2017``, ``dubov``,
    ``burstein``, ``lim``, ``berger``, ``gamma``, ``knockout`` ...).  ``initial_colour`` is the
    colour drawn for the top player of round 1 (``None``: not drawn yet).  ``tiebreak_regime``
    ``None`` means "by start date" (see :mod:`core.tiebreaks`).  ``options`` carries
    system-specific settings as JSON values.
    """

    id: str
    name: str
    system: str = "dutch"
    total_rounds: int = 9
    place: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    points: PointSystem = field(default_factory=PointSystem)
    initial_colour: Colour | None = None
    tiebreaks: tuple[str, ...] = ()
    tiebreak_regime: str | None = None
    acceleration: str | None = None
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    requested_byes: tuple[RequestedBye, ...] = ()
    teams: tuple[Team, ...] = ()
    forbidden: tuple[tuple[int, ...], ...] = ()
    """Groups of players who must never be paired with each other (same family/club...)."""
    forbidden_ranges: tuple[ForbiddenRange, ...] = ()
    """Groups forbidden in some rounds only (TRF ``260 RR1 RRL``); see :meth:`forbidden_for`."""
    round_dates: tuple[str, ...] = ()
    """Date of each round, ISO ``YYYY-MM-DD`` ("" where unknown); TRF record ``132``."""
    round_times: tuple[str, ...] = ()
    """Start time of each round, ``HH:MM`` ("" where unknown)."""
    adjustments: tuple[PointAdjustment, ...] = ()
    """Penalties, bonuses and other abnormal point assignments (TRF-2026 ``299``), in the order
    they were recorded; they count in every score (:func:`scores`)."""
    team_adjustments: tuple[TeamAdjustment, ...] = ()
    """The same for the teams of a team event (match and game points)."""
    time_control_code: str = ""
    """The time control in the TRF-2026 encoding of record ``222`` (``5400+30``,
    ``40/6000+30:900+30``); ``time_control`` is the free text of record ``122``."""
    language: str = ""
    options: Mapping[str, Any] = field(default_factory=dict, compare=True, hash=False)

    # -- look-ups -------------------------------------------------------------------------
    def player(self, pno: int) -> Player:
        found = self._players_by_pno().get(pno)
        if found is None:
            raise UnknownPlayer(_('no player with pairing number {pno} in {name!r}').format(pno=pno, name=self.name))
        return found

    def has_player(self, pno: int) -> bool:
        return pno in self._players_by_pno()

    def _players_by_pno(self) -> Mapping[int, Player]:
        """Pairing number → player, built on the first look-up and kept with this snapshot.

        Why: engines, writers and screens ask for players by number once per board or per
        player, which was a search of the whole list each time (O(n²) per round: 15 s of
        ``write_trf``/state building at 4000 players).  The index is not a field — equality,
        hashing, ``replace`` and serialisation never see it, and every changed tournament is a
        new object that builds its own.  The first player with a number wins, as the search did."""
        index: dict[int, Player] | None = self.__dict__.get("_by_pno")
        if index is None:
            index = {}
            for p in self.players:
                index.setdefault(p.pno, p)
            object.__setattr__(self, "_by_pno", index)
        return index

    def round(self, number: int) -> Round:
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        from core.errors import RoundError

        raise RoundError(_('round {number} is not paired (rounds paired: {value})').format(number=number, value=len(self.rounds)))

    @property
    def current_round(self) -> int:
        """Number of the last paired round (0 before round 1)."""
        return len(self.rounds)

    def forbidden_for(self, round_no: int) -> tuple[tuple[int, ...], ...]:
        """The groups that may not meet in ``round_no``: the all-round groups plus the ranged
        ones covering it (every engine asks this, never ``forbidden`` alone)."""
        ranged = tuple(r.players for r in self.forbidden_ranges if r.covers(round_no))
        return self.forbidden + ranged if ranged else self.forbidden

    def round_date(self, number: int) -> str:
        """ISO date of round ``number`` ("" if not set)."""
        return self.round_dates[number - 1] if 0 < number <= len(self.round_dates) else ""

    def round_time(self, number: int) -> str:
        """Start time ``HH:MM`` of round ``number`` ("" if not set)."""
        return self.round_times[number - 1] if 0 < number <= len(self.round_times) else ""

    @property
    def numbers_frozen(self) -> bool:
        """Pairing numbers may not change any more once round 4 is paired (C.04.2 Art. 2.3)."""
        return len(self.rounds) >= 4

    def with_changes(self, **changes: Any) -> Tournament:
        return replace(self, **changes)


def _multi_game(rnd: Round) -> bool:
    """True for a round in which a player has more than one game (a cup's knockout round)."""
    if not any(b.game for b in rnd.boards):
        return False
    seats = [x for b in rnd.boards for x in (b.white, b.black)]
    return len(set(seats)) < len(seats)


def game_rounds(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    """The rounds with one game per player each: a knockout round that holds several games of
    each match (game 1, game 2, extensions, Armageddon) becomes consecutive game rounds.

    Why: tie-breaks, crosstables and TRF files have one cell per player per round.  A cup's
    stored round is the knockout round the arbiter sees; these readers see its games in the
    order they were played (a board goes to the first game round in which neither player has
    a game yet; byes go to the first).  Rounds without game labels are returned as they are,
    so every other event reads exactly what is stored.
    """
    if not any(_multi_game(r) for r in rounds):
        return rounds
    out: list[Round] = []
    for rnd in rounds:
        if not _multi_game(rnd):
            out.append(replace(rnd, number=len(out) + 1))
            continue
        slots: list[list[Board]] = []
        used: dict[int, int] = {}
        for b in rnd.boards:
            k = max(used.get(b.white, 0), used.get(b.black, 0))
            used[b.white] = used[b.black] = k + 1
            while len(slots) <= k:
                slots.append([])
            slots[k].append(b)
        for k, boards in enumerate(slots or [[]]):
            out.append(Round(len(out) + 1, tuple(boards), rnd.byes if k == 0 else (), rnd.manual))
    return tuple(out)


def match_games(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    """A Double-Swiss event's rounds as game rounds: exactly two per match round, game 1's
    boards (and the round's byes) then game 2's (``Board.game`` ``"g2"``), so that game round
    2k−1 and 2k are always match k's games (C.04.5: every round a match of two games)."""
    out: list[Round] = []
    for rnd in rounds:
        first = tuple(b for b in rnd.boards if b.game != "g2")
        second = tuple(b for b in rnd.boards if b.game == "g2")
        out.append(Round(len(out) + 1, first, rnd.byes, rnd.manual))
        out.append(Round(len(out) + 1, second, (), rnd.manual))
    return tuple(out)


def single_games(t: Tournament, upto: int | None = None) -> tuple[Tournament, int | None]:
    """``t`` with :func:`game_rounds` applied, and ``upto`` (a stored round) as a game round.

    The number of rounds grows by the extra game rounds, the round dates and times repeat for
    each game round of a knockout round; ``t`` itself when no round holds several games.  A
    Double-Swiss event has two game rounds per round, played or to come (:func:`match_games`)."""
    double = t.system == "double-swiss"
    if not double and not any(_multi_game(r) for r in t.rounds):
        return t, upto
    last = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    if double:
        widths = [2] * len(t.rounds)
        rounds = match_games(t.rounds)
    else:
        widths = [len(game_rounds((r,))) if _multi_game(r) else 1 for r in t.rounds]
        rounds = game_rounds(t.rounds)
    dates = tuple(d for r, w in enumerate(widths) for d in [t.round_date(r + 1)] * w)
    times = tuple(d for r, w in enumerate(widths) for d in [t.round_time(r + 1)] * w)
    games = t.with_changes(rounds=rounds, round_dates=dates if any(dates) else t.round_dates,
                           round_times=times if any(times) else t.round_times,
                           total_rounds=max(t.total_rounds - len(t.rounds), 0) * (2 if double else 1) + len(rounds))
    if double:  # what names a round names a match: its first game (byes, ranges) or its end (points)
        games = games.with_changes(
            requested_byes=tuple(replace(rb, round=2 * rb.round - 1) for rb in t.requested_byes),
            forbidden_ranges=tuple(replace(fr, first=2 * fr.first - 1, last=2 * fr.last) for fr in t.forbidden_ranges),
            adjustments=tuple(replace(a, round=2 * a.round) for a in t.adjustments))
    return games, (None if upto is None else sum(widths[:last]))


def entries(t: Tournament, upto: int | None = None) -> dict[int, list[RoundEntry]]:
    """Per player, one :class:`RoundEntry` per paired round (1..``upto``), like TRF columns.

    The single place that turns boards and byes into per-player history; engines, tie-breaks
    and exports all read this.  A cup's knockout rounds count as their game rounds
    (:func:`single_games`), so a player has one entry per game.
    """
    t, upto = single_games(t, upto)
    last = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    out: dict[int, list[RoundEntry]] = {p.pno: [] for p in t.players}
    for rnd in t.rounds[:last]:
        seen: set[int] = set()
        for b in rnd.boards:
            wc, bc = b.result.codes(b.unrated) if b.result is not None else (None, None)
            played = b.result is None or b.result.played
            out.setdefault(b.white, []).append(
                RoundEntry(rnd.number, b.black, Colour.WHITE if played else Colour.NONE, wc))
            out.setdefault(b.black, []).append(
                RoundEntry(rnd.number, b.white, Colour.BLACK if played else Colour.NONE, bc))
            seen.update((b.white, b.black))
        for bye in rnd.byes:
            out.setdefault(bye.pno, []).append(RoundEntry(rnd.number, None, Colour.NONE, bye.code))
            seen.add(bye.pno)
        for pno, hist in out.items():
            if pno not in seen:
                hist.append(RoundEntry(rnd.number, None, Colour.NONE, Code.ZERO_BYE))
    return out


def score(t: Tournament, pno: int, upto: int | None = None) -> Fraction:
    """Points of ``pno`` after round ``upto`` (default: all paired rounds)."""
    hist = entries(t, upto).get(pno)
    if hist is None:
        raise UnknownPlayer(_('no player with pairing number {pno}').format(pno=pno))
    adjusted = adjusted_points(t, len(t.rounds) if upto is None else upto)
    return sum((t.points.for_code(e.code) for e in hist), adjusted.get(pno, Fraction(0)))


def scores(t: Tournament, upto: int | None = None) -> dict[int, Fraction]:
    """Points of every player after round ``upto``: the results plus the point adjustments
    (penalties, bonuses) that belong to those rounds or to none — what :func:`entries` gives
    each player, by the event's point system.

    Added up from running totals kept with the rounds (:func:`_running_totals`): the boards
    table asks for the points before the round on every result typed, at 1,000 players (the
    sum over every entry took 65 ms there; the kept totals, one round)."""
    games, last = single_games(t, upto)
    out = _running_totals(games, len(games.rounds) if last is None else min(last, len(games.rounds)))
    for pno, value in adjusted_points(t, len(t.rounds) if upto is None else upto).items():
        if pno in out:
            out[pno] += value
    return out


@dataclass(frozen=True)
class _After:
    """Every player's points after a round, kept on that :class:`Round` (outside its fields,
    like :meth:`Tournament._players_by_pno`), with what they were added up from: the rounds up
    to this one (by identity) and the point system and players they were counted for.

    Why on the round, not in one table for the process: the data service serves several
    events at once, and a table of the last event asked about was rebuilt whenever another
    event's organiser asked between two of this one's results (and held every caller behind
    one lock).  A snapshot's rounds are its own: each event keeps its totals while its
    snapshots live, and nothing is shared between events to evict or to lock.  Entering a
    result replaces only that round's object, so the totals of the earlier rounds stay valid;
    a correction of an earlier round makes a new object for it, and every later round's
    totals, added up from the old one, no longer match their ``prefix``.  Immutable once
    made: two threads adding up the same round make two equal records, and either is kept."""

    prefix: tuple[Round, ...]
    base: tuple[PointSystem, tuple[int, ...]]
    scaled: dict[int, int]
    """Points scaled by the point system's common denominator (exact, and fast on 1,000
    players)."""


def _running_totals(t: Tournament, last: int) -> dict[int, Fraction]:
    """Points of every player after the first ``last`` rounds of ``t`` (a fresh dict), from
    the totals kept on the newest round whose record still matches (:class:`_After`)."""
    rounds = t.rounds[:last]
    base = (t.points, tuple(p.pno for p in t.players))
    known, total = 0, {p.pno: 0 for p in t.players}
    for k in range(len(rounds), 0, -1):
        kept: _After | None = rounds[k - 1].__dict__.get("_after")
        if (kept is not None and kept.base == base and len(kept.prefix) == k
                and all(a is b for a, b in zip(kept.prefix, rounds))):
            known, total = k, kept.scaled  # never changed: _add_round makes a new dict
            break
    scale, points = t.points.scaled()
    for k in range(known, len(rounds)):
        total = _add_round(rounds[k], total, points)
        object.__setattr__(rounds[k], "_after", _After(rounds[: k + 1], base, total))
    return {pno: Fraction(v, scale) for pno, v in total.items()}


def _add_round(rnd: Round, before: dict[int, int], points: dict[Code, int]) -> dict[int, int]:
    """The totals after ``rnd``: its results and byes, a zero-point bye for whoever it left
    out (as :func:`entries` counts them)."""
    total = dict(before)
    seen: set[int] = set()
    for b in rnd.boards:
        if b.result is not None:
            white, black = b.result.codes(b.unrated)
            total[b.white] = total.get(b.white, 0) + points[white]
            total[b.black] = total.get(b.black, 0) + points[black]
        else:
            total.setdefault(b.white, 0)
            total.setdefault(b.black, 0)
        seen.update((b.white, b.black))
    for bye in rnd.byes:
        total[bye.pno] = total.get(bye.pno, 0) + points[bye.code]
        seen.add(bye.pno)
    zero_bye = points[Code.ZERO_BYE]
    if zero_bye:
        for pno in total:
            if pno not in seen:
                total[pno] += zero_bye
    return total


def adjusted_points(t: Tournament, upto: int | None = None) -> dict[int, Fraction]:
    """Per player, the sum of the point adjustments counted after round ``upto`` (default:
    all): those of rounds 1..``upto`` and those of no round (TRF-2026 ``299``, round 000).
    An adjustment for a round not played yet counts once that round is."""
    out: dict[int, Fraction] = {}
    for adj in t.adjustments:
        if upto is None or adj.round <= upto:
            for pno in adj.players:
                out[pno] = out.get(pno, Fraction(0)) + adj.points
    return out


def team_adjusted_points(t: Tournament, upto: int | None = None) -> dict[int, tuple[Fraction, Fraction]]:
    """Per team, the (match points, game points) of the team adjustments counted after round
    ``upto`` (default: all played rounds), as :func:`adjusted_points` counts a player's."""
    last = len(t.rounds) if upto is None else upto
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for adj in t.team_adjustments:
        if adj.round <= last:
            for team in adj.teams:
                mp, gp = out.get(team, (Fraction(0), Fraction(0)))
                out[team] = (mp + adj.match_points, gp + adj.game_points)
    return out


def add_adjustments(t: Tournament, after_rounds: dict[int, list[Fraction]]) -> None:
    """Add the point adjustments to per-player scores after rounds 1, 2, … (index 0 = after
    round 1), in place: one of round r from index r−1 on, one of no round everywhere — the
    series :func:`running_scores` gives, for readers that build their own (reports, charts)."""
    for adj in t.adjustments:
        for pno in adj.players:
            seq = after_rounds.get(pno, [])
            for index in range(max(adj.round - 1, 0), len(seq)):
                seq[index] += adj.points


def running_scores(t: Tournament) -> list[dict[int, Fraction]]:
    """Everyone's points after each round: element ``r`` equals :func:`scores` ``(t, r)``
    (element 0: before round 1).

    Why: board order (C.04.2 Art. 3.6) and the TRF reader/writer need the scores before every
    round; asking :func:`scores` once per round re-derived the whole history each time
    (O(rounds² × players)).  One pass over :func:`entries`: a player's history holds one entry
    per round from his first appearance on (registered players: from round 1)."""
    total_rounds = len(t.rounds)
    if t.system == "double-swiss" or any(_multi_game(r) for r in t.rounds):
        # a cup or a Double-Swiss event: a stored round holds several games
        return [scores(t, r) for r in range(total_rounds + 1)]
    zero = Fraction(0)
    out: list[dict[int, Fraction]] = [{p.pno: zero for p in t.players}]
    out += [{} for _ in range(total_rounds)]
    table = t.points._table()
    for pno, hist in entries(t).items():
        first = total_rounds - len(hist)
        if first < 0 or (hist and hist[0].round != t.rounds[first].number):
            # a player twice in one round (damaged data): entries do not map to rounds
            return [scores(t, r) for r in range(total_rounds + 1)]
        running = zero
        for r, e in enumerate(hist, start=first + 1):
            running += table[e.code]
            out[r][pno] = running
    for adj in t.adjustments:  # from its round on; one of no round from before round 1 on
        for after in out[adj.round:]:
            for pno in adj.players:
                if pno in after:
                    after[pno] += adj.points
    return out


def colour_history(hist: list[RoundEntry]) -> list[Colour]:
    """Colours of played games only, oldest first (C.04.2 Art. 3.4: unplayed rounds move to
    the start, i.e. are dropped from the sequence that colour rules look at)."""
    return [e.colour for e in hist if e.played and e.colour is not Colour.NONE]
