"""One live table in memory: its game state rebuilt from the event log, and what each seat may see.

The database's event log is the truth (:mod:`tabletop.storage`); a :class:`LiveTable` is a cache of it
that can always be rebuilt (after a restart, or when another server process wrote moves). Events are
actions in notation — chance outcomes included — and ``undo`` markers that take back the action
before them, so the effective actions are a game record and replay exactly.

Each viewer's move log is kept as it goes: per action, who acted (a seat, or CHANCE), the action as
that viewer observed it (:meth:`~tabletop.core.State.observation`: hidden ones left out, redacted
ones as the game redacts them) and what it did as that viewer may see it (:meth:`~tabletop.core.State.events`).
"""

from __future__ import annotations

import functools
import json
import time
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import tabletop
from tabletop.core import CHANCE, Capability, Ending, Game, Record, State, ended_result, visible, winners
from tabletop.server import chance
from tabletop.server.table_settings import TableSettings
from tabletop.storage.models import EventRow, SeatRow, TableRow

SPECTATOR = tabletop.core.SPECTATOR
"""The "seat" of a spectator: not a player, so observations show it only what is public."""

UNDO_REFUSALS = {
    "spectator": "spectators cannot take anything back",
    "not_playing": "the game is not being played",
    "over": "the game is over",
    "nothing": "nothing to undo",
    "pending": "an undo request is already waiting for an answer",
    "chance": "chance has acted since (a card, a roll or a throw was revealed)",
    "bot": "a bot has moved since; only your own last action can be taken back",
    "other": "only your own last action can be taken back, and someone else has moved since",
    "rated": "a rated game has no takebacks",
}
"""Why an undo may not be asked for now: the codes state messages carry (``undo_refusal``; the browser
words them in every language) and the English a refused request is told."""

LogEntry = dict[str, Any]
"""One line of a viewer's move log, JSON-ready: ``{"seat": 0, "action": "discard ? ?"}`` with
``"events": [...]`` (what it did, as data: :meth:`~tabletop.core.State.events` visible to the viewer);
seat -1 is chance."""


@dataclass(frozen=True, slots=True)
class Held:
    """What a client holds of a table's log: ``viewer``'s entries up to the one written by event ``move``
    (-1: none)."""

    viewer: int
    move: int


def _move_of(line: LogEntry) -> int:
    return int(line["move"])


@dataclass
class Entry:
    """One effective action and what it did, kept for undo and for per-seat logs."""

    seat: int  #: who sent it (CHANCE for a chance outcome the server drew)
    action: str
    observed: dict[int, str | None]  #: how each seat (and SPECTATOR) saw it
    chance: bool = False  #: a chance outcome (drawn by the server, or entered by the people at a field)


