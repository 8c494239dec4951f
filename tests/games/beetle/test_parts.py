"""Parts tables (B10): presets, custom tables from data/TOML/JSON, and every way a table is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.core import OptionError
from tabletop.games.beetle import PRESETS, PartsTable, preset


def table(*parts: dict[str, object]) -> dict[str, object]:
    return {"name": "t", "parts": list(parts)}


BODY = {"name": "body", "face": 1, "count": 1}


def test_b10_presets() -> None:
    """B10: classic 13 parts, four-legs 11, winged 15 (wings on 6 after the tail, need the body)."""
    assert {name: t.total for name, t in PRESETS.items()} == {"classic": 13, "four-legs": 11, "winged": 15}
    wing = preset("winged").parts[-1]
    assert (wing.name, wing.face, wing.count, wing.requires) == ("wing", 6, 2, ("body",))
    assert preset("winged").by_face[5] == (5, 6)  # face 6: tail then wings


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (table({"name": "body", "face": 7, "count": 1}), "face"),
        (table({"name": "body", "face": 0, "count": 1}), "face"),
        (table({"name": "body", "face": 1, "count": 0}), "count"),
        (table(BODY, {"name": "a", "face": 2, "count": 1, "requires": ["b"]},
               {"name": "b", "face": 3, "count": 1, "requires": ["a"]}), "cycle a → b → a"),
        (table({"name": "x", "face": 2, "count": 1, "requires": ["x"]}), "cycle"),
        (table(BODY, {"name": "head", "face": 2, "count": 1, "requires": ["neck"]}), "unknown part"),
        (table(BODY, BODY), "unique"),
        (table(), "at least 1"),
        ({"parts": [{"name": "body", "face": "one", "count": 1}]}, "face"),
        ({"parts": [{"name": "body", "face": 1, "count": 1, "colour": "red"}]}, "colour"),
        ([1, 2, 3], "table"),
    ],
)
def test_b10_broken_tables_are_rejected_clearly(data: object, message: str) -> None:
    """B10: a table that can never be completed, or is malformed, is rejected with a clear error."""
    with pytest.raises(ValueError, match=message):
        PartsTable.from_data(data)


def test_b10_broken_table_as_an_option_is_an_option_error() -> None:
    """B10: through tabletop.load the same problem is an OptionError naming the option."""
    with pytest.raises(OptionError, match="option parts: invalid parts table"):
        tabletop.load("beetle", parts=table({"name": "body", "face": 9, "count": 1}))


def test_b10_tables_load_from_toml_and_json(tmp_path: Path) -> None:
    """B10: users supply their own table as TOML or JSON; both give the same table."""
    toml = tmp_path / "spider.toml"
    toml.write_text(
        'name = "spider"\n'
        '[[parts]]\nname = "body"\nface = 1\ncount = 1\n'
        '[[parts]]\nname = "leg"\nface = 3\ncount = 8\nrequires = ["body"]\n',
        encoding="utf-8",
    )
    from_toml = PartsTable.load(toml)
    js = tmp_path / "spider.json"
    js.write_text(json.dumps(from_toml.to_data()), encoding="utf-8")
    assert PartsTable.load(js) == from_toml
    assert from_toml.total == 9 and from_toml.name == "spider"


def test_b10_unreadable_or_malformed_files(tmp_path: Path) -> None:
    """Missing files and bad syntax are ValueErrors naming the file."""
    with pytest.raises(ValueError, match="cannot read"):
        PartsTable.load(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = ", encoding="utf-8")
    with pytest.raises(ValueError, match="is not valid TOML"):
        PartsTable.load(bad)


def test_b5_why_nothing_is_drawn() -> None:
    """B5: the reason a roll draws nothing is explained in the game's words."""
    classic = preset("classic")
    assert classic.why_not(classic.empty, 4) == "eye needs head first"
    assert classic.why_not(classic.full, 3) == "leg: all 6 drawn"
    lonely = PartsTable.from_data(table(BODY))
    assert lonely.why_not(lonely.empty, 5) == "no part is drawn on a 5"
