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
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from support.hunspell import (
    DICTIONARIES,
    Dictionary,
    binary_rejects,
    explain_missing,
    misspelled_tokens,
    unmunch,
    words,
)

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs" / "hunspell.md"
START, END = "<!-- judge:start -->", "<!-- judge:end -->"


def judge(d: Dictionary, work: Path) -> dict:
    """Expand, count, and judge one dictionary; the figures as a dict."""
    from lexicon_pipelines.hunspell import read_aff, read_dic

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
        from lexicon_pipelines.hunspell import Expander

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
