"""Use cases of the club's series: create, add and remove events, change the scoring, show.

Why use cases: the definitions live in the club database (its ``series`` table), which with
the data service is the service's alone; front ends reach it through the Workspace, run by the
service for the calling user.  The table itself is computed where the events are (here, or in
the service) from the events as they are now, never stored.

Who may change a series (the role policy of :mod:`core.roles`, applied to a season):

- **creating** one: anyone who may create an event (not a capped process: a results-only
  SSH key or a viewer's ``--view``); the creator is its first organiser and may name others
  (``user:NAME``, ``group:NAME``, checked as a role table's entries are);
- **changing** it (events, scoring, organisers, removing it): its organisers;
- **adding an event**: an organiser of the series who is also an arbiter or the chief
  arbiter of that event — whoever runs an event decides whether it counts for a season;
  removing one needs the series' organisers only (the event may be gone).

**The series' page kept by the data service** (:meth:`SeriesCases.keep_series_page`): the
service writes it into a folder of its own pages directory (``hakem serve --pages DIR``: the
administrator's place, the service account's permissions) after every change of one of the
series' events — whoever made it, through whatever front end — and after every change of the
series.  A page an organiser keeps in a directory of her own (``series publish NAME DIR
--remember``) can only be written by her own hakem, so it follows her changes alone; nobody's
process ever writes where another chose.
"""

from __future__ import annotations

import builtins
import contextlib
from typing import TYPE_CHECKING, Any

from core.app.access import use_case
from core.club.series import Series, SeriesError
from core.i18n import _
from core.i18n.collation import search_fold, sort_key

if TYPE_CHECKING:
    from tinydb import TinyDB

    from core.club.series_table import SeriesTable
    from core.store import Store
    from core.store.clubdb import ClubDB

TABLE = "series"


