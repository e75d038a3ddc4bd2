"""What a shared directory without the data service can promise: nothing between members.

Why say it: a directory the organisers' group may write lets any member replace any file —
the journal, the roles, a result — with hakem's checks bypassed.  Without ``hakem serve`` that
cannot be helped, so doctor, the TUI's header and the README say it plainly (and
``hakem serve --adopt`` moves such a directory into the service's).
"""

from __future__ import annotations

import os
import stat

from core.i18n import _


def group_trusted(data_dir: str) -> str | None:
    """The group every member of which is trusted with every record of ``data_dir`` (a
    directory its group may write), or ``None`` for a private directory."""
    try:
        st = os.stat(data_dir)
    except OSError:
        return None
    if not st.st_mode & stat.S_IWGRP:
        return None
    import grp

    try:
        return grp.getgrgid(st.st_gid).gr_name
    except KeyError:
        return str(st.st_gid)


def trust_statement(data_dir: str) -> str | None:
    """The sentence doctor prints for a group-writable directory (``None``: nothing to say)."""
    group = group_trusted(data_dir)
    if group is None:
        return None
    return _("every member of group {group} can change every file of {path} and is trusted with every record "
             "(roles and the journal hold only against hakem's own paths); a club machine runs hakem serve "
             "instead: hakem serve --adopt {path}").format(group=group, path=data_dir)


def trust_header(data_dir: str) -> str | None:
    """The TUI header's short form of :func:`trust_statement`."""
    group = group_trusted(data_dir)
    if group is None:
        return None
    return _("group {group} trusted with every record").format(group=group)
