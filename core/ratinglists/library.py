"""The rating lists of a data directory: import, list, open, remove.

Where: ``<data directory>/lists/<name>.idx``, shared by every organiser of the directory (a
cron job can refresh them: see the README).  The directory is hostile ground (any member of
the group can replace an entry), so every file is reached through a descriptor of the
``lists`` directory opened without following links; a new index is written to a temporary
file created exclusively, synced, and renamed over the old one only when the whole list has
been read — a bad file leaves the previous index untouched.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, BinaryIO, cast

from core.errors import NoRatingLists, RatingListError, os_reason
from core.i18n import _
from core.ratinglists.entry import ListEntry, is_list_date
from core.ratinglists.formats import FORMATS, csv_list, egd, fide_txt, fide_xml
from core.ratinglists.formats.csv_list import PRESETS, CsvLayout
from core.ratinglists.formats.source import Line, decoded_lines, member_name
from core.ratinglists.index import HEADER_SIZE, ListIndex, ListInfo, read_header, write_index
from core.file_safety import SafeDir

LISTS_DIR = "lists"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_FIDE_MONTH = re.compile(r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{2})", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_KIND = re.compile(r"(standard|rapid|blitz)", re.I)


def check_name(name: str) -> str:
    """A list name is a short lower-case word (it becomes a file name)."""
    if not _NAME.match(name):
        raise RatingListError(_("list name {name!r}: use lower-case letters, digits, - and _ "
                                "(at most 40)").format(name=name))
    return name


@contextmanager
def lists_directory(data_dir: Path, create: bool = False) -> Iterator[int]:
    """A descriptor of ``<data_dir>/lists``, opened without following a link.

    The folder is the data directory's (:meth:`SafeDir.subdir`): created with the data
    directory's user and group bits and its setgid bit, set on our own descriptor so the umask
    does not decide (under umask 022 it used to come out 2750 and the group could not import
    a list); a link, a folder anybody may write or a stranger's folder is refused.  In service
    mode the data directory is the service's (0700), so the folder is too."""
    from core.errors import StoreError

    try:
        parent = SafeDir.open(data_dir)
    except StoreError as error:
        raise RatingListError(_("{path}: cannot open the data directory ({reason})")
                              .format(path=data_dir, reason=error)) from error
    try:
        folder = parent.subdir(LISTS_DIR, create=create)
        if folder is not None and create:
            _repair_mode(folder, parent.dir_mode)
    except (StoreError, OSError) as error:
        raise RatingListError(_("{path}/lists is not a directory hakem can use ({reason})")
                              .format(path=data_dir, reason=os_reason(error) if isinstance(error, OSError) else error)) from error
    finally:
        parent.close()
    if folder is None:
        raise NoRatingLists(_("no rating lists in {path} yet: import one with "
                                "'hakem lists import FILE'").format(path=data_dir))
    try:
        yield folder.fd
    finally:
        folder.close()


def _repair_mode(folder: SafeDir, mode: int) -> None:
    """An own ``lists/`` made 2750 by an earlier version under umask 022 gets the data
    directory's bits again on the next import (someone else's folder is left as it is)."""
    st = folder.dir_stat()
    if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) != mode:
        os.fchmod(folder.fd, mode)


def _open_index(directory: int, name: str) -> int:
    """A read descriptor of ``name.idx``: a regular file, reached without following links and
    without waiting (a FIFO planted under the name is refused at once, never blocks)."""
    try:
        fd = os.open(f"{name}.idx", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=directory)
    except FileNotFoundError:
        raise RatingListError(_("no rating list named {name!r} (see 'hakem lists')").format(name=name)) from None
    except OSError as error:
        raise RatingListError(_("rating list {name!r}: cannot open its index ({reason})")
                              .format(name=name, reason=os_reason(error))) from error
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise RatingListError(_("rating list {name!r}: its index is not a regular file").format(name=name))
    return fd


def open_list(data_dir: Path, name: str) -> ListIndex:
    """The index of list ``name`` for searching (close it, or use it in ``with``).

    An index whose spelling keys are older than the program's (:data:`~core.ratinglists.index.
    KEYS`: written before a spelling rule was added) is first rewritten from its own entries
    (:func:`_rekey`), so ``мюллер`` finds *Müller* in a list imported before that rule, with
    no new import.  Why: a list imported once a month found by the new spellings only after
    the next import, and nothing said so."""
    with lists_directory(data_dir) as directory:
        index = ListIndex(_open_index(directory, check_name(name)), name)
        if index.keys_current:
            return index
        try:
            _rekey(directory, name, index)
        except (OSError, RatingListError):  # not ours to rewrite (read-only, another's folder):
            return index  # searched by its folded names and ids, as before
        index.close()
        return ListIndex(_open_index(directory, name), name)


