"""Issue 29 (fresh-eyes review): ``hakem players import`` read no federation from columns named
``Verband``, ``Land``, ``Verb.``, ``Fed.``, ``Föderation``, ``Federasyon``, ``Федерация`` and no
title from ``Звание`` — hakem's own column headers among them, so a list saved from hakem's
German or Russian screens lost fields on the way back in (with only a "not imported" warning).
Each header below is one a club's spreadsheet or hakem itself uses; the row's values are typed
here by hand, the fields expected are what each header means."""

from __future__ import annotations

import pytest

from core.csvimport import parse_players_csv

ROW = "Kaya, Can;2105;FM;TUR;Şahmat SK;1990;34567890"
EXPECTED = {"name": "Kaya, Can", "rating": 2105, "title": "FM", "federation": "TUR", "club": "Şahmat SK",
            "birth": "1990", "fide_id": "34567890"}


@pytest.mark.parametrize("header", [
    "Name;Rating;Title;Federation;Club;Birth;FIDE id",                      # en
    "Player;Elo;Tit.;Fed.;Club;Born;FIDE no",
    "İsim;Rating;Unvan;Federasyon;Kulüp;Doğum yılı;FIDE no",                 # tr, hakem's own
    "Ad Soyad;Kuvvet puanı;Ünvan;Ülke;Kulübü;Doğum tarihi;Fide kimlik no",
    "Name;Wertzahl;Titel;Verband;Verein;Geburtsjahr;FIDE-ID",                # de, hakem's own
    "Spieler;Elo;Titel;Verb.;Verein;Jahrgang;FIDE-Nr",
    "Teilnehmer;Elo-Zahl;Titel;Land;Verein;Geb.;FIDE-ID",
    "Spielername;Elo;Titel;Föderation;Verein;Geburtsdatum;FIDE-ID",
    "Имя;Рейтинг;Звание;Федерация;Клуб;Год рожд.;ФИДЕ ID",                 # ru, hakem's own
    "ФИО;Рейтинг ФИДЕ;Титул;Фед.;Клуб;Год рождения;Код ФИДЕ",
    "Участник;Эло;Звание;Страна;Клуб;Дата рождения;ID FIDE",
])
def test_every_field_is_read_under_its_common_names(header):
    rows = parse_players_csv(f"{header}\n{ROW}\n")
    assert list(rows) == [EXPECTED]
    assert rows.warnings == ()
