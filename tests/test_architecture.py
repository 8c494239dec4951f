"""The layering of STYLE.md, enforced: core imports no game; each game imports only the core;
agents and sim know games only through the interface; nothing imports the CLI."""

from __future__ import annotations

import ast
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
