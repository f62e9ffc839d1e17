"""The HTML edition in a real browser (headless Chromium): no request leaves it, no console error, no sideways
scrolling at 1280 and 390 pixels wide; screenshots of both widths are left in the test's folder to be looked at."""

import os
import shutil
import socket
import subprocess
import threading

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"), reason="headless Chromium is not installed (make test installs it)"
)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files"]
# The browser's own traffic (updates, safe browsing, metrics) is switched off: what remains would be the page's.
QUIET = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--no-first-run",
    "--no-default-browser-check",
    "--no-pings",
]
# The page measures itself inside a frame of the given width (a headless window is never narrower than 500 px).
FRAME = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="report.html"
style="width:{width}px;height:{height}px;border:0"></iframe><script>
document.getElementById('f').onload = function () {{
  var d = this.contentDocument.documentElement;
  document.title = 'scroll=' + d.scrollWidth + ' client=' + d.clientWidth;
}};</script></body></html>"""


class _Listener:
    """A local proxy that only counts connections: every request the browser makes would reach it."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.requests: list[str] = []
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while self.running:
            try:
                connection, _ = self.server.accept()
            except (TimeoutError, OSError):
                continue
            connection.settimeout(1)
            try:
                self.requests.append(connection.recv(300).split(b"\r\n")[0].decode("latin-1"))
            except OSError:
                self.requests.append("(no request line)")
            connection.close()

    def from_the_page(self) -> list[str]:
        """The requests that are not the browser's own services (its clock, updates and accounts at Google)."""
        own = (".google.com", ".googleapis.com", ".gstatic.com", ".gvt1.com")
        return [r for r in self.requests if not any(_host(r).endswith(h) for h in own)]

    def close(self):
        self.running = False
        self.thread.join()
        self.server.close()


def _host(request_line: str) -> str:
    """The host of "GET http://host/path HTTP/1.1" or "CONNECT host:443 HTTP/1.1"."""
    target = request_line.split(" ")[1] if " " in request_line else ""
    return target.split("://")[-1].split("/")[0].split(":")[0]


def _requests(url: str) -> list[str]:
    """What a page at `url` asks of the network, through a local proxy that answers nothing."""
    listener = _Listener()
    try:
        proxy = [f"--proxy-server=http://127.0.0.1:{listener.port}", "--proxy-bypass-list=<-loopback>"]
        run = _chromium(*proxy, "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000", "--dump-dom", url)
    finally:
        listener.close()
    assert run.returncode == 0, run.stderr[-2000:]
    return listener.from_the_page(), run


def _chromium(*args, timeout=60):
    assert CHROMIUM, "headless Chromium is needed for this test (Debian: apt-get install chromium)"
    return subprocess.run([CHROMIUM, *FLAGS, *QUIET, *args], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def page(default_built, tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    (folder / "report.html").write_bytes(default_built.html)
    return folder


def test_the_page_makes_no_request_and_logs_no_console_error(page):
    found, run = _requests((page / "report.html").as_uri())
    assert "White-paper figures, before a joint test" in run.stdout
    assert found == [], "the page tried to reach the network"
    assert [line for line in run.stderr.splitlines() if "CONSOLE" in line] == []


def test_the_request_check_sees_a_page_that_fetches(tmp_path):
    page = tmp_path / "fetches.html"
    page.write_text('<!DOCTYPE html><img src="http://example.invalid/x.png"><p>x</p>')
    found, _ = _requests(page.as_uri())
    assert any("example.invalid" in r for r in found)


@pytest.mark.parametrize("width", [1280, 390])
def test_no_sideways_scrolling_and_a_screenshot(page, width):
    frame = page / f"frame-{width}.html"
    frame.write_text(FRAME.format(width=width, height=900))
    run = _chromium("--virtual-time-budget=5000", "--window-size=1300,900", "--dump-dom", frame.as_uri())
    title = run.stdout.split("<title>")[1].split("</title>")[0]
    scroll, client = (int(part.split("=")[1]) for part in title.split())
    assert scroll <= client, f"{width} px: the page is {scroll} px wide in a {client} px view"
    shot = page / f"screenshot-{width}.png"
    tall = page / f"tall-{width}.html"
    tall.write_text(FRAME.format(width=width, height=6000))
    _chromium(
        f"--window-size={max(width, 500)},6000",
        f"--screenshot={shot}",
        "--virtual-time-budget=5000",
        (tall if width < 500 else page / "report.html").as_uri(),
    )
    assert shot.stat().st_size > 50_000  # a page was drawn, not a blank
