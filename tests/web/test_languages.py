"""Every language complete (issue #17, item 7): the real pages — the lobby, each game's create form
with every option and its values, a table of each game after a few moves (its log, seats, legal
moves), a finished game watched from the lobby — read in Russian and Romanian, have no English left:
in Russian no Latin word at all but names, labels and JSON; in Romanian none of the English UI's
vocabulary. Numbers are written in the locale's figures (0,7 in the form); a spectator sees no
"Your legal moves" box."""

from __future__ import annotations

import re
from typing import Any

import pytest

import tabletop
from tests.web.play import beetle_step, create_table, cribbage_step, cubulus_step, is_over, kubik_step

pytestmark = pytest.mark.slow

GAMES = ("beetle", "cribbage", "cubulus", "kubik")
FOREIGN = [name for name in tabletop.REGISTRY if name not in GAMES]
"""Games from packages of their own (the tests' Pig): no words but their spec's English, which are not the app's."""
STEPS = {"beetle": beetle_step, "cribbage": cribbage_step, "cubulus": cubulus_step, "kubik": kubik_step}

ALLOWED_LATIN = {"tabletop", "JSON", "Ann", "English", "Română", "3D"}
"""Latin words a Russian page may show: the site's name, a player's name, the language menu, JSON and 3D."""

ENGLISH = frozenset(re.findall(r"\S+", """
the and your you our move moves moved seat seats player players bot bots easy hard default yes
game games table tables card cards deal deals dealt gets lays away plays says cuts counts pegs hand
roll rolls rolled throw throws insert inserts place places shift turns turn line lines team teams
small custom next off width border legal speed instant fast slow waiting score points wins won
draw match options seed cancel rules join watch replay lobby new loading physics calibrated
scorekeeper classic winged four legs neutral random lot pass strike hold miss out cross hit spin
power aim from into above below left right top bottom front layer face square ball balls cube die
part parts body head leg eye tail feeler feelers wings nothing starter pair run flush fifteen
thirty one two three four five six seven eight nine ten jack queen king ace clubs diamonds hearts
spades pegging crib's dealer target full short original players' take back undo agree refuse
clock bank free timed over abandoned winner shares rematch
"""))
"""The English UI's vocabulary: none of it may show on a Romanian page (Romanian's own loanwords —
crib, muggins, skunk, go, nobs, start, standard, model, total, normal — are not in the list)."""

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def visible_text(page: Any, tables: list[str] | None = None) -> str:
    """The page's visible text, every option of its menus included, without a move shown as notation
    on purpose (``code.notation``: the example of a move to type). With ``tables``, a lobby's lines
    of other tables are left out: their players' names are other tests' data (an English "Seat 2")."""
    return str(page.evaluate("""([tables, foreign]) => {
      const main = document.querySelector('main') || document.body;
      const copy = main.cloneNode(true);
      copy.querySelectorAll('code.notation, [hidden], script, style').forEach((e) => e.remove());
      // a game without a browser folder (the tests' Pig) has no words but its spec's English: not the app's
      copy.querySelectorAll('.game-card').forEach((e) => { if (foreign.includes(e.dataset.game)) e.remove(); });
      copy.querySelectorAll('option').forEach((e) => { if (foreign.includes(e.value)) e.remove(); });
      if (tables) copy.querySelectorAll('li[data-table]').forEach((e) => {
        if (!tables.includes(e.dataset.table)) e.remove(); });
      const options = [...main.querySelectorAll('select option')].filter((o) => !foreign.includes(o.value))
        .map((o) => o.textContent);
      const box = document.createElement('div');
      box.style.position = 'absolute'; box.style.left = '-99999px';
      box.append(copy);
      document.body.append(box);
      const text = copy.innerText;
      box.remove();
      return [text, ...options].join('\\n');
    }""", [tables, FOREIGN]))


def english_words(text: str, lang: str) -> list[str]:
    """The words of ``text`` that are English (Romanian), or Latin at all (Russian)."""
    words = WORD.findall(text.replace("Ann", " Ann "))  # a name may touch a label ("AnnA1" in the seat list)
    if lang == "ru":
        return sorted({w for w in words if re.fullmatch(r"[A-Za-z']+", w) and len(w) > 1 and w not in ALLOWED_LATIN
                       and not re.fullmatch(r"[AB]\d?", w)})
    return sorted({w for w in words if w.lower() in ENGLISH and w not in ALLOWED_LATIN})


LANGS = ("ru", "ro")