def _rekey(directory: int, name: str, index: ListIndex) -> None:
    """Write ``index`` again from its own entries, with the aliases of today's spelling rules
    and the header it had (its date, source and import stay), and rename it over the old one:
    a process that has the old one open keeps reading it whole.  Costs what an import of the
    list costs (about 7 s of CPU for 200,000 players), once."""
    meta = {k: v for k, v in index.header.items() if k not in ("count", "names", "ids", "aliases", "keys")}
    _write_atomically(directory, name, lambda out: write_index(out, index.entries(), meta))


def available(data_dir: Path) -> list[ListInfo]:
    """Every list of the data directory, by name; damaged ones are reported, not hidden."""
    try:
        with lists_directory(data_dir) as directory:
            names = sorted(n[:-4] for n in os.listdir(directory) if n.endswith(".idx"))
            return [_info(directory, name) for name in names if _NAME.match(name)]
    except NoRatingLists:  # the class, never the words: they are in the reader's language
        return []


def _info(directory: int, name: str) -> ListInfo:
    """What the index ``name`` says about its list, or a :class:`ListInfo` naming why it
    cannot be read (``problem``)."""
    try:
        fd = _open_index(directory, name)
        try:
            header = read_header(os.pread(fd, HEADER_SIZE, 0), name)
        finally:
            os.close(fd)
        return ListInfo(name=name, format=str(header.get("format", "")), date=str(header.get("date", "")),
                        source=str(header.get("source", "")), count=int(header.get("count", 0)),
                        imported=str(header.get("imported", "")), imported_by=str(header.get("imported_by", "")))
    except (RatingListError, OSError, ValueError, TypeError, AttributeError) as error:
        reason = str(error) if isinstance(error, RatingListError) else _(
            "rating list {name!r}: the index is damaged; import the list again").format(name=name)
        return ListInfo(name=name, format="", date="", source="", count=0, imported="", imported_by="",
                        problem=reason)


def skipped(infos: list[ListInfo]) -> list[str]:
    """One warning per list that cannot be read, for search and registration (which use the
    others)."""
    return [_("{problem} (the list was skipped)").format(problem=i.problem) for i in infos if i.problem]


def remove_list(data_dir: Path, name: str) -> None:
    with lists_directory(data_dir) as directory:
        os.close(_open_index(directory, check_name(name)))
        os.unlink(f"{name}.idx", dir_fd=directory)


def detect_format(path: str) -> str:
    """The layout of a list file, from its name and its first line."""
    inner = member_name(path).lower()
    if inner.endswith(".xml"):
        return "fide-xml"
    for line in decoded_lines(path, "cp1252"):
        text = line.text.strip()
        if not text:
            continue
        if text.startswith("ID Number"):
            return "fide"
        lowered = text.lower()
        if "spielername" in lowered and ("zps" in lowered or "vkz" in lowered):
            return "dsb"
        if "id_no" in lowered and "rtg_nat" in lowered:
            return "tsf"
        if text.startswith("<"):
            return "fide-xml"
        if line.number > 40:
            break
    for _entry in _egd_probe(path):
        return "egd"
    raise RatingListError(_("{path}: cannot tell the list's layout; give --format ({formats})")
                          .format(path=path, formats=", ".join(FORMATS)))


def _egd_probe(path: str) -> Iterator[ListEntry]:
    try:
        yield from egd.read(decoded_lines(path, "iso-8859-15"), path)
    except RatingListError:
        return


def list_date(path: str, fmt: str) -> str:
    """The list's date from its name (FIDE ``…dec26…``) or its date line (EGD); else ''."""
    inner = member_name(path)
    match = _FIDE_MONTH.search(inner) or _FIDE_MONTH.search(Path(path).name)
    if match and fmt in ("fide", "fide-xml"):
        return f"20{match.group(2)}-{_MONTHS.index(match.group(1).lower()) + 1:02d}"
    if fmt == "egd":
        for line in decoded_lines(path, "iso-8859-15"):
            found = egd.list_date(line.text)
            if found:
                return found
            if line.number > 20:
                break
    return ""


