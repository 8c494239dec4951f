"""The browser client's unit tests (node's built-in test runner, tests/web/js/*.test.mjs), given the
event kinds of every game in the registry, so a kind without words in some language fails here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tabletop
from tabletop.core import RESULT_KINDS

HERE = Path(__file__).parent / "js"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_unit_tests_pass(tmp_path: Path) -> None:
    kinds = {name: list(cls.spec.events) for name, cls in tabletop.REGISTRY.items()}
    listed = tmp_path / "kinds.json"
    listed.write_text(json.dumps({"kinds": kinds, "results": list(RESULT_KINDS)}))
    files = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    assert files
    ran = subprocess.run(["node", "--test", *files], env={**os.environ, "TABLETOP_EVENT_KINDS": str(listed)},
                         capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-3000:]
