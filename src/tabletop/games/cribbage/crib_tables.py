"""Crib expectations behind the cribbage analyses, and the tables of them the package ships.

Crib expectations answer "what will this crib be worth, on average, once these cards are in it?".
The model: the crib cards one player knows (the one or two they throw) are fixed, the cards that
player has seen elsewhere (``seen``, e.g. their kept hand) are out, and the rest of the crib and the
starter are uniformly random among the unseen cards — as if the other players threw at random.
:func:`crib_tally` gives that expectation exactly (integer points over integer deals), counting by
rank pattern the number of ways to pick the cards, plus exact counts of five-card flushes and nobs.

The shipped tables (``data/crib_expectations.json``) use the classic published model: only the
thrown cards are seen (the thrower's kept cards are ignored), so they can be keyed by the two ranks
and whether the two cards are suited (two players), or by one rank (three or four players, where
each throws one card and three crib cards are unknown). ``tabletop cribbage tables`` rebuilds them
with :func:`write_tables`; :func:`crib_tables` loads them once, on first use.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from tabletop.core.cards import DECK, RANKS, Card
from tabletop.core.errors import TabletopError, list_allowed
from tabletop.games.cribbage.layout import JACK
from tabletop.games.cribbage.show import pattern_table

TABLES_FILE = Path(__file__).parent / "data" / "crib_expectations.json"
"""The shipped crib expectation tables."""

MODEL = ("The other crib cards and the starter are uniformly random among the cards the thrower has not "
         "seen; only the thrown cards count as seen (the thrower's kept hand is ignored, as in the classic "
         "published tables). Means are points / deals, both exact integers.")


class Tally(NamedTuple):
    """An exact expectation: total points over a number of equally likely deals."""

    points: int
    deals: int

    @property
    def mean(self) -> float:
        """Points per deal."""
        return self.points / self.deals


@cache
def _repeats(unknown: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """All rank tuples of length ``unknown`` (as rows) and, per position, how often its rank came before."""
    grid = np.indices((13,) * unknown).reshape(unknown, -1).astype(np.int64)
    before = np.zeros_like(grid)
    for i in range(unknown):
        for j in range(i):
            before[i] += grid[j] == grid[i]
    return grid, before


def _ordered_ways(available: NDArray[np.int64], unknown: int) -> NDArray[np.int64]:
    """For every ordered tuple of ranks, the number of ordered ways to pick distinct unseen cards with them."""
    grid, before = _repeats(unknown)
    # A factor below zero only follows a factor of zero, so the product is never negative.
    ways: NDArray[np.int64] = (available[grid] - before).prod(axis=0).reshape((13,) * unknown)
    return ways


def crib_tally(known: Sequence[Card], seen: Sequence[Card] = ()) -> Tally:
    """The crib's exact expectation given the 1–4 crib cards one knows, the rest and the starter random.

    ``seen`` are other cards the player knows are not in the crib or the starter (their kept hand).

    Raises:
        TabletopError: a card given twice, or not 1–4 known crib cards.
    """
    gone = [*known, *seen]
    if len(set(gone)) != len(gone):
        raise TabletopError("a card is given twice; a pack has one of each card")
    if not 1 <= len(known) <= 4:
        raise TabletopError(f"{len(known)} known crib cards: a crib holds 4, and 1–4 may be known")
    unknown = 5 - len(known)  # the rest of the crib and the starter
    unseen = 52 - len(gone)
    available = np.full(13, 4, dtype=np.int64)
    suit_left = [13] * 4
    for card in gone:
        available[card.rank - 1] -= 1
        suit_left[card.suit] -= 1
    rest = unknown - 1  # unknown crib cards, unordered; the starter is told apart
    deals = math.comb(unseen, rest) * (unseen - rest)
    patterns = pattern_table(5)[tuple(card.rank - 1 for card in known)].astype(np.int64)
    points = int((patterns * _ordered_ways(available, unknown)).sum()) // math.factorial(rest)
    if len({card.suit for card in known}) == 1:  # five-card flush, the only flush a crib scores
        left = suit_left[known[0].suit]
        points += 5 * math.comb(left, rest) * max(left - rest, 0)
    for suit in range(4):  # nobs: the jack of the starter's suit in the crib
        jack = DECK[JACK * 4 + suit]
        if jack in known:
            points += suit_left[suit] * math.comb(unseen - 1, rest)
        elif jack not in seen and rest >= 1:
            points += (suit_left[suit] - 1) * math.comb(unseen - 2, rest - 1)
    return Tally(points, deals)


def discard_key(discard: Sequence[Card]) -> str:
    """The table key of one or two thrown cards: ranks low to high, ``s`` when suited (``5Js``, ``55``, ``7``)."""
    if len(discard) == 1:
        return RANKS[discard[0].rank - 1]
    if len(discard) != 2 or discard[0] == discard[1]:
        raise TabletopError(f"{' '.join(map(str, discard))}: a throw to the crib is one card or two different cards")
    low, high = sorted(discard)
    return RANKS[low.rank - 1] + RANKS[high.rank - 1] + ("s" if low.suit == high.suit else "")


def _representatives() -> dict[str, tuple[Card, ...]]:
    """One throw for every table key (the model is the same under any relabelling of the suits)."""
    throws: dict[str, tuple[Card, ...]] = {}
    for low, high in combinations_with_replacement(range(1, 14), 2):
        throws[discard_key((Card(low, 0), Card(high, 1)))] = (Card(low, 0), Card(high, 1))
        if low != high:
            throws[discard_key((Card(low, 0), Card(high, 0)))] = (Card(low, 0), Card(high, 0))
    for rank in range(1, 14):
        throws[RANKS[rank - 1]] = (Card(rank, 0),)
    return {key: tuple(DECK[card.index] for card in cards) for key, cards in throws.items()}


def build_tables() -> dict[str, Any]:
    """The crib expectation tables as JSON-ready data: 169 two-card throws and 13 one-card throws."""
    data: dict[str, Any] = {"about": "Expected crib points by the cards thrown to it (cribbage rule C13).",
                            "model": MODEL}
    for section, size in (("pairs", 2), ("singles", 1)):
        entries: dict[str, Any] = {}
        deals = 0
        for key, throw in _representatives().items():
            if len(throw) == size:
                tally = crib_tally(throw)
                deals = tally.deals
                entries[key] = {"points": tally.points, "mean": round(tally.mean, 4)}
        data[section] = {"deals": deals, "entries": entries}
    return data


def write_tables(path: Path | None = None) -> Path:
    """Rebuild the crib tables and write them (by default over the shipped file); returns the path."""
    target = TABLES_FILE if path is None else path
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(build_tables(), indent=1)
    text = re.sub(r'\{\s+("points": \d+),\s+("mean": [0-9.]+)\s+\}', r"{\1, \2}", text)  # an entry a line
    target.write_text(text + "\n", encoding="utf-8")
    crib_tables.cache_clear()
    return target


def read_tables(path: Path) -> dict[str, Tally]:
    """The tallies of a tables file, by key.

    Raises:
        TabletopError: the file cannot be read or lacks entries (rebuild it with ``tabletop cribbage tables``).
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tallies = {key: Tally(int(entry["points"]), int(data[section]["deals"]))
                   for section in ("pairs", "singles") for key, entry in data[section]["entries"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise TabletopError(f"cannot read the crib tables {path} ({error}); "
                            "rebuild them with `tabletop cribbage tables`") from None
    missing = [key for key in _representatives() if key not in tallies]
    if missing:
        raise TabletopError(f"the crib tables {path} lack {list_allowed(missing, limit=5)}; "
                            "rebuild them with `tabletop cribbage tables`")
    return tallies


@cache
def crib_tables() -> dict[str, Tally]:
    """The shipped crib tables, read once on first use."""
    return read_tables(TABLES_FILE)


def expected_crib(discard: Sequence[Card]) -> float:
    """Expected crib points for one or two thrown cards, from the shipped tables (classic model)."""
    return crib_tables()[discard_key(discard)].mean
