"""The browser client's unit tests (node's built-in test runner, tests/web/js/*.test.mjs), given the
event kinds and error codes of every game in the registry and the shell's error codes (the core's and
the server's), so a kind or a code without words in some language fails here."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import tabletop
from tabletop.core import CORE_ERRORS, RESULT_KINDS
from tabletop.server.errors import SERVER_ERRORS

HERE = Path(__file__).parent / "js"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_unit_tests_pass(tmp_path: Path) -> None:
    kinds = {name: list(cls.spec.events) for name, cls in tabletop.REGISTRY.items()}
    options = {name: [{"name": o.name, "choices": [str(c) for c in o.choices or ()], "seat_choices": o.seat_choices,
                       "presets": [p[0] for p in o.presets or ()]} for o in cls.spec.options]
               for name, cls in tabletop.REGISTRY.items()}  # every option's words: tests/web/js/languages.test.mjs
    listed = tmp_path / "kinds.json"
    errors = {"shell": sorted({*CORE_ERRORS, *SERVER_ERRORS}),  # tests/web/js/errors.test.mjs
              "games": {name: list(cls.spec.errors) for name, cls in tabletop.REGISTRY.items()}}
    listed.write_text(json.dumps({"kinds": kinds, "results": list(RESULT_KINDS), "options": options,
                                  "errors": errors}))
    files = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    assert files
    ran = subprocess.run(["node", "--test", *files], env={**os.environ, "TABLETOP_EVENT_KINDS": str(listed)},
                         capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-3000:]


WEB_JS = Path(tabletop.__file__).parent / "web" / "js"


def test_no_file_outside_a_games_folder_names_a_game() -> None:
    """The shell (lobby, table, replay, i18n, the games loader, shared widgets) knows games only
    through GET /api/games and their folders: adding a game touches no file here."""
    games = sorted(tabletop.REGISTRY)
    outside = [path for path in WEB_JS.rglob("*.js")
               if not any(path.is_relative_to(WEB_JS / "games" / game) for game in games)]
    assert outside
    named = {str(path.relative_to(WEB_JS)): [g for g in games if re.search(rf"\b{g}\b", path.read_text().lower())]
             for path in outside}
    assert {path: found for path, found in named.items() if found} == {}


def test_the_shells_stylesheet_names_no_game_and_each_folder_brings_its_own() -> None:
    """app.css styles the shell; each game's screen is styled by js/games/<game>/style.css, which its
    index.js offers as ``stylesheet`` and the loader links: a game's rules never sit in the shell's file."""
    shell = (WEB_JS.parent / "app.css").read_text(encoding="utf-8").lower()
    assert [game for game in tabletop.REGISTRY if re.search(rf"\b{game}\b", shell)] == []
    folders = sorted(path.parent for path in (WEB_JS / "games").glob("*/index.js"))
    assert folders
    for folder in folders:
        assert (folder / "style.css").is_file(), folder.name
        assert 'export const stylesheet = new URL("./style.css", import.meta.url).href;' in (
            folder / "index.js").read_text(encoding="utf-8"), folder.name
