"""Beetle ("Жук") rules B1–B13: the roll-off, the turns, drawing parts, finishing and places.

Every turn is the same two steps (B13): the player to move takes the action ``roll``, then chance
gives the die's face (``1``–``6``). The roll-off that decides who starts (B6, B11) is played the
same way, so a record is simply ``roll, 4, roll, 2, …`` and a person presses a key to roll.

What each action did is told as events (:meth:`BeetleState.events`, kinds in :data:`EVENTS`), in
the game's own terms — seats, faces, part names as the parts table spells them, codes for why a
roll drew nothing — never in sentences: :meth:`Beetle.event_text` writes them in English, the
browser in each of its languages.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.core import (
    CHANCE,
    LEVELS,
    TERMINAL,
    Agent,
    Chance,
    Decision,
    Event,
    Game,
    GameSpec,
    IllegalActionError,
    Option,
    OptionError,
    Player,
    State,
    TabletopError,
    View,
    action_event,
    event,
)
from tabletop.core.dice import fair_die
from tabletop.core.game import notation_error
from tabletop.games.beetle.parts import PRESETS, PartsTable

if TYPE_CHECKING:
    from tabletop.games.beetle.encoding import BeetleEncoding


@dataclass(frozen=True, slots=True)
class Roll:
    """The player's action: roll the die (B5)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Face:
    """A chance outcome: the die shows ``value``."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


BeetleAction = Roll | Face
ROLL = Roll()
FACES = tuple(Face(value) for value, _ in fair_die(6))
_CHANCE_OUTCOMES = tuple((Face(value), p) for value, p in fair_die(6))


class Phase(enum.Enum):
    """Where the game is: deciding who starts, playing, or over."""

    ROLL_OFF = "roll-off"
    PLAY = "play"
    OVER = "over"


def _check_parts(value: object) -> object:
    """Validate a custom parts table given as data (B10); None means "use the variant"."""
    if value is None:
        return None
    if isinstance(value, PartsTable):
        return value.to_data()
    return PartsTable.from_data(value).to_data()


EVENTS = (
    "roll",  # the action: seat rolls the die {seat, rolloff: True in the roll-off}
    "rolloff_rolled",  # chance, in the roll-off (B6, B11): {seat, face}
    "rolloff_tie",  # the round's highest face is tied (B6): {members: who roll again, face}
    "starts",  # the roll-off is decided (B6): {seat, face}
    "rolled",  # chance, in play (B5): {seat, face}
    "part_drawn",  # B5, B10: {seat, part: its name in the parts table, face, have: now, needed}
    "nothing_drawn",  # B5 (turn lost): {seat, face, why: no_part|complete|needs, reasons}
    "beetle_finished",  # B7, B12: {seat, place: 1 for the winner}
    "play_on",  # B7, B12 (option play_on): the others go on {members, place: the next place}
    "last_place",  # B12: the one left unfinished when all others are done {seat, place}
    "game_over",  # B7, B12: {winner, places: seats in finishing order ([winner] without play-on)}
)
"""Every kind of event Beetle emits, with its parameters (B5–B12)."""


SPEC = GameSpec(
    name="beetle",
    title="Beetle (Жук)",
    description=(
        "A dice drawing game: roll the one shared die and draw the beetle part its face names — "
        "body first, head on the body, legs and tail on the body, eyes and antennae on the head. "
        "The first to finish the whole beetle wins."
    ),
    min_players=1,
    max_players=8,
    default_players=3,
    chance=Chance.EXPLICIT,
    hidden_information=False,
    utility=(0.0, 1.0),
    max_length=None,
    options=(
        Option(
            "variant",
            "classic",
            "parts table preset (B10), or custom with the parts option",
            kind=str,
            choices=(*PRESETS, "custom"),
        ),
        Option("parts", None, "a custom parts table (B10)", kind="data", check=_check_parts),
        Option(
            "play_on",
            False,
            "after the winner, the others play on for the remaining places (B7, B12)",
            kind=bool,
        ),
    ),
    rules="beetle.md",
    events=EVENTS,
)


class Beetle(Game["BeetleState", BeetleAction]):
    """Beetle with fixed options; ``table`` is the parts table in use."""

    spec = SPEC

    def __init__(self, **options: Any) -> None:
        if options.get("parts") is not None and "variant" not in options:
            options["variant"] = "custom"
        super().__init__(**options)
        variant, parts = self.options["variant"], self.options["parts"]
        if variant == "custom":
            if parts is None:
                raise OptionError("variant=custom needs a parts table (option parts)")
            self.table = PartsTable.from_data(parts)
        else:
            if parts is not None:
                raise OptionError(
                    f"give either variant={variant} or a parts table, not both "
                    "(a parts table implies variant=custom)"
                )
            self.table = PRESETS[variant]

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """Beetle has no decisions (B13: every turn is a roll), so every level is the same roller."""
        return {level: Roller for level in LEVELS}

    def encoding(self) -> BeetleEncoding:
        """``roll`` as action 0, faces as chance outcomes 0–5, views as vectors (made once per game)."""
        cached: BeetleEncoding | None = self.__dict__.get("_encoding")
        if cached is None:
            from tabletop.games.beetle.encoding import BeetleEncoding

            cached = self.__dict__["_encoding"] = BeetleEncoding(self)
        return cached

    def initial_state(self) -> BeetleState:
        """A blank sheet per seat; the roll-off first (B6), unless one plays alone."""
        n = self.num_players
        sheets = (self.table.empty,) * n
        if n == 1:
            return BeetleState(self, Phase.PLAY, 0, False, sheets)
        return BeetleState(self, Phase.ROLL_OFF, 0, False, sheets, contenders=tuple(range(n)))

    def state_from_view(self, view: View, rng: random.Random) -> BeetleState:
        """Everything in Beetle is public, so a view rebuilds its state exactly."""
        try:
            if view["game"] != "beetle" or view["parts"] != self.table.to_data():
                raise ValueError("the view is of another game or parts table")
            names = [part.name for part in self.table.parts]
            sheets = tuple(tuple(int(sheet[name]) for name in names) for sheet in view["sheets"])
            last = view["last_roll"]
            return BeetleState(
                self,
                Phase(view["phase"]),
                int(view["seat"]),
                bool(view["rolling"]),
                sheets,
                tuple(view["contenders"]),
                tuple(view["rolloff"]),
                tuple(view["finished"]),
                None if last is None else LastRoll(
                    last["seat"], last["face"], None if last["part"] is None else names.index(last["part"]),
                    last["rolloff"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise TabletopError(f"not a view of this Beetle game: {error}") from None

    def event_text(self, event: Event) -> str:
        """A Beetle event in English, for the terminal: "seat 2 draws leg (3/6)"."""
        p = event.params

        def seat(n: int) -> str:
            return f"seat {n + 1}"

        def seats(members: Sequence[int]) -> str:
            return ("seats " if len(members) > 1 else "seat ") + ", ".join(str(m + 1) for m in members)

        match event.kind:
            case "roll":
                return f"{seat(p['seat'])} rolls" + (" for the start" if p["rolloff"] else "")
            case "rolloff_rolled":
                return f"{seat(p['seat'])} rolled {p['face']} in the roll-off"
            case "rolloff_tie":
                return f"a tie at {p['face']}: {seats(p['members'])} roll again"
            case "starts":
                return f"{seat(p['seat'])} starts (rolled {p['face']})"
            case "rolled":
                return f"{seat(p['seat'])} rolled {p['face']}"
            case "part_drawn":
                return f"{seat(p['seat'])} draws {p['part']} ({p['have']}/{p['needed']})"
            case "nothing_drawn":
                return f"{seat(p['seat'])} draws nothing on a {p['face']}: {_why_text(p)} — turn lost"
            case "beetle_finished":
                return f"{seat(p['seat'])} finishes the beetle: place {p['place']}"
            case "play_on":
                return f"{seats(p['members'])} play on for place {p['place']}"
            case "last_place":
                return f"{seat(p['seat'])} takes the last place ({p['place']})"
            case "game_over":
                if len(p["places"]) > 1:
                    return "game over: " + ", ".join(
                        f"#{place} {seat(s)}" for place, s in enumerate(p["places"], 1))
                return f"game over: {seat(p['winner'])} wins"
            case "game_won":
                return f"{seat(p['side'])} wins"
        return super().event_text(event)

    def parse_action(self, text: str) -> BeetleAction:
        """``roll`` or a die face ``1``–``6``."""
        word = text.strip().lower()
        if word == "roll":
            return ROLL
        if word in ("1", "2", "3", "4", "5", "6"):
            return FACES[int(word) - 1]
        raise notation_error(text, "`roll` (a player's turn) or a die face `1`–`6` (chance)")


def _why_text(params: Mapping[str, Any]) -> str:
    """Why a roll drew nothing (the reasons of a ``nothing_drawn`` event), in English."""
    reasons = params["reasons"]
    if not reasons:
        return f"no part is drawn on a {params['face']}"
    return "; ".join(
        f"{r['part']} needs {' and '.join(r['missing'])} first" if r["why"] == "needs"
        else f"{r['part']} already drawn" if r["needed"] == 1
        else f"{r['part']}: {r['needed']} of {r['needed']} drawn"
        for r in reasons
    )


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The most recent roll, kept for the log and the picture (not part of the position)."""

    seat: Player
    face: int
    part: int | None  #: index of the part drawn, None when the turn was lost
    rolloff: bool = False


