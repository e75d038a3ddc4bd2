"""The data service of a club machine (``hakem serve``) and the one door to the tournaments.

:func:`open_workspace` is how every front end (CLI and TUI) gets its Workspace: the service's,
through its socket, when a service is configured for the data directory; else the in-process
one over a directory of the user's own (the embedded default).  Which socket, in this order:

1. ``--socket PATH`` or ``$HAKEM_SOCKET``: that service (not reachable: an error); with a data
   directory named that it does not serve: refused, never one of the two silently;
2. the default :data:`DEFAULT_SOCKET`, when it exists and either no data directory was named
   (``--data``/``$HAKEM_DATA``) or the service says it serves the one named;
3. otherwise no service: the named (or the user's own) directory, in-process.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.app.workspace import Workspace
    from core.service.client import RemoteWorkspace

DEFAULT_SOCKET = "/run/hakem/hakem.sock"
"""Where the systemd unit (``hakem serve --print-units``) puts the service's socket."""


def socket_path(explicit: str | None = None) -> tuple[str, bool]:
    """(the socket to try, whether the user asked for it) — ``--socket``, ``$HAKEM_SOCKET``,
    else :data:`DEFAULT_SOCKET`."""
    chosen = explicit or os.environ.get("HAKEM_SOCKET") or ""
    return (chosen, True) if chosen else (DEFAULT_SOCKET, False)


def open_workspace(data_dir: str | None = None, read_only: bool = False,
                   socket: str | None = None) -> Workspace:
    """The Workspace every front end uses (see the module docstring for which).  The service's
    offers the same use cases as the in-process one (:mod:`core.service.client`)."""
    from typing import cast

    from core.app.workspace import Workspace

    data_dir = data_dir or os.environ.get("HAKEM_DATA") or None
    path, asked = socket_path(socket)
    if asked:
        remote = _remote(path, read_only)
        if data_dir is not None and not _same_dir(remote.data_dir, data_dir):
            remote.close()
            raise _two_places(path, remote.data_dir, data_dir)
        return cast(Workspace, remote)
    if _is_socket(path):
        from core.service.client import ServiceUnavailable

        found: RemoteWorkspace | None
        try:
            found = _remote(path, read_only)
        except ServiceUnavailable:
            found = None  # a stale socket file: the service is not running, stay embedded
        if found is not None and (data_dir is None or _same_dir(found.data_dir, data_dir)):
            return cast(Workspace, found)
        if found is not None:
            found.close()
    return Workspace(data_dir, read_only=read_only)


def _two_places(path: str, served: str, named: str) -> Exception:
    """The refusal of a socket and a data directory that name two different places: the
    change would otherwise land in one of them silently (a new tournament in the club's store
    that was meant for the user's own directory)."""
    from core.errors import TournamentError
    from core.i18n import _

    return TournamentError(_("the hakem service at {socket} serves {served}, not {named}: leave out --socket "
                             "(and HAKEM_SOCKET) to work in-process on {named}, or --data (and HAKEM_DATA) "
                             "to use the service").format(socket=path, served=served, named=named))


def _remote(path: str, read_only: bool) -> RemoteWorkspace:
    from core.service.client import RemoteWorkspace

    return RemoteWorkspace(path, read_only=read_only)


def _is_socket(path: str) -> bool:
    import stat

    try:
        return stat.S_ISSOCK(os.stat(path).st_mode)
    except OSError:
        return False


def _same_dir(served: str, named: str) -> bool:
    try:
        return os.path.realpath(os.path.expanduser(named)) == os.path.realpath(served)
    except OSError:
        return False
