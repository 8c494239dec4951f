"""The browser client is type-checked as written: every module carries ``// @ts-check``, and TypeScript's
``tsc --noEmit`` (a test-only npm tool in tests/web, no build step for the app) finds no error in it — nor
in any game folder's exports, each checked against the contract of a game module (js/contract.js)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import tabletop

HERE = Path(__file__).parent
WEB_JS = Path(tabletop.__file__).parent / "web" / "js"
TSC = HERE / "node_modules" / ".bin" / "tsc"


def test_every_client_module_asks_to_be_checked() -> None:
    modules = sorted(WEB_JS.rglob("*.js"))
    assert len(modules) > 60
    unchecked = [str(path.relative_to(WEB_JS)) for path in modules
                 if path.read_text(encoding="utf-8").splitlines()[0] != "// @ts-check"]
    assert unchecked == []


def folders() -> list[str]:
    """The games with a browser folder (js/games/<game>/index.js)."""
    return sorted(path.parent.name for path in (WEB_JS / "games").glob("*/index.js"))


def contract_check(folder: list[str]) -> str:
    """A module that type-checks each folder's exports as a ``GameModule``: a function per game taking the
    folder's module namespace and returning it as the contract's type (an assignment, so every hook the
    folder exports must have the contract's shape, and every required one must be there)."""
    lines = [f'/** @typedef {{import("{WEB_JS / "contract.js"}").GameModule}} GameModule */']
    for game in folder:
        lines += [f'/** @param {{typeof import("{WEB_JS / "games" / game / "index.js"}")}} folder',
                  " * @returns {GameModule} */",
                  f"export function {game}(folder) {{ return folder; }}"]
    return "\n".join(lines) + "\n"


@pytest.mark.skipif(not TSC.exists(), reason="TypeScript is not installed in tests/web: make test runs npm ci there")
def test_tsc_finds_no_error_in_the_client_nor_in_a_game_folders_contract(tmp_path: Path) -> None:
    assert folders() == ["beetle", "cribbage", "cubulus", "kubik"]
    (tmp_path / "contract_check.js").write_text(contract_check(folders()), encoding="utf-8")
    config = json.loads((HERE / "tsconfig.json").read_text(encoding="utf-8"))
    config["include"] = [str(HERE / pattern) for pattern in config["include"]] + [str(tmp_path / "*.js")]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    ran = subprocess.run([str(TSC), "-p", str(tmp_path / "tsconfig.json")], capture_output=True, text=True,
                         timeout=300, check=False)
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-2000:]


@pytest.mark.skipif(not TSC.exists(), reason="TypeScript is not installed in tests/web: make test runs npm ci there")
def test_a_folder_that_breaks_the_contract_is_caught(tmp_path: Path) -> None:
    """The check bites: a folder whose screen is not a function, or that lacks its log, fails tsc."""
    broken = tmp_path / "games" / "broken"
    broken.mkdir(parents=True)
    (broken / "index.js").write_text('// @ts-check\nexport const screen = "not a function";\n'
                                     'export const strings = { STRINGS: {} };\nexport const picture = "";\n',
                                     encoding="utf-8")
    check = contract_check([]).replace(str(WEB_JS / "games"), str(tmp_path / "games"))
    check += ('/** @param {typeof import("' + str(broken / "index.js") + '")} folder\n * @returns {GameModule} */\n'
              "export function broken(folder) { return folder; }\n")
    (tmp_path / "contract_check.js").write_text(check, encoding="utf-8")
    config = json.loads((HERE / "tsconfig.json").read_text(encoding="utf-8"))
    config["include"] = [str(tmp_path / "*.js"), str(broken / "*.js"), str(WEB_JS / "contract.js")]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    ran = subprocess.run([str(TSC), "-p", str(tmp_path / "tsconfig.json")], capture_output=True, text=True,
                         timeout=300, check=False)
    assert ran.returncode != 0
    assert "contract_check.js" in ran.stdout and ("screen" in ran.stdout or "describeLog" in ran.stdout), ran.stdout
