"""Cribbage as text: hands, the pegging piles with the running count beside them, the pegboard
with both pegs of every side, the show's spoken count, and every event in English (the terminal's
words; the browser has its own). Reads states and events; never changes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import tabletop.games.cribbage.actions as act
from tabletop.core import Event, View
from tabletop.core.cards import Card
from tabletop.games.cribbage.phases import Phase
from tabletop.games.cribbage.scoring import Combination, Score, score_hand, value

if TYPE_CHECKING:
    from tabletop.games.cribbage.state import CribbageState

_TRACK = 60  # holes per circuit of the board for one side (C1)


def side_name(side: int, players: int) -> str:
    """``Seat 2`` or, with partners, ``Seats 1 & 3``."""
    if players == 4:
        return f"Seats {side + 1} & {side + 3}"
    return f"Seat {side + 1}"


def pegboard(pegs: list[dict[str, int]], target: int, players: int) -> list[str]:
    """Each side's 60-hole track as two rows of 30 (C1): ``●`` front peg, ``○`` rear peg (C2).

    A score past 60 goes round again (the lap is shown); the target itself is the game hole.

    >>> print("\\n".join(pegboard([{"front": 7, "rear": 3}], 121, 2)))
    Seat 1        7 ··○·│·●··│····┃····│····│····│  lap 1
                    ····│····│····┃····│····│····│
    """
    lines = []
    for side, peg in enumerate(pegs):
        front, rear = peg["front"], peg["rear"]
        holes = {_hole(rear): "○"} if rear > 0 else {}
        if 0 < front < target:
            holes[_hole(front)] = "●"
        rows = []
        for row in range(2):
            cells = []
            for k in range(1, _TRACK // 2 + 1):
                hole = row * 30 + k
                mark = "┃" if k == 15 else "│" if k % 5 == 0 else "·"
                cells.append(holes.get(hole, mark))
            rows.append("".join(cells))
        status = "● in the game hole" if front >= target else f"lap {(max(front, 1) - 1) // _TRACK + 1}"
        label = f"{side_name(side, players):<12}{front:>3}"
        lines.append(f"{label} {rows[0]}  {status}")
        lines.append(f"{'':<15} {rows[1]}")
    return lines


def _hole(score: int) -> int:
    """The hole (1–60) a score is pegged in: the track goes round twice to 121 (C1, C3)."""
    return (score - 1) % _TRACK + 1


def render_view(data: View) -> str:
    """A seat's view as the terminal shows it: board, piles and count, its hand, the show."""
    n = len(data["piles"])
    seat = data["seat"]
    lines = pegboard(data["pegs"], data["target"], n)
    if any(data["match_points"]) or data["games"]:
        lines.append("Match: " + ", ".join(f"{side_name(s, n)} {p}" for s, p in enumerate(data["match_points"])))
    crib = " ".join(data["crib"]) if data["crib"] else f"{data['crib_size']} cards"
    lines.append(f"Dealer: seat {data['dealer'] + 1}   Starter: {data['starter'] or '—'}   Crib: {crib}")
    if data["phase"] in ("play", "claim", "muggins") or any(data["piles"]):
        for s in range(n):
            you = " (you)" if s == seat else ""
            said = "  go" if s in data["passed"] else ""
            lines.append(f"  seat {s + 1}{you}: {' '.join(data['piles'][s]) or '—'}{said}")
        lines.append(f"  count {data['count']}: {' '.join(data['series']) or '(new series)'}")
    if data["hands_shown"] is not None:
        for s in range(n):
            lines.append(f"  hand of seat {s + 1}: {' '.join(data['hands_shown'][s])}")
    hand = sorted((Card.parse(c) for c in data["hand"]), key=lambda c: (c.rank, c.suit))
    lines.append(f"Your hand: {' '.join(c.symbol for c in hand) or '—'}"
                 + (f"   (laid away: {' '.join(data['discards'])})" if data["discards"] else ""))
    return "\n".join(lines)


_REASONS = {"play": "pegging", "last_card": "last card"}
"""A ``pegs`` event's ``why`` in the terminal's words, where they differ from the code."""

_DEALER = {"cut": "{who} has the lowest card and deals", "loser": "{who} lost the game and deals first in the next",
           "left": "the deal passes to {who}"}


def _symbols(cards: list[str]) -> str:
    return " ".join(Card.parse(c).symbol for c in cards)


def _seats(seats: list[int]) -> str:
    return ", ".join(str(s + 1) for s in seats)


def _win(players: int) -> str:
    return "win" if players == 4 else "wins"  # partners: "Seats 1 & 3 win"


def spoken(combinations: list[dict[str, Any]]) -> str:
    """A ``pegs`` event's combinations counted aloud (C19): ``fifteen two, and a pair is four``."""
    return Score(tuple(Combination(c["why"].replace("thirty_one", "thirty-one").replace("_", " "),
                                   tuple(Card.parse(card) for card in c["cards"]), c["points"])
                       for c in combinations)).spoken()


