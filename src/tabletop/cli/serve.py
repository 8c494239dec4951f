"""``tabletop serve``: the live play server (uvicorn) on a database of your choice."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Annotated

import typer

PASSWORD_HASHING = ("rfc9106-low-memory", "rfc9106-high-memory", "cheapest")
"""The argon2id parameter sets ``--password-hashing`` takes (``tabletop.server.site.accounts.passwords.PROFILES``)."""

LIMITS_HELP = ("a limit as name=value (repeat for several). The limits and their defaults: requests_per_second=30, "
               "expensive_per_second=5, refusal_delay_seconds=1, "
               "open_tables_per_client=20, creations_per_minute=10, messages_per_second=20, message_burst=40, "
               "sockets_per_client=30, sockets_per_minute=60, flood_cooldown_seconds=30, spectators_per_table=100, "
               "bot_tables=20, bot_table_minutes=60, bot_table_move_seconds=0.5, open_table_minutes=60, "
               "idle_table_minutes=120, lobby_idle_minutes=5, "
               "heavy_workers=1, heavy_queue=16, heavy_per_client=2, database_threads=8, worker_niceness=10, "
               "lease_seconds=6, retry_max_seconds=8, "
               "hello_seconds=10, min_move_seconds=5, reconnect_seconds=60, chat_per_minute=20, chat_burst=5, "
               "toggles_per_minute=10, undo_asks_per_minute=20, end_requests_per_minute=10, answers_per_minute=30, "
               "rematches_per_minute=10, sign_ins_per_minute=10, sign_ins_per_account_per_minute=5, "
               "sign_ups_per_minute=3, claims_per_minute=5, exports_per_minute=10, profile_reads_per_minute=60, "
               "rating_reads_per_minute=60, seeks_per_minute=20, game_streams_per_minute=10, "
               "stats_reads_per_minute=60, "
               "blocks_per_minute=10, reports_per_hour=10, "
               "signed_in_address_factor=4, coach_workers=1, lobby_cache_seconds=1, lobby_reads_per_second=3, "
               "header_seconds=5, header_bytes=16384, body_bytes_per_second=1024, body_bytes=65536, "
               "keep_alive_seconds=5, handshake_seconds=5, ping_seconds=20, connections_per_address=64, "
               "new_connections_per_second=50, connections=4096 "
               "(docs/server.md says what each means)")


def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="database URL: a SQLite file or postgresql+psycopg://… [default: tabletop.db in tabletop's user "
             "data folder, e.g. ~/.local/share/tabletop]",
        show_default=False)] = None,
    redis: Annotated[str | None, typer.Option(help="Redis URL, to share tables between server processes")] = None,
    bot_workers: Annotated[int, typer.Option(help="processes for bot decisions (0: threads)")] = 1,
    limit: Annotated[list[str] | None, typer.Option("--limit", metavar="NAME=VALUE", help=LIMITS_HELP)] = None,
    compress: Annotated[bool, typer.Option(help="compress WebSocket messages (less bandwidth, more CPU)")]
    = False,
    open_browser: Annotated[bool, typer.Option("--open", help="open the web app in a browser once it is up")]
    = False,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", metavar="NAME",
        help="another name of this server that browsers may use (repeat for several; '*' for any, "
             "'*.example.com' for its subdomains). Always allowed: localhost, any IP address and this "
             "machine's own names")] = None,
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", metavar="URL",
        help="a site whose pages may create tables and play here, as https://host[:port] (repeat for "
             "several). Always allowed: the server's own pages and pages on localhost")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="addresses of reverse proxies whose X-Forwarded-For names the client (comma-separated; '*': any) "
             "[default: $FORWARDED_ALLOW_IPS or 127.0.0.1,::1]; they have no per-address connection cap",
        show_default=False)] = None,
    password_hashing: Annotated[str, typer.Option(
        help="argon2id parameters for account passwords: rfc9106-low-memory (64 MiB, the default), "
             "rfc9106-high-memory (2 GiB), or cheapest (for tests only: it protects nothing)")]
    = "rfc9106-low-memory",
    smtp_url: Annotated[str | None, typer.Option(
        envvar="TABLETOP_SMTP_URL", show_envvar=True,
        help="where the site's mail goes out (address confirmations, password reset links, your-move notices): "
             "smtp://user:password@host:587?from=tabletop@example.org (STARTTLS), smtps://…:465, or "
             "smtp://host:25?tls=none; better in $TABLETOP_SMTP_URL than on a command line others can see "
             "[default: none, the site sends no mail]", show_default=False)] = None,
) -> None:
    """Serve the web app and live tables: create, join, play and watch games in a browser."""
    import uvicorn

    from tabletop.cli.paths import default_db
    from tabletop.server import ServerSettings, create_app
    from tabletop.server.connections import raise_descriptor_limit, report_capacity, uvicorn_settings
    from tabletop.server.headers import Allowed
    from tabletop.server.limits import Limits
    from tabletop.server.logs import drain, log_config

    class _Server(uvicorn.Server):
        """uvicorn's server, with the log written out before it re-raises the signal that stopped it."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                try:
                    yield
                finally:
                    drain()

    try:
        limits = Limits().with_text(limit or [])
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--limit") from None
    try:
        Allowed.of(allow_host or (), allow_origin or ())
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--allow-origin") from None
    if password_hashing not in PASSWORD_HASHING:
        raise typer.BadParameter(f"{password_hashing!r}: one of {', '.join(PASSWORD_HASHING)}",
                                 param_hint="--password-hashing")
    if smtp_url:
        from tabletop.server.site.mail import BadSmtpUrl, Smtp

        try:
            Smtp.parse(smtp_url)
        except BadSmtpUrl as error:
            raise typer.BadParameter(str(error), param_hint="--smtp-url") from None
    app = create_app(ServerSettings(db=db or default_db(), redis=redis, bot_workers=bot_workers, limits=limits,
                                    allow_hosts=tuple(allow_host or ()), allow_origins=tuple(allow_origin or ()),
                                    password_hashing=password_hashing, smtp_url=smtp_url))
    # localhost, not its address: browsers allow passkeys (WebAuthn) at a name only, localhost being a secure one
    url = f"http://{'localhost' if host in ('0.0.0.0', '::', '127.0.0.1', '::1') else host}:{port}/"
    typer.secho(f"tabletop is at {url} (Ctrl+C stops it)", bold=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, args=(url,)).start()
    was, descriptors = raise_descriptor_limit()
    config = uvicorn.Config(app, host=host, port=port, log_level="info", log_config=log_config(),
                            ws_per_message_deflate=compress, ws_max_size=64 * 1024,
                            forwarded_allow_ips=forwarded_allow_ips, **uvicorn_settings(limits, descriptors))
    report_capacity(limits, was, descriptors)
    _Server(config).run()