def reader(browser: Any, base_url: str) -> tuple[Any, Any]:
    """A browser context and its page, on the lobby in the first of ``LANGS``."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.goto(f"{base_url}/#/")
    switch_to(page, LANGS[0])
    return ctx, page


def switch_to(page: Any, lang: str) -> None:
    """Read the same page in ``lang``: the choice stored as the language menu stores it, the page reloaded."""
    page.evaluate("(lang) => localStorage.setItem('tabletop.lang', lang)", lang)
    page.reload()
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def play_a_little(page: Any, step: Any, actions: int) -> None:
    for _ in range(actions * 4):
        if is_over(page) or actions <= 0:
            return
        if step(page):
            actions -= 1
        else:
            page.wait_for_timeout(150)


def test_no_english_on_the_forms_and_tables(browser: Any, base_url: str) -> None:
    """Each page read in Russian, then the same page reloaded in Romanian (a table is played a little
    once and read in both: the languages share the moves, not the words)."""
    ctx, page = reader(browser, base_url)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    found: dict[str, list[str]] = {}
    try:
        for game in GAMES:
            page.goto(f"{base_url}/#/new/{game}")
            for lang in LANGS:
                switch_to(page, lang)
                page.wait_for_selector("#create-submit")
                page.wait_for_selector(".seat-row")
                found[f"{game} form {lang}"] = english_words(visible_text(page), lang)
                if game == "kubik":  # a default with decimals, in the locale's figures (skill 0.7)
                    assert "0,7" in page.locator("[data-option=skill] .help").inner_text(), lang
        ours: list[str] = []
        for game in GAMES:
            switch_to(page, LANGS[0])
            ours.append(create_table(page, base_url, game, {}, ["you", "bot"], seed=11))
            page.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.move")
            # two moves at Cubulus: its bot wins soon against the first legal hole, and the moves are read below
            play_a_little(page, STEPS[game], 2 if game == "cubulus" else 6)
            assert not is_over(page), f"{game}: the table should still be in play to be read"
            for lang in LANGS:
                switch_to(page, lang)
                page.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.move"
                                       " && document.querySelector('[data-testid=log] li')")
                found[f"{game} table {lang}"] = english_words(visible_text(page), lang)
                if game == "cubulus":  # its list of legal moves (a keyboard mode) reads in words, notation the tooltip
                    page.click("[data-action=moves-list]")
                    button = page.locator(".action-buttons .action, .action-select option").first
                    assert not re.match(r"(place|insert|shift) ", button.inner_text()), button.inner_text()
                    page.click("[data-action=moves-list]")
        page.goto(f"{base_url}/#/")
        for lang in LANGS:
            switch_to(page, lang)
            page.wait_for_selector(".table-list li")
            found[f"lobby {lang}"] = english_words(visible_text(page, ours), lang)
    finally:
        ctx.close()
    assert {where: words for where, words in found.items() if words} == {}
    assert not errors


def test_a_spectator_sees_no_legal_moves_and_reads_the_game_over_in_the_language(browser: Any,
                                                                                 base_url: str) -> None:
    """Two all-bot tables watched to their end, each read in Russian and again in Romanian."""
    ctx, page = reader(browser, base_url)
    try:
        for game in ("beetle", "cribbage"):
            switch_to(page, LANGS[0])
            create_table(page, base_url, game, {"target": 31} if game == "cribbage" else {}, ["bot", "bot"])  # we watch
            for lang in LANGS:
                switch_to(page, lang)
                page.wait_for_selector("[data-testid=result]:not([hidden])", timeout=60_000)
                assert page.locator(".actions-box").is_hidden()  # no empty "Your legal moves" for a spectator
                if game == "cribbage":
                    assert page.locator("section.hand").is_hidden()  # nor an empty "Your hand"
                assert english_words(visible_text(page), lang) == [], (game, lang)
                seat = page.locator(".seat-list li .seat-name").first.inner_text()
                assert seat.startswith({"ru": "Бот 1", "ro": "Robotul 1"}[lang]), seat
    finally:
        ctx.close()


def test_english_words_finds_english() -> None:
    """The check itself: it catches an English word in either language, and lets names and labels be."""
    assert english_words("Ann (A1) бросает · Bot 1 · easy", "ru") == ["Bot", "easy"]
    assert english_words("Ann aruncă de pe linia A · the cards are dealt", "ro") == ["cards", "dealt", "the"]
    assert english_words("Tu ai jucat Muggins, crib, go", "ro") == []
