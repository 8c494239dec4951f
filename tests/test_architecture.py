"""The layering of STYLE.md, enforced: core imports no game; each game imports only the core;
agents and sim know games only through the interface; nothing imports the CLI."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tabletop"


def imports(path: Path) -> set[str]:
    """The tabletop modules a file imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] == "tabletop"}


def files(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py"))


@pytest.mark.parametrize("path", files("core"), ids=lambda p: p.name)
def test_core_imports_only_core(path: Path) -> None:
    assert all(name.startswith("tabletop.core") for name in imports(path)), imports(path)


@pytest.mark.parametrize("path", files("games"), ids=lambda p: str(p.relative_to(SRC)))
def test_a_game_imports_only_the_core_and_itself(path: Path) -> None:
    relative = path.relative_to(SRC / "games")
    if len(relative.parts) == 1:  # games/__init__.py is the registry: it may name every game
        return
    own = f"tabletop.games.{relative.parts[0]}"
    for name in imports(path):
        assert name.startswith(("tabletop.core", own)), f"{path} imports {name}"


@pytest.mark.parametrize("package", ["agents", "sim", "storage", "interop", "server"])
def test_agents_and_sim_know_games_only_through_the_interface(package: str) -> None:
    for path in files(package):
        for name in imports(path):
            assert not name.startswith(("tabletop.games", "tabletop.cli")), f"{path} imports {name}"


def test_nothing_imports_the_cli() -> None:
    for path in SRC.rglob("*.py"):
        if "cli" in path.relative_to(SRC).parts or path.name == "__main__.py":  # the entry points
            continue
        assert not any(name.startswith("tabletop.cli") for name in imports(path)), path


@pytest.mark.parametrize("module", ["tabletop.server.bots", "tabletop.server.jobs"])
def test_the_servers_worker_processes_load_no_web_or_database_stack(module: str) -> None:
    """A bot or heavy-job worker imports its module alone (``tabletop.server`` names its parts lazily):
    the web framework, the ORM and the hub would cost every worker seconds at start and memory for life."""
    import subprocess
    import sys

    probe = (f"import sys, {module}; print(sorted(name for name in ('fastapi', 'starlette', 'sqlalchemy', "
             "'alembic', 'tabletop.server.app', 'tabletop.server.hub', 'tabletop.storage') if name in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", loaded


def test_the_server_package_still_names_its_parts() -> None:
    from tabletop import server

    assert server.create_app.__module__ == "tabletop.server.app" and server.Hub.__module__ == "tabletop.server.hub"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = server.nothing  # type: ignore[attr-defined]


ENGINE = {f"tabletop.server.{name}" for name in ("hub", "registry", "seating", "moves", "clocks", "undo", "endings",
                                                 "chat", "broadcast", "failover", "notices", "table", "writer", "bots")}
"""The table engine's parts: what SITE.md's features never reach into."""


@pytest.mark.parametrize("feature", ["rematch", "lobby", "coach"])
def test_a_site_feature_meets_the_tables_through_the_seam_alone(feature: str) -> None:
    """SITE.md's first seam: the rematch, the lobby and the coach are handed a narrow interface
    (``server/seams.py``) and hear table events; none imports the hub or any part of the engine (the
    dependency module, ``requests.py``, hands them what they use)."""
    found = imports(SRC / "server" / f"{feature}.py")
    assert "tabletop.server.seams" in found and not found & ENGINE, sorted(found & ENGINE)


def test_the_open_record_meets_the_tables_through_the_seam_alone() -> None:
    """Issue 46 item 5: the open record of play (``server/site/records``) reads finished tables through
    ``seams.RecordReading``, never the engine (the record of a stored table is the engine's ``archive``)."""
    found = set().union(*(imports(path) for path in files("server/site/records")))
    assert "tabletop.server.seams" in found and not found & (ENGINE | {"tabletop.server.archive"}), sorted(found)


def test_only_the_composition_and_the_dependency_module_import_the_hub() -> None:
    """The hub's parts are handed what they need, never the hub: only the app (which makes it), the
    dependency module, the package's lazy names and the engine's own two routers (tables and sockets,
    which take the whole hub through ``requests.HubDep``) import ``hub.py``."""
    importers = {path.stem for path in files("server") if "tabletop.server.hub" in imports(path)}
    assert importers <= {"app", "requests", "__init__", "tables_api", "live_socket"}, importers


def test_shipped_source_tells_no_history_of_issues() -> None:
    """Issue 43 item 4: a module says what it is, not which issue made it — no "issue N" in shipped source."""
    pattern = re.compile(r"\bissues? #?\d+", re.IGNORECASE)
    named = [f"{path.relative_to(SRC)}:{number}" for path in sorted(SRC.rglob("*"))
             if path.suffix in {".py", ".js", ".css", ".html"}
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not named, f"history comments in shipped source: {named}"
