"""The bundle: one self-describing file per lexicon version, with all a client needs to answer as the
service does (docs/bundle.md has the layout with a worked example).

A header (magic, format version, file size, the lexicon's name and version, the toolkit's version, the
tile set's name) and a table of sections, each named, aligned to 8 bytes and checksummed (CRC-32). The
sections hold the manifest's summary, the game's rules and tile set, the games that play its tile set (their
game documents, and the leave values of those whose own lexicon it is), the Unicode tables normalisation
reads (lexicon.unicode_tables), the word graph, the key index's graph, columns and strings, the listed
tilings, for a lexicon with graph forms, the form index, and for one with a precheck, its parts graph
(lexicon.precheck: a word no cut into the dictionary's parts spells is `not-in-lexicon`, not
`needs-analysis`), and the words a beginner knows (lexicon.common, where wordfreq is installed). Every value
is little-endian; a list of strings is its count, the offsets of each string in the text after them (count + 1
of them), then the UTF-8 text. The C core reads it (tl_lexicon_open, lexicon/graph/core/lexicon/tl_lexicon.h),
the JavaScript package and the native library through it; `read` here checks one (`lexicon bundle --check`).

Every build writes `lexicon.bundle` into its version; `lexicon bundle NAME[@VERSION]` writes one for a
version built before.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import sqlite3
import struct
import zlib
from array import array
from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from pathlib import Path
from typing import Any

from . import common, store
from .analyser import Analyser
from .errors import ArtifactError, InputError
from .graph import TileCodes
from .graph import forms as formindex
from .graph import keys as keyindex
from .graph.format import KBWG, little_endian
from .graph.native import use_core
from .play import compiled
from .play.game import game_names, load_game
from .profile import Profile
from .tiling import notation_tilings, parse_notation
from .unicode_tables import tables
from .verdict import Verdict

FILENAME = "lexicon.bundle"
FORMAT = "tile-lexicon-bundle"
FORMAT_VERSION = 1
MAGIC = b"TLBUNDLE"
HEADER_SIZE = 256
ENTRY = struct.Struct("<16sQII")  # name, offset, size, CRC-32
MAX_SECTIONS = 64
#: The header's text fields: name and size (UTF-8, NUL-padded).
TEXT_FIELDS = (("lexicon", 32, 64), ("version", 96, 32), ("toolkit", 128, 32), ("tileset", 160, 32))
#: The manifest's fields a client gets: no server paths, no build time (the bundle is reproducible).
SUMMARY = ("name", "version", "description", "toolkit", "profile", "tileset", "sources", "counts", "graph",
           "analysis")
POLICIES = ("as-written", "pronounced")


def strings(items: Iterable[str]) -> bytes:
    """A list of strings: count, count + 1 offsets into the text, the UTF-8 text (padded to 4)."""
    encoded = [s.encode("utf-8", "surrogatepass") for s in items]
    offsets = [0]
    for e in encoded:
        offsets.append(offsets[-1] + len(e))
    return _padded(struct.pack(f"<{len(offsets) + 1}I", len(encoded), *offsets) + b"".join(encoded))


def _padded(data: bytes, to: int = 4) -> bytes:
    return data + b"\0" * (-len(data) % to)


def _summary(manifest: dict[str, Any]) -> dict[str, Any]:
    summary = {k: manifest[k] for k in SUMMARY if k in manifest}
    summary["sources"] = [{k: v for k, v in s.items() if k not in ("files", "path")}
                          for s in summary.get("sources", [])]
    if "analysis" in summary:
        summary["analysis"] = {k: v for k, v in summary["analysis"].items() if k != "files"}
    return summary


def sections(folder: Path, manifest: dict[str, Any], profile: Profile) -> dict[str, bytes]:
    """Every section of the bundle of the version in `folder`, by name, in file order."""
    alphabet = profile.alphabet
    graph = manifest["graph"]
    keys = keyindex.KeyIndex(folder, graph_file=graph["keys"]["graph"], data_file=graph["keys"]["table"])
    try:
        # One table of letters serves normalisation, the key index and the form index.
        if keys.letters != "".join(sorted(alphabet.letters)):
            raise ArtifactError(f"{folder}: the key index's letters are not the alphabet's: rebuild the version")
        forms = graph.get("forms")
        tiles = alphabet.tiles
        out = {
            "manifest": _padded(json.dumps(_summary(manifest), ensure_ascii=False, sort_keys=True).encode()),
            "rules": struct.pack("<4I8B", profile.min_length, profile.max_tiles, manifest["counts"]["words"], keys.size,
                                 POLICIES.index(str(profile.doubled_digraphs)), int("analysis" in manifest),
                                 int(graph["format"] == KBWG), int(forms is not None), int(not alphabet.multi),
                                 alphabet.blanks, len(tiles), int(graph["gaddag"])),
            "tiles": strings(t.letter for t in tiles) + _padded(bytes(
                [t.number for t in tiles] + [t.count for t in tiles] + [t.points for t in tiles]
                + [int(t.vowel) for t in tiles])),
            "letters": strings(keys.letters),
            "letters.lower": strings(letter.lower() for letter in keys.letters),
            "fold.from": strings(alphabet.fold),
            "fold.to": strings(alphabet.fold.values()),
            **tables(alphabet.language),
            "graph": (folder / graph["file"]).read_bytes(),
            "keys.graph": (folder / graph["keys"]["graph"]).read_bytes(),
            "keys.counts": _counts(keys),
        }
        for name, _ in keyindex.COLUMNS:
            out[f"keys.{name}"] = _padded(bytes(keys.column(name)))
        offsets, blob = keys.string_table()
        out["keys.strings"] = _padded(struct.pack("<I", len(offsets) - 1) + bytes(offsets) + bytes(blob))
        out["keys.posnames"] = strings(keys.parts_of_speech)
        out["keys.reasons"] = strings(keys.reasons)
        out["tilings"] = _tilings(folder, keys, profile)
        if "analysis" in manifest:
            out["keys.refused"] = _refused_by_analysis(folder, manifest["analysis"], keys, profile)
            if manifest["analysis"].get("precheck"):
                out.update(_parts(folder, manifest["analysis"]["precheck"], keys.letters))
        if forms is not None:
            out.update(_forms(folder, forms, keys.letters))
        if graph.get("rule") is not None:
            out.update(_rule(folder, graph["rule"]))
        played = bundled_games(profile.alphabet)
        out["games"] = games(played)
        if any(compiled.shipped_klv(g) for g in played if g.lexicon == manifest["name"]):
            out["leaves"] = leaves(played, manifest["name"])
        out.update(_common(out, keys, manifest, profile))
        return out
    finally:
        keys.close()


def _common(out: dict[str, bytes], keys: keyindex.KeyIndex, manifest: dict[str, Any], profile: Profile):
    """The common words' sections (lexicon.common): the most frequent words that the bundle of the other sections
    takes (the C core's verdict, as every client's) or holds as keys."""
    core = use_core(True).Bundle(encode(out, manifest, profile))
    return common.sections(profile.alphabet, keys.letters,
                           lambda key: keys.number(key) >= 0 or core.check(key)["valid"] is True)


def bundled_games(alphabet) -> list:
    """The shipped games that play this tile set, in the order the bundle lists them."""
    found = [load_game(name) for name in game_names()]
    return [g for g in found if g.alphabet.fingerprint == alphabet.fingerprint]


def games(played: list) -> bytes:
    """The `games` section: the game documents (lexicon.play.compiled) of the games, as a JSON list: a client
    that has the bundle has their rules."""
    return _padded(json.dumps([compiled.document(g) for g in played], ensure_ascii=False,
                              separators=(",", ":")).encode())


def leaves(played: list, lexicon: str) -> bytes:
    """The `leaves` section: the leave values (lexicon.play.leaves) of the games whose own lexicon this is, as
    the KLV2 files they ship, in the games section's order: a u32 count, then an offset and a size (u32, from the
    section's start; 0 and 0 for a game without them here) a game, then the files, each at an offset a multiple
    of 4. A client that has the bundle ranks plays by equity; a list of one's own (the sv-betapet tile set under
    another name) is not made a few megabytes larger for it."""
    files = [(compiled.shipped_klv(g) or b"") if g.lexicon == lexicon else b"" for g in played]
    head = 4 + 8 * len(files)
    table, blob, at = [], bytearray(), head
    for data in files:
        table.append((at if data else 0, len(data)))
        blob += data + bytes(-len(data) % 4)
        at = head + len(blob)
    return _padded(struct.pack(f"<I{2 * len(files)}I", len(files), *(n for entry in table for n in entry)) + blob)


def _counts(keys: keyindex.KeyIndex) -> bytes:
    """The key graph's word counts, a u32 a node, as tl_graph_count_words makes them (lexicon.graph.reader's
    reference): rank reads them, and a client that finds them here opens the bundle without counting."""
    if keys.size > 0xFFFFFFFF:  # no node counts more words than the whole graph
        raise ArtifactError("the key graph holds more than 2**32 - 1 words: a bundle cannot count them")
    return little_endian(array("I", keys.graph.word_counts()))


def _tilings(folder: Path, keys: keyindex.KeyIndex, profile: Profile) -> bytes:
    """The valid tilings of the keys whose tilings the store lists: count, (key number, offset) per key in
    number order, then per key its tiling count and each tiling's length and tile numbers."""
    alphabet, codes = profile.alphabet, TileCodes(profile.alphabet)
    flags = keys.column("flags")
    listed = [n for n in range(keys.size) if flags[n] & keyindex.LISTED_TILINGS]
    entries, blob = [], bytearray()
    with sqlite3.connect(f"file:{folder / store.FILENAME}?mode=ro", uri=True) as conn:
        for n in listed:
            rows = [r[0] for r in conn.execute("SELECT tiles FROM tilings WHERE word = ? ORDER BY n", (n,))]
            entries.append((n, len(blob)))
            blob.append(len(rows))
            for notation in rows:
                cut = notation_tilings(parse_notation(notation, alphabet), alphabet, profile.doubled_digraphs)[0]
                blob.append(len(cut))
                blob += codes.encode(cut)
    return _padded(struct.pack("<I", len(entries)) + b"".join(struct.pack("<2I", *e) for e in entries) + bytes(blob))


