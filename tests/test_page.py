"""The page for people, in a real headless Chromium (Debian's chromium and chromedriver)."""

import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    assert CHROMIUM and CHROMEDRIVER, "make test installs Debian's chromium and chromium-driver"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
                "--window-size=412,915"):  # a phone-sized window
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def ask(browser, server, word):
    browser.get(server.url + "/")
    box = browser.find_element(By.ID, "word")
    box.clear()
    box.send_keys(word)
    browser.find_element(By.CSS_SELECTOR, "#check button").click()
    WebDriverWait(browser, 10).until(expected_conditions.presence_of_element_located((By.ID, "verdict")))
    return browser.find_element(By.ID, "verdict").text, browser.find_element(By.ID, "answer")


def test_typing_a_valid_word_shows_it_as_tiles(browser, server):
    verdict, answer = ask(browser, server, "allé")
    assert verdict == "allé → ALLE: valid"
    tiles = [t.text.split("\n") for t in answer.find_elements(By.CSS_SELECTOR, ".tile")]
    assert tiles == [["A", "1"], ["L", "2"], ["L", "2"], ["E", "1"]]
    assert "6 points" in browser.find_element(By.ID, "detail").text


def test_typing_an_invalid_word_shows_the_reason(browser, server):
    verdict, _ = ask(browser, server, "abc-bok")
    assert verdict == "abc-bok: not valid"
    detail = browser.find_element(By.ID, "detail").text
    assert "non-letter" in detail and "excluded: hyphenated" in detail


def test_anagram_search_lists_words_with_their_value(browser, server):
    browser.get(server.url + "/")
    browser.find_element(By.ID, "rack").send_keys("dnuh")
    browser.find_element(By.CSS_SELECTOR, "#anagram button").click()
    WebDriverWait(browser, 10).until(expected_conditions.presence_of_element_located((By.ID, "anagram-list")))
    items = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#anagram-list li")]
    assert "HUND (10)" in items


GAME_PAGE = """<!doctype html><meta charset="utf-8"><title>a game</title><pre id="out"></pre>
<script>
const api = "%s";
async function run() {
  const one = await (await fetch(api + "/valid?word=" + encodeURIComponent("övärld"))).json();
  const batch = await (await fetch(api + "/valid", {method: "POST", headers: {"Content-Type": "application/json"},
                                                    body: JSON.stringify({words: ["hund", "hundar"]})})).json();
  return one.normalized + " " + one.valid + "; " + batch.results.map(r => r.word + " " + r.valid).join(", ");
}
run().then(t => { document.getElementById("out").textContent = t; },
           e => { document.getElementById("out").textContent = "failed: " + e; });
</script>"""


@pytest.fixture(scope="module")
def game_origin(server, tmp_path_factory):
    """A page of a game on another origin (another port of 127.0.0.1), which calls the service."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    folder = tmp_path_factory.mktemp("game")
    (folder / "index.html").write_text(GAME_PAGE % server.url, encoding="utf-8")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SimpleHTTPRequestHandler, directory=folder))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    httpd.shutdown()


def test_a_game_on_another_origin_calls_get_and_post_valid(browser, game_origin):
    browser.get(game_origin)
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "out").text)
    assert browser.find_element(By.ID, "out").text == "ÖVÄRLD true; hund true, hundar false"
