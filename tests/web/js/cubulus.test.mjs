// Cubulus's move log told from events (js/games/cubulus/log.js) in every language: every event kind
// the game declares (TABLETOP_EVENT_KINDS, from tests/web/test_js_units.py) is rendered in en, ru and
// ro, with no {placeholder} or raw key left, and ru/ro differ from en. Cubulus hides nothing, so every
// viewer (a seat, a spectator) reads the same log. The samples are what the Python side emits
// (src/tabletop/games/cubulus/events.py): a two-player game's draw and set-up, inserts, a shift, the
// squares of U8/U15; a three-player draw, a pass, U15's second seat after the mover; the U16 draws.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";
import * as strings from "../../../src/tabletop/web/js/games/cubulus/strings.js";
import { squareName } from "../../../src/tabletop/web/js/games/cubulus/log.js";
import { describeLog } from "../../../src/tabletop/web/js/games/cubulus/visitor.js";

addStrings("cubulus", strings);

const LANGUAGES = ["en", "ru", "ro"];
const listed = process.env.TABLETOP_EVENT_KINDS;
const KINDS = listed && existsSync(listed) ? JSON.parse(readFileSync(listed, "utf8")).kinds.cubulus : null;

const TWO = [
  {"seat": -1, "action": "first 1", "events": [{"kind": "starts", "seat": 1, "placer": 0, "action": true}]},
  {"seat": 0, "action": "place 000", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "000", "left": 8, "action": true}]},
  {"seat": 0, "action": "place 012", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "012", "left": 7, "action": true}]},
  {"seat": 0, "action": "place 021", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "021", "left": 6, "action": true}]},
  {"seat": 0, "action": "place 102", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "102", "left": 5, "action": true}]},
  {"seat": 0, "action": "place 111", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "111", "left": 4, "action": true}]},
  {"seat": 0, "action": "place 120", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "120", "left": 3, "action": true}]},
  {"seat": 0, "action": "place 201", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "201", "left": 2, "action": true}]},
  {"seat": 0, "action": "place 210", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "210", "left": 1, "action": true}]},
  {"seat": 0, "action": "place 222", "events": [{"kind": "neutral_placed", "seat": 0, "cell": "222", "left": 0, "action": true}, {"kind": "setup_done", "seat": 1}]},
  {"seat": 1, "action": "insert U002", "events": [{"kind": "insert", "seat": 1, "colour": "blue", "hole": "U002", "pushed": 0, "action": true}]},
  {"seat": 0, "action": "insert U102", "events": [{"kind": "insert", "seat": 0, "colour": "red", "hole": "U102", "pushed": 2, "action": true}]},
  {"seat": 1, "action": "insert U102", "events": [{"kind": "insert", "seat": 1, "colour": "blue", "hole": "U102", "pushed": 1, "action": true}]},
  {"seat": 1, "action": "shift U102", "events": [{"kind": "shift", "seat": 1, "hole": "U102", "line": ["102", "101", "100"], "action": true}]},
  {"seat": 0, "action": "insert L000", "events": [{"kind": "insert", "seat": 0, "colour": "red", "hole": "L000", "pushed": 1, "action": true}, {"kind": "square", "seat": 1, "colour": "blue", "face": "D", "shape": "small", "cells": ["100", "110", "200", "210"], "by": 0, "wins": true}, {"kind": "square", "seat": 0, "colour": "red", "face": "L", "shape": "small", "cells": ["000", "001", "010", "011"], "by": 0, "wins": false}]},
  {"seat": 0, "action": "insert L000", "events": [{"kind": "insert", "seat": 0, "colour": "red", "hole": "L000", "pushed": 0, "action": true}, {"kind": "square", "seat": 0, "colour": "red", "face": "L", "shape": "small", "cells": ["000", "001", "010", "011"], "by": 0, "wins": true}]},
];

