"""Normalisation: ICU folding to the game's alphabet, stable reason codes, idempotence."""

import unicodedata

import icu
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon import InputError, Reason, load_alphabet, normalize
from lexicon.normalize import Normalizer, normalizer_for


@pytest.mark.parametrize("word, key", [
    ("allé", "ALLE"), ("ALLÉ", "ALLE"), ("pietà", "PIETA"), ("crêpe", "CREPE"), ("garçon", "GARCON"),
    ("señor", "SENOR"), ("Åsa", "ÅSA"), ("ärta", "ÄRTA"), ("öl", "ÖL"), ("müsli", "MUSLI"),
    ("læstadian", "LÄSTADIAN"), ("pH", "PH"),
    ("A\u030angstro\u0308m", "ÅNGSTRÖM"),  # decomposed Å and ö keep their marks
])
def test_swedish_betapet_folds_foreign_letters_and_keeps_aao(word, key):
    assert normalize(word, "sv-betapet") == key


def test_swedish_scrabble_keeps_u_umlaut_and_ae_as_letters():
    assert normalize("müsli", "sv-scrabble") == "MÜSLI"
    assert normalize("læstadian", "sv-scrabble") == "LÆSTADIAN"
    assert normalize("pietà", "sv-scrabble") == "PIETA"


@pytest.mark.parametrize("word, key", [
    ("árvíztűrő", "ÁRVÍZTŰRŐ"), ("tükörfúrógép", "TÜKÖRFÚRÓGÉP"), ("őz", "ŐZ"),
    ("Õz", "ŐZ"), ("tûz", "TŰZ"),  # the Latin-1 stand-ins for ő and ű
    ("Ärger", "ARGER"),  # not a Hungarian letter: the accent goes
])
def test_hungarian_keeps_its_accented_letters(word, key):
    assert normalize(word, "hu-betutorony") == key


@pytest.mark.parametrize("word, reason, position", [
    ("", Reason.EMPTY, 0),
    ("   ", Reason.EMPTY, 0),
    ("silk screen", Reason.MULTIWORD, 4),
    ("abc-bok", Reason.HYPHENATED, 3),
    ("anti-", Reason.AFFIX, 4),
    ("-aktig", Reason.AFFIX, 0),
    ("mp3", Reason.DIGIT, 2),
    ("c/o", Reason.NON_LETTER, 1),
    ("rock'n'roll", Reason.NON_LETTER, 4),
    ("bl.a", Reason.NON_LETTER, 2),
    ("hej\u200b", Reason.NON_LETTER, 3),  # zero-width space
    ("\u202ehej", Reason.NON_LETTER, 0),  # right-to-left override
    ("мир", Reason.NON_LETTER, 0),
    ("x:a över", Reason.MULTIWORD, 3),  # the most telling problem wins
    ("drive-in-", Reason.AFFIX, 8),
])
def test_every_spelling_reason_code(word, reason, position):
    result = Normalizer(load_alphabet("sv-betapet"))(word)
    assert (result.key, result.reason, result.position) == (None, reason, position)


@pytest.mark.parametrize(("word", "key", "detail"), [
    ("ﬁn", "FIN", None),  # a ligature: Unicode's case mapping writes its letters
    ("ﬂata", "FLATA", None),
    ("ＨＵＮＤ", None, "non-letter (U+FF28) at position 0"),  # fullwidth: no case mapping makes it H
    ("hu\u00adnd", None, "non-letter (U+00AD) at position 2"),  # a soft hyphen, unseen: named
    ("Ⓗund", None, "non-letter (U+24BD) at position 0"),
    ("ℌund", None, "non-letter (U+210C) at position 0"),
    ("hund²", None, "non-letter (U+00B2) at position 4"),  # a superscript: no digit either
    ("abc-bok", None, "hyphenated (U+002D) at position 3"),
])
def test_compatibility_characters_by_one_rule_and_the_one_at_fault_named(word, key, detail):
    """Upper-casing by Unicode's full case mapping and nothing more (docs/normalisation.md): a word is its key,
    or its refusal names the character at fault by code point, the same from the library and the C core."""
    result = Normalizer(load_alphabet("sv-betapet"))(word)
    assert result.key == key
    assert (result.cause() if key is None else None) == detail


def test_a_non_letter_is_never_deleted_silently():
    with pytest.raises(InputError) as err:
        normalize("abc-bok", "sv-betapet")
    assert err.value.code == "invalid-word" and err.value.result.reason is Reason.HYPHENATED
    assert "position 3" in str(err.value)


def test_combining_mark_flood_is_bounded_and_rejected_or_folded():
    result = Normalizer(load_alphabet("sv-betapet"))("e" + "\u0301" * 10_000)
    assert result.reason is Reason.NON_LETTER or result.key == "E"


def test_hungarian_x_is_not_a_letter():
    result = Normalizer(load_alphabet("hu-betutorony"))("taxi")
    assert (result.reason, result.position) == (Reason.NON_LETTER, 2)


@pytest.mark.parametrize("name", ["sv-betapet", "sv-scrabble", "hu-betutorony"])
@given(text=st.text(max_size=30))
def test_normalising_twice_gives_the_same_key(name, text):
    n = Normalizer(load_alphabet(name))
    first = n(text)
    if first.ok:
        assert n(first.key).key == first.key


@given(text=st.text(alphabet=st.characters(codec="latin-1"), max_size=20))
def test_fast_path_agrees_with_icu_casing(text):
    """str.upper (the fast path) and ICU's locale-aware upper-casing agree for sv and hu."""
    for lang in ("sv", "hu"):
        nfc = unicodedata.normalize("NFC", text)
        assert str(icu.UnicodeString(nfc).toUpper(icu.Locale(lang))) == nfc.upper()


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=12))
def test_the_quick_path_agrees_with_the_full_one_on_any_text(text):
    """Normalizer.quick (Python's upper-casing, no NFC) decides a word only when the full path (NFC,
    ICU's upper-casing, folding) gives the same key."""
    for name in ("sv-betapet", "sv-scrabble", "hu-betutorony"):
        normalizer = normalizer_for(name)
        key = normalizer.quick(text)
        assert key is None or key == normalizer(text).key


@pytest.mark.parametrize("text", ["straße", "ſtor", "ﬆor", "ıdé", "Ångström", "Å", "a\u030angel", "ǅem",
                                  "İstanbul", "ŉ", "ǰ", "ΐ", "ﬁn", "Ǆ", "őrült", "Ő", "ű"])
def test_the_quick_path_on_special_casings(text):
    for name in ("sv-betapet", "hu-betutorony"):
        normalizer = normalizer_for(name)
        key = normalizer.quick(text)
        assert key is None or key == normalizer(text).key
