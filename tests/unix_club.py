"""Real Unix users in one club directory (2770, setgid) for the tests that need them.

Needs root (``useradd``, ``setpriv``).  Users and groups are created once and left in place;
each module names its own (``hakem-alice`` …, ``hk-files-alice`` …) so modules never clash.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

RUN = "import os, sys; os.umask(0o022); from tui.launch import main; sys.exit(main(sys.argv[1:]))"
"""The real ``hakem`` entry point, run with the default umask 022 of most systems."""


def missing() -> str:
    """Why real users cannot be used here ("" when they can)."""
    if os.geteuid() != 0:
        return "needs root to create and switch to other Unix users"
    for tool in ("setpriv", "useradd", "groupadd"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return ""


def account(*argv: str, check: bool = True) -> None:
    """Run ``useradd``/``groupadd``/``userdel``/``groupdel``, again while another process holds
    the account files' lock (test modules run in parallel workers; the tools give up at once
    with "cannot lock /etc/passwd" instead of waiting)."""
    import time

    for _attempt in range(40):
        run = subprocess.run(list(argv), capture_output=True, text=True, check=False)
        if run.returncode == 0 or "lock" not in (run.stderr or "").lower():
            break
        time.sleep(0.25)
    if check and run.returncode != 0:
        raise subprocess.CalledProcessError(run.returncode, argv, run.stdout, run.stderr)


def ensure_users(names: tuple[str, ...], group: str) -> dict[str, pwd.struct_passwd]:
    """The users (members of ``group``), created if missing."""
    try:
        grp.getgrnam(group)
    except KeyError:
        account("groupadd", group)
    out = {}
    for name in names:
        try:
            pwd.getpwnam(name)
        except KeyError:
            account("useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", "--groups", group, name)
        out[name] = pwd.getpwnam(name)
    return out


def members_fixture(names: tuple[str, ...], group: str) -> Iterator[dict]:
    """The body of a module's ``members`` fixture: the users ``names`` in ``group`` (skipped
    without root), removed with the group afterwards."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = ensure_users(names, group)
    yield {"users": users, "gid": grp.getgrnam(group).gr_gid}
    for name in names:
        account("userdel", name, check=False)
    account("groupdel", group, check=False)


def club_directory(prefix: str, users: dict[str, pwd.struct_passwd], gid: int) -> tuple[Path, Path, dict[str, Path]]:
    """(base, data, homes): a fresh base under /tmp, the club's data directory (root:group
    2770) and one home (0755) per user; the caller removes ``base``."""
    base = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    os.chmod(base, 0o755)
    data = base / "club"
    data.mkdir()
    os.chown(data, 0, gid)
    os.chmod(data, 0o2770)
    homes = {}
    for name, pw in users.items():
        home = base / name
        home.mkdir()
        os.chown(home, pw.pw_uid, pw.pw_gid)
        os.chmod(home, 0o755)
        homes[name] = home
    return base, data, homes


def start_service(cmd: list[str], env: dict[str, str], sock: Path) -> subprocess.Popen:
    """Start ``hakem serve`` (``cmd``, already switched to the service's account) and wait
    until its socket ``sock`` accepts; the service's own words if it ends instead."""
    import socket
    import time

    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if sock.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(sock))
                return proc
            except OSError:
                pass
            finally:
                probe.close()
        if proc.poll() is not None:
            raise AssertionError(proc.stderr.read().decode() if proc.stderr else "service ended")
        time.sleep(0.1)
    raise AssertionError("the service did not start")


def service_layout(prefix: str, users: dict[str, pwd.struct_passwd], service: str, gid: int,
                   data_mode: int = 0o700) -> dict:
    """A fresh base under /tmp for a data service test: a home per user, ``run/`` (the
    service's, the club's group may reach the socket, nobody else) and ``data/`` (the
    service's, ``data_mode``); the caller removes ``base``."""
    base = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    os.chmod(base, 0o755)
    for name, pw in users.items():
        home = base / "homes" / name
        home.mkdir(parents=True)
        os.chown(home, pw.pw_uid, pw.pw_gid)
    run = base / "run"
    run.mkdir()
    os.chown(run, users[service].pw_uid, gid)
    os.chmod(run, 0o750)
    data = base / "data"
    data.mkdir()
    os.chmod(data, data_mode)
    os.chown(data, users[service].pw_uid, users[service].pw_gid)
    return {"base": base, "data": data, "socket": run / "hakem.sock", "users": users, "gid": gid}


