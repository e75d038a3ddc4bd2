"""Numbering the field: the change that gives every player his pairing number by C.04.2
Art. 2.2 (rating, title, name; :func:`core.numbering.ranked_numbers`), refused once numbers
are frozen (C.04.2 Art. 2.3: round 4 paired) unless an arbiter's correction forces it."""

from __future__ import annotations

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.numbering import ranked_numbers, renumber


def assign_pairing_numbers(t: Tournament, force: bool = False) -> Tournament:
    """Number everybody by C.04.2 Art. 2.2.  Refused once round 4 is paired (C.04.2 Art. 2.3) unless forced
    by a correction the arbiter confirms before then."""
    if t.numbers_frozen and not force:
        raise TournamentError(_('pairing numbers are frozen once round 4 has been paired (FIDE C.04.2 Art. 2.3)'))
    mapping = ranked_numbers(t)
    if all(k == v for k, v in mapping.items()):
        return t
    # two-step mapping avoids collisions between old and new numbers
    return renumber(t, mapping)
