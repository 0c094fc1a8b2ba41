"""Markdown files made of `## ` sections that scripts rewrite one at a time."""

from __future__ import annotations

import re
from pathlib import Path


def read_sections(path: Path) -> tuple[str, dict[str, str]]:
    """The text before the first section, and each section's body by title."""
    if not path.exists():
        return "", {}
    parts = re.split(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    return parts[0], {parts[i].strip(): parts[i + 1].strip() + "\n" for i in range(1, len(parts) - 1, 2)}


def write_section(path: Path, title: str, body: str, header: str) -> None:
    """Replace (or add) one section, keeping the others as they were."""
    head, sections = read_sections(path)
    sections[title] = body.strip() + "\n"
    path.write_text((head or header).rstrip() + "\n" + "".join(f"\n## {t}\n\n{b}" for t, b in sections.items()),
                    encoding="utf-8")
