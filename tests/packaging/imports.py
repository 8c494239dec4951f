"""The browser page's import graph, walked statically over HTTP as the browser would walk it.

From ``/`` it reads the import map and the module scripts, then every ``import``/``export … from``
and dynamic ``import()`` of each module, resolving bare names through the import map and relative ones
against the importing module. A dynamic import built from a template (``./${game.name}/index.js``)
stands for every file of the package that fits it, so each game's folder is walked too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

STATIC = re.compile(r"""(?:^|[;\s}])(?:import|export)\s[^;'"`]*?\bfrom\s*(["'])([^"']+)\1""", re.MULTILINE)
BARE = re.compile(r"""^\s*import\s*(["'])([^"']+)\1""", re.MULTILINE)
DYNAMIC = re.compile(r"""\bimport\(\s*(["'`])([^"'`]+)\1\s*\)""")
SCRIPT = re.compile(r"""<script\s+type="module"\s+src="([^"]+)\"""")
IMPORT_MAP = re.compile(r"""<script\s+type="importmap">(.*?)</script>""", re.DOTALL)


class Unresolved(AssertionError):
    """A specifier the import map does not name (the browser would refuse the module)."""


def specifiers(source: str) -> list[str]:
    """Every module specifier ``source`` imports, static and dynamic, in order of appearance."""
    found = [(m.start(), m.group(2)) for pattern in (STATIC, BARE, DYNAMIC) for m in pattern.finditer(source)]
    return [name for _, name in sorted(set(found))]


def expand(specifier: str, importer: str, web: Path) -> list[str]:
    """The URL paths a specifier stands for: itself, or for a template every file of ``web`` that fits."""
    target = urljoin(importer, specifier)
    if "${" not in target:
        return [target]
    pattern = re.sub(r"\$\{[^}]*\}", "*", target.lstrip("/"))
    return sorted("/" + PurePosixPath(path.relative_to(web)).as_posix() for path in web.glob(pattern))


def walk(fetch: Callable[[str], str], web: Path) -> tuple[dict[str, str], list[str]]:
    """The import map (bare name → URL path) and every module URL path the page can load, from ``/``.

    ``fetch(path)`` returns a served file's text (and fails the caller's test on any status but 200);
    ``web`` is the package's ``web`` folder, where templates of dynamic imports are matched.
    """
    page = fetch("/")
    found_map = IMPORT_MAP.search(page)
    imports: dict[str, str] = json.loads(found_map.group(1))["imports"] if found_map else {}
    queue = SCRIPT.findall(page)
    seen: list[str] = []
    while queue:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.append(path)
        for specifier in specifiers(fetch(path)):
            if specifier.startswith(("./", "../", "/")):
                queue.extend(expand(specifier, path, web))
            elif specifier in imports:
                queue.append(imports[specifier])
            else:
                raise Unresolved(f"{path} imports {specifier!r}, which the import map does not name")
    return imports, seen