@dataclass
class LiveTable:
    """A table's game, state and seats in memory; rebuilt from ``events`` whenever needed."""

    row: TableRow
    game: Game[Any, Any]
    state: State[Any]
    moves: int = 0  #: events written so far (the number the next event must carry)
    entries: list[Entry] = field(default_factory=list)
    zombies: set[int] = field(default_factory=set)
    deadline: float | None = None  #: the loop time at which the seat to move times out
    turn_started: float | None = None  #: the loop time at which the seat to move was asked
    banks: dict[int, float] = field(default_factory=dict)
    thinking: int | None = None  #: the move a bot is deciding now (one decision per move)
    ending: Ending | None = None  #: how the game ended when a person ended it (resigned, abandoned…)
    logs: dict[int, list[LogEntry]] = field(default_factory=dict)  #: each viewer's move log so far
    seen: dict[int, list[str]] = field(default_factory=dict)  #: each viewer's log's actions (what a bot is told)
    _previews: tuple[State[Any], dict[str, Any]] | None = field(default=None, repr=False)  #: the state's previews
    _legal: tuple[State[Any], list[str]] | None = field(default=None, repr=False)  #: the state's legal
    #: actions in notation, written once per state however many updates carry them
    _settings: tuple[dict[str, Any], TableSettings] | None = field(default=None, repr=False)  #: read once a row

    @classmethod
    def rebuild(cls, row: TableRow, events: list[EventRow]) -> LiveTable:
        """The table as its log leaves it.

        Raises:
            TabletopError: when the log does not replay (a corrupted database).
        """
        game = tabletop.load(row.game, **row.options)
        table = cls(row, game, game.initial_state())
        table.zombies = set(table.settings.zombies)
        table.banks = {seat.seat: float(table.settings.time_bank) for seat in row.seats}
        for event in events:
            table.replay_event(event.kind, event.seat, event.action)
        table.resume_clock()
        return table

    def resume_clock(self) -> None:
        """Take the running clock and the time banks from the settings (a table read again after a restart or
        by a process taking it over keeps every clock): the deadline as this process's loop time."""
        clock = self.settings.clock
        if not clock:
            return
        self.banks.update({int(seat): float(left) for seat, left in clock.get("banks", {}).items()})
        if clock.get("move") == self.moves and self.status == "playing":
            offset = time.monotonic() - time.time()  # (asyncio's loop time is the monotonic clock)
            self.deadline = float(clock["deadline"]) + offset
            self.turn_started = float(clock["started"]) + offset

    @functools.cached_property
    def options_json(self) -> str:
        """The game's options as JSON (what bot workers load the game from; a table's options never change)."""
        return json.dumps(self.row.options, sort_keys=True)

    @property
    def seats(self) -> Sequence[SeatRow]:
        """The table's seats in order (the row's own list, read on every update: not copied)."""
        return self.row.seats

    @property
    def settings(self) -> TableSettings:
        """The row's settings, typed (read once for each version of the row: every change replaces its dict)."""
        raw = self.row.settings
        if self._settings is None or self._settings[0] is not raw:
            self._settings = (raw, TableSettings.model_validate(raw))
        return self._settings[1]

    def change_settings(self, changes: dict[str, Any]) -> None:
        """Take ``changes`` (already written to the database) into the row's settings."""
        self.row.settings = {**self.row.settings, **changes}

    @property
    def status(self) -> str:
        """open, playing, over or abandoned."""
        return self.row.status

    def replay_event(self, kind: str, seat: int, action: str, after: State[Any] | None = None,
                     parsed: Any = None) -> None:
        """Apply one logged event to the in-memory state (``parsed``: its action as the game parsed it, and
        ``after``: the state it leads to, when the caller has already got them: an action is parsed once)."""
        if kind == "end":  # resigned, abandoned…: the game stops here (tabletop.server.endings)
            self.ending = Ending.parse(action)
        elif kind == "timeout":  # the seat's clock ran out: a bot plays it from now on (tabletop.server.clocks)
            self.zombies.add(seat)
        elif kind == "undo":
            undone = self.entries.pop()
            for viewer, seen in undone.observed.items():
                if seen is not None:
                    self.logs[viewer].pop()
                    self.seen[viewer].pop()
            self.state = _replay(self.game, [e.action for e in self.entries])
        else:
            if parsed is None:
                parsed = self.game.parse_action(action)
            entry = self._entry(seat, action, parsed)
            entry.chance = self.state.is_chance
            # chance's outcome is chance's, even when a scorekeeper entered it (K20)
            mover = CHANCE if entry.chance else self.state.current_player
            self.entries.append(entry)
            self.state = after if after is not None else self.state.apply_recorded(parsed)
            events = self.state.events()
            for viewer, seen in entry.observed.items():
                if seen is not None:
                    line: LogEntry = {"move": self.moves, "seat": mover, "action": seen,
                                      "events": visible(events, viewer)}
                    self.logs.setdefault(viewer, []).append(line)
                    self.seen.setdefault(viewer, []).append(seen)
        self.moves += 1

    def _entry(self, seat: int, action: str, parsed: Any) -> Entry:
        viewers = [*range(self.game.num_players), SPECTATOR]
        return Entry(seat, action, {viewer: self.state.observation(parsed, viewer) for viewer in viewers})

    @property
    def secret(self) -> str:
        """The table's chance secret (:mod:`tabletop.server.chance`; kept in the database only)."""
        secret = self.settings.chance_secret
        return secret if secret else chance.secret_from_seed(self.settings.seed or 0)

    @property
    def undo(self) -> dict[str, Any] | None:
        """The pending undo request ({"seat", "move", "waiting", "agreed"}), kept in the database so
        any server process can take the answers; void once another move was made."""
        pending = self.settings.undo
        return pending if pending is not None and pending.get("move") == self.moves else None

    @property
    def proposal(self) -> dict[str, Any] | None:
        """The pending request to end the game ({"kind": "resign" or "abandon", "seat", "move",
        "waiting", "agreed"}: :mod:`tabletop.server.endings`); void once another move was made."""
        pending = self.settings.proposal
        return pending if pending is not None and pending.get("move") == self.moves else None

    def seat_to_move(self) -> int:
        """The seat to move, CHANCE, or TERMINAL (TERMINAL too once a person ended the game)."""
        if self.ending is not None:
            return tabletop.core.TERMINAL
        return self.state.current_player

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, or the zombie that took it over."""
        row = self.seats[seat]
        if row.kind == "bot":
            return row.bot or "normal"
        if seat in self.zombies:
            return "normal"
        return None

    def history(self, viewer: int) -> list[LogEntry]:
        """``viewer``'s move log: who did what, as ``viewer`` saw it (hidden actions left out)."""
        return self.logs.get(viewer, [])

    def news_for(self, viewer: int, held: Held | None) -> tuple[int, list[LogEntry]]:
        """What ``viewer``'s log adds to what a client ``held``: where the new part starts and its entries.

        A client holds a log up to an entry (its ``move``: the number of the event that wrote it) as some
        viewer saw it. Entries are only ever appended or undone from the end, and each new one carries a
        higher number, so the entries it holds that are still there are exactly those numbered up to its
        last; the rest — undone, or another seat's view of the same moves on a hot seat — it replaces.
        Nothing held (or nothing of use): the whole log from 0.
        """
        log = self.logs.get(viewer, [])
        if held is None:
            return 0, log
        start = bisect_right(self.logs.get(held.viewer, []), held.move, key=_move_of)
        if held.viewer != viewer:  # a hot seat shows another seat: keep what both seats' logs share
            other = self.logs.get(held.viewer, [])
            start = next((i for i in range(min(start, len(log))) if other[i] != log[i]), min(start, len(log)))
        return start, log[start:]

    def seen_actions(self, viewer: int) -> tuple[str, ...]:
        """The actions so far as ``viewer`` saw them, in notation (what a bot is told)."""
        return tuple(self.seen.get(viewer, ()))

    def view(self, viewer: int) -> dict[str, Any]:
        """What ``viewer`` (a seat or SPECTATOR) may see."""
        if viewer == SPECTATOR:
            return dict(self.state.public_view())
        return dict(self.state.view(viewer))

    def text(self, viewer: int) -> str:
        """The position drawn for ``viewer``; spectators of hidden-information games get no drawing."""
        if viewer == SPECTATOR:
            return "" if self.game.spec.hidden_information else self.state.render()
        return self.state.render(viewer)

    def legal_for(self, viewer: int) -> list[str]:
        """``viewer``'s legal actions when it is to move, else nothing."""
        if self.status != "playing" or viewer < 0:
            return []
        if self.state.current_player != viewer and not (self.state.is_chance and self.people_enter_chance(viewer)):
            return []
        if self._legal is None or self._legal[0] is not self.state:
            self._legal = (self.state, [str(a) for a in self.state.legal_actions()])
        return list(self._legal[1])

    def previews_for(self, viewer: int) -> dict[str, Any] | None:
        """What each of ``viewer``'s legal moves would do, for a game with the preview capability (the
        browser shows a move before it is made without a copy of the rules); None otherwise. Worked out
        once per state: every connection of the seat, and each redraw, gets the same answer."""
        if not self.game.provides(Capability.PREVIEW) or not self.legal_for(viewer):
            return None
        if self._previews is None or self._previews[0] is not self.state:
            state = self.state
            self._previews = (state, {str(a): shown for a in state.legal_actions()
                                      if (shown := state.preview(a)) is not None})
        return self._previews[1]

    def people_enter_chance(self, seat: int) -> bool:
        """True when ``seat`` (a person) may say what chance did: a scorekeeper for a real game."""
        return self.game.chance_entered_by_people and seat >= 0 and self.bot_for(seat) is None

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not ask to take back the last action now, as a code of :data:`UNDO_REFUSALS`
        (None when it may). The one place the undo policy is decided: requests are checked against it,
        and every state message tells each seat its answer, so a client offers undo only when allowed.

        Board Game Arena's policy: only the mover's own last action, and only if nothing has been
        revealed since — no chance outcome and no other seat's action after it. A chance outcome that
        the people at a real field entered (a scorekeeper, :meth:`people_enter_chance`) reveals nothing:
        any person at the table may ask to correct it, with the others' consent like any undo (K20).
        """
        if seat < 0:
            return "spectator"
        if self.status != "playing":
            return "not_playing"
        if self.state.is_terminal:
            return "over"
        if not self.entries:
            return "nothing"
        if self.undo is not None:
            return "pending"
        if self.settings.rated:
            return "rated"
        if self.takes_back_to_decision(seat):
            return None if self._last_decision(seat) is not None else "nothing"
        last = self.entries[-1]
        if last.chance:
            return None if last.seat >= 0 and self.people_enter_chance(seat) else "chance"
        if last.seat != seat:
            return "bot" if self.bot_for(last.seat) is not None else "other"
        return None

    def takes_back_to_decision(self, seat: int) -> bool:
        """True when ``seat`` plays only against bots (every other seat a bot's from the start) at a table
        where nothing is at stake: a takeback then goes back to before its last decision, the bots'
        replies and the chance after it undone too (lichess and cardgames.io let a player take back a
        move against the computer). Chance comes again the same: its generator is keyed by the move's
        place in the game (:func:`tabletop.server.chance.draw_generator`), not by when it is drawn."""
        return (seat >= 0 and self.seats[seat].kind != "bot" and not self.settings.rated
                and all(s.kind == "bot" for s in self.seats if s.seat != seat))

    def _last_decision(self, seat: int) -> int | None:
        """The index in :attr:`entries` of ``seat``'s last decision (not a chance outcome), or None."""
        return next((i for i in range(len(self.entries) - 1, -1, -1)
                     if self.entries[i].seat == seat and not self.entries[i].chance), None)

    def undo_steps(self, seat: int) -> int:
        """How many actions ``seat``'s undo takes back: back to before its last decision against bots,
        else its own last action (or a scorekeeper's last entered outcome) alone."""
        if self.takes_back_to_decision(seat) and (index := self._last_decision(seat)) is not None:
            return len(self.entries) - index
        return 1

    def result(self) -> dict[str, Any] | None:
        """The ended game's returns, winner, result event and how it ended (``ending``), with any seats
        a bot took over (``zombies``) and those whose person went away and was gone on without (``left``);
        None while it goes on, or for a table abandoned before it began."""
        ending = self.ending if self.ending is not None else Ending("finished") if self.state.is_terminal else None
        if ending is None:
            return None
        returns, outcome = ended_result(self.state, ending)
        top = winners(returns) if ending.has_result else ()
        result: dict[str, Any] = {"returns": list(returns),
                                  "winner": None if not top else top[0] if len(top) == 1 else list(top),
                                  "outcome": outcome.to_data() if outcome is not None else None,
                                  "ending": ending.to_data()}
        points = self.state.seat_points()
        if points is not None:  # the scores in the game's own terms when it ended (the game-over summary)
            result["points"] = list(points)
        if self.zombies:
            result["zombies"] = sorted(self.zombies)
        if self.settings.left:  # people who went away, whom the others went on without (:mod:`.endings`)
            result["left"] = list(self.settings.left)
        return result

    def record_actions(self) -> list[str]:
        """The effective actions: the table's game record."""
        return [entry.action for entry in self.entries]

    def record(self) -> Record:
        """The table's game record (what ``tabletop replay`` reads): its actions, how it ended when a person
        ended it, who sat where, and the secret its chance was drawn from — only for a finished table, whose
        hidden information nobody needs kept any more."""
        meta: dict[str, Any] = {"players": [s.name for s in self.seats],
                                "date": self.row.created_at.isoformat(timespec="seconds"), "table": self.row.id,
                                "chance": {"generator": chance.GENERATOR, "secret": self.secret}}
        if (result := self.result()) is not None:
            meta["result"] = result
        return Record(self.game.name, dict(self.row.options), tuple(self.record_actions()), meta, self.ending)


def _replay(game: Game[Any, Any], actions: list[str]) -> State[Any]:
    state: State[Any] = game.initial_state()
    for action in actions:  # the table's own log, validated as it was written
        state = state.apply_recorded(game.parse_action(action))
    return state
