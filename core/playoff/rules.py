"""Mini-match rules: how many games, at which speed, and what decides a level match.

A mini-match (Aktar p. 66–67) is played in *segments*: the regular games (at least two,
an even number, colours balanced), then extensions of at least two games played only while
the match is level, then a *decider*.  FIDE practice (FIDE World Cup regulations, docs/rules/playoffs.md) is the same shape
with a longer ladder (rapid → blitz → ...), so one type covers Aktar's default, the
seed's 3+3 first-place playoff and the FIDE World Cup ladders.

Deciders:
- ``armageddon`` — one golden game, White 5', Black 4'; a draw eliminates White; if both flags
  fall the player whose flag fell later wins.  Colours: one lot, the winner chooses (``lot``)
  or FIDE 2025 bidding (``bid``: the lower bid for Black's time plays Black).
- ``sudden_death`` — single games, colours alternating after a lot, until one is decisive.
- ``lot`` — no more games; a drawing of lots decides (only when the event's rules say so).
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass, replace
from typing import Any

from core.errors import TournamentError
from core.playoff.timecontrol import TimeControl

DECIDERS = ("armageddon", "sudden_death", "lot")
ARMAGEDDON_COLOUR_RULES = ("lot", "bid")

ARMAGEDDON_SEED = TimeControl(300, 0, 240)
"""Aktar p. 67: White 5 minutes, Black 4 minutes."""


class RulesError(TournamentError):
    """Playoff rules that cannot be played (odd number of match games, unknown decider...)."""


@dataclass(frozen=True)
class Segment:
    """A block of ``games`` games at one time control; colours alternate inside it."""

    games: int
    time_control: TimeControl

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "time_control": self.time_control.encode()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Segment:
        return cls(int(data["games"]), TimeControl.parse(str(data["time_control"])))


@dataclass(frozen=True)
class MatchRules:
    """Everything that decides one mini-match between two players.

    ``segments[0]`` are the regular games, the others extensions (each only if still level).
    An empty ``segments`` means the match *is* a golden game (seed formats 6–8).
    ``choice`` is the colour an Armageddon lot winner takes when the arbiter has not entered
    the actual choice (we assume Black, which carries the draw odds).
    """

    segments: tuple[Segment, ...] = ()
    decider: str = "armageddon"
    armageddon: TimeControl = ARMAGEDDON_SEED
    armageddon_colours: str = "lot"
    choice: str = "black"
    sudden_death: TimeControl = TimeControl(180, 2)
    sudden_death_max: int = 20
    """After this many drawn sudden-death games a lot decides (keeps every path finite)."""

    def __post_init__(self) -> None:
        if self.decider not in DECIDERS:
            raise RulesError(_('unknown decider {decider!r}; use one of {value}.').format(decider=self.decider, value=', '.join(DECIDERS)))
        if self.armageddon_colours not in ARMAGEDDON_COLOUR_RULES:
            raise RulesError(
                _('unknown Armageddon colour rule {armageddon_colours!r}; use lot or bid.').format(armageddon_colours=self.armageddon_colours))
        if self.choice not in ("white", "black"):
            raise RulesError(_("the Armageddon lot winner's default choice must be white or black."))
        for i, seg in enumerate(self.segments):
            if seg.games < 2 or seg.games % 2:
                which = "the regular games" if i == 0 else f"extension {i}"
                raise RulesError(
                    _('{which} must be an even number of games, at least two (Aktar p. 66); got {games}.').format(which=which, games=seg.games))

    @property
    def golden_only(self) -> bool:
        """A single golden game (no regular games)."""
        return not self.segments

    def to_json(self) -> dict[str, Any]:
        return {
            "segments": [s.to_json() for s in self.segments],
            "decider": self.decider,
            "armageddon": self.armageddon.encode(),
            "armageddon_colours": self.armageddon_colours,
            "choice": self.choice,
            "sudden_death": self.sudden_death.encode(),
            "sudden_death_max": self.sudden_death_max,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRules:
        return cls(
            segments=tuple(Segment.from_json(s) for s in data.get("segments", ())),
            decider=str(data.get("decider", "armageddon")),
            armageddon=TimeControl.parse(str(data.get("armageddon", "W300-B240"))),
            armageddon_colours=str(data.get("armageddon_colours", "lot")),
            choice=str(data.get("choice", "black")),
            sudden_death=TimeControl.parse(str(data.get("sudden_death", "180+2"))),
            sudden_death_max=int(data.get("sudden_death_max", 20)),
        )


def blitz_match(base: int = 180, increment: int = 3, extension: bool = True) -> MatchRules:
    """Aktar p. 69 (1): two games at 3'+3"; still level → two more, then a golden game."""
    tc = TimeControl(base, increment)
    segs = (Segment(2, tc), Segment(2, tc)) if extension else (Segment(2, tc),)
    return MatchRules(segments=segs)


