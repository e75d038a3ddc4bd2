"""Setting the service up: its systemd units, its own directory, its socket, and moving a
group-writable directory's tournaments into it (``hakem serve --adopt``).

Why these rules: the service's directory is the one place the club's records live, so it is
its account's alone (0700, nobody else may even list it); the socket is the only way in, and
who may connect is decided by the socket's group (mode 0660).
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from core.errors import StoreError, os_reason
from core.i18n import _
from core.service import DEFAULT_SOCKET
from core.service.quota import Limits

UNITS = ("hakem.socket", "hakem.service")


@dataclass(frozen=True)
class UnitSettings:
    """What the administrator chose for the units (``hakem serve --print-units`` options)."""

    data_dir: str = "/var/lib/hakem"
    socket: str = DEFAULT_SOCKET
    user: str = "hakem"
    group: str | None = None
    """The socket's group (the organisers'); ``None`` keeps the template's placeholder."""
    list_managers: tuple[str, ...] = ()
    limits: Limits = field(default_factory=Limits)
    """The service's limits, written into ``ExecStart`` so the administrator sees them."""
    pages: str | None = None
    """The directory the service keeps the series' pages in (``--pages``), writable by the unit."""


def units(which: str = "", settings: UnitSettings | None = None, program: str | None = None) -> str:
    """The systemd units (``which``: one of :data:`UNITS`, else both, each preceded by the path
    it is installed at), ``ExecStart`` running ``program`` (default: this installation's, see
    :func:`installed_program`) with the administrator's ``settings``."""
    settings = settings or UnitSettings()
    program = program or installed_program()
    command = f"{program} --data {settings.data_dir} serve"
    if settings.list_managers:
        command += f" --list-managers {','.join(settings.list_managers)}"
    if settings.pages:
        command += f" --pages {settings.pages}"
    command += " " + " ".join(settings.limits.options())
    replace = {"@HAKEM@ --data /var/lib/hakem serve": command, "/var/lib/hakem": settings.data_dir,
               "User=hakem": f"User={settings.user}", "Group=hakem": f"Group={settings.user}",
               "SocketUser=hakem": f"SocketUser={settings.user}", DEFAULT_SOCKET: settings.socket}
    if settings.group:
        replace["SocketGroup=clubgroup"] = f"SocketGroup={settings.group}"
    state = _state_directory(settings.data_dir)
    folder = Path(__file__).parent / "systemd"
    out = []
    for name in UNITS:
        if which and name != which:
            continue
        text = (folder / name).read_text(encoding="utf-8")
        for old, value in replace.items():
            text = text.replace(old, value)
        text = text.replace("StateDirectory=hakem\n", f"StateDirectory={state}\n")
        if settings.pages:  # ProtectSystem=strict: the pages directory is one the unit may write
            text = text.replace(f"ReadWritePaths={settings.data_dir}\n", f"ReadWritePaths={settings.data_dir} {settings.pages}\n")
        if not state:  # not under /var/lib: the administrator creates it (README)
            text = "\n".join(line for line in text.splitlines() if not line.startswith("StateDirectory")) + "\n"
        out.append(text if which else f"# /etc/systemd/system/{name}\n{text}")
    return "\n".join(out)


def _state_directory(data_dir: str) -> str:
    """``StateDirectory=`` for ``data_dir`` (relative to /var/lib), "" when it is elsewhere."""
    prefix = "/var/lib/"
    return data_dir[len(prefix):] if data_dir.startswith(prefix) and len(data_dir) > len(prefix) else ""


def installed_program() -> str:
    """The hakem this process is: the ``hakem`` beside its interpreter (a venv's), else that
    interpreter with ``-m tui.launch`` — never whatever ``hakem`` comes first on PATH (root's
    PATH found a pyenv shim in /root the service account cannot run)."""
    import sys

    python = os.path.abspath(sys.executable)
    beside = os.path.join(os.path.dirname(python), "hakem")
    return beside if os.access(beside, os.X_OK) else f"{python} -m tui.launch"


def unreachable(program: str) -> str | None:
    """The home directory ``program`` (or the interpreter it runs on) lives in, where the
    service account cannot reach it (``ProtectHome=yes``, a home of mode 700); ``None`` when
    it is outside every home."""
    import pwd
    import sys

    homes = {"/root", "/home", "/run/user"} | {p.pw_dir for p in pwd.getpwall()
                                                if p.pw_uid >= 1000 and p.pw_dir not in ("/", "/nonexistent")}
    for path in (program.split(" -m ")[0], sys.executable):
        real = os.path.realpath(path)
        for home in homes:
            if real == home or real.startswith(home.rstrip("/") + "/"):
                return real
    return None


