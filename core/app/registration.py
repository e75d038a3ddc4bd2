"""Use cases of the entry list: players, byes, forbidden pairs, numbers, check-in and fees,
rating lists, teams."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core import changes
from core.app.access import use_case
from core.errors import TournamentError
from core.i18n import _, ngettext, pgettext
from core.model import ByeKind, Player, Tournament
from core.words import Action, act

if TYPE_CHECKING:
    from core.app.conflicts import MarkSeen
    from core.app.files import Source


from core.app.base import GO_SYSTEMS, DeskBase, Outcome
from core.duplicates import DuplicateLines, ProbableDuplicate, refuse_duplicate
from core.errors import ConflictError

__all__ = ["DuplicateLines", "NumberingAsked", "NumberingChanged", "ProbableDuplicate", "Redraw", "RegistrationCases",
           "late_entry_moves", "renumbering_notice"]


def renumbering_notice(t: Tournament, pno: int, moves: Sequence[tuple[str, int, int]]) -> str:
    """What a late entry slotted in by rating did to the numbers, every move ``old→new``:
    the warning of :meth:`RegistrationCases.add_player`, and what ``hakem players add`` prints on
    its standard output as well — commands typed after it with the old numbers would reach
    other players."""
    text = (_("Late entry {name} is number {pno} by rating; new numbers: {moves}. Lists printed before "
              "show the old numbers.") if t.system in GO_SYSTEMS else  # not a FIDE rule
            _("Late entry {name} is number {pno} by rating (FIDE C.04.2 Art. 2.4–2.5); new "
              "numbers: {moves}. Lists printed before show the old numbers."))
    return text.format(name=t.player(pno).name, pno=pno,
                       moves=", ".join(f"{n} {old}→{new}" for n, old, new in moves))


def late_entry_moves(before: Tournament, after: Tournament, provisional: bool = False) -> list[tuple[str, int, int]]:
    """(name, old, new) of the registered players whose number a registration moved (before
    round 1 too with ``provisional``)."""
    return changes.renumbered(before, after, provisional)


@dataclass(frozen=True)
class NumberingAsked:
    """The late-entry question as asked: by rating the newcomer is number ``slot`` and the
    players ``moves`` (name, old, new) would get new numbers; keeping numbers gives them
    ``following``.  The organiser's answer is only valid on this numbering."""

    slot: int
    moves: tuple[tuple[str, int, int], ...]
    following: int


class NumberingChanged(ConflictError):
    """The numbering changed between the late-entry question and its answer (another
    organiser registered, withdrew or renumbered meanwhile): nothing was added; ``now`` is the
    question as it stands, to be asked again."""

    def __init__(self, name: str, now: NumberingAsked) -> None:
        self.now = now
        super().__init__(_("The pairing numbers changed since the question about {name} was asked (another "
                           "organiser's change); nothing was added: answer again").format(name=name))


def joinable(t: Tournament) -> None:
    """Refuse a player who could play no round: every round of the event is paired (a late
    entry joins from the next round, and there is none), or the event is a round robin whose
    table is fixed (:func:`core.changes.refuse_late_entry`)."""
    changes.refuse_late_entry(t)
    if t.current_round and t.current_round >= t.total_rounds:
        raise TournamentError(ngettext("A late entry would join from round {n}, but the event has {total} round; "
                                       "nothing was added",
                                       "A late entry would join from round {n}, but the event has {total} rounds; "
                                       "nothing was added", t.total_rounds).format(n=t.current_round + 1,
                                                                                  total=t.total_rounds))


def _keizer_field(t: Tournament) -> tuple[str, ...]:
    """A Keizer event's fixed top value too small for the field now (a warning: the player is
    registered; the organiser raises ``--kz-top``)."""
    from core.pairing.keizer.options import keizer_options, values_problem

    if t.system != "keizer":
        return ()
    problem = values_problem(keizer_options(t), len(t.players))
    return (problem,) if problem else ()


def _rank_and_rating(system: str, player: Player) -> tuple[str, ...]:
    """A Go player registered with a rank and a Go rating of another rank: kept, and said
    (:func:`core.go.ranks.rank_rating_conflict`, the one rule of every form and command)."""
    if system not in GO_SYSTEMS:
        return ()
    from core.go.ranks import rank_rating_conflict

    warning = rank_rating_conflict(player, system)
    return (warning,) if warning else ()


