"""Passwords, hashed with argon2id (``argon2-cffi``), off the event loop and bounded.

A hash takes tens of milliseconds and 64 MiB (RFC 9106's low-memory profile, argon2-cffi's default): run
on the loop it would stall every table, and run for whoever asks it is a way to exhaust memory. So hashes
are computed on a few threads of their own (argon2's C code lets the GIL go), at most :data:`HASHING` at once
and :data:`WAITING` more waiting — beyond that a sign-in or sign-up is refused with 503 and ``Retry-After``,
besides the per-address and per-account limits of :mod:`.throttle`.

Signing in with a name nobody has verifies the password against a dummy hash made with the same
parameters, so the answer takes the same work whether the name exists or not (:meth:`Passwords.check`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from tabletop.server.limits import LimitReached

T = TypeVar("T")

HASHING = 2
"""Hashes computed at once (each holds a thread and its memory)."""
WAITING = 16
"""Hashes waiting for a thread before more are refused."""
SHORTEST, LONGEST = 8, 256
"""A password's length in characters (the longest bounds what one hash costs)."""
PROFILES = {"rfc9106-low-memory": profiles.RFC_9106_LOW_MEMORY, "rfc9106-high-memory": profiles.RFC_9106_HIGH_MEMORY,
            "cheapest": profiles.CHEAPEST}
"""argon2 parameter sets by name (``cheapest`` for tests only: it protects nothing)."""


class BadPassword(ValueError):
    """A new password the rules refuse (``password_length``, ``password_is_username``)."""

    def __init__(self, reason: str, code: str, **params: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.params = params


def check_password(password: str, username: str) -> str:
    """A new password, when long enough, not too long, and not the username itself.

    Raises:
        BadPassword: saying why.
    """
    if not SHORTEST <= len(password) <= LONGEST:
        raise BadPassword(f"a password has {SHORTEST} to {LONGEST} characters", "password_length",
                          shortest=SHORTEST, longest=LONGEST)
    if password.casefold() == username.casefold():
        raise BadPassword("a password may not be the username", "password_is_username")
    return password


class Passwords:
    """argon2id hashes and checks on threads of their own; ``verifications`` counts the checks made (a
    test sees an unknown name cost one as a wrong password does)."""

    def __init__(self, profile: str = "rfc9106-low-memory") -> None:
        self.hasher = PasswordHasher.from_parameters(PROFILES[profile])
        self.threads = ThreadPoolExecutor(HASHING, thread_name_prefix="tabletop-argon2")
        self.dummy = self.hasher.hash("tabletop: a name nobody has")  #: verified when a name is unknown
        self.busy = 0
        self.verifications = 0

    async def hash(self, password: str) -> str:
        """``password``'s argon2id hash (with its parameters and a fresh salt)."""
        return await self._run(self.hasher.hash, password)

    async def check(self, password: str, stored: str | None) -> bool:
        """Whether ``password`` is the one ``stored`` hashes; with ``stored`` None (no such account) the dummy
        hash is verified all the same, and the answer is False."""
        self.verifications += 1
        try:
            await self._run(self.hasher.verify, stored or self.dummy, password)
        except (VerificationError, InvalidHashError):
            return False
        return stored is not None

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than today's (hashed again at the next sign-in)."""
        return self.hasher.check_needs_rehash(stored)

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        if self.busy >= HASHING + WAITING:
            raise LimitReached("too many sign-ins at once on this server; try again in a moment", "busy_hashing",
                               retry_after=1.0, status=503)
        self.busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.threads, work, *args)
        finally:
            self.busy -= 1

    def close(self) -> None:
        """Stop the hashing threads (the server is stopping)."""
        self.threads.shutdown(wait=False, cancel_futures=True)
