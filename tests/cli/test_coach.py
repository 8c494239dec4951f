"""``tabletop play --coach``: the advice for the person's seat before each decision (issue #20, item 6)."""

from __future__ import annotations

from typer.testing import CliRunner

from tabletop.cli.app import app

runner = CliRunner()


def test_coach_shows_each_discards_figures_with_the_best_starred_c5() -> None:
    result = runner.invoke(app, ["play", "cribbage", "--seats", "human,bot", "--seed", "3", "--coach"],
                           input="discard 2S QH\nq\n")
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Coach: discard" in out and "★ discard 2S QH" in out and "12.16" in out
    assert out.count("Coach: discard") == 1  # shown once per decision, not again after it


def test_without_coach_there_is_no_advice_and_beetle_tells_the_odds() -> None:
    result = runner.invoke(app, ["play", "cribbage", "--seats", "human,bot", "--seed", "3"], input="q\n")
    assert result.exit_code == 0 and "Coach" not in result.stdout
    result = runner.invoke(app, ["play", "beetle", "--seats", "human,bot", "--seed", "1", "--coach"], input="\nq\n")
    assert result.exit_code == 0 and "Coach: chances of winning — seat 1" in result.stdout