def event_text(event: Event, players: int) -> str:
    """An event in English: ``seat 2 pegs 4 (hand): fifteen two, and a pair is four``."""
    p = event.params
    who = f"seat {p['seat'] + 1}" if "seat" in p else ""
    match event.kind:
        case "pegs":
            said = f": {spoken(p['combinations'])}" if p.get("combinations") else ""
            return f"{who} pegs {p['points']} ({_REASONS.get(p['why'], p['why'])}){said}"
        case "cut":
            return f"{who} cuts {Card.parse(p['card']).symbol}"
        case "cut_tie":
            return f"seats {_seats(p['members'])} tie for the lowest card and cut again"
        case "dealer":
            return _DEALER[p["why"]].format(who=who)
        case "dealt":
            return f"{who} is dealt {Card.parse(p['card']).symbol}" if "card" in p else f"a card is dealt to {who}"
        case "crib_dealt":
            return "a card is dealt to the crib"
        case "discards":
            if "cards" in p:
                return f"{who} lays away {_symbols(p['cards'])} to the crib"
            return f"{who} lays away {p['count']} card{'s' if p['count'] > 1 else ''} to the crib"
        case "starter":
            return f"the starter is {Card.parse(p['card']).symbol}"
        case "plays":
            return f"{who} plays {Card.parse(p['card']).symbol}, count {p['count']}"
        case "go":
            return f"{who} says go"
        case "counts":
            starter = Card.parse(p["starter"]).symbol if p["starter"] else "?"
            said = f" (declares {p['declared']})" if "declared" in p else ""
            return f"{who} counts the {p['what']} {_symbols(p['cards'])} + {starter}{said}"
        case "claims":
            return f"{who} claims {p['declared']}"
        case "muggins":
            return f"{who} says muggins!"
        case "passes":
            return f"{who} lets it go"
        case "wins_game":
            skunk = {"skunk": ", a skunk", "double_skunk": ", a double skunk"}.get(p.get("skunk", ""), "")
            scores = "–".join(str(s) for s in p["scores"])
            match_ = f" (game {p['game']} of {p['games']}: match {'–'.join(str(m) for m in p['match_points'])})" \
                if p["games"] > 1 else ""
            return f"{side_name(p['side'], players)} {_win(players)} the game {scores}{skunk}{match_}"
        case "wins_match":
            points = "–".join(str(m) for m in p["match_points"])
            return f"{side_name(p['side'], players)} {_win(players)} the match {points}"
        case "match_tied":
            points = "–".join(str(m) for m in p["match_points"])
            return f"the match is tied {points} between {', '.join(side_name(s, players) for s in p['sides'])}"
    return f"{event.kind}: {', '.join(f'{k}={v}' for k, v in p.items())}"


def render_state(state: CribbageState, seat: int | None) -> str:
    """The whole table (every hand face up) or, with a seat, that seat's view."""
    if seat is not None:
        return render_view(state.view(seat))
    n = state.game.num_players
    data = state.view(0)
    lines = [render_view(data).rsplit("\n", 1)[0]]
    for s in range(n):
        lines.append(f"  seat {s + 1} holds {' '.join(str(c) for c in state.hands[s]) or '—'}")
    lines.append(f"Phase: {state.phase.value}" + (f", seat {state.to_move + 1} to move"
                                                   if not state.is_chance and not state.is_terminal else ""))
    return "\n".join(lines)


def describe(state: CribbageState, action: Any) -> str:
    """One line for the move log, saying the count and what scored ("" for a card dealt)."""
    seat = f"seat {state.to_move + 1}"
    match action:
        case act.Cut(card):
            return f"seat {state.cutters[len(state.cuts)] + 1} cuts {card.symbol}"
        case act.Deal():
            return ""  # twelve or more lines saying "a card is dealt" help nobody
        case act.Starter(card):
            heels = " — two for his heels to the dealer" if card.rank == 11 else ""
            return f"the starter is {card.symbol}{heels}"
        case act.Discard(cards):
            return f"{seat} lays away {len(cards)} card{'s' if len(cards) > 1 else ''} to the crib"
        case act.Play(card):
            return f"{seat} plays {card.symbol}, count {state.count + value(card)}"
        case act.Go():
            return f"{seat} says go"
        case act.Count(declared):
            starter = state.starter
            is_crib = state.show_step >= state.game.num_players
            counted = state.crib if is_crib else state.kept[state.to_move]
            score = score_hand(counted, starter, crib=is_crib)
            shown = " ".join(c.symbol for c in counted)
            said = "" if declared is None else f" (declares {declared})"
            what = "the crib" if is_crib else "the hand"
            return f"{seat} counts {what} {shown} + {starter.symbol if starter else '?'}: {score.spoken()}{said}"
        case act.Claim(declared):
            return f"{seat} claims {declared}"
        case act.Muggins():
            return f"{seat} says muggins!"
        case act.Pass():
            return f"{seat} lets it go"
    return f"{seat}: {action}"


__all__ = ["Phase", "describe", "pegboard", "render_state", "render_view"]
