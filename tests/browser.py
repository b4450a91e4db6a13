"""What every browser test shares: one strict build of the site (once for a whole run, its
workers included), a local static server, and the way Debian's Chromium is started (Playwright,
never a downloaded browser)."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


#: How long a page's load, a wait or an action may take before it fails (Playwright's own
#: default is 30 s): on a shared, loaded machine the API page (Swagger UI and a calculator on
#: one thread) took 25–30 s to start with the machine's load at 10, so 30 s failed at 20.
PATIENCE_MS = 120_000


#: Every page asks for less motion, as a reader may: the pages then jump instead of gliding to
#: what opens, and a tap lands where Playwright saw its target (a glide still under way on a
#: loaded machine moved the page between the check and the tap).
STILL = {"reduced_motion": "reduce"}


class Patient:
    """Chromium whose every context waits up to :data:`PATIENCE_MS` (a bound, not a speed: speed
    is measured in ``bench/``); otherwise the browser itself."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**{**STILL, **options})
        context.set_default_timeout(PATIENCE_MS)
        return context

    def new_page(self, **options: Any) -> Any:
        page = self._browser.new_page(**{**STILL, **options})
        page.context.set_default_timeout(PATIENCE_MS)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def screenshots(tmp_path_factory: Any, name: str) -> Path:
    """The folder a test's screenshots go to, for a person to look at: ``$CALCULATOR_SCREENSHOTS``
    when set (made when missing), else a new temporary folder named after ``name``."""
    asked = os.environ.get("CALCULATOR_SCREENSHOTS")
    if not asked:
        return Path(tmp_path_factory.mktemp(name))
    folder = Path(asked)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def once_per_run(
    tmp_path_factory: Any, name: str, make: Callable[[Path], Path],
) -> Path:
    """``make(folder)`` done once for the whole test run: by the first pytest-xdist worker that
    asks (the others wait for it under a lock, then use the same folder), or by the one process
    of a run without workers."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, done = shared / name, shared / f"{name}.done"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            make(folder)
            done.touch()
    return Path(folder)


def build_site(out: Path) -> Path:
    """``mkdocs build --strict`` into ``out``; a failed build fails the caller's test."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{result.stderr}")
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site without logging every request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def running(server: Any, scheme: str = "http") -> Iterator[str]:
    """A server (``serve_forever``/``shutdown``) run in a thread; yields its root URL."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"{scheme}://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def serve(directory: Path) -> contextlib.AbstractContextManager[str]:
    """Serve ``directory`` on a free port of 127.0.0.1; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    return running(http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler))


def serve_app(app: Any) -> contextlib.AbstractContextManager[str]:
    """Serve a WSGI app (the API) on a free port of 127.0.0.1; yields the base URL."""
    from werkzeug.serving import make_server

    return running(make_server("127.0.0.1", 0, app, threaded=True))


def scrolls_sideways(page: object) -> bool:
    """Whether the page is wider than the phone it is shown on.

    Measured against the phone's width, not ``window.innerWidth``: with ``is_mobile`` Chromium,
    like a phone's browser, widens the layout viewport to the content, so ``innerWidth`` grows
    with the very overflow it should reveal.
    """
    width = page.evaluate("document.scrollingElement.scrollWidth")  # type: ignore[attr-defined]
    return bool(width > PHONE["width"])
