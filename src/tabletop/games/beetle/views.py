"""What a seat or a spectator sees of a Beetle game, and the state a view stands for.

Everything in Beetle is public (B1: the sheets are in plain sight), so every seat's view is the
whole position as JSON-ready data — the sheets by part name, whose roll it is, the roll-off and the
finishing order — and a view gives back its state exactly (:func:`position_from_view`). Views read
states and never change them; the state class is named here only for its annotations, so the
state's own :meth:`~tabletop.games.beetle.state.BeetleState.view` can call down into this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Player, TabletopError, View
from tabletop.games.beetle.parts import PartsTable
from tabletop.games.beetle.phases import LastRoll, Phase

if TYPE_CHECKING:
    from tabletop.games.beetle.state import BeetleState


def seat_view(state: BeetleState, player: Player) -> View:
    """Everything in Beetle is public (B1: the sheets are in plain sight).

    Raises:
        ValueError: when ``player`` is not one of the game's seats.
    """
    state.game.check_seat(player)
    table = state.game.table
    last = state.last
    return {
        "game": "beetle",
        "phase": state.phase.value,
        "to_move": state.current_player,
        "seat": state.seat,
        "rolling": state.rolled,
        "sheets": [
            {part.name: sheet[i] for i, part in enumerate(table.parts)} for sheet in state.sheets
        ],
        "parts": table.to_data(),
        "contenders": list(state.contenders),
        "rolloff": list(state.rolloff),
        "finished": list(state.finished),
        "last_roll": None
        if last is None
        else {
            "seat": last.seat,
            "face": last.face,
            "part": None if last.part is None else table.parts[last.part].name,
            "rolloff": last.rolloff,
        },
    }


def position_from_view(table: PartsTable, view: View) -> dict[str, Any]:
    """The fields of the state ``view`` shows (all but its game), for a game played with ``table``.

    Raises:
        TabletopError: when ``view`` is not a view of a Beetle game with this parts table.
    """
    try:
        if view["game"] != "beetle" or view["parts"] != table.to_data():
            raise ValueError("the view is of another game or parts table")
        names = [part.name for part in table.parts]
        sheets = tuple(tuple(int(sheet[name]) for name in names) for sheet in view["sheets"])
        last = view["last_roll"]
        return {
            "phase": Phase(view["phase"]),
            "seat": int(view["seat"]),
            "rolled": bool(view["rolling"]),
            "sheets": sheets,
            "contenders": tuple(view["contenders"]),
            "rolloff": tuple(view["rolloff"]),
            "finished": tuple(view["finished"]),
            "last": None if last is None else LastRoll(
                last["seat"], last["face"], None if last["part"] is None else names.index(last["part"]),
                last["rolloff"]),
        }
    except (KeyError, TypeError, ValueError) as error:
        raise TabletopError(f"not a view of this Beetle game: {error}") from None
