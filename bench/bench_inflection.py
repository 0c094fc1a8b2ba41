"""Quality of the Swedish inflection generator, judged by DSSO (the Swedish Hunspell dictionary).

- precision: the share of generated forms Hunspell accepts, over the forms of lemmas Hunspell
  knows (the headword is accepted), so that DSSO's missing words do not count as our errors;
  the share over all forms is given too;
- recall: for lemmas that are SAOL headwords and DSSO stems of the same part of speech, the
  share of DSSO's forms of the stem (bench/dsso.py) that the generator makes for that lemma or
  that are SAOL headwords themselves (a participle SAOL lists as an adjective, nöjd for nöja, is
  left to that entry by design).

An independent judge beside DSSO: `sv-inflection-review.tsv`, a seeded sample of forms the rules
decide (s-forms, participles, imperatives, comparison, masculines; 300 forms made, and 60 forms an
evidence rule stopped making), each read and judged valid, doubtful or wrong with its reason.
`review()` gives each class's precision over the judged forms the generator still makes.

Run with `python -m bench inflection` (or `make quality`); needs Debian hunspell-sv and
hunspell-tools and PyPI chunspell. The samples of disagreements are drawn with a fixed seed.
"""

from __future__ import annotations

import csv
import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

TITLE = "Swedish inflections against DSSO"
PIPELINE = "sv-betapet-inflected"
CLASSES = ("NOUN", "VERB", "ADJ")
SAMPLE = 12
REVIEW = Path(__file__).with_name("sv-inflection-review.tsv")
VERDICTS = ("valid", "doubtful", "wrong")


@dataclass
class Generated:
    """Every form the pipeline's generator makes, by lemma and class, and its report."""

    forms: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (lemma, class) → form → tag
    given: set[str] = field(default_factory=set)  # forms SAOL's notation writes out (or the supplement's)
    headwords: set[str] = field(default_factory=set)
    report: dict = field(default_factory=dict)


def generate(pipeline: str = PIPELINE) -> Generated:
    """Run the pipeline's inflection generator over its sources, without building anything."""
    from lexicon_pipelines import load_pipeline
    from lexicon_pipelines.inflection import word_class

    p = load_pipeline(pipeline)
    expand = p.inflector()
    out = Generated()
    for reader in p.readers():
        for entry in reader.entries():
            out.headwords.add(entry.headword)
            forms = out.forms.setdefault((entry.headword, word_class(entry)), {})
            for form in expand(entry).forms:
                forms.setdefault(form.text, form.tag)
                if form.rule.startswith("notation"):
                    out.given.add(form.text)
    out.report = expand.report()
    return out


def precision(gen: Generated, judge) -> dict:
    """Accepted and total distinct forms, per class and tag, over lemmas Hunspell knows and over all.

    `agreed` narrows the known lemmas to those whose every form SAOL's notation writes Hunspell
    accepts too: where the source and the judge agree on a word's key forms, what is left to judge
    is the rules' derivations from them. The rest (`disputed`) are words DSSO knows otherwise or
    only in part: a homograph of another word's form (the noun stäng, DSSO's verb form), or a noun
    SAOL gives a plural DSSO lacks (förljugenheter), whose derived plurals follow."""
    known, every, agreed = defaultdict(set), set(), set()
    tags: Counter = Counter()
    rejected: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    written: list[tuple[str, str, str]] = []  # forms SAOL's notation writes that DSSO rejects
    for (lemma, cls), forms in gen.forms.items():
        words = [(text, tag) for text, tag in forms.items() if text.isalpha()]  # letter names (a:et), hyphens
        every.update(text for text, _ in words)
        if not (lemma.isalpha() and judge.accepts(lemma)):
            continue
        known[cls].update(text for text, _ in words)
        if all(judge.accepts(text) for text, _ in words if text in gen.given):
            agreed.update(text for text, _ in words)
        for text, tag in words:
            ok = judge.accepts(text)
            tags[(cls, tag, ok)] += 1
            if not ok:
                rejected[cls].append((lemma, text, tag))
                if text in gen.given:
                    written.append((lemma, text, tag))
    union = set().union(*known.values())
    return {
        "known": _share(union, judge), "all": _share(every, judge),
        "given": _share(union & gen.given, judge), "derived": _share(union - gen.given, judge),
        "agreed": _share(agreed, judge), "disputed": _share(union - agreed, judge),
        "by_class": {cls: _share(texts, judge) for cls, texts in sorted(known.items())},
        "tags": tags, "rejected": rejected, "written": written,
    }


