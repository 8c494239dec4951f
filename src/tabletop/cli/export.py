"""``tabletop export``: a period's finished rated games as a gzipped NDJSON dump, with its dataset card.

Read from the server's database (``--db``, as ``tabletop serve``) through the storage layer
(:mod:`tabletop.storage.records`), a page of tables at a time, the earliest first; each game a line of the open
record (:mod:`tabletop.server.site.records.lines`) with its record made from what the table stored
(:mod:`tabletop.server.archive`). A rated game that ended with a result (status ``over``; an abandoned one rated
nobody) is written; casual games never are.

**Pseudonyms** (``--pseudonyms``): every person is named ``p-`` and 16 hex digits of the HMAC-SHA-256 of their
account's id, and every table ``t-`` and those of its id (a table's id leads to its public record, which names its
players). Keyed, so nobody without the key can test a guess (a plain hash of a public username is reversed by
hashing every username); of the account's id, never its name. The key is the operator's: ``--key-file`` keeps it
between dumps (made there, readable by its owner alone, when missing), and then a player has the same pseudonym in
every dump made with it — the only way their games across dumps are linked; without it, each dump has a key of its
own, forgotten once written: pseudonyms are stable within the dump only. Bots keep their level's name, and a
deleted account's seat stays "deleted player". A pseudonym hides a name from the dump's readers, not a game from
the site's: every finished game stays public there by its players' names (``GET /api/players/{name}/games``), and
its actions and chance secret tell which one it is.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabletop.cli.output import fail

if TYPE_CHECKING:
    from tabletop.storage.records import StoredGame

PAGE = 200
"""Tables read from the database at once (with their logs)."""
DELETED = "deleted player"
"""A deleted account's seat's name (the accounts feature's ``DELETED``): no pseudonym, nobody's."""


class Pseudonyms:
    """Names made from account and table ids with a key (HMAC-SHA-256), the same for the same id and key.

    >>> names = Pseudonyms(b"a key")
    >>> names.person("4f0c9a") == names.person("4f0c9a") != Pseudonyms(b"another").person("4f0c9a")
    True
    >>> names.person("4f0c9a")[:2], len(names.person("4f0c9a")), names.table("4f0c9a")[:2]
    ('p-', 18, 't-')
    """

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _of(self, kind: str, identifier: str) -> str:
        return hmac.new(self.key, f"{kind}:{identifier}".encode(), hashlib.sha256).hexdigest()[:16]

    def person(self, account: str) -> str:
        return "p-" + self._of("account", account)

    def table(self, table: str) -> str:
        return "t-" + self._of("table", table)


def key_from(path: Path | None) -> tuple[bytes, bool]:
    """The pseudonyms' key: the file's (made there with a new random key when missing), or a new one for this dump
    alone; and whether it was made now."""
    if path is None:
        return secrets.token_bytes(32), True
    if path.exists():
        key = path.read_bytes().strip()
        if len(key) < 16:
            raise fail(f"--key-file {path}: a key of {len(key)} bytes; keep at least 16 there (or remove the file: "
                       "a new one is made)")
        return key, False
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32).encode()
    made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # (its owner's alone; never over another)
    with os.fdopen(made, "wb") as file:
        file.write(key + b"\n")
    return key, True


def dump_line(game: StoredGame, names: Pseudonyms | None) -> dict[str, Any]:
    """The game's line (:mod:`tabletop.server.site.records.lines`), its people and table named by ``names``."""
    import json

    from tabletop.server.archive import stored_record
    from tabletop.server.site.records.lines import header

    line = header(game)
    record = json.loads(stored_record(game).to_json(indent=None))
    if names is not None:
        line["table"] = record["meta"]["table"] = names.table(game.id)
        line["players"] = [seat.username if seat.kind == "bot" or seat.account is None else names.person(seat.account)
                           for seat in game.seats]
        record["meta"]["players"] = [seat.name if seat.kind == "bot" else names.person(seat.account)
                                     if seat.account is not None else DELETED for seat in game.seats]
    line["record"] = record
    return line


def card_path(output: Path) -> Path:
    """The dataset card beside a dump: ``games.ndjson.gz`` → ``games.md``."""
    stem = output.name
    for suffix in (".gz", ".ndjson", ".jsonl", ".json"):
        stem = stem.removesuffix(suffix)
    return output.with_name(f"{stem or output.name}.md")


def export(
    since: Annotated[str | None, typer.Option(
        metavar="YYYY-MM-DD", help="the first day (UTC) games ended on [default: the first game]",
        show_default=False)] = None,
    until: Annotated[str | None, typer.Option(
        metavar="YYYY-MM-DD", help="the last day (UTC, included) games ended on [default: the last game]",
        show_default=False)] = None,
    pseudonyms: Annotated[bool, typer.Option(
        "--pseudonyms", help="name every person by a pseudonym (an HMAC of their account's id), every table too")]
    = False,
    key_file: Annotated[Path | None, typer.Option(
        metavar="FILE", help="with --pseudonyms: the key kept between dumps, for the same pseudonyms in each (made "
                             "here when missing) [default: a key of this dump's own, forgotten]",
        show_default=False)] = None,
    db: Annotated[str | None, typer.Option(
        metavar="URL", help="database URL: a SQLite file or postgresql+psycopg://… [default: tabletop.db in "
                            "tabletop's user data folder, as tabletop serve]", show_default=False)] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE",
        help="the dump to write (gzipped NDJSON), its dataset card beside it (.md) [default: "
             "exports/rated-SINCE-UNTIL.ndjson.gz in tabletop's user data folder]", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print what was written as JSON")] = False,
) -> None:
    """Write a period's finished rated games as a gzipped NDJSON dump (one game a line, its record within) and a
    dataset card beside it: usernames as they are, or with --pseudonyms replaced by stable pseudonyms."""
    first, last = _day(since, "--since"), _day(until, "--until")
    if first is not None and last is not None and first > last:
        raise fail(f"--since {first} is after --until {last}")
    if key_file is not None and not pseudonyms:
        raise fail("--key-file is the pseudonyms' key: give --pseudonyms too")
    if output is None:
        from tabletop.cli.paths import data_dir

        output = data_dir() / "exports" / f"rated-{first or 'start'}-{last or datetime.now(UTC).date()}.ndjson.gz"
    url = db or _default_db()
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise fail(f"no database at {url.removeprefix('sqlite:///')} (--db names the server's)", 1)
    names, made = None, False
    if pseudonyms:
        key, made = key_from(key_file)
        names = Pseudonyms(key)
    written = write(url, output, first, last, lambda game: dump_line(game, names))
    card = card_path(output)
    card.write_text(dataset_card(output, written, first, last, pseudonyms, key_file), encoding="utf-8")
    if as_json:
        import json

        typer.echo(json.dumps({"output": str(output), "card": str(card), "games": written["games"],
                               "pools": written["pools"], "first": written["first"], "last": written["last"],
                               "pseudonyms": pseudonyms, "key_file": str(key_file) if key_file else None,
                               "key_made": made and key_file is not None}, indent=2))
        return
    typer.echo(f"wrote {written['games']} rated games to {output} (its card: {card})")
    if made and key_file is not None:
        typer.echo(f"made a new pseudonym key in {key_file}: keep it for the same pseudonyms in the next dump")


def write(url: str, output: Path, first: date | None, last: date | None,
          line_of: Callable[[StoredGame], dict[str, Any]]) -> dict[str, Any]:
    """Write the period's rated games to ``output`` (gzipped NDJSON, through a file beside it renamed once whole);
    how many, per pool, and the first and last ending."""
    import gzip
    import os

    import orjson

    from tabletop.server.site.records.feature import days
    from tabletop.storage import Store
    from tabletop.storage.records import FinishedQuery, RecordStore

    start, end = days(first, last)
    query = FinishedQuery(since=start, until=end, rated=True, statuses=("over",), newest_first=False)
    store = Store(url, pool_size=1)
    pools: dict[str, dict[str, Any]] = {}
    count, earliest, latest = 0, None, None
    output.parent.mkdir(parents=True, exist_ok=True)
    partial = output.with_name(output.name + ".partial")
    try:
        records = RecordStore(store.engine)
        with gzip.open(partial, "wb") as dump:
            after = None
            while page := records.finished(query, after, PAGE):
                for game in page:
                    dump.write(orjson.dumps(line_of(game), option=orjson.OPT_UTC_Z) + b"\n")
                    pool = pools.setdefault(game.pool or "", {"game": game.game, "games": 0})
                    pool["games"] += 1
                count += len(page)
                earliest, latest, after = earliest or page[0].finished_at, page[-1].finished_at, page[-1].key
        os.replace(partial, output)
    finally:
        partial.unlink(missing_ok=True)
        store.close()
    return {"games": count, "pools": dict(sorted(pools.items())),
            "first": earliest.isoformat() if earliest else None, "last": latest.isoformat() if latest else None}


def dataset_card(output: Path, written: dict[str, Any], first: date | None, last: date | None, pseudonyms: bool,
                 key_file: Path | None) -> str:
    """The dump's dataset card (Markdown): what is in it, its fields, its licence (the operator's to set), its games
    per pool, its dates, and how to load it."""
    from tabletop import __version__

    digest = hashlib.sha256()
    with output.open("rb") as dump:
        while chunk := dump.read(1 << 20):
            digest.update(chunk)
    earliest, latest = (None if written[end] is None else written[end][:10] for end in ("first", "last"))
    period = f"{first or earliest or '—'} to {last or latest or '—'}"
    if not pseudonyms:
        players = ("usernames, as on the site (`players`, and `record.meta.players`); a deleted account's seat is "
                   "\"deleted player\"")
    else:
        kept = (f"a key kept in `{key_file.name}`: a player has the same pseudonym in every dump made with it"
                if key_file else "a key made for this dump alone and not kept: pseudonyms are stable within it, "
                                 "and link nobody across dumps")
        players = (f"pseudonyms, `p-` and 16 hex digits of the HMAC-SHA-256 of the account's id, with {kept}; "
                   "tables are `t-…` the same way (a table's id leads to its public record, which names its "
                   "players); bots keep their level's name, a deleted account's seat is \"deleted player\". A "
                   "pseudonym hides a name from this file's readers, not a game from the site, where every finished "
                   "game stays public under its players' names")
    rows = "\n".join(f"| `{pool}` | {entry['game']} | {entry['games']:,} |" for pool, entry in written["pools"].items())
    return f"""---
license: ""  # the operator's to choose before publishing (e.g. CC-BY-4.0, CC0-1.0)
pretty_name: tabletop rated games, {period}
tags: [games, game-records, behaviour-cloning]
---

# tabletop rated games, {period}

- **File**: `{output.name}`: gzipped NDJSON, one finished rated game a line; {written['games']:,} games;
  SHA-256 `{digest.hexdigest()}`.
- **Made**: {datetime.now(UTC).isoformat(timespec='seconds')} by `tabletop export` (tabletop {__version__}) from
  a tabletop server's database.
- **Period**: games that ended from {first or 'the first game'} to {last or 'the last'} (days in UTC, both included);
  the first here ended {written['first'] or '—'}, the last {written['last'] or '—'}.
- **What is in it**: every rated game of the period that ended with a result (resigned, timed out and claimed
  games included: `record.ending` says how), between accounts and the site's rated bot levels; no casual game,
  no game abandoned without a result, no game being played. No chat, no address, no e-mail, no rating.
- **Players**: {players}.
- **Licence**: not set (the `license` field above is the operator's to fill before publishing).

## Games per pool

| pool | game | games |
|:--|:--|--:|
{rows or '| — | — | 0 |'}

## Fields of a line

| field | what |
|:--|:--|
| `table` | the table's id on the site{' (a pseudonym here)' if pseudonyms else ''} |
| `game` | the game (`tabletop games` lists them) |
| `status` | `over`: ended with a result |
| `finished_at` | when it ended (UTC) |
| `rated` | the rating pool (its game's options: `tabletop.core.pools`) |
| `players` | by seat, who sat there: {'a pseudonym' if pseudonyms else 'a username'}, or a bot level's name |
| `bots` | by seat, the bot level that played it; null for a person |
| `record` | the game record (`docs/records.md`), below |

A record holds `game`, `options` (its rules version among them), every action and chance outcome in the game's
notation (`actions`), `ending` when a person ended the game (resigned, timed out…), and `meta`: `players` by seat,
`date` (when the table was made), `table`, `chance` (the secret every draw came from: anyone may check each one)
and `result` (returns, winner, how it ended). `tabletop replay FILE` replays a line's `record` saved to a file.

## Loading it

```python
from tabletop.data import iter_records, pairs

for record in iter_records("{output.name}"):
    print(record.game, len(record.actions), record.meta["result"]["winner"])

# behaviour cloning: each decision of a person, as the game's encoding numbers the seat's view, and the action
for observation, action in pairs("{output.name}", game="cubulus", pool="cubulus-2", bots=False):
    ...
```

`docs/interop.md` (*Learning from recorded games*) says more.
"""


def _day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise fail(f"{option} {text!r}: a day is written YYYY-MM-DD (2026-03-01)") from None


def _default_db() -> str:
    from tabletop.cli.paths import default_db

    return default_db()
