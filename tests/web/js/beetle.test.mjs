// Beetle's move log told from the events the server sends (rules B5–B12): every kind in every
// language, a roll and its face as one line, parts by their table names (known ones translated,
// custom ones as they are), and nothing left untranslated.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { addStrings, setLang, t } from "../../../src/tabletop/web/js/i18n.js";
import { describeLog, strings } from "../../../src/tabletop/web/js/games/beetle/index.js";

addStrings("beetle", strings);

const LANGUAGES = ["en", "ru", "ro"];
const NAMES = ["Ann", "Bob", "Cid"];
const ctx = (viewer = null) => ({ seatName: (s) => NAMES[s], players: 3, view: {}, viewer });

const roll = (seat, rolloff = false) => ({ seat, action: "roll",
  events: [{ kind: "roll", seat, rolloff, action: true }] });
const offFace = (seat, value, ...caused) => ({ seat: -1, action: String(value),
  events: [{ kind: "rolloff_rolled", seat, face: value, action: true }, ...caused] });
const rolledFace = (seat, value, ...caused) => ({ seat: -1, action: String(value),
  events: [{ kind: "rolled", seat, face: value, action: true }, ...caused] });

// a three-seat game with play-on: a tie in the roll-off, Bob starts, parts drawn and turns lost, the places
const GAME = [
  roll(0, true), offFace(0, 6),
  roll(1, true), offFace(1, 6),
  roll(2, true), offFace(2, 1, { kind: "rolloff_tie", members: [0, 1], face: 6 }),
  roll(0, true), offFace(0, 2),
  roll(1, true), offFace(1, 5, { kind: "starts", seat: 1, face: 5 }),
  roll(1), rolledFace(1, 1, { kind: "part_drawn", seat: 1, part: "body", face: 1, have: 1, needed: 1 }),
  roll(2), rolledFace(2, 4, { kind: "nothing_drawn", seat: 2, face: 4, why: "needs",
    reasons: [{ part: "eye", why: "needs", missing: ["head"] }] }),
  roll(0), rolledFace(0, 3, { kind: "part_drawn", seat: 0, part: "leg", face: 3, have: 2, needed: 6 }),
  roll(1), rolledFace(1, 1, { kind: "nothing_drawn", seat: 1, face: 1, why: "complete",
    reasons: [{ part: "body", why: "complete", needed: 1 }] }),
  roll(2), rolledFace(2, 6, { kind: "nothing_drawn", seat: 2, face: 6, why: "complete",
    reasons: [{ part: "tail", why: "complete", needed: 1 }, { part: "wing", why: "complete", needed: 2 }] }),
  roll(0), rolledFace(0, 6, { kind: "part_drawn", seat: 0, part: "wing", face: 6, have: 2, needed: 2 },
    { kind: "beetle_finished", seat: 0, place: 1 }, { kind: "play_on", members: [1, 2], place: 2 }),
  roll(1), rolledFace(1, 3, { kind: "part_drawn", seat: 1, part: "leg", face: 3, have: 6, needed: 6 },
    { kind: "beetle_finished", seat: 1, place: 2 }, { kind: "last_place", seat: 2, place: 3 },
    { kind: "game_over", winner: 0, places: [0, 1, 2] }),
  roll(2),  // a die in the air
];

// a solitaire game on a custom table: a face with no part, a custom part name, the end
const CUSTOM = [
  roll(0), rolledFace(0, 5, { kind: "nothing_drawn", seat: 0, face: 5, why: "no_part", reasons: [] }),
  roll(0), rolledFace(0, 2, { kind: "nothing_drawn", seat: 0, face: 2, why: "needs",
    reasons: [{ part: "horn", why: "complete", needed: 1 },
      { part: "Zahnrad", why: "needs", missing: ["foot", "body"] }] }),
  roll(0), rolledFace(0, 1, { kind: "part_drawn", seat: 0, part: "Zahnrad", face: 1, have: 1, needed: 1 },
    { kind: "beetle_finished", seat: 0, place: 1 }, { kind: "game_over", winner: 0, places: [0] }),
];

function lines(entries, code, viewer = null) {
  setLang(code);
  try {
    return describeLog(entries, ctx(viewer));
  } finally {
    setLang("en");
  }
}

const texts = (ls) => ls.flatMap((l) => [l.text, ...l.notes]);

test("beetle: the samples cover every event kind the game declares", () => {
  const covered = new Set([...GAME, ...CUSTOM].flatMap((e) => e.events.map((ev) => ev.kind)));
  const listed = process.env.TABLETOP_EVENT_KINDS && existsSync(process.env.TABLETOP_EVENT_KINDS)
    ? JSON.parse(readFileSync(process.env.TABLETOP_EVENT_KINDS, "utf8")).kinds.beetle : null;
  for (const kind of listed || []) assert.ok(covered.has(kind), `no sample of ${kind}`);
});