class SeriesCases:
    """The series of the data directory (mixed into :class:`~core.app.workspace.Workspace`)."""

    store: Store
    pages: str | None
    """The data service's pages directory (``hakem serve --pages``); None: pages are kept by
    the organisers' own hakem only (:mod:`core.app.publishing`)."""

    if TYPE_CHECKING:
        @property
        def club(self) -> ClubDB: ...  # ClubCases's: the club database of the store's directory

    # -- reading --------------------------------------------------------------------------------
    @use_case("series.read", writes=False)
    def series_list(self) -> builtins.list[Series]:
        """Every series, by name."""
        return sorted(_all(self.club.view()), key=lambda s: (sort_key(s.name), s.name))

    @use_case("series.read", writes=False)
    def series_definition(self, name: str) -> Series:
        """One series by its name (case is ignored)."""
        return _find(self.club.view(), name)

    @use_case("series.read", writes=False)
    def series_table(self, name: str) -> SeriesTable:
        """The series table, computed from its events as they are now (an event that cannot be
        read is listed with the reason and counts for nobody)."""
        from core.club.series_table import compute
        from core.model import Tournament

        view = self.club.view()
        series = _find(view, name)
        events: dict[str, Tournament | str] = {}
        for tid in series.events:
            try:
                events[tid] = self.store.load(tid).tournament
            except (OSError, ValueError) as error:
                events[tid] = str(error)
        from core.club.register import TABLE as MEMBERS

        names = {doc.doc_id: str(doc.get("name", "")) for doc in view.table(MEMBERS).all()}
        return compute(series, events, _register_ids(view), set(names), names)

    # -- changing -------------------------------------------------------------------------------
    @use_case("series.create")
    def create_series(self, series: Series) -> Series:
        """Save a new series (no events yet); its organisers: the caller, then those named."""
        from core.club.series import check
        from core.store import current_user

        _require_uncapped()
        series = check(Series(series.name.strip(), series.scoring, series.table, series.best, series.minimum,
                              series.place_by, organisers=_organisers(series.organisers, f"user:{current_user()}")))

        def edit(db: TinyDB) -> Series:
            same = [s.name for s in _all(db) if search_fold(s.name) == search_fold(series.name)]
            if same:
                raise SeriesError(_("there is already a series {name!r}").format(name=same[0]))
            _require_room(_all(db))
            db.table(TABLE).insert(_document(series))
            return series

        return self.club.change(f"new series {series.name}", edit)

    @use_case("series.edit")
    def add_series_events(self, name: str, tids: builtins.list[str], mixed_time: bool = False) -> Series:
        """Add the events ``tids`` to the series, in that order at the end of its own, all or
        none: refused for an event of the other game, one already in it, or one the caller
        does not run — and, unless ``mixed_time``, one played at another time control than
        the series' events (a Keizer evening at standard time in a rapid Grand Prix is almost
        always a slip; a club that means it says so)."""
        series = _find(self.club.view(), name)  # an unknown series is named before the events are looked up
        events = [self._event_to_add(tid) for tid in tids]
        if not mixed_time:
            self._refuse_mixed_time(series, tids)

        def change(series: Series) -> Series:
            for tid, title, game in events:
                series = _with_event(series, tid, title, game)
            return series

        return self._change(name, f"add events {', '.join(tids)} to series {{name}}", change)

    def _refuse_mixed_time(self, series: Series, tids: builtins.list[str]) -> None:
        """Refuse events whose time control (standard, rapid, blitz: the event's rating kind)
        is not the one of the series' first readable event, naming both."""
        from core.club.series import game_of
        from core.ratings.kind import event_rating_kind
        from core.reports.members import rating_kind_name

        kinds: builtins.list[tuple[str, str]] = []
        for tid in [*series.events, *tids]:
            try:
                t = self.store.load(tid).tournament
            except (OSError, ValueError):
                continue
            if game_of(t.system) == "go":
                return  # Go events carry no rating kind
            kinds.append((t.name, event_rating_kind(t)))
        for event, kind in kinds[1:]:
            if kind != kinds[0][1]:
                raise SeriesError(_("{event!r} is played at {kind} time control, {first!r} at {other}: add it with "
                                    "--mixed-time if the series is meant to mix them").format(
                    event=event, kind=rating_kind_name(kind), first=kinds[0][0], other=rating_kind_name(kinds[0][1])))

    def _event_to_add(self, tid: str) -> tuple[str, str, str]:
        """(id, name, game) of an event the caller may add: one she is an arbiter of."""
        from core.club.series import game_of
        from core.roles import Role, role_of

        t = self.store.load(tid).tournament
        if role_of(t).rank > Role.ARBITER.rank:
            raise SeriesError(_("only an arbiter or the chief arbiter of {event!r} may add it to a series")
                              .format(event=t.name))
        return tid, t.name, game_of(t.system)

    @use_case("series.edit")
    def remove_series_event(self, name: str, tid: str) -> Series:
        """Take event ``tid`` out of the series (the event itself is not touched)."""

        def change(series: Series) -> Series:
            if tid not in series.events:
                raise SeriesError(_("event {id!r} is not in series {name!r}").format(id=tid, name=series.name))
            events = tuple(e for e in series.events if e != tid)
            return _replaced(series, events=events, game=series.game if events else "")

        return self._change(name, f"remove event {tid} from series {{name}}", change)

    @use_case("series.edit")
    def change_series(self, name: str, changes: dict[str, Any]) -> Series:
        """Change the scoring settings (``scoring``, ``table``, ``best``, ``minimum``,
        ``place_by``; the table follows at once, from the same events) or the ``organisers``
        (``user:NAME``/``group:NAME`` checked against the machine; the caller stays one)."""
        fields = ", ".join(sorted(changes))
        scoring = {k: v for k, v in changes.items() if k != "organisers"}

        def change(series: Series) -> Series:
            series = series.with_settings(**scoring)
            if "organisers" in changes:
                series = _replaced(series, organisers=_organisers(changes["organisers"]))
                _require_organiser(series)  # nobody takes herself out of what she runs by mistake
            return series

        return self._change(name, f"change series {{name}}: {fields}", change)

    @use_case("series.edit")
    def delete_series(self, name: str) -> None:
        """Remove the series (its events are not touched)."""
        from tinydb import Query

        series = _find(self.club.view(), name)
        _require_organiser(series)

        def edit(db: TinyDB) -> None:
            db.table(TABLE).remove(Query().name == series.name)

        self.club.change(f"remove series {series.name}", edit)

    @use_case("series.edit")
    def keep_series_page(self, name: str, folder: str | None) -> str:
        """Have the data service keep the series' page in ``folder`` of its pages directory,
        written now and again after every change of its events by anyone, in the caller's
        language (``None``: stop keeping it; the last page written stays).  Returns the
        page's directory on this machine."""
        from core.club.series import check_page_folder
        from core.i18n import current_language

        if self.pages is None:
            raise SeriesError(_("the data service keeps no pages here (its administrator names a directory with "
                                "hakem serve --pages DIR); publish into a directory of your own instead: "
                                "hakem series publish NAME DIR --remember"))
        series = _find(self.club.view(), name)
        _require_organiser(series)
        if folder is None:
            self._change(name, "stop the page of series {name}", lambda s: _replaced(s, page="", page_lang=""))
            return _page_directory(self.pages, series.page) if series.page else ""
        if not folder:  # "" is the pages directory itself: its index is nobody's series' page
            raise SeriesError(_("give the page folder a name (small letters a-z, digits and hyphens, e.g. rapid-gp)"))
        check_page_folder(folder)
        taken = [s.name for s in _all(self.club.view()) if s.page == folder and s.name != series.name]
        if taken:
            raise SeriesError(_("page folder {folder!r} holds the page of series {name!r}").format(
                folder=folder, name=taken[0]))
        lang = current_language()
        _write_kept_page(self.series_table(name), self.pages, folder, lang)  # refused: nothing kept
        self._change(name, f"keep the page of series {{name}} in {folder}",
                     lambda s: _replaced(s, page=folder, page_lang=lang))
        return _page_directory(self.pages, folder)

    def _change(self, name: str, action: str, change: Any) -> Series:
        """Apply ``change`` to the stored series under the database's lock (checked against
        the organisers as it is stored, so a concurrent change is never lost)."""
        from tinydb import Query

        def edit(db: TinyDB) -> Series:
            before = _find(db, name)
            _require_organiser(before)
            after = change(before)
            db.table(TABLE).update(_replace_with(_document(after)), Query().name == before.name)
            return after

        label = _find(self.club.view(), name).name  # the journal names the series as it is spelt
        after: Series = self.club.change(action.format(name=label), edit)
        if self.pages is not None and after.page:
            # events or scoring changed: the service's page follows (a failure is said by the
            # next change of an event, which writes the page again and warns)
            refresh_pages(self, self.pages, [after])
        return after


