"""``hakem report --format pdf`` and ``hakem print`` with a fake ``lp`` on PATH that records
its arguments and the file it was given; ``hakem prizes``; ``hakem publish --url``."""

from __future__ import annotations

import io
import json
import os
import stat
import sys

import pytest
from pypdf import PdfReader

from tests.test_i18n_cli import data, run  # noqa: F401 - the fixture is used by name

FAKE_LP = """#!{python}
import json, os, shutil, sys
log = os.environ["FAKE_LP_LOG"]
args = sys.argv[1:]
path = args[-1]
shutil.copy(path, log + ".pdf")
with open(log, "w") as fh:
    json.dump(args, fh)
if os.environ.get("FAKE_LP_FAIL"):
    print("lp: Error - The printer or class does not exist.", file=sys.stderr)
    sys.exit(1)
print("request id is office-42 (1 file(s))")
"""


@pytest.fixture()
def fake_lp(data, monkeypatch):  # noqa: F811 - pytest fixture by name
    bin_dir = data / "bin"
    bin_dir.mkdir()
    lp = bin_dir / "lp"
    lp.write_text(FAKE_LP.format(python=sys.executable), encoding="utf-8")
    lp.chmod(lp.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_LP_LOG", str(data / "lp.json"))
    monkeypatch.setenv("TMPDIR", str(data))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    return data / "lp.json"


def _demo(rounds: int = 1) -> str:
    code, out, _err = run("new", "--demo")
    assert code == 0
    tid = out.strip().splitlines()[-1]
    for _ in range(rounds):
        assert run("round", "pair", tid)[0] == 0
    return tid


def text_of(path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


def test_report_format_pdf_writes_the_file(data):  # noqa: F811
    tid = _demo()
    out = data / "standings.pdf"  # beside the data directory (the fixture's data/)
    code, _o, err = run("report", tid, "standings", "--format", "pdf", "-o", str(out), "--report-lang", "de")
    assert code == 0, err
    text = text_of(out)
    assert "Rangliste" in text and "Aktar, Tahsin" in text and "Krüger, Lena" in text
    code, _o, err = run("report", tid, "pairings", "--format", "pdf", "--paper", "letter", "-o", str(out))
    assert code != 0 and "--force" in err and "Rangliste" in text_of(out)  # never replaced unasked
    code, _o, err = run("report", tid, "pairings", "--format", "pdf", "--paper", "letter", "-o", str(out), "--force")
    assert code == 0, err
    box = PdfReader(str(out)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    assert "Pairings of round 1" in text_of(out)


def test_report_pdf_refuses_a_missing_directory_and_all_without_pdf(data):  # noqa: F811
    tid = _demo()
    code, _o, err = run("report", tid, "standings", "--format", "pdf", "-o", str(data / "nope" / "x.pdf"))
    assert code != 0 and "does not exist" in err
    code, _o, err = run("report", tid, "standings", "--format", "pdf", "-o", str(data / "data" / "x.pdf"))
    assert code != 0 and "inside the data directory" in err and not (data / "data" / "x.pdf").exists()
    code, _o, err = run("report", tid, "all")
    assert code != 0 and "--format pdf" in err


def test_print_sends_the_pdf_to_lp(fake_lp):
    tid = _demo(rounds=1)
    code, out, err = run("print", tid, "pairings", "--round", "1", "--printer", "office")
    assert code == 0, err
    args = json.loads(fake_lp.read_text())
    assert args[:2] == ["-d", "office"] and "-t" in args and "media=A4" in args and args[-2] == "--"
    assert not os.path.exists(args[-1])  # handed to the spooler, then removed
    assert "Pairings of round 1" in text_of(str(fake_lp) + ".pdf")
    assert "request id is office-42" in out


def test_print_failure_says_why_and_where_the_pdf_is(fake_lp, monkeypatch, tmp_path):
    tid = _demo()
    monkeypatch.setenv("FAKE_LP_FAIL", "1")
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "exports"))
    code, _out, err = run("print", tid, "standings")
    assert code == 5  # the printing service did not take it: a service access (docs/cli.md)
    assert "does not exist" in err
    path = err.split("The PDF is at ")[1].strip().rstrip(".")
    assert path.startswith(str(tmp_path / "exports" / tid))  # kept where report --save writes
    assert "Aktar, Tahsin" in text_of(path)
    assert "-d" not in json.loads(fake_lp.read_text())  # no printer named: the default one


def test_print_without_cups(data, monkeypatch):  # noqa: F811
    tid = _demo()
    empty = data / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("TMPDIR", str(data / "tmp"))
    monkeypatch.setenv("HAKEM_EXPORTS", str(data / "exports"))
    (data / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    code, _out, err = run("print", tid, "checkin")
    assert code == 5 and "lp is not installed" in err
    path = err.split("The PDF is at ")[1].strip().rstrip(".")
    assert path.startswith(str(data / "exports" / tid)) and PdfReader(path).pages
    assert not list((data / "tmp").iterdir())  # nothing left in the temporary directory


def test_print_rejects_a_strange_printer_name(fake_lp):
    tid = _demo()
    code, _out, err = run("print", tid, "standings", "--printer", "-o evil")
    assert code != 0 and "not a printer name" in err
    assert not fake_lp.exists()


def test_prizes_commands_and_the_prize_list(data):  # noqa: F811
    tid = _demo()
    assert run("prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,200,100")[0] == 0
    assert run("prizes", "add", tid, "women", "--kind", "women", "--amounts", "50", "--name", "Women")[0] == 0
    assert run("prizes", "rules", tid, "--sharing", "equal", "--currency", "EUR")[0] == 0
    code, out, _err = run("prizes", "list", tid, "--format", "json")
    stored = json.loads(out)
    assert [g["key"] for g in stored["groups"]] == ["open", "women"] and stored["sharing"] == "equal"
    code, _out, err = run("prizes", "add", tid, "bad", "--kind", "age", "--amounts", "10")
    assert code != 0 and "born" in err
    code, out, err = run("report", tid, "prizes")
    assert code == 0, err
    assert "Prize list" in out and "Women" in out
    assert run("players", "edit", tid, "2", "--birth", "2012")[0] == 0
    assert run("players", "edit", tid, "4", "--birth", "2013-04-01")[0] == 0
    assert run("prizes", "add", tid, "u14", "--kind", "age", "--born-from", "2012", "--amounts", "20")[0] == 0
    code, out, err = run("report", tid, "ranking", "--key", "u14", "--format", "json")
    assert code == 0, err
    assert {row["pno"] for row in json.loads(out)["tables"][0]["rows"]} == {"2", "4"}
    code, _out, err = run("report", tid, "ranking", "--key", "nope")
    assert code != 0 and "no prize group" in err


def test_publish_url_puts_a_qr_code_on_every_page(data):  # noqa: F811
    tid = _demo()
    site = data / "site"
    code, _out, err = run("publish", tid, str(site), "--url", "https://club.example.org/open/")
    assert code == 0, err
    for page in site.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert '<svg width="' in text and f"https://club.example.org/open/{page.name}" in text, page.name
    code, _out, err = run("publish", tid, str(site), "--url", "javascript:alert(1)")
    assert code != 0 and "http" in err
    assert run("publish", tid, str(site), "--url", "")[0] == 0
    assert "<svg" not in (site / "index.html").read_text(encoding="utf-8")


def test_report_pdf_to_a_pipe(data, monkeypatch):  # noqa: F811
    tid = _demo()
    buffer = io.BytesIO()

    class Pipe(io.TextIOWrapper):
        def isatty(self) -> bool:
            return False

    pipe = Pipe(buffer, encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", pipe)
    from core.cli import main

    assert main(["report", tid, "standings", "--format", "pdf"]) == 0
    pipe.flush()
    assert buffer.getvalue().startswith(b"%PDF-")


def test_print_documents_are_the_catalog_and_the_print_only_ones():
    from core.cli.commands import DOCUMENTS
    from core.reports.catalog import KINDS
    from core.reports.printing import PRINT_ONLY

    assert DOCUMENTS == KINDS + PRINT_ONLY