test("beetle: every line in every language is filled in and translated", () => {
  const en = texts(lines([...GAME, ...CUSTOM], "en"));
  for (const code of LANGUAGES) {
    const all = texts(lines([...GAME, ...CUSTOM], code));
    assert.equal(all.length, en.length);
    for (const text of all) {
      assert.ok(text && !/\{\w+\}/.test(text), `${code}: a placeholder is left in ${JSON.stringify(text)}`);
      assert.ok(!/beetle\.|part\.|log\./.test(text), `${code}: a raw key in ${JSON.stringify(text)}`);
    }
    if (code !== "en") {
      all.forEach((text, k) => assert.notEqual(text, en[k], `${code} says the same as English: ${text}`));
    }
  }
});

test("beetle: a roll and its face are one line, what it caused its notes (B6, B11)", () => {
  const ls = lines(GAME, "en");
  assert.equal(ls.length, GAME.filter((e) => e.action === "roll").length);
  assert.deepEqual(ls[0], { text: "Ann rolls a 6 for the start", notes: [], actions: ["roll", "6"], seat: 0 });
  assert.deepEqual(ls[2].notes, ["A tie at 6: Ann, Bob roll again"]);
  assert.deepEqual(ls[4].notes, ["Bob starts"]);
  assert.deepEqual(ls.at(-1), { text: "Cid rolls the die…", notes: [], actions: ["roll"], seat: 2 });
  assert.equal(lines([roll(0, true)], "en")[0].text, "Ann rolls the die for the start…");
});

test("beetle: parts drawn and turns lost, with the reason (B4, B5, B10)", () => {
  const ls = lines(GAME, "en");
  assert.equal(ls[5].text, "Bob rolls a 1 and draws the body");
  assert.deepEqual([ls[6].text, ls[6].notes], ["Cid rolls a 4: nothing to draw, the turn is lost",
    ["Eye needs the head first"]]);
  assert.equal(ls[7].text, "Ann rolls a 3 and draws a leg (2 of 6)");
  assert.deepEqual(ls[8].notes, ["Body: already drawn"]);
  assert.deepEqual(ls[9].notes, ["Tail: already drawn", "Wing: 2 of 2 already drawn"]);
  const ru = lines(GAME, "ru");
  assert.equal(ru[7].text, "Ann выбрасывает 3 и рисует лапку (2 из 6)");
  assert.deepEqual(ru[6].notes, ["Глаз: сначала нужно нарисовать голову"]);
  assert.equal(lines(GAME, "ro")[7].text, "Ann dă 3 și desenează un picior (2 din 6)");
});

test("beetle: finishing, play-on places and the end (B7, B12)", () => {
  const ls = lines(GAME, "en");
  assert.deepEqual(ls[10].notes, ["Ann finishes the beetle — place 1!", "The others play on for place 2: Bob, Cid"]);
  assert.deepEqual(ls[11].notes, ["Bob finishes the beetle — place 2!", "Cid takes the last place (3)",
    "Game over. Places: 1. Ann, 2. Bob, 3. Cid"]);
  assert.deepEqual(lines(CUSTOM, "en")[2].notes, ["Ann finishes the beetle — place 1!", "Game over: Ann wins"]);
});

test("beetle: a custom table's parts are shown as it spells them", () => {
  for (const code of LANGUAGES) {
    const ls = lines(CUSTOM, code);
    assert.match(ls[2].text, /Zahnrad/);
    assert.match(ls[1].notes[1], /^Zahnrad\b.*foot/);
    assert.match(ls[1].notes[0], /^horn\b/);
    assert.equal(ls[0].notes.length, 1);
    assert.match(ls[0].notes[0], /5/);
  }
  assert.deepEqual(lines(CUSTOM, "en")[1].notes, ["horn: already drawn", "Zahnrad needs foot and the body first"]);
});

test("beetle: nothing is hidden, so every viewer reads the same log", () => {
  const spectator = lines(GAME, "en", null);
  for (const seat of [0, 1, 2]) assert.deepEqual(lines(GAME, "en", seat), spectator);
});

test("beetle: an entry without events, or a kind this client does not know, is told generically", () => {
  const ls = lines([{ seat: 0, action: "roll", events: [] },
    { seat: -1, action: "4", events: [{ kind: "rolled", seat: 0, face: 4, action: true },
      { kind: "wobble", seat: 0 }] }],
  "en");
  assert.equal(ls[0].text, t("log.fallback", { name: "Ann", action: "roll" }));
  assert.deepEqual([ls[1].text, ls[1].notes], ["Ann rolls a 4", []]);
});
