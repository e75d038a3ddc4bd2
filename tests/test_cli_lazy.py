"""The command line imports only the command it runs (start-up time of every scripted command
and every ``ssh … hakem result``), and the table that names the commands says what the command
modules themselves register."""

from __future__ import annotations

import argparse
import importlib
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

LOADED = ("import sys\n"
          "from core.cli import main\n"
          "try:\n"
          "    main({argv!r})\n"
          "except SystemExit:\n"
          "    pass\n"
          "print(' '.join(sorted(m for m in sys.modules if m.startswith('core.cli.commands.'))), file=sys.stderr)\n")


def command_modules_after(*argv: str) -> tuple[set[str], str]:
    """The command modules a fresh interpreter has imported after ``hakem ARGV``, and its stdout."""
    out = subprocess.run([sys.executable, "-c", LOADED.format(argv=list(argv))], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    last = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""
    return {name.rsplit(".", 1)[1] for name in last.split()}, out.stdout


def test_result_help_imports_only_the_result_module():
    modules, shown = command_modules_after("--lang", "en", "result", "--help")
    assert "usage: hakem result" in shown and "--correct" in shown  # the command's own, full help
    assert modules == {"result"}


def test_help_lists_every_command_without_importing_their_modules():
    from core.cli.commands import COMMANDS

    modules, shown = command_modules_after("--lang", "en", "--help")
    # picture and publish give the kinds their summaries list; no other module is read
    assert modules <= {"picture", "publish"}
    for name in COMMANDS:
        assert f"\n    {name} " in shown, name
    assert "enter a result: 1-0, 0-1" in shown


def _registered(modules: list[str]) -> dict[str, str | None]:
    """Top-level command name → help, in order, as the command modules register them."""
    sub = argparse.ArgumentParser().add_subparsers()
    for module in modules:
        importlib.import_module(f"core.cli.commands.{module}").register(sub)
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_table_says_what_the_modules_register():
    from core import i18n
    from core.cli.commands import COMMANDS, summary

    folder = ROOT / "core" / "cli" / "commands"
    files = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    assert sorted({module for module, _text in COMMANDS.values()}) == files  # no module left out
    modules = list(dict.fromkeys(module for module, _text in COMMANDS.values()))
    for lang in ("en", "de"):
        i18n.set_language(lang)
        try:
            assert _registered(modules) == {name: summary(name) for name in COMMANDS}
        finally:
            i18n.set_language("en")


def test_a_word_that_is_no_command_is_refused_as_before(capsys):
    from core.cli import EXIT_INVALID, main

    assert main(["--lang", "en", "resutl", "x"]) == EXIT_INVALID
    err = capsys.readouterr().err
    assert "invalid choice: 'resutl'" in err and "'result'" in err


def test_entering_a_result_imports_no_playoff_and_no_standings(tmp_path):
    """``hakem result`` on an event without a playoff enters the result (the board shows it)
    without importing the playoff package or the standings: its desk has the playoff's use
    cases, which import their edits when one runs, and a result sets a playoff aside only where
    a playoff ordered a tie (before: both were imported by every result, ~15 ms of its start)."""
    import json
    import os

    from core.store import Store
    from tests.tui_fixtures import demo, store_with

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, complete_last=False))
    number = next(n for n, b in enumerate(Store(data).load(tid).tournament.round(1).boards, 1) if b.result is None)
    code = ("import json, sys\n"
            "from core.cli import main\n"
            f"code = main(['--lang', 'en', 'result', {tid!r}, '1', '{number}', '1-0'])\n"
            "print(json.dumps([code, sorted(m for m in sys.modules if m.startswith(('core.playoff', "
            "'core.standings', 'core.tiebreaks')))]), file=sys.stderr)\n")
    env = dict(os.environ, HAKEM_DATA=str(data), HAKEM_CONFIG_DIR=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env, check=True)
    code_, imported = json.loads(out.stderr.strip().splitlines()[-1])
    assert code_ == 0 and imported == []
    entered = Store(data).load(tid).tournament.round(1).boards[number - 1]
    assert entered.result is not None and entered.result.value == "1-0"


def test_pairing_a_trf_file_imports_no_tie_break_family_and_no_standings(tmp_path):
    """``hakem pair --dutch FILE`` reads the file's tie-break list (record 202: known codes are
    kept, a default list is read as none) without importing the families that compute the
    values nor the standings: reading a code needs the registry's table only (before: every
    family and the standings were imported, ~12 ms of the command's CPU).  Nor does an
    individual event's file import the team scoring or the clock reader (its team lines need
    the rosters alone; no time control is typed)."""
    import json

    from core.tiebreaks.registry import family_modules
    from core.trf import write_trf
    from tests.tui_fixtures import demo

    code = ("import json, sys\n"
            "from core.cli import main\n"
            "code = main(['--lang', 'en', 'pair', '--dutch', sys.argv[1]])\n"
            "print(json.dumps([code, sorted(m for m in sys.modules if m.startswith(('core.standings', "
            "'core.tiebreaks.', 'core.teams.', 'core.i18n.clock')))]), file=sys.stderr)\n")
    unneeded = family_modules() | {"core.standings", "core.teams.scoring", "core.teams.sheets", "core.i18n.clock"}
    for name, tiebreaks in (("default", None), ("own", ("DE", "BH/C1", "SB", "KS", "ARO", "MMS"))):
        event = demo(rounds=2, complete_last=True, tiebreaks=tiebreaks).with_changes(system="dutch")
        path = tmp_path / f"{name}.trf"
        path.write_text(write_trf(event))
        assert "\n202 " in "\n" + path.read_text()  # the file states a list for the reader to check
        out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        exit_code, imported = json.loads(out.stderr.strip().splitlines()[-1])
        assert exit_code == 0 and int(out.stdout.split()[0]) > 0, out  # a round paired: boards listed
        assert not set(imported) & unneeded, imported
