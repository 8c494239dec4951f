// The hot-seat curtain (js/curtain.js): which states wait behind it, and its words in every language
// (the browser test tests/web/test_hotseat.py plays it).

import { test } from "node:test";
import assert from "node:assert/strict";

import { STRINGS, curtainCovers } from "../../../src/tabletop/web/js/curtain.js";

const state = (seat, { status = "playing", game = "cribbage" } = {}) => ({ seat, status, view: { game } });
const hides = (game) => ({ cribbage: true, cubulus: false }[game] ?? null);

test("a hot seat's state for another seat than the one revealed waits behind the curtain", () => {
  assert.equal(curtainCovers(state(1), { held: 2, revealed: 0, hides }), true);
  assert.equal(curtainCovers(state(0), { held: 2, revealed: 0, hides }), false);  // the same seat: no tap again
  assert.equal(curtainCovers(state(0), { held: 2, revealed: null, hides }), true);  // the first state: whoever holds the device
  assert.equal(curtainCovers(state(2), { held: 3, revealed: 1, hides }), true);
});

test("no curtain for one seat, a spectator, a game hiding nothing, a finished game or no state", () => {
  assert.equal(curtainCovers(state(1), { held: 1, revealed: 0, hides }), false);
  assert.equal(curtainCovers(state(null), { held: 0, revealed: null, hides }), false);
  assert.equal(curtainCovers(state(1, { game: "cubulus" }), { held: 2, revealed: 0, hides }), false);
  assert.equal(curtainCovers(state(1, { status: "over" }), { held: 2, revealed: 0, hides }), false);
  assert.equal(curtainCovers(state(1, { status: "abandoned" }), { held: 2, revealed: 0, hides }), false);
  assert.equal(curtainCovers(null, { held: 2, revealed: 0, hides }), false);
});

test("a game not known yet is curtained: hidden information stays hidden while the game list loads", () => {
  assert.equal(curtainCovers(state(1, { game: "newgame" }), { held: 2, revealed: 0, hides }), true);
  assert.equal(curtainCovers(state(1), { held: 2, revealed: 0, hides: () => null }), true);
});

test("the curtain's words are in en, ru and ro, with the same placeholders", () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const code of ["ru", "ro"]) {
    assert.deepEqual(Object.keys(STRINGS[code]).sort(), Object.keys(STRINGS.en).sort(), code);
    for (const [key, text] of Object.entries(STRINGS.en)) {
      assert.deepEqual(placeholders(STRINGS[code][key]), placeholders(text), `${code} ${key}`);
    }
  }
});
