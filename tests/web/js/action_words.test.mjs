// A move named apart from the screen — a replay's blunders, the coach's advice, the generic list of
// legal moves — reads in the game's own words and symbols (issue #40 item 7.1): each game's
// `actionText(action, view, ctx)` in en, ru and ro, with no notation left ("discard 2C 2D" is
// "Lay away 2♣ 2♦"; "intercept B1" names who stands, "Bob (B1)").

import { test } from "node:test";
import assert from "node:assert/strict";

import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";
import * as cribbageStrings from "../../../src/tabletop/web/js/games/cribbage/strings.js";
import * as kubikStrings from "../../../src/tabletop/web/js/games/kubik/strings.js";
import * as beetleStrings from "../../../src/tabletop/web/js/games/beetle/strings.js";
import { actionText as cribbageAction } from "../../../src/tabletop/web/js/games/cribbage/log.js";
import { actionText as kubikAction } from "../../../src/tabletop/web/js/games/kubik/log.js";
import { actionText as beetleAction } from "../../../src/tabletop/web/js/games/beetle/log.js";

addStrings("cribbage", cribbageStrings);
addStrings("kubik", kubikStrings);
addStrings("beetle", beetleStrings);

const LANGUAGES = ["en", "ru", "ro"];
const CARD_CODE = /\b(10|[2-9TJQKA])[CDHS]\b/;  // a card in notation: "TD", "2C"
const KEY_OR_HOLE = /[{}]|\b(cribbage|crib|kubik|beetle)\.[a-z]/;  // a raw key or an unfilled placeholder

/** Each player's action of cribbage (C5, C8, C9, C13, C17) and its words in every language. */
const CRIBBAGE = ["discard 2C 2D", "discard TD", "5H", "play QS", "go", "count", "count 12", "claim 2", "muggins", "pass"];

test("cribbage: every player's action is in words with the cards as symbols, in every language", () => {
  const seen = {};
  for (const language of LANGUAGES) {
    setLang(language);
    seen[language] = CRIBBAGE.map((action) => cribbageAction(action));
    for (const [i, text] of seen[language].entries()) {
      assert.ok(text, `${language}: ${CRIBBAGE[i]} has no words`);
      assert.doesNotMatch(text, CARD_CODE, `${language}: ${text}`);
      assert.doesNotMatch(text, KEY_OR_HOLE, `${language}: ${text}`);
    }
  }
  setLang("en");
  assert.equal(cribbageAction("discard 2C 2D"), "Lay away 2♣ 2♦");  // C5: as the screen's Discard says it
  assert.equal(cribbageAction("discard TD"), "Lay away 10♦");
  assert.equal(cribbageAction("5H"), "Play 5♥");  // C8: a card played is written as the card alone
  assert.equal(cribbageAction("play QS"), "Play Q♠");
  assert.equal(cribbageAction("count 12"), "Declare 12");  // C17
  assert.equal(cribbageAction("deal 5H"), null);  // chance's outcomes are no player's choice: its notation stays
  for (const language of ["ru", "ro"]) {  // translated, not English
    assert.notDeepEqual(seen[language], seen.en, language);
    assert.ok(seen[language][0].includes("2♣ 2♦"), seen[language][0]);
  }
});

test("kubik: an interception names who stands, as the log does, where the view says who holds the label (K19)", () => {
  const view = { players: [{ seat: 0, label: "A1" }, { seat: 1, label: "B1" }] };
  const ctx = { seatName: (seat) => ["Ann", "Bob"][seat] };
  const said = {};
  for (const language of LANGUAGES) {
    setLang(language);
    said[language] = kubikAction("intercept B1", view, ctx);
    assert.ok(said[language].includes("Bob (B1)"), `${language}: ${said[language]}`);
    assert.doesNotMatch(said[language], KEY_OR_HOLE);
    const thrown = kubikAction("throw A pos +0.5 aim -2 power 12 spin 4", view, ctx);  // K6
    assert.doesNotMatch(thrown, /\bpos\b|\bpower\b/, `${language}: ${thrown}`);
  }
  setLang("en");
  assert.equal(said.en, "Bob (B1) stands to intercept");
  assert.equal(kubikAction("intercept B1"), "B1 stands to intercept");  // no view: the label alone
  assert.notEqual(said.ru, said.en);
  assert.notEqual(said.ro, said.en);
});

test("beetle: its one choice, the roll (B5), is in words", () => {
  for (const language of LANGUAGES) {
    setLang(language);
    assert.ok(beetleAction("roll") && beetleAction("roll") !== "roll", language);
  }
  setLang("en");
});
