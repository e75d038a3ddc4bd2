"""Who is acting: the real Unix user of the process, never an environment variable.

Why: the journal is the audit trail of a club's shared directory; an author that ``HAKEM_USER``
or ``$USER`` could set would let any organiser write in another's name.  The uid comes from the
kernel (``getuid``); the name is looked up in the password database.  Journal readers do not
even trust the uid written in an entry: the author of a journal file is its owner (see
:mod:`core.store.journal`).
"""

from __future__ import annotations

import os
import pwd


def current_uid() -> int:
    """The real uid of this process."""
    return os.getuid()


def user_name(uid: int) -> str:
    """The login name of ``uid`` (the number itself if the password database has no entry)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def current_user() -> str:
    """The login name of the real user of this process."""
    return user_name(current_uid())
