"""Affix flags in the four notations of Hunspell's `FLAG` directive.

A flag is kept as a short `str`: one Latin-1 character per byte for the default single-byte
type (so byte 0xFF is "\\xff" whatever the file's encoding), two such characters for `long`,
the decimal digits for `num`, one character for `UTF-8`. Hunspell itself reads flags as bytes:
with `SET UTF-8` and single-byte flags, "¤" is the two flags 0xC2 and 0xA4, and a directive
such as `NEEDAFFIX ¤` names only the first of them, 0xC2. Keeping the bytes keeps that quirk.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

#: Flags of `num` dictionaries run from 1 to 65509 (65510 and up are Hunspell's own).
MAX_NUM_FLAG = 65509


class FlagType(StrEnum):
    CHAR = "char"  # the default: one byte a flag
    LONG = "long"  # two bytes a flag
    NUM = "num"  # decimal numbers separated by commas
    UTF8 = "UTF-8"  # one Unicode character a flag


FLAG_TYPES = {"long": FlagType.LONG, "num": FlagType.NUM, "UTF-8": FlagType.UTF8}


class FlagCodec:
    """Decodes flag fields of one flag type; `fail(message)` builds the error to raise."""

    def __init__(self, kind: FlagType) -> None:
        self.kind = kind

    def flags(self, raw: bytes, fail: Callable[[str], Exception]) -> tuple[str, ...]:
        """Every flag of a flag field (`hund/ABC`'s `ABC`)."""
        if self.kind is FlagType.CHAR:
            return tuple(raw.decode("latin-1"))
        if self.kind is FlagType.LONG:
            if len(raw) % 2:
                raise fail(f"flag field {raw!r} has an odd number of bytes, but FLAG long takes two a flag")
            text = raw.decode("latin-1")
            return tuple(text[i:i + 2] for i in range(0, len(text), 2))
        if self.kind is FlagType.UTF8:
            try:
                return tuple(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise fail(f"flag field {raw!r} is not valid UTF-8, but FLAG UTF-8 says it is") from None
        if not raw:
            return ()
        return tuple(self._number(part, fail) for part in raw.split(b","))

    def flag(self, raw: bytes, fail: Callable[[str], Exception]) -> str:
        """The one flag a directive names (`NEEDAFFIX X`, `SFX X Y 3`): Hunspell takes the first."""
        if self.kind is FlagType.NUM:
            return self._number(raw.split(b",")[0], fail)
        if self.kind is FlagType.LONG and len(raw) < 2:
            raise fail(f"flag {raw!r} is one byte, but FLAG long takes two")
        flags = self.flags(raw[:2] if self.kind is FlagType.LONG else raw, fail)
        if not flags:
            raise fail("missing flag")
        return flags[0]

    @staticmethod
    def _number(raw: bytes, fail: Callable[[str], Exception]) -> str:
        text = raw.strip()
        if not text.isdigit() or not 1 <= int(text) <= MAX_NUM_FLAG:
            raise fail(f"flag {raw.decode('latin-1')!r} is not a number from 1 to {MAX_NUM_FLAG} (FLAG num)")
        return str(int(text))

    def show(self, flag: str) -> str:
        """A flag as text for reports: printable ASCII as is, other bytes as \\xNN."""
        if self.kind in (FlagType.NUM, FlagType.UTF8):
            return flag
        return "".join(c if " " < c < "\x7f" else f"\\x{ord(c):02x}" for c in flag)