const THREE = [
  {"seat": -1, "action": "first 2", "events": [{"kind": "starts", "seat": 2, "action": true}]},
  {"seat": 0, "action": "pass", "events": [{"kind": "pass", "seat": 0, "action": true}]},
  {"seat": 0, "action": "shift L000", "events": [{"kind": "shift", "seat": 0, "hole": "L000", "line": ["000", "100", "200"], "action": true}, {"kind": "square", "seat": 1, "colour": "blue", "face": "D", "shape": "small", "cells": ["100", "110", "200", "210"], "by": 0, "wins": true}, {"kind": "square", "seat": 2, "colour": "yellow", "face": "L", "shape": "small", "cells": ["000", "001", "010", "011"], "by": 0, "wins": false}]},
  {"seat": 1, "action": "shift U102", "events": [{"kind": "shift", "seat": 1, "hole": "U102", "line": ["102", "101", "100"], "action": true}, {"kind": "draw", "why": "repetition", "moves": 12}]},
  {"seat": 0, "action": "insert U202", "events": [{"kind": "insert", "seat": 0, "colour": "red", "hole": "U202", "pushed": 0, "action": true}, {"kind": "draw", "why": "move_cap", "moves": 3}]},
];

const NAMES = ["Ann", "Bob", "Cy"];

function ctx(players, viewer) {
  const colours = players === 2 ? ["red", "blue", "neutral"] : ["red", "blue", "yellow"];
  return { seatName: (seat) => NAMES[seat], players, view: { colours }, viewer };
}

function tell(code, entries, players, viewer = null) {
  setLang(code);
  try {
    return describeLog(entries, ctx(players, viewer));
  } finally {
    setLang("en");
  }
}

const texts = (lines) => lines.flatMap((l) => [l.text, ...l.notes]);

test("every declared cubulus kind is in the samples", () => {
  const sampled = new Set([...TWO, ...THREE].flatMap((e) => e.events.map((ev) => ev.kind)));
  for (const kind of KINDS || []) assert.ok(sampled.has(kind), `no sample of ${kind}`);
});

for (const code of LANGUAGES) {
  test(`cubulus log in ${code}: every line filled in, no raw key`, () => {
    for (const [entries, players] of [[TWO, 2], [THREE, 3]]) {
      for (const text of texts(tell(code, entries, players))) {
        assert.ok(text && !/\{\w+\}/.test(text), `${code}: ${text}`);
        assert.ok(!text.includes("cubulus.") && !text.includes("log.cub"), `${code}: raw key in ${text}`);
        assert.ok(!text.includes("undefined") && !text.includes("NaN"), `${code}: ${text}`);
      }
    }
  });
}