class _LineCounter:
    """The number of the last line a reader took: an entry's line, for the messages that name
    lines after the reading (ids several entries hold)."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.lines = lines
        self.number = 0

    def __iter__(self) -> Iterator[Line]:
        for line in self.lines:
            self.number = line.number
            yield line


def read_entries(path: str, fmt: str, layout: CsvLayout | None = None,
                 counter: list[_LineCounter] | None = None) -> Iterator[ListEntry]:
    """The entries of a list file in layout ``fmt``; ``counter`` (when given) receives the
    line counter of a line-based layout."""
    def lines(fallback: str) -> Iterable[Line]:
        tracked = _LineCounter(decoded_lines(path, fallback))
        if counter is not None:
            counter.append(tracked)
        return tracked

    if fmt == "fide":
        match = _KIND.search(member_name(path))
        kind = match.group(1).lower() if match else "standard"
        return fide_txt.read(lines("cp1252"), path, kind)
    if fmt == "fide-xml":
        return fide_xml.read(path)
    if fmt == "egd":
        return egd.read(lines("iso-8859-15"), path)
    if fmt in PRESETS or fmt == "csv":
        chosen = layout or PRESETS.get(fmt)
        if chosen is None:
            raise RatingListError(_("--format csv needs --map (which column holds which field)"))
        return csv_list.read(lines(chosen.fallback_encoding), path, chosen)
    raise RatingListError(_("unknown list format {fmt!r}; use {formats}")
                          .format(fmt=fmt, formats=", ".join(FORMATS)))


def unread_columns(path: str, fmt: str, layout: CsvLayout | None = None) -> list[str]:
    """The columns of a CSV list that its layout does not read (the organiser is told which:
    a list is mapped completely or says what it leaves out); none for the fixed layouts."""
    chosen = layout or PRESETS.get(fmt)
    if chosen is None:
        return []
    for line in decoded_lines(path, chosen.fallback_encoding):
        return csv_list.unused_columns(csv_list.split_header(line.text, path)[1], chosen)
    return []


def import_list(data_dir: Path, path: str, fmt: str | None = None, name: str | None = None,
                date: str | None = None, layout: CsvLayout | None = None, user: str = "",
                replace_smaller: bool = False, older: bool = False) -> ListInfo:
    """Read a whole list file and replace (or create) the list's index in one rename; the
    answer's ``warnings`` say what the organiser should know (names cleaned, shared ids).

    The list it replaces is kept (the README's promise: a damaged download keeps the previous
    one) when the new one is older, unless ``older``, or has fewer than half its players — a
    download cut at a line end looks so and nothing else tells — unless ``replace_smaller``."""
    fmt = fmt or ("csv" if layout else detect_format(path))
    name = check_name(name or fmt.replace("-xml", ""))
    meta = {"name": name, "format": fmt,
            "date": check_date(date) if date is not None else list_date(path, fmt),
            "source": Path(path).name,
            "imported": _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat(),
            "imported_by": user}
    entries = read_entries(path, fmt, layout)
    shared: list[str] = []
    cleaned: list[str] = []
    with lists_directory(data_dir, create=True) as directory:
        previous = _previous_header(directory, name)
        _refuse_older(previous, meta["date"], name, older)

        def write(out: BinaryIO) -> int:
            count = write_index(out, entries, meta, shared, cleaned)
            if count == 0:
                raise RatingListError(_("{path}: the list holds no players").format(path=path))
            _refuse_smaller(previous, count, name, replace_smaller)
            return count

        try:
            _write_atomically(directory, name, write)
        except OSError as error:
            raise RatingListError(_("cannot write the index of {name!r} ({reason}); the previous "
                                    "index is unchanged").format(name=name, reason=os_reason(error))) from error
    warnings = [*cleaned_names_warning(cleaned), *shared_id_warnings(path, fmt, layout, shared)]
    with open_list(data_dir, name) as index:
        return replace(index.info, warnings=tuple(warnings))


def _write_atomically(directory: int, name: str, write: Callable[[BinaryIO], int]) -> None:
    """``write`` the index of ``name`` into a temporary file created exclusively, synced, and
    renamed over ``name.idx`` only when ``write`` has finished; anything raised leaves the old
    index as it was and no temporary file behind."""
    temp = f".{name}.{secrets.token_hex(8)}.tmp"
    fd = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o660, dir_fd=directory)
    try:
        with os.fdopen(fd, "w+b", closefd=True) as out:
            os.fchmod(out.fileno(), 0o660 & (os.fstat(directory).st_mode | 0o600))
            write(cast(BinaryIO, out))
            out.flush()
            os.fsync(out.fileno())
        os.rename(temp, f"{name}.idx", src_dir_fd=directory, dst_dir_fd=directory)
        os.fsync(directory)
    except BaseException:
        try:
            os.unlink(temp, dir_fd=directory)
        except FileNotFoundError:
            pass
        raise


def check_date(text: str) -> str:
    """A list's date as the organiser gives it: ``YYYY-MM`` or ``YYYY-MM-DD``, a real month
    and day (``2026-13`` and ``yesterday`` are refused, :func:`~core.ratinglists.entry.
    is_list_date`); ``""`` leaves the list undated."""
    text = text.strip()
    if is_list_date(text):
        return text
    if not text:
        return ""
    raise RatingListError(_("--date {date!r}: write the list's date as YYYY-MM or YYYY-MM-DD "
                            "(e.g. 2026-12)").format(date=text))


def _previous_header(directory: int, name: str) -> dict[str, Any] | None:
    """The header of the list this import replaces; ``None`` when there is none — or when it
    is damaged (then nothing in it can be compared, and the new list repairs it)."""
    try:
        fd = _open_index(directory, name)
    except RatingListError:
        return None
    try:
        return read_header(os.pread(fd, HEADER_SIZE, 0), name)
    except RatingListError:
        return None
    finally:
        os.close(fd)


def _refuse_older(previous: dict[str, Any] | None, date: str, name: str, allowed: bool) -> None:
    """An older edition over a newer one is refused unless ``allowed`` (dates compare at the
    precision both give: ``2026-12`` is not older than ``2026-12-01``)."""
    old = str((previous or {}).get("date", "") or "")
    if allowed or not old or not date:
        return
    width = min(len(old), len(date))
    if date[:width] < old[:width]:
        raise RatingListError(_("rating list {name!r} is dated {old}; the list imported is dated {new}, "
                                "older: give --older to replace it all the same")
                              .format(name=name, old=old, new=date))


def _refuse_smaller(previous: dict[str, Any] | None, count: int, name: str, allowed: bool) -> None:
    """A list of fewer than half the players of the one it replaces is refused unless
    ``allowed``."""
    old = int((previous or {}).get("count", 0) or 0)
    if not allowed and count * 2 < old:
        raise RatingListError(_("rating list {name!r} has {old} players; the list imported has only {new} "
                                "(a download cut short?): give --replace-smaller to replace it all the same")
                              .format(name=name, old=old, new=count))


def cleaned_names_warning(cleaned: list[str]) -> list[str]:
    """The import's word on the names it cleaned (:func:`core.ratinglists.entry.clean_text`)."""
    if not cleaned:
        return []
    return [_("{count} name(s) held control or invisible characters, removed (e.g. {example})")
            .format(count=len(cleaned), example=cleaned[0])]


