"""The page for people, in a real headless Chromium (Debian's chromium and chromedriver) against the
real service under gunicorn, serving sv-betapet and sv-betapet-inflected from SAOL 14 and a
Betűtorony lexicon from a cut of the real Magyar Ispell.

Expected words come from the catalogues (service/messages), so each test holds in every language."""

import functools
import json
import re
from urllib.parse import quote

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from lexicon.play import load_game
from lexicon.play.moves import generates
from lexicon_service.messages import LANGUAGES, catalogue, text
from support.browser import axe, chromium, wait_for

from .conftest import DEBIAN, ROOT, Server, compiled_lexicon, hungarian_lexicon
from .test_hungarian import STEMS

TITLES = {lang: {name: catalogue(lang)[f"lexicon.{name}"]
                 for name in ("sv-betapet", "sv-betapet-inflected", "hu-betutorony")} for lang in LANGUAGES}


def t(lang, key, /, **values):
    return text(catalogue(lang), key, **values)


def serve(tmp_path_factory, artifacts_root, swedish: tuple[str, ...], analysed: bool = False):
    """The service serving the Swedish lexicons built in `artifacts_root` and a Betűtorony lexicon from a cut of the
    real Magyar Ispell, decided as the shipped one is (the compiled compound rule; with `analysed`, by Hunspell at
    query time, as hu-betutorony-hunspell is), stopped when the generator closes."""
    root = tmp_path_factory.mktemp("page-site")
    for name in swedish:
        (root / name).symlink_to(artifacts_root / name)
    folder = tmp_path_factory.mktemp("page-hu")
    if analysed:
        hungarian_lexicon(folder, DEBIAN, "hu-betutorony", STEMS)
    else:
        compiled_lexicon(folder, DEBIAN, "hu-betutorony", STEMS, "", compounds="rule")
    (root / "hu-betutorony").symlink_to(folder / "art" / "hu-betutorony")
    server = Server(root)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def site(betapet, betapet_inflected, artifacts_root, tmp_path_factory):
    yield from serve(tmp_path_factory, artifacts_root, ("sv-betapet", "sv-betapet-inflected"))


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def visit(browser, site, query: str = "", lang: str = "en"):
    """The page at /?query, in `lang`, as a new visitor (nothing remembered), on Betapet unless the query
    names another word list (a visitor's own default follows the page's language: tested by itself)."""
    browser.get(site.url + "/healthz")
    browser.delete_all_cookies()
    browser.execute_script("localStorage.clear()")
    if "lexicon=" not in query:
        query = f"lexicon=sv-betapet{'&' if query else ''}{query}"
    browser.get(f"{site.url}/?{query}&lang={lang}")


def type_word(browser, word: str, submit: bool = True):
    box = browser.find_element(By.ID, "word")
    box.clear()
    box.send_keys(word + (Keys.ENTER if submit else ""))


def verdict(browser, containing: str = "") -> str:
    """The verdict on screen once it contains `containing` (typing draws each prefix's answer first),
    or what is on screen after 10 s."""
    script = "const v = document.getElementById('verdict')?.textContent; return v?.includes(arguments[0]) && v"
    try:
        return WebDriverWait(browser, 10).until(lambda d: d.execute_script(script, containing))
    except TimeoutException:
        return browser.execute_script("return document.getElementById('verdict')?.textContent")


def texts(browser, css: str) -> list[str]:
    return [e.text for e in browser.find_elements(By.CSS_SELECTOR, css)]


def tiles(element, css=".tile") -> list[list[str]]:
    return [t.get_attribute("textContent") for t in element.find_elements(By.CSS_SELECTOR, css)]


# ------------------------------------------------------------------ language


@pytest.mark.parametrize(("accept", "lang"), [("sv-SE,sv;q=0.9,en;q=0.5", "sv"), ("hu-HU,hu;q=0.9", "hu"),
                                               ("de-DE,en;q=0.5", "en")])
def test_the_page_speaks_the_browsers_language_and_the_switch_is_remembered(site, accept, lang):
    with chromium(language=accept) as browser:
        browser.get(site.url + "/")
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        assert browser.find_element(By.TAG_NAME, "h1").text == t(lang, "page.title")
        assert browser.title == t(lang, "page.title")
        assert browser.find_element(By.CSS_SELECTOR, "#check button").text == t(lang, "check.button")
        assert browser.find_element(By.CSS_SELECTOR, "label[for=lexicon]").text == t(lang, "page.lexicon")
        current = browser.find_element(By.CSS_SELECTOR, ".languages a[aria-current]")
        assert current.get_attribute("lang") == lang
        # The switch: another language, kept for the next visit without ?lang=.
        other = next(code for code in LANGUAGES if code != lang)
        browser.find_element(By.CSS_SELECTOR, f".languages a[data-lang={other}]").click()
        wait_for(browser, f"return document.documentElement.lang === '{other}'")
        browser.get(site.url + "/")
        assert browser.find_element(By.TAG_NAME, "h1").text == t(other, "page.title")


def test_the_lexicons_are_named_by_game_and_room_grouped_by_language(browser, site):
    for lang in LANGUAGES:
        visit(browser, site, lang=lang)
        groups = browser.find_elements(By.CSS_SELECTOR, "#lexicon optgroup")
        names = {g.get_attribute("label"): [o.text for o in g.find_elements(By.TAG_NAME, "option")] for g in groups}
        assert names[t(lang, "language.sv")] == [TITLES[lang]["sv-betapet"], TITLES[lang]["sv-betapet-inflected"]]
        assert names[t(lang, "language.hu")] == [TITLES[lang]["hu-betutorony"]]
        # the page's own language first, else the default lexicon's
        first = "hu" if lang == "hu" else "sv"
        assert groups[0].get_attribute("label") == t(lang, f"language.{first}")


