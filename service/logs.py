"""Logging that a client cannot forge: control characters from requests are escaped in every line."""

from __future__ import annotations

import logging
import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    """Make control, line-breaking and direction-changing characters visible: '\\n' → '\\x0a'."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}",
                        text)


class EscapeControls(logging.Filter):
    """A handler filter: the formatted message of every record has its control characters escaped."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        escaped = escape_controls(message)
        if escaped != message:
            record.msg, record.args = escaped, None
        return True


def guard(handlers: list[logging.Handler]) -> None:
    for handler in handlers:
        if not any(isinstance(f, EscapeControls) for f in handler.filters):
            handler.addFilter(EscapeControls())
