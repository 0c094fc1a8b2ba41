"""The service over real HTTP, for the tests and the benchmarks alike: started as `make run` starts it
(`lexicon serve`: nginx in front of a lookup and a search pool of gunicorn; or one pool alone) on
a free loopback port, asked with urllib or over a plain socket, its gunicorn workers found."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parent.parent
#: Lines gunicorn's arbiter logs when it kills or loses a worker.
WORKER_DEATHS = re.compile(r"WORKER TIMEOUT|Worker \(pid:\d+\) (was sent|exited with code)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url: str, path: str, headers: dict | None = None):
    """GET url + path: status, headers and body, for error statuses too."""
    return _open(urllib.request.Request(url + path, headers=headers or {}))


def http_post(url: str, path: str, body: bytes, content_type: str = "application/json"):
    """POST a body to url + path: status, headers and body, for error statuses too."""
    return _open(urllib.request.Request(url + path, data=body, headers={"Content-Type": content_type}))


def _open(request: urllib.request.Request):
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


class Started:
    """A server process on a free loopback port, all its output in `log_path`, stopped by `stop()`."""

    def __init__(self, args: list[str], env: dict, port: int, *, log_path: Path | None = None,
                 ready: str = "/readyz", cwd: Path = ROOT) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.temporary = log_path is None
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix="server-", suffix=".log")
            os.close(fd)
            log_path = Path(name)
        self.log_path = log_path
        self.log = log_path.open("w")
        self.proc = subprocess.Popen(args, cwd=cwd, env=os.environ | env, stdout=self.log, stderr=self.log)
        self.wait_ready(ready)

    def wait_ready(self, path: str = "/readyz", timeout: float = 60) -> None:
        """Until `path` answers (200; any answer for a path the app may not have, such as a bare app's)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.proc.args[:4]} exited with {self.proc.returncode}: "
                                   f"{self.log_path.read_text(errors='replace')[-2000:]}")
            try:
                if self.get(path)[0] == 200 or path != "/readyz":
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise TimeoutError(f"{self.url}{path} did not answer")

    def get(self, path: str, headers: dict | None = None):
        return http_get(self.url, path, headers)

    def post(self, path: str, body: bytes, content_type: str = "application/json"):
        return http_post(self.url, path, body, content_type)

    def workers(self) -> list[int]:
        return gunicorn_workers(self.proc.pid)

    def deaths(self) -> list[str]:
        """Log lines that say a worker was killed or died."""
        self.log.flush()
        return [line for line in self.log_path.read_text(errors="replace").splitlines() if WORKER_DEATHS.search(line)]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=60)
        self.log.close()
        if self.temporary:
            self.log_path.unlink(missing_ok=True)


class Served(Started):
    """`lexicon serve` as `make run` starts it (nginx in front of a lookup and a search pool); with
    proxy=False one pool alone (`searches`: the search pool)."""

    def __init__(self, root: str | Path, workers: int = 2, env: dict | None = None, *, proxy: bool = True,
                 searches: bool = False, log_path: Path | None = None, log_level: str = "info") -> None:
        port = free_port()
        super().__init__([sys.executable, "-m", "lexicon_cli", "serve", "--artifacts", str(root), "--bind",
                          f"127.0.0.1:{port}", "--workers", str(workers), *([] if proxy else ["--no-proxy"]),
                          *(["--searches"] if searches else [])],
                         {"LEXICON_LOG_LEVEL": log_level, "LEXICON_ACCESS_LOG": "-"} | (env or {}), port,
                         log_path=log_path)


def gunicorn_workers(pid: int) -> list[int]:
    """The workers of the gunicorn masters that are `pid` or its children (`lexicon serve` runs two)."""
    def children(p: int) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(p)], capture_output=True, text=True).stdout
        return [int(c) for c in out.split()]

    def is_gunicorn(p: int) -> bool:
        try:
            return b"gunicorn" in Path(f"/proc/{p}/cmdline").read_bytes()
        except OSError:
            return False

    masters = [p for p in [pid, *children(pid)] if is_gunicorn(p)]
    return sorted(c for master in masters for c in children(master))


# ---------------------------------------------------------------------- raw HTTP, for hostile requests

def send(server, case):
    """Send a hostile case (support.hostile) over a plain socket: a server may answer 413 and close
    before a large body is sent, and that answer must still be read."""
    head = [f"{case.method} {case.target} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", "Connection: close"]
    if case.body is not None:
        head += [f"Content-Type: {case.content_type}", f"Content-Length: {len(case.body)}"]
    data = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + (case.body or b"")
    return exchange(server, data)


def exchange(server, data: bytes) -> tuple[int, str, bytes]:
    """Send raw bytes, read the whole answer: its status, content type and (de-chunked) body."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server answered early and stopped reading (broken pipe, reset, not connected)
        reply = b""
        try:
            while chunk := s.recv(65536):
                reply += chunk
        except ConnectionResetError:
            pass
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    if headers.get("Transfer-Encoding") == "chunked":
        body = _unchunk(body)
    return int(lines[0].split()[1]), headers.get("Content-Type", ""), body


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size, 16)
        if n == 0:
            break
        out += rest[:n]
        data = rest[n + 2:]
    return out