def stop_service(state: dict) -> None:
    """End the service of :func:`service_layout`'s ``state`` and remove its base."""
    import signal

    state["service"].send_signal(signal.SIGTERM)
    state["service"].wait(30)
    shutil.rmtree(state["base"], ignore_errors=True)


def in_service(club: dict, user: str, *args: str) -> subprocess.CompletedProcess:
    """The real ``hakem --socket SOCKET ARGS`` as ``user`` of :func:`service_layout`'s ``club``."""
    cmd, env = service_command(club, user, "--socket", str(club["socket"]), *args)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180, check=False)


def as_administrator(club: dict, *args: str) -> subprocess.CompletedProcess:
    """The administrator's hakem: root, through the service of :func:`service_layout`'s ``club``."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LANGUAGE": "en",
           "HOME": str(club["base"])}
    return subprocess.run([sys.executable, "-c", RUN, "--socket", str(club["socket"]), *args], env=env,
                          capture_output=True, text=True, timeout=180, check=False)


def succeeded(done: subprocess.CompletedProcess) -> str:
    """The output of a run that must have succeeded (else its words in the assertion)."""
    assert done.returncode == 0, (done.args[-4:], done.stdout, done.stderr)
    return done.stdout


def club_fixture(prefix: str, names: tuple[str, ...], group: str, short_keys: bool = False) -> Iterator[dict]:
    """The body of a module's ``club`` fixture: the users in ``group`` and a fresh club
    directory (see :func:`club_directory`), removed afterwards; skipped without root.
    ``short_keys`` names users by the last part of their name (``hk-x-alice`` → ``alice``)."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = ensure_users(names, group)
    if short_keys:
        users = {name.rsplit("-", 1)[1]: pw for name, pw in users.items()}
    gid = grp.getgrnam(group).gr_gid
    base, data, homes = club_directory(prefix, users, gid)
    yield {"data": data, "homes": homes, "users": users, "gid": gid, "base": base}
    shutil.rmtree(base, ignore_errors=True)


def run_as(club: dict, user: str, *args: str, data: Path | None = None, cwd: Path | None = None,
           env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real ``hakem ARGS`` as ``user`` of :func:`club_fixture`'s ``club`` (setpriv, no
    capabilities, the club's group), in its home unless ``cwd``; ``data`` defaults to the
    club's directory."""
    pw = club["users"][user]
    home = club["homes"][user]
    environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
               "HAKEM_DATA": str(data or club["data"]), "LANG": "C.UTF-8", "LANGUAGE": "en",
               "HAKEM_CONFIG_DIR": str(home / ".config" / "hakem"), **(env or {})}
    cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
           "--inh-caps=-all", sys.executable, "-c", RUN, *args]
    return subprocess.run(cmd, env=environ, capture_output=True, text=True, timeout=timeout,
                          cwd=cwd or home, check=False)


def service_command(club: dict, user: str, *args: str) -> tuple[list[str], dict[str, str]]:
    """(command, environment) running the real ``hakem ARGS`` as ``user`` of
    :func:`service_layout`'s ``club`` (setpriv, no capabilities, the user's and the club's
    group, a home of its own under the layout's base)."""
    pw = club["users"][user]
    home = club["base"] / "homes" / user
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "LANGUAGE": "en", "HAKEM_CONFIG_DIR": str(home / "cfg")}
    groups = ",".join(str(g) for g in sorted({pw.pw_gid, club["gid"]}))
    cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={groups}",
           "--inh-caps=-all", sys.executable, "-c", RUN, *args]
    return cmd, env