def recall(gen: Generated, judge, stem_forms) -> dict:
    """DSSO's forms of shared lemmas that the generator makes too, per class."""
    lemmas = sorted({lemma for lemma, cls in gen.forms if cls in CLASSES})
    dsso = stem_forms(lemmas)
    found, total = Counter(), Counter()
    missed: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for (lemma, cls), forms in gen.forms.items():
        theirs = dsso.get(lemma, {}).get(cls)
        if cls not in CLASSES or not theirs:
            continue
        words = {f for f in theirs if f.isalpha() and judge.accepts(f)}
        total[cls] += len(words)
        made = {f for f in words if f in forms or f in gen.headwords}
        found[cls] += len(made)
        missed[cls] += [(lemma, f) for f in sorted(words - made)]
    return {"found": found, "total": total, "missed": missed}


def read_review(path: Path = REVIEW) -> list[dict[str, str]]:
    """The reviewed sample: one row a form (class, form, lemma, tag, verdict, reason); `#` starts a comment."""
    rows = []
    with open(path, encoding="utf-8", newline="") as fh:
        for number, cols in enumerate(csv.reader(fh, delimiter="\t"), 1):
            if not cols or cols[0].startswith("#"):
                continue
            if len(cols) != 6 or cols[4] not in VERDICTS or not cols[5]:
                raise SystemExit(f"{path}:{number}: expected class, form, lemma, tag, a verdict "
                                 f"({', '.join(VERDICTS)}) and its reason, tab-separated")
            rows.append(dict(zip(("class", "form", "lemma", "tag", "verdict", "reason"), cols)))
    return rows


def review(gen: Generated, rows: list[dict[str, str]]) -> dict[str, Counter]:
    """Verdicts by class over the reviewed forms the generator makes for their lemma with their tag (`made`),
    and over those it no longer makes (`not made`): a sample drawn from an earlier generator measures a change."""
    made: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for (lemma, _), forms in gen.forms.items():
        made[lemma].update(forms.items())
    out: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        state = "made" if (row["form"], row["tag"]) in made[row["lemma"]] else "not made"
        out[row["class"]][(state, row["verdict"])] += 1
    return out


def _share(texts: set[str], judge) -> tuple[int, int]:
    return sum(judge.accepts(t) for t in texts), len(texts)


def _pct(pair: tuple[int, int]) -> str:
    a, n = pair
    return f"{100 * a / n:.2f}% ({a:,} of {n:,})" if n else "n/a"


