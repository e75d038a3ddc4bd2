"""Where a tournament's web pages are kept current: the running process's own configuration.

Why not the tournament: the tournament file of a shared directory is written by every member
of the group, so a directory stored there is chosen by whoever wrote last — one member pointed
it at another's ``~/public_html`` and the next result typed by the victim overwrote her
``index.html`` (issue 30, B7).  A place on this machine comes from the command line or from the
configuration of the process that writes there: the user's own (``$HAKEM_CONFIG_DIR``, else
``$XDG_CONFIG_HOME/hakem``, else ``~/.config/hakem``, file ``publishing.json``) for hakem
running as the user, the service account's own for a data service.

``publishing.json``: ``{"directories": {DATA_DIR: {ID: WEB_DIR}}, "series": {DATA_DIR: {NAME:
WEB_DIR}}, "languages": {DATA_DIR: {"series:NAME": LANG}}, "noticed": [DATA_DIR/ID …]}``, the data directory by its real path (the same id in
two data directories is two tournaments); a series' pages follow every change of its events.
A tournament that still names a directory in its options (``publish_directory``, written by an
earlier version) is never published there: the first change that would have published says
so once, and ``hakem publish ID DIR --remember`` puts the directory into this file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from core.errors import StoreError, os_reason
from core.i18n import _

FILE = "publishing.json"
LEGACY_OPTION = "publish_directory"
"""``Tournament.options`` key an earlier version stored the directory under (now ignored)."""


def config_file() -> Path:
    from core.i18n.settings import config_path

    return config_path().parent / FILE


def _load() -> dict[str, Any]:
    try:
        data = json.loads(config_file().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(data: dict[str, Any]) -> None:
    from core.file_safety import SafeDir

    folder = config_file().parent
    try:
        folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        safe = SafeDir.open(folder)
        try:
            safe.replace(FILE, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8"), 0o600)
        finally:
            safe.close()
    except OSError as error:
        raise StoreError(_("Could not write {path}: {error}").format(path=config_file(), error=os_reason(error, writing=True))) from error


def _place(data_dir: str | os.PathLike[str]) -> str:
    return os.path.realpath(data_dir)


def remembered(data_dir: str | os.PathLike[str], tid: str) -> str | None:
    """The web directory this process keeps ``tid``'s pages current in, if any."""
    table = _load().get("directories")
    entry = table.get(_place(data_dir)) if isinstance(table, dict) else None
    value = entry.get(tid) if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


def remember(data_dir: str | os.PathLike[str], tid: str, directory: str | None,
             section: str = "directories", lang: str | None = None) -> None:
    """Store (``None``: forget) the web directory of ``tid`` in this process's configuration
    (``section="series"``: of the series called ``tid``), and the language the pages are
    written in (``lang``; later refreshes write in it whatever language the change was made
    in — a German page stays German when the next result is typed in an English session)."""
    data = _load()
    for part, value in ((section, None if directory is None else os.path.abspath(os.path.expanduser(directory))),
                        (LANGUAGES, None if directory is None else lang)):
        key = tid if part == section else f"{section}:{tid}"
        found = data.get(part)
        table: dict[str, Any] = found if isinstance(found, dict) else {}
        old = table.get(_place(data_dir))
        entry = dict(old) if isinstance(old, dict) else {}
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
        data = {**data, part: {k: v for k, v in {**table, _place(data_dir): entry}.items() if v}}
    _save(data)


LANGUAGES = "languages"
"""The section of ``publishing.json`` holding each remembered page set's language:
``{DATA_DIR: {"series:NAME" | "directories:ID": LANG}}``."""


def remembered_language(data_dir: str | os.PathLike[str], tid: str, section: str = "directories") -> str | None:
    """The language the remembered pages of ``tid`` (a series' name with ``section="series"``)
    are written in; None when remembered without one (before this was kept: the session's)."""
    table = _load().get(LANGUAGES)
    entry = table.get(_place(data_dir)) if isinstance(table, dict) else None
    value = entry.get(f"{section}:{tid}") if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


def remembered_series(data_dir: str | os.PathLike[str]) -> dict[str, str]:
    """Series name → the web directory this process keeps the series' page current in."""
    table = _load().get("series")
    entry = table.get(_place(data_dir)) if isinstance(table, dict) else None
    if not isinstance(entry, dict):
        return {}
    return {k: v for k, v in entry.items() if isinstance(k, str) and isinstance(v, str) and v}


def first_notice(data_dir: str | os.PathLike[str], tid: str) -> bool:
    """True the first time it is asked for ``tid`` (the legacy directory is then noted as
    told); False after that, or when the configuration cannot be written."""
    data = _load()
    noticed = [n for n in data.get("noticed") or [] if isinstance(n, str)]
    key = f"{_place(data_dir)}/{tid}"
    if key in noticed:
        return False
    try:
        _save({**data, "noticed": [*noticed, key]})
    except StoreError:
        return False
    return True
