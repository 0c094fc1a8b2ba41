"""The fuzz targets (fuzz/targets.py), driven briefly by hypothesis in every test run.

`make fuzz` runs the same targets for longer under atheris. FUZZ_EXAMPLES raises the count here.
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.targets import DIC_MARK, TARGETS

from .conftest import DATA

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
SEEDS = ([p.read_bytes() for p in sorted(DATA.glob("*.xml"))]
         + [p.read_bytes()[:2000] for p in sorted(DATA.glob("*.t*"))]
         + [p.read_bytes() for p in sorted(DATA.glob("*.kwg"))]
         + [p.read_bytes() for p in sorted((DATA / "hunspell").glob("*.aff"))]
         + [a.read_bytes() + DIC_MARK + a.with_suffix(".dic").read_bytes()
            for a in sorted((DATA / "hunspell").glob("*.aff")) if a.with_suffix(".dic").exists()]
         # SAOL 14's notation shapes: headword, then notation
         + [f"{w}\n{n}".encode() for w, n in (
             ("hund", "+en +ar"), ("gräva", "grävde grävt grävd gräv! +s"), ("fin", "+t +a; finare finast"),
             ("stad", "staden städer _ städerna"), ("ah", "best. pl. +na pl. +ar el. +er"),
             ("a", "a:et a:n el. a:na"), ("bo", "pres. bor, imper. bo! [bu:]"), ("mask", "mask. -e n. -t"))])


def inputs():
    """Random bytes, text, and mutations of the fixtures (which reach deeper into the readers)."""
    seeded = st.tuples(st.sampled_from(SEEDS), st.integers(0, 4000), st.binary(max_size=16)).map(
        lambda t: t[0][:t[1]] + t[2] + t[0][t[1] + len(t[2]):])
    return st.one_of(st.binary(max_size=512), st.text(max_size=80).map(str.encode), seeded)


@pytest.mark.parametrize("name", [n for n in TARGETS if n != "artifact"])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=inputs())
def test_fuzz_target(name, data):
    TARGETS[name](data)


@settings(max_examples=max(EXAMPLES // 5, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.binary(min_size=5, max_size=64))
def test_fuzz_damaged_artifact(small_artifact, data):
    os.environ["FUZZ_ARTIFACT"] = str(small_artifact)
    TARGETS["artifact"](data)


@pytest.fixture(scope="module")
def small_artifact(tmp_path_factory):
    from lexicon_pipelines import build

    from .conftest import word_list_pipeline

    folder = tmp_path_factory.mktemp("fuzz-artifact")
    path, _ = word_list_pipeline(folder, "sv-test-fuzz", "hund\nkatt\nallé\nko\n")
    return build(path, folder / "art").path