def run() -> str:
    from .dsso import Judge, stem_forms

    judge = Judge()
    print("generating forms", file=sys.stderr)
    gen = generate()
    print("judging precision", file=sys.stderr)
    p = precision(gen, judge)
    print("expanding DSSO for recall", file=sys.stderr)
    r = recall(gen, judge, stem_forms)
    rep = gen.report
    rng = random.Random(2026)

    lines = [
        f"Generator `saol` over SAOL 14 (pipeline `{PIPELINE}`): {rep['with_notation']:,} entries with a "
        f"notation, {rep['forms']:,} forms; unparsed {rep['unparsed']:,} "
        f"({100 * rep['unparsed_share']:.3f}%), notations cut at 50 characters {rep['truncated_notations']:,}.",
        "Judge: DSSO from Debian hunspell-sv, through chunspell (accepts) and unmunch (DSSO's forms per "
        "stem); see docs/inflection.md for the method. Evidence lists of the pipeline: "
        + (", ".join(f"{e['id']} ({e['version'] or e['kind']}, {e['words']:,} words)" for e in rep.get("evidence", []))
           or "none") + ".",
        "",
        "| measure | all classes | NOUN | VERB | ADJ |",
        "|---|---:|---:|---:|---:|",
        f"| precision, lemmas DSSO knows | {_pct(p['known'])} | "
        + " | ".join(_pct(p["by_class"].get(c, (0, 0))) for c in CLASSES) + " |",
        f"| precision, all generated forms | {_pct(p['all'])} | | | |",
        f"| precision, lemmas DSSO knows: forms SAOL's notation writes | {_pct(p['given'])} | | | |",
        f"| precision, lemmas DSSO knows: forms the rules derive | {_pct(p['derived'])} | | | |",
        f"| precision, lemmas whose written forms DSSO accepts (the rules' derivations) | {_pct(p['agreed'])} | | | |",
        f"| … the other lemmas DSSO knows (it rejects a form SAOL writes) | {_pct(p['disputed'])} | | | |",
        f"| recall | {_pct((sum(r['found'].values()), sum(r['total'].values())))} | "
        + " | ".join(_pct((r["found"][c], r["total"][c])) for c in CLASSES) + " |",
        "",
        "Precision by tag (lemmas DSSO knows, tags with 100 forms or more), the least accepted first:",
        "",
        "| class | tag | accepted | forms |",
        "|---|---|---:|---:|",
    ]
    totals: Counter = Counter()
    for (cls, tag, _), n in p["tags"].items():
        totals[(cls, tag)] += n
    rows = sorted((k for k in totals if totals[k] >= 100), key=lambda k: p["tags"][(k[0], k[1], True)] / totals[k])
    lines += [f"| {cls} | {tag} | {100 * p['tags'][(cls, tag, True)] / totals[(cls, tag)]:.1f}% | "
              f"{totals[(cls, tag)]:,} |" for cls, tag in rows[:12]]
    lines += ["", f"Judged by reading (`bench/{REVIEW.name}`): each class's forms the generator makes, their verdicts, "
              "and the share valid (of all; of those not doubtful); the forms it no longer makes, and theirs.", "",
              "| class | made | valid | doubtful | wrong | precision | without doubtful "
              "| not made: valid, doubtful, wrong |",
              "|---|---:|---:|---:|---:|---:|---:|---|"]
    for cls, n in review(gen, read_review()).items():
        v, d, w = (n[("made", k)] for k in VERDICTS)
        gone = ", ".join(str(n[("not made", k)]) for k in VERDICTS)
        lines.append(f"| {cls} | {v + d + w} | {v} | {d} | {w} | {_pct((v, v + d + w))} | {_pct((v, v + w))} "
                     f"| {gone} |")
    lines += ["", "Samples (seeded): generated forms DSSO rejects, and DSSO's forms the generator does not make.", ""]
    for cls in CLASSES:
        bad = p["rejected"].get(cls, [])
        picked = rng.sample(bad, min(SAMPLE, len(bad)))
        lines.append(f"- {cls}, rejected: " + ", ".join(f"{t} ({lemma}, {tag})" for lemma, t, tag in picked))
    written = p["written"]
    lines.append("- written by SAOL's notation, rejected (each sets its lemma aside): " + ", ".join(
        f"{t} ({lemma}, {tag})" for lemma, t, tag in rng.sample(written, min(SAMPLE, len(written)))))
    for cls in CLASSES:
        miss = r["missed"].get(cls, [])
        picked = rng.sample(miss, min(SAMPLE, len(miss)))
        lines.append(f"- {cls}, not made: " + ", ".join(f"{f} ({lemma})" for lemma, f in picked))
    return "\n".join(lines)