def _refused_by_analysis(folder: Path, entry: dict[str, Any], keys: keyindex.KeyIndex, profile: Profile) -> bytes:
    """A bit per key, set where the key's list entry is excluded and the analyser refuses the key too: a
    client then answers the list's reason for it, as the library does, where otherwise only analysis could
    decide (lexicon.lookup, Lexicon._not_listed). Bit n is bit n % 8 of byte n // 8."""
    analyser = Analyser.open(folder, entry, profile, profile.alphabet)
    bits = bytearray((keys.size + 7) // 8)
    for n, key in keys.keys(excluded=True):
        if keys.kind(n) == keyindex.EXCLUDED and not analyser.judge(key, explain=False).valid:
            bits[n // 8] |= 1 << n % 8
    return _padded(bytes(bits))


def _forms(folder: Path, entry: dict[str, Any], letters: str) -> dict[str, bytes]:
    index = formindex.FormIndex(folder, entry)
    try:
        if index.letters != letters:
            raise ArtifactError(f"{folder}: the form index's letters are not the key index's: rebuild the version")
        rules = index.affixes
        return {
            "forms.graph": (folder / entry["graph"]).read_bytes(),
            "forms.meta": struct.pack("<4I", index.separator, formindex.READING_DIGITS, formindex.BASE,
                                      int(index.graph.layout == KBWG)),
            "forms.pos": strings(index.pos_names),
            "forms.kind": strings(r.kind for r in rules),
            "forms.strip": strings(r.strip for r in rules),
            "forms.add": strings(r.add for r in rules),
            "forms.morph": strings(r.morph for r in rules),
        }
    finally:
        index.close()


#: The compiled rule's table (lexicon_pipelines.compounds): its format, and the fields a bundle carries.
RULE_FORMAT, RULE_FORMAT_VERSION = "tile-lexicon-rule", 1


def _rule(folder: Path, entry: dict[str, Any]) -> dict[str, bytes]:
    """The compiled word rule (lexicon_pipelines.compounds, read by lexicon/graph/core/lexicon/rule.c): its
    pieces graph and refused keys, and its table as numbers and lists of strings."""
    path = folder / entry["table"]
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ArtifactError(f"{path}: not a readable rule table ({exc}): rebuild the version") from None
    if table.get("format") != RULE_FORMAT or table.get("format_version") != RULE_FORMAT_VERSION:
        raise ArtifactError(f"{path}: not a {RULE_FORMAT} table of version {RULE_FORMAT_VERSION}: rebuild the version")
    refused = table.get("refused")
    layouts = int(table["layout"] == KBWG) | (int(refused is not None and refused.endswith(".kbdwg")) << 1)
    out = {
        "rule.meta": struct.pack("<10I", table["separator"], table["digits"], table["base"], layouts,
                                 int(table["dup"]) | int(table["triple"]) << 1, table["min_letters"],
                                 table["max_words"], table["max_syllables"], len(table["roles"]), 1),
        "rule.roles": b"".join(struct.pack("<3Bb", *role) for role in table["roles"]),
        "rule.graph": (folder / entry["graph"]).read_bytes(),
        "rule.vowels": strings(table["vowels"]),
        "rule.patterns": strings(side for pair in table["patterns"] for side in pair),
        "rule.leads": strings(str(x) for lead in table["leads"] for x in lead),
        "rule.typos": strings(side for pair in table["typos"] for side in pair),
    }
    if refused is not None:
        out["rule.refused"] = (folder / refused).read_bytes()
    return out


def _parts(folder: Path, entry: dict[str, Any], letters: str) -> dict[str, bytes]:
    """The precheck's parts graph (lexicon.precheck), numbered by the key index's letters in small letters."""
    if entry.get("letters") != letters.lower():
        raise ArtifactError(f"{folder}: the parts graph's letters are not the key index's: rebuild the version")
    return {"parts.graph": (folder / entry["file"]).read_bytes(),
            "parts.meta": struct.pack("<2I", len(letters), int(entry.get("format") == KBWG))}


def encode(parts: dict[str, bytes], manifest: dict[str, Any], profile: Profile) -> bytes:
    """The bundle's bytes from its sections."""
    if len(parts) > MAX_SECTIONS:
        raise ArtifactError(f"{len(parts)} sections; a bundle has at most {MAX_SECTIONS}")
    table_size = ENTRY.size * len(parts)
    position = HEADER_SIZE + table_size
    position += -position % 8
    entries, body = [], bytearray()
    for name, data in parts.items():
        if not 0 < len(name) < 16 or not name.isascii():
            raise ArtifactError(f"section name {name!r}: 1 to 15 ASCII characters")
        entries.append(ENTRY.pack(name.encode("ascii"), position + len(body), len(data), zlib.crc32(data)))
        body += data + b"\0" * (-len(data) % 8)
    table = b"".join(entries)
    size = position + len(body)
    header = bytearray(HEADER_SIZE)
    header[:8] = MAGIC
    struct.pack_into("<IIQI", header, 8, FORMAT_VERSION, len(parts), size, zlib.crc32(table))
    texts = {"lexicon": manifest["name"], "version": manifest["version"],
             "toolkit": manifest["toolkit"]["version"], "tileset": profile.alphabet.name}
    for field, offset, width in TEXT_FIELDS:
        value = texts[field].encode("utf-8")
        if len(value) >= width:
            raise ArtifactError(f"the {field} {texts[field]!r} is longer than a bundle's header holds "
                                f"({width - 1} bytes)")
        header[offset:offset + len(value)] = value
    struct.pack_into("<I", header, 28, zlib.crc32(bytes(header)))  # the header's own, this field zero
    return bytes(header) + table + b"\0" * (position - HEADER_SIZE - table_size) + bytes(body)


def write(folder: Path, manifest: dict[str, Any], profile: Profile, out: Path | None = None) -> dict[str, Any]:
    """Write the bundle of the version in `folder` (to `out`, else `folder`/lexicon.bundle, through a
    temporary file, once the C core has read it back); the manifest's `bundle` entry."""
    data = encode(sections(folder, manifest, profile), manifest, profile)
    target = out or folder / FILENAME
    verify(data, str(target))
    temporary = target.with_name(target.name + ".tmp")
    try:
        temporary.write_bytes(data)
        temporary.replace(target)
    finally:
        temporary.unlink(missing_ok=True)
    return {"file": target.name, "format": FORMAT, "format_version": FORMAT_VERSION, "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest()}


def export(folder: Path, manifest: dict[str, Any], profile: Profile, out: Path) -> dict[str, Any]:
    """The version's bundle at `out`: a copy of the one its build wrote, else one written now (a version
    built before versions carried bundles)."""
    entry = manifest.get("bundle")
    if entry is None:
        return write(folder, manifest, profile, out)
    data = (folder / entry["file"]).read_bytes()
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise ArtifactError(f"{folder / entry['file']}: its checksum is not the manifest's")
    temporary = out.with_name(out.name + ".tmp")
    try:
        temporary.write_bytes(data)
        temporary.replace(out)
    finally:
        temporary.unlink(missing_ok=True)
    return entry | {"file": out.name}


def verify(data: bytes | memoryview, name: str = "bundle") -> Bundle:
    """`read`, then the C core's own reading (tl_lexicon_open: every section's shape; tl_lexicon_verify: the
    graphs walked from their roots), so a bundle that passes is one every client opens."""
    found = read(data, name)
    try:
        use_core(True).Bundle(data).verify()  # the clients' reader, whatever implementation the library runs
    except InputError as exc:  # a bundle of another format version
        raise ArtifactError(f"{name}: {exc}") from None
    except ArtifactError as exc:
        raise ArtifactError(f"{name}: {exc}") from None
    return found


@dataclass(frozen=True)
class Bundle:
    """A bundle read and checked: its header's fields and its sections' bytes."""

    lexicon: str
    version: str
    toolkit: str
    tileset: str
    sections: dict[str, memoryview]

    @property
    def manifest(self) -> dict[str, Any]:
        return json.loads(bytes(self.sections["manifest"]).rstrip(b"\0"))


def read(data: bytes | memoryview, name: str = "bundle") -> Bundle:
    """Check a bundle's header, table and every section's checksum; ArtifactError names what is wrong."""
    view = memoryview(data)
    if len(view) < HEADER_SIZE or bytes(view[:8]) != MAGIC:
        raise ArtifactError(f"{name}: not a tile-lexicon bundle (no {MAGIC.decode()} header)")
    version, count, size, table_crc = struct.unpack_from("<IIQI", view, 8)
    if version != FORMAT_VERSION:
        raise ArtifactError(f"{name}: bundle format version {version}, this toolkit reads {FORMAT_VERSION}")
    header = bytearray(view[:HEADER_SIZE])
    (header_crc,) = struct.unpack_from("<I", header, 28)
    struct.pack_into("<I", header, 28, 0)
    if zlib.crc32(bytes(header)) != header_crc:
        raise ArtifactError(f"{name}: the header's checksum does not match")
    if size != len(view):
        raise ArtifactError(f"{name}: {len(view)} bytes, the header says {size}")
    if count > MAX_SECTIONS or HEADER_SIZE + ENTRY.size * count > size:
        raise ArtifactError(f"{name}: {count} sections do not fit")
    table = view[HEADER_SIZE:HEADER_SIZE + ENTRY.size * count]
    if zlib.crc32(table) != table_crc:
        raise ArtifactError(f"{name}: the section table's checksum does not match")
    found = {}
    for i in range(count):
        raw, offset, length, crc = ENTRY.unpack_from(table, i * ENTRY.size)
        section = raw.rstrip(b"\0").decode("ascii", "replace")
        if offset % 8 or offset + length > size:
            raise ArtifactError(f"{name}: section {section!r} lies outside the file")
        part = view[offset:offset + length]
        if zlib.crc32(part) != crc:
            raise ArtifactError(f"{name}: section {section!r} is damaged (its checksum does not match)")
        found[section] = part
    texts = {f: bytes(view[o:o + w]).rstrip(b"\0").decode("utf-8", "replace") for f, o, w in TEXT_FIELDS}
    return Bundle(texts["lexicon"], texts["version"], texts["toolkit"], texts["tileset"], found)


def answerer(folder: Path, manifest: dict[str, Any]):
    """The C library over a version's bundle, memory-mapped, for answers without a Python object a word
    (`Lexicon.brief_json`); None without a bundle (a version built before bundles) or the compiled core."""
    core, entry = use_core(None), manifest.get("bundle")
    if core is None or entry is None:
        return None
    with open(folder / entry["file"], "rb") as f:
        return core.Bundle(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))


def quick_verdicts(core_bundle, identity: dict[str, Any], judge=None):
    """The C library's verdicts over `core_bundle` (an `answerer`), None without the bundle: `.check(word)` is the
    verdict `Lexicon.check(word, detail=False)` gives for the words the bundle decides whole, else None; with a
    `judge` (the library's own check), the object is `Lexicon.check`, the judge making the verdicts it does not.
    Every field a quick answer does not fill takes its default, or `identity`'s value."""
    if core_bundle is None:
        return None
    fixed = {f.name: f.default for f in fields(Verdict) if f.default is not MISSING} | identity
    return use_core(True).Verdicts(core_bundle, Verdict, fixed, judge)
