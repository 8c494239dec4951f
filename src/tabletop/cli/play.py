"""Terminal play: people type actions, bots answer, the board is drawn before each human turn (and,
with ``--coach``, the game's advice for that seat from its view: :meth:`Game.coach`)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tabletop.agents import Agent, Decision, HumanAgent, QuitGame, make_bot
from tabletop.core import CHANCE, SPECTATOR, Game, Record, State, TabletopError, winner_field, winners
from tabletop.core.coach import CoachAdvice
from tabletop.core.ending import Ending, ended_result
from tabletop.sim import play


def seat_agents(spec: str | None, game: Game[Any, Any], console: Console) -> tuple[list[Agent], list[str]]:
    """Agents from a seat list such as ``human,bot,hard``; default: one human, bots elsewhere."""
    players = game.num_players
    kinds = [k.strip().lower() for k in spec.split(",")] if spec else ["human"] + ["bot"] * (players - 1)
    if len(kinds) != players:
        raise TabletopError(f"--seats names {len(kinds)} seats but the game has {players} players")
    agents: list[Agent] = []
    for seat, kind in enumerate(kinds):
        if kind == "human":
            agents.append(HumanAgent(_asker(console), _teller(console), name=f"human {seat + 1}"))
            continue
        try:
            agents.append(make_bot(kind, game))
        except TabletopError:  # a bot that cannot play here (Cubulus's hard without its extra): its own words
            raise
        except ValueError as error:
            raise TabletopError(f"--seats: {error}, or human") from None
    return agents, [agent.name for agent in agents]


def _asker(console: Console) -> Any:
    def ask(decision: Decision) -> str:
        legal = decision.legal_actions
        hint = f"[{legal[0]}: press Enter]" if len(legal) == 1 else "(? lists the legal actions)"
        who = "What happened?" if decision.seat == CHANCE else f"Seat {decision.seat + 1}, your move"
        try:
            return console.input(Text(f"{who} {hint}: ", style="bold cyan"))
        except EOFError:
            raise QuitGame from None

    return ask


def _teller(console: Console) -> Any:
    return lambda message: console.print(Text(message, style="yellow"))


def board(state: State[Any], seat: int) -> str:
    """What ``seat`` sees, as the game draws it (:meth:`State.render`)."""
    return state.render(seat)


class _Showing:
    """A human agent that is shown the board before each of its decisions (and the coach's advice)."""

    def __init__(self, inner: Agent, console: Console, current: list[State[Any]], coach: bool = False) -> None:
        self.inner, self.name, self.console, self.current = inner, inner.name, console, current
        self.coach = coach

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        self.console.print()
        self.console.print(styled(board(self.current[0], max(decision.seat, 0))))
        legal = decision.legal_actions
        if 1 < len(legal) <= 20:
            self.console.print(Text("Legal: " + ", ".join(str(a) for a in legal), style="dim"))
        if self.coach and decision.seat >= 0:
            advice = decision.game.coach(decision.view, decision.seat)
            if advice is not None:
                self.console.print(coach_table(advice))
        return self.inner.choose(decision, rng)


COACH_ROWS = 15
"""The most rows of advice shown (the best first)."""
WORDS = {"hand": "hand", "crib": "crib", "net": "net", "value": "value", "score": "to score", "win": "to win",
         "points": "points", "gain": "gain", "line": "line", "aim": "aim"}
SIGNED = {"net", "value", "points", "gain"}


def coach_table(advice: CoachAdvice) -> Table | Text:
    """The coach's advice in English: the choices best first with their figures, the preferred one starred
    (Cubulus: the moves that lose or win by force; Beetle: every seat's chance of winning)."""
    if advice.kind == "roll":
        odds = ", ".join(f"seat {s + 1} {p:.1%}" for s, p in enumerate(advice.extra.get("win", [])))
        return Text(f"Coach: chances of winning — {odds}", style="magenta")
    if advice.kind == "move":
        losing = [a for a, f in advice.actions.items() if f.get("loses")]
        winning = [a for a, f in advice.actions.items() if f.get("wins")]
        lines = [f"Coach: suggested {advice.best}"]
        if winning:
            lines.append("wins by force: " + ", ".join(winning))
        if losing:
            lines.append(f"loses by force ({len(losing)} of {len(advice.actions)}): " + ", ".join(losing))
        return Text("\n".join(lines), style="magenta")
    rows = sorted(advice.actions, key=lambda a: -(advice.value(a) or 0.0))[:COACH_ROWS]
    keys = [k for k in WORDS if any(k in advice.actions[a] for a in rows) and k not in ("line", "aim")]
    table = Table(title=f"Coach: {advice.kind}", title_justify="left", title_style="magenta")
    table.add_column("choice")
    for key in keys:
        table.add_column(WORDS[key], justify="right")
    chances = {"score", "win"} | ({"gain"} if advice.unit == "chance" else set())
    for action in rows:
        figures = advice.actions[action]
        cells = [f"{float(figures[k]):.1%}" if k in chances else f"{float(figures[k]):+.2f}" if k in SIGNED
                 else f"{float(figures[k]):.2f}" if k in figures else "" for k in keys]
        table.add_row(("★ " if action == advice.best else "  ") + action, *cells)
    return table


def run(
    game: Game[Any, Any],
    agents: list[Agent],
    names: list[str],
    seed: int,
    console: Console,
    record_path: Path | None = None,
    delay: float = 0.0,
    chance_by_people: bool = False,
    coach: bool = False,
) -> Record:
    """Play one game in the terminal; return its record, saved to ``record_path`` if given.

    Quitting (``q`` or end of input) keeps the moves made so far in a partial record. ``coach``: each
    person is shown the game's advice for their seat before each decision.
    """
    humans = {i for i, agent in enumerate(agents) if isinstance(agent, HumanAgent)}
    current: list[State[Any]] = [game.initial_state()]
    seated: list[Agent] = [_Showing(a, console, current, coach) if i in humans else a for i, a in enumerate(agents)]
    actions: list[str] = []
    viewer = next(iter(humans)) if len(humans) == 1 else SPECTATOR  # hot-seat: one screen, what all may see

    def on_step(before: State[Any], action: Any, after: State[Any]) -> None:
        current[0] = after
        actions.append(str(action))
        line = before.describe(action)
        if line:
            console.print(Text("  " + line, style="dim" if before.is_chance else ""))
        for line in after.announcements(viewer):
            console.print(Text("    " + line, style="green"))
        if delay and humans and not before.is_chance and before.current_player not in humans:
            time.sleep(delay)

    try:
        entering = None
        if chance_by_people:
            entering = _Showing(HumanAgent(_asker(console), _teller(console), name="scorekeeper"), console, current)
        played = play(game, seated, seed, names=names, on_step=on_step, chance=entering)
    except QuitGame:
        console.print(Text("Game stopped.", style="yellow"))
        record = Record(game.name, dict(game.options), tuple(actions), {"seed": seed, "players": names})
        _save(record, record_path, console)
        return record
    console.print()
    console.print(styled(played.state.render()))
    console.print(result_line(played.state, names))
    _save(played.record, record_path, console)
    return played.record


def styled(text: str) -> Text:
    """A rendering with the parts still to draw dimmed and the marker of the player to move bold."""
    rich = Text(text)
    rich.highlight_regex(r"·+", "dim")
    rich.highlight_regex(r"▶ Seat \d+", "bold cyan")
    return rich


def result_line(state: State[Any], names: list[str] | None = None, ending: Ending | None = None) -> Text:
    """``Seat 2 (random) wins.``, a tie or a draw, for a finished game; how it ended when not by its
    rules (``Seat 2 resigned: seat 1 wins.``, ``Abandoned: no result.``)."""
    def seat(n: int) -> str:
        return f"Seat {n + 1}" + (f" ({names[n]})" if names and n < len(names) else "")

    if ending is not None and ending.cause != "finished":
        if not ending.has_result:
            return Text("Abandoned: no result.", style="bold")
        returns, _ = ended_result(state, ending)
        said = {"resigned": "resigned", "timed_out": "ran out of time", "claimed": "claimed the win"}[ending.cause]
        who = " and ".join(seat(n) for n in ending.seats)
        won = ", ".join(seat(n) for n in winners(returns))
        return Text(f"{who} {said}: {won} {'win' if ',' in won else 'wins'}.", style="bold green")
    winner = winner_field(state)
    if not state.is_terminal:
        return Text("The game is not finished.", style="yellow")
    if winner is None:
        return Text("Draw.", style="bold")
    if isinstance(winner, int):
        return Text(f"{seat(winner)} wins.", style="bold green")
    return Text("Tie between seats " + ", ".join(str(s + 1) for s in winner) + ".", style="bold")


def _save(record: Record, path: Path | None, console: Console) -> None:
    if path is None:
        return
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    console.print(Text(f"Record saved to {path}", style="dim"))