@dataclass(frozen=True)
class Redraw:
    """A round robin's table numbers drawn again because ``name`` left before round 1
    (Aktar p. 60): by ``method`` (``lot`` or ``varma``, the first draw's) with ``seed``;
    ``given_seed`` is the first draw's seed when the arbiter had chosen it (it is not used
    again: the new seed is drawn, and the arbiter told so)."""

    name: str
    method: str
    seed: int
    given_seed: int | None = None
    first_method: str = "lot"
    entered: bool = False
    """``name`` entered (registered) after the draw instead of leaving: drawn again too."""

    def notice(self) -> str:
        """What the organiser is told (the CLI's warning line, the TUI's toast)."""
        how = pgettext("redraw", "with the Varma tables") if self.method == "varma" else pgettext("redraw", "by lot")
        if self.entered and self.given_seed is None:
            text = _("{name} entered after the draw and before round 1: the table numbers were drawn again {how}, "
                     "seed {seed}.").format(name=self.name, how=how, seed=self.seed)
        elif self.entered:
            text = _("{name} entered after the draw and before round 1: the table numbers were drawn again {how}. "
                     "The first draw's seed {given} was the arbiter's; a new seed was drawn: {seed}.").format(
                name=self.name, how=how, given=self.given_seed, seed=self.seed)
        elif self.given_seed is None:
            text = _("{name} left after the draw and before round 1: the table numbers were drawn again {how}, "
                     "seed {seed}.").format(name=self.name, how=how, seed=self.seed)
        else:
            text = _("{name} left after the draw and before round 1: the table numbers were drawn again {how}. The "
                     "first draw's seed {given} was the arbiter's; a new seed was drawn: {seed}.").format(
                name=self.name, how=how, given=self.given_seed, seed=self.seed)
        if self.first_method == "varma" and self.method != "varma":
            text += " " + _("The Varma tables serve 9 to 24 players, so this draw was by lot.")
        return text


def _redraw(before: Tournament, after: Tournament, pno: int | None = None, name: str = "") -> Redraw | None:
    """The redraw a removal of ``pno`` (or the entry of ``name``) made (None when the numbers
    were not drawn again)."""
    from core.pairing.roundrobin.system import redraw_due

    record, old = after.options.get("lot"), before.options.get("lot")
    if not redraw_due(before) or not isinstance(record, Mapping) or not isinstance(old, Mapping):
        return None
    given = old.get("seed") if old.get("seed_given") else None
    return Redraw(before.player(pno).name if pno is not None else name, str(record.get("method", "lot")),
                  int(record["seed"]), None if given is None else int(given), str(old.get("method", "lot")),
                  entered=pno is None)


def _entry_redraw(desk: DeskBase, action: Action) -> tuple[Action, int, bool]:
    """The journal's words, the seed and whether a registration now draws a round robin's
    table numbers again (Aktar p. 60, :func:`core.changes.lots.redraw_after_entry`): the seed
    is chosen here, as ``hakem lot`` chooses one, so the journal names it."""
    import secrets

    from core.pairing.roundrobin.system import redraw_due
    from core.words import NESTED

    seed = secrets.randbits(31)
    due = redraw_due(desk.store.load(desk.id).tournament)
    return (act("entry_redraw", seed=seed, **{NESTED: action.data()}) if due else action), seed, due


def _redrawn_on_entry(before: Tournament, after: Tournament, seed: int, due: bool) -> Tournament:
    """``after`` (``before`` with the players registered) with the table numbers drawn again
    when they were drawn; refused when the draw was made or undone since the journal's words
    were chosen (another organiser's change: the words would be wrong)."""
    from core.changes.lots import redraw_after_entry
    from core.pairing.roundrobin.system import redraw_due

    if redraw_due(before) != due:
        raise ConflictError(_("The table numbers were drawn or undone since; nothing was added: try again"))
    return redraw_after_entry(before, after, seed)


