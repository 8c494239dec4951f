"""Ratings on a simulated ladder (issue #46): do the bot levels' ratings come out in their known order, how
soon, and how many rated games take a newcomer out of provisional.

No live games: each pool's results are drawn from the measured win rates between its bot levels
(:data:`MEASURED`, each with where it comes from). A Plackett–Luce strength (Bradley–Terry with two seats)
is fitted to each pool's measurements (:func:`fit`): at a table a seat wins with its worth ``exp(strength)``
over the table's total. Simulated people have known strengths spread evenly from one unit (a factor e in
worth) below the weakest level to one above the strongest. A ladder of :data:`ACCOUNTS` accounts — one a bot
level, the rest people — plays :data:`ROUNDS` rounds of random tables (every account one game a round, so
rounds are games an account), each game's winner drawn with the ladder's own seeded ``random.Random``, its
returns as the game makes them (the winner +1, the others sharing −1), the sides and places taken as the
server takes them (``Game.seat_sides``, :func:`~tabletop.server.site.ratings.model.places`) and every
rating moved by :func:`~tabletop.server.site.ratings.model.rate`. Reported for each pool:

(a) from which game an account the levels' shown ratings are in their known order for good, and each
    level's shown rating and deviation at the end ("normal ≈ 1,6xx") — relative to the simulated people:
    a rating says where a player stands among those the pool has;
(b) how many rated games a newcomer plays before the deviation is at most 300 (no longer provisional),
    against the settled ladder, and how many the ladder's founders took when everyone started new;
(c) how close the final ratings' order is to the true strengths (Kendall's τ, the share of pairs in order).

Pools whose sides have several members (``cribbage-4``, ``kubik-2v2`` …) are not simulated: no measurement
gives a level's side against another level's side.

    PYTHONPATH=src .venv/bin/python benchmarks/ratings.py [--quick]
    PYTHONPATH=src .venv/bin/python benchmarks/ratings.py --measure cubulus-3 --games 150 --seed 46
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from sections import Section
from timing import FULL, QUICK, Scale

import tabletop
from tabletop.core import LEVELS
from tabletop.server.site.ratings.model import DRIFT, PROVISIONAL, SCALE, Skill, places, rate


@dataclass(frozen=True, slots=True)
class Tally:
    """Games at one table of bot levels (``table``: a level a seat) and how many each level won — a share
    of one game where the chances are exact rather than counted. Draws and shared first places are left
    out (none of the measurements had one)."""

    table: tuple[str, ...]
    wins: tuple[tuple[str, float], ...]

    @property
    def games(self) -> float:
        return sum(won for _, won in self.wins)

    def won(self, level: str) -> float:
        return dict(self.wins).get(level, 0.0)


@dataclass(frozen=True, slots=True)
class Measured:
    """A pool's measured results between its bot levels, and where they come from."""

    tallies: tuple[Tally, ...]
    source: str


def _pair(low: str, high: str, low_won: float, high_won: float) -> Tally:
    return Tally((low, high), ((low, low_won), (high, high_won)))


