"""Display names of the domain's fixed vocabulary, in the glossary's terms.

Why one module: colours, results, byes and pairing systems appear on many screens and
reports; each English label (glossary English column) is marked once here and translated when
shown, so a screen never spells "Bye" one way and a report another.  Codes stay machine codes
(TRF letters, registry ids); only these labels change with the language.

Ambiguous English words carry a gettext context: "Draw" is a game result here (``pgettext
("game result", ...)``), never the pairing procedure (docs/glossary.md §T.1).
"""

from __future__ import annotations

from core.i18n import N_, _, ngettext, pgettext


def _tiebreak_tables() -> tuple[dict, dict, dict]:
    """The tie-break name tables (imported late: most texts never name a tie-break)."""
    from core.i18n import tiebreak_names as names

    return names.NAMES, names.MODIFIER_NAMES, names.REGIME_NAMES

SYSTEM_NAMES: dict[str, str] = {
    "dutch": N_("Dutch system"),
    "dutch-2017": N_("Dutch system (2017 rules)"),
    "burstein": N_("Burstein system"),
    "burstein-legacy": N_("Burstein system (legacy rules)"),
    "dubov": N_("Dubov system"),
    "dubov-1997": N_("Dubov system (1997 rules)"),
    "double-swiss": N_("Double-Swiss system (two-game matches)"),
    "lim": N_("Lim system"),
    "swiss": N_("Swiss system"),
    "berger": N_("Round robin"),
    "roundrobin": N_("Round robin"),
    "round-robin": N_("Round robin"),
    "double-berger": N_("Double round robin"),
    "double-roundrobin": N_("Double round robin"),
    "rutsch": N_("Rutschsystem"),
    "rutschsystem": N_("Rutschsystem"),
    "reisepartner": N_("Reisepartnersystem"),
    "reisepartnersystem": N_("Reisepartnersystem"),
    "scheveningen": N_("Scheveningen system"),
    "skalitzka": N_("Skalitzka system"),
    "knockout": N_("Knockout system"),
    "gamma": N_("Gamma scheme"),
    "mcmahon": N_("McMahon system"),
    "keizer": N_("Keizer system"),
    "swiss-team": N_("Swiss Team Pairing System"),
}
"""Pairing system id (``core.pairing.registry``) → English name (docs/glossary.md §J)."""

BYE_NAMES: dict[str, str] = {
    "pab": N_("Pairing-allocated bye"),
    "half": N_("Half-point bye"),
    "full": N_("Full-point bye"),
    "zero": N_("Zero-point bye"),
}
"""``ByeKind.label`` → English name (docs/glossary.md §E)."""

CODE_NAMES: dict[str, str] = {
    "1": N_("Win"),
    "0": N_("Loss"),
    "+": N_("Forfeit win"),
    "-": N_("Forfeit loss"),
    "W": N_("Win (less than one move)"),
    "L": N_("Loss (less than one move)"),
    "H": N_("Half-point bye"),
    "F": N_("Full-point bye"),
    "U": N_("Pairing-allocated bye"),
    "Z": N_("Zero-point bye"),
}
"""TRF result code → English name (the draw codes are contextual, see ``code_name``)."""


def system_name(system_id: str) -> str:
    """Translated name of a pairing system; the id itself if it has no name yet."""
    name = SYSTEM_NAMES.get(system_id.lower())
    return _(name) if name else system_id


def tiebreak_name(code: str, team_primary: str | None = None) -> str:
    """Translated name of a tie-break base code (``BH`` → "Buchholz" / "Buchholz-Wertung" …);
    ``team_primary`` (``MP``/``GP``) names what the code computes in a team event."""
    from core.i18n.tiebreak_names import name_of

    name = name_of(code, team_primary)
    return _(name) if name != code else code


def tiebreak_modifier(letter: str, n: int | str = "") -> str:
    """Translated description of a C.07 modifier (``C`` with n=1 → "cut 1 (…)")."""
    if str(n).isdigit() and letter.upper() in ("C", "M"):  # "the 1 least significant values" was no German
        count = int(n)
        if letter.upper() == "C":
            return ngettext("cut {n} (drop the least significant value)",
                            "cut {n} (drop the {n} least significant values)", count).format(n=n)
        return ngettext("median {n} (drop the lowest and the highest value)",
                        "median {n} (drop the {n} lowest and the {n} highest values)", count).format(n=n)
    text = _tiebreak_tables()[1].get(letter.upper())
    return _(text).format(n=n) if text else letter


