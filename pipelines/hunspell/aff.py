"""The .aff file: encoding, flag type, aliases, the special flags, and the prefix and suffix rules.

Only what decides which words exist is read; suggestion directives (TRY, REP, MAP, KEY, BREAK, …)
are skipped like any unknown keyword, as Hunspell does. Of compounding, the flags that let a form
stand in a compound and the flags COMPOUNDRULE names are read (for the tiling evidence and the
precheck's parts), and the rules that forbid compounds (COMPOUNDPERMITFLAG, COMPOUNDFORBIDFLAG,
COMPOUNDROOT, COMPOUNDWORDMAX, COMPOUNDSYLLABLE, SYLLABLENUM, COMPOUNDMIN, CHECKCOMPOUND*, the
CHECKCOMPOUNDPATTERN table) for the two-part rule (lexicon_pipelines.hunspell.pieces). CHECKCOMPOUNDREP
is read as a switch only: its REP table is a suggestion table. Tables are read the way Hunspell reads
them: a header with a count, then exactly that many lines, so a wrong count, a blank line inside a
table or a file that ends early is an error with the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lexicon.errors import DataError

from ..files import DEFAULT_MAX_BYTES
from .flags import FLAG_TYPES, FlagCodec, FlagType
from .text import DEFAULT_ENCODING, Decoder, codec, raw_lines

#: Directives naming one special flag, and the attribute each sets (PSEUDOROOT is NEEDAFFIX's old name).
FLAG_DIRECTIVES = {
    b"NEEDAFFIX": "needaffix", b"PSEUDOROOT": "needaffix", b"CIRCUMFIX": "circumfix",
    b"FORBIDDENWORD": "forbidden", b"ONLYINCOMPOUND": "onlyincompound", b"KEEPCASE": "keepcase",
    b"WARN": "warn",
    # Compounding is not expanded, but which stems may begin or end a compound tells Hungarian
    # tiling where a listed stem is two stems joined (lexicon_pipelines.tiling_evidence), and the
    # precheck which forms may stand where in one (lexicon_pipelines.hunspell.parts).
    b"COMPOUNDFLAG": "compoundflag", b"COMPOUNDBEGIN": "compoundbegin", b"COMPOUNDFIRST": "compoundfirst",
    b"COMPOUNDEND": "compoundend", b"COMPOUNDLAST": "compoundlast", b"COMPOUNDMIDDLE": "compoundmiddle",
    # What forbids a compound: a suffix inside a first part or a prefix on a last part needs PERMIT,
    # FORBID keeps an affix or stem out of compounds, ROOT marks a stem that is itself a compound.
    b"COMPOUNDPERMITFLAG": "compoundpermit", b"COMPOUNDFORBIDFLAG": "compoundforbid",
    b"COMPOUNDROOT": "compoundroot", b"FORCEUCASE": "forceucase",
}
SWITCHES = {b"FULLSTRIP": "fullstrip", b"FORBIDWARN": "forbidwarn", b"SIMPLIFIEDTRIPLE": "simplifiedtriple",
            b"CHECKCOMPOUNDDUP": "checkcompounddup", b"CHECKCOMPOUNDTRIPLE": "checkcompoundtriple",
            b"CHECKCOMPOUNDREP": "checkcompoundrep", b"CHECKCOMPOUNDCASE": "checkcompoundcase",
            b"COMPOUNDMORESUFFIXES": "compoundmoresuffixes"}
#: Hunspell's COMPOUNDMIN when the file gives none (MINCPDLEN).
DEFAULT_COMPOUNDMIN = 3
UNSUPPORTED = {b"COMPLEXPREFIXES": "twofold prefix stripping (COMPLEXPREFIXES) is not supported"}

Matcher = Callable[[str], bool]


@dataclass(frozen=True, slots=True, eq=False)
class Affix:
    """One PFX or SFX rule: strip `strip` from the stem's start (prefix) or end (suffix), add `add`,
    if the stem matches `condition`; `cont` are the continuation flags after the slash."""

    kind: str  # "PFX" or "SFX"
    flag: str
    strip: str
    add: str
    condition: str  # as written; "." for none
    cross: bool  # Y in the header: may combine with an affix of the other kind
    cont: frozenset[str]
    morph: str
    line: int
    matches: Matcher | None = field(repr=False)  # the condition, None when it is "."

    @property
    def is_prefix(self) -> bool:
        return self.kind == "PFX"


@dataclass(frozen=True)
class CompoundPattern:
    """A CHECKCOMPOUNDPATTERN line: no compound whose first part ends with `end` and whose last part begins
    with `begin` (`.` any letter there), where the parts carry the flags, if any; `replacement`: Hunspell
    also reads a compound spelled with it at the seam (SIMPLIFIEDTRIPLE-like spellings)."""

    end: str
    begin: str
    end_flag: str | None = None
    begin_flag: str | None = None
    replacement: str = ""


@dataclass
class AffixFile:
    path: Path
    encoding: str  # the Python codec of `SET`
    flag_type: FlagType
    codec: FlagCodec
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    suffixes: dict[str, list[Affix]] = field(default_factory=dict)
    flag_aliases: list[frozenset[str]] = field(default_factory=list)  # AF, numbered from 1
    morph_aliases: list[str] = field(default_factory=list)  # AM, numbered from 1
    needaffix: str | None = None
    circumfix: str | None = None
    forbidden: str | None = None
    onlyincompound: str | None = None
    compoundflag: str | None = None
    compoundbegin: str | None = None
    compoundfirst: str | None = None  # COMPOUNDBEGIN's old name; a file may give both
    compoundend: str | None = None
    compoundlast: str | None = None  # COMPOUNDEND's old name
    compoundmiddle: str | None = None
    compoundrule_flags: frozenset[str] = frozenset()  # every flag a COMPOUNDRULE names
    compoundpermit: str | None = None
    compoundforbid: str | None = None
    compoundroot: str | None = None
    forceucase: str | None = None
    compoundwordmax: int | None = None  # None: any number of words
    compoundmin: int = DEFAULT_COMPOUNDMIN  # letters of a compound's part at the least
    compoundsyllable: tuple[int, str] | None = None  # (most syllables, the vowels that count them)
    syllablenum: str | None = None  # SYLLABLENUM: Hungarian syllable corrections (hardwired in Hunspell)
    compound_patterns: list[CompoundPattern] = field(default_factory=list)
    checkcompounddup: bool = False
    checkcompoundtriple: bool = False
    checkcompoundrep: bool = False
    checkcompoundcase: bool = False
    compoundmoresuffixes: bool = False
    keepcase: str | None = None
    warn: str | None = None
    fullstrip: bool = False
    # compounds spelled otherwise than their parts joined: a triple letter written twice, or a
    # CHECKCOMPOUNDPATTERN's replacement at the seam (the precheck's parts cannot hold them)
    simplifiedtriple: bool = False
    seam_replacements: bool = False
    replacements: list[tuple[str, str]] = field(default_factory=list)  # the REP table: (from, to)
    forbidwarn: bool = False
    ignore: str = ""  # characters removed from words and affixes
    iconv: list[tuple[str, str]] = field(default_factory=list)  # input conversions
    lang: str = ""

    @property
    def rules(self) -> int:
        return sum(map(len, self.prefixes.values())) + sum(map(len, self.suffixes.values()))

    def alias_flags(self, raw: bytes, fail: Callable[[str], Exception]) -> frozenset[str]:
        """The flag set an AF alias number names (`hund/12`)."""
        return _alias(self.flag_aliases, raw, "AF", fail)

    def alias_morph(self, raw: bytes, fail: Callable[[str], Exception]) -> str:
        """The morphological fields an AM alias number names."""
        return _alias(self.morph_aliases, raw, "AM", fail)

    def flag_set(self, raw: bytes, fail: Callable[[str], Exception]) -> frozenset[str]:
        """A flag field as a set: an AF alias number when the file has AF, else flags."""
        if self.flag_aliases:
            return self.alias_flags(raw, fail)
        return frozenset(self.codec.flags(raw, fail))


def _alias(table: list, raw: bytes, name: str, fail: Callable[[str], Exception]):
    text = raw.strip()
    if not text.isdigit() or not 1 <= int(text) <= len(table):
        raise fail(f"{raw.decode('latin-1')!r} is not one of the {len(table)} {name} aliases of the .aff")
    return table[int(text) - 1]


def read_aff(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> AffixFile:
    """Parse an .aff file; every malformation is a DataError naming the file and line."""
    lines = list(raw_lines(path, max_bytes))
    encoding, flag_type = _settings(path, lines)
    aff = AffixFile(path=path, encoding=encoding, flag_type=flag_type, codec=FlagCodec(flag_type))
    decode = Decoder(path, encoding)
    seen: dict[str, int] = {}
    previous: tuple[bytes, bytes, int] | None = None  # the last PFX/SFX block: keyword, flag, header line
    rows = iter(lines)
    for number, line in rows:
        fields = line.split()
        if not fields or fields[0].startswith(b"#"):
            continue
        key = fields[0]

        def fail(message: str, at: int = number) -> DataError:
            return decode.fail(message, at)

        if key in UNSUPPORTED:
            raise fail(UNSUPPORTED[key])
        if key in FLAG_DIRECTIVES:
            name = FLAG_DIRECTIVES[key]
            _once(seen, name, key, number, fail)
            if len(fields) < 2:
                raise fail(f"{key.decode()} needs a flag")
            setattr(aff, name, aff.codec.flag(fields[1], fail))
        elif key in SWITCHES:
            setattr(aff, SWITCHES[key], True)
        elif key == b"IGNORE":
            _once(seen, "IGNORE", key, number, fail)
            aff.ignore = decode(fields[1], number) if len(fields) > 1 else ""
        elif key == b"LANG" and len(fields) > 1:
            aff.lang = decode(fields[1], number)
        elif key == b"AF":
            _once(seen, "AF", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=2):
                aff.flag_aliases.append(frozenset(aff.codec.flags(row[1], lambda m, at=at: fail(m, at))))
        elif key == b"AM":
            _once(seen, "AM", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=2, rest=True):
                aff.morph_aliases.append(decode(row[1], at).strip())
        elif key == b"REP":
            # a suggestion table to Hunspell; the compiled word rule reads its pairs as the common slips a
            # compound may be (lexicon_pipelines.compounds): `_` is a space in it, `^` and `$` anchor a side
            _once(seen, "REP", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=3):
                aff.replacements.append((decode(row[1], at), decode(row[2], at)))
        elif key == b"ICONV":
            _once(seen, "ICONV", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=3):
                aff.iconv.append((decode(row[1], at), decode(row[2], at)))
        elif key == b"CHECKCOMPOUNDPATTERN":
            _once(seen, "CHECKCOMPOUNDPATTERN", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=3):
                replaced = len(row) > 3 and not row[3].startswith(b"#")
                aff.seam_replacements |= replaced
                aff.compound_patterns.append(_pattern(aff, decode, row, replaced, at, fail))
        elif key in (b"COMPOUNDWORDMAX", b"COMPOUNDMIN"):
            name = key.decode().lower()
            _once(seen, name, key, number, fail)
            if len(fields) < 2 or not fields[1].isdigit():
                raise fail(f"{key.decode()} needs a number")
            value = int(fields[1])
            setattr(aff, name, max(value, 1) if key == b"COMPOUNDMIN" else value)  # Hunspell reads 0 as 1
        elif key == b"COMPOUNDSYLLABLE":
            _once(seen, "COMPOUNDSYLLABLE", key, number, fail)
            if len(fields) < 2 or not fields[1].isdigit():
                raise fail("COMPOUNDSYLLABLE needs a number of syllables (and the vowels)")
            aff.compoundsyllable = (int(fields[1]), decode(fields[2], number) if len(fields) > 2 else "AEIOUaeiou")
        elif key == b"SYLLABLENUM" and len(fields) > 1:
            aff.syllablenum = decode(fields[1], number)
        elif key == b"COMPOUNDRULE":
            _once(seen, "COMPOUNDRULE", key, number, fail)
            for at, row in _table(key, fields, rows, number, fail, min_fields=2):
                aff.compoundrule_flags |= _rule_flags(aff, row[1], lambda m, at=at: fail(m, at))
        elif key in (b"PFX", b"SFX"):
            if previous and len(fields) > 1 and previous[:2] == (key, fields[1]) and not _is_header(fields):
                raise fail(f"a {key.decode()} {fields[1].decode('latin-1')} rule beyond the count its header on "
                           f"line {previous[2]} gives: wrong count in the header?")
            _affix_block(aff, decode, key, fields, rows, number, fail)
            previous = (key, fields[1], number)
    return aff


def _pattern(aff: AffixFile, decode: Decoder, row: list[bytes], replaced: bool, at: int, fail) -> CompoundPattern:
    """`CHECKCOMPOUNDPATTERN end[/flag] begin[/flag] [replacement]`."""
    def side(raw: bytes) -> tuple[str, str | None]:
        text, slash, flag = raw.partition(b"/")
        return decode(text, at), aff.codec.flag(flag, lambda m: fail(m, at)) if slash and flag else None

    (end, end_flag), (begin, begin_flag) = side(row[1]), side(row[2])
    return CompoundPattern(end, begin, end_flag, begin_flag, decode(row[3], at) if replaced else "")


def _rule_flags(aff: AffixFile, pattern: bytes, fail) -> frozenset[str]:
    """The flags of a COMPOUNDRULE pattern: `0*1`, or `(aa)*(bb)?` where a flag is more than a character."""
    grouped = re.findall(rb"\(([^()]*)\)", pattern)
    if grouped:
        return frozenset(aff.codec.flag(g, fail) for g in grouped)
    return frozenset(aff.codec.flags(pattern.replace(b"*", b"").replace(b"?", b""), fail))


def _settings(path: Path, lines: list[tuple[int, bytes]]) -> tuple[str, FlagType]:
    """SET and FLAG, read first: every other field depends on them. Each may appear once, and
    FLAG must come before the first flag is read (AF, PFX, SFX), as Hunspell reads them in order."""
    encoding = flag = None
    first_flags = None
    for number, line in lines:
        fields = line.split()
        if not fields:
            continue
        if fields[0] in (b"AF", b"PFX", b"SFX") and first_flags is None:
            first_flags = number
        if fields[0] == b"SET":
            if encoding is not None:
                raise DataError("SET given twice", path=str(path), line=number, code="bad-source")
            if len(fields) < 2:
                raise DataError("SET needs an encoding", path=str(path), line=number, code="bad-source")
            encoding = codec(fields[1].decode("latin-1"), path, number)
        elif fields[0] == b"FLAG":
            if flag is not None:
                raise DataError("FLAG given twice", path=str(path), line=number, code="bad-source")
            value = fields[1].decode("latin-1") if len(fields) > 1 else ""
            if value not in FLAG_TYPES:
                raise DataError(f"unknown flag type {value!r} (FLAG takes long, num or UTF-8; "
                                f"leave FLAG out for single-byte flags)",
                                path=str(path), line=number, code="bad-source")
            if first_flags is not None:
                raise DataError(f"FLAG comes after line {first_flags}, which already used flags: "
                                f"move FLAG to the top", path=str(path), line=number, code="bad-source")
            flag = FLAG_TYPES[value]
    return encoding or codec(DEFAULT_ENCODING, path, None), flag or FlagType.CHAR


def _once(seen: dict[str, int], name: str, key: bytes, number: int, fail) -> None:
    if name in seen:
        raise fail(f"{key.decode()} given twice (first on line {seen[name]})")
    seen[name] = number


def _count(key: bytes, fields: list[bytes], fail) -> int:
    count = fields[1] if len(fields) > 1 else b""
    if not count.isdigit() or int(count) < 1:
        raise fail(f"{key.decode()} table header is `{key.decode()} <count>` with a positive count, "
                   f"got {count.decode('latin-1')!r}")
    return int(count)


def _table(key: bytes, header: list[bytes], rows: Iterator[tuple[int, bytes]], number: int, fail,
           *, min_fields: int, rest: bool = False) -> Iterator[tuple[int, list[bytes]]]:
    """The `count` lines after a table header, each starting with the table's keyword."""
    count = _count(key, header, fail)
    for i in range(count):
        at, line = next(rows, (None, None))
        if at is None:
            raise fail(f"the file ends inside the {key.decode()} table: the header on line {number} "
                       f"announces {count} lines, found {i}", number)
        row = line.split(None, min_fields - 1) if rest else line.split()
        if not row or row[0] != key or len(row) < min_fields:
            raise fail(f"line {i + 1} of the {key.decode()} table (header on line {number}, count {count}) "
                       f"is not a `{key.decode()}` line: wrong count in the header?", at)
        yield at, row