# ------------------------------------------------------------------ checking a word


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_valid_word_is_drawn_as_tiles_with_points(browser, site, lang):
    visit(browser, site, lang=lang)
    type_word(browser, "allé")
    expected = t(lang, "verdict.valid", word="ALLE", lexicon=TITLES[lang]["sv-betapet"])
    assert verdict(browser, expected) == expected
    answer = browser.find_element(By.ID, "answer")
    assert tiles(answer) == ["A1", "L2", "L2", "E1"]
    assert t(lang, "answer.points", n=6) in browser.find_element(By.ID, "detail").text
    assert t(lang, "verdict.key", word="allé", key="ALLE") in answer.text
    # the answer is in the address bar, ready to share
    assert browser.execute_script("return location.search") == "?lexicon=sv-betapet&word=all%C3%A9"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_inflected_form_says_which_room_takes_it_and_switches_there(browser, site, lang):
    visit(browser, site, lang=lang)
    type_word(browser, "hundar")
    expected = t(lang, "verdict.invalid", word="HUNDAR", lexicon=TITLES[lang]["sv-betapet"])
    assert verdict(browser, expected) == expected
    assert browser.find_element(By.ID, "detail").text == t(lang, "reason.not-in-lexicon", word="HUNDAR")
    help_box = wait_for(browser, "return document.getElementById('elsewhere')")
    tag = ", ".join(t(lang, f"tag.sv.{part}") for part in ("pl", "indef"))
    assert t(lang, "elsewhere.valid", lexicon=TITLES[lang]["sv-betapet-inflected"]) in help_box.text
    assert t(lang, "answer.inflected", lemma="HUND", tag=tag) in help_box.text
    help_box.find_element(By.CSS_SELECTOR, "button[data-lexicon=sv-betapet-inflected]").click()
    expected = t(lang, "verdict.valid", word="HUNDAR", lexicon=TITLES[lang]["sv-betapet-inflected"])
    assert verdict(browser, expected) == expected
    assert browser.find_element(By.ID, "lexicon").get_attribute("value") == "sv-betapet-inflected"
    # remembered on the next visit
    browser.get(site.url + f"/?lang={lang}")
    assert browser.find_element(By.ID, "lexicon").get_attribute("value") == "sv-betapet-inflected"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_word_names_the_rule_and_the_source_record(browser, site, lang):
    visit(browser, site, lang=lang)
    type_word(browser, "abc-bok")
    expected = t(lang, "verdict.invalid", word="abc-bok", lexicon=TITLES[lang]["sv-betapet"])
    assert verdict(browser, expected) == expected
    assert browser.find_element(By.ID, "detail").text == t(lang, "reason.non-letter.hyphenated", position=4)
    record = browser.find_element(By.ID, "record").text
    # the source by its name, not the build's provenance (its PyPI release)
    assert record == t(lang, "source.record", source=t(lang, "source.saol14"), written="abc-bok",
                       pos=t(lang, "pos.NOUN"), record=18, rule=t(lang, "rule.hyphenated"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_word_too_long_for_the_board_says_so(browser, site, lang):
    visit(browser, site, lang=lang)
    type_word(browser, "kemiteknikstudentens" + "s" * 3)
    verdict(browser, "KEMITEKNIKSTUDENTENSSSS:")
    assert browser.find_element(By.ID, "detail").text == t(lang, "reason.too-long", n=23, max=15)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hungarian_wrong_tiling_shows_the_cubes_asked_and_the_valid_ones(browser, site, lang):
    visit(browser, site, "lexicon=hu-betutorony", lang=lang)
    type_word(browser, "HÁ[ZS]OR")
    expected = t(lang, "verdict.invalid", word="HÁZSOR", lexicon=TITLES[lang]["hu-betutorony"])
    assert verdict(browser, expected) == expected
    assert browser.find_element(By.ID, "detail").text == t(lang, "reason.wrong-tiling", key="HÁZSOR")
    box = wait_for(browser, "return document.getElementById('tilings')")
    asked = box.find_element(By.CSS_SELECTOR, ".tiles.wrong")
    assert "cubes" in asked.get_attribute("class")
    assert tiles(asked) == ["H1", "Á1", "ZS3", "O1", "R1"]
    valid = box.find_elements(By.CSS_SELECTOR, "a.tiling .tiles")
    assert [tiles(v) for v in valid] == [["H1", "Á1", "Z1", "S1", "O1", "R1"]]
    box.find_element(By.CSS_SELECTOR, "a.tiling").click()  # checks the valid tiling
    expected = t(lang, "verdict.valid", word="HÁZSOR", lexicon=TITLES[lang]["hu-betutorony"])
    assert verdict(browser, expected) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hungarian_form_names_its_lemma_and_tag_in_words(browser, site, lang):
    visit(browser, site, "lexicon=hu-betutorony", lang=lang)
    type_word(browser, "asszonyokat")
    verdict(browser, "ASSZONYOKAT")
    tag = ", ".join(t(lang, f"tag.hu.{part}") for part in ("PLUR", "ACC"))
    assert t(lang, "answer.inflected", lemma="ASSZONY", tag=tag) in browser.find_element(By.ID, "detail").text
    assert tiles(browser.find_element(By.ID, "answer"))[:3] == ["A1", "S1", "SZ1"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_compound_shows_the_pieces_the_rule_took_it_as(browser, site, lang):
    visit(browser, site, "lexicon=hu-betutorony", lang=lang)
    type_word(browser, "kocsiház")
    verdict(browser, "KOCSIHÁZ")
    assert browser.find_element(By.ID, "detail").text.endswith(t(lang, "answer.rule.compound", parts="KOCSI + HÁZ"))


def test_a_name_excluded_by_the_game_says_which_rule(browser, site):
    visit(browser, site, "lexicon=hu-betutorony", lang="hu")
    type_word(browser, "Budapest")
    verdict(browser, "BUDAPEST:")
    assert browser.find_element(By.ID, "detail").text == t("hu", "reason.excluded", rule=t("hu", "rule.proper-noun"))
    assert "Budapest" in browser.find_element(By.ID, "record").text


def test_the_answer_follows_typing(browser, site):
    visit(browser, site)
    type_word(browser, "hund", submit=False)
    expected = t("en", "verdict.valid", word="HUND", lexicon=TITLES["en"]["sv-betapet"])
    assert verdict(browser, expected) == expected
    browser.find_element(By.ID, "word").send_keys("x")
    assert verdict(browser, "HUNDX").startswith("HUNDX")
    # the live region says the answer once typing pauses
    said = wait_for(browser, "return document.getElementById('announce').textContent")
    assert said.startswith(t("en", "verdict.invalid", word="HUNDX", lexicon=TITLES["en"]["sv-betapet"]))


# ------------------------------------------------------------------ searches


@pytest.mark.parametrize("lang", LANGUAGES)
def test_anagrams_are_grouped_by_length_longest_first_with_blanks_drawn(browser, site, lang):
    visit(browser, site, lang=lang)
    browser.find_element(By.ID, "rack").send_keys("retsam?" + Keys.ENTER)
    status = wait_for(browser, "return document.querySelector('#anagrams .total')")
    expected = json.loads(site.get("/anagram?rack=RETSAM%3F&sub=false")[2])
    assert status.text == t(lang, "search.total", n=expected["total"])
    groups = browser.find_elements(By.CSS_SELECTOR, "#anagrams .group")
    assert [g.find_element(By.TAG_NAME, "h3").text for g in groups] == [t(lang, "search.group", n=7)]
    words = [li.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")
             for li in groups[0].find_elements(By.TAG_NAME, "li")]
    first = expected["words"][0]
    assert words[0].startswith(t(lang, "search.hit", word=first["word"], points=t(lang, "answer.points",
                                                                                   n=first["value"])))
    assert t(lang, "search.blank", letter=first["tiles"][first["blanks"][0]]) in words[0]
    # the blank is drawn as a blank tile scoring 0, where the API says it plays
    drawn = groups[0].find_elements(By.CSS_SELECTOR, "li")[0].find_elements(By.CSS_SELECTOR, ".tile")
    assert [i for i, tile in enumerate(drawn) if "blank" in tile.get_attribute("class")] == first["blanks"]
    assert browser.execute_script("return location.search") == "?lexicon=sv-betapet&rack=retsam%3F"


def test_the_more_control_pages_through_every_result_in_order(browser, site):
    visit(browser, site)
    browser.find_element(By.ID, "rack").send_keys("DNUHA?")
    browser.find_element(By.ID, "sub").click()
    browser.find_element(By.CSS_SELECTOR, "#anagram button").click()
    wait_for(browser, "return document.querySelector('#anagrams .total')")
    every = json.loads(site.get("/anagram?rack=DNUHA%3F&sub=true&limit=1000")[2])
    assert every["total"] > 100
    more = browser.find_element(By.CSS_SELECTOR, "#anagrams button.more")
    while more.is_displayed():
        shown = len(browser.find_elements(By.CSS_SELECTOR, "#anagrams li"))
        more.click()
        wait_for(browser, f"return document.querySelectorAll('#anagrams li').length > {shown}")
    shown = browser.execute_script("return [...document.querySelectorAll('#anagrams li a')].map(a => a.dataset.word)")
    assert shown == [w["notation"] for w in every["words"]]
    headings = texts(browser, "#anagrams .group h3")
    lengths = sorted({w["tile_count"] for w in every["words"]}, reverse=True)
    assert headings == [t("en", "search.group", n=n) for n in lengths]  # one group per length, continued
    assert browser.find_element(By.CSS_SELECTOR, "#anagrams .total").text == t("en", "search.total", n=every["total"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pattern_search_lists_matching_words(browser, site, lang):
    visit(browser, site, lang=lang)
    browser.find_element(By.ID, "q").send_keys("h??d" + Keys.ENTER)
    wait_for(browser, "return document.querySelector('#patterns .total')")
    words = [a.get_attribute("data-word") for a in browser.find_elements(By.CSS_SELECTOR, "#patterns li a")]
    assert "HUND" in words and "HAND" in words
    assert all(len(w) == 4 and w[0] == "H" and w[3] == "D" for w in words)
    assert texts(browser, "#patterns .group h3") == [t(lang, "search.group", n=4)]


def test_a_hungarian_pattern_counts_tiles_not_letters(browser, site):
    visit(browser, site, "lexicon=hu-betutorony", lang="hu")
    browser.find_element(By.ID, "q").send_keys("HÁ??OR" + Keys.ENTER)
    wait_for(browser, "return document.querySelector('#patterns .total')")
    hits = browser.find_elements(By.CSS_SELECTOR, "#patterns li a")
    assert "HÁ[Z][S]OR" in [a.get_attribute("data-word") for a in hits]
    assert "cubes" in browser.find_element(By.CSS_SELECTOR, "#patterns li .tiles").get_attribute("class")


def test_a_search_that_cannot_be_read_is_explained(browser, site):
    visit(browser, site, lang="sv")
    browser.find_element(By.ID, "rack").send_keys("AB1" + Keys.ENTER)
    problem = wait_for(browser, "return document.querySelector('#anagrams #problem')")
    assert problem.text in {t("sv", "problem.invalid-word"), t("sv", "problem.bad-rack")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hooks_show_the_tiles_in_front_and_behind_and_check_the_longer_word(browser, site, lang):
    visit(browser, site, lang=lang)
    browser.find_element(By.ID, "hook-word").send_keys("ar" + Keys.ENTER)
    wait_for(browser, "return document.querySelector('#hook-answer .total')")
    lists = browser.find_elements(By.CSS_SELECTOR, "#hook-answer ul")
    front = [a.get_attribute("data-word") for a in lists[0].find_elements(By.TAG_NAME, "a")]
    back = [a.get_attribute("data-word") for a in lists[1].find_elements(By.TAG_NAME, "a")]
    assert "BAR" in front and "ARG" in back
    assert texts(browser, "#hook-answer h3") == [t(lang, "hooks.front"), t(lang, "hooks.back")]
    lists[0].find_element(By.CSS_SELECTOR, "a[data-word=BAR]").click()
    expected = t(lang, "verdict.valid", word="BAR", lexicon=TITLES[lang]["sv-betapet"])
    assert verdict(browser, expected) == expected


# ------------------------------------------------------------------ shared URLs


@pytest.mark.parametrize(("query", "ready"), [
    ("lexicon=sv-betapet-inflected&word=gr%C3%A4varens", "#verdict"),
    ("rack=dnuh", "#anagrams .total"),
    ("pattern=*ARNA", "#patterns .total"),
    ("hooks=ar", "#hook-answer .total"),
])
def test_a_shared_url_loads_its_answer(browser, site, query, ready):
    visit(browser, site, query)
    wait_for(browser, f"return document.querySelector('{ready}')")
    if "word=" in query:
        expected = t("en", "verdict.valid", word="GRÄVARENS", lexicon=TITLES["en"]["sv-betapet-inflected"])
        assert verdict(browser, expected) == expected
        tag = ", ".join(t("en", f"tag.sv.{p}") for p in ("sg", "def", "gen"))
        assert t("en", "answer.inflected", lemma="GRÄVARE", tag=tag) in browser.find_element(By.ID, "detail").text
    if "rack=" in query:
        assert "HUND" in [a.get_attribute("data-word") for a in browser.find_elements(By.CSS_SELECTOR, "#anagrams a")]
    if "pattern=" in query:
        words = [a.get_attribute("data-word") for a in browser.find_elements(By.CSS_SELECTOR, "#patterns li a")]
        assert words and all(w.endswith("ARNA") for w in words)
    # the address keeps the answer (without the language: the receiver reads it in their own)
    assert browser.execute_script("return location.search").lstrip("?").split("&")[0].startswith("lexicon=")


# ------------------------------------------------------------------ safe to share

HOSTILE = [
    "<script>window.pwned=1</script>",
    '"><img src=x onerror="window.pwned=2">',
    "</script><script>window.pwned=3</script>",
    "javascript:window.pwned=4",
    "<svg onload=window.pwned=5>",
    "{{7*7}}<b>bold</b>",
]


@pytest.mark.parametrize("payload", HOSTILE)
def test_script_and_markup_in_every_parameter_never_run(browser, site, payload):
    params = ("word", "rack", "pattern", "hooks", "lexicon", "lang", "sub", "other")
    visit(browser, site)
    browser.get(site.url + "/?" + "&".join(f"{p}={quote(payload)}" for p in params))
    wait_for(browser, "return document.querySelector('#answer').childElementCount && "
                      "document.querySelector('#anagrams').childElementCount && "
                      "!document.querySelector('#anagrams').textContent.includes('…')")
    assert browser.execute_script("return window.pwned") is None
    assert browser.find_elements(By.CSS_SELECTOR, "img, svg, b, iframe, object, embed") == []
    scripts = browser.execute_script("return [...document.scripts].map(s => [s.type, s.getAttribute('src')])")
    assert scripts == [["application/json", None], ["module", "/static/app.js"]]
    # the text is shown as text, as typed
    assert browser.find_element(By.ID, "word").get_attribute("value") == payload
    assert browser.find_element(By.ID, "rack").get_attribute("value") == payload
    # nothing tried to break the policy either (the browser logs every refusal)
    assert [e for e in browser.get_log("browser") if "Content Security Policy" in e["message"]] == []


def test_the_boxes_are_as_long_as_the_library_and_the_service_take(site):
    """One number for each bound, set in the C core's header: the page's boxes, the service's parameters (its
    OpenAPI document) and the library read it."""
    header = (ROOT / "lexicon" / "graph" / "core" / "lexicon" / "tl_lexicon.h").read_text(encoding="utf-8")
    bound = {name: int(re.search(rf"^#define TL_{name} (\d+)", header, re.M)[1])
             for name in ("MAX_WORD", "MAX_RACK_CHARS", "MAX_PATTERN_CHARS")}
    _, _, body = site.get("/")
    boxes = {box: int(n) for box, n in re.findall(r'<input id="([\w-]+)"[^>]*maxlength="(\d+)"', body.decode())}
    assert boxes == {"word": bound["MAX_WORD"], "rack": bound["MAX_RACK_CHARS"], "q": bound["MAX_PATTERN_CHARS"],
                     "hook-word": bound["MAX_WORD"], "play-rack": bound["MAX_RACK_CHARS"],
                     "move-word": bound["MAX_WORD"], "move-start": 4}
    parameters = json.loads(site.get("/openapi.json")[2])["paths"]
    longest = {(path, p["name"]): p["schema"].get("maxLength") for path, item in parameters.items()
               for p in item.get("get", {}).get("parameters", [])}
    assert longest[("/anagram", "rack")] == bound["MAX_RACK_CHARS"]
    assert longest[("/pattern", "q")] == bound["MAX_PATTERN_CHARS"]
    assert longest[("/tiles", "word")] == longest[("/hooks", "word")] == bound["MAX_WORD"]


def test_the_page_is_served_with_a_policy_that_runs_only_its_own_files(site):
    for path in ("/", "/?word=%3Cscript%3E", "/static/app.js", "/static/style.css"):
        status, headers, _ = site.get(path)
        assert status == 200
        policy = {d.split()[0]: d.split()[1:] for d in headers["Content-Security-Policy"].split("; ")}
        assert policy["default-src"] == ["'none'"]
        # WebAssembly may be compiled (the offline answers' module, a file of the service's own), no string run
        assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"] and policy["style-src"] == ["'self'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert headers["X-Content-Type-Options"] == "nosniff"
    status, headers, body = site.get("/", headers={"Accept-Language": "hu"})
    assert b'<html lang="hu">' in body and "Accept-Language" in headers["Vary"]


def test_the_page_fetches_nothing_from_elsewhere_and_weighs_under_100_kb(browser, site):
    visit(browser, site, "word=hund&rack=dnuh")
    wait_for(browser, "return document.querySelector('#anagrams .total') && document.getElementById('verdict')")
    entries = browser.execute_script(
        "return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]"
        ".map(e => [e.name, e.decodedBodySize, e.initiatorType])")
    assert all(name.startswith(site.url + "/") for name, _, _ in entries)
    own = [(name, size) for name, size, kind in entries if kind != "fetch"]  # the document, style, script, icon
    assert {name.split("?")[0].removeprefix(site.url) for name, _ in own} >= {
        "/", "/static/app.js", "/static/style.css", "/static/tile-lexicon/notation.js"}
    assert sum(size for _, size in own) <= 100_000


# ------------------------------------------------------------------ keyboard, screen readers, phones


def focused(browser) -> str:
    active = browser.switch_to.active_element
    return (active.get_attribute("id") or active.get_attribute("data-lang")
            or (active.get_attribute("href") or "").rpartition("#")[2] or active.tag_name)


def test_keyboard_only_reaches_everything_in_order_and_gets_answers(browser, site):
    visit(browser, site)
    assert focused(browser) == "word"  # the page opens ready to type
    forwards, backwards = [], []
    for _ in range(7):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        forwards.append(focused(browser))
    assert forwards == ["button", "rack", "button", "sub", "q", "button", "hook-word"]
    browser.find_element(By.ID, "word").click()
    for _ in range(11):
        ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        backwards.append(focused(browser))
    # the word list, then its offline answers' switch, before the panels
    assert backwards == ["review-panel", "play-panel", "hooks-panel", "pattern-panel", "anagram-panel", "check-panel",
                         "offline", "lexicon", "en", "hu", "sv"]
    # the word box, typed and entered from the keyboard, answers in the live region
    word = browser.find_element(By.ID, "word")
    word.send_keys("hund" + Keys.ENTER)
    said = wait_for(browser, "return document.getElementById('announce').textContent")
    assert said.startswith(t("en", "verdict.valid", word="HUND", lexicon=TITLES["en"]["sv-betapet"]))
    assert browser.find_element(By.ID, "announce").get_attribute("role") == "status"


def test_every_box_has_a_label_and_a_hint(browser, site):
    visit(browser, site, lang="sv")
    for box in browser.find_elements(By.CSS_SELECTOR, "input, select, textarea"):
        label = browser.find_elements(By.CSS_SELECTOR, f"label[for='{box.get_attribute('id')}']")
        wrapped = box.find_elements(By.XPATH, "ancestor::label")
        # (the board's text is folded away: its label is read by its text, shown or not)
        assert (label or wrapped) and (label or wrapped)[0].get_attribute("textContent").strip()


#: What may be wider than its box: nothing. Every element whose content is wider than it and that does not
#: scroll on purpose, by id or class, with both widths.
OVERFLOWING = """
const out = [];
for (const e of document.querySelectorAll('body *')) {
  const style = getComputedStyle(e);
  if (style.display === 'none' || /auto|scroll|hidden|clip/.test(style.overflowX)) continue;
  if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
    out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
  const box = e.getBoundingClientRect();
  if (box.width && box.right > arguments[0] + 1) out.push(`${e.tagName.toLowerCase()}#${e.id}: ends at ${box.right}`);
}
if (document.documentElement.scrollWidth > arguments[0])
  out.push(`the page: ${document.documentElement.scrollWidth} > ${arguments[0]}`);
return out;
"""


@pytest.mark.parametrize("width", [320, 390, 768, 1280])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_panel_fits_every_width_in_every_language(site, lang, width):
    """The page from a small phone to a desktop: nothing wider than the window, no box sticking out of its
    column, with a word, anagrams, a pattern, hooks and a judged play on screen, for each game."""
    with chromium(language=lang) as browser:
        # A window is at least 500 px wide here: a phone's screen is emulated, as DevTools' device mode does.
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900,
                                                                       "deviceScaleFactor": 1, "mobile": width < 768})
        for lexicon, word, rack in (("sv-betapet-inflected", "hundarnas", "retsam%3F"),
                                    ("hu-betutorony", "házsor", "k%C3%A1rp%3F")):
            visit(browser, site, f"lexicon={lexicon}&word={word}&rack={rack}&pattern=H*&hooks={word}", lang=lang)
            wait_for(browser, "return document.querySelector('#anagrams .total') && "
                              "document.getElementById('verdict') && document.querySelector('#patterns .total')")
            found = browser.execute_script(OVERFLOWING, width)
            assert found == [], (lexicon, "answers", found)
        visit(browser, site, lang=lang)
        browser.execute_script("document.getElementById('board').value = arguments[0]", "\n".join(BOARD))
        browser.find_element(By.ID, "move-word").send_keys("hundra")
        browser.find_element(By.ID, "move-start").send_keys("H8")
        browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
        wait_for(browser, "return document.getElementById('play-verdict')")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#grid button")) == 15 * 15  # the board, drawn to fit
        assert browser.execute_script(OVERFLOWING, width) == [], "a judged play"
        Select(browser.find_element(By.ID, "review-game")).select_by_value("sv-betapet")
        browser.execute_script("document.getElementById('review-record').value = arguments[0]", REVIEWED)
        browser.find_element(By.CSS_SELECTOR, "#review button[type=submit]").click()
        wait_for(browser, "return document.querySelector('#review-answer .review')")
        assert browser.execute_script(OVERFLOWING, width) == [], "a game reviewed"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_accessibility_problems_in_any_state(browser, site, lang):
    """axe-core (the npm package, tests/package.json) on the page's main states: none serious or critical."""
    states = [("", "#word"), ("word=hundar", "#elsewhere"), ("word=abc-bok", "#record"),
              ("lexicon=hu-betutorony&word=H%C3%81%5BZS%5DOR", "#tilings"), ("rack=retsam%3F", "#anagrams .total"),
              ("pattern=H%3F%3FD&hooks=ar", "#hook-answer .total")]
    for query, ready in states:
        visit(browser, site, query, lang=lang)
        wait_for(browser, f"return document.querySelector('{ready}')")
        found = axe(browser)
        assert isinstance(found, list), found
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in found
                   if v["impact"] in ("serious", "critical")]
        assert serious == [], (query, serious)


# ------------------------------------------------------------------ judging a play

BOARD = ["." * 15] * 7 + ["." * 7 + "HUND" + "." * 4] + ["." * 15] * 7


def judge(browser, site, lang, start):
    visit(browser, site, lang=lang)
    browser.execute_script("document.getElementById('board').value = arguments[0]", "\n".join(BOARD))
    browser.find_element(By.ID, "move-word").send_keys("hundra")
    browser.find_element(By.ID, "move-start").send_keys(start)
    browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
    return wait_for(browser, "return document.getElementById('play-verdict')")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_judge_shows_a_play_its_words_and_their_score(browser, site, lang):
    verdict_line = judge(browser, site, lang, "H8")
    move = {"word": "hundra", "start": "H8", "direction": "across"}
    expected = json.loads(site.post("/play", json.dumps({"game": "sv-betapet", "lexicon": "sv-betapet",
                                                         "board": BOARD, "move": move}).encode())[2])
    assert expected["legal"] and expected["score"] > 0
    assert verdict_line.text == t(lang, "play.legal", n=expected["score"])
    words = texts(browser, "#play-answer .play-words li strong")
    assert words == [t(lang, "play.word.valid", word=w["word"], n=w["score"]) for w in expected["words"]]
    scoring = expected["words"][0]["scoring"]
    assert t(lang, "play.scoring", letters=scoring["letters"], multiplier=scoring["word_multiplier"]) in \
        browser.find_element(By.CSS_SELECTOR, "#play-answer .play-words li").text
    # drawn on the board: the tiles laid where the judge laid them, the word's squares marked
    placed = browser.find_elements(By.CSS_SELECTOR, "#grid .placed")
    assert [p.get_attribute("data-square") for p in placed] == [p["square"] for p in expected["placed"]]
    assert [p.text for p in placed] == [p["tile"] for p in expected["placed"]]
    marked = [b.get_attribute("data-square") for b in browser.find_elements(By.CSS_SELECTOR, "#grid .word")]
    assert marked == expected["words"][0]["squares"]
    serious = [v["id"] for v in axe(browser) if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_best_plays_of_a_rack_are_listed_and_drawn_on_the_board(browser, site, lang):
    visit(browser, site, lang=lang)
    browser.execute_script("document.getElementById('board').value = arguments[0]", "\n".join(BOARD))
    browser.find_element(By.ID, "play-rack").send_keys("KATTE?S")
    browser.find_element(By.ID, "best").click()
    wait_for(browser, "return document.querySelector('#play-answer .best')")
    expected = json.loads(site.post("/moves", json.dumps({"game": "sv-betapet", "lexicon": "sv-betapet", "board": BOARD,
                                                          "rack": "KATTE?S", "limit": 10}).encode())[2])
    assert len(expected["plays"]) == 10 and expected["count"] > 10
    digits = re.compile(r"(?<=\d)[\s,\u00a0\u202f](?=\d{3})")  # 2 857, 2,857: the page's number format
    found = browser.find_element(By.ID, "best-verdict").text
    assert digits.sub("", found) == t(lang, "best.found", n=expected["count"])
    listed = texts(browser, "#play-answer .best button")
    assert listed == [t(lang, "best.play", word=p["move"]["word"], start=p["move"]["start"],
                        direction=t(lang, f"play.{p['move']['direction']}"),
                        points=t(lang, "answer.points", n=p["score"]))
                      for p in expected["plays"]]
    # the best is drawn on the board and set in the judge's fields; another, chosen, takes its place
    for i in (0, 3):
        browser.find_elements(By.CSS_SELECTOR, "#play-answer .best button")[i].click()
        placed = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#grid .placed")]
        assert placed == [p["tile"] for p in expected["plays"][i]["placed"]]
        assert browser.find_element(By.ID, "move-word").get_attribute("value") == expected["plays"][i]["move"]["word"]
    # judged, the play chosen scores what the list said
    browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
    line = wait_for(browser, "return document.getElementById('play-verdict')")
    assert line.text == t(lang, "play.legal", n=expected["plays"][3]["score"])
    serious = [v["id"] for v in axe(browser) if v["impact"] in ("serious", "critical")]
    assert serious == []


#: A short game of sv-betapet: a move below the best, a pass, a phony (one T on the rack), a move without its rack.
REVIEWED = ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT 8H DUN +5 5\n>Bo: ABCDEFG -  +0 0\n"
            ">Ada: HKATERS 9G KATT +10 15\n>Bo: I8 HUNDAR +9 9\n")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_game_is_reviewed_move_by_move(browser, site, lang):
    """Each move of one play whose rack the record gives: its rank among every play of the rack, what it lost and
    the best play, as POST /replay with "review" says, in the page's language; a turn without a rack, none."""
    visit(browser, site, lang=lang)
    Select(browser.find_element(By.ID, "review-game")).select_by_value("sv-betapet")
    browser.execute_script("document.getElementById('review-record').value = arguments[0]", REVIEWED)
    browser.find_element(By.CSS_SELECTOR, "#review button[type=submit]").click()
    wait_for(browser, "return document.querySelector('#review-answer .review')")
    expected = json.loads(site.post("/replay", json.dumps({"game": "sv-betapet", "record": REVIEWED,
                                                           "review": True}).encode())[2])
    reviews = [turn["review"] for turn in expected["turns"]]
    assert [r is not None for r in reviews] == [True, False, True, False]  # a pass; a move without its rack
    assert reviews[0]["rank"] > 1 and reviews[2]["rank"] is None
    best = sum(r["rank"] == 1 for r in reviews if r)
    assert browser.find_element(By.ID, "review-verdict").text == t(lang, "review.summary", n=2, best=best)
    items = texts(browser, "#review-answer .review li")
    assert len(items) == 4 and items[1].startswith("Bo: ABCDEFG - +0 0 ")  # as written, its >Bo: left out
    digits = re.compile(r"(?<=\d)[\s,\u00a0\u202f](?=\d{3})")
    for item, turn, review in zip(items, expected["turns"], reviews):
        assert item.startswith(turn["player"] + ": ")
        if review is None:
            assert item.endswith(t(lang, "review.none"))
            continue
        play = lambda move, score: t(lang, "best.play", word=move["word"], start=move["start"],  # noqa: E731
                                     direction=t(lang, f"play.{move['direction']}"),
                                     points=t(lang, "answer.points", n=score))
        assert play(turn["plays"][0], turn["score"]) in item
        best_play = play(review["best"]["move"], review["best"]["score"])
        if review["rank"] is None:
            said = t(lang, "review.phony", plays=review["plays"], best=best_play)
        elif review["rank"] == 1:
            said = t(lang, "review.top", plays=review["plays"])
        else:
            lost = f"{review['lost']:.2f}".rstrip("0").rstrip(".")
            said = t(lang, "review.rank", rank=review["rank"], plays=review["plays"], lost=lost, best=best_play)
        assert digits.sub("", item).replace(",", ".").endswith(said.replace(",", ".")), (item, said)
    serious = [v["id"] for v in axe(browser) if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_record_the_service_cannot_read_is_said_so_and_where(browser, site, lang):
    visit(browser, site, lang=lang)
    browser.execute_script("document.getElementById('review-record').value = arguments[0]", ">Ada HUND\n")
    browser.find_element(By.CSS_SELECTOR, "#review button[type=submit]").click()
    shown = wait_for(browser, "return document.querySelector('#review-answer #problem')")
    assert shown.text == t(lang, "problem.bad-record")
    detail = browser.find_elements(By.CSS_SELECTOR, "#review-answer .note")  # the service's words, English only
    assert [d.text for d in detail] == (["record line 1, column 1: an event is >nick: followed by its tokens"]
                                        if lang == "en" else [])
    assert not browser.find_elements(By.CSS_SELECTOR, "#review-answer .review")


def test_best_plays_are_offered_for_the_games_the_generator_plays(browser, site):
    for name in ("hu-betutorony", "sv-betapet"):
        visit(browser, site, f"lexicon={name}", lang="hu")
        assert browser.find_element(By.ID, "game").get_attribute("value") == name
        assert browser.find_element(By.ID, "best").is_displayed() == generates(load_game(name))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_judge_names_what_makes_a_play_illegal(browser, site, lang):
    verdict_line = judge(browser, site, lang, "A1")
    assert verdict_line.text == t(lang, "play.illegal")
    assert t(lang, "play.error.not-connected") in texts(browser, "#play-answer .errors li")
    # the tiles stay where they were laid, forming no word on the board
    assert len(browser.find_elements(By.CSS_SELECTOR, "#grid .placed")) == len("hundra")
    assert browser.find_elements(By.CSS_SELECTOR, "#grid .word") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_judge_says_what_a_game_plays_with_unverified(browser, site, lang):
    """Betapet's klassisk layout and its tile counts are marked unverified in the data (GET /games says
    so too); Swedish Scrabble's are not."""
    visit(browser, site, lang=lang)
    assert browser.find_element(By.ID, "game").get_attribute("value") == "sv-betapet"
    assert texts(browser, "#game-notes li") == [t(lang, "play.unverified.layout", name="klassisk"),
                                                t(lang, "play.unverified.counts")]
    Select(browser.find_element(By.ID, "lexicon")).select_by_value("hu-betutorony")
    assert browser.find_element(By.ID, "game").get_attribute("value") == "hu-betutorony"
    keys = [u["key"] for u in load_game("hu-betutorony").unverified]
    assert texts(browser, "#game-notes li") == [
        t(lang, "play.unverified.layout", name=k.removeprefix("layouts.")) if k.startswith("layouts.")
        else t(lang, "play.unverified.counts") for k in keys]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_visitor_starts_on_a_word_list_of_their_language_and_the_game_follows_it(browser, site, lang):
    """A new visitor without a ?lexicon= gets the service's default (Betapet) unless the page speaks
    another language it serves; the judge offers only games whose word list is served (no Swedish Scrabble
    here) and follows the word list chosen, its board included."""
    browser.get(site.url + "/healthz")
    browser.delete_all_cookies()
    browser.execute_script("localStorage.clear()")
    browser.get(f"{site.url}/?lang={lang}")
    expected = "hu-betutorony" if lang == "hu" else "sv-betapet"
    wait_for(browser, "return document.getElementById('game').value")
    assert browser.find_element(By.ID, "lexicon").get_attribute("value") == expected
    assert browser.find_element(By.ID, "game").get_attribute("value") == expected
    offered = [o.get_attribute("value") for o in browser.find_elements(By.CSS_SELECTOR, "#game option")]
    assert offered == ["hu-betutorony", "sv-betapet"]
    for name in ("sv-betapet-inflected", "hu-betutorony", "sv-betapet"):
        Select(browser.find_element(By.ID, "lexicon")).select_by_value(name)
        game = load_game("hu-betutorony" if name.startswith("hu") else "sv-betapet")
        assert browser.find_element(By.ID, "game").get_attribute("value") == game.name
        assert browser.find_element(By.ID, "board").get_attribute("value").splitlines() == ["." * game.size] * game.size


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_word_list_not_served_is_said_not_ignored(browser, site, lang):
    visit(browser, site, "lexicon=nope%3Cb%3E&word=hund", lang=lang)
    note = wait_for(browser, "return document.getElementById('lexicon-note').textContent")
    served = "hu-betutorony" if lang == "hu" else "sv-betapet"  # the visitor's own default, as without one
    assert note == t(lang, "page.lexicon.unknown", asked="nope<b>", title=TITLES[lang][served])
    assert browser.find_elements(By.CSS_SELECTOR, "#lexicon-note *") == []  # text, never markup
    Select(browser.find_element(By.ID, "lexicon")).select_by_value("sv-betapet-inflected")
    assert browser.find_element(By.ID, "lexicon-note").text == ""


# ------------------------------------------------------------------ a game's page on another origin

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


# ------------------------------------------------------------------ answers offline


def _network(browser, offline: bool) -> None:
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": offline, "latency": 0,
                                                                  "downloadThroughput": -1, "uploadThroughput": -1})


def _load_offline(browser, lang: str, title: str) -> None:
    button = browser.find_element(By.ID, "offline")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    wait_for(browser, "return document.getElementById('offline').getAttribute('aria-pressed') === 'true'", timeout=60)
    assert browser.find_element(By.ID, "offline-note").text == t(lang, "offline.ready", lexicon=title)
    assert button.text == t(lang, "offline.stop")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_its_word_list_loaded_the_page_answers_with_the_network_cut(browser, site, betapet, lang):
    visit(browser, site, lang=lang)
    size = t(lang, "offline.size", n=round(betapet.manifest["bundle"]["size"] / 1e6))
    assert browser.find_element(By.ID, "offline").text == t(lang, "offline.load", size=size)
    _, _, body = site.get("/anagram?rack=hund%3F&lexicon=sv-betapet&limit=100")
    online = json.loads(body)
    _load_offline(browser, lang, TITLES[lang]["sv-betapet"])
    _network(browser, offline=True)
    try:
        assert browser.execute_async_script(  # the service is out of reach
            "const done = arguments[arguments.length - 1];"
            "fetch('/healthz').then(() => done('online'), () => done('offline'));") == "offline"
        type_word(browser, "allé")
        expected = t(lang, "verdict.valid", word="ALLE", lexicon=TITLES[lang]["sv-betapet"])
        assert verdict(browser, expected) == expected
        assert tiles(browser.find_element(By.ID, "answer")) == ["A1", "L2", "L2", "E1"]
        assert t(lang, "answer.points", n=6) in browser.find_element(By.ID, "detail").text
        type_word(browser, "hundx")
        expected = t(lang, "verdict.invalid", word="HUNDX", lexicon=TITLES[lang]["sv-betapet"])
        assert verdict(browser, expected) == expected
        assert browser.find_element(By.ID, "detail").text == t(lang, "reason.not-in-lexicon", word="HUNDX")
        rack = browser.find_element(By.ID, "rack")
        rack.clear()
        rack.send_keys("hund?" + Keys.ENTER)
        total = t(lang, "search.total", n=online["total"])
        wait_for(browser, "return document.querySelector('#anagrams .total')?.textContent.includes(arguments[0])",
                 total)
        shown = [a.get_attribute("data-word") for a in browser.find_elements(By.CSS_SELECTOR, "#anagrams a[data-word]")]
        assert sorted(shown) == sorted(h["notation"] for h in online["words"])
        serious = [v["id"] for v in axe(browser) if v["impact"] in ("serious", "critical")]
        assert serious == []  # the offline state too
    finally:
        _network(browser, offline=False)


@pytest.fixture(scope="module")
def analysed_site(betapet, betapet_inflected, artifacts_root, tmp_path_factory):
    """The page's site with a Betűtorony lexicon validated by Hunspell at query time."""
    yield from serve(tmp_path_factory, artifacts_root, ("sv-betapet", "sv-betapet-inflected"), analysed=True)


def test_offline_a_compound_is_answered_as_the_service_answers_it(browser, site):
    """The shipped way: the bundle carries the compound rule, so the page offline decides what the service does."""
    visit(browser, site, "lexicon=hu-betutorony", lang="en")
    _load_offline(browser, "en", TITLES["en"]["hu-betutorony"])
    _network(browser, offline=True)
    try:
        type_word(browser, "kocsiház")
        verdict(browser, "KOCSIHÁZ")
        assert browser.find_element(By.ID, "detail").text.endswith(
            t("en", "answer.rule.compound", parts="KOCSI + HÁZ"))
    finally:
        _network(browser, offline=False)


def test_offline_a_word_only_analysis_decides_says_it_needs_the_service(browser, analysed_site):
    site = analysed_site
    title = TITLES["en"]["hu-betutorony"]
    visit(browser, site, "lexicon=hu-betutorony", lang="en")
    _load_offline(browser, "en", title)
    undecided = browser.execute_async_script(  # the same bundle loaded again, by the package the page uses
        "const [words, done] = arguments;"
        "const item = JSON.parse(document.getElementById('page-data').textContent).lexicons"
        "  .find((l) => l.name === 'hu-betutorony');"
        "import('/static/tile-lexicon/index.js').then(({ load }) => load(item.bundle.url, { play: true }))"
        "  .then((lex) => done(words.find((w) => lex.check(w).valid === null)), (e) => done(`failed: ${e}`));",
        ["kortárs", "kutyaház", "kutyaházsor", "társasház", "házsor", "kenyérkosár"])
    assert undecided and not undecided.startswith("failed"), \
        f"the Hungarian test lexicon decides every candidate offline ({undecided})"
    type_word(browser, undecided)  # online: the service's analysis answers
    assert verdict(browser, undecided.upper())
    _network(browser, offline=True)
    try:
        type_word(browser, "x")
        type_word(browser, undecided)
        wait_for(browser, "return document.getElementById('problem')?.textContent === arguments[0]",
                 t("en", "problem.needs-service"))
    finally:
        _network(browser, offline=False)


def test_offline_a_play_is_judged_and_the_best_plays_found_with_the_network_cut(browser, site):
    """POST /play and POST /moves answered by the bundle's own rules for its game: what the service answers."""
    body = {"game": "sv-betapet", "lexicon": "sv-betapet", "board": BOARD}
    judged = json.loads(site.post("/play", json.dumps(body | {"move": {"word": "hundra", "start": "H8",
                                                                         "direction": "across"}}).encode())[2])
    best = json.loads(site.post("/moves", json.dumps(body | {"rack": "KATTE?S", "limit": 10}).encode())[2])
    assert judged["legal"] and judged["score"] > 0 and len(best["plays"]) == 10
    visit(browser, site, lang="en")
    _load_offline(browser, "en", TITLES["en"]["sv-betapet"])
    _network(browser, offline=True)
    try:
        assert browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/healthz').then(() => done('online'), () => done('offline'));") == "offline"
        browser.execute_script("document.getElementById('board').value = arguments[0]", "\n".join(BOARD))
        browser.find_element(By.ID, "move-word").send_keys("hundra")
        browser.find_element(By.ID, "move-start").send_keys("H8")
        browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
        line = wait_for(browser, "return document.getElementById('play-verdict')")
        assert line.text == t("en", "play.legal", n=judged["score"])
        assert texts(browser, "#play-answer .play-words li strong") == [
            t("en", "play.word.valid", word=w["word"], n=w["score"]) for w in judged["words"]]
        placed = browser.find_elements(By.CSS_SELECTOR, "#grid .placed")
        assert [p.get_attribute("data-square") for p in placed] == [p["square"] for p in judged["placed"]]
        browser.find_element(By.ID, "play-rack").send_keys("KATTE?S")
        browser.find_element(By.ID, "best").click()
        wait_for(browser, "return document.querySelector('#play-answer .best')")
        found = browser.find_element(By.ID, "best-verdict").text
        assert re.sub(r"(?<=\d),(?=\d{3})", "", found) == t("en", "best.found", n=best["count"])  # 2,857
        assert texts(browser, "#play-answer .best button") == [
            t("en", "best.play", word=p["move"]["word"], start=p["move"]["start"],
              direction=t("en", f"play.{p['move']['direction']}"), points=t("en", "answer.points", n=p["score"]))
            for p in best["plays"]]
        # a play the rules refuse is said so, by the bundle's rules too
        browser.find_element(By.ID, "play-rack").clear()
        browser.find_element(By.ID, "take-back").click()  # the best play drawn on the board is taken back
        browser.find_element(By.ID, "move-word").send_keys("hundra")
        browser.find_element(By.ID, "move-start").send_keys("A1")
        browser.find_element(By.CSS_SELECTOR, "#play button[type=submit]").click()
        wait_for(browser, "return document.querySelector('#play-answer .errors')")
        assert browser.find_element(By.ID, "play-verdict").text == t("en", "play.illegal")
        assert t("en", "play.error.not-connected") in texts(browser, "#play-answer .errors li")
    finally:
        _network(browser, offline=False)


# ------------------------------------------------------------------ one language a page


@functools.cache
def _english_leaks(lang: str):
    """A search for any English message of the catalogue (its placeholders read as any text) that the page's
    language says otherwise."""
    theirs, ours = catalogue("en"), catalogue(lang)
    found = []
    for key, message in theirs.items():
        for form in message if isinstance(message, list) else [message]:
            # a message the language says alike, a name within its own longer one (Betűtorony), or too short to tell
            if ours.get(key) == message or form in str(ours.get(key)) or len(re.sub(r"\{\w+\}", "", form).strip()) < 8:
                continue
            found.append(re.compile(".*?".join(map(re.escape, re.split(r"\{\w+\}", form)))))
    return found


def _leaks(browser) -> list[str]:
    """The English messages on the page in the browser, when its language is another."""
    lang = browser.execute_script("return document.documentElement.lang")
    if lang == "en" or not browser.find_elements(By.TAG_NAME, "main"):
        return []
    body = browser.execute_script("return document.querySelector('main').innerText + '\\n' + "
                                  "(document.querySelector('.lexicon')?.innerText || '')")
    leaked = [p.pattern for p in _english_leaks(lang) if p.search(body)]
    return leaked + [e.text for e in browser.find_elements(By.CSS_SELECTOR, "main [lang=en]")]


@pytest.fixture(autouse=True)
def _one_language(request):
    """Every state a test of the page leaves in Swedish or Hungarian has no English in it."""
    yield
    browser = request.node.funcargs.get("browser")
    if browser is not None:
        assert _leaks(browser) == []


@pytest.mark.parametrize("lang", ["sv", "hu"])
def test_a_page_speaks_one_language_in_every_state(browser, site, lang):
    """No English on a Swedish or Hungarian page, whatever the answer (the API's English detail included), and
    hints with the chosen game's own tiles: no Hungarian cube on a Swedish list, no blank in Betűtorony."""
    states = [("", "#word"), ("word=hundar", "#elsewhere"), ("word=abc-bok", "#record"),
              ("word=%5BSZ%5DAX", "#detail"), ("word=kat%E2%80%8B", "#answer #detail"), ("pattern=H%5B", "#problem"),
              ("lexicon=hu-betutorony&word=H%C3%81%5BZS%5DOR", "#tilings"), ("rack=retsam%3F", "#anagrams .total"),
              ("lexicon=hu-betutorony&pattern=%5BQ", "#problem"), ("hooks=ar", "#hook-answer .total"),
              # plays on the board: judged, illegal (with its square marked), a board that does not read
              ("game=sv-betapet&board=" + "_".join(["15"] * 7 + ["7HUND4"] + ["15"] * 7) + "&move=I9R",
               "#play-verdict"),
              ("game=sv-betapet&play-rack=XY%3F&move=A1X+B1Y", "#play-answer .errors"),
              ("game=sv-betapet&board=7HUND4&move=I9R", "#play-verdict"),
              ("lexicon=hu-betutorony&game=hu-betutorony&board=10_10_10_10_4H%C3%81Z3_10_10_10_10_10&heights="
               + "_".join(["0" * 10] * 4 + ["0000111000"] + ["0" * 10] * 5) + "&move=E5V+F5%C3%8D", "#play-verdict")]
    for query, ready in states:
        visit(browser, site, query, lang=lang)
        try:
            wait_for(browser, f"return document.querySelector('{ready}')")
        except TimeoutException:
            shown = browser.find_element(By.TAG_NAME, "main").text[:300]
            raise AssertionError(f"{query}: no {ready}: {shown}") from None
        assert _leaks(browser) == [], query
        hints = " ".join(texts(browser, ".hint"))
        cube = re.search(r"\[[^\]]{2,}\]", hints)  # a tile of several letters, in notation
        if "hu-betutorony" in query:
            assert t(lang, "anagram.hint.blank") not in hints and cube, (query, hints)
        else:
            assert not cube and "HÁ" not in hints and t(lang, "anagram.hint.blank") in hints, (query, hints)
