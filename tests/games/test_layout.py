"""Every game package has the same files, and its modules import one another without cycles.

The layout (STYLE 8, 13): ``actions`` (the moves), ``state`` (the State and its transitions),
``views`` (what a seat may see), ``render`` (English for the terminal), ``encoding`` (numbers for
learning code), ``expert`` (the game's own bots, where it has any) and ``game``, which binds them
into the :class:`~tabletop.core.Game` the registry lists. Arrows point from ``game`` down: a module
never imports one that imports it back, not even inside a function, so any module can be read,
tested and imported on its own.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from tabletop.games import REGISTRY
from tests.plugin import shipped

FILES = ("actions", "state", "views", "render", "encoding", "game")
SHIPPED = sorted(shipped())
"""The games tabletop ships, which keep one layout (a game from a package of its own — the tests' Pig — is
laid out as its author likes: only its interface is checked, by the conformance suite)."""


def _package(name: str) -> Path:
    return Path(importlib.import_module(f"tabletop.games.{name}").__file__ or "").parent


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, package: str) -> set[str]:
    """The package's own modules that ``tree`` imports at run time, wherever the import stands
    (a function-level import is an arrow too; annotation-only imports are not)."""
    found: set[str] = set()
    prefix = f"tabletop.games.{package}"

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 1:
                found.update([module.split(".")[0]] if module else [a.name for a in node.names])
            elif module == prefix:
                found.add("__init__")
            elif module.startswith(prefix + "."):
                found.add(module.split(".")[3])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix + "."):
                    found.add(alias.name.split(".")[3])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _graph(name: str) -> dict[str, set[str]]:
    root = _package(name)
    modules = {path.stem: path for path in root.glob("*.py")}
    return {stem: _imports(ast.parse(path.read_text()), name) & modules.keys() for stem, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` as the modules along it, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state and (found := walk(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return None


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_has_the_same_files(name: str) -> None:
    present = {path.stem for path in _package(name).glob("*.py")}
    missing = [f for f in FILES if f not in present]
    assert not missing, f"{name} lacks {missing}"
    game = REGISTRY.load(name)
    if game.bots():
        assert "expert" in present, f"{name} has bots of its own but no expert module"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_game_binds_the_modules(name: str) -> None:
    game = REGISTRY.load(name)
    package = f"tabletop.games.{name}"
    assert type(game).__module__ == f"{package}.game"
    assert type(game.initial_state()).__module__ == f"{package}.state"
    assert game.encoding_type is not None and game.encoding_type.__module__ == f"{package}.encoding"


@pytest.mark.parametrize("name", SHIPPED)
def test_imports_form_no_cycle(name: str) -> None:
    graph = _graph(name)
    importers = sorted(stem for stem, targets in graph.items() if "__init__" in targets and stem != "__init__")
    assert not importers, f"{name}: {importers} import the package itself (its __init__ imports them back)"
    cycle = _cycle(graph)
    assert cycle is None, f"{name}: import cycle {' → '.join(cycle or [])}"


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