MEASURED: dict[str, Measured] = {
    "cribbage-2": Measured(
        (_pair("easy", "normal", 44, 56), _pair("normal", "hard", 194, 206), _pair("easy", "hard", 50, 50)),
        "docs/bots.md, 'Strength ladder', Cribbage: `benchmarks/ladder.py cribbage --agents "
        "random,ev-greedy,easy,normal,hard --games 100 --duplicate --seed 20` (100 games a pair; normal won 56 "
        "against easy, hard 50 against normal) and `benchmarks/ladder.py cribbage --agents normal,hard --games 300 "
        "--duplicate --seed 21` (hard won 156): hard against normal 206 of 400. Hard against easy is not in the "
        "table: its W-D-L totals pin it to 49–51 of 100, taken as 50."),
    "cubulus-2": Measured(
        (_pair("easy", "normal", 1, 19), _pair("normal", "hard", 3, 17), _pair("easy", "hard", 0, 20)),
        "docs/bots.md, 'Strength ladder', Cubulus: `benchmarks/ladder.py cubulus --agents random,easy,normal,hard "
        "--baselines mcts --games 20 --duplicate --seed 20 --workers 2` (20 games a pair, 2026-12-04): normal won "
        "19 against easy, hard 17 against normal; hard 20 against easy (hard's W-D-L 77-0-3: its three losses "
        "were all to normal)."),
    "kubik-1v1": Measured(
        (_pair("easy", "normal", 1 - 0.6351, 0.6351), _pair("normal", "hard", 1 - 0.6262, 0.6262),
         _pair("easy", "hard", 1 - 0.7420, 0.7420)),
        "docs/kubik.md, 'The levels, exactly': `python -m tabletop.games.kubik.matchups` (exact chances on the "
        "calibrated model, K20b: two players of the default skill to 30, seats alternating; the same to four "
        "decimals when run again on 2026-12-08): normal 0.6351 against easy, hard 0.6262 against normal, hard "
        "0.7420 against easy."),
    "cribbage-3": Measured(
        (Tally(("easy", "easy", "normal"), (("easy", 90), ("normal", 60))),
         Tally(("easy", "normal", "normal"), (("easy", 44), ("normal", 106)))),
        "measured for this benchmark (no earlier measurement): `benchmarks/ratings.py --measure cribbage-3 "
        "--games 150 --seed 46` — 300 games of easy and normal through the tournament's schedule, seats rotating "
        "(2.5 minutes on one core, 2026-12-08); hard is not run live (the slowest bot)."),
    "cubulus-3": Measured(
        (Tally(("easy", "easy", "normal"), (("easy", 80), ("normal", 70))),
         Tally(("easy", "normal", "normal"), (("easy", 36), ("normal", 114)))),
        "measured for this benchmark (no earlier measurement): `benchmarks/ratings.py --measure cubulus-3 "
        "--games 150 --seed 46` — 300 games of easy and normal through the tournament's schedule, seats rotating "
        "(under 20 s on one core, 2026-12-08); hard is not run live (the slowest bot)."),
}
"""Each simulated pool's measured results between bot levels, in the order of the report."""

ACCOUNTS = 60
"""Accounts on a ladder: one a bot level, the rest people (a multiple of 2 and 3: every account plays every
round)."""
ROUNDS = 200
"""Rounds a ladder plays: games an account."""
LADDERS = 10
"""Ladders a pool at full scale, each with its own seed; ``Scale.work`` scales them (at least one)."""
NEWCOMERS = 500
"""Newcomers a pool at full scale, shared among its ladders."""
SPREAD = 1.0
"""How far the people's strengths reach beyond the levels' at each end (a factor e in worth: a person that
much stronger beats the level about 73% of the time in a game of two)."""
MOST_GAMES = 1_000
"""A newcomer still provisional after this many games is counted as this many (never reached)."""


def pool_table(pool: str) -> tuple[str, int]:
    """The game and the player count of a rated pool (read from the games' own pools)."""
    for name, game in tabletop.REGISTRY.items():
        for found in game.spec.pools:
            if found.name == pool:
                return name, dict(found.allowed)["players"][0]
    raise KeyError(f"no rated pool {pool!r}")


def levels_of(measured: Measured) -> tuple[str, ...]:
    """The bot levels a pool's measurements name, in their known order (weakest first)."""
    named = {level for tally in measured.tallies for level in tally.table}
    return tuple(level for level in LEVELS if level in named)