def _is_header(fields: list[bytes]) -> bool:
    return len(fields) >= 4 and fields[2] in (b"Y", b"N") and fields[3].isdigit()


def _affix_block(aff: AffixFile, decode: Decoder, key: bytes, header: list[bytes],
                 rows: Iterator[tuple[int, bytes]], number: int, fail) -> None:
    """A PFX/SFX header (`SFX A Y 3`) and its rules."""
    kind = key.decode()
    if len(header) < 4:
        raise fail(f"{kind} header is `{kind} <flag> <Y|N> <count>`, got {len(header)} fields")
    flag = aff.codec.flag(header[1], fail)
    cross = header[2] == b"Y"
    if header[2] not in (b"Y", b"N"):
        raise fail(f"{kind} header: cross product is Y or N, got {header[2].decode('latin-1')!r}")
    count = header[3]
    if not count.isdigit() or int(count) < 1:
        raise fail(f"{kind} {aff.codec.show(flag)} header needs a positive rule count, "
                   f"got {count.decode('latin-1')!r}")
    count = int(count)
    table = aff.prefixes if kind == "PFX" else aff.suffixes
    rules = table.setdefault(flag, [])
    for i in range(count):
        at, line = next(rows, (None, None))
        if at is None:
            raise fail(f"the file ends inside {kind} {aff.codec.show(flag)}: its header on line {number} "
                       f"announces {count} rules, found {i}", number)

        def bad(message: str, at: int = at) -> DataError:
            return decode.fail(message, at)

        fields = line.split(None, 5)
        if len(fields) < 4 or fields[0] != key:
            raise bad(f"rule {i + 1} of {kind} {aff.codec.show(flag)} (header on line {number}, count {count}) "
                      f"is not a `{kind} {aff.codec.show(flag)} <strip> <affix> [<condition>]` line: "
                      f"wrong count in the header?")
        if aff.codec.flag(fields[1], bad) != flag:
            raise bad(f"rule {i + 1} of {kind} {aff.codec.show(flag)} (header on line {number}) names the class "
                      f"{aff.codec.show(aff.codec.flag(fields[1], bad))}: wrong count in the header?")
        rules.append(_rule(aff, decode, kind, flag, cross, fields, at, bad))


