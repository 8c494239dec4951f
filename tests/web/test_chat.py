"""Chat at a table in the browser (issue #17, item 6): two players talk, a spectator reads and writes
only once a player lets spectators in, messages are text (never markup), a phone starts with the
panel collapsed and counts the unread, and a refusal for writing too fast says so and gives the
text back. Every page comes from one address, so the module's messages share one client's chat rate
(5 in ten seconds): the tests run in order and the last one is the one that hits it."""

from __future__ import annotations

import re
from typing import Any

from tests.web.pages import PHONE_HEIGHT, PHONE_WIDTH, assert_fits, recording_page, shot
from tests.web.play import create_table

LIST = "[data-testid=chat-list]"


def write(page: Any, text: str) -> None:
    """Type ``text`` in the chat line and press Enter (as a person does)."""
    page.locator("[data-testid=chat-input]").fill(text)
    page.locator("[data-testid=chat-input]").press("Enter")


def lines(page: Any) -> list[str]:
    return [str(t) for t in page.locator(f"{LIST} li .chat-text").all_inner_texts()]


def wait_for_line(page: Any, text: str) -> None:
    page.wait_for_function("([sel, text]) => [...document.querySelectorAll(sel + ' li .chat-text')]"
                           ".some((el) => el.textContent === text)", arg=[LIST, text])


def test_two_players_chat_and_a_spectator_reads_until_a_player_lets_spectators_write(
        browser: Any, base_url: str) -> None:
    with recording_page(browser, viewport={"width": 1280, "height": 800}) as ann, \
            recording_page(browser, viewport={"width": 1280, "height": 800}) as bob, \
            recording_page(browser, viewport={"width": 1280, "height": 800}) as watcher:
        create_table(ann, base_url, "beetle", {}, ["you", "friend"])
        link = ann.locator(".invite-url").input_value()
        ann.click("[data-action=to-table]")
        bob.goto(link)
        bob.wait_for_url(re.compile(r"#/table/"))
        table = bob.url.rsplit("/", 1)[1]
        watcher.goto(f"{base_url}/#/watch/{table}")
        for page in (ann, bob, watcher):
            page.wait_for_selector(f"{LIST} .chat-none")
        write(ann, "Hello Bob <b>good luck</b>")
        for page in (ann, bob, watcher):
            wait_for_line(page, "Hello Bob <b>good luck</b>")  # as text: the markup is shown, not made
            assert page.locator(f"{LIST} b").count() == 0
            assert page.locator(f"{LIST} li .chat-who").first.inner_text() == "Ann"
        assert ann.locator("[data-testid=chat-input]").input_value() == ""
        write(bob, "  thanks,   Ann ")
        wait_for_line(ann, "thanks, Ann")
        # the spectator reads but cannot write until a player lets spectators in
        assert watcher.locator("[data-testid=chat-input]").is_hidden()
        assert "read the chat" in watcher.inner_text("[data-testid=chat-readonly]")
        assert watcher.locator("[data-testid=chat-allow]").is_hidden()
        ann.check("[data-testid=chat-allow]")
        watcher.wait_for_selector("[data-testid=chat-input]", state="visible")
        bob.wait_for_function("() => document.querySelector('[data-testid=chat-allow]').checked")
        write(watcher, "nice game")
        wait_for_line(bob, "nice game")
        who = bob.locator(f"{LIST} li").last.locator(".chat-who").inner_text()
        assert who == "spectator"
        shot(bob, "chat-two-players")
        for page in (ann, bob, watcher):
            assert not page.errors, page.errors


def test_on_a_phone_the_chat_starts_collapsed_and_counts_unread_messages(browser: Any, base_url: str) -> None:
    with recording_page(browser, viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT}, is_mobile=True,
                        has_touch=True) as ann, \
            recording_page(browser, viewport={"width": 1280, "height": 800}) as bob:
        create_table(ann, base_url, "beetle", {}, ["you", "friend"])
        link = ann.locator(".invite-url").input_value()
        ann.click("[data-action=to-table]")
        bob.goto(link)
        bob.wait_for_url(re.compile(r"#/table/"))
        toggle = ann.locator(".chat-toggle")
        toggle.wait_for()
        assert toggle.get_attribute("aria-expanded") == "false"
        assert ann.locator("#chat-body").is_hidden()
        bob.wait_for_selector(f"{LIST} .chat-none")
        write(bob, "ready?")
        ann.wait_for_selector("[data-testid=chat-unread]:not([hidden])")
        assert ann.inner_text("[data-testid=chat-unread]") == "1"
        assert "1 unread" in (ann.get_attribute("[data-testid=chat-unread]", "aria-label") or "")
        assert_fits(ann)
        toggle.focus()  # keyboard: the toggle opens it, the line takes the focus by Tab
        ann.keyboard.press("Enter")
        assert toggle.get_attribute("aria-expanded") == "true"
        assert ann.locator("[data-testid=chat-unread]").is_hidden()
        assert lines(ann) == ["ready?"]
        who = ann.locator(f"{LIST} li .chat-who").first.inner_text()
        spoken = ann.evaluate("() => [...document.querySelectorAll('.chat-box [aria-live=polite]')]"
                              ".map((el) => el.textContent)")
        assert spoken == [f"{who}: ready?"]  # read out politely to a screen reader
        assert_fits(ann)
        assert not ann.errors and not bob.errors


def test_writing_too_fast_is_refused_with_when_to_try_again_and_the_text_comes_back(
        browser: Any, base_url: str) -> None:
    with recording_page(browser, viewport={"width": 1280, "height": 800}) as ann:
        create_table(ann, base_url, "beetle", {}, ["you", "bot"])
        ann.wait_for_selector(f"{LIST} .chat-none")
        for n in range(8):  # the module's client has written four messages in the last seconds: the fifth is the last
            write(ann, f"message {n}")
            ann.wait_for_function("([sel, text]) => [...document.querySelectorAll(sel + ' li .chat-text')]"
                                  ".some((el) => el.textContent === text)"
                                  " || !document.querySelector('[data-testid=chat-note]').hidden",
                                  arg=[LIST, f"message {n}"])
            if ann.locator("[data-testid=chat-note]").is_visible():
                break
        note = ann.inner_text("[data-testid=chat-note]")
        assert re.search(r"Too many messages: you can write again in \d+ s", note), note
        assert ann.locator("[data-testid=chat-input]").input_value() == f"message {n}"  # given back to send later
        assert f"message {n}" not in lines(ann)
        shot(ann, "chat-refused")
        assert not ann.errors
