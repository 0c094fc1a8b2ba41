"""The running-text recall benchmark's counting (support/running_text.py): what a word is, and which count."""

import gzip
from collections import Counter

from support.running_text import count_words, frequent_words, shape


def test_subtitles_count_their_text_not_their_numbers_and_times(tmp_path):
    srt = tmp_path / "a.srt"
    srt.write_text("1\n00:00:01,000 --> 00:00:02,000\nDet är Kungen!\n\n2\n00:00:03,000 --> 00:00:04,000\n"
                   "det var EU-kommissionen 1956.\n", encoding="utf-8")
    assert count_words([srt]) == Counter({"det": 2, "är": 1, "kungen": 1, "var": 1, "eu": 1, "kommissionen": 1})


def test_man_pages_and_html_lose_their_markup(tmp_path):
    page = tmp_path / "ls.1.gz"
    with gzip.open(page, "wt", encoding="utf-8") as fh:
        fh.write('.TH LS 1\n.SH NAMN\nls \\- lista \\fBkatalogers\\fR innehåll\n')
    html = tmp_path / "a.html"
    html.write_text("<p>Ett <b>fint</b> ord&nbsp;här</p><script>var x;</script>", encoding="utf-8")
    assert count_words([page]) == Counter({"namn": 1, "ls": 1, "lista": 1, "katalogers": 1, "innehåll": 1})
    assert count_words([html]) == Counter({"ett": 1, "fint": 1, "ord": 1, "här": 1})


def test_frequent_words_need_two_letters_a_vowel_and_the_judges_yes():
    counts = Counter({"och": 9, "km": 8, "i": 7, "stockholm": 6, "hundar": 5, "xyzzy": 4, "katt": 3})
    judge = {"och", "km", "i", "hundar", "katt"}.__contains__  # DSSO writes Stockholm with a capital
    assert frequent_words(counts, judge, top=2) == [("och", 9), ("hundar", 5)]
    assert frequent_words(counts, judge) == [("och", 9), ("hundar", 5), ("katt", 3)]


def test_misses_are_named_by_their_shape():
    assert [shape(w) for w in ("vackrare", "skadad", "grävs", "gamle", "ni")] == [
        "comparison", "participle", "s-form or genitive", "masculine", "other"]
