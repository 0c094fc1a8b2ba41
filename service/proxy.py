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


def nginx_config(listen: str, upstreams: list[str]) -> str:
    """service/nginx.conf with its listen address and its upstream servers replaced, nothing else."""
    text = CONFIG.read_text()
    text, n = re.subn(r"(?<=listen )127\.0\.0\.1:8000\b", listen, text)
    servers = re.findall(r"^ *server 127\.0\.0\.1:800[12]\b.*\n", text, re.M)
    if n != 1 or len(servers) != 2 or not upstreams:
        raise LexiconError(f"{CONFIG} no longer has one listen address and two upstream servers to replace")
    lines = "".join(re.sub(r"127\.0\.0\.1:800[12]", upstream, servers[0]) for upstream in upstreams)
    return text.replace(servers[0] + servers[1], lines)


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise LexiconError("nginx is not installed: `make run` installs Debian's package (or: apt-get install nginx)")
    return found


class Nginx:
    """nginx listening on `listen` (host:port) in front of `upstreams`, with a private prefix directory."""

    def __init__(self, listen: str, upstreams: list[str], *, log=None) -> None:
        self.listen = listen
        self.url = f"http://{listen}"
        self.prefix = Path(tempfile.mkdtemp(prefix="lexicon-nginx-"))
        self.prefix.chmod(0o755)  # started by root, nginx's workers run as nobody and must reach it
        config = self.prefix / "nginx.conf"
        config.write_text(nginx_config(listen, upstreams))
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


def serve_behind_nginx(listen: str, gunicorn: list[str], env: dict[str, str]) -> int:
    """Run gunicorn on a Unix socket and nginx on `listen` in front of it until a signal (SIGINT,
    SIGTERM) or until either exits, then stop both; gunicorn's exit code (1 if nginx failed)."""
    stopping = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, frame: stopping.append(signum))
    nginx = None
    folder = Path(tempfile.mkdtemp(prefix="lexicon-gunicorn-"))
    folder.chmod(0o755)  # nginx's workers (nobody, when started by root) connect to the socket in it
    sock = folder / "gunicorn.sock"
    app = subprocess.Popen(gunicorn, env=env | {"LEXICON_BIND": f"unix:{sock}", "LEXICON_TRUSTED_PROXIES": "1"})
    try:
        while not sock.exists() and app.poll() is None and not stopping:
            time.sleep(0.05)
        if app.poll() is None and not stopping:
            nginx = Nginx(listen, [f"unix:{sock}"])
            while app.poll() is None and nginx.proc.poll() is None and not stopping:
                time.sleep(0.2)
    finally:
        if nginx is not None:
            nginx.stop()
        if app.poll() is None:
            app.terminate()  # graceful: workers finish the requests they hold
            app.wait()
        shutil.rmtree(folder, ignore_errors=True)
    failed = nginx is not None and nginx.proc.returncode not in (0, None) and not stopping
    return app.returncode or int(failed)
