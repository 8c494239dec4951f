// Sound effects (js/sound.js): the remembered mute choice and its defaults (on for a seat, off for a
// spectator), the effects of a state change (none at page load, none for entries read again, the chime at
// a game's end), and each game's visitor (js/games/<game>/visitor.js) giving the effect its rules' moments make.

import { test } from "node:test";
import assert from "node:assert/strict";

const SRC = "../../../src/tabletop/web/js";
const { EFFECTS, RECIPES, chooseSound, effectsFor, soundDefault, soundOn } = await import(`${SRC}/sound.js`);
const { LogReader } = await import(`${SRC}/visitor.js`);
const visitors = Object.fromEntries(await Promise.all(["cribbage", "beetle", "cubulus", "kubik"].map(
  async (game) => [game, (await import(`${SRC}/games/${game}/visitor.js`)).visitor])));

function memory() {
  const data = new Map();
  return { getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), data };
}

/** A table update whose log has entries with these events (each entry one list of events), numbered as the
 * server numbers them (`move`: here its place in the log, from 1). */
function update(entries, { table = "t1", status = "playing", from = 1 } = {}) {
  return { type: "state", table, status,
    log: entries.map((events, i) => ({ seat: 0, action: "x", move: from + i, events })) };
}

const ev = (kind, extra = {}) => ({ kind, ...extra });
const CTX = { seatName: (seat) => `Seat ${seat}`, players: 2, view: null, viewer: 0 };

/** What the table plays when `state` follows `previous` on screen: the effects of the entries new in it, as
 * the game's visitor read them (a reader that read `previous` first, as the table did). */
function heard(game, previous, state) {
  const reader = new LogReader(visitors[game]);
  reader.read(previous.log, CTX);
  return effectsFor(reader.read(state.log, CTX), previous, state);
}

const hooks = Object.fromEntries(Object.keys(visitors).map((game) => [game, (previous, state) => heard(game, previous, state)]));

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

test("only the log entries a state added sound, and nothing at page load, after an undo or when read again", () => {
  const reader = new LogReader(visitors.cribbage);
  const one = update([[ev("dealt", { action: true })]]);
  assert.deepEqual(reader.read(one.log, CTX), []);  // the state on screen at page load
  const two = { ...one, log: [...one.log, ...update([[ev("plays", { action: true }), ev("pegs", { points: 2 })]], { from: 2 }).log] };
  const news = reader.read(two.log, CTX);
  assert.deepEqual(news.flatMap((told) => told.sounds), ["card", "peg"]);
  assert.deepEqual(reader.read(two.log, CTX), []);  // the same state drawn again
  assert.deepEqual(reader.read(one.log, CTX), []);  // an undo: the log shrank
  // the log sent again (a reconnection that lost track, a hot seat's other view): the same moves, no sound
  assert.deepEqual(reader.read(update([[ev("dealt", { action: true })], [ev("plays", { action: true })]]).log, CTX), []);
  // a move after the undo is news: its number is higher than any read
  const again = reader.read([...one.log, ...update([[ev("go", { action: true })], [ev("plays", { action: true })]], { from: 3 }).log], CTX);
  assert.deepEqual(again.flatMap((told) => told.sounds), ["card"]);
  assert.deepEqual(effectsFor(news, null, two), []);
  assert.deepEqual(effectsFor(news, one, { ...two, table: "t2" }), []);
});

test("effects are known names, each once, at most three, with the chime when the game is over", () => {
  const noisy = [{ sounds: ["card", "card", "die"] }, { sounds: ["gong", "peg", "ball", "chime"] }];
  const before = update([]);
  const after = update([[ev("x")]]);
  assert.deepEqual(effectsFor(noisy, before, after), ["card", "die", "peg"]);
  assert.deepEqual(effectsFor([], before, update([[ev("x")]], { status: "over" })), ["chime"]);
  assert.deepEqual(effectsFor([], before, update([], { status: "abandoned" })), []);
  assert.deepEqual(heard("kubik", before, after), []);  // an event no visitor hears: silence
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
