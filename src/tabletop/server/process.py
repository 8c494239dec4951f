"""A ``tabletop serve`` in a child process, for tests, benchmarks and scripts that need a real server.

The server runs exactly as a user starts it (its own process, uvicorn, the given database), so what is
measured or tested is the real thing; this only waits until it answers and stops it afterwards.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.error import URLError
from urllib.request import ProxyHandler, build_opener

LOCAL = build_opener(ProxyHandler({}))
"""Asks the local server directly, whatever proxy the environment names."""


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(db: str, *, redis: str | None = None, bot_workers: int = 1, startup_seconds: float = 180.0,
            args: Sequence[str] = (), log: Path | None = None, port: int | None = None,
            env: Mapping[str, str] | None = None,
            descriptors: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start ``tabletop serve`` with database ``db``; yield its base URL and process once it answers,
    and stop it when the block ends (unless it was already stopped or killed).

    ``args`` go at the end of the command line. The server's output is thrown away unless ``log`` names
    a file, where its stdout and stderr are appended unbuffered, so a test can read what a server said
    up to the moment it was killed. It listens on a free port, or on ``port``, so that a test can
    restart a server where its clients expect it. ``env`` replaces the environment it runs in (a
    benchmark serves another commit's code by its ``PYTHONPATH``). ``descriptors`` caps the descriptors
    it may open (its soft and hard limit), as on a small machine. A start takes seconds, and has taken
    over a minute on a machine whose every core was busy: ``startup_seconds`` only bounds a start that
    never comes.

    Raises:
        RuntimeError: when ``port`` is already taken, or the server does not answer within
            ``startup_seconds``.
    """
    if port is None:
        port = free_port()
    else:
        with socket.socket() as probe:  # a server still there would answer in place of the new one
            probe.settimeout(1)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                raise RuntimeError(f"port {port} is already in use; stop what listens there first")
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--db", db,
               "--bot-workers", str(bot_workers)]
    if redis:
        command += ["--redis", redis]
    command += args
    # a session (process group) of its own: the server's worker pools go with it when the block ends, even
    # after a test killed the server itself with SIGKILL (their forkserver would otherwise stay, orphaned)
    limited = None if descriptors is None else _descriptor_limit(descriptors)
    if log is None:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   env=None if env is None else dict(env), start_new_session=True,
                                   preexec_fn=limited)
    else:
        with log.open("ab") as output:  # the child keeps its own copy of the descriptor
            process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
                                       env={**(os.environ if env is None else env), "PYTHONUNBUFFERED": "1"},
                                       preexec_fn=limited)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_seconds
        while True:
            try:  # urllib, not httpx: this runs in a core install too (httpx is a test tool)
                with LOCAL.open(f"{base}/api/games", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except (URLError, OSError):
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                said = f" (its output is in {log})" if log is not None else ""
                raise RuntimeError(f"the server did not start: {' '.join(command)}{said}")
            time.sleep(0.1)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        with suppress(ProcessLookupError, PermissionError):  # whatever of its group is left
            os.killpg(process.pid, signal.SIGKILL)


def _descriptor_limit(descriptors: int) -> Callable[[], None]:
    """What a child runs before the server starts to have at most ``descriptors`` open (POSIX only)."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    return limit
