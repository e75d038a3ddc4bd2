"""The scanner of the i18n leftover tests: English words and raw ids in a Turkish, German or
Russian text (screens, toasts, CLI messages and errors, the journal).

- words that must never appear untranslated: the issues' (``Round Robin``, ``Match (``,
  ``Dismiss menu``, ``scheduled``, ``Armageddon`` in Turkish, where the seed's word is "Altın
  Puan maçı", glossary #137) and English words of our own interface (``Rating`` too, except
  in Turkish, where the glossary's term for a rating is "rating", #27, and the Turkish source
  booklet (Aktar) writes "Rakiplerin Rating Ortalaması", #125);
- raw ids: ``snake_case`` words (``knockout_all``, ``round_robin``), a tab's id in brackets
  (``F7 (playoff)``), a playoff game's id (``p.s0g1``, ``p.tb1.g.c1r3b1.arm``), a playoff
  key made of numbers (``tie-3-9``), a bye kind's id in brackets (``(zero)``), a
  hyphenated id (``rapid-standard``, ``fide-swiss-unrated``).

Data is not interface: the caller names it (tournament names, player names, ids typed by the
organiser) and it is removed before the scan.
"""

from __future__ import annotations

import re

ISSUE_WORDS = ("Round Robin", "Round robin", "round robin", "Match (", "Search for commands", "Knockout",
               "knockout", "Armageddon game", "Golden game", "Dismiss menu", "scheduled")
"""Texts the issues saw untranslated (and the other playoff format words next to them)."""

ENGLISH = ("Rating", "Players", "Player", "Round", "Rounds", "Standings", "Tie-break", "Tie-breaks", "Result",
           "White", "Black", "Board", "Points", "Preview", "Preset", "Search", "Press", "Enter adds", "Cancel",
           "Save", "Delete", "Withdraw", "Settings", "Language", "Commands", "Quit", "Pair", "Schedule",
           "Places", "between", "starts", "the", "of", "and", "with", "by", "or", "to", "is", "are",
           "Dismiss", "menu", "game", "Game", "playoff", "result", "round", "board", "player", "players",
           "created", "removed", "revision", "changed", "none", "unknown", "title", "Undone", "undo", "redo",
           "bye", "pab", "half", "zero", "full", "Extension", "Sudden", "lot", "bids", "chosen", "start", "time",
           "settings", "edit", "add", "remove", "withdrawn", "from", "Quarter-final", "Semi-final", "Final",
           "winner", "Made", "cards", "standard", "legacy", "kind", "ACTION", "COMMAND", "YYYY-MM-DD",
           "playoffs", "prizes", "sharing", "currency", "results", "entries", "such", "file", "directory",
           "Permission", "denied", "Read-only", "VUR")
"""English words of our interface (whole words, case-sensitive)."""

KEEP = {"tr": {"Rating", "Final"}, "de": set(), "ru": set()}
"""Words that are the language's own term (see the module docstring; Turkish "final", #139)."""

ONLY = {"tr": ("Armageddon", "bay"), "de": ("Stichkampf", "K.-o."), "ru": ()}
"""Words wrong in one language only: English there (German writes Armageddon-Partie, the word
is its own there), or a second term for a thing the glossary names once — Turkish "bay" beside
"tur atlama" (#74–76), German "Stichkampf" beside "Stechen" (#135: "Stechen" is the one that
fits the 80-column tab bar), "K.-o." beside "K.O.-System" (#131)."""

RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\bF\d+ \([a-z]+\)|\b[a-z]\d*(?:\.[a-z0-9]+)+\b|\btie-\d+(?:-\d+)+\b"
                    r"|\((?:zero|half|full|pab)\)|(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])")


def leftovers(lang: str, text: str, data: tuple[str, ...] = ()) -> list[str]:
    """English words and raw ids in ``text`` (a screen, a message), ``data`` removed first."""
    for item in sorted(data, key=len, reverse=True):
        text = text.replace(item, "")
    text = re.sub(r"(?<!\w)/[\w./-]+", "", text)  # a path (the data directory) is data too
    found = [w for w in ISSUE_WORDS if w in text]
    words = [*ENGLISH, *ONLY[lang]]
    found += [w for w in words if w not in KEEP[lang] and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    found += RAW_ID.findall(text)
    return found
