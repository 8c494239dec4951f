"""Sending mail through the operator's SMTP server (`aiosmtplib`), never in a request's way.

The server is named by one URL — ``smtp://user:password@host:587?from=tabletop@example.org`` (STARTTLS when
the server offers it), ``smtps://…:465`` (TLS from the start), or ``smtp://host:25?tls=none`` (a relay on the
same machine, a test's server) — given by ``tabletop serve --smtp-url`` or ``$TABLETOP_SMTP_URL`` (better:
a command line is seen by every user of the machine). Without one, no mail is sent and the features that
need it say so.

A message is handed to a background task and the request goes on: at most :data:`PENDING` wait at once
(beyond that a message is dropped and logged), each send bounded by :data:`SEND_SECONDS`. What is logged
of a message is its kind and the domain it went to — never its address in full, its link or the password.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

log = logging.getLogger("tabletop.mail")

PENDING = 200
"""Messages that may wait to be sent at once."""
SEND_SECONDS = 20.0
"""The longest one message may take (connect, greet, send)."""


class BadSmtpUrl(ValueError):
    """An SMTP URL that does not say how to send (the CLI words it as a bad option)."""


@dataclass(frozen=True)
class Smtp:
    """Where and how to send: parsed from the operator's URL."""

    host: str
    port: int
    sender: str
    username: str | None = None
    password: str | None = None
    tls: str = "starttls"  #: starttls (when offered), tls (from the start) or none

    @classmethod
    def parse(cls, url: str) -> Smtp:
        """The :class:`Smtp` an URL names.

        Raises:
            BadSmtpUrl: for another scheme, no host, or no sender (``?from=``).
        """
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise BadSmtpUrl("an SMTP URL is smtp://[user:password@]host[:port]?from=address (or smtps://)")
        query = parse_qs(parts.query)
        sender = (query.get("from") or [""])[0]
        if "@" not in sender:
            raise BadSmtpUrl("an SMTP URL names the sender: ?from=tabletop@example.org")
        tls = "tls" if parts.scheme == "smtps" else (query.get("tls") or ["starttls"])[0]
        if tls not in ("starttls", "tls", "none"):
            raise BadSmtpUrl("tls= is starttls, tls or none")
        port = parts.port or (465 if tls == "tls" else 587)
        return cls(parts.hostname, port, sender, unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None, tls)


class Mailer:
    """Sends plain-text mail in the background (``smtp`` None: sends nothing, :attr:`works` False)."""

    def __init__(self, smtp: Smtp | None) -> None:
        self.smtp = smtp
        self.pending: set[asyncio.Task[None]] = set()
        self.sent = 0  #: messages the SMTP server took (tests, metrics)

    @property
    def works(self) -> bool:
        return self.smtp is not None

    def send(self, to: str, subject: str, text: str, kind: str) -> bool:
        """Queue a message to ``to`` (``kind`` names it in the log); False when it is not sent (no SMTP, or
        too many waiting)."""
        if self.smtp is None:
            return False
        if len(self.pending) >= PENDING:
            log.warning("mail: %d messages wait already; a %s message to @%s dropped", PENDING, kind, _domain(to))
            return False
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.smtp.sender, to, subject
        message.set_content(text)
        task = asyncio.get_running_loop().create_task(self._send(message, kind, to))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)
        return True

    async def _send(self, message: EmailMessage, kind: str, to: str) -> None:
        smtp = self.smtp
        assert smtp is not None
        try:
            await aiosmtplib.send(message, hostname=smtp.host, port=smtp.port, username=smtp.username,
                                  password=smtp.password, use_tls=smtp.tls == "tls",
                                  start_tls=None if smtp.tls == "starttls" else False, timeout=SEND_SECONDS)
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            log.warning("mail: a %s message to @%s was not sent (%s)", kind, _domain(to), type(error).__name__)
            return
        self.sent += 1
        log.info("mail: a %s message sent to @%s", kind, _domain(to))

    async def drain(self) -> None:
        """Wait for the messages being sent (a test; a clean stop)."""
        while self.pending:
            await asyncio.gather(*list(self.pending), return_exceptions=True)


def _domain(address: str) -> str:
    return address.rpartition("@")[2][:80]
