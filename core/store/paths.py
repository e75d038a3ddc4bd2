"""Where tournament files live: ``--data``, then ``$HAKEM_DATA``, then the user's data dir.

A shared club directory is just a directory owned by the organisers' group with mode 2770
(setgid): files we create inherit its group and its group permissions, nobody else can read.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_data_dir() -> Path:
    env = os.environ.get("HAKEM_DATA")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hakem"


def resolve_data_dir(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """The data directory to use, created private (0700) if it does not exist yet."""
    path = Path(data_dir).expanduser() if data_dir else default_data_dir()
    if not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)
    return path


def file_mode_for(directory: Path) -> int:
    """Files get the directory's user/group read-write bits, never bits for others."""
    mode = directory.stat().st_mode & 0o770
    return (mode & 0o660) | 0o600
