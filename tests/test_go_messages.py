"""Messages a Go organiser met in review rev32b item 12, each one line naming what to do."""

from __future__ import annotations

from tests.cli_run import run


def test_an_h9_table_is_not_read_as_a_trf(cli_data, tmp_path, capsys):
    """The EGD's h9 starts with ``; CL[…]`` header lines; it was read as a TRF ("unknown record
    code '; C'" five times and "18 more problems")."""
    for name in ("cup.h9", "cup.txt"):
        source = tmp_path / name
        source.write_text("; CL[A]\n; EV[Cup]\n; PC[DE,Berlin]\n   1 Weber Jan   3D DE Berl  2  0 0 0   2+/w0\n",
                          encoding="utf-8")
        _out, err = run(capsys, "import", source, code=3)
        assert err == (f"hakem: {source}: an EGD or FFG results table (h9, .tou), which hakem writes for the rating "
                       "lists but does not read; import the event from OpenGotha's XML file or a TRF\n")


def test_gamma_commands_in_mcmahon_say_what_mcmahon_uses(cli_data, capsys):
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    run(capsys, "players", "add", tid, "--name", "Aa, X", "--go-rank", "3k")
    _out, err = run(capsys, "go", "refuse", tid, 1, 1, code=3)
    assert f"hakem players bye {tid} PNO --round N" in err and len(err.strip().splitlines()) == 1
    _out, err = run(capsys, "go", "card", tid, 1, code=3)
    assert f"hakem go players {tid}" in err and f"hakem go table {tid}" in err


def test_a_rank_not_typed_is_called_declared(cli_data, capsys):
    """The rank of an EGD list entry is its grade, declared, not typed; "a 11k" was English
    for no number."""
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    _out, err = run(capsys, "players", "add", tid, "--name", "Aa, X", "--go-rank", "30k", "--go-rating", "1000")
    assert ("rank 30k and Go rating 1000 disagree (that rating gives 11k); the declared rank, 30k, "
            "is the one used") in err


def test_a_name_alone_is_said_with_the_egd_lists_namesake(cli_data, tmp_path, capsys):
    """Rating 0 is rank 0 on hakem's scale, 21k (1d = 21; the EGF's GoR 2100 = 1d, 100 a grade,
    so GoR 0 is 21 grades below 1d): the player is paired as 21k unless told otherwise."""
    from tests.ratinglist_builder import egd_line

    source = tmp_path / "allworld_lp.html"
    source.write_bytes(("European Go Database - all players (28 Nov 2026 09:00)\n"
                        + egd_line("13000007", "Petrova", "Olga", "RU", "Msk", "3k", 1790) + "\n").encode("iso-8859-15"))
    run(capsys, "lists", "import", source)
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    _out, err = run(capsys, "players", "add", tid, "--name", "Petrova, Olga")
    assert err.strip() == (f"hakem: warning: Petrova, Olga has no rank and no Go rating: paired as 21k; hakem "
                           f"players edit {tid} 1 --go-rank sets the rank; the EGD list has Petrova, Olga "
                           "(pin 13000007, 3k): register by pin (players add --egd-pin)")
    _out, err = run(capsys, "players", "add", tid, "--name", "Smith, Ann", "--go-rank", "5k")
    assert "no rank" not in err


def test_a_bad_mcmahon_setting_is_named_in_the_readers_language():
    """The stored key ("correction") was put into every language: "McMahon correction: '5'
    muss …"; the form's label is said instead, a setting without one by its flag."""
    import pytest

    from core.errors import TournamentError
    from core.go.mcmahon_options import mcmahon_options
    from core.i18n import set_language
    from core.model import Tournament

    def refusal(**go: str) -> str:
        with pytest.raises(TournamentError) as error:
            mcmahon_options(Tournament(id="t", name="T", system="mcmahon", options={"go": go}))
        return str(error.value)

    set_language("de")
    try:
        assert refusal(correction="5") == "Vorgabe-Korrektur: „5“ muss eine ganze Zahl von -1 bis 3 sein"
        assert refusal(dudd_weight="x").startswith("--mm-dudd-weight: „x“ muss eine ganze Zahl")
    finally:
        set_language("en")
