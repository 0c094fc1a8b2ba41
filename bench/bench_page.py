"""The page at / in headless Chromium: how soon the answer is on screen after the last letter is typed.

A player types a word letter by letter; the page asks for each prefix as it goes (one request in
flight) and draws the answer. Measured in the browser: from the keydown of the word's last letter to
the first animation frame after the answer for the whole word is in the document, for distinct
words from bench/workload.py (half valid keys of sv-betapet, half one-letter mutations), each typed
once, on a phone-sized window, against the service under gunicorn (2 workers) serving sv-betapet
and sv-betapet-inflected (so a refused word also brings help from the other room). Target (issue
"The page at / for Swedish and Hungarian players"): ≤ 200 ms; round 2: ≤ 30 ms. Then the same words again
with the word list's bundle loaded (the page's offline answers, the JavaScript package on the device):
≤ 5 ms. The page's own assets: ≤ 100 KB.

BENCH_ARTIFACTS names a folder that already holds both lexicons (else they are built in a temporary one).
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
from pathlib import Path

from support.browser import chromium, wait_for

from .http import Gunicorn, memo_counts
from .measure import build_lexicon
from .workload import distinct_words, valid_share

TITLE = "The page: first answer after typing"
LEXICONS = ("sv-betapet", "sv-betapet-inflected")
WORDS = 200

# Installed before the last letter: the time of its keydown, and of the frame after the answer for
# the whole word appears (the observer sees the DOM change; the next frame is when it is painted).
_WATCH = """
const key = arguments[0];
window.__typed = null; window.__drawn = null; window.__shown = null;
document.getElementById('word').addEventListener('keydown', () => { window.__typed = performance.now(); },
                                                 {once: true, capture: true});
const observer = new MutationObserver(() => {
  const v = document.getElementById('verdict');
  if (v && v.textContent.startsWith(key + ':')) {
    observer.disconnect();
    window.__drawn = performance.now();
    requestAnimationFrame(() => { window.__shown = performance.now(); });
  }
});
observer.observe(document.getElementById('answer'), {childList: true, subtree: true, characterData: true});
"""


def run() -> str:
    given = os.environ.get("BENCH_ARTIFACTS")
    root = given if given and all((Path(given) / n / "current").is_file() for n in LEXICONS) else tempfile.mkdtemp()
    try:
        if root != given:
            for name in LEXICONS:
                build_lexicon(root, name)
        from lexicon import load

        lex = load("sv-betapet", root)
        words = distinct_words(lex, WORDS, seed=18)
        share = valid_share(lex, words)
        lex.close()
        server = Gunicorn("lexicon_service.wsgi:app", root)
        try:
            timings, offline, weight, memo = measure(server.url, words)
        finally:
            server.stop()
    finally:
        if root != given:
            shutil.rmtree(root, ignore_errors=True)
    ms, here = sorted(t for t, _ in timings), sorted(t for t, _ in offline)
    quantile, quantile_here = statistics.quantiles(ms, n=100), statistics.quantiles(here, n=100)
    drawn, drawn_here = (statistics.median(d for _, d in found) for found in (timings, offline))
    lengths = [len(w) for w in words]
    return "\n".join([
        f"{len(words)} distinct words ({share:.0%} valid; {min(lengths)}–{max(lengths)} letters, median "
        f"{statistics.median(lengths):.0f}), each typed once into the word box of a 412×915 window. The "
        f"service's answer memo: {memo}. The machine was shared with other jobs (load average "
        f"{os.getloadavg()[0]:.1f} on its {os.cpu_count()} cores at the end of the run).",
        "",
        "| from the last letter's keydown to the answer on screen, ms | through the service (target ≤ 30) "
        "| offline, the bundle loaded (target ≤ 5) |",
        "|---|---:|---:|",
        f"| median | {statistics.median(ms):.1f} | {statistics.median(here):.1f} |",
        f"| 90th percentile | {quantile[89]:.1f} | {quantile_here[89]:.1f} |",
        f"| 95th percentile | {quantile[94]:.1f} | {quantile_here[94]:.1f} |",
        f"| slowest | {ms[-1]:.1f} | {here[-1]:.1f} |",
        f"| words over 200 ms | {sum(m > 200 for m in ms)} of {len(ms)} | "
        f"{sum(m > 200 for m in here)} of {len(here)} |",
        f"| median to the answer in the document (before the frame that paints it) | {drawn:.1f} | {drawn_here:.1f} |",
        "",
        f"The page's own assets (document, script, style sheet, icon), uncompressed: {weight / 1000:.1f} KB.",
    ])


def measure(url: str, words: list[str]) -> tuple[list[float], int, str]:
    from selenium.webdriver.common.by import By

    timings = []
    with chromium() as browser:
        browser.get(url + "/?lang=sv&lexicon=sv-betapet")
        box = browser.find_element(By.ID, "word")
        # Warm up the script, both workers and both lexicons (a refused word asks the other room).
        for warm in ("hund", "hundar", "katt", "katter") * 3:
            box.clear()
            box.send_keys(warm)
            wait_for(browser, "return document.getElementById('elsewhere') || document.getElementById('verdict')"
                              "?.textContent.startsWith(arguments[0] + ':') && document.querySelector('.valid')",
                     warm.upper())
        weight = browser.execute_script(
            "return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]"
            ".filter(e => e.initiatorType !== 'fetch').reduce((sum, e) => sum + e.decodedBodySize, 0)")
        before = memo_counts(url)
        timings = _type_all(browser, box, words)
        hits, misses = (a - b for a, b in zip(memo_counts(url), before))
        # The same words again with the word list's bundle loaded: answered on the device.
        browser.find_element(By.ID, "offline").click()
        wait_for(browser, "return document.getElementById('offline').getAttribute('aria-pressed') === 'true'",
                 timeout=60)
        offline = _type_all(browser, box, words)
    # Every letter asks once, so the memo's hits and misses cover the prefixes too; the whole words
    # are distinct, so a hit on one means an earlier word's prefix was the same word.
    return timings, offline, weight, f"{hits:,} of {hits + misses:,} requests answered from it (prefixes included)"


def _type_all(browser, box, words: list[str]) -> list[tuple[float, float]]:
    """Each word typed into the box, its last letter timed from keydown to the answer on screen (the frame
    after it) and to the answer in the document, in ms."""
    timings = []
    for word in words:
        box.clear()
        box.send_keys(word[:-1])
        if len(word) > 1:
            wait_for(browser, "return document.getElementById('verdict')?.textContent.startsWith("
                              "arguments[0] + ':')", word[:-1].upper())
        browser.execute_script(_WATCH, word.upper())
        box.send_keys(word[-1])
        typed, drawn, shown = wait_for(browser, "return window.__shown && "
                                                "[window.__typed, window.__drawn, window.__shown]")
        timings.append((shown - typed, drawn - typed))
    return timings
