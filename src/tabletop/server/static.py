"""The browser client's files, served at ``/`` exactly as the installed package holds them.

Only the client is served: the page, its style, its scripts and the vendored code
(:data:`CLIENT`). Anything else at the top of ``web/`` is a 404: a file a checkout leaves there (an
editor's, a stray ``node_modules/``; the browser tests' npm tools live in ``tests/web/``) must not be
served, nor become something the page depends on that a ``pip install``ed tabletop lacks — the way
three.js once did, a blank 3D view after install.

The interactive API docs (``/docs``, :func:`api_docs`) are served from the package's own copy of
Swagger UI too: no page of the server loads a script from a CDN.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from tabletop.server.headers import content_security_policy, inline_script_hashes

log = logging.getLogger("tabletop.server")

CLIENT = ("", ".", "index.html", "app.css", "js", "vendor")
"""The top-level entries of ``web/`` that make up the browser client (``""``: the page at ``/``)."""


class WebFiles(StaticFiles):
    """``StaticFiles`` over ``web/`` (``index.html`` at ``/``) that serves the client and nothing else."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, html=True)

    def get_path(self, scope: Scope) -> str:
        path = super().get_path(scope)
        top = path.replace("\\", "/").lstrip("/").split("/", 1)[0]
        if top not in CLIENT:
            raise HTTPException(status_code=404)
        return path


DOCS_FILES = "/docs/files"
"""Where Swagger UI's script, style and icon are served from (``fastapi-offline``'s copies)."""


def api_docs(app: FastAPI) -> bool:
    """Serve the interactive API docs (Swagger UI) at ``/docs`` with no script from elsewhere: its files
    come from the ``fastapi-offline`` package, and the page's one inline script (FastAPI's start-up of
    Swagger UI) is allowed by its hash in the page's own policy. ReDoc is not served: its styles are
    inline, which the policy forbids. ``/openapi.json`` is there either way. False (and no ``/docs``)
    when ``fastapi-offline`` is missing from an older install.
    """
    try:
        assets = resources.files("fastapi_offline") / "static"
    except ModuleNotFoundError:
        log.warning("no /docs: the fastapi-offline package is not installed (pip install fastapi-offline)")
        return False
    app.mount(DOCS_FILES, StaticFiles(directory=str(assets)), name="docs-files")
    title = f"{app.title}: the HTTP API"

    @app.get("/docs", include_in_schema=False)
    async def docs(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        files = f"{root}{DOCS_FILES}"
        page = get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}", title=title, swagger_js_url=f"{files}/swagger-ui-bundle.js",
            swagger_css_url=f"{files}/swagger-ui.css", swagger_favicon_url=f"{files}/favicon.png",
            swagger_ui_parameters={"validatorUrl": None})  # (else a badge from validator.swagger.io)
        policy = content_security_policy(inline_script_hashes(bytes(page.body).decode()))
        page.headers["content-security-policy"] = policy
        return page

    return True