def _replace_with(new: dict[str, Any]) -> Any:
    """A TinyDB update that makes the document ``new`` (a plain update keeps the keys ``new``
    leaves out: a page no longer kept would stay in the document)."""

    def transform(doc: dict[str, Any]) -> None:
        doc.clear()
        doc.update(new)

    return transform


def _with_event(series: Series, tid: str, title: str, game: str) -> Series:
    """``series`` with the event at the end (the first event fixes the series' game)."""
    from core.club.series import MAX_EVENTS

    if tid in series.events:
        raise SeriesError(_("{event!r} ({id}) is already in series {name!r}").format(
            event=title, id=tid, name=series.name))
    if series.game and series.game != game:
        raise SeriesError((_("{event!r} is a Go event and series {name!r} is of chess events: a series "
                             "never mixes chess and Go") if game == "go" else
                           _("{event!r} is a chess event and series {name!r} is of Go events: a series "
                             "never mixes chess and Go")).format(event=title, name=series.name))
    if len(series.events) >= MAX_EVENTS:
        raise SeriesError(_("a series holds at most {limit} events").format(limit=MAX_EVENTS))
    return _replaced(series, events=(*series.events, tid), game=game)


def _replaced(series: Series, **changes: Any) -> Series:
    import dataclasses

    from core.club.series import check

    return check(dataclasses.replace(series, **changes))


def _document(series: Series) -> dict[str, Any]:
    from core.club.series import to_document

    return to_document(series)


def _all(db: TinyDB) -> builtins.list[Series]:
    from core.club.series import from_document

    return [from_document(doc) for doc in db.table(TABLE).all()]


def _register_ids(db: TinyDB) -> dict[tuple[str, str], int]:
    """The register's FIDE ids and EGD pins → member numbers (each held by one member)."""
    from core.club.register import members

    out: dict[tuple[str, str], int] = {}
    for m in members(db):
        for kind, value in (("fide", m.fide_id.strip()), ("egd", m.egd_pin.strip())):
            if value:
                out[(kind, value)] = m.id
    return out


def _find(db: TinyDB, name: str) -> Series:
    """The series called ``name`` — compared as a search compares names (:func:`core.i18n.
    collation.search_fold`: Turkish ``KIŞ GP`` is ``Kış GP``, which ``casefold`` made ``kiş``)
    — or one line naming the ones there are."""
    found = [s for s in _all(db) if search_fold(s.name) == search_fold(name)]
    if found:
        return found[0]
    known = sorted((s.name for s in _all(db)), key=sort_key)
    if not known:
        raise SeriesError(_("no series {name!r}: there is none yet (hakem series new NAME)").format(name=name))
    raise SeriesError(_("no series {name!r}; the series are: {names}").format(name=name, names=", ".join(known)))


