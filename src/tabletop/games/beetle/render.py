"""Drawing beetles as text: the picture grows part by part, as on the players' sheets.

Known part names (body, head, leg, eye, antenna, tail, wing) have places in the picture; parts of
a custom table with other names, or more of a part than the picture has places for, are listed
under it. Rendering reads states and never changes them (STYLE 7).
"""

from __future__ import annotations

from tabletop.games.beetle.parts import PartsTable

#: The finished picture, and under it a mask naming the part each character belongs to:
#: B body, H head, e/E eyes, a/A antennae, T tail, w/W wings, 1–6 legs.
_PICTURE = [
    r"      \   /      ",
    r"      (o_o)      ",
    r"   \.-------./   ",
    r"  --|<= | =>|--  ",
    r"   /'-------'\   ",
    r"        |        ",
]
_MASK = [
    r"      a   A      ",
    r"      HeHEH      ",
    r"   1BBBBBBBBB2   ",
    r"  55BBBBBBBBB66  ",
    r"   3BBBBBBBBB4   ",
    r"        T        ",
]
_MASK[3] = "  55BwwBBBWWB66  "
_WIDTH = max(len(line) for line in _PICTURE)

Cell = tuple[int, int]


def _cells(code: str) -> list[Cell]:
    """The picture's cells that belong to the part marked ``code`` in the mask."""
    return [(r, c) for r, row in enumerate(_MASK) for c, char in enumerate(row) if char == code]


_SLOTS: dict[str, list[list[Cell]]] = {
    "body": [_cells("B")],
    "head": [_cells("H")],
    "eye": [_cells("e"), _cells("E")],
    "antenna": [_cells("a"), _cells("A")],
    "tail": [_cells("T")],
    "wing": [_cells("w"), _cells("W")],
    # legs drawn top pair, middle pair, bottom pair; 4 legs use top and bottom, 2 the middle
    "leg": [_cells(code) for code in "125634"],
}
_ALIASES = {"legs": "leg", "eyes": "eye", "antennae": "antenna", "antennas": "antenna",
            "feeler": "antenna", "feelers": "antenna", "wings": "wing", "tails": "tail",
            "heads": "head", "bodies": "body"}


def _slot_order(name: str, count: int) -> list[list[Cell]]:
    """The places for ``count`` parts called ``name``, in the order they are drawn."""
    slots = _SLOTS.get(_ALIASES.get(name.lower(), name.lower()), [])
    if slots is _SLOTS["leg"] and count <= 4:
        slots = [slots[i] for i in ((0, 1, 4, 5) if count > 2 else (2, 3))]
    return slots[:count]


def picture(table: PartsTable, counts: tuple[int, ...], ghost: bool = False) -> list[str]:
    """The beetle drawn so far as lines of text; ``ghost`` dots in the parts still to draw.

    >>> from tabletop.games.beetle.parts import preset
    >>> for line in picture(preset("classic"), (1, 1, 0, 2, 0, 0)):  # body, head, two eyes
    ...     print(line.rstrip() or "~")
    ~
          (o_o)
        .-------.
        |   |   |
        '-------'
    ~
    """
    grid = [[" "] * _WIDTH for _ in _PICTURE]
    extras: list[str] = []
    for i, part in enumerate(table.parts):
        slots = _slot_order(part.name, part.count)
        for k, cells in enumerate(slots):
            drawn = k < counts[i]
            for r, c in cells:
                char = _PICTURE[r][c]
                if drawn:
                    grid[r][c] = char
                elif ghost and char != " ":
                    grid[r][c] = "·"
        if len(slots) < part.count:
            extras.append(f"{part.name} {counts[i]}/{part.count}")
    lines = ["".join(row) for row in grid]
    lines.extend(f"  + {extra}" for extra in extras)
    return lines


def progress(table: PartsTable, counts: tuple[int, ...]) -> str:
    """``7/13`` parts drawn."""
    return f"{sum(counts)}/{table.total}"


def side_by_side(blocks: list[list[str]], gap: int = 3) -> list[str]:
    """Lay blocks of lines next to each other, padding each to its widest line."""
    height = max(len(block) for block in blocks)
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    rows = []
    for r in range(height):
        cells = [
            (block[r] if r < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        rows.append((" " * gap).join(cells).rstrip())
    return rows


def render_state(state: object) -> str:
    """Every seat's beetle side by side, with captions and the state of play."""
    from tabletop.games.beetle.rules import BeetleState, Phase

    assert isinstance(state, BeetleState)
    table = state.game.table
    blocks = []
    for seat, sheet in enumerate(state.sheets):
        marker = "▶ " if state.phase is not Phase.OVER and seat == state.seat else "  "
        caption = f"{marker}Seat {seat + 1}  {progress(table, sheet)}"
        if seat in state.finished:
            caption += f"  #{state.finished.index(seat) + 1}"
        blocks.append([caption, *picture(table, sheet, ghost=True)])
    lines = []
    for start in range(0, len(blocks), 4):  # at most four beetles to a row
        lines.extend(side_by_side(blocks[start : start + 4]))
        lines.append("")
    match state.phase:
        case Phase.ROLL_OFF:
            rolls = ", ".join(
                f"seat {s + 1}: {r}" for s, r in zip(state.contenders, state.rolloff, strict=False)
            )
            seats = ", ".join(str(s + 1) for s in state.contenders)
            lines.append(f"Roll-off for the start among seats {seats}" + (f" ({rolls})" if rolls else ""))
        case Phase.PLAY:
            lines.append(f"Seat {state.seat + 1} to {'see the die' if state.rolled else 'roll'}")
        case Phase.OVER:
            lines.append("Game over: " + ", ".join(
                f"#{place + 1} seat {seat + 1}" for place, seat in enumerate(state.finished)))
    return "\n".join(lines)
