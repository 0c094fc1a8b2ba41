"""Headless Chromium for the page's tests, its benchmark and its screenshots: Debian's chromium and
chromedriver (`make test` installs them), driven by Selenium; no browser is downloaded."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

#: A phone's window (the page is phone first) and a desktop's.
PHONE = (412, 915)
DESKTOP = (1280, 900)

#: axe-core as the npm registry ships it; `make test` installs it (tests/package.json).
AXE = Path(__file__).parent.parent / "tests" / "node_modules" / "axe-core" / "axe.min.js"


@contextmanager
def chromium(size: tuple[int, int] = PHONE, language: str = "en-US"):
    """A headless Chromium whose Accept-Language is `language`, closed on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    assert binary and driver_path, "make test installs Debian's chromium and chromium-driver"
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars", f"--user-data-dir={profile}",
                    f"--window-size={size[0]},{size[1]}", f"--lang={language}"):
            options.add_argument(arg)
        # No speculative connections: a sync gunicorn worker (without nginx in front) waits on an
        # idle socket until its timeout, and the answers the test waits for wait behind it.
        options.add_experimental_option("prefs", {"intl.accept_languages": language,
                                                  "net.network_prediction_options": 2})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # console messages, for the tests
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def axe(driver) -> list[dict]:
    """axe-core's violations on the page the driver shows (injected as a script the page did not
    ask for: WebDriver's scripts are not bound by the page's Content-Security-Policy)."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations), (e) => done(String(e)));")


def wait_for(driver, script: str, *args, timeout: float = 10):
    """Wait until a script (given `args` as arguments[…]) returns something true, and return it."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: d.execute_script(script, *args))
