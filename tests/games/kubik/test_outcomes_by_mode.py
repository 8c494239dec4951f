"""K20, K20b (#41 item 3): ``apply`` takes exactly the outcomes the table's ``throws`` can produce. A
scorekeeper takes what people enter (faces, where the cube went) but never simulation noise; the
calibrated model only the outcomes it gives a chance; a physics record relabelled ``throws=calibrated``
is refused, naming the option. The referee's reproductions are the cases below."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import IllegalActionError, Record, RecordError
from tabletop.sim import play


def at_throw(**options: object) -> object:
    game = tabletop.load("kubik", players=2, **options)
    return game.initial_state().apply_text("first A").apply_text(
        "throw" if options.get("throws") == "manual" else "throw A pos 0 aim 0 power 12 spin 4")


@pytest.mark.parametrize("mode", ["manual", "calibrated"])
@pytest.mark.parametrize("text", ["out 6/3 noise 1,2,3,4,5,6,7", "in 4/2 at +0.3,-0.2,15 noise 1,2,3,4,5,6,7",
                                  "miss noise 9,1,1,1,1,1,1"])
def test_k20_noise_no_mode_but_physics_produces_is_refused_naming_the_option(mode: str, text: str) -> None:
    state = at_throw(throws=mode)
    with pytest.raises(IllegalActionError, match=f"throws={mode} never produces it") as refused:
        state.apply_text(text)  # type: ignore[attr-defined]
    assert refused.value.code == "outcome_mode" and refused.value.params["option"] == "throws"


def test_k20_a_scorekeeper_takes_faces_and_places_as_people_enter_them() -> None:
    state = at_throw(throws="manual")
    for text in ("out 6", "in", "miss", "in 4/2 at +0.3,-0.2,15"):
        assert not state.apply_text(text).is_terminal  # type: ignore[attr-defined]


def test_k20b_the_calibrated_model_takes_only_its_own_outcomes() -> None:
    state = at_throw(throws="calibrated")
    listed = [str(o) for o in state.legal_actions()]  # type: ignore[attr-defined]
    for text in listed:
        state.apply_text(text)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="throws=calibrated never produces it"):
        state.apply_text("out 6/3")  # type: ignore[attr-defined]


def test_k20_a_physics_record_relabelled_calibrated_is_refused_naming_the_option() -> None:
    game = tabletop.load("kubik", players=2, target=5)
    played = play(game, [RandomAgent(), RandomAgent()], seed=2)
    record = Record.from_json(played.record.to_json())
    assert tabletop.replay(record) == played.state
    relabelled = Record(record.game, {**record.options, "throws": "calibrated"}, record.actions)
    with pytest.raises(RecordError, match="throws=calibrated never produces it"):
        tabletop.replay(relabelled)



def test_k11_a_scorekeeper_game_has_no_throw_limit_a_simulated_one_a_safety_cap() -> None:
    """#41 item 5: no hidden cap on a real field — a scorekeeper game ends only by the rules (K11); a
    simulated game keeps a documented safety cap of 200 unless its table names another (0: none); rules 1
    games had 200 everywhere and load so."""
    import tabletop.games.kubik.game as kubik_game
    from tabletop.games.kubik.state import KubikState

    manual = tabletop.load("kubik", players=2, throws="manual")
    assert manual.options["max_throws"] == 0 and manual.throw_limit is None
    state: KubikState = manual.initial_state().apply_text("first A")  # type: ignore[assignment]
    for _ in range(300):  # far past any cap: the game goes on, both teams missing
        state = state.apply_text("throw").apply_text("miss")  # type: ignore[assignment]
    assert not state.is_terminal and state.throws == 300 and state.scores == (-750, -750)
    assert tabletop.load("kubik", throws="calibrated").throw_limit == kubik_game.SIMULATION_CAP == 200
    assert tabletop.load("kubik", throws="calibrated", max_throws=0).throw_limit is None
    assert tabletop.load("kubik", throws="manual", max_throws=50).throw_limit == 50
    old = tabletop.load("kubik", throws="manual", rules=1)
    assert old.throw_limit == 200 and any("max_throws=200" in note for note in old.notes)
