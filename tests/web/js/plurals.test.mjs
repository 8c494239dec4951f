// A count's words in every language (issue #40, items 6 and 7): the form Intl.PluralRules picks —
// Russian one/few/many ("1 ход", "2 хода", "5 ходов", "11 ходов", "21 ход", "22 хода"), Romanian
// one/few/other ("1 mutare", "2 mutări", "20 de mutări", "101 mutări") — every plural entry with every
// category its language has and the same placeholders in each form; and ages in words.

import { test } from "node:test";
import assert from "node:assert/strict";

import { addStrings, missingPlurals, pluralCategory, setLang, t, timeAgo } from "../../../src/tabletop/web/js/i18n.js";

const forms = (lang, key, counts, params = (n) => ({ n })) => {
  setLang(lang);
  const said = counts.map((n) => t(key, params(n)));
  setLang("en");
  return said;
};

test("Russian and Romanian plural categories as Intl.PluralRules has them", () => {
  assert.deepEqual([1, 2, 5, 11, 21, 22].map((n) => pluralCategory(n, "ru")), ["one", "few", "many", "many", "one", "few"]);
  assert.deepEqual([1, 2, 20, 101].map((n) => pluralCategory(n, "ro")), ["one", "few", "other", "few"]);
  assert.deepEqual([0, 1, 2].map((n) => pluralCategory(n, "en")), ["other", "one", "other"]);
});

test("a table's moves in the lobby: '1 move', never '1 moves'", () => {
  assert.deepEqual(forms("en", "lobby.moves", [1, 2, 0]), ["1 move", "2 moves", "0 moves"]);
  assert.deepEqual(forms("ru", "lobby.moves", [1, 2, 5, 11, 21, 22]),
    ["1 ход", "2 хода", "5 ходов", "11 ходов", "21 ход", "22 хода"]);
  assert.deepEqual(forms("ro", "lobby.moves", [1, 2, 20, 101]), ["1 mutare", "2 mutări", "20 de mutări", "101 mutări"]);
});

test("what a waiting table waits for, in each language's forms", () => {
  assert.deepEqual(forms("en", "lobby.waitingFor", [1, 3]), ["waiting for 1 player", "waiting for 3 players"]);
  assert.deepEqual(forms("ru", "lobby.waitingFor", [1, 2, 5, 21]), ["ждёт 1 игрока", "ждёт 2 игроков", "ждёт 5 игроков", "ждёт 21 игрока"]);
  assert.deepEqual(forms("ro", "lobby.waitingFor", [1, 2, 20]), ["așteaptă 1 jucător", "așteaptă 2 jucători", "așteaptă 20 de jucători"]);
});

test("the other counts the shell words: unread messages, typed moves, a message's length, replay positions", () => {
  assert.deepEqual(forms("en", "chat.unread", [1, 4]), ["1 unread message", "4 unread messages"]);
  assert.deepEqual(forms("ru", "chat.unread", [1, 3, 11]), ["1 непрочитанное сообщение", "3 непрочитанных сообщения",
    "11 непрочитанных сообщений"]);
  assert.match(forms("ro", "chat.refused.long", [300])[0], /cel mult 300 de caractere/);
  assert.match(forms("ru", "chat.refused.long", [21])[0], /не больше 21 символа/);
  assert.match(forms("ro", "table.typeHint", [1])[0], /^1 mutare:/);
  assert.match(forms("ru", "table.typeHint", [1234])[0], /^1\u00a0234 хода:/);  // figures in the reader's way
  // the noun follows the second number: "after 3 of 1 action" would not be English
  assert.deepEqual(forms("en", "replay.after", [1, 5], (m) => ({ n: 0, m })), ["after 0 of 1 action", "after 0 of 5 actions"]);
  assert.deepEqual(forms("ro", "replay.position", [1, 21], (m) => ({ n: 1, m })), ["După 1 din 1 mutare", "După 1 din 21 de mutări"]);
});

test("every count's words have every form their language needs, with the same placeholders in each", () => {
  assert.deepEqual(missingPlurals(), { en: [], ru: [], ro: [] });  // (placeholders as English's, in every form)
  for (const lang of ["en", "ru", "ro"]) {
    setLang(lang);
    for (const key of ["lobby.moves", "lobby.waitingFor", "chat.unread", "table.typeHint", "lobby.waitingHint"]) {
      const said = [1, 2, 5, 21].map((n) => t(key, { n, example: "x" }));
      assert.ok(said.every((text) => !/\{\w+\}/.test(text)), `${lang} ${key}: ${said}`);
    }
  }
  setLang("en");
});

test("ages in words: just now, minutes, hours, days — in each language", () => {
  assert.equal(timeAgo(10), "just now");
  assert.equal(timeAgo(-5), "just now");  // a clock a little ahead
  assert.equal(timeAgo(125), "2 minutes ago");
  assert.equal(timeAgo(3 * 3600 + 10), "3 hours ago");
  setLang("ru");
  assert.deepEqual([60, 300, 21 * 60, 7200].map(timeAgo), ["1 минуту назад", "5 минут назад", "21 минуту назад", "2 часа назад"]);
  setLang("ro");
  assert.deepEqual([60, 20 * 60, 2 * 86400].map(timeAgo), ["acum 1 minut", "acum 20 de minute", "acum 2 zile"]);
  setLang("en");
});

test("(last: it adds words) the check finds a missing form and a form with other placeholders", () => {
  addStrings("probe", { STRINGS: { en: { "probe.count": { one: "{n} probe", other: "{n} probes" } },
    ru: { "probe.count": { one: "{n} зонд", few: "{n} зонда", other: "{m} зонда" } } } });
  const missing = missingPlurals();
  assert.deepEqual(missing.ru, ["probe.count:many", "probe.count:other:placeholders"]);
});
