"""Use cases of the event's settings: tournament settings, Go settings, prizes, publishing."""

from __future__ import annotations

from dataclasses import replace

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from core.changes.settings import set_settings
from core.app.access import use_case
from core.app.conflicts import (
    check_settings,
)
from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.words import SENTENCES, act

if TYPE_CHECKING:
    pass


from core.app.base import GO_SYSTEMS, DeskBase, Outcome


class SettingsCases(DeskBase):
    """Changing the event's settings (mixed into :class:`~core.app.desk.Desk`)."""

    # -- prizes -----------------------------------------------------------------------------
    @use_case("settings.prizes")
    def add_prize_group(self, group: Any, before: str | None = None) -> Outcome:
        """Add (or replace, keeping its place) a prize group; ``before`` puts a new one ahead
        of that key (the list order is the rule for equal prizes)."""
        from core.changes.prizes import add_group

        return self._change(act("prize_group", key=group.key), lambda t: add_group(t, group, before))

    @use_case("settings.prizes")
    def remove_prize_group(self, key: str) -> Outcome:
        from core.changes.prizes import remove_group

        return self._change(act("remove_prize_group", key=key), lambda t: remove_group(t, key))

    @use_case("settings.prizes")
    def set_prize_rules(self, sharing: str | None = None, hort_percent: int | None = None,
                        currency: str | None = None) -> Outcome:
        """Whether players equal on points share prizes (none, equal, Hort) and the currency."""
        from core.changes.prizes import set_rules

        return self._change(act("prize_rules"), lambda t: set_rules(t, sharing, hort_percent, currency))

    # -- settings and publishing ------------------------------------------------------------
    @use_case("settings.change")
    def change_settings(self, changes: Mapping[str, Any], seen: Mapping[str, Any] | None = None,
                        what: str = "", force: bool = False) -> Outcome:
        """Change tournament settings, validated (a blank name, fewer rounds than paired, a
        new system after round 1 are refused).  ``seen``: the values shown for the settings
        being changed; one changed meanwhile to something else refuses the change.  ``what``:
        the journal's kind of change when it is not "settings <names>" (``tiebreak_settings``).
        The tie-breaks once round 1 is paired only with ``force`` (:func:`_check_announced`)."""
        values = dict(changes)
        if what and what not in SENTENCES:
            raise TournamentError(_("{what!r} is no kind of change the journal knows").format(what=what))

        def change(t: Tournament) -> Tournament:
            if seen is not None:
                check_settings(t, seen, values)
            if not force:
                _check_announced(t, values)
            return set_settings(t, **values)

        return self._change(act(what) if what else act("settings", keys=sorted(values)), change)

    @use_case("tournament.read", writes=False)
    def go_settings_question(self, updates: Mapping[str, Any]) -> str:
        """The question to ask before :meth:`change_go_settings` stores ``updates``: what they
        move in initial MMS once pairing has begun (:func:`~core.go.mms_change.moves_said`),
        "" when nothing moves or the change is refused anyway (the save then says why)."""
        from core.go.mms_change import moves_said

        t = self.store.load(self.id).tournament
        try:
            return moves_said(t, self._with_go(t, updates))
        except TournamentError:
            return ""

    def _with_go(self, t: Tournament, updates: Mapping[str, Any]) -> Tournament:
        from core.go.mcmahon_options import normalised

        self._check_go(t, GO_SYSTEMS)
        options = dict(t.options)
        options["go"] = {**dict(options.get("go") or {}), **normalised(updates)}
        return t.with_changes(options=options)

    @use_case("settings.change")
    def change_go_settings(self, updates: Mapping[str, Any], confirmed: bool = True) -> Outcome:
        """Go settings (komi, nominal time, EGD class, nigiri seed, McMahon's bar, floor…);
        a bad value is refused with a clear message (a komi that is not a half-integer, a
        bar below the floor…).  A change that moves initial MMS after pairing has begun is said,
        and refused unless ``confirmed`` (:mod:`core.go.mms_change`)."""
        from core.go.handicap import even_komi
        from core.go.mcmahon_options import mcmahon_options
        from core.go.mms_change import mms_moves

        moved: list[str] = []

        def change(t: Tournament) -> Tournament:
            new = self._with_go(t, updates)
            if new.system == "mcmahon":
                mcmahon_options(new)
                moved[:] = mms_moves(t, new, confirmed)
            else:
                even_komi(new)
            return new

        out = self._change(act("go_settings"), change)
        return replace(out, warnings=(*out.warnings, *moved)) if moved else out

    @use_case("settings.change")
    def change_keizer_settings(self, updates: Mapping[str, Any]) -> Outcome:
        """Keizer settings (value numbers, fractions, absence limit, rematch gap …,
        :mod:`core.pairing.keizer.options`); a bad value is refused naming the setting, and a
        change scores every evening again (the standings recompute the whole season)."""
        from core.pairing.keizer.options import parse_options, stored, values_problem

        def change(t: Tournament) -> Tournament:
            self._check_go(t, ("keizer",))
            merged = {**dict(t.options.get("keizer") or {}), **stored(updates)}
            problem = values_problem(parse_options(merged), len(t.players))
            if problem:
                raise TournamentError(problem)
            return t.with_changes(options={**dict(t.options), "keizer": merged})

        return self._change(act("keizer_settings"), change)

    @use_case("publish.remember")
    def remember_url(self, url: str) -> Outcome:
        """Store the public address of the page set (QR codes on the pages and the printed
        lists point there); ``""`` removes it."""
        from core.reports.export import URL_OPTION

        address = url.strip()
        if (address and not address.startswith(("https://", "http://"))) or any(c.isspace() for c in address):
            raise TournamentError(_("--url must be an http:// or https:// address without spaces"))

        def change(t: Tournament) -> Tournament:
            options = dict(t.options)
            if address:
                options[URL_OPTION] = address
            else:
                options.pop(URL_OPTION, None)
            return t.with_changes(options=options)

        return self._change(act("publish_settings"), change)


def _check_announced(t: Tournament, values: Mapping[str, Any]) -> None:
    """The tie-breaks are announced before the start (FIDE C.07): after round 1 is paired a
    different list or unplayed-round rule is the organiser's explicit act, asked first (the
    front end confirms and passes ``force``) and journaled like every change."""
    if not t.current_round:
        return
    other_list = "tiebreaks" in values and tuple(values["tiebreaks"] or ()) != tuple(t.tiebreaks)
    other_rule = "tiebreak_regime" in values and values["tiebreak_regime"] != t.tiebreak_regime
    if other_list or other_rule:
        raise TournamentError(_("the tie-breaks were announced before round 1; confirm to change them "
                                "after the start"))
