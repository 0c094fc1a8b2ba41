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
