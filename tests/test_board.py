"""The judge's board you tap, in a real headless Chromium against the real service (as tests/test_page.py),
serving Betapet and Swedish Scrabble from SAOL 14 and Betűtorony from a cut of the real Magyar Ispell: plays
made by touch on a phone's screen and by keyboard alone, a stacked Betűtorony play, the board as text and the
play's link. Every expected score and word comes from the service's own POST /play, asked by the test."""

import json
from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from lexicon.play import load_game
from support.browser import axe, chromium, wait_for

from . import test_page
from .test_page import _leaks, serve, t, visit

#: A phone's screen (390×844), emulated as DevTools' device mode does, with touch.
PHONE = (390, 844)


@pytest.fixture(scope="module")
def site(betapet, scrabble, artifacts_root, tmp_path_factory):
    yield from serve(tmp_path_factory, artifacts_root, ("sv-betapet", "sv-scrabble"))


browser = test_page.browser  # a desktop's window, as the page's tests use


@pytest.fixture(scope="module")
def phone():
    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1],
                                                                       "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        yield driver


@pytest.fixture(autouse=True)
def _one_language(request):
    """Every state a test leaves in Swedish or Hungarian has no English in it (as in tests/test_page.py)."""
    yield
    for name in ("browser", "phone"):
        driver = request.node.funcargs.get(name)
        if driver is not None:
            assert _leaks(driver) == []


