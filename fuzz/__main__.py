"""`python -m fuzz [target …]`: coverage-guided fuzzing with atheris, FUZZ_SECONDS (60) per target.

Each target runs in its own process (atheris takes over the process), seeded with the test
fixtures; a finding stops that target with the crashing input saved in fuzz/findings/.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SEEDS = HERE.parent / "tests" / "data"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        return _one(argv[1])
    from fuzz.targets import TARGETS

    seconds = int(os.environ.get("FUZZ_SECONDS", "60"))
    failed = []
    for name in argv or list(TARGETS):
        print(f"== fuzzing {name} for {seconds} s", flush=True)
        corpus = HERE / "corpus" / name
        corpus.mkdir(parents=True, exist_ok=True)
        findings = HERE / "findings"
        findings.mkdir(exist_ok=True)
        seeds = [str(SEEDS)] + ([str(SEEDS / "hunspell")] if name == "hunspell" else [])
        code = subprocess.call([sys.executable, "-m", "fuzz", "--one", name, str(corpus), *seeds,
                                f"-max_total_time={seconds}", "-max_len=4096", "-timeout=10",
                                f"-artifact_prefix={findings}/{name}-"], cwd=HERE.parent)
        if code:
            failed.append(name)
    print("findings in: " + ", ".join(failed) if failed else "no findings")
    return 1 if failed else 0


def _one(name: str) -> int:
    import atheris

    from fuzz.targets import TARGETS

    atheris.instrument_all()  # coverage for the toolkit's code, loaded by the import above
    atheris.Setup(sys.argv[:1] + sys.argv[3:], TARGETS[name])  # drop "--one <name>"
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