_SHOWN_IDS = 10


def shared_id_warnings(path: str, fmt: str, layout: CsvLayout | None, shared: list[str]) -> list[str]:
    """One warning per id that several entries hold, naming their lines: found again by a
    second reading, done only when the index found such ids (an id names one player; one
    held twice identifies nobody, and registering by it is refused)."""
    if not shared:
        return []
    wanted: dict[str, list[int]] = {key: [] for key in shared[:_SHOWN_IDS]}
    counter: list[_LineCounter] = []
    for ordinal, entry in enumerate(read_entries(path, fmt, layout, counter), start=1):
        where = counter[0].number if counter else ordinal
        for key in (f"F{entry.fide_id}", f"N{entry.national_id}", f"E{entry.egd_pin}"):
            if key in wanted:
                wanted[key].append(where)
    label = {"F": _("FIDE id"), "N": _("national id"), "E": _("EGD pin")}
    text = (_("{kind} {value} is held by several players (lines {lines}): registering by it is refused")
            if counter else  # the XML list: its players are counted, as its other messages do
            _("{kind} {value} is held by several players (players {lines} of the list): registering by it "
              "is refused"))
    out = [text.format(kind=label[key[0]], value=key[1:], lines=", ".join(map(str, lines)))
           for key, lines in wanted.items()]
    if len(shared) > _SHOWN_IDS:
        out.append(_("and {count} more id(s) held by several players").format(count=len(shared) - _SHOWN_IDS))
    return out