def _rule(aff: AffixFile, decode: Decoder, kind: str, flag: str, cross: bool, fields: list[bytes], at: int,
          bad) -> Affix:
    strip = decode(fields[2], at)
    strip = "" if strip == "0" else strip
    text, slash, cont_raw = fields[3].partition(b"/")
    add = decode(text, at)
    add = "" if add == "0" else _without(add, aff.ignore)
    cont = aff.flag_set(cont_raw, bad) if slash else frozenset()
    condition = decode(fields[4], at) if len(fields) > 4 else "."
    morph = ""
    if len(fields) > 5:
        if aff.morph_aliases and fields[5].split()[0].isdigit():
            morph = aff.alias_morph(fields[5].split()[0], bad)
        else:
            # Morphological fields are descriptive only: a stray byte there is no reason to refuse the file.
            morph = fields[5].decode(aff.encoding, errors="replace").strip()
    return Affix(kind, flag, strip, add, condition, cross, cont, morph, at,
                 compile_condition(condition, kind == "SFX", bad))


def _without(text: str, ignore: str) -> str:
    return text.translate({ord(c): None for c in ignore}) if ignore else text


#: One position of a condition: the characters it names (None for `.`), and whether it is `[^…]`.
Position = tuple[str | None, bool]


def condition_error(message: str) -> DataError:
    """A condition that cannot be read, where no file and line are at hand."""
    return DataError(message, code="bad-source")


