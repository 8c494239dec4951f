"""The game interface every game implements and everything else depends on.

Shaped after OpenSpiel's explicit-chance model: a :class:`State` says who moves next — a seat
number, :data:`CHANCE` or :data:`TERMINAL` — and chance nodes list their outcomes with exact
probabilities, applied like any other action, so exact search and sampling share one API. States
are immutable values: :meth:`State.apply` validates and returns a new state, leaving its input as
it was. Hidden information has one door, :meth:`State.view`.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Self, TypeVar, cast

from tabletop.core.agent import Agent
from tabletop.core.capabilities import Capability
from tabletop.core.encoding import Encoding
from tabletop.core.errors import (
    IllegalActionError,
    NotationError,
    SampledChanceError,
    allowed_data,
    list_allowed,
    no_such_seat,
    seat_label,
)
from tabletop.core.events import SPECTATOR, Event, event, plain_text
from tabletop.core.spec import RULES, GameSpec

if TYPE_CHECKING:  # numpy only where a batch is used: the core itself starts without it
    from tabletop.core.batch import Batch
    from tabletop.core.coach import CoachAdvice
    from tabletop.core.record import Record
    from tabletop.core.statistics import SeatStatistics

Player = int
"""A seat number, 0-based, in turn order ("clockwise")."""

CHANCE: Final[Player] = -1
"""The player to move at a chance node (a die roll, a shuffle, a throw)."""

TERMINAL: Final[Player] = -2
"""The "player to move" once the game is over."""

View = Mapping[str, Any]
"""What one player may see of a state: JSON-ready data, never the state itself."""

ActionT = TypeVar("ActionT", bound=Hashable)
StateT = TypeVar("StateT", bound="State[Any]")


class State(ABC, Generic[ActionT]):
    """One position of a game, as an immutable value.

    Subclasses implement the ``_``-prefixed hooks and the abstract properties — the required core —
    and the public methods here do the validation once for every game. The rest is optional and
    declared in the spec (:mod:`tabletop.core.capabilities`): :meth:`render` and :meth:`describe` are
    the *presentation* capability, :meth:`motion` the *motion* one; their defaults are generic.
    """

    __slots__ = ()

    game: Game[Any, ActionT]

    # --- what subclasses provide -------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> Player:
        """The seat to move, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[ActionT]:
        """The actions the player to move may take (at a chance node: the possible outcomes)."""

    @abstractmethod
    def chance_outcomes(self) -> Sequence[tuple[ActionT, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum to 1).

        Raises:
            IllegalActionError: when this is not a chance node.
        """

    @abstractmethod
    def _apply(self, action: ActionT) -> State[ActionT]:
        """Return the state after a legal ``action`` (already validated)."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's utility: final at a terminal state, 0 for everyone before."""

    @abstractmethod
    def view(self, player: Player) -> View:
        """What ``player`` may see (JSON-ready). Nothing hidden from that player is in it."""

    def public_view(self) -> View:
        """What a spectator may see: only what every seat sees (JSON-ready).

        In a perfect-information game that is everything; a game with hidden information
        overrides this to leave out every private card or tile.
        """
        if self.game.spec.hidden_information:
            raise NotImplementedError(f"{self.game.name} must say what a spectator may see")
        return self.view(0)

    # --- the shared machinery ----------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player == CHANCE

    def apply(self, action: ActionT) -> Self:
        """Return the state after ``action``; this state is left unchanged.

        Raises:
            IllegalActionError: naming the action and what is legal, before anything changes.
        """
        if self.is_terminal:
            raise IllegalActionError(f"{action}: the game is over; no action is legal", code="game_over",
                                     params={"action": str(action)})
        after = self._apply_if_legal(action)
        if after is None:
            raise self.game.refusal(self, action) or self.illegal(action)
        return after

    def _apply_if_legal(self, action: ActionT) -> Self | None:
        """The state after ``action``, or None when it is not legal here (the game is not over).

        The one hook :meth:`apply` calls: by default :meth:`is_legal`, then :meth:`_apply`. A game whose
        legality check and transition share their work (cribbage's kernel decodes a move once for both,
        on the hot path of every playout) overrides it; the refusals stay :meth:`apply`'s.
        """
        return cast("Self", self._apply(action)) if self.is_legal(action) else None  # (a game's states are one class)

    def illegal(self, action: ActionT) -> IllegalActionError:
        """The generic error for ``action`` not being legal here: ``illegal_action`` naming it, the
        player to move and what is legal (games with reasons of their own say more: :meth:`Game.refusal`)."""
        who = "chance" if self.is_chance else self.game.seat_label(self.current_player)
        try:
            actions = self.legal_actions()
            shown, count = allowed_data(actions)
            legal = list_allowed(actions)
        except SampledChanceError:
            shown, count, legal = [], 0, "only what the simulation can produce"
        return IllegalActionError(f"{action}: not legal for {who} here; legal: {legal}", code="illegal_action",
                                  params={"action": str(action), "player": self.current_player,
                                          "legal": shown, "count": count})

    def apply_recorded(self, action: ActionT) -> State[ActionT]:
        """Apply ``action`` read back from a record this program validated when it was made (a
        server's own event log): as :meth:`apply`, but a game may skip a check that costs a
        simulation (Kubik re-running a physics throw's noise). A record from anywhere else — a
        file, a client — goes through :meth:`apply`, where nothing is taken on trust.
        """
        return self.apply(action)

    def is_legal(self, action: ActionT) -> bool:
        """True when ``action`` may be applied here.

        Games whose actions or chance outcomes cannot be listed (a continuous throw, a sampled
        physics outcome) override this instead of relying on :meth:`legal_actions`.
        """
        return action in self.legal_actions()

    def apply_text(self, text: str) -> State[ActionT]:
        """Parse ``text`` in the game's notation and apply it."""
        return self.apply(self.game.parse_action(text))

    def sample_chance(self, rng: random.Random) -> ActionT:
        """Draw a chance outcome from ``rng`` with the node's probabilities."""
        outcomes = self.chance_outcomes()
        point = rng.random()
        total = 0.0
        for outcome, probability in outcomes:
            total += float(probability)
            if point < total:
                return outcome
        return outcomes[-1][0]

    def observation(self, action: ActionT, player: Player) -> str | None:
        """How ``player`` sees ``action`` taken here: its notation, or None if it is hidden.

        The default is safe: in a game without hidden information everyone sees everything;
        otherwise a player sees only their own actions. Games with hidden information override
        this to reveal what the rules make public (a card played, a redacted discard).
        """
        if not self.game.spec.hidden_information or self.current_player == player:
            return str(action)
        return None

    def motion(self, action: ActionT) -> Mapping[str, Any] | None:
        """How ``action`` taken here moves things, for an animation (a simulated throw's frames):
        JSON-ready data, or None when there is nothing to animate (the default).

        It may cost a simulation, so callers run it off any event loop and keep the answer. Front
        ends ask only for actions every seat sees whole (:meth:`observation` gives the action's own
        notation to each), and a game puts nothing into the motion that any seat may not see.
        """
        return None

    def preview(self, action: ActionT) -> Mapping[str, Any] | None:
        """What the legal ``action`` would do, JSON-ready, for a front end to show before it is made (the
        preview capability), or None when there is nothing to show (the default).

        The server sends the previews of a seat's legal moves with its state, so the browser needs no
        copy of the rules to draw them. A game offers it only when a move's result is certain and
        public: the preview is the position after the move, which every seat will see anyway.
        """
        return None

    def seat_points(self) -> tuple[float, ...] | None:
        """Each seat's points in the game's own terms (pegs on the board, team points, parts
        drawn), for statistics; None in a game that keeps no score beyond its result."""
        return None

    def events(self) -> Sequence[Event]:
        """What the last action did, as :class:`~tabletop.core.events.Event` data: the action as the
        rules see it, then what it caused (points scored, a part drawn, a square made), in order,
        each naming the seats that may see it when not everyone may. Empty at the initial state.

        Kinds are the game's own vocabulary, declared in its spec (:attr:`GameSpec.events`), so a
        front end can have words for every one of them. The action's own event is marked
        (:func:`~tabletop.core.events.action_event`); a hidden action has one for the seats that may
        see it and, where the others learn that it happened, a redacted one for them.
        """
        return ()

    def result(self) -> Event | None:
        """The result as an event once the game is over (None before): ``game_won`` with the
        winning ``side`` and its ``members``, ``game_shared`` when several seats that are not one
        side share first place, ``game_drawn`` when nobody won. Games with teams or partnerships
        override this to name the side; the default reads the returns seat by seat.
        """
        if not self.is_terminal:
            return None
        from tabletop.core.outcome import winners

        top = winners(self.returns())
        if not top:
            return event("game_drawn")
        if len(top) == 1:
            return event("game_won", side=top[0], members=[top[0]])
        return event("game_shared", members=list(top))

    def announcements(self, viewer: Player = SPECTATOR) -> list[str]:
        """What the last action caused, in English, as ``viewer`` may see it (a terminal's move log,
        under the action itself): each visible event but the action's own, through :meth:`Game.event_text`."""
        return [self.game.event_text(e) for e in self.events() if not e.action and e.visible_to(viewer)]

    def render(self, player: Player | None = None) -> str:
        """Text for a terminal: the whole state, or only what ``player`` may see.

        The generic form, for a game without the presentation capability, lists ``player``'s view (a
        spectator's without one) one field a line: it shows nothing the view hides.
        """
        view = self.public_view() if player is None else self.view(player)
        return "\n".join(f"{name}: {json.dumps(value, ensure_ascii=False, default=str)}"
                         for name, value in view.items())

    def describe(self, action: ActionT) -> str:
        """A short sentence for a move log saying what ``action`` does here ("" when not worth a line)."""
        who = "chance" if self.is_chance else self.game.seat_label(self.current_player)
        return f"{who}: {action}"


class Game(ABC, Generic[StateT, ActionT]):
    """A game with its options fixed: the factory of initial states and the action parser.

    Construct one through :func:`tabletop.load` (or the class itself) with keyword options;
    they are validated against :attr:`spec`. Games compare equal when name and options agree.

    A subclass implements :meth:`initial_state`, :meth:`parse_action` and :meth:`state_from_view`; the
    other hooks have generic defaults, and those of a capability (:meth:`event_text` for presentation,
    :meth:`coach`, :meth:`win_chances` for odds, :meth:`seat_statistics`, :attr:`encoding_type`,
    :attr:`batch_type`) are declared in :attr:`GameSpec.capabilities` and asked for through :meth:`provides`.
    """

    spec: ClassVar[GameSpec]

    def __init__(self, **options: Any) -> None:
        given = dict(options)
        # checked first (a bad version is an OptionError), and as a number: `-o rules=1` gives text
        rules = self.spec.rules_option.validate(given[RULES]) if RULES in given else self.spec.rules_version
        given[RULES] = rules
        self.notes: tuple[str, ...] = ()
        """What :meth:`upgrade` changed in the options given, in words (empty for today's rules)."""
        if rules < self.spec.rules_version:
            given, self.notes = self.upgrade(rules, given)
        self._options = MappingProxyType(self.spec.resolve(given))
        self._key = (self.spec.name, json.dumps(self._options, sort_keys=True, default=str))

    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.spec.name

    @property
    def options(self) -> Mapping[str, Any]:
        """The complete, validated options (defaults filled in)."""
        return self._options

    @property
    def rules(self) -> int:
        """The rules version this game plays by (:attr:`GameSpec.rules_version` unless asked for another)."""
        return int(self._options[RULES])

    @classmethod
    def upgrade(cls, rules: int, options: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The options of a game played by the older rules version ``rules``, as today's code takes
        them, and a note for each change: an option renamed or dropped since is mapped (never a
        crash), a default that changed since is spelt out with its old value, so the game plays
        exactly as it was played. Games whose options changed override this; the base has nothing
        to map."""
        return options, ()

    @property
    def num_players(self) -> int:
        """How many seats this game has."""
        return int(self._options["players"])

    def provides(self, capability: Capability) -> bool:
        """True when this game offers ``capability`` (declared in :attr:`GameSpec.capabilities`)."""
        return capability in self.spec.capabilities

    def seat_label(self, seat: Player) -> str:
        """How a message names ``seat`` to people: ``seat 2`` for index 1, as the browser and the terminal
        do (:func:`~tabletop.core.errors.seat_label`); a game whose notation names its players overrides
        it (Kubik's ``B1``). The index itself goes in an error's params."""
        return seat_label(seat)

    def check_seat(self, seat: Player) -> None:
        """Raise ValueError unless ``seat`` is one of this game's seats (for views and agents)."""
        if not 0 <= seat < self.num_players:
            raise ValueError(no_such_seat(seat, self.num_players))

    def seat_sides(self) -> tuple[tuple[int | str, tuple[int, ...]], ...]:
        """Each side that wins or loses together: its name (as result events name it: a seat, or a
        team or partnership's name) and its seats. Every seat alone by default; games with teams or
        partnerships override it. A resignation or a claim ends the game for whole sides
        (:mod:`tabletop.core.ending`)."""
        return tuple((seat, (seat,)) for seat in range(self.num_players))

    @property
    def chance_entered_by_people(self) -> bool:
        """True when the people at the table say what chance did (a scorekeeper for a real game),
        so a front end should ask for chance outcomes instead of drawing them."""
        return False

    def event_text(self, event: Event) -> str:
        """``event`` in English, for the terminal and logs (the browser has words of its own).

        The default writes its kind and parameters; games override it with sentences.
        """
        return plain_text(event)

    def bots(self) -> Mapping[str, Callable[[], Agent]]:
        """This game's own players by name: its expert at each level (``easy``, ``normal``,
        ``hard``) and any baselines worth naming. Empty where generic search serves.

        Game expertise lives in the game's package (STYLE 10) and reaches agents, tournaments and
        the server only through here, so nothing outside the game needs to know the game.
        """
        return {}

    def refusal(self, state: StateT, action: ActionT) -> IllegalActionError | None:
        """Why ``action``, which is not legal in ``state``, is refused, in the game's own terms — a
        game code and its params (``count_over_31`` with the card and the count) — or None for the
        generic ``illegal_action`` (:meth:`State.illegal`). Asked only once an action is known illegal,
        so it may take its time; every code it gives is declared in :attr:`GameSpec.errors`."""
        return None

    def win_chances(self, state: StateT) -> Sequence[float] | None:
        """Each seat's exact chance of winning from ``state``, where the game can compute it within a
        fraction of a second and it tells nothing a view hides (Beetle: a Markov chain per sheet); None
        where it cannot. Live tables and replays show it (the server's ``/odds``)."""
        return None

    def coach(self, view: View, seat: Player, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> CoachAdvice | None:
        """Coach mode: what each of ``seat``'s legal actions is worth, computed from ``view`` (that
        seat's view) alone — never anything it hides — or None where there is no decision to advise.
        ``budget`` is work in the game's own unit (worlds, nodes; None: the game's default), drawn from
        ``seed``, so the same view, budget and seed give the same advice; ``include`` names actions to
        rate even where the advice lists only the best of each kind (a replay's chosen move)."""
        return None

    def seat_statistics(self, record: Record, seat: Player, seconds: float | None = None) -> SeatStatistics | None:
        """``seat``'s statistics of a finished game (its ``record``, public once the game is over; never a game
        in progress): the totals :attr:`GameSpec.statistics` reads, exact where an analysis gives them, the
        analysis stopping after ``seconds`` of CPU (None: the game's own bound) with ``complete`` False. None
        where the game keeps none."""
        return None

    encoding_type: ClassVar[type[Encoding[Any]] | None] = None
    """The class of this game's numeric encoding, built from the game (None: the game offers none)."""

    def encoding(self) -> Encoding[ActionT]:
        """This configuration's fixed-size numeric form (action indices, observation vectors)
        for learning code: the RL adapters in ``tabletop.interop`` speak it.

        Built once per game object from :attr:`encoding_type` (its tables cost milliseconds to
        lay out, and an adapter asks for them at every step).

        Raises:
            NotImplementedError: in a game that offers none.
        """
        built: Encoding[ActionT] | None = self.__dict__.get("_encoding")
        if built is None:
            if self.encoding_type is None:
                raise NotImplementedError(f"{self.name} has no numeric encoding for learning code")
            built = self.__dict__["_encoding"] = self.encoding_type(self)  # type: ignore[call-arg]
        return built

    batch_type: ClassVar[type[Batch] | None] = None
    """The class of this game's batched kernel, built from the game and a size (None: none offered)."""

    def batch(self, size: int) -> Batch:
        """``size`` games of this configuration in arrays, stepped together (:mod:`tabletop.core.batch`).

        Raises:
            NotImplementedError: in a game that offers none.
            ValueError: for a size below 1.
        """
        if self.batch_type is None:
            raise NotImplementedError(f"{self.name} has no batched kernel")
        if size < 1:
            raise ValueError(f"a batch holds at least one game, not {size}")
        return self.batch_type(self, size)  # type: ignore[call-arg]

    @abstractmethod
    def initial_state(self) -> StateT:
        """The state before the first action (often a chance node: a deal, a roll-off)."""

    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """The action written ``text`` in this game's notation (inverse of ``str(action)``).

        Raises:
            NotationError: saying what the notation looks like.
        """

    @abstractmethod
    def state_from_view(self, view: View, rng: random.Random) -> StateT:
        """A state that shows ``view`` to its player, with whatever the view hides drawn from ``rng``.

        This is how a bot that sees only its view samples the worlds it might be in
        (determinisation), and how tests prove views hide what they should: every state built
        here must give back the same view. In a game without hidden information it rebuilds
        the state exactly.

        Raises:
            TabletopError: when ``view`` is not a view of this game.
        """

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key == other._key

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as its class and options (a state sent to a worker process carries its game):
        # whatever a game caches is rebuilt from them
        return (_rebuilt, (type(self), dict(self._options)))

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"tabletop.load({self.spec.name!r}, {args})"


def _rebuilt(kind: type[Game[Any, Any]], options: dict[str, Any]) -> Game[Any, Any]:
    return kind(**options)


def notation_error(text: str, expected: str) -> NotationError:
    """A :class:`NotationError` for ``text`` saying what was ``expected``."""
    return NotationError(f"{text!r} is not an action; expected {expected}", params={"text": text})
