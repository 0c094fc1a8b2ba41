"""XML sources, parsed safely and in constant memory: the project's own entry shape and LMF (SALDO).

Safety: no DTD at all (a document declaring one is refused, which stops entity bombs and
external entities before anything expands), no network, libxml2's default limits on depth and
text size (`huge_tree` off), a bound on file size, and `iterparse` with each element cleared
after use, so a large file streams.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from lexicon.errors import DataError

from ..entry import ABBREVIATION, AFFIX, FLAGS, MULTIWORD, PROPER_NOUN, Entry, Form
from ..files import DEFAULT_MAX_BYTES, open_checked
from .base import MAX_BYTES, PATH, Source

ENTRY_FORMAT = "tile-lexicon-entries"
ENTRY_FORMAT_VERSION = "1"


def safe_elements(path: Path, tag: str, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[etree._Element]:
    """Yield each complete `tag` element of the file; its memory is freed when the caller moves on."""
    with open_checked(path, max_bytes) as fh:
        context = etree.iterparse(
            fh, events=("start", "end"), resolve_entities=False, no_network=True, load_dtd=False,
            huge_tree=False, remove_comments=True, remove_pis=True,
        )
        try:
            for event, element in context:
                if event == "start":
                    if element.getparent() is None:
                        _refuse_dtd(path, element)
                    continue
                if element.tag == tag:
                    _refuse_entities(path, element)
                    yield element
                    element.clear(keep_tail=False)
                    parent = element.getparent()
                    while parent is not None and element.getprevious() is not None:
                        del parent[0]
        except etree.XMLSyntaxError as exc:
            line = exc.lineno if exc.lineno else None
            raise DataError(f"not well-formed XML: {exc.msg}", path=str(path), line=line, code="bad-source") from None


def _refuse_dtd(path: Path, root: etree._Element) -> None:
    info = root.getroottree().docinfo
    if info.internalDTD is not None or info.externalDTD is not None or info.system_url:
        raise DataError("the document declares a DTD; DTDs and entities are not allowed in sources",
                        path=str(path), line=root.sourceline, code="bad-source")


def _refuse_entities(path: Path, element: etree._Element) -> None:
    for node in element.iter(etree.Entity):
        raise DataError(f"entity reference {node.text} is not allowed in sources", path=str(path),
                        line=node.sourceline or element.sourceline, code="bad-source")


class SaolXmlSource(Source):
    """The project's own XML shape for a headword list; documented in docs/sources.md.

        <lexicon format="tile-lexicon-entries" version="1">
          <entry pos="NOUN" flags="proper-noun"><headword>allé</headword>
            <notation>+n +er</notation><form tag="sg def nom">allén</form></entry>
        </lexicon>
    """

    kind = "saol-xml"
    options = {"path": PATH, "max_bytes": MAX_BYTES}
    _children = {"headword", "form", "notation"}

    def files(self) -> list[Path]:
        return [self.config.path()]

    def entries(self) -> Iterator[Entry]:
        path = self.config.path()
        max_bytes = self.config.get("max_bytes", int, DEFAULT_MAX_BYTES)
        checked_root = False
        for number, element in enumerate(safe_elements(path, "entry", max_bytes), start=1):
            if not checked_root:
                self._check_root(path, element.getroottree().getroot())
                checked_root = True
            yield self._entry(path, element, number)

    def _check_root(self, path: Path, root: etree._Element) -> None:
        if root.tag != "lexicon" or root.get("format") != ENTRY_FORMAT:
            raise DataError(f'the root element must be <lexicon format="{ENTRY_FORMAT}">', path=str(path),
                            line=root.sourceline, code="bad-source")
        if root.get("version") != ENTRY_FORMAT_VERSION:
            raise DataError(f"format version {root.get('version')!r}; this reader knows version "
                            f"{ENTRY_FORMAT_VERSION}", path=str(path), line=root.sourceline, code="bad-source")

    def _entry(self, path: Path, element: etree._Element, number: int) -> Entry:
        line = element.sourceline

        def fail(message: str) -> DataError:
            return DataError(f"entry {number}: {message}", path=str(path), line=line, code="bad-source")

        headwords = [c for c in element if c.tag == "headword"]
        if len(headwords) != 1 or not (headwords[0].text or "").strip():
            raise fail("needs exactly one non-empty <headword>")
        for child in element:
            if child.tag not in self._children:
                raise fail(f"unknown element <{child.tag}> (allowed: {', '.join(sorted(self._children))})")
        flags = frozenset((element.get("flags") or "").split())
        if not flags <= FLAGS:
            raise fail(f"unknown flag {sorted(flags - FLAGS)[0]!r} (allowed: {', '.join(sorted(FLAGS))})")
        forms = []
        for child in element.iterchildren("form"):
            if not (child.text or "").strip():
                raise fail("an empty <form>")
            forms.append(Form(child.text.strip(), child.get("tag", ""), "source"))
        notation = element.findtext("notation") or ""
        return Entry(headword=headwords[0].text.strip(), pos=element.get("pos", ""), forms=tuple(forms),
                     flags=flags, source=self.id, record=number, notation=notation.strip(),
                     extra={"line": str(line)})


# SALDO's parts of speech in UD terms. A trailing "m" marks a multiword expression, a trailing
# "a" an abbreviation; "sxc" is a prefix that exists only inside compounds.
_SALDO_POS = {
    "nn": "NOUN", "vb": "VERB", "av": "ADJ", "ab": "ADV", "pm": "PROPN", "pn": "PRON", "in": "INTJ",
    "nl": "NUM", "pp": "ADP", "kn": "CCONJ", "sn": "SCONJ", "ie": "PART", "al": "DET", "sxc": "X",
}
#: WordForm tags that exist only inside compounds: not words.
COMPOUND_ONLY = frozenset({"ci", "cm", "c", "sms"})


class LmfSource(Source):
    """LMF XML in SALDO's shape (saldom.xml): LexicalEntry → Lemma/FormRepresentation and WordForm."""

    kind = "lmf"
    options = {"path": PATH, "max_bytes": MAX_BYTES}

    def files(self) -> list[Path]:
        return [self.config.path()]

    def entries(self) -> Iterator[Entry]:
        path = self.config.path()
        max_bytes = self.config.get("max_bytes", int, DEFAULT_MAX_BYTES)
        for number, element in enumerate(safe_elements(path, "LexicalEntry", max_bytes), start=1):
            yield self._entry(path, element, number)

    def _entry(self, path: Path, element: etree._Element, number: int) -> Entry:
        lemma = _feats(element.find("Lemma/FormRepresentation"))
        word = lemma.get("writtenForm", "").strip()
        if not word:
            raise DataError(f"LexicalEntry {number} has no Lemma/FormRepresentation writtenForm",
                            path=str(path), line=element.sourceline, code="bad-source")
        saldo_pos = lemma.get("partOfSpeech", "")
        base = saldo_pos[:-1] if saldo_pos[-1:] in ("m", "a") and saldo_pos[:-1] in _SALDO_POS else saldo_pos
        flags = set()
        if saldo_pos.endswith("m") and base != saldo_pos:
            flags.add(MULTIWORD)
        if saldo_pos.endswith("a") and base != saldo_pos:
            flags.add(ABBREVIATION)
        if base == "pm":
            flags.add(PROPER_NOUN)
        if saldo_pos == "sxc":
            flags.add(AFFIX)
        forms = []
        for wordform in element.iterchildren("WordForm"):
            feats = _feats(wordform)
            text, msd = feats.get("writtenForm", "").strip(), feats.get("msd", "")
            if text and msd not in COMPOUND_ONLY:
                forms.append(Form(text, msd, "lmf"))
        return Entry(
            headword=word, pos=_SALDO_POS.get(base, saldo_pos.upper()), forms=tuple(forms), flags=frozenset(flags),
            source=self.id, record=number,
            extra={k: lemma[k] for k in ("paradigm", "lemgram") if k in lemma} | {"line": str(element.sourceline)},
        )


def _feats(element: etree._Element | None) -> dict[str, str]:
    if element is None:
        return {}
    return {f.get("att"): f.get("val", "") for f in element.iterchildren("feat")}