def own_data_dir(named: str | None) -> Path:
    """The service's data directory (``--data``, ``$HAKEM_DATA``, else the account's own),
    created 0700; an existing one must belong to this account, and is closed to everybody
    else (mode 0700) — a directory others can reach is not the service's alone."""
    from core.store.paths import resolve_data_dir

    path = resolve_data_dir(named, create=True)
    st = os.stat(path)
    if not stat.S_ISDIR(st.st_mode):
        raise StoreError(_("data directory {data_dir} is not a directory").format(data_dir=path))
    if st.st_uid != os.getuid():
        raise StoreError(_("{path}: belongs to another account; the service's directory must be its own").format(path=path))
    if stat.S_IMODE(st.st_mode) != 0o700:
        os.chmod(path, 0o700)
    return path


def listening_socket(path: str | None, group: str | None) -> tuple[socket.socket, str]:
    """The socket to accept on: the one systemd passes (socket activation), else ``path``
    (default :data:`~core.service.DEFAULT_SOCKET`) made here, mode 0660, group ``group``."""
    if os.environ.get("LISTEN_PID") == str(os.getpid()) and int(os.environ.get("LISTEN_FDS", "0") or 0) >= 1:
        listener = socket.socket(fileno=3)
        return listener, listener.getsockname() or "systemd"
    where = path or DEFAULT_SOCKET
    _clear_stale(where)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(where)
        os.chmod(where, 0o660)
        if group:
            import grp

            try:
                gid = grp.getgrnam(group).gr_gid
            except KeyError:
                raise StoreError(_("no group {group!r} on this machine").format(group=group)) from None
            os.chown(where, -1, gid)
        listener.listen(64)
    except OSError as error:
        listener.close()
        raise StoreError(_("cannot listen on {path}: {problem}").format(path=where, problem=os_reason(error))) from error
    return listener, where


def _clear_stale(where: str) -> None:
    """Remove a socket file no service answers on (a service that was killed); refuse when
    one answers or when something else has the name."""
    try:
        st = os.lstat(where)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise StoreError(_("{path}: exists and is not a socket; refusing to replace it").format(path=where))
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(where)
    except OSError:
        os.unlink(where)
        return
    finally:
        probe.close()
    raise StoreError(_("{path}: another hakem service answers there").format(path=where))


# -- moving a group-writable directory into the service's -------------------------------------
def adopt(source: str, target: str, account: str) -> Iterator[str]:
    """Copy every tournament of the group-writable directory ``source`` (data files, journals,
    round backups, exports, rating lists) into the service's directory ``target`` (made 0700,
    the service ``account``'s), then take the write permission off ``source`` so nobody keeps
    using it by mistake.  Runs as root (it gives files to the service's account).

    Nothing is copied unless every tournament of ``source`` loads; a name already in
    ``target`` is refused, not overwritten.  A journal file keeps its owner (the journal's
    author is its file's owner), with the service's group so the service may read it; no
    one else can reach it inside the 0700 directory."""
    import pwd

    from core.store import Store

    try:
        entry = pwd.getpwnam(account)
    except KeyError:
        raise StoreError(_("no account {user!r} on this machine").format(user=account)) from None
    old = Store(source, read_only=True)
    rows, problems = old.list_with_problems(include_archived=True)
    if problems:
        raise StoreError(_("{path}: {problem}; run hakem doctor there first, nothing was copied").format(
            path=source, problem=problems[0][1]))
    src, dst = Path(source), Path(target)
    dst.mkdir(mode=0o700, parents=True, exist_ok=True)
    names = sorted(os.listdir(src))
    clash = [n for n in names if os.path.lexists(dst / n)]
    if clash:
        raise StoreError(_("{path}: already holds {name}; nothing was copied").format(path=dst, name=clash[0]))
    os.chown(dst, entry.pw_uid, entry.pw_gid)
    os.chmod(dst, 0o700)
    for name in names:
        _copy(src / name, dst / name, (entry.pw_uid, entry.pw_gid))
    os.chmod(src, stat.S_IMODE(os.stat(src).st_mode) & ~0o222)
    yield _("copied {count} tournaments from {source} into {target}").format(count=len(rows), source=src, target=dst)
    yield _("{source} is read-only now; remove it once the service is in use").format(source=src)


def _copy(src: Path, dst: Path, owner: tuple[int, int]) -> None:
    """Copy one entry, never following a link (links, FIFOs and devices are not hakem's:
    not copied); the copy is the service's, except a journal file, which keeps its owner."""
    st = os.lstat(src)
    if stat.S_ISDIR(st.st_mode):
        os.mkdir(dst, 0o700)
        os.chown(dst, *owner)
        for name in sorted(os.listdir(src)):
            _copy(src / name, dst / name, owner)
        return
    if not stat.S_ISREG(st.st_mode):
        return
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        out = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            while chunk := os.read(fd, 1 << 20):
                os.write(out, chunk)
            os.fsync(out)
            journal = ".journal." in src.name
            os.fchown(out, st.st_uid if journal else owner[0], owner[1])
            os.fchmod(out, 0o640 if journal else 0o600)
        finally:
            os.close(out)
    finally:
        os.close(fd)
