// Every language complete (issue #17, item 7): the app's own words (js/i18n.js) and every game's
// (js/games/<game>/strings.js) have each English key in Russian and Romanian too, with the same
// placeholders; every option of every game in the registry (TABLETOP_EVENT_KINDS, written by
// tests/web/test_js_units.py) has a label, its choices and presets words; numbers are written in the
// reader's figures (i18n's formatNumber); the legal moves of the generic list are told in words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { addStrings, formatNumber, hasOptionText, missingKeys, setLang, strayKeys, t } from "../../../src/tabletop/web/js/i18n.js";
import * as kubikLog from "../../../src/tabletop/web/js/games/kubik/log.js";
import * as beetleLog from "../../../src/tabletop/web/js/games/beetle/log.js";
import { NUMBER_WORDS } from "../../../src/tabletop/web/js/games/cribbage/strings.js";

const LANGUAGES = ["en", "ru", "ro"];
const GAMES = ["beetle", "cribbage", "cubulus", "kubik"];
const folder = (game) => new URL(`../../../src/tabletop/web/js/games/${game}/strings.js`, import.meta.url);
const listed = process.env.TABLETOP_EVENT_KINDS ? JSON.parse(readFileSync(process.env.TABLETOP_EVENT_KINDS, "utf8")) : null;

const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const game of GAMES) {
  test(`${game}: every English key and option is in ru and ro, with the same placeholders`, async () => {
    const { STRINGS, OPTIONS } = await import(folder(game));
    for (const code of LANGUAGES.slice(1)) {
      assert.deepEqual(Object.keys(STRINGS.en).filter((k) => !(k in STRINGS[code])), [], `${game}: keys missing in ${code}`);
      assert.deepEqual(Object.keys(STRINGS[code]).filter((k) => !(k in STRINGS.en)), [], `${game}: ${code} keys English lacks`);
      assert.deepEqual(Object.keys(OPTIONS.en).filter((k) => !(k in OPTIONS[code])), [], `${game}: options missing in ${code}`);
      for (const [key, text] of Object.entries(STRINGS.en)) {
        assert.deepEqual(placeholders(STRINGS[code][key]), placeholders(text), `${game} ${code} ${key}: placeholders`);
      }
      for (const [name, [label, help]] of Object.entries(OPTIONS[code])) {
        assert.ok(label && help, `${game} ${code} option ${name}: a label and a help`);
      }
    }
  });
}

test("the app's own words: every English key is in ru and ro, with the same placeholders", async () => {
  for (const game of GAMES) addStrings(game, await import(folder(game)));
  assert.deepEqual(missingKeys(), { en: [], ru: [], ro: [] });
  for (const code of LANGUAGES.slice(1)) {
    setLang("en");
    const keys = ["create.title", "table.typeHint", "bot.nameLevel", "lobby.players", "replay.position", "gameover.offer"];
    const english = keys.map((k) => placeholders(t(k)));
    setLang(code);
    assert.deepEqual(keys.map((k) => placeholders(t(k))), english, code);
  }
  setLang("en");
});

test("every game's words are its own: keyed <game>.… or game.<game>.…, never another's or the shell's", async () => {
  for (const game of GAMES) assert.deepEqual(strayKeys(game, await import(folder(game))), [], game);
  // a fifth card game's "card.back" would have overwritten cribbage's: refused by name, in any language
  const words = { STRINGS: { en: { "newgame.title": "x", "card.back": "a card" }, ru: { "lobby.players": "x" } } };
  assert.deepEqual(strayKeys("newgame", words), ["card.back", "lobby.players"]);
  assert.deepEqual(strayKeys("newgame", { STRINGS: { en: { "game.newgame.title": "New" } } }), []);
});

test("the test fails on a key English has and another language lacks", () => {
  addStrings("probe", { STRINGS: { en: { "probe.only.english": "only in English" } }, OPTIONS: { en: { only: ["Only", "English"] } } });
  const missing = missingKeys();
  assert.ok(missing.ru.includes("probe.only.english") && missing.ro.includes("probe.only.english"));
  assert.ok(missing.ru.includes("option:probe.only"));
});

