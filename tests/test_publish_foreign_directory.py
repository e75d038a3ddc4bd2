"""``hakem publish`` into a directory that never held hakem's pages (issue 34, review rev34f
29): ``publish ID /etc`` as root wrote thirty pages among the system's files without a word.
A first publish into a directory holding anything is refused in one line naming the directory,
unless ``--force``; an empty or a missing directory, and one hakem published into before
(its manifest), are written as always."""

from __future__ import annotations

from pathlib import Path

from core import changes
from core.cli import main
from core.model import Tournament
from core.store import Store


def _event(tmp_path: Path) -> tuple[str, str]:
    data = tmp_path / "data"
    store = Store(data)
    tid = store.create(Tournament(id="", name="Rapid", total_rounds=3))
    for name in ("Kaya, Can", "Demir, Efe"):
        store.update(tid, name, lambda t, n=name: changes.add_player(t, n, rating=1500))
    return str(data), tid


def test_a_directory_of_other_files_is_refused_unless_forced(tmp_path: Path, capsys) -> None:
    data, tid = _event(tmp_path)
    system = tmp_path / "etc"
    system.mkdir()
    (system / "passwd").write_text("root:x:0:0\n")
    assert main(["--data", data, "--lang", "de", "publish", tid, str(system)]) == 5  # a file refusal, as replacing a foreign page
    err = capsys.readouterr().err
    assert err == (f"hakem: {system} enthält Dateien, die nicht von hakem stammen; nichts wurde veröffentlicht "
                   "(--force veröffentlicht trotzdem dort)\n")
    assert sorted(p.name for p in system.iterdir()) == ["passwd"]
    assert main(["--data", data, "publish", tid, str(system), "--force"]) == 0
    assert (system / "index.html").is_file() and (system / ".hakem-pages").is_file()
    capsys.readouterr()
    assert main(["--data", data, "publish", tid, str(system)]) == 0  # hakem's own directory now


def test_an_empty_or_missing_directory_is_published_into(tmp_path: Path, capsys) -> None:
    data, tid = _event(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["--data", data, "publish", tid, str(empty)]) == 0
    assert main(["--data", data, "publish", tid, str(tmp_path / "new" / "pages")]) == 0
    assert (empty / "index.html").is_file() and (tmp_path / "new" / "pages" / "index.html").is_file()
