"""Name pieces the Go reports need: "Surname, First" → surname / first name / "Surname F.".

The store keeps one ``name`` field ("Surname, First" as the CLI asks for it); the Gamma procedure's table
prints "Матвеев Е." and the rating-commission file "Матвеев Евгений".
"""

from __future__ import annotations


def split_name(name: str) -> tuple[str, str]:
    """``"Матвеев, Евгений"`` or ``"Матвеев Евгений"`` → ``("Матвеев", "Евгений")``."""
    text = " ".join(name.split())
    if "," in text:
        surname, _, first = text.partition(",")
        return surname.strip(), first.strip()
    surname, _, first = text.partition(" ")
    return surname, first.strip()


def full_name(name: str) -> str:
    """"Surname First" (no comma), as the export files write it."""
    surname, first = split_name(name)
    return f"{surname} {first}".strip()


def short_name(name: str) -> str:
    """"Surname F." as in the Gamma procedure's tournament table ("Матвеев Е.")."""
    surname, first = split_name(name)
    return f"{surname} {first[0]}." if first else surname