def golden_game() -> MatchRules:
    """A single Armageddon game (Aktar p. 69–70, formats 6, 7, 8 and the group finals)."""
    return MatchRules(segments=())


PRESETS: dict[str, MatchRules] = {
    "seed": blitz_match(),
    "seed-rapid": MatchRules(segments=(Segment(2, TimeControl(1200)), Segment(2, TimeControl(1200)))),
    "seed-rapid-increment": MatchRules(
        segments=(Segment(2, TimeControl(900, 10)), Segment(2, TimeControl(900, 10)))),
    "golden": golden_game(),
    "fide-2015": MatchRules(segments=(
        Segment(2, TimeControl(1500, 10)), Segment(2, TimeControl(600, 10)),
        Segment(2, TimeControl(300, 3)))),
    "fide-2023": MatchRules(segments=(
        Segment(2, TimeControl(1500, 10)), Segment(2, TimeControl(600, 10)),
        Segment(2, TimeControl(300, 3))), decider="sudden_death", sudden_death=TimeControl(180, 2)),
    "fide-2025": MatchRules(segments=(
        Segment(2, TimeControl(900, 10)), Segment(2, TimeControl(600, 10)),
        Segment(2, TimeControl(300, 3)), Segment(2, TimeControl(180, 2))),
        armageddon=TimeControl(240, 2, 240), armageddon_colours="bid"),
}
"""Named ladders.  ``seed``: Aktar's first-place playoff; ``seed-rapid``: Aktar's default
for elimination games (20 minutes each, or 15'+10"); ``fide-*``: World Cup tie-break ladders
(FIDE World Cup regulations, docs/rules/playoffs.md).  fide-2025's last game is the sudden-death game with bidding: White
4'+2", Black bids at most 4'."""


def parse_ladder(text: str) -> tuple[Segment, ...]:
    """Read ``"2x25+10,2x10+10,2x5+3"`` (games × time control, in playing order); each step's
    clock read as every clock the organiser types is (:meth:`TimeControl.read`: ``25+10`` is 25
    minutes + 10 seconds, as in ``--time-control`` and the event's settings, ``2x3 dk + 2 sn``)."""
    segs = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        games, sep, tc = part.replace("×", "x").partition("x")
        if not sep or not games.strip().isdigit() or not tc.strip():
            raise RulesError(_('ladder step {part!r} must look like {example}: games × minutes + seconds.').format(
                part=part, example="2x3+2"))
        segs.append(Segment(int(games), TimeControl.read(tc.strip())))
    if not segs:
        raise RulesError(_('the ladder is empty; write at least one step such as {example}.').format(example="2x3+2"))
    return tuple(segs)


def override(rules: MatchRules, *, games: int | None = None, time_control: TimeControl | None = None,
             extensions: int | None = None, extension_time_control: TimeControl | None = None,
             ladder: tuple[Segment, ...] | None = None, armageddon: bool | None = None,
             armageddon_time_control: TimeControl | None = None,
             decider: str | None = None) -> MatchRules:
    """The organiser's changes to one match's rules (any argument left ``None`` stays).

    Golden-only matches keep having no regular games unless a ladder is given: Aktar's
    formats 6–8 choose golden games on purpose.
    """
    if extensions is not None and extensions < 0:
        raise RulesError(_('the number of extensions cannot be negative.'))
    segs = list(rules.segments)
    if ladder is not None:
        segs = list(ladder)
    elif segs:
        first = segs[0]
        first = Segment(games if games is not None else first.games,
                        time_control if time_control is not None else first.time_control)
        rest = segs[1:]
        if extensions is not None:
            tc = extension_time_control or (rest[0].time_control if rest else first.time_control)
            rest = [Segment(2, tc) for _extension in range(extensions)]
        elif extension_time_control is not None:
            rest = [Segment(s.games, extension_time_control) for s in rest]
        segs = [first, *rest]
    new = replace(rules, segments=tuple(segs))
    if armageddon_time_control is not None:
        new = replace(new, armageddon=armageddon_time_control)
    if decider is not None:
        new = replace(new, decider=decider)
    if armageddon is False and new.decider == "armageddon":
        new = replace(new, decider="sudden_death")
    elif armageddon is True:
        new = replace(new, decider="armageddon")
    return new
