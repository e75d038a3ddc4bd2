"""FIDE's XML list (``players_list_xml.zip``): one ``<player>`` element per player.

Children: ``fideid, name, country, sex, title, w_title, o_title, foa_title, rating, games, k,
rapid_rating, rapid_games, rapid_k, blitz_rating, blitz_games, blitz_k, birthday, flag``.
The file is large (over a million players), so it is read as a stream and each element is
dropped once read; the standard library's expat parser resolves no external entities.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
import zipfile
import zlib
from collections.abc import Iterator

from core.errors import RatingListError
from core.i18n import _
from core.model import TITLES
from core.ratinglists.entry import ListEntry
from core.ratinglists.formats.source import open_binary


def _number(element: ElementTree.Element, tag: str, path: str, count: int) -> int:
    text = (element.findtext(tag) or "").strip()
    if not text:
        return 0
    if not (text.isascii() and text.isdigit() and len(text) <= 9):  # int() refuses 4,301 digits
        raise RatingListError(_("{path}, player {count}: <{tag}> {value!r} is not a number")
                              .format(path=path, count=count, tag=tag, value=text))
    return int(text)


def _entry(element: ElementTree.Element, path: str, count: int) -> ListEntry:
    def text(tag: str) -> str:
        return (element.findtext(tag) or "").strip()

    fide_id = text("fideid")
    if not (fide_id.isascii() and fide_id.isdigit()):
        raise RatingListError(_("{path}, player {count}: <fideid> {value!r} is not a number")
                              .format(path=path, count=count, value=fide_id))
    flag = text("flag").lower()
    sex = text("sex").upper()
    title, women = text("title"), text("w_title")
    birth = text("birthday")
    return ListEntry(
        name=text("name"), fide_id=fide_id, federation=text("country").upper(),
        sex="w" if sex == "F" or "w" in flag else ("m" if sex == "M" else ""),
        title=title if title in TITLES else "", women_title=women if women in TITLES else "",
        birth_year=birth if birth not in ("0", "0000") else "",
        standard=_number(element, "rating", path, count),
        rapid=_number(element, "rapid_rating", path, count),
        blitz=_number(element, "blitz_rating", path, count),
        inactive="i" in flag,
        standard_k=_number(element, "k", path, count), rapid_k=_number(element, "rapid_k", path, count),
        blitz_k=_number(element, "blitz_k", path, count),
    )


def read(path: str) -> Iterator[ListEntry]:
    """Entries of a FIDE XML list, streamed."""
    stream, _opened = open_binary(path)
    count = 0
    with stream:
        try:
            events = ElementTree.iterparse(stream, events=("start", "end"))
            _event, root = next(events)
            if root.tag != "playerslist":
                raise RatingListError(_("{path}: not a FIDE XML list (root element <{tag}>, "
                                        "expected <playerslist>)").format(path=path, tag=root.tag))
            for event, element in events:
                if event == "end" and element.tag == "player":
                    count += 1
                    yield _entry(element, path, count)
                    root.clear()
        except ElementTree.ParseError as error:
            line, column = error.position
            raise RatingListError(_("{path}, line {line}, column {column}: not well-formed XML")
                                  .format(path=path, line=line, column=column + 1)) from error
        except (zipfile.BadZipFile, EOFError, zlib.error) as error:
            raise RatingListError(_("{path}: damaged or truncated zip file ({reason})")
                                  .format(path=path, reason=error)) from error
        except LookupError as error:  # <?xml encoding="…"?> naming no encoding Python knows
            raise RatingListError(_("{path}: not a FIDE XML list ({reason})").format(path=path, reason=error)) from error
        except StopIteration:
            raise RatingListError(_("{path}: the list is empty").format(path=path)) from None
    if count == 0:
        raise RatingListError(_("{path}: the list holds no <player>").format(path=path))
