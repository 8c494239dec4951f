"""A ``tabletop serve`` in a child process, for tests, benchmarks and scripts that need a real server.

The server runs exactly as a user starts it (its own process, uvicorn, the given database), so what is
measured or tested is the real thing; this only waits until it answers and stops it afterwards.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(db: str, *, redis: str | None = None, bot_workers: int = 1,
            startup_seconds: float = 60.0) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start ``tabletop serve`` on a free port with database ``db``; yield its base URL and process
    once it answers, and stop it when the block ends (unless it was already stopped or killed).

    Raises:
        RuntimeError: when the server does not answer within ``startup_seconds``.
    """
    port = free_port()
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--db", db,
               "--bot-workers", str(bot_workers)]
    if redis:
        command += ["--redis", redis]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_seconds
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {' '.join(command)}")
            time.sleep(0.1)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
