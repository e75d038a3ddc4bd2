"""Who is acting: the real Unix user of the process, or the caller the kernel named to the
service — never an environment variable.

Why: the journal is the audit trail of a club's shared directory; an author that ``HAKEM_USER``
or ``$USER`` could set would let any organiser write in another's name.  In a process of its
own the uid comes from the kernel (``getuid``).  In the data service (``hakem serve``, one
process for every organiser) the kernel names each caller through the socket
(``SO_PEERCRED``) and the service runs the caller's request inside :func:`acting_as`; the
journal, the roles and the "changed by" messages keep asking :func:`current_uid` /
:func:`current_user` and get the caller.  The name is looked up in the password database.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_acting: ContextVar[int | None] = ContextVar("hakem_acting_uid", default=None)
"""The uid a service request runs for (per thread/task: a context variable, so two callers
served at once never see each other's identity)."""


@contextmanager
def acting_as(uid: int) -> Iterator[int]:
    """Run the block as ``uid`` (the service's caller, as the kernel named it)."""
    token = _acting.set(int(uid))
    try:
        yield int(uid)
    finally:
        _acting.reset(token)


def acting_uid() -> int | None:
    """The uid set by :func:`acting_as`, or ``None`` outside a service request."""
    return _acting.get()


def current_uid() -> int:
    """The acting caller's uid inside a service request, else the real uid of this process."""
    uid = _acting.get()
    return os.getuid() if uid is None else uid


def serving_administrator(uid: int | None = None) -> bool:
    """Whether a service request comes from the administrator: root or the service's own
    account (the acting uid equal to the process's).  Only inside a request: in-process the
    process's user is an organiser like any other (root included, who can edit every file
    there anyway), so nothing is granted by this outside the service."""
    acting = _acting.get()
    if acting is None:
        return False
    uid = acting if uid is None else uid
    return uid == 0 or uid == os.getuid()


def user_name(uid: int) -> str:
    """The login name of ``uid`` (the number itself if the password database has no entry)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def current_user() -> str:
    """The login name of the acting user (see :func:`current_uid`)."""
    return user_name(current_uid())
