"""``tabletop cribbage …``: Cribbage's own tools — score a hand, the score distribution, discard advice.

Cards are written rank then suit, in any case: ``5H``, ``TD`` or ``10D``, ``K♣``. Bad input is one
red line on stderr and exit code 2; ``--json`` prints machine-readable figures on stdout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tabletop.cli.output import PLAIN_HELP, fail, print_columns, print_wrapped
from tabletop.cli.output import console as make_console

cribbage_app = typer.Typer(help="Cribbage tools: score a hand, score odds, discard advice.", no_args_is_help=True,
                         rich_markup_mode=PLAIN_HELP)
console = make_console(highlight=False)

CardsArgument = Annotated[list[str], typer.Argument(help="cards, e.g. 5H 5C 5S JD (rank A 2-9 T/10 J Q K, suit CDHS)",
                                                    show_default=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="print the result as JSON")]



@cribbage_app.command()
def score(
    cards: CardsArgument,
    starter: Annotated[str | None, typer.Option(help="the starter card, counted as a fifth card")] = None,
    crib: Annotated[bool, typer.Option("--crib", help="count as the crib: only a five-card flush scores")] = False,
    as_json: JsonOption = False,
) -> None:
    """Count a hand (or crib) with the starter, every combination itemised (C13, C19)."""
    import json

    from tabletop.core.cards import Card, parse_cards
    from tabletop.core.errors import TabletopError
    from tabletop.games.cribbage.scoring import score_hand

    try:
        if starter is None:
            raise TabletopError("--starter is missing: the show counts the starter as a fifth card")
        hand = parse_cards(cards)
        cut = Card.parse(starter)
        result = score_hand(hand, cut, crib)  # four distinct cards and a starter not among them (C13)
    except ValueError as error:
        raise fail(str(error)) from None
    if as_json:
        typer.echo(json.dumps({"hand": [str(card) for card in hand], "starter": str(cut), "crib": crib,
                               **result.to_data()}, ensure_ascii=False, indent=2))
        return
    what = "Crib" if crib else "Hand"
    title = f"{what} {' '.join(card.symbol for card in hand)}, starter {cut.symbol}: {result.total}"
    rows = [(combo.kind, " ".join(card.symbol for card in combo.cards), str(combo.points))
            for combo in result.combinations]
    print_columns(title, ("combination", "cards", "points"), rows, total=("total", "", str(result.total)),
                  right=frozenset({2}))
    spoken = result.spoken()
    print_wrapped(spoken[:1].upper() + spoken[1:] + ".")


@cribbage_app.command()
def distribution(
    crib: Annotated[bool, typer.Option("--crib", help="count as cribs: only five-card flushes score")] = False,
    as_json: JsonOption = False,
) -> None:
    """How often each score occurs over all 12,994,800 (hand, starter) deals: exact counts (C20)."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help

    from tabletop.games.cribbage.analysis import DEALS, hand_distribution

    counts = hand_distribution(crib)
    if as_json:
        typer.echo(json.dumps({str(points): count for points, count in counts.items()}, indent=2))
        return
    mean = sum(points * count for points, count in counts.items()) / DEALS
    grid = Table(title=f"{'Crib' if crib else 'Hand'} scores over all {DEALS:,} deals (mean {mean:.4f})",
                 title_justify="left")
    for column in ("score", "deals", "share"):
        grid.add_column(column, justify="right")
    for points, count in counts.items():
        grid.add_row(str(points), f"{count:,}", f"{count / DEALS:.4%}", style="dim" if not count else "")
    console.print(grid)


@cribbage_app.command()
def discard(
    cards: CardsArgument,
    dealer: Annotated[bool | None, typer.Option("--dealer/--pone", help="whose crib it is: yours or the other side's",
                                                show_default=False)] = None,
    exact_crib: Annotated[bool, typer.Option("--exact-crib", help="value the crib with your kept cards out of "
                                             "the pack, instead of the classic tables")] = False,
    as_json: JsonOption = False,
) -> None:
    """Every way to throw to the crib, best first: expected hand, expected crib and net points."""
    import json

    from rich.table import Table  # loaded by the commands that print one, not by --help
    from rich.text import Text

    from tabletop.core.cards import parse_cards
    from tabletop.core.errors import TabletopError
    from tabletop.games.cribbage.analysis import discard_analysis

    try:
        if dealer is None:
            raise TabletopError("say whose crib it is: --dealer (yours) or --pone (the other side's)")
        hand = parse_cards(cards)
        options = discard_analysis(hand, dealer, "exact" if exact_crib else "table")
    except ValueError as error:
        raise fail(str(error)) from None
    if as_json:
        typer.echo(json.dumps([option.to_data() for option in options], indent=2))
        return
    sign = "+" if dealer else "−"
    grid = Table(title=f"Throwing from {' '.join(card.symbol for card in hand)} as "
                 f"{'dealer' if dealer else 'pone'}: net = hand {sign} crib", title_justify="left")
    for column in ("throw", "keep", "hand", "hand range", "crib", "net"):
        grid.add_column(column, justify="left" if column in ("throw", "keep") else "right")
    for option in options:
        grid.add_row(" ".join(card.symbol for card in option.discard), " ".join(card.symbol for card in option.keep),
                     f"{option.hand:.2f}", f"{option.hand_min}–{option.hand_max}", f"{option.crib:.2f}",
                     f"{option.net:+.2f}")
    console.print(grid)
    starters = 52 - len(hand)
    crib_note = ("exact, with your kept cards out of the pack" if exact_crib
                 else "classic tables (your kept cards not taken out of the pack)")
    console.print(Text(f"Hand: exact mean over the {starters} unseen starters. Crib: {crib_note}; the rest of "
                       "the crib and the starter random among the unseen cards.", style="dim"))


@cribbage_app.command()
def tables(
    output: Annotated[Path | None, typer.Option(
        help="where to write [default: crib_expectations.json in tabletop's user data folder]",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print where it wrote and what, as JSON")] = False,
) -> None:
    """Rebuild the crib expectation tables (expected crib points by the cards thrown)."""
    import json
    import time

    from tabletop.cli.paths import default_crib_tables
    from tabletop.games.cribbage.crib_tables import write_tables

    start = time.perf_counter()
    target = output or default_crib_tables()  # never over the installed package's own file
    try:
        path = write_tables(target)
    except OSError as error:
        raise fail(f"cannot write {target}: {error.strerror}") from None
    if as_json:
        typer.echo(json.dumps({"output": str(path), "two_card": 169, "one_card": 13,
                               "seconds": round(time.perf_counter() - start, 3)}))
        return
    console.print(f"Wrote 169 two-card and 13 one-card crib expectations to {path} "
                  f"in {time.perf_counter() - start:.2f} s.")
