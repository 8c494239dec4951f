"""Each game's rules pages: ``GET /rules/{lang}/{game}.html``, from the game's own package.

A game carries its rules as ``rules/<lang>.html`` beside its code (``tabletop/games/beetle/rules/en.html``),
so a game installed from a package of its own (``tabletop.games`` entry points) brings its pages with it
and the server needs no list of them. A page is an HTML fragment the browser's Rules screen places under
its own heading; a game without a page in a language answers 404 (``no_rules``), and the screen says so.
"""

from __future__ import annotations

import functools
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

import tabletop
from tabletop.core import Game
from tabletop.server.errors import ApiError

LANGUAGES = ("en", "ru", "ro")
"""The languages of the browser client (``js/i18n.js``), and so of the rules pages."""

router = APIRouter()


@functools.cache
def rules_page(game: type[Game[Any, Any]], lang: str) -> Path | None:
    """The file of ``game``'s rules in ``lang``, or None where it has none (found once: a request for a page
    costs what a static file does — no database, no lookup in the package again)."""
    module = sys.modules[game.__module__]
    package = module.__name__ if hasattr(module, "__path__") else (module.__package__ or module.__name__)
    try:
        page = resources.files(package) / "rules" / f"{lang}.html"
    except (ModuleNotFoundError, TypeError):
        return None
    return Path(str(page)) if page.is_file() else None


@router.get("/rules/{lang}/{page}", include_in_schema=False)
async def rules(lang: str, page: str) -> FileResponse:
    """One game's rules in one language: an HTML fragment (cached by its ETag like the client's files)."""
    name = page.removesuffix(".html")
    if lang not in LANGUAGES or not page.endswith(".html") or name not in tabletop.REGISTRY:
        raise ApiError(404, f"no rules page {lang}/{page[:40]}: the pages are /rules/{{{','.join(LANGUAGES)}}}/"
                       f"{{{','.join(tabletop.REGISTRY)}}}.html", "no_rules", lang=lang[:8], game=name[:40])
    found = rules_page(tabletop.REGISTRY[name], lang)
    if found is None:
        raise ApiError(404, f"{name} has no rules page in {lang}", "no_rules", lang=lang, game=name)
    return FileResponse(found, media_type="text/html; charset=utf-8")
