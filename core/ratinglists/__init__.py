"""Rating lists on the club machine: FIDE (TXT/XML), national CSV lists, the EGD list for Go.

Why here: at a rapid evening players arrive in the last twenty minutes, and rating officers
reject misspelt names and wrong ids.  The organiser imports a published list once into a
local index in the shared data directory (every organiser uses it); registration then finds a
player by a few letters of the name or by id and copies name, ids, federation, title, sex,
birth year and ratings from the list.

Layout: :mod:`.entry` (one list entry, name folding), :mod:`.formats` (one reader per
published layout), :mod:`.index` (the on-disk index and its type-ahead search),
:mod:`.library` (the lists of a data directory), :mod:`.apply` (entries → player fields,
rating updates of a registered field).
"""

from core.ratinglists.entry import ListEntry, fold

__all__ = ["ListEntry", "fold"]
