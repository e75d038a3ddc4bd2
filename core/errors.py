"""One error root for everything the core refuses.

Every refusal the user can trigger (bad TRF, unknown player, impossible result, wrong round)
is a :class:`TournamentError`; the CLI and the UI catch that root and show the message, so no
user ever sees a traceback.  Subclasses say *what kind* of problem it was so callers can react
(e.g. exit code 3 for invalid input, 5 for file access).
"""

from __future__ import annotations

from dataclasses import dataclass


class TournamentError(ValueError):
    """Root of every error the core raises on purpose."""


@dataclass(frozen=True)
class Problem:
    """One problem found while validating or reading: where it is and what is wrong.

    ``where`` is free text such as ``"line 12, column 81"`` or ``"player 7"``.
    """

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class ValidationError(TournamentError):
    """Several problems found at once; validation always reports all of them together."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], summary: str = "") -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        lines = [str(p) for p in self.problems]
        head = summary or f"{len(lines)} problem(s) found"
        super().__init__(head + (":\n  " + "\n  ".join(lines) if lines else ""))


SHOWN_PROBLEMS = 5
"""How many problems of a named file a message lists (the first, then a few more): a FIDE list
given as a TRF had one "unknown record code" per line, hundreds of thousands of them."""


class FileProblems(ValidationError):
    """Problems of a file the user named, each carrying its line (and column).

    With ``source`` (the file's name) the message is one line per problem, each naming the
    file, so that a user or an editor can jump to it: the first line alone says what and where
    (the README's "errors are one line"), at most :data:`SHOWN_PROBLEMS` are listed, then how
    many more there are."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], summary: str = "",
                 source: str = "") -> None:
        super().__init__(problems, summary)
        self.source = source

    def __str__(self) -> str:
        if not self.source or not self.problems:
            return super().__str__()
        lines = [f"{self.source}: {p}" for p in self.problems[:SHOWN_PROBLEMS]]
        more = len(self.problems) - SHOWN_PROBLEMS
        if more > 0:
            from core.i18n import ngettext

            lines.append(ngettext("{source}: and {count} more problem", "{source}: and {count} more problems",
                                  more).format(source=self.source, count=more))
        return "\n".join(lines)


class TrfError(FileProblems):
    """A TRF file could not be read; every problem carries its line and column."""


class UnknownPlayer(TournamentError):
    """A pairing number or id that is not in the tournament."""


class UnknownTournament(TournamentError):
    """A tournament id that is not in the data directory."""


class InvalidResult(TournamentError):
    """A result text or a result that cannot stand (e.g. for a bye, or for a finished round)."""

    @classmethod
    def no_such_board(cls, round_no: int, boards: int, board_no: int) -> InvalidResult:
        """A board the round does not have (every front end's words); a round without boards
        (everyone had a bye or was absent) has none to name, not "boards 1 to 0"."""
        from core.i18n import _

        if not boards:
            return cls(_('round {round_no} has no boards: nobody was paired to play in it').format(
                round_no=round_no))
        return cls(_('round {round_no} has boards 1 to {value}, not {board_no}').format(
            round_no=round_no, value=boards, board_no=board_no))


class RoundError(TournamentError):
    """An action on the wrong round (pairing a round twice, result for an unpaired round...)."""


class PairingImpossible(TournamentError):
    """No pairing satisfies the absolute criteria (engine exit code 1)."""


class StoreError(TournamentError):
    """The data directory or a tournament file cannot be read or written."""


class ConflictError(StoreError):
    """A change was based on an older revision than the one in the store."""


class RatingListError(TournamentError):
    """A rating list file that cannot be read (layout, encoding, damaged zip), or a missing list."""


class NoRatingLists(RatingListError):
    """The data directory has no rating lists yet (nothing was imported): for a listing, an
    empty one, not a problem."""


def os_reason(error: OSError, writing: bool = False) -> str:
    """Why the system refused, in the reader's language: the system's own message is English
    (``No such file or directory``, ``Read-only file system``) whatever language hakem speaks.
    A message of ours carried by the error (already in the reader's words) is kept; an error
    without a known reason says the system's message.  ``writing``: a refused permission is
    said as "you may not write there" (a folder made or a file written), else "permission
    denied".  The one place the CLI and the TUI turn a file error into words."""
    import errno
    import os

    from core.i18n import _

    code = error.errno or 0
    if error.strerror and code and error.strerror != os.strerror(code):
        return error.strerror  # a reason of ours (core.file_safety), in the reader's words already
    denied = _("you may not write there") if writing else _("permission denied")
    words = {errno.EACCES: denied, errno.EPERM: denied,
             errno.EROFS: _("the file system is read-only"), errno.ENOSPC: _("the disk is full"),
             errno.EDQUOT: _("the disk quota is used up"), errno.ENOENT: _("no such file or folder"),
             errno.ENOTDIR: _("a part of the path is not a folder"), errno.EISDIR: _("it is a folder"),
             errno.EEXIST: _("it exists already"), errno.ELOOP: _("too many symbolic links"),
             errno.ENAMETOOLONG: _("the name is too long"), errno.EIO: _("the device reported a read or write error"),
             errno.EBUSY: _("the device is busy"), errno.ENOTEMPTY: _("the folder is not empty"),
             errno.EMFILE: _("too many files are open"), errno.EXDEV: _("it is on another file system"),
             errno.ETXTBSY: _("the file is in use")}
    return words.get(code) or error.strerror or str(error)


def file_error_text(name: str, error: OSError) -> str:
    """One sentence naming the file a user gave and why it cannot be read (no traceback, no
    errno), the same words wherever a named file is opened (imports, rating lists)."""
    from core.i18n import _

    if isinstance(error, FileNotFoundError):
        return _("{path}: no such file").format(path=name)
    if isinstance(error, IsADirectoryError):
        return _("{path}: is a directory").format(path=name)
    if isinstance(error, PermissionError):
        return _("{path}: permission denied").format(path=name)
    return _("Cannot read {path}: {error}.").format(path=name, error=os_reason(error))
