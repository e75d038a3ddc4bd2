"""Every silenced type error in ``core`` and ``tui`` says which error and why (issue 35 item 3):
``# type: ignore[code]  # reason``.  A bare ``# type: ignore`` hides any error the line may
grow later, and one without a reason cannot be judged when the code around it changes; mypy's
``warn_unused_ignores`` (checked below) reports those that are no longer needed."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).parents[1]

IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<rest>.*)")
WITH_CODE_AND_REASON = re.compile(r"^\[[a-z-]+(?:,\s*[a-z-]+)*\]\s+#\s*\S.{5,}")


def ignores_without_reason(source: str) -> list[tuple[int, str]]:
    """The (line, comment) of every ``type: ignore`` comment in ``source`` lacking an error
    code or a reason after it (comments only: a string that mentions one is no comment)."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        match = IGNORE.search(token.string)
        if match and not WITH_CODE_AND_REASON.match(match.group("rest")):
            found.append((token.start[0], token.string))
    return found


def test_the_rule_tells_a_reasoned_ignore_from_a_bare_one() -> None:
    assert ignores_without_reason("x = f()  # type: ignore[attr-defined]  # set by the loader\n") == []
    assert ignores_without_reason("x = f()  # type: ignore[assignment,misc]  # None when absent\n") == []
    assert ignores_without_reason("x = f()  # type: ignore\n") == [(1, "# type: ignore")]
    assert ignores_without_reason("x = f()  # type: ignore[attr-defined]\n") != []
    assert ignores_without_reason("x = f()  # type: ignore  # why\n") != []
    assert ignores_without_reason('x = "# type: ignore"\n') == []


def test_every_type_ignore_in_core_and_tui_names_its_error_and_a_reason() -> None:
    bare = [f"{path.relative_to(ROOT)}:{line}: {comment}"
            for package in ("core", "tui") for path in sorted((ROOT / package).rglob("*.py"))
            for line, comment in ignores_without_reason(path.read_text(encoding="utf-8"))]
    assert bare == []


def test_mypy_reports_ignores_no_longer_needed() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["warn_unused_ignores"] is True