def fit(tallies: Sequence[Tally], levels: Sequence[str], sweeps: int = 20_000) -> dict[str, float]:
    """Each level's Plackett–Luce strength (log worth, their mean 0) by maximum likelihood over who won each
    game: at a table a level's seats win with their share of its total worth. Hunter's MM iteration
    (Ann. Statist. 32, 2004); it converges where every level both won and lost against the others."""
    worth = dict.fromkeys(levels, 1.0)
    for _ in range(sweeps):
        new = {}
        for level in levels:
            won = sum(tally.won(level) for tally in tallies)
            chances = sum(tally.games * tally.table.count(level) / sum(worth[seat] for seat in tally.table)
                          for tally in tallies if level in tally.table)
            new[level] = won / chances
        middle = math.exp(statistics.fmean(math.log(value) for value in new.values()))
        moved = max(abs(new[level] / middle - worth[level]) for level in levels)
        worth = {level: value / middle for level, value in new.items()}
        if moved < 1e-12:
            break
    return {level: math.log(value) for level, value in worth.items()}


def chance(table: Sequence[float], seat: int) -> float:
    """The chance that ``seat`` wins at a table of these strengths."""
    return math.exp(table[seat]) / sum(math.exp(strength) for strength in table)


def play(strengths: Sequence[float], skills: Sequence[Skill], sides: Sequence[Sequence[int]],
         rng: random.Random) -> list[Skill]:
    """One rated game: the winner drawn by the strengths, the returns as the game makes them (+1, the others
    sharing −1), places and new ratings as the server computes them."""
    seats = len(strengths)
    winner = rng.choices(range(seats), weights=[math.exp(strength) for strength in strengths])[0]
    returns = [1.0 if seat == winner else -1.0 / (seats - 1) for seat in range(seats)]
    moved = rate([[skills[seat] for seat in side] for side in sides], places(returns, sides))
    new = list(skills)
    for side, members in zip(sides, moved, strict=True):
        for seat, skill in zip(side, members, strict=True):
            new[seat] = skill
    return new


def in_order(skills: Sequence[Skill]) -> bool:
    """True when these shown ratings rise strictly (weakest level first)."""
    shown = [skill.shown["rating"] for skill in skills]
    return all(low < high for low, high in itertools.pairwise(shown))


def kendall(truth: Sequence[float], found: Sequence[float]) -> tuple[float, float]:
    """Kendall's τ between two orders of the same accounts, and the share of pairs they put in the same order
    (ties count half)."""
    agree = disagree = 0
    pairs = 0
    for i in range(len(truth)):
        for j in range(i + 1, len(truth)):
            sign = (truth[i] - truth[j]) * (found[i] - found[j])
            agree += sign > 0
            disagree += sign < 0
            pairs += 1
    return (agree - disagree) / pairs, (agree + (pairs - agree - disagree) / 2) / pairs