def tap(driver, element):
    """A finger's tap on the element (a touch pointer's down and up), scrolled into view first."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "touch"))
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()


def square(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"#grid button[data-square={name}]")


def rack_tile(driver, tile):
    """The first tile of the tray showing `tile` that is not laid yet."""
    found = driver.execute_script(
        "return [...document.querySelectorAll('#tray button:not([disabled])')]"
        ".find((b) => b.firstChild?.textContent === arguments[0])", tile)
    assert found, f"no {tile} in the tray: {driver.find_element(By.ID, 'tray').text!r}"
    return found


def lay(driver, start, tiles):
    """Tap a square, then each tile of the rack in turn (the next square along waits for the next tile)."""
    tap(driver, square(driver, start))
    for tile in tiles:
        tap(driver, rack_tile(driver, tile))


def judge(driver):
    before = driver.execute_script("return document.getElementById('play-verdict')")
    tap(driver, driver.find_element(By.CSS_SELECTOR, "#play button[type=submit]"))
    return wait_for(driver, "const v = document.getElementById('play-verdict'); return v !== arguments[0] && v",
                    before)


def labels(driver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#grid button')].map((b) => b.ariaLabel)")


def words_on_board(driver) -> list[str]:
    return sorted(driver.execute_script(
        "return [...document.querySelectorAll('#grid .word')].map((b) => b.dataset.square)"))


def words_listed(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#play-answer .play-words li strong")]


def serious(driver) -> list:
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in axe(driver) if v["impact"] in ("serious", "critical")]


def rows(size, tiles=None):
    """A board's rows in the API's notation, `tiles` {square name: tile} on it."""
    grid = [["."] * size for _ in range(size)]
    for name, tile in (tiles or {}).items():
        grid[int(name[1:]) - 1][ord(name[0]) - 65] = tile if len(tile) == 1 else f"[{tile}]"
    return ["".join(row) for row in grid]


def expected_play(site, game, board, move, rack, heights=None):
    body = {"game": game, "lexicon": load_game(game).lexicon, "board": board,
            "move": [{"square": s, "tile": tile, "blank": False} for s, tile in move], "rack": rack}
    if heights:
        body["heights"] = heights
    status, _, answer = site.post("/play", json.dumps(body).encode())
    assert status == 200, answer
    return json.loads(answer)


def assert_answer(driver, lang, answer):
    """The page's answer is the service's: the verdict and score, every word formed with its score, and the words'
    squares marked on the board."""
    assert answer["legal"] and all(w["valid"] for w in answer["words"]), answer
    assert driver.find_element(By.ID, "play-verdict").text == t(lang, "play.legal", n=answer["score"])
    assert words_listed(driver) == [t(lang, "play.word.valid", word=w["word"], n=w["score"]) for w in answer["words"]]
    assert words_on_board(driver) == sorted({s for w in answer["words"] for s in w["squares"]})


# ------------------------------------------------------------------ by touch, on a phone


@pytest.mark.parametrize(("game", "lang"), [("sv-betapet", "sv"), ("sv-scrabble", "en")])
def test_a_swedish_play_made_by_taps_on_a_phone(phone, site, game, lang):
    visit(phone, site, f"lexicon={game}", lang=lang)
    assert phone.find_element(By.ID, "game").get_attribute("value") == game
    assert len(phone.find_elements(By.CSS_SELECTOR, "#grid button")) == 15 * 15
    assert phone.execute_script("return document.documentElement.scrollWidth <= innerWidth")
    phone.find_element(By.ID, "play-rack").send_keys("HUNDRAS")
    assert [b.text.splitlines()[0] for b in phone.find_elements(By.CSS_SELECTOR, "#tray button")] == list("HUNDRAS")
    lay(phone, "H8", "HUND")
    # the tiles laid are marked on their squares and named so, and used on the rack
    assert square(phone, "H8").get_attribute("aria-label").startswith("H8, " + t(lang, "play.cell.new", tile="H"))
    assert len(phone.find_elements(By.CSS_SELECTOR, "#tray button[disabled]")) == 4
    # a new tile tapped comes back; laid again
    tap(phone, square(phone, "K8"))
    assert "placed" not in square(phone, "K8").get_attribute("class")
    tap(phone, rack_tile(phone, "D"))
    judge(phone)
    answer = expected_play(site, game, rows(15), [("H8", "H"), ("I8", "U"), ("J8", "N"), ("K8", "D")], "HUNDRAS")
    assert_answer(phone, lang, answer)
    assert serious(phone) == []
    # kept on the board, the next play runs through it
    tap(phone, phone.find_element(By.ID, "keep"))
    assert phone.find_element(By.ID, "play-rack").get_attribute("value") == "RAS"
    lay(phone, "I9", "R")  # UR, down from the U
    judge(phone)
    board = rows(15, {"H8": "H", "I8": "U", "J8": "N", "K8": "D"})
    assert_answer(phone, lang, expected_play(site, game, board, [("I9", "R")], "RAS"))


def test_a_stacked_betutorony_play_made_by_taps_on_a_phone(phone, site):
    lang = "hu"
    visit(phone, site, "lexicon=hu-betutorony", lang=lang)
    assert phone.find_element(By.ID, "game").get_attribute("value") == "hu-betutorony"
    assert len(phone.find_elements(By.CSS_SELECTOR, "#grid button")) == 10 * 10
    phone.find_element(By.ID, "play-rack").send_keys("házvís")
    lay(phone, "E5", ["H", "Á", "Z"])
    judge(phone)
    first = expected_play(site, "hu-betutorony", rows(10), [("E5", "H"), ("F5", "Á"), ("G5", "Z")], "HÁZVÍS")
    assert_answer(phone, lang, first)
    tap(phone, phone.find_element(By.ID, "keep"))
    # HÁZ becomes VÍZ: V on the H, Í on the Á, each a second cube on its tower
    lay(phone, "E5", ["V", "Í"])
    assert square(phone, "E5").get_attribute("aria-label").endswith(t(lang, "play.cell.height", n=2))
    judge(phone)
    heights = rows(10, {"E5": "1", "F5": "1", "G5": "1"})
    heights = [row.replace(".", "0") for row in heights]
    stacked = expected_play(site, "hu-betutorony", rows(10, {"E5": "H", "F5": "Á", "G5": "Z"}),
                            [("E5", "V"), ("F5", "Í")], "VÍS", heights=heights)
    assert [w["scoring"]["heights"] for w in stacked["words"]] == [[2, 2, 1]]
    assert_answer(phone, lang, stacked)
    shown = phone.find_element(By.CSS_SELECTOR, "#play-answer .play-words li").text
    assert t(lang, "play.heights", heights="2 2 1") in shown
    assert serious(phone) == []


def test_best_plays_on_a_stacking_board_are_the_services_and_drawn_on_their_towers(phone, site):
    """Best plays on Betűtorony: the list POST /moves gives for the board with its heights, and a play that lays
    a cube on a cube drawn on the grid with its tower one higher."""
    lang = "hu"
    visit(phone, site, "lexicon=hu-betutorony", lang=lang)
    phone.find_element(By.ID, "play-rack").send_keys("házvís")
    lay(phone, "E5", ["H", "Á", "Z"])
    judge(phone)
    tap(phone, phone.find_element(By.ID, "keep"))
    tap(phone, phone.find_element(By.ID, "best"))
    wait_for(phone, "return document.querySelector('#play-answer .best')")
    board = rows(10, {"E5": "H", "F5": "Á", "G5": "Z"})
    heights = [row.replace(".", "0") for row in rows(10, {"E5": "1", "F5": "1", "G5": "1"})]
    status, _, raw = site.post("/moves", json.dumps({"game": "hu-betutorony", "lexicon": "hu-betutorony",
                                                      "board": board, "heights": heights, "rack": "VÍS",
                                                      "limit": 10}).encode())
    expected = json.loads(raw)
    assert status == 200 and expected["plays"], raw
    listed = [e.text for e in phone.find_elements(By.CSS_SELECTOR, "#play-answer .best button")]
    assert listed == [t(lang, "best.play", word=p["move"]["word"], start=p["move"]["start"],
                        direction=t(lang, f"play.{p['move']['direction']}"),
                        points=t(lang, "answer.points", n=p["score"])) for p in expected["plays"]]
    towers = ("E5", "F5", "G5")
    on_towers = [i for i, p in enumerate(expected["plays"]) if any(pl["square"] in towers for pl in p["placed"])]
    assert on_towers, expected["plays"]  # the rack makes plays on the towers of HÁZ
    i = on_towers[0]
    tap(phone, phone.find_elements(By.CSS_SELECTOR, "#play-answer .best button")[i])
    play = expected["plays"][i]
    shown = [p.text.split("\n") for p in phone.find_elements(By.CSS_SELECTOR, "#grid .placed")]
    assert [tile for tile, *_ in shown] == [p["tile"] for p in play["placed"]]
    stacked = next(p["square"] for p in play["placed"] if p["square"] in towers)
    assert square(phone, stacked).get_attribute("aria-label").endswith(t(lang, "play.cell.height", n=2))
    judge(phone)
    assert phone.find_element(By.ID, "play-verdict").text == t(lang, "play.legal", n=play["score"])
    assert serious(phone) == []


def test_a_rack_is_read_as_every_door_reads_it_and_a_word_as_the_lexicon_tiles_it(browser, site):
    visit(browser, site, "lexicon=hu-betutorony", lang="hu")
    browser.find_element(By.ID, "play-rack").send_keys("házsor[cs]é[sz]")
    shown = [b.text.splitlines()[0] for b in browser.find_elements(By.CSS_SELECTOR, "#tray button")]
    assert shown == ["H", "Á", "Z", "S", "O", "R", "CS", "É", "SZ"]  # a plain letter a cube, [CS] one cube
    # a word typed in plain letters is laid as the lexicon tiles it: CSÉSZE is CS É SZ E, not C S É S Z E
    browser.find_element(By.ID, "play-rack").clear()
    browser.find_element(By.ID, "move-word").send_keys("csésze")
    browser.find_element(By.ID, "move-start").send_keys("E5")
    browser.find_element(By.CSS_SELECTOR, "#move-direction option[value=down]").click()
    browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
    wait_for(browser, "return document.getElementById('play-verdict')")
    body = {"game": "hu-betutorony", "lexicon": "hu-betutorony", "board": rows(10),
            "move": {"word": "[CS]É[SZ]E", "start": "E5", "direction": "down"}}
    answer = json.loads(site.post("/play", json.dumps(body).encode())[2])
    assert_answer(browser, "hu", answer)
    laid = browser.execute_script("return [...document.querySelectorAll('#grid .placed .letter')]"
                                  ".map((b) => b.textContent)")
    assert laid == ["CS", "É", "SZ", "E"]


# ------------------------------------------------------------------ by keyboard alone


def keys(driver, *sequence):
    ActionChains(driver).send_keys(*sequence).perform()


def focused_square(driver) -> str | None:
    return driver.switch_to.active_element.get_attribute("data-square")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_grid_by_keyboard_alone(browser, site, lang):
    visit(browser, site, lang=lang)
    rack = browser.find_element(By.ID, "play-rack")
    rack.send_keys("HUNDXYZ")
    keys(browser, Keys.TAB)  # into the grid: one Tab stop, on the start square
    assert focused_square(browser) == "H8"
    active = browser.switch_to.active_element
    assert active.get_attribute("aria-label").startswith("H8, ")
    assert active.find_element(By.XPATH, "..").get_attribute("role") == "gridcell"
    keys(browser, Keys.ARROW_LEFT, Keys.ARROW_UP)
    assert focused_square(browser) == "G7"
    keys(browser, Keys.ARROW_DOWN, Keys.ARROW_RIGHT)
    assert focused_square(browser) == "H8"
    # letters lay their tiles, moving along; Backspace takes a new tile up
    keys(browser, "h", "u", "n", "x")
    assert focused_square(browser) == "L8"
    keys(browser, Keys.ARROW_LEFT, Keys.BACKSPACE)
    assert "placed" not in square(browser, "K8").get_attribute("class")
    # Enter, then a tile of the rack: the tray's first tile left is D
    keys(browser, Keys.ENTER)
    assert browser.switch_to.active_element.text.splitlines()[0] == "D"
    assert square(browser, "K8").find_element(By.XPATH, "..").get_attribute("aria-selected") == "true"
    assert serious(browser) == []  # a square waiting for its tile
    keys(browser, Keys.ENTER)
    assert focused_square(browser) == "L8"
    assert "placed" in square(browser, "K8").get_attribute("class")
    for _ in range(40):  # on to the judge's button
        if browser.switch_to.active_element.get_attribute("type") == "submit":
            break
        keys(browser, Keys.TAB)
    keys(browser, Keys.ENTER)
    wait_for(browser, "return document.getElementById('play-verdict')")
    laid = [("H8", "H"), ("I8", "U"), ("J8", "N"), ("K8", "D")]
    answer = expected_play(site, "sv-betapet", rows(15), laid, "HUNDXYZ")
    assert_answer(browser, lang, answer)
    said = wait_for(browser, "return document.getElementById('announce').textContent")
    assert said == t(lang, "play.legal", n=answer["score"])
    assert serious(browser) == []  # the answer on the board


def test_a_blank_asks_for_its_letter(browser, site):
    visit(browser, site, lang="sv")
    browser.find_element(By.ID, "play-rack").send_keys("?UND")
    square(browser, "H8").click()
    browser.find_element(By.CSS_SELECTOR, "#tray button.blank").click()
    assert browser.find_element(By.ID, "tray-label").text == t("sv", "play.tray.blank")
    assert serious(browser) == []  # the letters a blank may stand for
    rack_tile(browser, "H").click()
    for tile in "UND":
        rack_tile(browser, tile).click()
    assert "blank" in square(browser, "H8").get_attribute("class")
    assert browser.find_element(By.ID, "move-word").get_attribute("value") == "hUND"
    judge(browser)
    body = {"game": "sv-betapet", "lexicon": "sv-betapet", "board": rows(15), "rack": "?UND",
            "move": [{"square": "H8", "tile": "H", "blank": True}] +
                    [{"square": s, "tile": tile} for s, tile in (("I8", "U"), ("J8", "N"), ("K8", "D"))]}
    answer = json.loads(site.post("/play", json.dumps(body).encode())[2])
    assert_answer(browser, "sv", answer)


# ------------------------------------------------------------------ the board as text, the link


def test_the_board_as_text_and_the_grid_agree_and_an_empty_text_is_an_empty_board(browser, site):
    visit(browser, site, lang="hu")
    browser.find_element(By.CSS_SELECTOR, "#board-text summary").click()
    box = browser.find_element(By.ID, "board")
    box.clear()
    box.send_keys("\n".join(rows(15, {"H8": "H", "I8": "U", "J8": "N", "K8": "D"})))
    assert square(browser, "I8").get_attribute("aria-label") == "I8, U"
    box.send_keys("\n.....")  # sixteen rows do not read: said, the grid kept
    assert browser.find_element(By.ID, "board-note").text == t("hu", "play.text.rows", n=16, size=15)
    assert box.get_attribute("aria-invalid") == "true"
    assert serious(browser) == []
    box.clear()  # nothing: an empty board, where a first play is judged
    box.send_keys(" ")
    assert browser.find_elements(By.CSS_SELECTOR, "#grid .filled") == []
    assert square(browser, "I8").get_attribute("aria-label") == "I8, " + t("hu", "play.cell.empty")
    browser.find_element(By.ID, "move-word").send_keys("HUND")
    browser.find_element(By.ID, "move-start").send_keys("H8")
    judge(browser)
    answer = json.loads(site.post("/play", json.dumps({"game": "sv-betapet", "lexicon": "sv-betapet", "board": rows(15),
                                                       "move": {"word": "HUND", "start": "H8"}}).encode())[2])
    assert_answer(browser, "hu", answer)
    # the empty-board button empties the grid and its text
    browser.find_element(By.ID, "keep").click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#grid .filled")) == 4
    browser.find_element(By.ID, "clear-board").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#grid .filled") == []
    assert box.get_attribute("value").split() == ["." * 15] * 15


@pytest.mark.parametrize(("game", "lang"), [("sv-betapet", "en"), ("hu-betutorony", "hu")])
def test_a_plays_link_opens_the_same_board_and_answer(phone, site, game, lang):
    visit(phone, site, f"lexicon={game}", lang=lang)
    start = "E5" if game.startswith("hu") else "H8"
    phone.find_element(By.ID, "play-rack").send_keys("HÁZVÍ" if game.startswith("hu") else "HUNDRAS")
    lay(phone, start, ["H", "Á", "Z"] if game.startswith("hu") else "HUND")
    judge(phone)
    tap(phone, phone.find_element(By.ID, "keep"))
    if game.startswith("hu"):
        lay(phone, start, ["V", "Í"])  # VÍZ, stacked on HÁZ
    else:
        lay(phone, "I9", ["R"])
    judge(phone)
    assert phone.find_element(By.ID, "play-verdict").get_attribute("class") == "verdict valid"
    board, answer = labels(phone), phone.find_element(By.ID, "play-answer").text
    link = phone.find_element(By.CSS_SELECTOR, "#play-answer .share a").get_attribute("href")
    assert link == phone.current_url
    phone.get(link.replace("lexicon=", f"lang={lang}&lexicon=", 1))
    wait_for(phone, "return document.getElementById('play-verdict')")
    assert labels(phone) == board
    assert phone.find_element(By.ID, "play-answer").text == answer
    assert phone.find_element(By.ID, "play-rack").get_attribute("value")


# ------------------------------------------------------------------ widths


@pytest.mark.parametrize("width", [320, 390, 768, 1280])
@pytest.mark.parametrize("lang", ["sv", "hu", "en"])
def test_the_grid_fits_every_width_in_every_language(site, lang, width):
    with chromium(language=lang) as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900,
                                                                       "deviceScaleFactor": 1, "mobile": width < 768})
        for game, size, tiles in (("sv-betapet", 15, "HUND"), ("hu-betutorony", 10, ["CS", "É", "SZ", "E"])):
            visit(driver, site, f"lexicon={game}", lang=lang)
            driver.find_element(By.ID, "play-rack").send_keys("".join(f"[{x}]" if len(x) > 1 else x for x in tiles))
            square(driver, "E5" if size == 10 else "H8").click()
            for tile in tiles:
                rack_tile(driver, tile).click()
            judge(driver)
            grid = driver.find_element(By.ID, "grid")
            buttons = grid.find_elements(By.TAG_NAME, "button")
            assert len(buttons) == size * size and all(b.is_displayed() for b in buttons[:: size + 1])
            box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right]",
                                        grid)
            assert 0 <= box[0] and box[1] <= width
            sizes = driver.execute_script("return [...arguments[0].querySelectorAll('button')].map((b) => "
                                          "[b.getBoundingClientRect().width, b.getBoundingClientRect().height])", grid)
            assert all(abs(w - h) < 1.5 and w >= 12 for w, h in sizes), (game, sizes[:3])
            assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth"), (game, width)


def test_markup_in_a_plays_link_never_runs(browser, site):
    payload = '<img src=x onerror="window.pwned=1">'
    query = urlencode({"lexicon": "sv-betapet", "game": "sv-betapet", "board": f"7[{payload}]7_{payload}",
                       "heights": payload, "play-rack": payload, "move": f"H8[{payload}] I8{payload}"})
    visit(browser, site, query, lang="sv")
    # the board does not read, and the page says so under it; the squares that do not read are not laid
    note = wait_for(browser, "return document.getElementById('board-note').textContent")
    assert note == t("sv", "play.text.rows", n=3, size=15)  # two rows, and the heights' line read as a third
    assert browser.find_elements(By.CSS_SELECTOR, "#grid .placed") == []
    assert browser.execute_script("return window.pwned") is None
    assert browser.find_elements(By.CSS_SELECTOR, "img, svg") == []
    assert browser.find_element(By.ID, "play-rack").get_attribute("value") == payload