class RegistrationCases(DeskBase):
    """Registering and managing players and teams (mixed into :class:`~core.app.desk.Desk`)."""

    # -- registration -----------------------------------------------------------------------
    @use_case("player.add")
    def add_player(self, name: str, keep_numbers: bool = False, asked: NumberingAsked | None = None,
                   allow_duplicate: bool = False, **fields: Any) -> Outcome:
        """Register a player (a late entry once round 1 is paired); the answer is the pairing
        number given (numbers may shift before round 1).  A late entry slotted into the
        ranking moves the players below it (C.04.2 Art. 2.4–2.5): the journal's action and
        the outcome's warning say who got which number; ``keep_numbers`` gives the newcomer
        the next number instead (see :meth:`late_entry`).  ``asked``: the numbering the
        organiser's answer was given on — refused (:class:`NumberingChanged`, ask again) when
        the numbering is not that any more (someone registered or renumbered meanwhile).
        An id registered already is refused; a player who looks like a registered one
        (:class:`ProbableDuplicate`: same name, and year of birth or rating) is refused unless
        ``allow_duplicate`` — the organiser's answer to the question (:mod:`core.duplicates`)."""
        t = self.store.load(self.id).tournament
        action = act("add_player", name=name.strip())
        if t.current_round and not t.numbers_frozen:  # the journal's words; the check is in the change
            shown = asked or self._numbering_asked(t, name, fields)
            if keep_numbers or not shown.moves:
                action = act("late_entry_next", name=name.strip(), pno=shown.following)
            else:
                action = act("late_entry_slotted", name=name.strip(), pno=shown.slot,
                             moves=", ".join(f"{old}->{new}" for _n, old, new in shown.moves))

        def register(t: Tournament) -> Tournament:
            if asked is not None and t.current_round and not t.numbers_frozen:
                now = self._numbering_asked(t, name, fields)
                if now != asked:
                    raise NumberingChanged(name.strip(), now)
            refuse_duplicate(t, {**fields, "name": name}, allow_duplicate)
            return changes.add_player(t, name, keep_numbers=keep_numbers, **fields)

        return self._late_entry(action, register)

    @staticmethod
    def _numbering_asked(t: Tournament, name: str, fields: Mapping[str, Any]) -> NumberingAsked:
        slot, moves = changes.late_entry_moves(t, name, **fields)
        return NumberingAsked(slot, tuple(moves), max((p.pno for p in t.players), default=0) + 1)

    def _late_entry(self, action: Action, change: Any) -> Outcome:
        """Add a player; the answer is the number given, and when registered players got new
        numbers (a late entry slotted in by rating) a warning names each move.  A player
        registered while check-in is open is present (:func:`core.changes.arrived`)."""
        from core.changes.checkin import arrived
        from core.fields import person_name

        action, seed, due = _entry_redraw(self, action)

        def register(t: Tournament) -> Tournament:
            joinable(t)
            after = change(t)
            pno = changes.added_pno(t, after)
            person_name(after.player(pno).name)  # every door: typed, pasted, from a list
            return _redrawn_on_entry(t, arrived(after, pno), seed, due)

        def value(before: Tournament, after: Tournament) -> tuple[int, list[tuple[str, int, int]], Redraw | None]:
            pno = changes.added_pno(before, after)
            return pno, changes.renumbered(before, after), _redraw(before, after, name=after.player(pno).name)

        outcome = self._change(action, register, value=value)
        pno, moves, redrawn = outcome.value
        from core.app.go_entry import unranked_go_player

        added = outcome.tournament.player(pno)
        warnings = (*outcome.warnings, *_keizer_field(outcome.tournament),
                    *_rank_and_rating(outcome.tournament.system, added),
                    *unranked_go_player(self.store.data_dir, outcome.tournament, added))
        if moves:
            warnings = (*warnings, renumbering_notice(outcome.tournament, pno, moves))
        if redrawn is not None:
            warnings = (*warnings, redrawn.notice())
        return Outcome(outcome.tournament, outcome.revision, warnings, pno)

    @use_case("player.read", writes=False)
    def late_entry(self, name: str, **fields: Any) -> NumberingAsked:
        """What adding this player now would do to the numbers (:class:`NumberingAsked`: the
        number slotted in by the ranking, the players who would move, the next number) —
        asked before adding, so the organiser can choose to keep everyone's number; the
        answer carries it back to :meth:`add_player`."""
        t = self.store.load(self.id).tournament
        joinable(t)
        return self._numbering_asked(t, name, fields)

    @use_case("player.add")
    def add_player_from_list(self, list_name: str = "", fide_id: str = "", national_id: str = "",
                             egd_pin: str = "", typed: Mapping[str, Any] | None = None,
                             extra: Mapping[str, Any] | None = None, allow_duplicate: bool = False) -> Outcome:
        """Register a player found by id in a rating list (the data directory's lists); what
        the organiser typed wins over the list's fields.  The answer is the pairing number.
        Duplicates as :meth:`add_player` refuses them."""
        from core.changes.ratings import record_source
        from core.ratinglists.registration import fields_from_list

        def change(t: Tournament) -> Tournament:
            listed, source = fields_from_list(self.store.data_dir, t, list_name, fide_id, national_id, egd_pin)
            t = record_source(t, source)
            own = {k: v for k, v in dict(typed or {}).items()  # the id found is stored as the list writes it
                   if not (k in ("fide_id", "national_id") and str(v).strip().upper() == str(listed.get(k, "")).upper())}
            fields = {**listed, **own}
            player_extra = {**fields.pop("extra", {}), **dict(extra or {})}
            refuse_duplicate(t, {**fields, "extra": player_extra}, allow_duplicate)
            name = fields.pop("name")
            return changes.add_player(t, name, extra=player_extra or None, **fields)

        who = (typed or {}).get("name") or fide_id or national_id or egd_pin
        out = self._late_entry(act("add_player", name=who), change)
        return Outcome(out.tournament, out.revision, (*self._skipped_lists(list_name), *out.warnings), out.value)

    def _skipped_lists(self, list_name: str) -> tuple[str, ...]:
        """Lists that cannot be read, when the list is chosen among all (named once)."""
        from core.ratinglists.library import available, skipped

        return () if list_name else tuple(skipped(available(self.store.data_dir)))

    @use_case("player.add")
    def register_from_list(self, entry: Any, source: Any, allow_duplicate: bool = False) -> Outcome:
        """Register an arrival picked in a rating list (the TUI's type-ahead): the list entry
        as found, the list noted as the event's source.  Duplicates as :meth:`add_player`
        refuses them."""
        from core.changes.ratings import register_entry

        return self._late_entry(act("add_player_from_list", name=entry.name, source=source.name),
                                lambda t: register_entry(t, entry, source, allow_duplicate))

    @use_case("player.ratings")
    def update_ratings(self, list_name: str = "", rating_for_pairing: str | None = None) -> Outcome:
        """Update the registered players' ratings from a newer list, each player from his own
        entry (found by id); the answer is the :class:`~core.ratinglists.apply.RatingUpdate`
        (who changed, who is not in the list, who got another pairing number).
        ``rating_for_pairing``: the organiser's new choice of rating kinds, recorded and
        applied in the same step."""
        found: list[Any] = []

        def change(t: Tournament) -> Tournament:
            found.append(self._rating_update(t, list_name, rating_for_pairing))
            return found[-1].tournament

        action = act("update_ratings") if rating_for_pairing is None else \
            act("update_ratings_for", kinds=rating_for_pairing)
        out = self._change(action, change)
        return Outcome(out.tournament, out.revision, (*self._skipped_lists(list_name), *out.warnings), found[-1])

    @use_case("player.read", writes=False)
    def preview_rating_update(self, list_name: str = "", rating_for_pairing: str | None = None) -> Any:
        """What :meth:`update_ratings` would change, saving nothing (``--dry-run``)."""
        return self._rating_update(self.store.load(self.id).tournament, list_name, rating_for_pairing)

    def _rating_update(self, t: Tournament, list_name: str, rating_for_pairing: str | None) -> Any:
        from core.changes.ratings import rating_update
        from core.ratinglists.registration import choose_list

        with choose_list(self.store.data_dir, t, list_name) as index:  # any kind: players are matched by every id
            return rating_update(t, index, rating_for_pairing)

    @use_case("player.import")
    def import_players(self, path: Source, allow_duplicate: bool = False) -> Outcome:
        """Register every player of a CSV or TRF file — all or none: every bad line is named
        in one run (what the reader could not read, every field the registration refuses, an
        id registered already or twice in the file) and nothing is added; lines that look like
        a registered player or an earlier line (:mod:`core.duplicates`) are named too and
        imported only with ``allow_duplicate``.  The answer is the number of players read."""
        from pathlib import Path

        from core.app.files import read_players, source_name
        from core.csvimport import ImportedRows
        from core.errors import FileProblems, ValidationError

        source = source_name(path).strip()
        try:
            rows = read_players(path, collect=True)
            name = Path(source).name
            where = _row_labels(rows)

            action, seed, due = _entry_redraw(self, act("import_players", count=len(rows), source=name))

            def change(t: Tournament) -> Tournament:
                joinable(t)
                refuse_bad_rows(t, rows, where, source, allow_duplicate)
                return _redrawn_on_entry(t, changes.add_players(t, rows, where), seed, due)  # all or none

            who = ngettext("{n} player from {source}", "{n} players from {source}", len(rows)).format(
                n=len(rows), source=name)
            out = self._change(action, change, value=lambda before, after: (len(rows), _redraw(before, after, name=who)))
            count, redrawn = out.value
            out = Outcome(out.tournament, out.revision,
                          (*out.warnings, *((redrawn.notice(),) if redrawn is not None else ())), count)
        except ValidationError as error:  # one first line naming the file (the README's promise)
            if isinstance(error, FileProblems) and error.source:
                raise
            raise FileProblems(error.problems, source=source) from None
        if isinstance(rows, ImportedRows) and rows.warnings:
            out = Outcome(out.tournament, out.revision,
                          (*out.warnings, *(f"{name}: {w}" for w in rows.warnings)), out.value)
        return out

    @use_case("player.read", writes=False)
    def edit_question(self, pno: int, **fields: Any) -> str:
        """The question to ask before :meth:`edit_player` stores ``fields``: what they move in
        initial MMS once pairing has begun (:func:`~core.go.mms_change.moves_said`), "" when
        nothing moves or the edit is refused anyway (the save then says why)."""
        from core.go.mms_change import moves_said

        t = self.store.load(self.id).tournament
        try:
            return moves_said(t, changes.edit_player(t, pno, **fields))
        except TournamentError:
            return ""

    @use_case("player.read", writes=False)
    def edit_refusal(self, pno: int, **fields: Any) -> str:
        """Why :meth:`edit_player` would refuse ``fields`` (``""``: it would not), asked by a form
        before it closes, so a refused value is corrected in the form with the rest of what was
        typed still there."""
        try:
            if "name" in fields:
                from core.fields import person_name

                person_name(str(fields["name"]))
            changes.edit_player(self.store.load(self.id).tournament, pno, **fields)
        except TournamentError as error:
            return str(error)
        return ""

    @use_case("player.edit")
    def edit_player(self, pno: int, confirmed: bool = True, **fields: Any) -> Outcome:
        """Change a player's data.  In a McMahon event with rounds paired, a change of rank or MMS
        correction moves initial MMS (:mod:`core.go.mms_change`): said as a warning, refused
        unless ``confirmed`` (the CLI's ``--force``; the TUI's form asks :meth:`edit_question` first)."""
        from core.go.mms_change import mms_moves

        if "name" in fields:
            from core.fields import person_name

            person_name(str(fields["name"]))
        edited = []
        moved: list[str] = []

        def change(t: Tournament) -> Tournament:
            after = changes.edit_player(t, pno, **fields)
            edited.append(replace(t.player(pno), **fields))  # its number may change (before round 1)
            moved[:] = mms_moves(t, after, confirmed)
            return after

        out = self._change(self._naming(act("edit_player", player=pno, fields=dict(fields)), pno), change)
        said = _rank_and_rating(out.tournament.system, edited[-1]) if {"rating", "extra"} & fields.keys() else ()
        said = (*said, *moved)
        return replace(out, warnings=(*out.warnings, *said)) if said else out

    @use_case("player.remove")
    def remove_player(self, pno: int) -> Outcome:
        """Delete a registration (before round 1).  In a round robin whose table numbers were
        drawn, the numbers are drawn again by the first draw's method (Aktar p. 60), with a
        seed chosen here as ``hakem lot`` chooses one: one change, one journal entry, one undo
        for both.  The answer is the :class:`Redraw` (None when nothing was drawn again); a
        warning says so, and names the new seed when the arbiter had given the first one."""
        import secrets

        from core.changes.lots import redraw_without
        from core.pairing.roundrobin.system import redraw_due

        seed = secrets.randbits(31)
        due = redraw_due(self.store.load(self.id).tournament)
        action = act("remove_player_redraw", player=pno, seed=seed) if due else act("remove_player", player=pno)

        def change(t: Tournament) -> Tournament:
            if not redraw_due(t):
                return changes.remove_player(t, pno)
            if not due:  # drawn meanwhile by another organiser: the journal's words would be wrong
                raise ConflictError(_("The table numbers were drawn since; nothing was removed: try again"))
            return redraw_without(t, pno, seed)

        out = self._change(self._naming(action, pno), change, value=lambda b, a: _redraw(b, a, pno))
        if out.value is None:
            return out
        return replace(out, warnings=(*out.warnings, out.value.notice()))

    @use_case("player.withdraw")
    def withdraw(self, pno: int, from_round: int | None = None) -> Outcome:
        action = act("withdraw", player=pno) if from_round is None else \
            act("withdraw_from", player=pno, round=from_round)
        out = self._change(self._naming(action, pno), lambda t: changes.withdraw(t, pno, from_round))
        return self._short_teams(out, [team.id for team in out.tournament.teams if pno in team.members])

    @use_case("player.reinstate")
    def reinstate(self, pno: int) -> Outcome:
        return self._change(self._naming(act("reinstate", player=pno), pno), lambda t: changes.reinstate(t, pno))

    @use_case("player.bye")
    def request_bye(self, pno: int, rounds: Iterable[int], kind: ByeKind) -> Outcome:
        """A requested bye for each round given (one change: all or none)."""
        numbers = tuple(dict.fromkeys(rounds))  # a round named twice is one request

        def change(t: Tournament) -> Tournament:
            for r in numbers:
                t = changes.request_bye(t, pno, r, kind)
            return t

        listed = " ".join(map(str, numbers))
        return self._change(self._naming(act(f"bye_{kind.label}", player=pno, rounds=listed), pno), change)

    @use_case("player.read", writes=False)
    def check_bye(self, pno: int, typed: str) -> tuple[tuple[int, ...], ByeKind | None]:
        """What a typed bye request (``4 h``, ``5 6 z``, ``4 x``) asks — rounds and kind,
        ``None`` to cancel — checked against the tournament as stored (a paired round, a
        round past the last, a bye to cancel that is not there are refused here, with the
        field named, before the form closes)."""
        from core.fields import FieldError, bye_request

        rounds, word = bye_request(typed)
        kind = None if word == "cancel" else {"half": ByeKind.HALF, "full": ByeKind.FULL, "zero": ByeKind.ZERO}[word]
        t = self.store.load(self.id).tournament
        try:
            for r in rounds:
                t = changes.cancel_bye(t, pno, r) if kind is None else changes.request_bye(t, pno, r, kind)
        except FieldError:
            raise
        except TournamentError as error:
            raise FieldError("bye", str(error)) from error
        return rounds, kind

    @use_case("player.bye")
    def cancel_bye(self, pno: int, rounds: Iterable[int]) -> Outcome:
        numbers = tuple(dict.fromkeys(rounds))  # a round named twice is one request

        def change(t: Tournament) -> Tournament:
            for r in numbers:
                t = changes.cancel_bye(t, pno, r)
            return t

        listed = " ".join(map(str, numbers))
        return self._change(self._naming(act("cancel_bye", player=pno, rounds=listed), pno), change)

    @use_case("player.forbid")
    def add_forbidden(self, pnos: Iterable[int]) -> Outcome:
        group = tuple(pnos)
        return self._change(self._naming(act("forbid", players=" ".join(map(str, group))), *group),
                            lambda t: changes.add_forbidden(t, group))

    @use_case("player.forbid")
    def remove_forbidden(self, index: int) -> Outcome:
        return self._change(act("unforbid", number=index + 1), lambda t: changes.remove_forbidden(t, index))

    @use_case("player.lots")
    def draw_lots(self, seed: int | None = None, varma: bool = False, teams: bool = False) -> Outcome:
        """Draw the table numbers of a round robin, recorded with the seed (reproducible): the
        arbiter's ``seed`` (the record says it was given), else one chosen here."""
        import secrets

        from core.changes.lots import draw_lots, draw_team_lots, draw_varma

        given = seed is not None
        used = seed if seed is not None else secrets.randbits(31)

        def change(t: Tournament) -> Tournament:
            if teams:
                return draw_team_lots(t, used, given=given)
            return draw_varma(t, used, given=given) if varma else draw_lots(t, used, given=given)

        return self._change(act("table_numbers"), change)

    # -- check-in and entry fees -----------------------------------------------------------
    @use_case("player.checkin")
    def check_in(self, pnos: Sequence[int] = (), present: bool = True, open_checkin: bool = False,
                 close_checkin: bool = False, seen: Mapping[int, MarkSeen] | None = None) -> Outcome:
        """Mark players present (or absent) for the next round — the organiser's intent, with
        each player's mark as the organiser saw it (``seen``, :func:`core.app.conflicts.marks_seen`);
        open or close the check-in (while it is open only present players are paired).  A mark
        never reopens a closed check-in: refused (:class:`core.checkin.CheckinClosed`) naming
        who closed it and when; ``open_checkin`` with the marks reopens it on purpose."""
        from core import checkin
        from core.app.conflicts import check_marks, last_change
        from core.changes import checkin as marks

        def change(t: Tournament) -> Tournament:
            if open_checkin:
                t = marks.open_checkin(t)
            if pnos:
                before, t = t, marks.check_in(t, pnos, is_present=present)
                check_marks(before, {pno: seen[pno] for pno in pnos if seen and pno in seen}, present)
            if close_checkin:
                t = marks.close_checkin(t)
            return t

        what = act("checkin_close") if close_checkin else act("checkin_open") if open_checkin and not pnos else \
            act("present" if present else "absent", players=self._marked_players(pnos, seen))
        try:
            outcome = self._change(what, change, value=lambda before, _after: marks.unchanged_marks(
                before, pnos, present))
        except checkin.CheckinClosed as error:
            raise error.by(*last_change(self.store.journal(self.id), error.path)) from None
        late = checkin.paired_without(outcome.tournament, pnos) if present else []
        return replace(outcome, warnings=(*outcome.warnings, *late)) if late else outcome

    def _marked_players(self, pnos: Sequence[int], seen: Mapping[int, MarkSeen] | None) -> str:
        """The players a mark names in the journal, by number and name ("3 Kaya, Ahmet"): a
        bare number means nobody after a renumbering.  The names the mark carries are checked
        in the change; without them, the names as stored now."""
        names = {pno: mark.name for pno, mark in (seen or {}).items()}
        if any(pno not in names for pno in pnos):
            t = self.store.load(self.id).tournament
            names.update({p.pno: p.name for p in t.players if p.pno in pnos and p.pno not in names})
        return "; ".join(f"{pno} {names.get(pno, '?')}" for pno in sorted(set(pnos)))

    @use_case("player.fees")
    def change_fees(self, fee: str | None = None, currency: str = "", player: int | None = None,
                    due: str | None = None, paid: str | None = None) -> Outcome:
        """The event's entry fee, one player's own fee (``due=""`` clears it) or a payment
        (``paid=""``: the full fee); ``due`` and ``paid`` need the player."""

        if (due is not None or paid is not None) and player is None:
            raise TournamentError(_("fees: --paid and --due need --player PNO"))

        def change(t: Tournament) -> Tournament:
            if fee is not None:
                t = changes.set_entry_fee(t, fee, currency)
            if due is not None and player is not None:
                t = changes.set_fee_due(t, player, None if due == "" else due)
            if paid is not None and player is not None:
                t = changes.record_payment(t, player, paid or None)
            return t

        return self._change(act("fees"), change)

    # -- teams ------------------------------------------------------------------------------
    @use_case("team.add")
    def add_team(self, name: str, members: Sequence[int] = (), short: str = "", rating: int = 0) -> Outcome:
        """Register a team with its roster in board order; the answer is its number."""
        from core.changes import teams
        from core.teams.registration import added_team_id

        out = self._change(act("add_team", team=name.strip()),
                           lambda t: teams.add_team(t, name, members, short, rating),
                           value=added_team_id)
        return self._short_teams(out, [out.value])

    @use_case("team.edit")
    def edit_team(self, team: int, name: str | None = None, short: str | None = None,
                  rating: int | None = None) -> Outcome:
        from core.changes import teams

        return self._change(act("edit_team", team=team),
                            lambda t: teams.edit_team(t, team, name=name, short=short, rating=rating))

    @use_case("team.edit")
    def set_roster(self, team: int, members: Sequence[int]) -> Outcome:
        """A team's roster in board order; a change of board order after round 1 is saved with
        a warning (:func:`core.teams.registration.board_order_change`)."""
        from dataclasses import replace

        from core.changes import teams
        from core.teams.registration import board_order_change

        out = self._change(act("roster", team=team), lambda t: teams.set_roster(t, team, members),
                           value=lambda before, _after: board_order_change(before, team, members))
        out = replace(out, warnings=(out.value, *out.warnings), value=None) if out.value else out
        return self._short_teams(out, [team])

    @staticmethod
    def _short_teams(out: Outcome, team_ids: Iterable[int]) -> Outcome:
        """``out`` with a warning for each of these teams left short of players for its boards."""
        from dataclasses import replace

        from core.teams.registration import short_team_warnings

        short = short_team_warnings(out.tournament, team_ids)
        return replace(out, warnings=(*out.warnings, *short)) if short else out

    @use_case("team.remove")
    def remove_team(self, team: int) -> Outcome:
        from core.changes import teams

        return self._change(act("remove_team", team=team), lambda t: teams.remove_team(t, team))

    @use_case("team.edit")
    def request_team_bye(self, team: int, rounds: Iterable[int], cancel: bool = False) -> Outcome:
        """A team Swiss team absent from each round given (zero points, C.04.2 Art. 3.3), or
        that absence cancelled; one change: all or none."""
        from core.changes import teams

        numbers = tuple(dict.fromkeys(rounds))  # a round named twice is one request

        def change(t: Tournament) -> Tournament:
            for r in numbers:
                t = (teams.cancel_team_bye if cancel else teams.request_team_bye)(t, team, r)
            return t

        listed = " ".join(map(str, numbers))
        return self._change(act("cancel_team_bye" if cancel else "team_bye", team=team, rounds=listed), change)

    @use_case("team.edit")
    def withdraw_team(self, team: int, from_round: int | None = None) -> Outcome:
        """A team Swiss team not paired again (C.04.2 Art. 3.2): its players withdrawn."""
        from core.changes import teams

        return self._change(act("withdraw_team", team=team),
                            lambda t: teams.withdraw_team(t, team, from_round))

    @use_case("team.add")
    def teams_from_clubs(self) -> Outcome:
        from core.changes import teams

        return self._change(act("teams_from_clubs"), teams.teams_from_clubs)


