"""The built artifacts are the app (issue 18): the sdist, the wheel built from it (no npm anywhere),
installed with only the core dependencies into a fresh venv, serves the whole page — every module it
imports and three.js, 200 each — and draws Cubulus's cube in 3D in headless chromium with no error.

The sdist and the wheel are built once a session, and the core's venv made and filled, by uv
(``tests/packaging/venvs.py``, the ``built`` and ``core_venv`` fixtures that ``tests/packaging/test_installs.py``
shares). Among the slowest modules of the suite: ``-m "not slow"`` leaves it out.
"""

from __future__ import annotations

import json
import os
import subprocess
import tarfile
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import ProxyHandler, Request, build_opener

import pytest

from tabletop.server.process import free_port
from tests.packaging.imports import walk
from tests.packaging.venvs import Built, venv_env
from tests.web.motion import cube_ready
from tests.web.pages import recording_page
from tests.web.play import create_table

# one build and core install, in one process; a fresh install: the slow tier
pytestmark = [pytest.mark.slow, pytest.mark.slow_tier, pytest.mark.xdist_group("wheel")]

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ("tabletop/web/vendor/three/three.module.js", "tabletop/web/vendor/three/three.core.js",
            "tabletop/web/vendor/three/LICENSE")
LOCAL = build_opener(ProxyHandler({}))


@dataclass(frozen=True)
class Installed:
    venv: Path
    web: Path  #: the installed package's web folder
    base: str  #: the URL of its `tabletop serve`


def test_the_sdist_carries_the_vendored_client_and_no_node_modules(built: Built) -> None:
    with tarfile.open(built.sdist) as sdist:
        names = sdist.getnames()
    root = names[0].split("/")[0]
    for path in VENDORED:
        assert f"{root}/src/{path}" in names, path
    assert not [name for name in names if "node_modules" in name]
    assert f"{root}/LICENSE" in names


def test_the_wheel_built_from_the_sdist_is_the_whole_app(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as wheel:
        names = set(wheel.namelist())
        metadata = next(wheel.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    for path in (*VENDORED, "tabletop/web/index.html", "tabletop/web/js/main.js", "tabletop/py.typed",
                 "tabletop/games/cribbage/rules/en.html", "tabletop/games/kubik/data/calibration.json"):
        assert path in names, path
    assert not [name for name in names if "node_modules" in name]
    assert "License-Expression: MIT" in metadata
    for extra in ("physics", "compiled", "stats", "plot", "postgres", "redis", "ray", "rl", "openspiel", "all",
                  "dev"):
        assert f"Provides-Extra: {extra}" in metadata, extra
    assert "Classifier: Typing :: Typed" in metadata


def get(url: str) -> tuple[int, bytes]:
    try:
        with LOCAL.open(url, timeout=10) as answer:
            return int(answer.status), answer.read()
    except URLError as error:
        return int(getattr(error, "code", 0)), b""


@pytest.fixture(scope="module")
def installed(core_venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """The wheel in a fresh venv with the core dependencies from the package index, serving."""
    home = tmp_path_factory.mktemp("installed")
    venv = core_venv
    web = Path(subprocess.run([str(venv / "bin" / "python"), "-c", "import tabletop, pathlib; "
                               "print(pathlib.Path(tabletop.__file__).parent / 'web')"],
                              check=True, capture_output=True, text=True, cwd=home, env=venv_env(venv)).stdout.strip())
    assert str(web).startswith(str(venv)), web  # the installed package, not this checkout
    port = free_port()
    log = (home / "serve.log").open("wb")
    server = subprocess.Popen([str(venv / "bin" / "tabletop"), "serve", "--port", str(port), "--db",
                               f"sqlite:///{home / 'tabletop.db'}"], cwd=home, stdout=log, stderr=subprocess.STDOUT,
                              env=venv_env(venv))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while get(f"{base}/api/games")[0] != 200:
            assert server.poll() is None and time.monotonic() < deadline, (home / "serve.log").read_text()
            time.sleep(0.2)
        yield Installed(venv, web, base)
    finally:
        server.terminate()
        server.wait(30)
        log.close()


def test_the_installed_server_serves_every_module_the_page_imports(installed: Installed) -> None:
    def fetch(path: str) -> str:
        status, body = get(installed.base + path)
        assert status == 200, f"{path}: {status}"
        return body.decode("utf-8")

    imports, modules = walk(fetch, installed.web)
    assert imports["three"] == "/vendor/three/three.module.js"
    wanted = {"/vendor/three/three.module.js", "/vendor/three/three.core.js", "/js/games/cubulus/cube3d.js"}
    assert wanted <= set(modules)
    assert get(installed.base + "/vendor/three/LICENSE")[0] == 200
    assert get(installed.base + "/rules/en/cribbage.html")[0] == 200


def test_the_installed_core_lists_cubulus_hard_and_refuses_it_naming_the_extra(installed: Installed) -> None:
    """#41 item 8: the core install's lobby still offers every level; a hard Cubulus bot (Numba, the
    ``compiled`` extra) is a 400 whose code the lobby puts into words, and the other levels play."""
    games = {game["name"]: game for game in json.loads(get(installed.base + "/api/games")[1])}
    assert games["cubulus"]["bot_levels"] == ["easy", "normal", "hard"]
    for level, status in (("hard", 400), ("normal", 201)):
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": level}]
        request = Request(installed.base + "/api/tables", json.dumps({"game": "cubulus", "seats": seats}).encode(),
                          {"Content-Type": "application/json"})
        try:
            with LOCAL.open(request, timeout=30) as answer:
                got, body = answer.status, json.load(answer)
        except HTTPError as error:
            got, body = error.code, json.load(error)
        assert got == status, body
        if level == "hard":
            assert body["code"] == "compiled_missing" and "tabletop[compiled]" in body["detail"], body


def test_the_installed_app_draws_the_cubulus_cube_in_3d(installed: Installed, browser: Any) -> None:
    with recording_page(browser, viewport={"width": 1280, "height": 800}) as page:
        console_errors: list[str] = []
        page.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)
        failed: list[str] = []
        page.on("response", lambda response: failed.append(f"{response.status} {response.url}")
                if response.status >= 400 else None)
        create_table(page, installed.base, "cubulus", {"first": "0"}, ["you", "bot"])
        page.wait_for_selector("[data-legal^=insert]")
        page.click("[data-action=view-3d]")
        canvas = cube_ready(page)
        drawn = canvas.evaluate("""c => {
            const gl = c.getContext('webgl2') || c.getContext('webgl'), px = new Uint8Array(4);
            gl.readPixels(c.width >> 1, c.height >> 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
            return Array.from(px); }""")
        assert drawn != [0, 0, 0, 0], drawn  # the cube's scene, not an empty canvas
        assert page.locator("#games-failed").count() == 0
        page.screenshot(path=str(Path(os.environ.get("TABLETOP_SHOTS", "/tmp/shots/packaging")) / "installed-3d.png"))
        assert page.errors == [] and console_errors == [] and failed == [], (page.errors, console_errors, failed)