def _organisers(whos: Any, creator: str = "") -> tuple[str, ...]:
    """``creator`` (the calling user, as the journal names her), then ``whos`` checked as a role
    table's grants are (``user:NAME``/``group:NAME`` of this machine), once each."""
    from core.roles import grantee

    if not isinstance(whos, (list, tuple)) or not all(isinstance(w, str) for w in whos):
        raise SeriesError(_("organisers: write user:NAME,group:NAME"))
    return tuple(dict.fromkeys([*([creator] if creator else []), *(grantee(w) for w in whos)]))


MAX_SERIES_PER_MEMBER = 50
"""Series one member may organise by name (``user:NAME`` among the organisers; a group's do not
count).  Why: series had no limit — one member made 2,000 junk series for everyone's list —
and a season needs a few.  Counted by name rather than by creator because an organiser can
reorder the list but never leave it (:func:`_require_organiser`), so junk always counts
against whoever made it.  The administrator (root, the service's account) is not limited."""


def _require_room(existing: builtins.list[Series]) -> None:
    """Refuse a new series when the caller organises :data:`MAX_SERIES_PER_MEMBER` already."""
    from core.store import current_user
    from core.identity import serving_administrator

    me = f"user:{current_user()}"
    count = sum(1 for s in existing if me in s.organisers)
    if count >= MAX_SERIES_PER_MEMBER and not serving_administrator():
        raise SeriesError(_("{user} organises {count} series, the limit for one member; nothing was created "
                            "(hakem series delete NAME removes one)").format(user=current_user(), count=count))


def _require_uncapped() -> None:
    """A capped process (a results-only key, a viewer) changes no series."""
    from core.roles import PermissionDenied, current_cap

    if current_cap() is not None:
        raise PermissionDenied(_("a series is changed by its organisers, not from a results-only or viewing session"))


def _require_organiser(series: Series) -> None:
    """The caller is named by the organisers: her user (as the journal names her) or a group
    she is in (the matching of a role table's entries, :func:`core.roles.names`)."""
    from core.roles import PermissionDenied, names
    from core.store import current_user

    from core.identity import serving_administrator

    _require_uncapped()
    if serving_administrator():
        return  # the administrator removes or mends any series (junk, an organiser gone)
    if f"user:{current_user()}" not in series.organisers and not names(series.organisers):
        raise PermissionDenied(_("only the organisers of series {name!r} may change it ({organisers})").format(
            name=series.name, organisers=", ".join(series.organisers)))


def _page_directory(pages: str, folder: str) -> str:
    import os

    return os.path.join(pages, folder)


def _write_kept_page(table: SeriesTable, pages: str, folder: str, lang: str | None) -> None:
    """Write the service's page of a series into ``folder`` of its pages directory, the
    folder readable by everyone (0755, the pages 0644): a web server serves it, and the
    service's own umask (0077, for its data) would keep it from the web server."""
    import os

    from core.club.series import check_page_folder
    from core.reports.series import publish_series
    from core.store.folders import open_folder

    if not check_page_folder(folder):
        raise SeriesError(_("give the page folder a name (small letters a-z, digits and hyphens, e.g. rapid-gp)"))
    root = open_folder(pages)
    try:
        with contextlib.suppress(FileExistsError):
            os.mkdir(folder, 0o755, dir_fd=root.fd)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=root.fd)
        try:
            os.fchmod(fd, 0o755)
        finally:
            os.close(fd)
    finally:
        root.close()
    publish_series(table, _page_directory(pages, folder), lang=lang)


def kept_pages(workspace: SeriesCases, tid: str) -> builtins.list[Series]:
    """The series holding ``tid`` whose page the data service keeps (``workspace``: a view of
    the data directory, :data:`core.app.effects.SeriesReader`)."""
    return [s for s in workspace.series_list() if s.page and tid in s.events]


def refresh_pages(workspace: SeriesCases, pages: str, found: builtins.list[Series]) -> builtins.list[str]:
    """Write the service's pages of the series ``found`` again, each in its own language;
    returns a warning for each page that could not be written (the change itself is saved)."""
    from core.errors import TournamentError

    warnings = []
    tables = {t.series.name: t for t in local_tables(workspace, [s.name for s in found])}
    for series in found:
        try:
            if series.name in tables:
                _write_kept_page(tables[series.name], pages, series.page, series.page_lang or None)
        except (OSError, TournamentError) as error:
            warnings.append(_("the pages of series {name!r} were not published: {error}").format(
                name=series.name, error=error))
    return warnings


def local_tables(workspace: SeriesCases, names: builtins.list[str]) -> builtins.list[SeriesTable]:
    """The tables of the series called ``names`` that exist, computed in this process through
    ``workspace``: what refreshes a remembered series' page after a change."""
    known = {s.name for s in workspace.series_list()}
    return [workspace.series_table(name) for name in names if name in known]