@dataclass
class Ladder:
    """What one simulated ladder gave."""

    ordered_from: int | None  #: the first game an account from which the levels stayed in order (None: never)
    levels: dict[str, Skill]  #: each level's final rating
    trace: list[tuple[int, ...]]  #: the levels' shown ratings after each round
    founders: list[int]  #: the games each person took to leave provisional, all new at the start (never: rounds + 1)
    people: list[Skill]  #: the people's final ratings
    tau: float
    pairs: float
    newcomers: list[int] = field(default_factory=list)  #: the games each newcomer took against the settled ladder
    matched: list[int] = field(default_factory=list)  #: the same against the accounts rated nearest to them

    @property
    def settled(self) -> list[tuple[int, ...]]:
        """The levels' shown ratings over the second half of the rounds."""
        return self.trace[len(self.trace) // 2:]

    def settled_in_order(self) -> float:
        """The share of the second half's rounds with every level above the one below it."""
        return statistics.fmean(all(a < b for a, b in itertools.pairwise(row)) for row in self.settled)

    def settled_means(self) -> list[float]:
        """Each level's mean shown rating over the second half of the rounds."""
        return [statistics.fmean(column) for column in zip(*self.settled, strict=True)]

    def wander(self) -> float:
        """How far a level's shown rating wanders once settled: the standard deviation over the second half,
        the levels' median."""
        return float(statistics.median([statistics.pstdev(column) for column in zip(*self.settled, strict=True)]))


def ladder(pool: str, strengths: dict[str, float], seed: str, rounds: int = ROUNDS, accounts: int = ACCOUNTS,
           newcomers: int = 0) -> Ladder:
    """One ladder of ``pool``: the levels of ``strengths`` and people, ``rounds`` rounds of random tables,
    then ``newcomers`` newcomers, each against random settled accounts (whose ratings their games leave as they
    are, so that every newcomer meets the same ladder)."""
    name, players = pool_table(pool)
    sides = [members for _, members in tabletop.load(name, players=players).seat_sides()]
    if any(len(members) != 1 for members in sides):
        raise ValueError(f"{pool}: sides of several seats are not simulated")
    rng = random.Random(seed)
    levels = list(strengths)
    low = min(strengths.values()) - SPREAD
    high = max(strengths.values()) + SPREAD
    truth = [strengths[level] for level in levels] + [rng.uniform(low, high) for _ in range(accounts - len(levels))]
    skills = [Skill()] * accounts
    left: list[int | None] = [None] * accounts
    last_disorder = 0
    trace: list[tuple[int, ...]] = []
    for round_ in range(1, rounds + 1):
        order = list(range(accounts))
        rng.shuffle(order)
        for start in range(0, accounts - players + 1, players):
            seated = order[start:start + players]
            moved = play([truth[a] for a in seated], [skills[a] for a in seated], sides, rng)
            for account, skill in zip(seated, moved, strict=True):
                skills[account] = skill
                if left[account] is None and not skill.shown["provisional"]:
                    left[account] = round_
        if not in_order(skills[:len(levels)]):
            last_disorder = round_
        trace.append(tuple(skill.shown["rating"] for skill in skills[:len(levels)]))
    tau, pairs = kendall(truth, [skill.mu for skill in skills])
    result = Ladder(None if last_disorder == rounds else last_disorder + 1, dict(zip(levels, skills, strict=False)),
                    trace, [games or rounds + 1 for games in left[len(levels):]], skills[len(levels):], tau, pairs)
    for _ in range(newcomers):
        strength = rng.uniform(low, high)
        for matched, games_taken in ((False, result.newcomers), (True, result.matched)):
            skill, games = Skill(), 0
            while skill.shown["provisional"] and games < MOST_GAMES:
                if matched:  # the settled accounts rated nearest to the newcomer now, a table's worth
                    nearest = sorted((abs(skills[a].mu - skill.mu), a) for a in range(accounts))
                    others = [a for _, a in nearest[:players - 1]]
                else:
                    others = rng.sample(range(accounts), players - 1)
                table = [strength, *(truth[a] for a in others)]
                skill = play(table, [skill, *(skills[a] for a in others)], sides, rng)[0]
                games += 1
            games_taken.append(games)
    return result


def pool_strengths(pool: str) -> dict[str, float]:
    """The fitted strengths of ``pool``'s levels (weakest first)."""
    measured = MEASURED[pool]
    return fit(measured.tallies, levels_of(measured))


def simulate(pool: str, ladders: int, newcomers: int, rounds: int = ROUNDS) -> list[Ladder]:
    """``ladders`` ladders of ``pool``, each with its own seed, the newcomers shared among them."""
    strengths = pool_strengths(pool)
    each = [newcomers // ladders + (i < newcomers % ladders) for i in range(ladders)]
    return [ladder(pool, strengths, f"ratings:{pool}:{i}", rounds, newcomers=each[i]) for i in range(ladders)]


def percentile(values: Sequence[float], share: float) -> float:
    """The value ``share`` of the way through the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def games_to_order(runs: Sequence[Ladder], rounds: int) -> str:
    """The game from which the levels stayed in order: median and range over the ladders (> rounds: not in
    order at the end)."""
    found = sorted(math.inf if run.ordered_from is None else run.ordered_from for run in runs)

    def text(value: float) -> str:
        return f"> {rounds}" if value == math.inf else f"{value:g}"

    return f"{text(statistics.median(found))} [{text(found[0])}–{text(found[-1])}]"


def shown_level(runs: Sequence[Ladder], level: str) -> str:
    """A level's final shown rating ± deviation, medians over the ladders."""
    if level not in runs[0].levels:
        return "—"
    rating = statistics.median(run.levels[level].shown["rating"] for run in runs)
    deviation = statistics.median(run.levels[level].shown["deviation"] for run in runs)
    return f"{rating:,.0f} ± {deviation:.0f}"


def idle_days(deviation: float) -> float:
    """Days without a rated game until a rating of this deviation (shown points) is provisional again."""
    return ((PROVISIONAL / SCALE) ** 2 - (deviation / SCALE) ** 2) / DRIFT ** 2


def top_share(tally: Tally, strengths: dict[str, float]) -> tuple[str, float, float]:
    """The strongest level at a table, its measured share of the wins and the fitted model's."""
    top = max(tally.table, key=LEVELS.index)
    table = [strengths[level] for level in tally.table]
    model = sum(chance(table, seat) for seat, level in enumerate(tally.table) if level == top)
    return top, tally.won(top) / tally.games, model


def sections(scale: Scale, pools: Sequence[str] = tuple(MEASURED)) -> list[Section]:
    """The three tables: the levels on the ladder, newcomers and the ladder's order, the win rates used."""
    ladders = scale.of(LADDERS)
    newcomers = scale.of(NEWCOMERS)
    results = {pool: simulate(pool, ladders, newcomers) for pool in pools}
    levels_rows, people_rows, rates_rows = [], [], []
    for pool, runs in results.items():
        strengths = pool_strengths(pool)
        known = " < ".join(strengths)
        fitted = sorted(strengths, key=strengths.__getitem__)
        if fitted != list(strengths):
            known += f" (the fit says {' < '.join(fitted)})"
        ended = sum(in_order(list(run.levels.values())) for run in runs)
        levels_rows.append((pool, known, *(shown_level(runs, level) for level in LEVELS),
                            games_to_order(runs, ROUNDS), f"{ended}/{len(runs)}",
                            f"{statistics.median(run.settled_in_order() for run in runs):.0%}",
                            f"{statistics.median(run.wander() for run in runs):.0f}"))
        arrivals = [games for run in runs for games in run.newcomers]
        founders = [games for run in runs for games in run.founders]
        settled = statistics.median(skill.shown["deviation"] for run in runs for skill in run.people)
        matched = [games for run in runs for games in run.matched]
        people_rows.append((pool, str(len(arrivals)), f"{statistics.median(arrivals):g}",
                            f"{percentile(arrivals, 0.1):g}–{percentile(arrivals, 0.9):g}",
                            f"{min(arrivals)}–{max(arrivals)}", f"{statistics.median(matched):g}",
                            f"{statistics.median(founders):g}",
                            f"{settled:.0f}", f"{idle_days(settled):.0f}",
                            f"{statistics.median(run.tau for run in runs):.2f}",
                            f"{statistics.median(run.pairs for run in runs):.1%}"))
        for tally in MEASURED[pool].tallies:
            top, measured, model = top_share(tally, strengths)
            rates_rows.append((pool, ", ".join(tally.table), f"{tally.games:g}" if tally.games > 1 else "exact",
                               top, f"{measured:.3f}", f"{model:.3f}"))
    setup = (f"{ladders} ladder(s) a pool, each {ACCOUNTS} accounts (a bot level each, the rest people whose "
             f"strengths are spread evenly from {SPREAD:g} below the weakest level to {SPREAD:g} above the strongest, "
             f"in log worth) playing {ROUNDS} rounds of random tables, every account a game a round; winners drawn "
             "from the fitted strengths with the ladder's seeded random.Random, ratings moved by "
             "tabletop.server.site.ratings.model.rate with the server's sides and places.")
    return [
        Section("ratings", "Ratings: the bot levels on a simulated ladder (benchmarks/ratings.py)",
                ("pool", "levels, known order", *LEVELS, "in order for good from game (median [range])",
                 "ladders in order at the end", f"rounds {ROUNDS // 2 + 1}–{ROUNDS} in order",
                 f"a level's wander (sd, rounds {ROUNDS // 2 + 1}–{ROUNDS})"), tuple(levels_rows),
                f"{setup} A level's column: its shown rating ± deviation at the end, medians over the ladders (the "
                "people's mean stays near 1500: where a level sits depends on who plays the pool). In order: "
                f"every level's shown rating above the one below it; > {ROUNDS}: not in order at the end. Over the "
                "second half of the rounds: the share of rounds in order, and how much a level's shown rating "
                "moves about (its standard deviation; the median level), both medians over the ladders. "
                "— : a level not measured in that pool (hard is not run live)."),
        Section("ratings", "Ratings: newcomers and the order of the ladder (benchmarks/ratings.py)",
                ("pool", "newcomers", "games to leave provisional (median)", "10th–90th percentile", "range",
                 "against the nearest-rated (median)", "founders' games to leave provisional", "settled deviation",
                 "idle days to provisional again",
                 "Kendall τ", "pairs in order"), tuple(people_rows),
                f"Provisional: a deviation above {PROVISIONAL:g} (a newcomer starts at 1500 ± 500). Newcomers (of "
                "the people's strengths) join the settled ladders after their last round and play random settled "
                "accounts until they are not provisional (their games leave the ladder's ratings as they are); "
                "the same newcomers again against the settled accounts rated nearest to them at each game. "
                "Founders: the ladder's people, everyone new at once. Settled deviation: the people's median at the "
                "end; idle days: how long such a rating waits without a rated game before it is provisional again "
                "(DRIFT). Kendall τ and pairs in order: every account's final rating against its true strength, "
                "medians over the ladders."),
        Section("ratings", "Ratings: the win rates the simulation draws from (benchmarks/ratings.py)",
                ("pool", "table", "games", "level", "its measured share of the wins", "the fitted model's"),
                tuple(rates_rows),
                "A Plackett–Luce strength a level, fitted to every table of the pool by maximum likelihood; a "
                "level's share counts all its seats. Sources: "
                + " ".join(f"{pool}: {MEASURED[pool].source}" for pool in pools)),
    ]


def measure(pool: str, games: int, seed: int, workers: int = 1,
            levels: Sequence[str] = ("easy", "normal")) -> tuple[Tally, ...]:
    """Play the fast levels' round robin at ``pool``'s table (``tabletop tournament``'s schedule: ``games`` a
    table of levels, seats rotating) and count each table's wins, as :data:`MEASURED` keeps them."""
    from tabletop.sim.executors import LocalExecutor, run_jobs
    from tabletop.sim.tournament import schedule

    name, players = pool_table(pool)
    results = run_jobs(schedule(name, {"players": players}, list(levels), games, seed), LocalExecutor(workers))
    counted: dict[tuple[str, ...], Counter[str]] = {}
    for result in results:
        wins = counted.setdefault(tuple(sorted(result.agents, key=LEVELS.index)), Counter())
        if len(result.winners) == 1:
            wins[result.agents[result.winners[0]]] += 1
    return tuple(Tally(table, tuple((level, float(wins[level])) for level in sorted(set(table), key=LEVELS.index)))
                 for table, wins in counted.items())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help=f"{QUICK.work:g} of the ladders and newcomers")
    parser.add_argument("--measure", metavar="POOL", help="play the fast levels at POOL's table instead and print "
                                                          "the tallies (no simulation)")
    parser.add_argument("--games", type=int, default=150, help="with --measure: games a table of levels")
    parser.add_argument("--seed", type=int, default=46, help="with --measure: the tournament's seed")
    parser.add_argument("--workers", type=int, default=1, help="with --measure: processes")
    args = parser.parse_args(argv)
    if args.measure:
        started = time.perf_counter()
        for tally in measure(args.measure, args.games, args.seed, args.workers):
            print(tally)
        print(f"{time.perf_counter() - started:.0f} s")
        return
    from rich.console import Console
    from sections import to_rich

    for section in sections(QUICK if args.quick else FULL):
        Console().print(to_rich(section))


if __name__ == "__main__":
    main()
