"""core.safe_text: what a hostile name can carry never reaches the terminal or a spreadsheet."""

from core.safe_text import field_safe, spreadsheet_safe, terminal_safe


def test_terminal_escapes_are_neutralised() -> None:
    # OSC 0 (set title), CSI 2J (clear screen), carriage return, bell — from the audit.
    hostile = "\x1b]0;pwned\x07Kaya\x1b[2J\rCan"
    shown = terminal_safe(hostile)
    assert "\x1b" not in shown and "\x07" not in shown and "\r" not in shown
    assert shown == "\ufffd]0;pwned\ufffdKaya\ufffd[2J\ufffdCan"


def test_c1_controls_and_bidi_overrides_are_neutralised() -> None:
    assert terminal_safe("a\x9b2Jb") == "a\ufffd2Jb"          # C1 CSI
    assert terminal_safe("x\u202egnp.exe") == "x\ufffdgnp.exe"  # right-to-left override


def test_newlines_survive_in_text_but_not_in_fields() -> None:
    assert terminal_safe("line 1\nline 2\tend") == "line 1\nline 2\tend"
    assert field_safe("Kaya\nCan\t2") == "Kaya\ufffdCan\ufffd2"


def test_ordinary_names_are_unchanged() -> None:
    for name in ("Öztürk, Ayşe", "Иванов, Пётр", "Müller-Lüdenscheidt, Hans", "O'Neil, Şule"):
        assert terminal_safe(name) == name == spreadsheet_safe(name)


def test_spreadsheet_formulas_are_quoted() -> None:
    assert spreadsheet_safe('=HYPERLINK("http://x","y")') == '\'=HYPERLINK("http://x","y")'
    for start in "=+-@":
        assert spreadsheet_safe(start + "1+1").startswith("'")
    assert spreadsheet_safe("Kaya=Can") == "Kaya=Can"
