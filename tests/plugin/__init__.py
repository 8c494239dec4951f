"""The sixth game, Pig (the package ``tabletop_pig``), installed for the whole test run as a package would be.

:func:`plug_in` puts this folder — the module and its ``.dist-info`` with the ``tabletop.games`` entry
point — on the import path of the tests and of every process they start (``PYTHONPATH``), so the
registry finds Pig the way it finds any installed game, and every suite that reads the registry (the
conformance suite, error codes, seat labels, the server's game list, the browser's lobby) covers it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

FOLDER = Path(__file__).parent


def plug_in() -> None:
    """Make Pig installed for this process and its children (before the registry is first read)."""
    if str(FOLDER) not in sys.path:
        sys.path.insert(0, str(FOLDER))
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(FOLDER) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [str(FOLDER), *paths] if p)


def shipped() -> list[str]:
    """The games tabletop itself ships: the registry without those installed from packages of their own (Pig)."""
    import tabletop

    return [name for name, game in tabletop.REGISTRY.items() if game.__module__.startswith("tabletop.games.")]
