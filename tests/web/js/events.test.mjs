// Every event kind a game emits (the list comes from the Python side: TABLETOP_EVENT_KINDS, written
// by tests/web/test_js_units.py from each game's spec) has words in every language of the app:
// the key "<game>.event.<kind>" in the game's strings.js, in en, ru and ro. A game without a
// folder in js/games plays with generic controls and needs none.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

// run alone (npm test), the registry's lists are not at hand: those checks are skipped, saying so
const listed = process.env.TABLETOP_EVENT_KINDS ? JSON.parse(readFileSync(process.env.TABLETOP_EVENT_KINDS, "utf8")) : null;
const { kinds, results } = listed ?? { kinds: {}, results: [] };
const LANGUAGES = ["en", "ru", "ro"];

if (!listed) test("every game's event kinds have words in en, ru and ro", { skip: "run by test_js_units.py" }, () => {});
for (const [game, list] of Object.entries(kinds)) {
  const strings = new URL(`../../../src/tabletop/web/js/games/${game}/strings.js`, import.meta.url);
  test(`${game}: every event kind has words in en, ru and ro`, { skip: !existsSync(strings) && "no folder" }, async () => {
    const { STRINGS } = await import(strings);
    for (const code of LANGUAGES) {
      const missing = list.filter((kind) => !(`${game}.event.${kind}` in STRINGS[code]));
      assert.deepEqual(missing, [], `${game} in ${code}: no "${game}.event.<kind>" for these kinds`);
    }
  });
}

test("every result kind has words in en, ru and ro", { skip: !listed && "run by test_js_units.py" }, async () => {
  const { t, setLang } = await import("../../../src/tabletop/web/js/i18n.js");
  for (const code of LANGUAGES) {
    setLang(code);
    for (const kind of results) assert.notEqual(t(`result.${kind}`), `result.${kind}`, `${code}: result.${kind}`);
  }
  setLang("en");
});
