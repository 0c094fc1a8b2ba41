"""The pipeline file's schema, as data: every table and key, its type, default and meaning.

`check(table, SCHEMA_TABLE)` validates a parsed TOML table and fills in the defaults; a problem is
a DataError naming the key's path (`limits.max_words`) and what was expected (`an integer, got
'lots'`). lexicon_pipelines.definition adds the file. The same data writes the key reference in
docs/sources.md (`python -m lexicon_pipelines.schema` prints it; a test keeps the page in step).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lexicon import DataError

#: The default of a key that must be given.
REQUIRED = object()

_TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", float: "a number", list: "an array",
               dict: "a table"}


def schema_error(key: str, message: str) -> DataError:
    """A key of a pipeline file that is missing, unknown, or of the wrong type or value."""
    return DataError(f"{key}: {message}")


@dataclass(frozen=True)
class Key:
    """One key: its type (a list's items are `each`), default, allowed values and meaning."""

    kind: type
    doc: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    minimum: int | float | None = None
    maximum: int | float | None = None
    pattern: str | None = None  # a string must match it whole
    each: type | None = None  # the type of a list's items
    noun: str = ""  # what a value names, for messages: "a source kind"

    def check(self, where: str, value: Any) -> Any:
        if not _is(value, self.kind):
            raise schema_error(where, f"expected {self.describe_type()}, got {_shown(value)}")
        if self.each is not None and not all(_is(item, self.each) for item in value):
            bad = next(item for item in value if not _is(item, self.each))
            raise schema_error(where, f"expected {self.describe_type()}, got {_shown(bad)} in it")
        items = value if self.each is not None else [value]  # a list's items each are one of the choices
        bad = [v for v in items if v not in self.choices] if self.choices else []
        if bad:
            known = ", ".join(map(_shown, self.choices))
            raise schema_error(where, f"{_shown(bad[0])} is not {self.noun} (known: {known})" if self.noun else
                              f"{_shown(bad[0])} is not one of {known}")
        if self.minimum is not None and value < self.minimum:
            raise schema_error(where, f"must be at least {self.minimum:,}, got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise schema_error(where, f"must be at most {self.maximum:,}, got {value!r}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise schema_error(where, f"{_shown(value)} does not have the expected form ({self.doc})")
        return value

    def describe_type(self) -> str:
        if self.each is not None:
            return f"an array of {_TYPE_NAMES[self.each].split(' ', 1)[1]}s"
        return _TYPE_NAMES[self.kind]


@dataclass(frozen=True)
class Table:
    """A table and its keys; `tail` names the keys a table of this kind may add (by its `kind`)."""

    doc: str
    keys: Mapping[str, Key | Table | Tables]
    tail: Callable[[dict[str, Any]], Mapping[str, Key]] | None = None
    noun: str = "key"  # what its keys are called in messages ("option" for a source's)
    base: Table | None = None  # the table whose keys it has, and more: the reference shows only its own

    def check(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise schema_error(where.rstrip("."), f"expected a table, got {_shown(value)}")
        for name, spec in self.keys.items():  # the keys that choose the tail first
            if name in value and isinstance(spec, Key):
                spec.check(where + name, value[name])
        tail = self.tail(value) if self.tail is not None else {}
        keys = {**self.keys, **tail}
        unknown = sorted(set(value) - set(keys))
        if unknown:
            raise schema_error(where + unknown[0], f"unknown {self.noun} (allowed here: {', '.join(sorted(keys))})")
        # A tail's keys are checked, not filled in: the reader of that kind knows its defaults.
        out = {name: spec.check(where + name, value[name]) for name, spec in tail.items() if name in value}
        for name, spec in tail.items():
            if name not in value and spec.default is REQUIRED:
                raise schema_error(where + name, f"missing: {spec.doc}")
        for name, spec in self.keys.items():
            if name in value:
                out[name] = spec.check(where + name + ("." if isinstance(spec, Table) else ""), value[name])
            elif isinstance(spec, Key) and spec.default is REQUIRED:
                raise schema_error(where + name, f"missing: {spec.doc}")
            elif isinstance(spec, Tables) and spec.required:
                raise schema_error(where + name, f"missing: needs at least one [[{where + name}]] table ({spec.doc})")
            elif isinstance(spec, Key):
                out[name] = spec.default
            elif isinstance(spec, Table):
                out[name] = spec.check(where + name + ".", {})
            else:
                out[name] = []
        return out


@dataclass(frozen=True)
class Tables:
    """An array of tables (`[[sources]]`)."""

    doc: str
    item: Table
    required: bool = False

    def check(self, where: str, value: Any) -> list[dict[str, Any]]:
        if not isinstance(value, list) or (self.required and not value):
            raise schema_error(where, f"expected {'at least one' if self.required else 'an array of'} "
                                     f"[[{where}]] table{'' if self.required else 's'}, got {_shown(value)}")
        return [self.item.check(f"{where}[{i}].", item) for i, item in enumerate(value)]


def _is(value: Any, kind: type) -> bool:
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    # bool is an int in Python; a count must not be `true`
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


# ---------------------------------------------------------------------- the reference, as Markdown

def reference(table: Table, tails: Mapping[str, Mapping[str, Key]], title: str = "") -> str:
    """The Markdown reference of a schema: one section per table, one row per key. `tails` gives
    the keys each kind of a tail-bearing table adds (every source kind's options)."""
    lines: list[str] = []
    _section(lines, title, table, tails, {})
    return "\n".join(lines).rstrip() + "\n"


def _section(lines: list[str], name: str, table: Table, tails: Mapping[str, Mapping[str, Key]],
             shown: dict[int, str]) -> None:
    heading = f"`[{name}]`" if name else "The top level"
    if id(table) in shown:  # a table shaped like one already shown: say so, once
        lines += [f"### {heading}", "", f"{table.doc} The same keys as {shown[id(table)]}.", ""]
        return
    shown[id(table)] = heading
    base = table.base if table.base is not None and id(table.base) in shown else None
    doc = f"{table.doc} The same keys as {shown[id(base)]}, and:" if base is not None else table.doc
    lines += [f"### {heading}", "", doc, "", "| key | type | default | meaning |", "|---|---|---|---|"]
    nested = []
    for key, spec in table.keys.items():
        if base is not None and key in base.keys:
            continue
        if isinstance(spec, Key):
            lines.append(_row(key, spec))
        elif isinstance(spec, Table):
            lines.append(f"| `{key}` | table | | {spec.doc} |")
            nested.append((f"{name}.{key}" if name else key, spec))
        else:
            lines.append(f"| `{key}` | array of tables | {'required' if spec.required else ''} | {spec.doc} |")
            nested.append((f"[{name}.{key}]" if name else f"[{key}]", spec.item))
    lines.append("")
    if table.tail is not None and base is None:
        for kind, keys in tails.items():
            lines += [f"Options of kind `{kind}`:", "", "| key | type | default | meaning |", "|---|---|---|---|"]
            lines += [_row(key, spec) for key, spec in keys.items()]
            lines.append("")
    for child, spec in nested:
        _section(lines, child, spec, tails, shown)


def _row(key: str, spec: Key) -> str:
    if spec.default is REQUIRED:
        default = "required"
    elif spec.default is None or spec.default == "" or spec.default == []:
        default = ""
    else:
        default = f"`{_toml(spec.default)}`"
    kind = spec.describe_type().removeprefix("a ").removeprefix("an ")
    if spec.choices:
        kind = ("array of " if spec.each is not None else "") + " or ".join(f"`{_toml(c)}`" for c in spec.choices)
    return f"| `{key}` | {kind} | {default} | {spec.doc} |"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, int):
        return f"{value:_}" if value >= 100_000 else str(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml, value)) + "]"
    return str(value)

