"""Words for playoff games and formats as an arbiter reads them (screens, reports, journal).

Why a module of its own: the derivation works with ids (``p.s1g2``, ``knockout_all``) and
TRF-2026 time codes (``W300-B240``); an arbiter at the board needs "extension 1, game 2",
"Armageddon: White 5 min, Black 4 min" and "Knockout of two-game matches".  The ids stay the stored
truth; these functions only say what they are, in the UI's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from core.i18n import N_, _, ngettext, pgettext
from core.playoff.bracket_plan import ROUND_NAMES, translate_stage
from core.playoff.formats import variants
from core.playoff.games import Game
from core.playoff.rules import MatchRules
from core.playoff.timecontrol import TimeControl

VARIANT_NAMES: dict[str, str] = {
    "match": N_("Mini-match: two games, two more if level, then Armageddon"),
    "match_armageddon": N_("Mini-match, then straight to Armageddon"),
    "armageddon": N_("One Armageddon game"),
    "round_robin": N_("Round robin; golden games if still tied"),
    "drop_lowest": N_("Round robin; the lowest drops out if still tied"),
    "knockout": N_("Knockout of two-game matches, pairing by lot"),
    "seeded": N_("Knockout of two-game matches, seeded pairing"),
    "best_four": N_("The best four play a knockout, the fifth is fifth"),
    "groups": N_("Groups, then a final"),
    "lot": N_("Golden-game knockout, numbers by lot"),
    "split": N_("Best nine for first place, then the other eight of the nine for the other prizes"),
    "knockout_all": N_("Knockout of everyone, two-game matches"),
    "round_robin_all": N_("Round robin of everyone"),
}
"""Names of the formats (:func:`core.playoff.formats.variants`), marked for translation."""

_GOLDEN_KNOCKOUT = {7: "knockout", 8: "knockout"}


@dataclass(frozen=True)
class FormatChoice:
    """One entry of the format list: what the arbiter reads and what :func:`create` gets."""

    id: str
    label: str
    variant: str
    overrides: dict[str, Any] = field(default_factory=dict)


def format_choices(k: int) -> list[FormatChoice]:
    """The formats for ``k`` tied players by name, Aktar's default first.

    Where the format plays mini-matches, "mini-match, then straight to Armageddon" (no
    extension games) is offered right after it: the choice a club takes when the evening is
    short (the CLI's ``--extensions 0``).
    """
    out: list[FormatChoice] = []
    for v in variants(k):
        if (v == "knockout_all" and k == 2) or (v == "round_robin_all" and k <= 3):
            continue  # the same games as the match / the round robin above
        if k in _GOLDEN_KNOCKOUT and v == _GOLDEN_KNOCKOUT[k]:
            label = _("Golden-game knockout")
        elif v == "armageddon" and k > 2:
            label = _("Knockout of Armageddon games, pairing by lot")
        else:
            label = _(VARIANT_NAMES.get(v, v))
        out.append(FormatChoice(v, label, v))
        if v == "match":
            straight = VARIANT_NAMES["match_armageddon"]
            out.append(FormatChoice("match_armageddon", _(straight), "match", {"extensions": 0}))
    return out


def time_control_text(tc: TimeControl) -> str:
    """A playoff game's clock in the reader's words, the one display of a clock
    (:func:`core.i18n.clock.clock_text`): ``3 min + 3 s``, ``20 min``, ``White 5 min, Black 4
    min`` (German ``3 Min. + 3 Sek.``, Turkish ``3 dk + 3 sn``, Russian ``3 мин + 3 с``) on the
    boards, the timetable and the pages alike — a TRF code such as ``W300-B240`` says nothing
    to a player, and ``3′+3″`` beside ``3 Min. + 3 Sek.`` was one clock shown two ways."""
    from core.i18n.clock import clock_text

    return clock_text([(tc.base, None)], tc.increment, tc.black_base)


_SEGMENT = re.compile(r"\.s(\d+)g(\d+)$")
_SUDDEN = re.compile(r"\.sd(\d+)$")


def game_label(game: Game) -> str:
    """What the game is: "Game 1", "Extension 1, game 2", "Armageddon", "Sudden death 3"."""
    return label_of(game.id, game.kind)


def kind_of(game_id: str) -> str:
    """The kind of a game read from its id (the derivation's naming, :mod:`core.playoff.minimatch`):
    what the journal needs to name a game it recorded only by id."""
    if game_id.endswith(".arm"):
        return "armageddon"
    if _SUDDEN.search(game_id):
        return "sudden_death"
    m = _SEGMENT.search(game_id)
    if m:
        return "regular" if m.group(1) == "0" else "extension"
    return "round_robin"


def label_of(game_id: str, kind: str | None = None) -> str:
    """:func:`game_label` of a game known by its id (and kind, else read from the id)."""
    kind = kind or kind_of(game_id)
    m = _SEGMENT.search(game_id)
    if kind == "armageddon":
        return _("Armageddon")
    if kind == "sudden_death":
        s = _SUDDEN.search(game_id)
        return _("Sudden death, game {n}").format(n=s.group(1) if s else "?")
    if m and kind == "extension":
        return _("Extension {e}, game {n}").format(e=int(m.group(1)), n=int(m.group(2)))
    if m:
        return _("Game {n}").format(n=int(m.group(2)))
    return _("Round-robin game")


def open_colours_text(game: Game) -> str:
    """The result cell of a game whose colours are not settled yet, short enough for a
    timetable's column: an Armageddon whose two players are known waits for their bids (its
    colours go by the bids, never by a lot); any other game has its colours drawn by lot once
    its players are known.  :func:`open_colours_notes` says what the short words mean."""
    if game.kind == "armageddon" and not game.planned:
        return pgettext("result cell: an Armageddon waiting for the players' bids", "bids awaited")
    return pgettext("result cell: colours of a later game, drawn by lot", "by lot")


def open_colours_notes(games: list[Game]) -> list[str]:
    """The notes under a table whose result cells say :func:`open_colours_text`, one for each
    of its words that appears."""
    texts = {open_colours_text(g) for g in games if g.colours_open and g.result is None}
    out = []
    lot = pgettext("result cell: colours of a later game, drawn by lot", "by lot")
    if lot in texts:
        out.append(_("{word}: who has White in a match's first game is drawn by lot once both players "
                     "are known; the colours then alternate.").format(word=lot))
    bids = pgettext("result cell: an Armageddon waiting for the players' bids", "bids awaited")
    if bids in texts:
        out.append(_("{word}: each player bids the time they accept as Black; the lower bid plays Black "
                     "with it.").format(word=bids))
    return out


def game_title(game: Game) -> str:
    """The label with its time control: "Armageddon (White 5 min, Black 4 min; draw: Black wins)"."""
    tc = time_control_text(game.time_control)
    if game.kind == "armageddon":
        return _("Armageddon ({time}; a draw counts as a win for Black)").format(time=tc)
    return f"{game_label(game)} ({tc})"


STAGE_WORDS: dict[str, str] = {w: w for w in (
    N_("Match"), N_("Match (two games 3+3)"), N_("Golden game"), N_("Round robin"), N_("Round robin 3+3"),
    N_("round robin 3+3"), N_("Round robin of all five, 3+3"), N_("Knockout"),
    N_("Knockout, two-game matches, pairing by lot"), N_("Knockout, two-game matches"),
    N_("Knockout of golden games, pairing by lot"), N_("Best four play (3)"), N_("best four play (3)"),
    N_("Best four: knockout, two-game matches, pairing by lot"),
    N_("knockout, two-game matches, pairing by lot"), N_("Two groups"), N_("Three groups"),
    N_("Final golden game"), N_("Golden-game knockout"), N_("Golden-game knockout, numbers by lot"),
    N_("Round robin of the group winners, 3+3"),
    N_("Best nine for first place, then the other eight of the nine for the other prizes"),
    N_("Golden-game knockout for the other prizes"), N_("Match for third place"), N_("tie-break"), N_("Groups"),
    N_("group"))}
STAGE_WORDS.update(ROUND_NAMES)
"""The English stage names the plans and the bracket produce (stored in plans, printed by
the dry run as they are), marked here so screens can show them translated."""

_NUMBERED = re.compile(r"^(Group|Round|Knockout for) (\S+)( places)?$")
_PLACEHOLDER = re.compile(r"^(winner|loser) of (.+) match (\d+)$")
_RESEEDED = re.compile(r"^paired after (.+) \(\d+\)$")
"""A slot of a round paired when the previous one is complete (``core.playoff.bracket.RESEEDED``)."""


def stage_text(stage: str) -> str:
    """A derived stage name ("Group A: round robin 3+3: Semi-final") in the UI's language,
    without the seed's clock 3+3 in it ("Gruppe A: Rundenturnier: Halbfinale")."""
    return ": ".join(_stage_part(part) for part in stage.split(": "))


def _without_clock(name: str) -> str | None:
    """A seed format's stage, stored under a name with Aktar's clock 3+3 (p. 66), in the reader's
    words without it: the games' own clock stands beside the stage, and a playoff played at
    5+3 or 10+5 was called "Round robin 3+3" (rev34g #2)."""
    words = {"Round robin 3+3": lambda: pgettext("playoff stage", "Round robin"),
             "round robin 3+3": lambda: pgettext("playoff stage", "round robin"),
             "Round robin of all five, 3+3": lambda: _("Round robin of all five"),
             "Round robin of the group winners, 3+3": lambda: _("Round robin of the group winners"),
             "Match (two games 3+3)": lambda: _("Match (two games)")}
    said = words.get(name)
    return said() if said else None


def _stage_part(part: str) -> str:
    stem = part.removesuffix(" tie-break")
    bare = _without_clock(stem)
    if bare is not None:
        return bare if stem == part else _("{stage}, tie-break").format(stage=bare)
    if part in STAGE_WORDS:
        return _(part)
    if part.endswith(" tie-break") and part[: -len(" tie-break")] in STAGE_WORDS:
        return _("{stage}, tie-break").format(stage=_(part[: -len(" tie-break")]))
    m = _NUMBERED.match(part)
    if m and m.group(1) == "Group":
        return _("Group {letter}").format(letter=m.group(2))
    if m and m.group(1) == "Round":
        return translate_stage(part)
    if m and m.group(3):
        return _("Knockout for {n} places").format(n=m.group(2))
    return part


def entrant_text(names: dict[int, str], entrant: int | str) -> str:
    """A player's name, or "winner of Semi-final match 1" translated while not known yet."""
    if isinstance(entrant, int):
        return names.get(entrant, str(entrant))
    group = re.match(r"^winner of group (\S+)$", entrant)
    if group:
        return _("winner of group {letter}").format(letter=group.group(1))
    reseeded = _RESEEDED.match(entrant)
    if reseeded:
        return _("to be paired after the {stage} (re-seeded)").format(stage=stage_text(reseeded.group(1)))
    m = _PLACEHOLDER.match(entrant)
    if m is None:
        return entrant
    stage = stage_text(m.group(2))
    if m.group(1) == "winner":
        return _("winner of {stage} match {n}").format(stage=stage, n=m.group(3))
    return _("loser of {stage} match {n}").format(stage=stage, n=m.group(3))


def rules_text(rules: MatchRules) -> str:
    """A match's rules in one line, for choosing them: "2 games 20 min; if level 2 games 20 min;
    then Armageddon (White 5 min, Black 4 min)" — the preset ids (``seed-rapid``) say nothing to an
    organiser."""
    parts = []
    for k, seg in enumerate(rules.segments):
        games = ngettext("{n} game {time}", "{n} games {time}", seg.games).format(
            n=seg.games, time=time_control_text(seg.time_control))
        parts.append(games if k == 0 else _("if level {games}").format(games=games))
    if rules.decider == "armageddon":
        bid = _(", Black's time by bidding") if rules.armageddon_colours == "bid" else ""
        decider = _("Armageddon ({time})").format(time=time_control_text(rules.armageddon) + bid)
    elif rules.decider == "sudden_death":
        decider = _("sudden-death games {time}").format(time=time_control_text(rules.sudden_death))
    else:
        decider = _("a lot")
    if not parts:
        return decider
    return "; ".join(parts) + "; " + _("then {decider}").format(decider=decider)


def short_ids(ids: list[str]) -> dict[str, str]:
    """Game id → the shortest tail of its dotted parts that no other game of the playoff ends
    with (``p.tb1.g.c1r1b1.arm`` → ``c1r1b1.arm``): what ``--result GAME`` is typed with
    (:func:`resolve_game` reads it back)."""
    out = {}
    for gid in ids:
        parts = gid.split(".")
        for n in range(1, len(parts) + 1):
            tail = ".".join(parts[-n:])
            if sum(1 for other in ids if other == tail or other.endswith("." + tail)) == 1:
                out[gid] = tail
                break
        else:
            out[gid] = gid
    return out


def resolve_game(ids: list[str], typed: str) -> str:
    """The game a typed id names: the id itself, or a tail of it no other game ends with (the
    short id the text output shows); anything else is passed on as typed (the change refuses
    an unknown game naming it)."""
    if typed in ids:
        return typed
    found = [gid for gid in ids if gid.endswith("." + typed)]
    return found[0] if len(found) == 1 else typed