def _row_labels(rows: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """How each row of an import is named: its line in a CSV file, else its entry number and
    name (a TRF's players)."""
    from core.csvimport import ImportedRows, line_label

    if isinstance(rows, ImportedRows) and len(rows.lines) == len(rows):
        return tuple(map(line_label, rows.lines))
    return tuple(_('entry {i} ({value})').format(i=i, value=row.get('name', '')) for i, row in enumerate(rows, start=1))


def refuse_bad_rows(t: Tournament, rows: Sequence[Mapping[str, Any]], where: Sequence[str], source: str,
                    allow_duplicate: bool) -> None:
    """Every bad line of an import at once, in the file's order: the lines the reader could not
    read, the names and fields the registration refuses (:func:`core.fields.person_name`,
    :func:`core.changes.check_new_player`), the ids registered already or twice
    (:func:`core.duplicates.duplicate_rows`) — a :class:`ValidationError` — and, unless
    ``allow_duplicate``, the lines that look like a registered player or an earlier line —
    :class:`core.duplicates.DuplicateLines`, which a front end asks about."""
    from core.csvimport import ImportedRows
    from core.duplicates import DuplicateLines, duplicate_rows
    from core.errors import Problem, ValidationError
    from core.fields import person_name

    read = isinstance(rows, ImportedRows) and len(rows.lines) == len(rows)
    lines: Sequence[int] = rows.lines if isinstance(rows, ImportedRows) and read else range(len(rows))
    bad: list[tuple[int, Problem]] = list(rows.problems) if isinstance(rows, ImportedRows) else []
    for line, label, row in zip(lines, where, rows):
        try:
            person_name(str(row.get("name", "")))  # every door: typed, pasted, from a list, imported
            changes.check_new_player(t, row)
        except TournamentError as error:
            bad.append((line, Problem(label, str(error))))
    alike: list[tuple[int, Problem]] = []
    for i, repeated_id, words in duplicate_rows(t, rows, where):
        (bad if repeated_id else alike).append((lines[i], Problem(where[i], words)))
    if bad:
        shown = bad if allow_duplicate else [*bad, *alike]
        raise ValidationError([p for _line, p in sorted(shown, key=lambda item: item[0])], _("cannot import players"))
    if alike and not allow_duplicate:
        raise DuplicateLines([p for _line, p in alike], _("cannot import players"), source=source)
