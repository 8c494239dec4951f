"""``tabletop serve``: the live play server (uvicorn) on a database of your choice."""

from __future__ import annotations

from typing import Annotated

import typer

from tabletop.storage import DEFAULT_URL


def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str, typer.Option(help="database URL: a SQLite file (default) or postgresql+psycopg://…")]
    = DEFAULT_URL,
    redis: Annotated[str | None, typer.Option(help="Redis URL, to share tables between server processes")] = None,
    bot_workers: Annotated[int, typer.Option(help="processes for bot decisions (0: threads)")] = 1,
    compress: Annotated[bool, typer.Option(help="compress WebSocket messages (less bandwidth, more CPU)")]
    = False,
    open_browser: Annotated[bool, typer.Option("--open", help="open the web app in a browser once it is up")]
    = False,
) -> None:
    """Serve the web app and live tables: create, join, play and watch games in a browser."""
    import uvicorn

    from tabletop.server import ServerSettings, create_app

    app = create_app(ServerSettings(db=db, redis=redis, bot_workers=bot_workers))
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    typer.secho(f"tabletop is at {url} (Ctrl+C stops it)", bold=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="info", ws_per_message_deflate=compress)