test("cubulus log in en: one line per action, the nine neutral balls as one, consequences as notes", () => {
  const lines = tell("en", TWO, 2);
  assert.equal(lines.length, 1 + 1 + 6);
  assert.equal(lines[0].text, "By lot, Bob (blue) starts; Ann (orange) places the neutral balls");
  assert.equal(lines[0].seat, -1);
  assert.equal(lines[1].text, "Ann (orange) places neutral balls at bottom layer, front left; top layer, middle left; middle layer, back left; "
    + "top layer, front centre; middle layer, centre; bottom layer, back centre; middle layer, front right; "
    + "bottom layer, middle right; top layer, back right (0 left)");
  assert.equal(lines[1].actions.length, 9);
  assert.deepEqual(lines[1].notes, ["The neutral balls are placed; Bob (blue) starts"]);
  assert.equal(lines[2].text, "Bob (blue) inserts a ball from above into top layer, front left");
  assert.equal(lines[3].text, "Ann (orange) inserts a ball from above into top layer, front centre, pushing two balls deeper");
  assert.equal(lines[4].text, "Bob (blue) inserts a ball from above into top layer, front centre, pushing one ball deeper");
  assert.equal(lines[5].text, "Bob (blue) turns the line from above at top layer, front centre: the ball at the far end, "
    + "bottom layer, front centre, comes back in at the hole");
  assert.deepEqual(lines[6].notes, [
    "Bob (blue) wins with the small square on the bottom face, made by Ann (orange)'s move: a square made for another player wins for them",
    "Ann (orange)'s own square, the small square on the left face, made by the same move, does not count",
  ]);
  assert.deepEqual(lines[7].notes, ["Ann (orange) wins with the small square on the left face"]);
  const three = tell("en", THREE, 3);
  assert.equal(three[0].text, "By lot, Cy (yellow) starts");
  assert.equal(three[1].text, "Ann (orange) has no legal move and passes");
  assert.match(three[2].notes[1], /^Cy \(yellow\)'s small square .* does not count: the first player after the mover wins$/);
  assert.deepEqual(three[3].notes, ["Draw: the same position has occurred for the third time"]);
  assert.deepEqual(three[4].notes, ["Draw: the limit of 3 moves after the set-up is reached"]);
});

test("cubulus log: a single neutral ball placed so far reads as one ball", () => {
  assert.equal(tell("en", TWO.slice(0, 2), 2)[1].text, "Ann (orange) places a neutral ball at bottom layer, front left (8 left)");
  assert.equal(tell("ru", TWO.slice(0, 3), 2)[1].text, "Ann (оранжевый) ставит нейтральные шары: нижний слой, спереди слева; верхний слой, посередине слева (осталось: 7)");
});

test("cubulus log in ru and ro: translated, with the colours in the reader's language", () => {
  const en = texts(tell("en", [...TWO, ...THREE], 3));
  for (const code of ["ru", "ro"]) {
    const other = texts(tell(code, [...TWO, ...THREE], 3));
    assert.equal(other.length, en.length);
    other.forEach((text, i) => assert.notEqual(text, en[i], `${code} line ${i} is English: ${text}`));
  }
  const ru = texts(tell("ru", TWO, 2));
  assert.ok(ru.includes("Ann (оранжевый) побеждает: малый квадрат на левой грани"));
  const ro = texts(tell("ro", THREE, 3));
  assert.ok(ro.includes("Remiză: aceeași poziție a apărut a treia oară"));
  assert.ok(ro[0].includes("Cy (galben)"));
});

test("cubulus log: every viewer reads the same (nothing is hidden)", () => {
  const spectator = tell("en", TWO, 2, null);
  for (const viewer of [0, 1]) assert.deepEqual(tell("en", TWO, 2, viewer), spectator);
});

test("cubulus log: the three shapes of square, named with their face in words, and an entry without events told generically", () => {
  for (const code of LANGUAGES) {
    setLang(code);
    const names = ["small", "large", "diamond"].map((shape) => squareName({ shape, face: "U", cells: ["002", "022", "202", "222"] }));
    assert.equal(new Set(names).size, 3);
    for (const name of names) assert.ok(!name.includes("{") && !/\bU\b|\d{3}/.test(name), name);  // in words, no codes
  }
  setLang("en");
  const lines = describeLog([{ seat: 0, action: "insert U102", events: [] }], ctx(2, 0));
  assert.equal(lines[0].text, "Ann: insert U102");
});

test("cubulus places in words: 27 distinct cell names and six sides in every language, no codes", async () => {
  const { cellName, sideName, lastEntry } = await import("../../../src/tabletop/web/js/games/cubulus/log.js");
  const cells = [];
  for (let n = 0; n < 27; n += 1) cells.push(`${Math.floor(n / 9)}${Math.floor(n / 3) % 3}${n % 3}`);
  for (const code of LANGUAGES) {
    setLang(code);
    const names = cells.map(cellName);
    assert.equal(new Set(names).size, 27, `${code}: ${names}`);
    for (const name of names) assert.ok(!/[{}]|\d|cubulus\./.test(name), `${code}: ${name}`);
    const sides = ["L", "R", "F", "B", "D", "U"].map((face) => sideName(`${face}000`));
    assert.equal(new Set(sides).size, 6, `${code}: ${sides}`);
  }
  setLang("en");
  assert.equal(cellName("000"), "bottom layer, front left");
  assert.equal(cellName("222"), "top layer, back right");
  // the screen's last move is the log's entry rebuilt from the view: the same sentence as the log
  const before = `${".".repeat(11)}02${".".repeat(14)}`;  // an orange ball at 102 (cell 11), a neutral one at 110
  const view = { colours: ["red", "blue", "neutral"], board: before, players: 2, squares: [],
    last: { action: "insert U102", seat: 1, before } };
  const entry = lastEntry(view);
  assert.deepEqual(entry.events, [{ kind: "insert", seat: 1, colour: "blue", hole: "U102", pushed: 1, action: true }]);
  assert.equal(describeLog([entry], ctx(2, 1))[0].text,
    "Bob (blue) inserts a ball from above into top layer, front centre, pushing one ball deeper");
  // the lot (U4, U9, U13) is told as the log tells it, never as its notation "first 1"
  const lot = lastEntry({ ...view, last: { action: "first 1", seat: -1, before } });
  assert.deepEqual(lot.events, [{ kind: "starts", seat: 1, placer: 0, action: true }]);
  assert.match(describeLog([lot], ctx(2, 1))[0].text, /^By lot, Bob \(blue\) starts; .* places the neutral balls$/);
  const three = lastEntry({ ...view, players: 3, last: { action: "first 2", seat: -1, before } });
  assert.deepEqual(three.events, [{ kind: "starts", seat: 2, action: true }]);
});