test("every option of every game has words in every language: its label, its choices, its presets", { skip: !listed && "run by test_js_units.py" }, async () => {
  for (const game of GAMES) {
    if (!existsSync(folder(game))) continue;
    const strings = await import(folder(game));
    addStrings(game, strings);
    for (const code of LANGUAGES) {
      setLang(code);
      for (const option of listed.options[game]) {
        assert.ok(hasOptionText(game, option.name), `${game} ${code}: no label for the option ${option.name}`);
        for (const choice of option.choices) {
          if (/^-?\d+$/.test(choice)) continue;  // a number (or a seat) is written as such
          assert.notEqual(t(`${game}.choice.${option.name}.${choice}`), `${game}.choice.${option.name}.${choice}`,
            `${game} ${code}: no word for the choice ${option.name}=${choice}`);
        }
        for (const preset of option.presets) {
          assert.notEqual(t(`${game}.preset.${option.name}.${preset}`), `${game}.preset.${option.name}.${preset}`,
            `${game} ${code}: no word for the preset ${option.name}:${preset}`);
        }
      }
    }
  }
  setLang("en");
});

test("numbers in the reader's figures: a decimal comma and a minus sign in ru and ro (formatNumber)", () => {
  const cases = { en: ["−0.5", "+0.5", "75.3%", "1,234", "2.00"], ru: ["−0,5", "+0,5", "75,3 %", "1 234", "2,00"],
    ro: ["−0,5", "+0,5", "75,3 %", "1.234", "2,00"] };
  for (const [code, expected] of Object.entries(cases)) {
    setLang(code);
    const got = [formatNumber(-0.5), formatNumber(0.5, { sign: true }), formatNumber(0.753, { percent: true, digits: 1 }),
      formatNumber(1234), formatNumber(2, { digits: 2 })].map((s) => s.replace(/\u00a0|\u202f/g, " "));
    assert.deepEqual(got, expected, code);
  }
  setLang("ro");
  assert.equal(kubikLog.signed(-0.5), "−0,5");  // Kubik's metres: "−0,5 m", never "-0.5 m"
  setLang("en");
});

test("the cribbage count is said in each language's numbers, 0 to 31", () => {
  for (const code of LANGUAGES) assert.equal(NUMBER_WORDS[code].length, 32, code);
  assert.equal(NUMBER_WORDS.ru[15], "пятнадцать");
  assert.equal(NUMBER_WORDS.ro[15], "cincisprezece");
});

test("the generic list's legal moves in words: Kubik's throws and calls, Beetle's roll (no notation)", async () => {
  addStrings("kubik", await import(folder("kubik")));
  addStrings("beetle", await import(folder("beetle")));
  const moves = ["throw A pos -0.5 aim -6 power 8 spin 0", "throw", "pass", "intercept B1", "strike", "hold", "first B",
    "miss", "in", "out 4", "cross", "hit 3", "seen out 2"];
  const told = {};
  for (const code of LANGUAGES) {
    setLang(code);
    told[code] = moves.map((m) => kubikLog.actionText(m));
    for (const [i, text] of told[code].entries()) {
      assert.ok(text && !/\{\w+\}|kubik\./.test(text), `${code}: ${moves[i]} → ${text}`);
      if (code !== "en") assert.doesNotMatch(text, /\b(pos|aim|power|spin|seen|intercept|strike|hold|throw|out|in|miss|cross|hit)\b/i, `${code}: English in ${text}`);
    }
    assert.equal(beetleLog.actionText("roll"), t("beetle.roll"));
  }
  assert.equal(told.en[0], "Throw from line A: at −0.5 m, aim −6°, 8 m/s, 0 turns/s");
  assert.equal(told.ro[0], "Aruncare de pe linia A: la −0,5 m, ținta −6°, 8 m/s, 0 ture/s");
  assert.equal(told.ru[3], "B1 встаёт на перехват");
  assert.equal(kubikLog.actionText("in 3/1 at +0.210,-0.100,12.0 noise 0.31"), null);  // physics detail: shown as notation
  setLang("en");
});
