"""The spellings German and Turkish organisers type for a name written otherwise.

:func:`core.i18n.collation.search_fold` folds a name to one Latin key: BGN/PCGN for Cyrillic
(Иванов → ivanov, Шевчук → shevchuk), accents stripped (Müller → muller).  Organisers type
what their own language writes:

- German writes umlauts out (Müller → Mueller, Ärger → Aerger, Öztürk → Oeztuerk) and a
  Turkish ş, ç as it sounds (Şahin → Schahin, Çelik → Tschelik);
- German transliterates Russian its own way (the Duden rules, the spelling of German
  newspapers and of German-issued papers before 2010): в w, ж sch, з s, х ch, ц z, ч tsch,
  ш sch, щ schtsch, й/ий i, ый y, е je at the start of a word and after a vowel or sign,
  ё jo (o after ж ч ш щ), ю ju, я ja, с ss between vowels (Иванов → Iwanow, Ежов → Jeschow,
  Ёлкин → Jolkin, Яковлева → Jakowlewa, Чайковский → Tschaikowski, Василий → Wassili);
- Turkish transliterates it with its own letters: в v, ж j, х h, ц ts, ч ç, ш ş, щ şç,
  ы ı, й y, е ye at the start of a word and after a vowel or sign, ё yo, ю yu, я ya
  (Шевчук → Şevçuk, Хачатурян → Haçaturyan).

Each function gives the name as that language spells it; the collation module folds each
spelling as it folds the name, so a search matches any of them.  Pure string work (a
translation table and a few context rules): no ICU rules to compile, a name costs
microseconds.
"""

from __future__ import annotations

import re

_GERMAN_LATIN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                               "ş": "sch", "Ş": "Sch", "ç": "tsch", "Ç": "Tsch"})

_VOWELS = "аеёиоуыэюя"
_SIGNS = "ъь"

_DUDEN = str.maketrans({
    "а": "a", "б": "b", "в": "w", "г": "g", "д": "d", "е": "e", "ё": "jo", "ж": "sch", "з": "s",
    "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "ch", "ц": "z", "ч": "tsch", "ш": "sch",
    "щ": "schtsch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "ju", "я": "ja"})

_TURKISH = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "j", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ç", "ш": "ş",
    "щ": "şç", "ъ": "", "ы": "ı", "ь": "", "э": "e", "ю": "yu", "я": "ya"})

_CYRILLIC = re.compile("[а-яё]")
_IOTATED_E = re.compile(f"(?<![а-яё])е|(?<=[{_VOWELS}{_SIGNS}])е")
"""е said "ye": at the start of a word, after a vowel or a soft or hard sign."""
_DUDEN_RULES = (
    (_IOTATED_E, "je"),
    (re.compile("(?<=[жчшщ])ё"), "o"),
    (re.compile("ьо"), "jo"),
    (re.compile("ий(?![а-яё])"), "i"),
    (re.compile("ый(?![а-яё])"), "y"),
    (re.compile(f"(?<=[{_VOWELS}])с(?=[{_VOWELS}])"), "ss"),
)


def spellings(text: str) -> tuple[str, ...]:
    """``text`` as German and Turkish organisers write it, where that differs: the German
    spelling of a Latin name, the German and the Turkish transliteration of a Cyrillic one."""
    found = []
    german = text.translate(_GERMAN_LATIN)
    if german != text:
        found.append(german)
    lower = text.lower()
    if _CYRILLIC.search(lower):
        found.extend((german_cyrillic(lower), turkish_cyrillic(lower)))
    return tuple(found)


def german_cyrillic(text: str) -> str:
    """Russian Cyrillic in lower case spelled the German way (Duden): Иванов → iwanow."""
    for pattern, latin in _DUDEN_RULES:
        text = pattern.sub(latin, text)
    return text.translate(_DUDEN)


def turkish_cyrillic(text: str) -> str:
    """Russian Cyrillic in lower case spelled the Turkish way: Шевчук → şevçuk."""
    return _IOTATED_E.sub("ye", text).translate(_TURKISH)
