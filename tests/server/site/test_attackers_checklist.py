"""The attacker's checklist of the accounts issue (issue 45, "Done when"), as an index of the tests that try
each attack on the real server: one place to read what is covered, kept true by the test below (a renamed or
removed test fails it, rather than leaving the list to promise what nothing checks)."""

from __future__ import annotations

import importlib

import pytest

CHECKLIST: dict[str, list[str]] = {
    "session fixation": [
        "tests.server.site.test_accounts::test_a_session_chosen_by_someone_else_is_never_the_one_signed_in"],
    "CSRF (a cross-site form post)": [
        "tests.server.site.test_accounts::test_a_cross_site_form_post_changes_nothing",
        "tests.server.site.test_seats_follow_the_account::"
        "test_a_signed_in_creation_without_the_csrf_token_is_refused_and_makes_nothing"],
    "credential stuffing throttled": [
        "tests.server.site.test_accounts::test_credential_stuffing_is_throttled_per_account_and_per_address",
        "tests.server.site.test_passkeys::test_every_failure_to_sign_in_answers_one_way"],
    "enumeration (an unknown name answered as a wrong password, after the same work)": [
        "tests.server.site.test_accounts::test_an_unknown_name_is_answered_as_a_wrong_password_after_the_same_work",
        "tests.server.site.test_mail::test_a_reset_link_comes_to_a_confirmed_address_only_and_answers_alike_for_anyone"],
    "another account's seat": [
        "tests.server.site.test_seats_follow_the_account::test_another_account_or_nobody_only_watches",
        "tests.server.site.test_seats_follow_the_account::"
        "test_ways_out_and_the_coach_answer_the_accounts_seat_without_a_token"],
    "a deleted account's sessions": [
        "tests.server.site.test_account_data::"
        "test_a_deleted_account_signs_nobody_in_its_games_stay_under_a_neutral_name_and_its_name_stays_taken",
        "tests.server.site.test_passkeys::test_a_deleted_accounts_passkeys_are_gone"],
    "a blocked player's messages": [
        "tests.server.site.test_moderation::test_a_blocked_players_chat_never_reaches_the_blocker_live_or_in_the_history",
        "tests.server.site.test_moderation::test_a_blocked_player_cannot_join_the_blockers_table_nor_address_them_a_seat"],
    "no secret stored or logged": [
        "tests.server.site.test_accounts::test_no_secret_is_stored_or_logged",
        "tests.server.site.test_moderation::"
        "test_a_players_moderator_actions_are_refused_and_every_action_is_logged_without_a_secret"],
    "a victory claimed before the others could come back": [
        "tests.server.test_leaving::test_within_the_window_nothing_is_offered_and_a_claim_is_refused_as_early",
        "tests.server.test_leaving::test_a_person_connected_to_another_server_process_is_not_gone"],
}


@pytest.mark.parametrize("attack", sorted(CHECKLIST))
def test_every_attack_on_the_list_is_tried_by_a_test_that_exists(attack: str) -> None:
    for name in CHECKLIST[attack]:
        module, test = name.split("::")
        assert callable(getattr(importlib.import_module(module), test, None)), f"{attack}: {name} is gone"
