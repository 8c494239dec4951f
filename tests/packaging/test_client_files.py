"""The browser client's files as the server serves them from this checkout: every module the page
imports (three.js from the package's own ``web/vendor``), and nothing from ``node_modules``, which the
wheel leaves out (issue 18: a pip-installed tabletop once served a blank 3D view)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.server import ServerSettings, create_app
from tabletop.server.app import WEB
from tests.packaging.imports import Unresolved, specifiers, walk

pytestmark = pytest.mark.xdist_group("client-files")  # one app (module fixture), not one per worker

VENDOR = WEB / "vendor" / "three"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path_factory.mktemp('static') / 'tabletop.db'}"
    with TestClient(create_app(ServerSettings(db=db, bot_workers=0, allow_hosts=("testserver",)))) as test_client:
        yield test_client




def test_every_module_the_page_imports_is_served(client: TestClient) -> None:
    types: dict[str, str] = {}

    def fetch(path: str) -> str:
        response = client.get(path)
        assert response.status_code == 200, f"{path}: {response.status_code}"
        types[path] = response.headers["content-type"]
        return response.text

    imports, modules = walk(fetch, WEB)
    assert imports == {"three": "/vendor/three/three.module.js"}
    for expected in ("/js/main.js", "/js/games/index.js", "/js/games/cubulus/cube3d.js",
                     "/vendor/three/three.module.js", "/vendor/three/three.core.js"):
        assert expected in modules
    for game in ("cribbage", "cubulus", "beetle", "kubik"):  # the template import reaches every game's folder
        assert f"/js/games/{game}/index.js" in modules
    for path in modules:
        assert types[path].startswith(("text/javascript", "application/javascript")), (path, types[path])


def test_three_js_is_vendored_with_its_licence() -> None:
    assert (VENDOR / "LICENSE").read_text().startswith("The MIT License")
    assert "const REVISION = '171';" in (VENDOR / "three.core.js").read_text()
    assert specifiers((VENDOR / "three.module.js").read_text()) == ["./three.core.js"] * 2


def test_node_modules_is_never_served(client: TestClient) -> None:
    """Test tools npm installs into a checkout (axe-core) are not part of the app: 404, as after install."""
    for path in ("/node_modules/axe-core/axe.min.js", "/node_modules/", "/js/../node_modules/axe-core/package.json"):
        assert client.get(path).status_code == 404, path
    assert client.get("/vendor/three/LICENSE").status_code == 200


def test_an_unmapped_bare_import_is_caught(tmp_path: Path) -> None:
    pages = {"/": '<script type="importmap">{"imports": {}}</script><script type="module" src="/a.js"></script>',
             "/a.js": 'import * as THREE from "three";\n'}
    with pytest.raises(Unresolved, match="three"):
        walk(pages.__getitem__, tmp_path)


def test_specifiers_static_dynamic_and_templates() -> None:
    source = ('import { a } from "./a.js";\nimport "./side.js";\nexport { b } from \'../b.js\';\n'
              '// the import of cube3d.js waits\nconst m = await import(`./${name}/index.js`);\n')
    assert specifiers(source) == ["./a.js", "./side.js", "../b.js", "./${name}/index.js"]
