// Beetle's score sheet told from the events alone (rules B5–B7, B12): the roll-off's rounds (B6), rounds
// of play that a finished player's skipped turns never split (B12), the first beetle finished and the
// places with play-on.

import { test } from "node:test";
import assert from "node:assert/strict";

import { beetleRounds } from "../../../src/tabletop/web/js/games/beetle/sheet.js";

const face = (kind, seat, value, ...caused) => ({ seat: -1, events: [{ kind, seat, face: value, action: true }, ...caused] });
const drawn = (seat, part) => ({ kind: "part_drawn", seat, part, face: 0, have: 1, needed: 1 });

test("B6: the roll-off's rounds, a tie then the decision", () => {
  const sheet = beetleRounds([
    face("rolloff_rolled", 0, 5), face("rolloff_rolled", 1, 5, { kind: "rolloff_tie", members: [0, 1], face: 5 }),
    face("rolloff_rolled", 0, 1), face("rolloff_rolled", 1, 3, { kind: "starts", seat: 1, face: 3 }),
  ]);
  assert.deepEqual(sheet.rolloff, [[[0, 5], [1, 5]], [[0, 1], [1, 3]]]);
  assert.deepEqual(sheet.rounds, []);
  assert.equal(sheet.first, null);
});

test("B12: with play-on a finished player's skipped turns do not split a round; places in order", () => {
  const sheet = beetleRounds([
    face("rolled", 0, 1, drawn(0, "body")), face("rolled", 1, 4), face("rolled", 2, 1, drawn(2, "body")),
    face("rolled", 0, 2, drawn(0, "head"), { kind: "beetle_finished", seat: 0, place: 1 },
      { kind: "play_on", members: [1, 2], place: 2 }),
    face("rolled", 1, 1, drawn(1, "body")), face("rolled", 2, 2, drawn(2, "head"),
      { kind: "beetle_finished", seat: 2, place: 2 }, { kind: "last_place", seat: 1, place: 3 },
      { kind: "game_over", winner: 0, places: [0, 2, 1] }),
  ]);
  assert.equal(sheet.rounds.length, 2);
  assert.deepEqual([...sheet.rounds[0].keys()], [0, 1, 2]);
  assert.deepEqual([...sheet.rounds[1].keys()], [0, 1, 2]);
  assert.deepEqual(sheet.rounds[0].get(1), { face: 4, part: null, finished: null });  // B5: the turn lost
  assert.deepEqual(sheet.rounds[1].get(0), { face: 2, part: "head", finished: 1 });
  assert.deepEqual(sheet.first, { seat: 0, round: 2 });
  assert.deepEqual(sheet.places, [0, 2, 1]);
});

test("a round ends when a seat rolls again, whoever started (B6: the roll-off winner opens)", () => {
  const sheet = beetleRounds([face("rolled", 1, 3), face("rolled", 0, 6), face("rolled", 1, 2)]);
  assert.deepEqual(sheet.rounds.map((r) => [...r.keys()]), [[1, 0], [1]]);
});
