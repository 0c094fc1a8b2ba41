"""Debian's nginx with service/nginx.conf, run as a child process: in front of gunicorn in `lexicon
serve`, in front of two instances in docs/deploy.md's recipe, and in the tests and benchmarks."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from lexicon import LexiconError

CONFIG = Path(__file__).parent / "nginx.conf"


def nginx_config(listen: str, lookups: list[str], searches: list[str]) -> str:
    """service/nginx.conf with its listen address and the servers of its two upstreams (the lookup
    and search pools of each instance: host:port or unix:path) replaced, nothing else."""
    text = CONFIG.read_text()
    text, n = re.subn(r"(?<=listen )127\.0\.0\.1:8000\b", listen, text)
    if n != 1 or not lookups or len(lookups) != len(searches):
        raise LexiconError(f"{CONFIG} has no listen address to replace, or the pools do not pair up")
    for first, addresses in (("8001", lookups), ("8011", searches)):
        servers = re.findall(rf"^ *server 127\.0\.0\.1:{first[:3]}[12]\b.*\n", text, re.M)
        if len(servers) != 2:
            raise LexiconError(f"{CONFIG} no longer has the two upstream servers {first[:3]}1 and {first[:3]}2")
        lines = "".join(re.sub(r"127\.0\.0\.1:\d+", address, servers[0]) for address in addresses)
        text = text.replace(servers[0] + servers[1], lines)
    return text


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise LexiconError("nginx is not installed: `make run` installs Debian's package (or: apt-get install nginx)")
    return found


class Nginx:
    """nginx listening on `listen` (host:port) in front of instances' lookup and search pools, with a
    private prefix directory."""

    def __init__(self, listen: str, lookups: list[str], searches: list[str], *, log=None) -> None:
        self.listen = listen
        self.url = f"http://{listen}"
        self.prefix = Path(tempfile.mkdtemp(prefix="lexicon-nginx-"))
        self.prefix.chmod(0o755)  # started by root, nginx's workers run as nobody and must reach it
        config = self.prefix / "nginx.conf"
        config.write_text(nginx_config(listen, lookups, searches))
        self.proc = subprocess.Popen([nginx_binary(), "-p", str(self.prefix), "-c", str(config), "-e", "stderr"],
                                     stdout=log, stderr=log)

    def wait_up(self, timeout: float = 30) -> None:
        """Until nginx answers (whatever the instances behind it say)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise LexiconError(f"nginx exited with code {self.proc.returncode}")
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1).read()
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.1)
        raise LexiconError(f"nginx did not answer on {self.listen} within {timeout:g} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finish what is in flight
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)


#: The CPU priority of the search pool: when searches and lookups want the CPU at once, the kernel
#: gives lookups about ten times the share (nice 10 against 0).
SEARCH_NICE = 10


def serve_behind_nginx(listen: str, gunicorn: list[str], env: dict[str, str], search_workers: int) -> int:
    """Run one instance, a lookup pool and a search pool of gunicorn workers on Unix sockets, with
    nginx on `listen` in front, until a signal (SIGINT, SIGTERM) or until any of them exits; then
    stop all. The exit code is a pool's, or 1 if nginx failed."""
    stopping = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, frame: stopping.append(signum))
    folder = Path(tempfile.mkdtemp(prefix="lexicon-serve-"))
    folder.chmod(0o755)  # nginx's workers (nobody, when started by root) connect to the sockets in it
    metrics = folder / "metrics"  # one set of counters for both pools: /metrics shows the instance
    metrics.mkdir()
    common = env | {"LEXICON_TRUSTED_PROXIES": "1", "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
    socks = {pool: folder / f"{pool}.sock" for pool in ("lookups", "searches")}
    pools = [subprocess.Popen(gunicorn, env=common | {"LEXICON_BIND": f"unix:{socks['lookups']}"}),
             subprocess.Popen(gunicorn, env=common | {"LEXICON_BIND": f"unix:{socks['searches']}",
                                                       "LEXICON_WORKERS": str(search_workers),
                                                       "LEXICON_NICE": str(SEARCH_NICE)})]
    nginx = None

    def running() -> bool:
        return not stopping and all(p.poll() is None for p in pools) and (nginx is None or nginx.proc.poll() is None)

    try:
        while running() and not all(sock.exists() for sock in socks.values()):
            time.sleep(0.05)
        if running():
            nginx = Nginx(listen, [f"unix:{socks['lookups']}"], [f"unix:{socks['searches']}"])
            while running():
                time.sleep(0.2)
    finally:
        if nginx is not None:
            nginx.stop()
        for pool in pools:
            if pool.poll() is None:
                pool.terminate()  # graceful: workers finish the requests they hold
        for pool in pools:
            pool.wait()
        shutil.rmtree(folder, ignore_errors=True)
    failed = nginx is not None and nginx.proc.returncode not in (0, None) and not stopping
    return next((p.returncode for p in pools if p.returncode), int(failed))
