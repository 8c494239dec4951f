"""Security headers on every answer, and who may talk to the server: its Host and a request's Origin.

Two plain ASGI middlewares, each a look at a few headers per request:

- :class:`SecurityHeaders`, the outermost layer of the app (outside FastAPI's own error handler, so a
  500, a 404 or another middleware's refusal carries them too), adds a strict Content Security
  Policy — scripts from the server alone, the page's one inline script (the import map) allowed by its
  SHA-256 read from ``index.html`` at start, no ``style`` attributes, nothing framing the page — and
  ``X-Content-Type-Options``, ``X-Frame-Options`` and ``Referrer-Policy``. A framed table could be
  clickjacked into a move or an Abandon; a script slipped into the page would reach the seat tokens
  in localStorage. An answer that sets its own policy (the API docs page) keeps it.
- :class:`OriginAndHost` refuses a ``Host`` that is not one of the server's names (``bad_host``, 400):
  a page on ``evil.example`` whose name was re-pointed at a server on the LAN (DNS rebinding) sends
  ``Host: evil.example``, while an IP address cannot be rebound and is always accepted. It refuses a
  WebSocket handshake or a state-changing request whose ``Origin`` is another site's (``bad_origin``,
  403), so a page elsewhere can neither play nor create tables in its visitor's name. Requests without
  an Origin (curl, the CLI, bots) are not a browser's cross-site requests and pass.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import ipaddress
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from tabletop.server.errors import ApiError, error_body

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing: any other is checked for its Origin."""

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
"""This machine's own names: a page from any of them, on any port, is a local one (``make play``)."""

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def inline_script_hashes(html: str, kind: str | None = None) -> list[str]:
    """The CSP source (``'sha256-…'``) of each inline ``<script>`` of a page (of those whose ``type`` is
    ``kind``, if given), in order: editing the import map changes its hash, and the policy is built from
    the file itself, so it never goes stale."""

    class Scripts(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=False)
            self.inline: list[str] = []
            self.open: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            named = dict(attrs)
            if tag == "script" and not named.get("src") and kind in (None, named.get("type")):
                self.open = []

        def handle_data(self, data: str) -> None:
            if self.open is not None:
                self.open.append(data)

        def handle_endtag(self, tag: str) -> None:
            if tag == "script" and self.open is not None:
                self.inline.append("".join(self.open))
                self.open = None

    parser = Scripts()
    parser.feed(html)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in parser.inline]


def content_security_policy(script_hashes: Iterable[str] = (), **more: str) -> str:
    """The policy of the browser client: everything from the server itself and nothing inline.

    ``default-src 'none'`` leaves out what the client does not use: web fonts (it uses the system's),
    media (its sounds are synthesised with WebAudio), workers, frames and plug-ins. ``connect-src 'self'``
    covers the same origin's WebSockets (CSP Level 3). ``data:`` images are the page's icon; styles come
    from ``app.css`` alone, and the scripts set the few computed ones through the CSSOM (``el.style``),
    which no policy blocks. ``more`` adds sources to a directive (``img_src="https:"``).
    """
    directives = {
        "default-src": "'none'",
        "script-src": " ".join(["'self'", *script_hashes]),
        "style-src": "'self'",
        "img-src": "'self' data:",
        "connect-src": "'self'",
        "manifest-src": "'self'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "object-src": "'none'",
        "frame-ancestors": "'none'",
    }
    for name, sources in more.items():
        directive = name.replace("_", "-")
        directives[directive] = f"{directives.get(directive, '')} {sources}".strip()
    return "; ".join(f"{name} {sources}" for name, sources in directives.items())


