// Sound effects (js/sound.js): the remembered mute choice and its defaults (on for a seat, off for a
// spectator), the effects of a state change (none at page load, the chime at a game's end), and
// each game's hook (js/games/<game>/sounds.js) giving the effect its rules' moments make.

import { test } from "node:test";
import assert from "node:assert/strict";

const SRC = "../../../src/tabletop/web/js";
const { EFFECTS, RECIPES, chooseSound, effectsFor, freshEvents, soundDefault, soundOn } = await import(`${SRC}/sound.js`);
const hooks = Object.fromEntries(await Promise.all(["cribbage", "beetle", "cubulus", "kubik"].map(
  async (game) => [game, (await import(`${SRC}/games/${game}/sounds.js`)).sounds])));

function memory() {
  const data = new Map();
  return { getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), data };
}

/** A table update whose log has entries with these events (each entry one list of events). */
function update(entries, { table = "t1", status = "playing" } = {}) {
  return { type: "state", table, status, log: entries.map((events) => ({ seat: 0, action: "x", events })) };
}

const ev = (kind, extra = {}) => ({ kind, ...extra });

test("sound is on by default for a seat and off for a spectator, until a choice is remembered", () => {
  assert.equal(soundDefault(false), true);
  assert.equal(soundDefault(true), false);
  const store = memory();
  assert.equal(soundOn(false, store), true);
  assert.equal(soundOn(true, store), false);
  chooseSound(true, store);
  assert.equal(store.data.get("tabletop.sound"), "on");
  assert.equal(soundOn(true, store), true);  // a spectator who turned it on keeps it on
  chooseSound(false, store);
  assert.equal(soundOn(false, store), false);  // a player who muted stays muted
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  assert.equal(soundOn(true, refusing), false);  // storage refused: the defaults
  assert.doesNotThrow(() => chooseSound(true, refusing));
});

test("only the log entries a state added count, and nothing at page load or after an undo", () => {
  const before = update([[ev("dealt")]]);
  const after = update([[ev("dealt")], [ev("plays"), ev("pegs", { points: 2 })]]);
  assert.deepEqual(freshEvents(before, after).map((e) => e.kind), ["plays", "pegs"]);
  assert.deepEqual(freshEvents(null, after), []);  // the state on screen at page load
  assert.deepEqual(freshEvents(after, before), []);  // an undo: the log shrank
  assert.deepEqual(freshEvents(before, update([[ev("dealt")], [ev("plays")]], { table: "t2" })), []);
  assert.deepEqual(effectsFor(hooks.cribbage, null, after), []);
});

test("effects are known names, each once, at most three, with the chime when the game is over", () => {
  const noisy = () => ["card", "card", "die", "gong", "peg", "ball", "chime"];
  const before = update([]);
  const after = update([[ev("x")]]);
  assert.deepEqual(effectsFor(noisy, before, after), ["card", "die", "peg"]);
  assert.deepEqual(effectsFor(() => [], before, update([[ev("x")]], { status: "over" })), ["chime"]);
  assert.deepEqual(effectsFor(() => [], before, update([], { status: "abandoned" })), []);
  assert.deepEqual(effectsFor(undefined, before, after), []);  // a game without a hook: silence
  assert.deepEqual(Object.keys(RECIPES).sort(), [...EFFECTS].sort());  // each effect is synthesised
});

test("Cribbage: cards moving sound as cards (C5–C8), points pegged as a peg (C2)", () => {
  const start = update([]);
  const sounds = (events) => hooks.cribbage(start, update([events]));
  for (const kind of ["cut", "dealt", "crib_dealt", "discards", "starter", "plays"]) {
    assert.deepEqual(sounds([ev(kind, { action: true })]), ["card"], kind);
  }
  assert.deepEqual(sounds([ev("plays", { action: true }), ev("pegs", { points: 2 })]), ["card", "peg"]);
  assert.deepEqual(sounds([ev("counts", { action: true }), ev("pegs", { points: 8 })]), ["peg"]);
  assert.deepEqual(sounds([ev("go", { action: true })]), []);
});

test("Beetle: a roll (B5) and the start roll-off (B6) sound as the die", () => {
  const start = update([]);
  assert.deepEqual(hooks.beetle(start, update([[ev("rolled", { face: 3 }), ev("part_drawn")]])), ["die"]);
  assert.deepEqual(hooks.beetle(start, update([[ev("rolloff_rolled")], [ev("rolloff_rolled")]])), ["die"]);
  assert.deepEqual(hooks.beetle(start, update([[ev("starts")]])), []);
});

test("Cubulus: an insert (U5), a shift (U6) and the neutral set-up (U13) sound as a ball", () => {
  const start = update([]);
  for (const kind of ["insert", "shift", "neutral_placed"]) {
    assert.deepEqual(hooks.cubulus(start, update([[ev(kind, { action: true })]])), ["ball"], kind);
  }
  assert.deepEqual(hooks.cubulus(start, update([[ev("pass", { action: true })]])), []);
});

test("Kubik: a throw sounds as the bat (K6), and the cube struck as the die (K7, K9); a miss is the bat alone", () => {
  const start = update([]);
  assert.deepEqual(hooks.kubik(start, update([[ev("throw", { action: true })], [ev("cube_out"), ev("points")]])),
    ["bat", "die"]);
  assert.deepEqual(hooks.kubik(start, update([[ev("throw", { action: true })], [ev("miss")]])), ["bat"]);
  assert.deepEqual(hooks.kubik(start, update([[ev("throw_real", { action: true }), ev("cube_in")]])), ["bat", "die"]);
  assert.deepEqual(hooks.kubik(start, update([[ev("lot")]])), []);
});
