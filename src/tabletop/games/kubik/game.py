"""Kubik as the registry lists it: its spec and options (teams, field, where outcomes come from),
bound to its state, notation, text, encoding and bots.

The options are checked and turned once into what every state reads from its game — the team sizes,
the field, each seat's skill, the thrower's grid — so a state carries only what changes during a game
(:mod:`.state`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property, partial
from itertools import product
from typing import TYPE_CHECKING, Any

from tabletop.core import (
    Agent,
    Capability,
    Chance,
    Event,
    Game,
    GameSpec,
    IllegalActionError,
    Option,
    OptionError,
    Pool,
    TabletopError,
    View,
)
from tabletop.core.extras import available
from tabletop.games.kubik.actions import KubikAction, Outcome, ThrowChoice, parse_action
from tabletop.games.kubik.encoding import KubikEncoding
from tabletop.games.kubik.expert import KubikExpert
from tabletop.games.kubik.field import AIMS, POSITIONS, POWERS, SMALL_EDGE, SPINS, START, Field, Throw
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.render import event_text
from tabletop.games.kubik.state import KubikState
from tabletop.games.kubik.stats import FIGURES
from tabletop.games.kubik.views import pose_from_view, score_from_view

if TYPE_CHECKING:
    from tabletop.core.coach import CoachAdvice
    from tabletop.core.record import Record
    from tabletop.core.statistics import SeatStatistics


def _check_teams(value: object) -> str:
    text = str(value).replace(" ", "")
    if text == "":
        return ""
    parts = text.split("+")
    if len(parts) != 2 or not all(p.isdigit() and 1 <= int(p) <= 8 for p in parts):
        raise ValueError(f"teams={value!r}: write the two team sizes as A+B, each 1–8, e.g. 3+2")
    return text


def _check_edge(value: object) -> str:
    text = str(value).strip().lower().removesuffix("cm").strip()
    if text == "small":
        return "small"
    try:
        edge = float(text)
    except ValueError:
        raise ValueError(f"cube_edge={value!r}: give the edge in cm (3–30) or the preset small") from None
    if not 3 <= edge <= 30:
        raise ValueError(f"cube_edge={value!r}: the edge must be 3–30 cm (or the preset small)")
    return f"{edge:g}"


def _check_skills(value: object) -> str:
    text = str(value).replace(" ", "")
    if text == "":
        return ""
    try:
        skills = [float(s) for s in text.split(",")]
    except ValueError:
        raise ValueError(f"skills={value!r}: a comma-separated list of numbers 0–1, one per player") from None
    if not all(0 <= s <= 1 for s in skills):
        raise ValueError(f"skills={value!r}: every skill must be between 0 and 1")
    return ",".join(f"{s:g}" for s in skills)


SIMULATION_CAP = 200
"""The throw limit of a simulated game (physics or calibrated) whose table names none: a safety cap, since
bots and random agents can keep missing and a game between them need never reach a target (K11). A
scorekeeper game — people on a real field — has no cap unless its table sets one."""

SPEC = GameSpec(
    name="kubik",
    title="Kubik (Игра с кубиком)",
    description=(
        "A folk outdoor team game: throw a bat at a die-marked wooden cube in a circle and knock it "
        "out; the face on top scores, a miss costs five, and the first team to 30 wins. Throws are "
        "simulated in 3D physics, or entered by hand as a scorekeeper for a real field."
    ),
    min_players=2,
    max_players=16,
    default_players=4,
    chance=Chance.SAMPLED,
    exact_options=(("throws", "calibrated"),),  # K20b: the calibrated model lists each throw's outcomes
    hidden_information=False,
    utility=(-1.0, 1.0),
    max_length=None,
    options=(
        Option("teams", "", "team sizes A+B (each 1–8, e.g. 3+2); default: players split evenly (K18)",
               kind=str, check=_check_teams, example="3+2"),
        Option("throws", "physics", "where outcomes come from: physics, calibrated model, or manual (K20)",
               kind=str, choices=("physics", "calibrated", "manual")),
        Option("target", 30, "points to win, checked after every scored event (K11, K16)", kind=int,
               minimum=5, maximum=500),
        Option("interception", False, "the interception variant (K12–K15, K19)", kind=bool),
        Option("hold_back", False, "with interception: a declared interceptor may hold back at the crossing (no "
               "throw, no fine) — an extension: in the seed who stands must throw (K19)", kind=bool),
        Option("line_width", 5.0, "width of the boundary line in cm, centred on the circle; a cube touching "
               "it scores nothing (K9a)", kind=float, minimum=0.0, maximum=20.0),
        Option("recentre", False, "a cube that stays in goes back to the small circle (K17)", kind=bool),
        Option("cube_edge", "15", "cube edge in cm, or the preset small (4.2 cm) (K1a)", kind=str,
               check=_check_edge, presets=(("standard", "15"), ("small", "small"))),
        Option("distance", 6, "steps from the circle to the throwing lines (K3)", kind=int, minimum=5, maximum=7),
        Option("skill", 0.7, "every player's skill, 0 (wild) to 1 (perfect)", kind=float, minimum=0.0,
               maximum=1.0),
        Option("skills", "", "per-player skills in seat order (A1, A2, …, B1, …), comma-separated", kind=str,
               check=_check_skills, example="0.7,0.5,0.9,0.6"),
        Option("max_throws", SIMULATION_CAP, "a safety cap: the game ends after this many throws, the higher "
               "score winning; 0 is none. A game people play, and a scorekeeper's, has none (it ends by the rules, "
               "K11); a simulation 200 unless given (bots and random agents can miss for ever)", kind=int,
               minimum=0, maximum=5000),
    ),
    rules="kubik.md",
    # 2 (December 2026): a declared interceptor must throw (K19; holding back is the option
    # hold_back), a crossed throw nobody hit ends by turf noise drawn after the interceptor's throw, and
    # a scorekeeper game has no throw limit. Kubik.upgrade keeps rules 1 as played.
    rules_version=2,
    people_options=(("max_throws", 0),),  # a game people play ends only by the rules (K11)
    events=(
        "lot",  # K5: which team throws first {team}
        "stands", "nobody_stands",  # K13, K19: the other team's declaration {seat, player, team} / {team}
        "throw", "throw_real",  # K6, K20: the thrower's choice {seat, player, team, line, pos, aim, power, spin}
        "miss", "cube_in", "cube_out", "cross",  # K7, K9, K12, K19: what the throw did
        "strike", "hold",  # K19: the interceptor at the crossing
        "intercept_hit", "intercept_miss",  # K14, K15: what the interception did
        "points",  # K7, K9, K14, K15: {team, points, why, score} (+ top when a face scored)
        "recentred",  # K17: a cube that stayed in goes back to the small circle {top}
        "throw_limit",  # the game's last throw (max_throws, a simulation's cap) {throws}
    ),
    errors=(
        "teams_players", "team_size", "skills_players", "physics_missing",  # K18, K20b: options
        "not_outcome", "outcome_kind", "outcome_form",  # K7, K9, K12, K19: what may be entered {legal, simulated}
        "outcome_mode",  # K20, K20b: an outcome this table's throws= never produces {option, throws, legal}
        "seen_not_simulated", "seen_after_seen", "simulation_mismatch",  # K20: outcomes people saw, the physics'
    ),
    capabilities=frozenset({Capability.PRESENTATION, Capability.MOTION, Capability.COACH, Capability.ENCODING,
                            Capability.STATISTICS}),
    statistics=FIGURES,  # outs, misses (K7, K9), interceptions (K13–K15, K19), chance lost to the policy (.stats)
    # simulated throws (K20, K20b), one pool per team size, even teams of the default skill (K18): a real
    # field's scorekeeping (throws=manual) and uneven sides are never rated; the safety cap may be on or off
    pools=tuple(Pool(f"kubik-{size}v{size}", f"Kubik, {size} against {size}, simulated throws",
                     (("players", (2 * size,)), ("teams", ("", f"{size}+{size}")),
                      ("throws", ("physics", "calibrated")), ("max_throws", (0, 200))))
                for size in (1, 2, 3, 4)),
)


class Kubik(Game[KubikState, KubikAction]):
    """Kubik with fixed options: the teams, the field and where outcomes come from."""

    spec = SPEC
    encoding_type = KubikEncoding
    """The grid's throws, ``throw``, ``pass``, interceptions, ``strike``/``hold`` as indices, outcome classes
    as chance outcomes, views as vectors (:mod:`.encoding`)."""

    def __init__(self, **options: Any) -> None:
        if ("max_throws" not in options and str(options.get("throws", "")).strip() == "manual"
                and SPEC.rules_option.validate(options.get("rules", SPEC.rules_version)) == SPEC.rules_version):
            options["max_throws"] = 0  # a real field's game ends by the rules alone (K11), unless its table says
        super().__init__(**options)
        n = self.num_players
        teams = self.options["teams"]
        a, b = (int(t) for t in teams.split("+")) if teams else ((n + 1) // 2, n // 2)
        if a + b != n:
            raise OptionError(f"teams={teams} makes {a + b} players but players={n}", code="teams_players",
                              params={"teams": teams, "count": a + b, "players": n})
        if not (1 <= a <= 8 and 1 <= b <= 8):
            raise OptionError(f"players={n}: each team has 1–8 players (K18); give teams=A+B", code="team_size",
                              params={"players": n})
        self.team_sizes = (a, b)
        edge = self.options["cube_edge"]
        self.field = Field(float(self.options["distance"]), SMALL_EDGE if edge == "small" else float(edge) / 100,
                           float(self.options["line_width"]) / 100)
        skills = self.options["skills"]
        self.skills = tuple(float(s) for s in skills.split(",")) if skills else (self.options["skill"],) * n
        if len(self.skills) != n:
            raise OptionError(f"skills lists {len(self.skills)} players but there are {n}", code="skills_players",
                              params={"count": len(self.skills), "players": n})
        self.labels = tuple(self.label(s) for s in range(n))
        self.mode: str = self.options["throws"]

    @classmethod
    def upgrade(cls, rules: int, options: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
        """Rules 1 (before December 2026) as played: an interceptor could always hold back, and every
        game ended after 200 throws unless its table said otherwise."""
        notes = []
        if "max_throws" not in options:
            options["max_throws"] = 200
            notes.append("rules 1: a game ended after 200 throws, the higher score winning (max_throws=200)")
        if "hold_back" not in options:
            options["hold_back"] = True
            notes.append("rules 1: a declared interceptor could hold back at the crossing (hold_back=true)")
        return options, tuple(notes)

    @property
    def chance_entered_by_people(self) -> bool:
        """K20: in scorekeeper mode the people enter what each throw did."""
        return self.mode == "manual"

    def event_text(self, event: Event) -> str:
        """An event in English, for the terminal (:func:`tabletop.games.kubik.render.event_text`)."""
        return event_text(event)

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """Kubik's experts: throws chosen against the calibrated model, interceptions by
        expected value; see :mod:`tabletop.games.kubik.expert`."""
        return {level: partial(KubikExpert, level) for level in ("easy", "normal", "hard")}

    def coach(self, view: View, seat: int, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> CoachAdvice | None:
        """Each line and aim's best throw with its chance to score and to win; the interception
        decisions' gains (:mod:`.coach`). The grid is rated whole: ``budget`` is not needed."""
        from tabletop.games.kubik.coach import coach

        return coach(self, view, seat, include, seed)

    def seat_statistics(self, record: Record, seat: int, seconds: float | None = None) -> SeatStatistics:
        """Outs, misses, interceptions stood, tried and hit, and the chance to win each throw lost against the
        winning policy (:mod:`.stats`)."""
        from tabletop.games.kubik.stats import seat_statistics

        return seat_statistics(self, record, seat, seconds)

    def seat_sides(self) -> tuple[tuple[int | str, tuple[int, ...]], ...]:
        """Team A and team B with their seats (K10): a team wins or loses together (K11)."""
        return tuple(("AB"[team], members) for team, members in enumerate(self.seats))

    def team_of(self, seat: int) -> int:
        """0 for team A (seats 0…a−1), 1 for team B."""
        return 0 if seat < self.team_sizes[0] else 1

    @cached_property
    def seats(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each team's seats in throwing order (K10, K18): ``seats[team][index]`` is :meth:`seat`."""
        a, b = self.team_sizes
        return tuple(range(a)), tuple(range(a, a + b))

    def seat(self, team: int, index: int) -> int:
        """The seat of a team's ``index``-th player (0-based)."""
        return index if team == 0 else self.team_sizes[0] + index

    def label(self, seat: int) -> str:
        """``A1``, ``B2``…: team letter and place in the team's throwing order."""
        team = self.team_of(seat)
        return f"{'AB'[team]}{seat - (0 if team == 0 else self.team_sizes[0]) + 1}"

    def seat_label(self, seat: int) -> str:
        """Messages name a seat as the notation and the log name its player (K18): ``B1``."""
        return self.label(seat)

    @cached_property
    def throw_choices(self) -> tuple[ThrowChoice, ...]:
        """Every throw on the grid (K6; docs/kubik.md)."""
        return tuple(ThrowChoice(Throw(line, p, a, w, s))
                     for line, p, a, w, s in product("AB", POSITIONS, AIMS, POWERS, SPINS))

    @property
    def throw_limit(self) -> int | None:
        """The throw after which a game stops, the higher score winning (``max_throws``); None where a
        game ends only by the rules (K11): a scorekeeper's, unless its table sets a cap."""
        return int(self.options["max_throws"]) or None

    @property
    def interception(self) -> bool:
        """The interception variant is on (K12–K15, K19)."""
        return bool(self.options["interception"])

    def initial_state(self) -> KubikState:
        """K4, K5: the cube in the centre with 1 up; the lot decides who throws first.

        Raises:
            OptionError: for throws=physics where MuJoCo is not installed (the core install): a game
                cannot start that could not throw, and the calibrated model is offered instead. The
                game itself loads (its spec, options and bots are there to list) — only play needs it.
        """
        if self.mode == "physics" and not available("mujoco"):
            raise OptionError("throws=physics needs MuJoCo, which is not installed: pip install 'tabletop[physics]'; "
                              "or choose throws=calibrated (the calibrated model, K20b), which plays without it",
                              code="physics_missing")
        return KubikState(self, Phase.LOT, 0, (0, 0), (0, 0), START, 0)

    def refusal(self, state: KubikState, action: KubikAction) -> IllegalActionError | None:
        """Why an outcome is refused: its kind, its form, this table's ``throws``, or — simulated — what the
        simulation gives for its noise instead (K20, K20b); None for the generic refusal of a choice."""
        judged = state.phase in (Phase.THROW, Phase.INTERCEPT, Phase.REST) and isinstance(action, Outcome)
        reason = state.outcome_refusal(action) if judged else None
        return None if reason is None else reason.error(action)

    def parse_action(self, text: str) -> KubikAction:
        """Kubik notation: see :mod:`tabletop.games.kubik.actions`."""
        return parse_action(text, {label: seat for seat, label in enumerate(self.labels)})

    def state_from_view(self, view: View, rng: random.Random) -> KubikState:
        """The whole field is public: a view rebuilds its state exactly."""
        try:
            pending = view["pending"]
            return KubikState(
                self,
                Phase(view["phase"]),
                int(view["team"]),
                tuple(int(i) for i in view["next_index"]),  # type: ignore[arg-type]
                tuple(int(s) for s in view["scores"]),  # type: ignore[arg-type]
                pose_from_view(view["cube"]),
                int(view["throws"]),
                None if view["throw"] is None else self.parse_action(view["throw"]),  # type: ignore[arg-type]
                None if pending is None else self.parse_action(pending),  # type: ignore[arg-type]
                None if view["interceptor"] is None else int(view["interceptor"]),
                tuple(score_from_view(e) for e in view["scored"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise TabletopError(f"not a view of this Kubik game: {error}") from None