def security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    """Every answer's headers: the policy, no MIME sniffing, no framing (for browsers before
    ``frame-ancestors``) and no ``Referer`` (a table's URL says which table one plays at)."""
    return [(b"content-security-policy", policy.encode()), (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer")]


class SecurityHeaders:
    """Adds :func:`security_headers` to every HTTP answer (and a WebSocket's refusal), but a header
    the answer already has."""

    def __init__(self, app: ASGIApp, headers: Sequence[tuple[bytes, bytes]]) -> None:
        self.app = app
        self.headers = list(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                message = {**message, "headers": headers + [h for h in self.headers if h[0] not in present]}
            await send(message)

        await self.app(scope, receive, with_headers)


@functools.cache
def machine_names() -> frozenset[str]:
    """This machine's host name, its fully qualified name and its mDNS name (``name.local``): how a
    LAN reaches a ``make play`` with ``HOST=0.0.0.0`` besides its address."""
    names = {socket.gethostname().lower()}
    with contextlib.suppress(OSError):  # (no resolver at all)
        names.add(socket.getfqdn().lower())
    names |= {f"{name.split('.')[0]}.local" for name in list(names) if name}
    return frozenset(name.rstrip(".") for name in names if name)


def normal_origin(text: str) -> str:
    """An origin as the browser sends it, ``scheme://host[:port]`` (the port left out when it is the
    scheme's default): what ``--allow-origin`` takes.

    Raises:
        ValueError: for anything else (a path, no scheme or no host).
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise ValueError(f"{text!r}: an origin is scheme://host[:port]") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username:
        raise ValueError(f"{text!r}: an origin is http(s)://host[:port], with nothing after it")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port and port != DEFAULT_PORTS[parts.scheme] else "")


@dataclass(frozen=True)
class Allowed:
    """Who may talk to the server besides itself: more host names (``*`` any; ``*.example.com``
    its subdomains) and more origins (:func:`normal_origin`)."""

    hosts: frozenset[str] = frozenset()
    origins: frozenset[str] = frozenset()

    @classmethod
    def of(cls, hosts: Iterable[str] = (), origins: Iterable[str] = ()) -> Allowed:
        """The settings as given (``--allow-host``, ``--allow-origin``).

        Raises:
            ValueError: naming an origin that is not scheme://host[:port].
        """
        return cls(frozenset(h.strip().lower().rstrip(".") for h in hosts if h.strip()),
                   frozenset(normal_origin(o) for o in origins))

    def host(self, name: str) -> bool:
        """True when ``name`` (a Host header's name, lowercase) is one of this server's."""
        if name in LOOPBACK or name.endswith(".localhost") or name in machine_names() or name in self.hosts \
                or "*" in self.hosts:
            return True
        if any(h.startswith("*.") and name.endswith(h[1:]) for h in self.hosts):
            return True
        try:
            ipaddress.ip_address(name)  # an address cannot be rebound to another machine
        except ValueError:
            return False
        return True

    def origin(self, origin: str, host: str) -> bool:
        """True when a page from ``origin`` may change things here: the server's own page (the Origin's
        host and port are the request's ``Host``), a page on this machine, or one allowed."""
        try:
            parts = urlsplit(origin)
            port = parts.port or DEFAULT_PORTS.get(parts.scheme)
            asked = urlsplit(f"//{host}")
            host_port = asked.port or DEFAULT_PORTS.get(parts.scheme)
        except ValueError:
            return False
        name = (parts.hostname or "").rstrip(".")
        if not name:  # "null": a sandboxed frame, a file, a redirect across sites
            return False
        if name in LOOPBACK or (name == (asked.hostname or "").rstrip(".") and port == host_port):
            return True
        try:
            return normal_origin(origin) in self.origins
        except ValueError:
            return False


class OriginAndHost:
    """Refuses a request whose ``Host`` is not this server's (400 ``bad_host``) and a WebSocket or
    state-changing request from another site's page (403 ``bad_origin``); a refused WebSocket is
    answered before its handshake, with the same body where the server can send one (else closed 1008)."""

    def __init__(self, app: ASGIApp, allowed: Allowed) -> None:
        self.app = app
        self.allowed = allowed
        self.hosts: dict[str, bool] = {}  #: each Host header seen lately → whether it is this server's
        self.origins: dict[tuple[str, str], bool] = {}  #: each (Origin, Host) seen lately → whether it may

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and (refusal := self.refusal(scope)) is not None:
            await refuse(refusal, scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> ApiError | None:
        """Why the request is refused (None: it passes)."""
        host = origin = None
        for name, value in scope["headers"]:
            if name == b"host":
                host = value.decode("latin-1")
            elif name == b"origin":
                origin = value.decode("latin-1")
        if host is not None:
            if (known := self.hosts.get(host)) is None:
                known = remember(self.hosts, host, self.allowed.host(host_name(host)))
            if not known:
                return ApiError(400, f"Host {host[:100]!r} is not a name of this server (a page that renamed it "
                                     "could read it); if it is, start the server with --allow-host NAME",
                                "bad_host", host=host[:100])
        if origin is None or (scope["type"] == "http" and scope["method"] in SAFE_METHODS):
            return None
        if (may := self.origins.get((origin, host or ""))) is None:
            may = remember(self.origins, (origin, host or ""), self.allowed.origin(origin, host or ""))
        if may:
            return None
        return ApiError(403, f"a page from {origin[:100]!r} may not change anything here; a site allowed to "
                             "is named by the server's --allow-origin", "bad_origin", origin=origin[:100])


MEMORY = 1024
"""Verdicts on Host and Origin headers remembered (a browser sends the same ones each time; parsing an
address costs tens of microseconds); beyond them all are forgotten, so a flood of made-up names costs
only the parsing it would have cost anyway."""


def remember(verdicts: dict[Any, bool], key: Any, verdict: bool) -> bool:
    """``verdict``, kept in ``verdicts`` (at most :data:`MEMORY` of them)."""
    if len(verdicts) >= MEMORY:
        verdicts.clear()
    verdicts[key] = verdict
    return verdict


def host_name(host: str) -> str:
    """The name (or address) of a ``Host`` header, lowercase, without its port and final dot ("" if malformed)."""
    try:
        return (urlsplit(f"//{host}").hostname or "").rstrip(".")
    except ValueError:
        return ""


async def refuse(refusal: ApiError, scope: Scope, receive: Receive, send: Send) -> None:
    """Answer ``refusal`` (an HTTP request's, or a WebSocket's before its handshake)."""
    response = JSONResponse(error_body(refusal), status_code=refusal.status_code)
    extensions: dict[str, Any] = scope.get("extensions") or {}
    if scope["type"] == "websocket" and "websocket.http.response" not in extensions:
        reason = str(refusal.detail).encode()[:120].decode(errors="ignore")  # (a close reason is short)
        await WebSocketClose(1008, reason)(scope, receive, send)
        return
    await response(scope, receive, send)


class Secured(FastAPI):
    """FastAPI with :class:`SecurityHeaders` outside everything else, FastAPI's own error handler
    included: an unhandled error's 500 carries the headers too."""

    def __init__(self, *, security_headers: Sequence[tuple[bytes, bytes]], **settings: Any) -> None:
        self.security_headers = list(security_headers)
        super().__init__(**settings)

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack(), self.security_headers)
