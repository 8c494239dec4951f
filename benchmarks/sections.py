"""A benchmark section as data: a titled table of figures already formatted, and a note on how they
were measured.

Every module of ``make bench`` returns :class:`Section` values and measures nothing twice: the
console (:func:`to_rich`) and ``benchmarks/REPORT.md`` (``report.py``) render the same rows. The
formatters here keep numbers alike across sections (thousands separators for rates, milliseconds
with as many decimals as they need, ratios with ×).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the report; ``key`` names its topic for ``--only`` / ``--skip``."""

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""  #: how the figures were measured, one paragraph

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"{self.title}: row {row} has {len(row)} cells for {len(self.columns)} columns")


def rate(per_second: float) -> str:
    """A rate: whole numbers with thousands separators, three significant digits below 100.

    >>> rate(1_293_114.2), rate(62.4), rate(0.5)
    ('1,293,114', '62.4', '0.5')
    """
    return f"{per_second:,.0f}" if per_second >= 100 else f"{per_second:.3g}"


def ms(milliseconds: float) -> str:
    """Milliseconds with the decimals a small figure needs.

    >>> ms(1033.62), ms(35.81), ms(0.3), ms(0.0123), ms(0.0)
    ('1,034', '35.8', '0.30', '0.012', '0')
    """
    if milliseconds == 0:
        return "0"
    if milliseconds >= 100:
        return f"{milliseconds:,.0f}"
    if milliseconds >= 10:
        return f"{milliseconds:.1f}"
    if milliseconds >= 0.1:
        return f"{milliseconds:.2f}"
    return f"{milliseconds:.2g}"


def ratio(ours: float, theirs: float) -> str:
    """``ours / theirs`` as a factor.

    >>> ratio(3.0, 4.0)
    '0.75×'
    """
    return f"{ours / theirs:.2f}×" if theirs else "–"


def to_rich(section: Section) -> Table:
    """The section as a rich table for the console: the first column left, figures right."""
    table = Table(title=section.title, title_justify="left", caption=section.note or None, caption_justify="left")
    for i, column in enumerate(section.columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    for row in section.rows:
        table.add_row(*row)
    return table
