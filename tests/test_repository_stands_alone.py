"""The repository stands alone: nothing in it points outside, and docs/ has no broken link.

Why: a clone must carry every rule text the code cites.  The code cites outside texts by
their own title and article (``C.07 Art. 16.4``, ``Aktar p. 66``), with our digests in
docs/rules/ and the short names in docs/sources.md; a path into a directory beside the
checkout, or a numbered source file that only existed there, means nothing in a clone.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

OUTSIDE = (
    "../shared",   # the directory beside a checkout
    "/work/",      # absolute paths of the machine the project was built on
    "seeds/0",     # numbered source files that lived outside the repository
    "fide-rules.md", "peers.md", "style-models.md",  # research reports kept beside the checkout
)
"""What marks a reference outside the repository (this file, which names them, is skipped)."""

OUTSIDE_SPEC = re.compile(r"(?<![\w/.])spec/[\w-]+\.md")
"""The project brief's pages (``spec/cli.md``): their contents are docs/cli.md,
docs/architecture.md and docs/rules/ now."""

_SKIP_DIRS = {".git", ".venv", "venv", "__pycache__", "build", "dist", ".hypothesis",
              ".pytest_cache", ".ruff_cache", ".mypy_cache"}


def _tracked_files() -> list[Path]:
    """The checkout's files: git's list (tracked and new, not ignored) when git is there,
    else a walk that skips caches and build output."""
    if shutil.which("git") and (ROOT / ".git").exists():
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout
        return [ROOT / name for name in out.decode("utf-8").split("\0") if name]
    found = []
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
        found.extend(Path(top) / f for f in files)
    return found


def _text(path: Path) -> str | None:
    try:
        raw = path.read_bytes()
    except OSError:  # listed by git but deleted in the work tree
        return None
    if b"\0" in raw:
        return None
    return raw.decode("utf-8", errors="replace")


def outside_references(files: list[Path], root: Path = ROOT) -> list[str]:
    """``path:line: text`` for every line that points outside the repository."""
    hits = []
    for path in files:
        if path.resolve() == Path(__file__).resolve():
            continue
        text = _text(path)
        if text is None:
            continue
        for no, line in enumerate(text.splitlines(), 1):
            if any(marker in line for marker in OUTSIDE) or OUTSIDE_SPEC.search(line):
                hits.append(f"{path.relative_to(root)}:{no}: {line.strip()[:120]}")
    return hits


_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(md: Path) -> set[str]:
    """The anchors a Markdown viewer makes of a page's headings (lower case, punctuation
    dropped, spaces as hyphens)."""
    heads = re.findall(r"^#+\s+(.*)$", md.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


def broken_links(md_files: list[Path], root: Path = ROOT) -> list[str]:
    """``file: target`` for every relative Markdown link whose file, or whose heading in a
    Markdown file, does not exist."""
    broken = []
    for md in md_files:
        for target in _LINK.findall(md.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web or mail address
            path, _, anchor = target.partition("#")
            dest = md.parent / path if path else md
            if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in _anchors(dest)):
                broken.append(f"{md.relative_to(root)}: {target}")
    return broken


def test_no_file_points_outside_the_repository():
    hits = outside_references(_tracked_files())
    assert not hits, "cite the text by article or docs/ instead:\n" + "\n".join(hits)


def test_docs_links_resolve():
    md_files = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "notes" / "README.md"]
    assert (ROOT / "docs" / "README.md").exists()
    broken = broken_links(md_files)
    assert not broken, "broken links:\n" + "\n".join(broken)


@pytest.mark.parametrize("line", [
    "see ../shared/reference/fide-rules.md §2",
    "as quoted in /work/shared/glossary.md",
    "(seeds/000 p. 66)",
    "reference/fide-rules.md §4.3",
    "Formats follow spec/cli.md",
])
def test_the_check_finds_an_outside_reference(tmp_path, line):
    """Each kind of reference the repository once had is caught, with its file and line."""
    f = tmp_path / "x.py"
    f.write_text(f'"""Fine.\n{line}"""\n', encoding="utf-8")
    assert outside_references([f], tmp_path) == [f'x.py:2: {line}"""']
    f.write_text('"""C.07 Art. 16.4; Aktar p. 66; docs/rules/playoffs.md"""\n', encoding="utf-8")
    assert outside_references([f], tmp_path) == []


def test_the_check_finds_a_broken_link(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "here.md").write_text("x", encoding="utf-8")
    page = tmp_path / "docs" / "README.md"
    (tmp_path / "docs" / "here.md").write_text("# Title\n\n## R. Notation\n", encoding="utf-8")
    page.write_text("# Map\n[ok](here.md) [ok](here.md#r-notation) [ok](#map) [web](https://example.org)\n"
                    "[gone](rules/none.md#a) [no heading](here.md#s-style) [no heading here](#x)\n",
                    encoding="utf-8")
    assert broken_links([page], tmp_path) == ["docs/README.md: rules/none.md#a", "docs/README.md: here.md#s-style",
                                              "docs/README.md: #x"]
