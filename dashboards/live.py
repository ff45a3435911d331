"""The dashboard running for a real browser: a threaded server on a free loopback port and a
headless Chromium driven by Selenium. Shared by the browser tests, the latency benchmark and
the screenshot script."""
from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

from werkzeug.serving import WSGIRequestHandler, make_server

if TYPE_CHECKING:
    from dash import Dash
    from selenium.webdriver.remote.webdriver import WebDriver


def chromium_missing() -> str | None:
    """Why no headless browser can be started here, or ``None`` if one can."""
    if not (os.environ.get("DASH_TEST_CHROMEPATH") or shutil.which("chromium") or shutil.which("chromium-browser")):
        return "no chromium on PATH (Debian: apt-get install chromium chromium-driver)"
    if not shutil.which("chromedriver"):
        return "no chromedriver on PATH (Debian: apt-get install chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        """No access log line per request (errors are still logged)."""


@contextmanager
def serving(app: Dash) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    server = make_server("127.0.0.1", 0, app.server, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


@contextmanager
def headless_chromium(width: int = 1400, height: int = 1000) -> Iterator[WebDriver]:
    """A headless Chromium that keeps the browser console log (for JS error checks)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options

    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(arg)
    options.binary_location = (os.environ.get("DASH_TEST_CHROMEPATH") or shutil.which("chromium")
                               or shutil.which("chromium-browser") or "")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options)
    try:
        yield driver
    finally:
        driver.quit()


def console_errors(driver: WebDriver) -> list[dict]:
    """Browser console entries at SEVERE level since the last call."""
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
