"""Every code example of README.md and docs/*.md runs as written (#41 item 7), so a stale one fails.

* A ```` ```python ```` block runs as a script of its own (``python example.py`` in an empty folder,
  ``PYTHONPATH=src``), as a reader who copies it runs it: a process pool in it must work from a
  script (its ``if __name__ == "__main__":``), a name it uses must be defined in it.
* In a ```` ```sh ```` block, each ``tabletop …`` line (or ``.venv/bin/tabletop …``) runs through the
  CLI in this process, in an empty folder, after the lines of its block that write a file it reads
  (``--record game.json`` before ``replay game.json``). A seat for a person answers ``q`` at its first
  prompt (the game stops there, as a person who quits); ``--games N`` plays at most
  ``TABLETOP_DOC_GAMES`` games (1; more to run them as printed). Lines that cannot run here say why
  (:data:`NOT_HERE`). Other lines (``make``, ``pip``) and other languages (JSON, layouts) are not run.
* An HTML comment on the line before a block marks one that is not run here, and why:
  ``<!-- not run: REASON -->`` (a synopsis, a fragment standing for a trained model, servers), or
  ``<!-- example: NAME -->`` for an example a test reads by its name and checks more closely
  (``tests/interop/test_examples.py``; it must exist).
* An example that imports an optional extra that is not installed is skipped, naming the extra.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

EXTRAS = {"gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "openspiel", "scipy": "stats", "matplotlib": "plot",
          "ray": "ray", "torch": "sb3", "stable_baselines3": "sb3", "sb3_contrib": "sb3", "mujoco": "physics"}
"""The optional modules an example may import, by the extra that installs them (tabletop.interop's
modules by the library they load)."""
INTEROP = {"tabletop.interop.gymnasium": "gymnasium", "tabletop.interop.pettingzoo": "pettingzoo",
           "tabletop.interop.vector": "gymnasium", "tabletop.interop.openspiel": "pyspiel",
           "tabletop.interop.sb3": "stable_baselines3"}

NOT_HERE = {
    "serve": "runs the server until it is stopped (tests/server start it)",
    "--backend ray": "starts a Ray runtime (tests/sim compare the ray backend with the process pool)",
    "my-beetle.toml": "reads a parts table of your own (docs/beetle.md shows one; tests/cli/test_cli.py plays one)",
}
"""Commands that cannot run in a test, by a word of theirs, and why."""

GAMES = int(os.environ.get("TABLETOP_DOC_GAMES", "1"))
"""The most games a documented command plays here (its own count with a larger value)."""

WRITES = ("--record", "--save", "--plot", "--output")
"""Options whose value is a file a command writes."""


@dataclass(frozen=True)
class Block:
    """A fenced code block of a document, with the marker comment before it (if any)."""

    path: Path
    line: int  #: of the opening fence, from 1
    language: str
    code: str
    marker: str | None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*(.*?)\s*-->\s*$")


def blocks(path: Path) -> list[Block]:
    """Every fenced block of ``path``, dedented (blocks inside list items too)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, language = opening.groups()
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marked = MARKER.match(before)
        code = textwrap.dedent("\n".join(line.removeprefix(indent) for line in lines[i + 1:end])) + "\n"
        found.append(Block(path, i + 1, language, code, marked.group(1) if marked else None))
        i = end + 1
    return found


ALL = [block for path in DOCS for block in blocks(path)]
PYTHON = [block for block in ALL if block.language == "python"]


@dataclass(frozen=True)
class Command:
    """A ``tabletop`` line of a shell block: its arguments (after ``tabletop``) and its block."""

    block: Block
    line: int
    args: tuple[str, ...]

    @property
    def writes(self) -> set[str]:
        return {self.args[i + 1] for i, arg in enumerate(self.args[:-1]) if arg in WRITES}


def commands(block: Block) -> list[Command]:
    found = []
    for offset, text in enumerate(block.code.splitlines()):
        words = shlex.split(text, comments=True)
        if words and Path(words[0]).name == "tabletop":
            found.append(Command(block, block.line + 1 + offset, tuple(words[1:])))
    return found


COMMANDS = [command for block in ALL if block.language == "sh" for command in commands(block)]


def skip_marked(block: Block) -> None:
    """Skip a block its marker says is not run here, saying why."""
    if block.marker is None:
        return
    named = re.fullmatch(r"example: ([\w-]+)", block.marker)
    if named:
        readers = [path for path in (ROOT / "tests").rglob("*.py")
                   if f'example("{named.group(1)}")' in path.read_text(encoding="utf-8")]
        assert readers, f"{block.where}: no test reads the example {named.group(1)!r}"
        pytest.skip(f"{block.where}: example {named.group(1)!r} is run and checked by "
                    f"{', '.join(str(p.relative_to(ROOT)) for p in readers)}")
    reason = re.fullmatch(r"not run: (.+)", block.marker)
    assert reason, f"{block.where}: a marker is <!-- not run: why --> or <!-- example: name -->, not {block.marker!r}"
    pytest.skip(f"{block.where}: {reason.group(1)}")


def needs(code: str) -> None:
    """Skip, naming the extra, when the code imports an optional module that is not installed."""
    for node in ast.walk(ast.parse(code)):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
        for name in names:
            module = INTEROP.get(name, name.split(".")[0])
            if module in EXTRAS and importlib.util.find_spec(module) is None:
                pytest.skip(f"needs {module}: pip install -e '.[{EXTRAS[module]}]'")


def test_every_document_is_read_and_every_python_block_is_found() -> None:
    assert {path.name for path in DOCS} >= {"README.md", "interop.md", "bots.md"}
    assert len(PYTHON) >= 10 and len(COMMANDS) >= 15


@pytest.mark.parametrize("block", PYTHON, ids=[block.where for block in PYTHON])
def test_a_python_example_runs_as_a_script(block: Block, tmp_path: Path) -> None:
    skip_marked(block)
    needs(block.code)
    script = tmp_path / "example.py"
    script.write_text(block.code, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{block.where} fails as written:\n{block.code}\n{done.stderr[-3000:]}"


def fewer_games(args: tuple[str, ...]) -> list[str]:
    """``args`` with ``--games N`` at most :data:`GAMES`."""
    out = list(args)
    for i, arg in enumerate(out[:-1]):
        if arg == "--games":
            out[i + 1] = str(min(int(out[i + 1]), GAMES))
    return out


def run(command: Command) -> tuple[int, str]:
    from tabletop.cli.app import app

    seats = next((command.args[i + 1] for i, arg in enumerate(command.args[:-1]) if arg == "--seats"), "")
    answers = "q\n" if "human" in seats.split(",") else None
    result = CliRunner().invoke(app, fewer_games(command.args), input=answers)
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "") + (
        "" if result.exception is None or isinstance(result.exception, SystemExit) else repr(result.exception))


@pytest.mark.parametrize("command", COMMANDS, ids=[f"{c.block.path.name}:{c.line}" for c in COMMANDS])
def test_a_tabletop_command_runs(command: Command, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skip_marked(command.block)
    text = " ".join(command.args)
    for word, reason in NOT_HERE.items():
        if word in command.args or word in text:
            pytest.skip(f"tabletop {text}: {reason}")
    monkeypatch.chdir(tmp_path)
    earlier = commands(command.block)[:commands(command.block).index(command)]
    for writer in [c for c in earlier if c.writes & set(command.args)]:
        code, output = run(writer)
        assert code == 0, f"tabletop {' '.join(writer.args)}: {output[-2000:]}"
    code, output = run(command)
    assert code == 0, f"{command.block.path.name}:{command.line}: tabletop {text} fails:\n{output[-3000:]}"
