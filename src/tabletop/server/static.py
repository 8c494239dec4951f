"""The browser client's files, served at ``/`` exactly as the installed package holds them.

Only the client is served: the page, its style, its scripts, the rules pages and the vendored code
(:data:`CLIENT`). A development checkout also has ``web/node_modules/`` (the test tools npm installs:
axe-core), which the wheel leaves out; serving it would let the page depend on something a ``pip
install``ed tabletop lacks — the way three.js once did, a blank 3D view after install. And ``web/`` holds
npm's ``package.json`` and lock file, which are no part of the client and tell a visitor only what the
developers test with (#42 item 11). Anything else at the top of ``web/`` is a 404.
"""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

CLIENT = ("", ".", "index.html", "app.css", "js", "rules", "vendor")
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
