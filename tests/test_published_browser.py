"""The published HTML pages in a real browser: headless Chromium (Debian's package, installed
by .ci/run) loads every page of four published events through the DevTools protocol over a
pipe and reports console messages, script exceptions and failed loads; every link must lead
to a page of the set (or to the configured public address), a player named with ``<script>``
and quotes must show as text, and every page carries the QR code of its own address.

Without Chromium the test is skipped on a developer's machine and fails under CI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from core.i18n import set_language
from core.model import Player
from core.reports.export import publish
from tests import test_reports_fixtures as fx

BASE = "https://chess.example.org/ankara/"
HOSTILE = "O'Brien \"<script>alert(1)</script>\" <img src=x onerror=alert(2)>"


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("CI"):
        pytest.fail("Chromium is missing: .ci/run installs Debian's chromium package")
    pytest.skip("Chromium is not installed (.ci/run installs it)")
    raise AssertionError  # unreachable


class Browser:
    """A minimal DevTools-protocol client over ``--remote-debugging-pipe`` (fds 3 and 4)."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_browser_r, self._w = os.pipe()
        self._r, from_browser_w = os.pipe()

        def fds() -> None:  # in the child: the browser reads fd 3 and writes fd 4
            import fcntl

            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 20)
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 20)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--disable-extensions", "--disable-background-networking",
             f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(3, 4, to_browser_r, from_browser_w), preexec_fn=fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (OSError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._w)
        os.close(self._r)

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buf:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self._r, 1 << 16)
            if not chunk:
                raise OSError("Chromium closed the pipe")
            self._buf += chunk
        message, self._buf = self._buf.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, session: str | None = None, timeout: float = 30, **params) -> dict:
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method: str, timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for n, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(n)
            self.events.append(self._read(deadline))


def problems(events: list[dict]) -> list[str]:
    """Console errors/warnings, uncaught exceptions and failed loads among ``events``."""
    out = []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            out.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            out.append(f"console.{params.get('type')}: " + json.dumps(params.get("args"))[:300])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
            entry = params["entry"]
            out.append(f"log {entry.get('level')}: {entry.get('text')} {entry.get('url', '')}")
        elif method == "Network.loadingFailed":
            out.append(f"load failed: {params.get('errorText')}")
    return out


PROBE = """JSON.stringify({
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  sources: Array.from(document.querySelectorAll('[src]')).map(x => x.getAttribute('src')),
  scripts: document.querySelectorAll('script').length,
  handlers: Array.from(document.querySelectorAll('*')).filter(x => Array.from(x.attributes).some(a => a.name.startsWith('on'))).length,
  qr: document.querySelectorAll('svg.qr path').length,
  text: document.body ? document.body.innerText : ''
})"""


class Session:
    def __init__(self, browser: Browser) -> None:
        self.b = browser
        target = browser.send("Target.createTarget", url="about:blank")["targetId"]
        self.id = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.send(f"{domain}.enable", self.id)

    def load(self, url: str) -> tuple[dict, list[str]]:
        self.b.events.clear()
        self.b.send("Page.navigate", self.id, url=url)
        self.b.wait_event("Page.loadEventFired")
        result = self.b.send("Runtime.evaluate", self.id, expression=PROBE, returnByValue=True)
        time.sleep(0.05)  # console messages of the load arrive as events right after it
        self.b.send("Runtime.evaluate", self.id, expression="1")
        return json.loads(result["result"]["value"]), problems(self.b.events)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(chromium(), tmp_path_factory.mktemp("profile"))
    try:
        b.send("Browser.getVersion")
        yield Session(b)
    finally:
        b.close()


def _published(tmp_path: Path) -> dict[str, Path]:
    set_language("de")
    swiss = fx.swiss()
    swiss = swiss.with_changes(
        players=tuple(Player(**{**p.__dict__, "name": HOSTILE if p.pno == 2 else p.name}) for p in swiss.players),
        options={**swiss.options, "publish_url": BASE,
                 "prizes": {"sharing": "equal", "groups": [{"key": "open", "name": "Open \"<b>\"", "kind": "overall",
                                                            "amounts": ["100", "50"]}]}})
    events = {"swiss": swiss, "round_robin": fx.round_robin(), "team": fx.team(), "go": fx.go()}
    out = {}
    for name, t in events.items():
        folder = tmp_path / name
        publish(t, folder)
        out[name] = folder
    set_language("en")
    return out


def test_negative_control_is_caught(browser, tmp_path):
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><body><img src="missing.png"><script>notDefined()</script></body></html>',
                    encoding="utf-8")
    _probe, found = browser.load(page.as_uri())
    assert any("exception" in p for p in found), found
    assert any("missing.png" in p or "load failed" in p or "ERR_FILE_NOT_FOUND" in p for p in found), found


def test_every_published_page_loads_cleanly(browser, tmp_path):
    sites = _published(tmp_path)
    checked = 0
    for name, folder in sites.items():
        pages = sorted(folder.glob("*.html"))
        assert (folder / "index.html") in pages
        for page in pages:
            probe, found = browser.load(page.as_uri())
            assert not found, (name, page.name, found)
            assert probe["scripts"] == 0 and probe["handlers"] == 0, (name, page.name)
            assert not probe["sources"], (name, page.name, probe["sources"])
            for link in probe["links"]:
                url = urlparse(link)
                if url.scheme == "file":
                    target = Path(unquote(url.path))
                    assert target.is_file() and target.parent == folder, (name, page.name, link)
                else:
                    assert name == "swiss" and link == BASE + page.name, (name, page.name, link)
            if name == "swiss":
                assert probe["qr"] == 1, page.name  # the page's own address as a QR code
                assert BASE + page.name in probe["text"]
            else:
                assert probe["qr"] == 0, (name, page.name)
            checked += 1
    assert checked >= 40


def test_hostile_names_show_as_text(browser, tmp_path):
    folder = _published(tmp_path)["swiss"]
    for page in ("index.html", "pairings-r1.html", "player-2.html", "players.html", "wallchart.html", "prizes.html"):
        probe, found = browser.load((folder / page).as_uri())
        assert not found, (page, found)
        assert probe["scripts"] == 0 and not probe["sources"], page
        if page == "prizes.html":
            assert 'Open "<b>"' in probe["text"]
        else:
            assert HOSTILE in probe["text"], page
