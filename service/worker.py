"""The service's gunicorn worker: gunicorn's sync worker, with three things the service needs at its edge made
through the worker API gunicorn offers for classes of one's own (`worker_class` in service/gunicorn.conf.py), not
by replacing gunicorn's functions. tests/test_server.py holds each.

- **Raw UTF-8 in the query.** RFC 9112 wants a request target of printable ASCII, but game engines and shells
  send `?word=ÖVÄRLD` as raw UTF-8, and gunicorn refuses that with a bare 400. In the query, where words go,
  such bytes are %-escaped as the request line is read, so the app reads what the client meant exactly as it
  reads the escaped word (bytes that are not UTF-8 get the same problem as their escapes). In the path they
  are still refused, by gunicorn, with a problem that names the position.
- **problem+json for what gunicorn itself refuses** (a request line over 8190 bytes, a broken header): its HTML
  error page is written as a problem document, the detail gunicorn gave kept.
- **Closing a connection.** gunicorn half-closes every connection and then waits, up to 2 s, for the peer to
  close its side, reading what it still sends: closing a socket with bytes unread makes the kernel answer with
  a reset, which can cut off the answer on its way. Behind nginx the request has nearly always been read
  whole, and then the wait only costs a sync worker a round trip through nginx and the CPU of two more
  wake-ups, on every request (docs/reliability.md, "Closing a connection"). So a connection with nothing left
  unread ends its drain at once; one with bytes unread (an answer given without reading the body) drains
  gunicorn's way. LEXICON_CLOSE_AT_ONCE=0 keeps gunicorn's way always.

nginx cannot do the first two instead: it passes the request target as the client sent it, and it cannot tell
gunicorn's HTML page from the app's own answers of the same status.
"""

from __future__ import annotations

import fcntl
import html
import json
import re
import socket
import struct
import termios

from gunicorn.workers.sync import SyncWorker

_PRINTABLE = re.compile(rb"[^\x21-\x7e]")
_ERROR = re.compile(rb"HTTP/1\.1 (\d{3}) ([^\r\n]*)\r\n.*?</h1>(.*)</body>", re.S)


class Connection:
    """A client's socket as the worker reads, answers and closes it (the module's three points); everything
    else is the socket's own."""

    def __init__(self, sock: socket.socket, close_at_once: bool) -> None:
        self._sock = sock
        self._close_at_once = close_at_once
        self.line = bytearray()  # the request line as the client sent it, once read
        self._ended = False  # the request line has been read whole
        self._part = 0  # of the request line: 0 the method, 1 the path, 2 the query, 3 the rest
        self._drained = False
        self.problem = False  # gunicorn is writing its error page: write it as a problem document

    def __getattr__(self, name: str):
        return getattr(self._sock, name)

    def recv(self, size: int, *flags: int) -> bytes:
        if self._drained:
            return b""
        data = self._sock.recv(size, *flags)
        return data if self._ended or not data else self._read_line(data)

    def _read_line(self, data: bytes) -> bytes:
        end = data.find(b"\n")
        head, rest = (data, b"") if end < 0 else (data[:end + 1], data[end + 1:])
        self.line += head
        self._ended = end >= 0
        if self._ended and head.isascii():  # nearly always: the line whole in one read, and nothing to escape
            return data
        out = bytearray()
        for byte in head:
            self._follow(byte)
            out += b"%%%02X" % byte if self._part == 2 and byte >= 0x80 else bytes((byte,))
        return bytes(out) + rest

    def _follow(self, byte: int) -> None:
        if byte == 0x20 and self._part in (0, 1, 2):
            self._part = 1 if self._part == 0 else 3
        elif byte == 0x3F and self._part == 1:  # '?'
            self._part = 2

    def shutdown(self, how: int) -> None:
        # what is unread is counted before the half-close: after it the client, seeing the answer end, may
        # already have sent more, which is no request of this connection
        unread = _unread(self._sock) if self._close_at_once and how == socket.SHUT_WR else -1
        self._sock.shutdown(how)
        if unread == 0:
            self._drained = True  # nothing was left to read: the drain that follows ends at once

    def sendall(self, data: bytes, *flags: int) -> None:
        self._sock.sendall(_problem(data, bytes(self.line)) if self.problem else data, *flags)


def _unread(sock: socket.socket) -> int:
    """Bytes the kernel holds unread for the socket (-1 when it cannot say)."""
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
    except (OSError, ValueError):
        return -1


def _problem(page: bytes, line: bytes) -> bytes:
    """gunicorn's error page as a problem document: its status and reason, and its message as the detail (for a
    path with a byte that must be %-escaped, where that byte is)."""
    found = _ERROR.match(page)
    if found is None:
        return page
    status, reason = int(found[1]), found[2].decode("latin-1")
    detail, position = html.unescape(found[3].decode("latin-1")).strip(), None
    parts = line.rstrip(b"\r\n").split(b" ")
    path = parts[1].split(b"?")[0] if len(parts) == 3 else b""  # the query's bytes were escaped as it was read
    bad = _PRINTABLE.search(path)
    if bad is not None:
        position = bad.start()
        escaped = "".join(chr(b) if 0x21 <= b <= 0x7E else f"%{b:02X}" for b in parts[1])
        detail = (f"the request target has the byte 0x{bad[0][0]:02X} at position {position}, in its path: there "
                  f"every byte that is not printable ASCII must be %-escaped ({escaped[:200]})")
    body = {"type": f"/problems/{reason.lower().replace(' ', '-')}", "title": reason, "status": status,
            "detail": detail} | ({} if position is None else {"position": position})
    data = json.dumps(body).encode()
    return (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n").encode("latin-1") + data


class LookupWorker(SyncWorker):
    """gunicorn's sync worker over `Connection`s."""

    close_at_once = True  # gunicorn.conf.py sets it from LEXICON_CLOSE_AT_ONCE

    def handle(self, listener, client, addr) -> None:
        super().handle(listener, Connection(client, self.close_at_once), addr)

    def handle_error(self, req, client, addr, exc) -> None:
        if isinstance(client, Connection):
            client.problem = True
        super().handle_error(req, client, addr, exc)
