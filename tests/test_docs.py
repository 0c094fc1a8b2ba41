"""The documents a client reads say what the code does: every error code the service can answer is in
docs/service.md's table of errors, and every reason code in its table of reasons."""

import re

import lexicon
from lexicon.errors import CODES
from lexicon.reasons import Reason

from .conftest import ROOT

# Raised by builds and data files, never in an answer of the service.
NOT_ANSWERED = {"lexicon-error", "bad-data-file", "bad-profile", "bad-source", "unreadable-notation", "limit-exceeded",
                "held-back"}


def _section(title: str) -> str:
    text = (ROOT / "docs" / "service.md").read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_every_error_code_a_client_can_get_is_documented():
    codes = set(CODES) - NOT_ANSWERED
    documented = set(re.findall(r"`([a-z-]+)`", _section("Errors")))
    assert codes and codes <= documented, sorted(codes - documented)


def test_every_code_an_error_is_given_is_listed():
    """A code given where an error is made (`code="…"` in Python, `raise_code(…, "…"` in the C
    binding) is one of lexicon.errors.CODES, under the class it is given to."""
    given = re.compile(r'(\w+)\((?:[^()]|\([^()]*\))*?\bcode="([a-z-]+)"', re.S)
    found = {}
    for path in [*ROOT.glob("lexicon/**/*.py"), *ROOT.glob("pipelines/**/*.py"), *ROOT.glob("service/**/*.py"),
                 *ROOT.glob("lexicon_cli/*.py")]:
        for cls, code in given.findall(path.read_text(encoding="utf-8")):
            found.setdefault(code, set()).add(cls)
    for path in ROOT.glob("lexicon/graph/binding/*.c"):
        for cls, code in re.findall(r'raise_code\((\w+), "([a-z-]+)"', path.read_text(encoding="utf-8")):
            found.setdefault(code, set()).add(cls)
    assert len(found) > 10
    unlisted = {code: sorted(classes) for code, classes in found.items() if code not in CODES}
    assert not unlisted, unlisted
    for code, classes in found.items():
        base = CODES[code][0].__name__
        assert classes <= {base, "record_error", "DataError" if base == "DataError" else base}, (code, classes)


def _table(section: str, head: str) -> dict[str, str]:
    """The rows of the table in `section` whose first column is headed `head`: each code of the first
    column (several to a row at most) with the row's second column."""
    table = section.split(f"| {head} | when |", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for first, when in re.findall(r"^\| (.+?) \| (.*?) \|$", table, re.M):
        for code in re.findall(r"`([a-z:<>-]+)`", first):
            rows[code] = when.strip()
    return rows


def test_every_reason_code_is_documented():
    """Every code of lexicon/reasons.py is a row of the reasons or the rules table, saying what it means, and
    every row is a code."""
    section = _section("The verdict document")
    reasons, rules = _table(section, "reason"), _table(section, "rule")
    codes = {reason.value for reason in Reason}
    assert codes - reasons.keys() - rules.keys() == set()
    assert reasons.keys() - {"excluded:<rule>"} <= codes and rules.keys() <= codes
    assert all(len(when) > 10 for when in (reasons | rules).values()), reasons | rules


def test_every_rule_a_real_build_drops_by_is_a_documented_rule(betapet):
    """The codes a build counts its drops by are what `excluded:<rule>` and `excluded.reason` answer."""
    rules = _table(_section("The verdict document"), "rule")
    dropped = betapet.manifest["counts"]["dropped"]
    assert dropped and dropped.keys() <= rules.keys(), sorted(dropped.keys() - rules.keys())


def test_the_choices_the_seeds_leave_open_are_the_same_in_the_data_and_in_docs_games():
    """Each game's [[open]] entries and unverified layouts are the rows of docs/games.md's table, and no row
    names a choice the data does not mark."""
    from lexicon.play import game_names, load_game

    text = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    table = text.split("## The choices the seeds leave open", 1)[1].split("\n## ", 1)[0]
    rows = set(re.findall(r"^\| ([a-z-]+) `([a-z_.]+)` \|", table, re.M))
    marked = {(name, key) for name in game_names() for key in
              [c.key for c in load_game(name).open_choices] +
              [u["key"] for u in load_game(name).unverified if u["key"].startswith("layouts.")]}
    assert rows == marked, (sorted(rows - marked), sorted(marked - rows))


def test_every_environment_variable_the_code_names_is_in_the_settings_table():
    """The table of docs/service.md, Settings, is every variable the service, the library and the CLI name, and
    the service reads them in service/settings.py alone, the library in lexicon/settings.py."""
    from lexicon_service import settings

    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", _section("Settings"), re.M))
    named, readers = set(), set()
    for folder in ("service", "lexicon", "lexicon_cli"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            named |= set(re.findall(r"""["'](LEXICON_[A-Z_]+|PROMETHEUS_MULTIPROC_DIR)["']""", text))
            if (folder in ("service", "lexicon") and path != ROOT / "lexicon" / "settings.py"
                    and re.search(r"os\.environ\.get|getenv|os\.environ\[[^\]]+\](?!\s*=)", text)):
                readers.add(path.name)
    assert named and named == documented, (sorted(named - documented), sorted(documented - named))
    assert {v.name for v in settings.APP + settings.SERVER} <= documented
    assert readers == set(), "service/ and lexicon/ read the environment in their settings.py only"


def test_the_public_python_api_is_small_and_each_name_documented():
    """`lexicon.__all__` is the surface docs/compatibility.md promises: at most 30 names, each a row of
    docs/api.md, and nothing else of the package's own namespace but its submodules and `__version__`."""
    import types

    assert len(lexicon.__all__) <= 30
    rows = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert [n for n in lexicon.__all__ if not re.search(rf"`{n}[`(]", rows)] == []
    others = {n for n, v in vars(lexicon).items() if not n.startswith("_") and not isinstance(v, types.ModuleType)}
    assert others <= set(lexicon.__all__), sorted(others - set(lexicon.__all__))


def test_every_error_code_is_in_the_python_api_doc():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| `(\w+)` \|", text, re.M))
    assert rows == {code: cls.__name__ for code, (cls, _) in CODES.items()}
