"""The browser client's files, served at ``/`` exactly as the installed package holds them.

A development checkout also has ``web/node_modules/`` (the test tools npm installs: axe-core), which
the wheel leaves out. Serving it from a checkout would let the page depend on something a
``pip install``ed tabletop lacks — the way three.js once did, a blank 3D view after install — so it is
never served: the page's third-party code is in ``web/vendor/``, inside the package.
"""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

NOT_SHIPPED = ("node_modules",)
"""Top-level folders of ``web/`` that exist only in a checkout (never in the wheel), hence never served."""


class WebFiles(StaticFiles):
    """``StaticFiles`` over ``web/`` (``index.html`` at ``/``) that refuses the folders the package lacks."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, html=True)

    def get_path(self, scope: Scope) -> str:
        path = super().get_path(scope)
        top = path.replace("\\", "/").lstrip("/").split("/", 1)[0]
        if top in NOT_SHIPPED:
            raise HTTPException(status_code=404)
        return path
