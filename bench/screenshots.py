"""Screenshots of the page's main states, written to docs/screenshots/ (`make screenshots`).

    python -m bench.screenshots --artifacts artifacts

Serves the lexicons in the folder under gunicorn, opens the page in headless Chromium (a phone's
window, and one desktop view) and saves each state once its answer is on screen. Hungarian states
use hu-betutorony when it is built, else hu-betutorony-stems; without either they are skipped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexicon import artifacts
from support.browser import DESKTOP, PHONE, chromium, wait_for

from .http import Gunicorn
from .measure import ROOT

OUTPUT = ROOT / "docs" / "screenshots"

#: (file, window, query, what must be on screen, the part of the page to show)
STATES = [
    ("check-sv.png", PHONE, "lang=sv&lexicon=sv-betapet&word=hundar", "#elsewhere", "#check-panel"),
    ("excluded-en.png", PHONE, "lang=en&lexicon=sv-betapet&word=abc-bok", "#record", "#check-panel"),
    ("anagram-sv.png", PHONE, "lang=sv&lexicon=sv-betapet&rack=retsam%3F", "#anagrams .total", "#anagram-panel"),
    ("hooks-en.png", PHONE, "lang=en&lexicon=sv-betapet-inflected&hooks=ar", "#hook-answer .total", "#hooks-panel"),
    ("tiling-hu.png", PHONE, "lang=hu&lexicon={hu}&word=H%C3%81%5BZS%5DOR", "#tilings", "#check-panel"),
    ("desktop-sv.png", DESKTOP, "lang=sv&lexicon=sv-betapet-inflected&word=gr%C3%A4varens", "#verdict", "body"),
]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--artifacts", default="artifacts")
    args = parser.parse_args(argv)
    served = artifacts.names(Path(args.artifacts))
    hungarian = next((n for n in ("hu-betutorony", "hu-betutorony-stems") if n in served), None)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    server = Gunicorn("lexicon_service.wsgi:app", str(Path(args.artifacts).resolve()))
    try:
        for name, size, query, ready, part in STATES:
            if "{hu}" in query and hungarian is None:
                print(f"skipped {name}: no Hungarian lexicon in {args.artifacts}", file=sys.stderr)
                continue
            with chromium(size) as browser:
                browser.get(f"{server.url}/?{query.format(hu=hungarian)}")
                wait_for(browser, "return document.querySelector(arguments[0])", ready)
                browser.execute_script("document.activeElement.blur();"
                                       "document.querySelector(arguments[0]).scrollIntoView()", part)
                browser.save_screenshot(str(OUTPUT / name))
            print(f"wrote {OUTPUT / name}", file=sys.stderr)
    finally:
        server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