@dataclass(frozen=True, slots=True)
class BeetleState(State[BeetleAction]):
    """A Beetle position: every sheet, whose roll it is, and the roll-off or finishing order.

    ``seat`` is the player to roll; ``rolled`` is True while the die is in the air (chance node).
    In the roll-off, ``contenders`` are the seats still in it and ``rolloff`` the faces they have
    rolled this round, in seat order. ``happened`` is what the action that made this state did
    (:meth:`events`): data, not part of the position.
    """

    game: Beetle
    phase: Phase
    seat: Player
    rolled: bool
    sheets: tuple[tuple[int, ...], ...]
    contenders: tuple[Player, ...] = ()
    rolloff: tuple[int, ...] = ()
    finished: tuple[Player, ...] = ()
    last: LastRoll | None = field(default=None, compare=False)
    happened: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def current_player(self) -> Player:
        if self.phase is Phase.OVER:
            return TERMINAL
        return CHANCE if self.rolled else self.seat

    def legal_actions(self) -> Sequence[BeetleAction]:
        if self.phase is Phase.OVER:
            return ()
        return FACES if self.rolled else (ROLL,)

    def chance_outcomes(self) -> Sequence[tuple[BeetleAction, Fraction]]:
        if not self.rolled or self.phase is Phase.OVER:
            raise IllegalActionError("no die is being rolled: this is not a chance node")
        return _CHANCE_OUTCOMES

    def _apply(self, action: BeetleAction) -> BeetleState:
        if isinstance(action, Roll):
            said = action_event("roll", seat=self.seat, rolloff=self.phase is Phase.ROLL_OFF)
            return _replace(self, rolled=True, happened=(said,))
        match self.phase:
            case Phase.ROLL_OFF:
                return self._roll_off(action.value)
            case Phase.PLAY:
                return self._draw(action.value)
        raise AssertionError(self.phase)  # pragma: no cover - apply() refuses a finished game

    def _roll_off(self, face: int) -> BeetleState:
        """B6: record the face; when the round is complete, the highest starts or the tied re-roll."""
        rolls = (*self.rolloff, face)
        last = LastRoll(self.seat, face, None, rolloff=True)
        said = action_event("rolloff_rolled", seat=self.seat, face=face)
        if len(rolls) < len(self.contenders):
            nxt = self.contenders[len(rolls)]
            return _replace(self, seat=nxt, rolled=False, rolloff=rolls, last=last, happened=(said,))
        best = max(rolls)
        tied = tuple(s for s, r in zip(self.contenders, rolls, strict=True) if r == best)
        if len(tied) == 1:
            return _replace(
                self, phase=Phase.PLAY, seat=tied[0], rolled=False, contenders=(), rolloff=(), last=last,
                happened=(said, event("starts", seat=tied[0], face=best)),
            )
        return _replace(self, seat=tied[0], rolled=False, contenders=tied, rolloff=(), last=last,
                        happened=(said, event("rolloff_tie", members=list(tied), face=best)))

    def _draw(self, face: int) -> BeetleState:
        """B5: draw the part the face names if it can be added; B7/B12: finishing and places."""
        table = self.game.table
        sheet = self.sheets[self.seat]
        part = table.drawable(sheet, face)
        last = LastRoll(self.seat, face, part)
        sheets, finished = self.sheets, self.finished
        said = [action_event("rolled", seat=self.seat, face=face)]
        if part is not None:
            sheet = (*sheet[:part], sheet[part] + 1, *sheet[part + 1:])
            sheets = (*sheets[:self.seat], sheet, *sheets[self.seat + 1:])
            drawn = table.parts[part]
            said.append(event("part_drawn", seat=self.seat, part=drawn.name, face=face, have=sheet[part],
                              needed=drawn.count))
            if table.is_complete(sheet):
                finished = (*finished, self.seat)
                said.append(event("beetle_finished", seat=self.seat, place=len(finished)))
        else:
            reasons = table.blocked(sheet, face)
            why = ("no_part" if not reasons
                   else "complete" if all(r["why"] == "complete" for r in reasons) else "needs")
            said.append(event("nothing_drawn", seat=self.seat, face=face, why=why, reasons=reasons))
        n = len(sheets)
        play_on = self.game.options["play_on"]
        if finished and (not play_on or len(finished) >= max(n - 1, 1)):
            if len(finished) < n and play_on:
                rest = [s for s in range(n) if s not in finished]
                for k, s in enumerate(rest, len(finished) + 1):
                    said.append(event("last_place", seat=s, place=k))
                finished = (*finished, *rest)
            said.append(event("game_over", winner=finished[0], places=list(finished)))
            return _replace(self, phase=Phase.OVER, rolled=False, sheets=sheets, finished=finished, last=last,
                            happened=tuple(said))
        if finished != self.finished:  # B12: a beetle is finished and the others play on
            rest = [s for s in range(n) if s not in finished]
            said.append(event("play_on", members=rest, place=len(finished) + 1))
        nxt = (self.seat + 1) % n
        while nxt in finished:
            nxt = (nxt + 1) % n
        return _replace(self, seat=nxt, rolled=False, sheets=sheets, finished=finished, last=last,
                        happened=tuple(said))

    def returns(self) -> tuple[float, ...]:
        """Winner 1, others 0; with play-on, (n − place)/(n − 1) by finishing order (B12)."""
        n = len(self.sheets)
        if self.phase is not Phase.OVER:
            return (0.0,) * n
        if n == 1:
            return (1.0,)
        if not self.game.options["play_on"]:
            return tuple(1.0 if s == self.finished[0] else 0.0 for s in range(n))
        place = {seat: i for i, seat in enumerate(self.finished)}
        return tuple((n - 1 - place[s]) / (n - 1) for s in range(n))

    def events(self) -> Sequence[Event]:
        """What the last action did (everything in Beetle is public, B1): ``roll``; or the face as
        ``rolloff_rolled`` and, when the round is complete, ``starts`` or ``rolloff_tie`` (B6); or
        the face as ``rolled``, then ``part_drawn`` or ``nothing_drawn`` (B5, B10), and
        ``beetle_finished``, ``play_on``, ``last_place`` and ``game_over`` as they happen (B7, B12)."""
        return self.happened

    def result(self) -> Event | None:
        """``game_won`` by the first to finish (B7); with play-on, ``places`` in finishing order (B12)."""
        if self.phase is not Phase.OVER:
            return None
        winner = self.finished[0]
        if self.game.options["play_on"]:
            return event("game_won", side=winner, members=[winner], places=list(self.finished))
        return event("game_won", side=winner, members=[winner])

    def seat_points(self) -> tuple[float, ...]:
        """Parts drawn on each sheet so far (B5): how far each beetle has come."""
        return tuple(float(sum(sheet)) for sheet in self.sheets)

    def view(self, player: Player) -> View:
        """Everything in Beetle is public (B1: the sheets are in plain sight)."""
        self.game.check_seat(player)
        table = self.game.table
        return {
            "game": "beetle",
            "phase": self.phase.value,
            "to_move": self.current_player,
            "seat": self.seat,
            "rolling": self.rolled,
            "sheets": [
                {part.name: sheet[i] for i, part in enumerate(table.parts)} for sheet in self.sheets
            ],
            "parts": table.to_data(),
            "contenders": list(self.contenders),
            "rolloff": list(self.rolloff),
            "finished": list(self.finished),
            "last_roll": None
            if self.last is None
            else {
                "seat": self.last.seat,
                "face": self.last.face,
                "part": None if self.last.part is None else table.parts[self.last.part].name,
                "rolloff": self.last.rolloff,
            },
        }

    def describe(self, action: BeetleAction) -> str:
        """The action itself ("seat 2 rolled 4"); what it drew is told by its events (announcements)."""
        seat = f"seat {self.seat + 1}"
        if isinstance(action, Roll):
            return f"{seat} rolls" + (" for the start" if self.phase is Phase.ROLL_OFF else "")
        if self.phase is Phase.ROLL_OFF:
            return f"{seat} rolled {action.value} in the roll-off"
        return f"{seat} rolled {action.value}"

    def __str__(self) -> str:
        from tabletop.games.beetle.render import render_state

        return render_state(self)


def _replace(state: BeetleState, **changes: Any) -> BeetleState:
    """A copy of ``state`` with ``changes`` (dataclasses.replace, without its overhead)."""
    values = {name: getattr(state, name) for name in BeetleState.__dataclass_fields__}
    values.update(changes)
    return BeetleState(**values)


class Roller:
    """Beetle's bot: the only decision is to roll (B13), so it rolls."""

    name = "roller"

    def choose(self, decision: Decision, rng: random.Random) -> BeetleAction:
        """Roll the die."""
        return ROLL
