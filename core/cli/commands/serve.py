"""``hakem serve`` — the data service of a club machine (see :mod:`core.service.server`);
``hakem serve --print-units`` — its systemd units; ``hakem serve --adopt DIR`` — move a
group-writable directory's tournaments into the service's directory.

Heavy modules are imported inside the run functions (the parser is built on every start)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from core.i18n import _

if TYPE_CHECKING:
    from core.service.quota import Limits


def _serve(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError

    if args.print_units:
        return _print_units(args)
    if args.adopt:
        return _adopt(args)
    if os.getuid() == 0:
        raise CliError(_("hakem serve runs as its own account (e.g. hakem), never as root"))
    from core.service.setup import listening_socket, own_data_dir

    data_dir = own_data_dir(os.environ.get("HAKEM_DATA") or None)
    os.umask(0o077)
    listener, where = listening_socket(args.listen, args.socket_group)
    from core.service.server import Service

    service = Service(str(data_dir), listener, list_managers=_managers(args.list_managers), limits=_limits(args),
                      pages=_pages(args.pages))
    _stop_on_signals(service)
    print(_("hakem serve: serving {data} on {socket}").format(data=data_dir, socket=where), file=sys.stderr, flush=True)
    print(_("hakem serve: at most {count} connections at once (the open-files limit allows them: ulimit -n)").format(
        count=service.max_connections), file=sys.stderr, flush=True)
    service.serve_forever()
    return 0


def _print_units(args: argparse.Namespace) -> int:
    """The units for this installation and the administrator's choices (``--data``,
    ``--socket``, ``--user``, ``--socket-group``, ``--list-managers``); refused when this hakem
    lives in a home directory the service account cannot reach."""
    from core.cli.errors import CliError
    from core.service import DEFAULT_SOCKET
    from core.service.setup import UnitSettings, installed_program, unreachable, units

    program = installed_program()
    where = unreachable(program)
    if where:
        raise CliError(_("this hakem runs from {path}, inside a home directory the service account cannot reach; "
                         "install hakem under /opt as the README says (python3 -m venv /opt/hakem ...) and run "
                         "/opt/hakem/bin/hakem serve --print-units").format(path=where))
    data = os.path.abspath(os.environ.get("HAKEM_DATA") or "/var/lib/hakem")
    settings = UnitSettings(data_dir=data, socket=os.path.abspath(args.listen or DEFAULT_SOCKET),
                            user=args.user or "hakem", group=args.socket_group,
                            list_managers=_managers(args.list_managers), limits=_limits(args),
                            pages=_pages(args.pages))
    sys.stdout.write(units("" if args.print_units == "all" else args.print_units, settings, program))
    return 0


def _limits(args: argparse.Namespace) -> Limits:
    """The administrator's limits (:class:`core.service.quota.Limits`; an option not given
    keeps its default, 0 means no limit)."""
    from core.cli.errors import CliError
    from core.service.quota import Limits, parse_size

    chosen: dict[str, int] = {}
    for option, field, size in (("--max-tournaments", "max_tournaments", False), ("--max-data", "max_bytes", True),
                                ("--reserve", "reserve_bytes", True), ("--max-connections", "max_connections", False),
                                ("--idle", "idle_seconds", False)):
        text = getattr(args, field)
        if text is None:
            continue
        try:
            value = parse_size(text) if size else int(text)
        except ValueError:
            value = -1
        if value < 0 or (field == "max_connections" and value == 0):
            raise CliError((_("{option}: {value!r} is not a size (e.g. 500M, 2G; 0: no limit)") if size else
                            _("{option}: {value!r} is not a whole number of at least 1") if field == "max_connections" else
                            _("{option}: {value!r} is not a whole number (0: no limit)")).format(option=option, value=text))
        chosen[field] = value
    return Limits(**chosen)


def _pages(text: str | None) -> str | None:
    """``--pages DIR`` as an absolute path (the units and the service name the same place)."""
    from core.cli.errors import CliError

    if text is None:
        return None
    if not text.strip() or any(c.isspace() for c in text):
        raise CliError(_("--pages: {path!r} is not a directory name without spaces").format(path=text))
    return os.path.abspath(text)


def _managers(text: str | None) -> tuple[str, ...]:
    """``user:alice,group:chessclub`` → its entries (refused: anything else, and ``*``)."""
    from core.cli.errors import CliError

    out = tuple(w.strip() for w in (text or "").split(",") if w.strip())
    for who in out:
        kind, sep, value = who.partition(":")
        if not sep or kind not in ("user", "group") or not value:
            raise CliError(_("--list-managers: {who!r} is not user:NAME or group:NAME").format(who=who))
    return out


def _adopt(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError
    from core.service.setup import adopt

    target = os.environ.get("HAKEM_DATA")
    if os.getuid() != 0 or not target or not args.user:
        raise CliError(_("hakem serve --adopt DIR runs as root, with --data (the service's directory) and --user (its account)"))
    for line in adopt(args.adopt, target, args.user):
        print(line)
    return 0


def _stop_on_signals(service: object) -> None:
    import signal

    def stop(_signum: int, _frame: object) -> None:
        service.stop()  # type: ignore[attr-defined]  # the service class is imported only inside the run (start-up time)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help=_("run the data service of a club machine (as its own account)"))
    p.add_argument("--socket", dest="listen", metavar="PATH",
                   help=_("listen on PATH (default: the socket systemd passes, else /run/hakem/hakem.sock)"))
    p.add_argument("--socket-group", metavar="GROUP", help=_("the group whose members may connect (socket mode 0660)"))
    p.add_argument("--list-managers", metavar="WHO,...",
                   help=_("who may import and remove the club's rating lists: user:NAME,group:NAME (default: nobody)"))
    p.add_argument("--pages", metavar="DIR",
                   help=_("where the service keeps the series' web pages its organisers ask for (hakem series "
                          "publish NAME --service FOLDER), written after every change by anyone"))
    p.add_argument("--print-units", nargs="?", const="all", choices=["all", "hakem.socket", "hakem.service"],
                   help=_("print the systemd units (hakem.socket, hakem.service, or one of them)"))
    p.add_argument("--adopt", metavar="DIR",
                   help=_("move the tournaments of a group-writable directory into the service's directory"))
    p.add_argument("--max-tournaments", dest="max_tournaments", metavar="N",
                   help=_("tournaments one member may create in the service (default 100; 0: no limit)"))
    p.add_argument("--max-data", dest="max_bytes", metavar="SIZE",
                   help=_("disk one member's tournaments may take, e.g. 256M (default; 0: no limit)"))
    p.add_argument("--reserve", dest="reserve_bytes", metavar="SIZE",
                   help=_("free disk below which only results are accepted, e.g. 64M (default; 0: none)"))
    p.add_argument("--max-connections", dest="max_connections", metavar="N",
                   help=_("connections of all members together (default 1000, fewer if the open-files limit is lower)"))
    p.add_argument("--idle", dest="idle_seconds", metavar="SECONDS",
                   help=_("close a connection idle this long (default 600; 0: never); screens that watch are kept"))
    p.add_argument("--user", metavar="ACCOUNT", help=_("with --adopt or --print-units: the service's account (default: hakem)"))
    p.set_defaults(func=_serve)
