"""The data service in a thread of the test process, on a socket in a temporary directory
(the real :class:`core.service.server.Service`; same user, so no root is needed)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def service_thread(data: Path, path: str, pages: Path | None = None) -> Iterator[object]:
    """Serve ``data`` on ``path`` until the block ends (``pages``: as ``hakem serve --pages``);
    yields the service."""
    from core.service.server import Service

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    import getpass

    # the test process's user manages the lists (as `hakem serve --list-managers user:NAME`)
    svc = Service(str(data), listener, log=lambda line: None, list_managers=(f"user:{getpass.getuser()}",),
                  pages=None if pages is None else str(pages))
    thread = threading.Thread(target=svc.serve_forever, daemon=True)
    thread.start()
    try:
        yield svc
    finally:
        svc.stop()
        thread.join(5)