def parse_condition(condition: str, fail) -> list[Position]:
    """The positions of a condition: `.` any character, `[abc]` one of, `[^abc]` none of, else itself."""
    positions: list[Position] = []
    i = 0
    while i < len(condition):
        ch = condition[i]
        if ch == "[":
            end = condition.find("]", i + 1)
            if end < 0:
                raise fail(f"condition {condition!r} has a [ without ]")
            body = condition[i + 1:end]
            negate = body.startswith("^")
            if not body.removeprefix("^"):
                raise fail(f"condition {condition!r} has an empty [] group")
            positions.append((body[1:] if negate else body, negate))
            i = end + 1
        elif ch == "]":
            raise fail(f"condition {condition!r} has a ] without [")
        else:
            positions.append((None if ch == "." else ch, False))
            i += 1
    return positions


def accepts(position: Position, ch: str) -> bool:
    chars, negate = position
    return chars is None or ((ch in chars) != negate)


def compile_condition(condition: str, suffix: bool, fail) -> Matcher | None:
    """A test of the stem's end (suffix) or start (prefix); None for the empty condition `.`."""
    positions = parse_condition(condition, fail)
    size = len(positions)
    if all(chars is None for chars, _ in positions):
        return None if size <= 1 else (lambda word: len(word) >= size)
    if all(chars is not None and len(chars) == 1 and not negate for chars, negate in positions):
        text = "".join(chars for chars, _ in positions)
        return (lambda word: word.endswith(text)) if suffix else (lambda word: word.startswith(text))
    parts = ["." if chars is None else f"[{'^' if negate else ''}{re.escape(chars)}]" for chars, negate in positions]
    pattern = re.compile("".join(parts), re.S)
    if suffix:
        match = pattern.match
        return lambda word: len(word) >= size and match(word, len(word) - size) is not None
    return lambda word: pattern.match(word) is not None