def regime_name(regime: str) -> str:
    """Translated statement of the unplayed-rounds regime printed under standings."""
    text = _tiebreak_tables()[2].get(regime)
    return _(text) if text else regime


def regime_line(regime: str) -> str:
    """"Tie-break regime: FIDE C.07 2026 (…)" over a standings table: the code said once — its
    name carries the year (``2026``, ``2023/2024``), only a code the name lacks (``legacy``)
    is put before it, as typed with ``--regime``."""
    name = regime_name(regime)
    if regime in name:
        return _("Tie-break regime: {regime}").format(regime=name)
    return _("Tie-break regime: {code} — {name}").format(code=regime, name=name)


def colour_name(colour: str) -> str:
    """"White"/"Black" (``w``/``b``/``-`` as in ``Colour.value``); empty for no colour."""
    if colour in ("w", "W", "white"):
        return pgettext("colour", "White")
    if colour in ("b", "B", "black"):
        return pgettext("colour", "Black")
    return ""


def colour_letter(colour: str) -> str:
    """One-letter colour for cards and crosstables, per language (W/B, B/S, W/S, б/ч).

    Never shared between languages: "S" is Schwarz in German but Siyah in Turkish, and "B" is
    Beyaz (White) in Turkish (docs/glossary.md §T.9).
    """
    if colour in ("w", "W", "white"):
        return pgettext("colour letter", "W")
    if colour in ("b", "B", "black"):
        return pgettext("colour letter", "B")
    return ""


def code_name(code: str) -> str:
    """Translated name of a TRF result code (``=`` and ``D`` are the game result "Draw")."""
    if code == "=":
        return pgettext("game result", "Draw")
    if code == "D":
        return pgettext("game result", "Draw (less than one move)")
    text = CODE_NAMES.get(code)
    return _(text) if text else code


def bye_name(kind: str) -> str:
    """Translated name of a bye kind (``pab``, ``half``, ``full``, ``zero``)."""
    text = BYE_NAMES.get(kind.lower())
    return _(text) if text else kind


GLOSSARY_TERMS: dict[str, str] = {
    "pairing": N_("Pairing"),
    "tiebreak": N_("Tie-break"),
    "tiebreaks": N_("Tie-breaks"),
    "bye": N_("Bye"),
    "floater": N_("Floater"),
    "forfeit_win": N_("Forfeit win"),
    "round": N_("Round"),
    "standings": N_("Standings"),
    "crosstable": N_("Crosstable"),
    "pairing_list": N_("Pairing list"),
    "pairing_card": N_("Pairing card"),
    "handicap": N_("Handicap"),
    "buchholz": N_("Buchholz"),
    "round_robin": N_("Round robin"),
}
"""Key glossary concepts → English label, for headings and the glossary tests."""


def title_word(code: str) -> str:
    """A stored FIDE title as the reader's lists write it — Russian ГМ, ММ, МФ, КМ, ЖГМ …
    (:data:`core.fields.TITLE_WORDS` reads them back), German and Turkish the FIDE codes — one
    rendering on every screen and in every report (a Russian list showed GM/IM beside a form
    that takes ГМ; the norms report WIM beside standings saying ЖМФ).  The TRF and the machine
    outputs keep the code; an unknown code is shown as it is.  Here, below every layer that
    shows a title (the journal's words, the norms, the reports)."""
    words = {"GM": pgettext("FIDE title", "GM"), "IM": pgettext("FIDE title", "IM"),
             "FM": pgettext("FIDE title", "FM"), "CM": pgettext("FIDE title", "CM"),
             "WGM": pgettext("FIDE title", "WGM"), "WIM": pgettext("FIDE title", "WIM"),
             "WFM": pgettext("FIDE title", "WFM"), "WCM": pgettext("FIDE title", "WCM")}
    return words.get(code, code)
