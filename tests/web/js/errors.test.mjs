// Errors as data (STYLE 16): every error code the core, the server and each game can send (the lists
// come from Python: TABLETOP_EVENT_KINDS, written by tests/web/test_js_units.py) has words in en, ru and
// ro with the same placeholders; errorText words a code from its params in the reader's language
// (numbers in its figures, seats by name, moves in words where the game has them) and falls back to the
// English reason for a code it does not know.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { STRINGS as SHELL, ServerError, errorText } from "../../../src/tabletop/web/js/errors.js";
import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";

const LANGUAGES = ["en", "ru", "ro"];
const listed = process.env.TABLETOP_EVENT_KINDS ? JSON.parse(readFileSync(process.env.TABLETOP_EVENT_KINDS, "utf8")) : null;
const folder = (game) => new URL(`../../../src/tabletop/web/js/games/${game}/strings.js`, import.meta.url);
const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("every code of the core and the server has words in every language, with the same placeholders",
  { skip: !listed && "run by test_js_units.py" }, () => {
    for (const code of LANGUAGES) {
      const missing = listed.errors.shell.filter((c) => !(`error.${c}` in SHELL[code]));
      assert.deepEqual(missing, [], `${code}: no "error.<code>" for these codes`);
      for (const key of Object.keys(SHELL[code])) assert.deepEqual(placeholders(SHELL[code][key]), placeholders(SHELL.en[key]), `${code} ${key}`);
    }
    const stale = Object.keys(SHELL.en).filter((key) => !listed.errors.shell.includes(key.slice("error.".length)));
    assert.deepEqual(stale, [], "words for codes nothing sends");
  });

for (const game of ["beetle", "cribbage", "cubulus", "kubik"]) {
  test(`${game}: every code of its own has words in every language`, { skip: (!listed && "run by test_js_units.py") || (!existsSync(folder(game)) && "no folder") }, async () => {
    const { STRINGS } = await import(folder(game));
    for (const code of LANGUAGES) {
      const missing = (listed.errors.games[game] || []).filter((c) => !(`${game}.error.${c}` in STRINGS[code]));
      assert.deepEqual(missing, [], `${game} in ${code}: no "${game}.error.<code>" for these codes`);
    }
    const declared = new Set(listed.errors.games[game] || []);
    const stale = Object.keys(STRINGS.en).filter((k) => k.startsWith(`${game}.error.`) && !declared.has(k.split(".")[2]));
    assert.deepEqual(stale, [], `${game}: words for codes the game does not declare`);
  });
}

test("a refusal in the reader's language: numbers in its figures, seats by name, the undo's reason", () => {
  setLang("ru");
  assert.equal(errorText({ code: "stale_move", params: { move: 1200, current: 1201 }, reason: "move 1200 is stale" }),
    "За столом уже другой ход (1\u00a0201, а не 1\u00a0200): посмотрите на доску ещё раз.");
  assert.equal(errorText({ code: "not_your_turn", params: { to_move: 1 } }, { seatName: (s) => ["Аня", "Боря"][s] }),
    "Не ваш ход: ходит Боря.");
  assert.equal(errorText({ code: "not_your_turn", params: { to_move: 2 } }), "Не ваш ход: ходит Место 3.");
  assert.match(errorText({ code: "undo_refused", params: { why: "bot" } }), /бот/);
  setLang("ro");
  assert.equal(errorText({ code: "too_many_creations", params: { limit: 10, retry_after: 1.5 } }),
    "Prea multe mese noi (cel mult 10 pe minut): încearcă din nou peste 1,5 s.");
  setLang("en");
});

test("a refused switch, request or token list says what and when to try again (#42 items 6, 7)", () => {
  const toggles = { code: "too_many_toggles", params: { limit: 10, span: 60, retry_after: 42 }, reason: "too many" };
  assert.equal(errorText(toggles), "Spectator chat was switched too often (at most 10 a minute): try again in 42 s.");
  setLang("ru");
  assert.match(errorText({ ...toggles, code: "too_many_undo_asks" }), /отмене хода .*через 42 с/);
  assert.equal(errorText({ code: "too_many_tokens", params: { count: 3, seats: 2 } }),
    "Слишком много ключей мест: 3, больше, чем мест за столом (2).");
  setLang("ro");
  assert.match(errorText({ ...toggles, code: "too_many_rematches" }), /revanșă .*peste 42 s/);
  setLang("en");
});

test("a game's own code is found in its folder's words, its params in the game's words", async () => {
  addStrings("cubulus", await import(folder("cubulus")));
  addStrings("cribbage", await import(folder("cribbage")));
  setLang("ru");
  const shift = { code: "null_shift", params: { action: "shift U102", line: "U102→100", colour: "blue" } };
  assert.equal(errorText(shift, { game: "cubulus" }),
    "В ряду U102→100 три шара одного цвета (синий): поворот ничего не меняет.");
  assert.equal(errorText({ code: "count_over_31", params: { card: "KS", count: 29, total: 39 } }, { game: "cribbage" }),
    "С KS счёт стал бы 39: счёт не может быть больше 31.");
  setLang("en");
  assert.equal(errorText(shift, { game: "cribbage" }), shift.reason ?? "", "another game's code is not looked up");
});

test("the legal moves in words where the game has them, the rest counted", () => {
  setLang("en");
  const error = { code: "illegal_action", params: { action: "b", legal: ["a", "c"], count: 5 } };
  assert.equal(errorText(error, { actionText: (a) => a.toUpperCase() }), "B is not allowed now. Allowed: A, C … (5).");
});

test("a code without words: the English that came with it; a body without a code: its detail", () => {
  setLang("ru");
  assert.equal(errorText({ code: "from_the_future", params: {}, reason: "a newer server's refusal" }), "a newer server's refusal");
  assert.equal(errorText({ detail: [{ loc: ["body", "seats"], msg: "too short" }] }), "body.seats: too short");
  const thrown = new ServerError(429, { detail: "too many", code: "too_many_requests", params: { limit: 30, retry_after: 1 } });
  assert.equal(thrown.message, "Слишком много запросов (не больше 30 в секунду): попробуйте через 1 с.");
  assert.equal(thrown.code, "too_many_requests");
  assert.equal(new ServerError(502, null, "Bad Gateway").message, "502 Bad Gateway");
  setLang("en");
});

test("a seat is said once, by the name the table shows, from its index (issue 41, item 4)", () => {
  const lacking = { code: "coach_seat", params: { seat: 6, seats: 2 }, reason: "seat=6: no seat has index 6" };
  const said = { en: "There is no Seat 7 at this table.", ru: "Место 7 — такого места за этим столом нет.",
    ro: "Locul 7 nu există la această masă." };
  for (const [lang, text] of Object.entries(said)) {
    setLang(lang);
    assert.equal(errorText(lacking), text);
  }
  setLang("en");
  assert.equal(errorText({ code: "seat_not_free", params: { seat: 1, free: [0, 2] } }), "Seat 2 is not free. Free: Seat 1, Seat 3.");
});
