"""The page's message catalogues: every language says everything, with the same placeholders, and
the page asks only for messages that exist."""

import gettext
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from lexicon import Reason
from lexicon_service import messages

SERVICE = Path(messages.__file__).parent.parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def forms(message) -> list[str]:
    return message if isinstance(message, list) else [message]


@pytest.mark.parametrize("lang", [lang for lang in messages.LANGUAGES if lang != "en"])
def test_each_language_has_every_message_with_the_same_placeholders(lang):
    english, other = messages.catalogue("en"), messages.catalogue(lang)
    assert other.keys() == english.keys()
    for key, text in english.items():
        assert isinstance(other[key], list) == isinstance(text, list), key
        wanted = {p for form in forms(text) for p in PLACEHOLDER.findall(form)}
        for form in forms(other[key]):
            assert set(PLACEHOLDER.findall(form)) <= wanted, (lang, key, form)
        # every placeholder shows up in some form (a language may say "1" without {n}, never lose a word)
        assert wanted - {"n"} <= {p for form in forms(other[key]) for p in PLACEHOLDER.findall(form)}, (lang, key)


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_the_scripts_plural_choice_is_the_catalogues_own_rule(lang):
    """The script picks form 0 when Intl.PluralRules says "one" (CLDR), and the catalogue's
    Plural-Forms header is gettext's rule: the two must agree for every count."""
    with (SERVICE / "messages" / f"{lang}.po").open("rb") as f:
        rule = gettext.c2py(read_po(f).plural_expr)
    cldr = Locale.parse(lang).plural_form
    assert [rule(n) for n in range(0, 1001)] == [0 if cldr(n) == "one" else 1 for n in range(0, 1001)]


def used_keys() -> set[str]:
    script = "".join(p.read_text(encoding="utf-8") for p in (SERVICE / "static").glob("*.js"))  # the page's modules
    template = (SERVICE / "templates" / "index.html").read_text(encoding="utf-8")
    return set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", script + template))


def test_every_message_the_page_asks_for_exists():
    keys, english = used_keys(), messages.catalogue("en")
    assert len(keys) > 40
    assert {k for k in keys if not k.endswith(".")} <= english.keys()
    for prefix in (k for k in keys if k.endswith(".")):  # a key made at run time: `'language.' ~ code`
        assert any(k.startswith(prefix) for k in english), prefix


def test_every_reason_a_rule_gives_is_explained():
    """A new reason code in lexicon/reasons.py needs its words here (`rule.<code>`) before the page says it."""
    outcomes = {Reason.EMPTY, Reason.NOT_IN_LEXICON, Reason.WRONG_TILING, Reason.BAD_NOTATION}
    for lang in messages.LANGUAGES:
        missing = [r.value for r in Reason if r not in outcomes and f"rule.{r.value}" not in messages.catalogue(lang)]
        assert missing == [], lang


def test_the_template_holds_no_words_of_its_own():
    """Text between tags is a message or a value: nothing a translator would have to find in the HTML."""
    template = (SERVICE / "templates" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", "", template, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    assert re.findall(r"[^\W\d_]{2,}", text) == []


@pytest.mark.parametrize(("header", "lang"), [
    ("sv-SE,sv;q=0.9,en;q=0.8", "sv"), ("hu-HU", "hu"), ("en-US,hu;q=0.5", "en"), ("de-DE,hu;q=0.3", "hu"),
    ("de-DE,de;q=0.9", "en"), ("hu;q=0,sv;q=0.1", "sv"), ("", "en"), ("*", "en"),
])
def test_the_language_follows_accept_language_by_preference(header, lang):
    assert messages.choose(None, None, parse_accept_header(header, LanguageAccept)) == lang


def test_the_switch_and_the_remembered_choice_come_before_the_browser():
    swedish = parse_accept_header("sv-SE", LanguageAccept)
    assert messages.choose("hu", "en", swedish) == "hu"
    assert messages.choose(None, "en", swedish) == "en"
    assert messages.choose("<script>", "xx", swedish) == "sv"


def test_a_message_is_filled_in_and_a_missing_one_shows_its_key():
    swedish = messages.catalogue("sv")
    assert messages.text(swedish, "answer.points", n=1) == "1 poäng"
    assert messages.text(swedish, "verdict.valid", word="HUND", lexicon="Betapet") == "HUND: giltigt i Betapet"
    assert messages.text(swedish, "no.such.key") == "no.such.key"
