// The browser's Cubulus move preview (js/games/cubulus/preview.js) lays out what the server says a move
// does: for every legal move of sample positions (tests/web/js/cubulus_preview.json, written by
// cubulus_preview_fixture.py from the server's own `preview` and `apply`), putting each ball where the
// server's preview says gives the board the server's `apply` makes, and the layout names the line, the
// balls an insert pushes and the ball a shift brings back. The browser holds no copy of the rules.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { laidOut, lastMotion, lineOf, preview } from "../../../src/tabletop/web/js/games/cubulus/preview.js";

const SAMPLES = JSON.parse(readFileSync(new URL("./cubulus_preview.json", import.meta.url), "utf8"));

test("the fixture has inserts, shifts and set-up places of two and three players", () => {
  const actions = SAMPLES.flatMap((s) => Object.keys(s.after));
  for (const kind of ["insert", "shift", "place"]) assert.ok(actions.some((a) => a.startsWith(kind)), kind);
  assert.deepEqual(new Set(SAMPLES.map((s) => s.view.players)), new Set([2, 3]));
});

test("every legal move's preview, laid out, is the server's board after it", () => {
  let checked = 0;
  for (const { view, previews, after } of SAMPLES) {
    const message = { view, previews };
    for (const [action, board] of Object.entries(after)) {
      const seen = preview(message, action);
      assert.ok(seen, `${action} on ${view.board}: no preview`);
      assert.equal(seen.board, board, `${action} on ${view.board}`);
      assert.equal(seen.action, action);
      checked += 1;
    }
  }
  assert.ok(checked > 500, checked);
});

test("an insert names the balls it pushes; a shift names the ball that comes back in at the hole", () => {
  assert.deepEqual(lineOf("U102"), ["102", "101", "100"]);
  assert.deepEqual(lineOf("L010"), ["010", "110", "210"]);
  const before = ".".repeat(27).split("");
  before[9 + 2] = "0";  // 102
  before[9 + 1] = "2";  // 101
  const two = before.join("");
  const insert = laidOut(two, "insert U102", [["101", "100", "2"], ["102", "101", "0"], [null, "102", "1"]]);
  assert.equal(insert.pushed, 2);
  assert.deepEqual(insert.line, ["102", "101", "100"]);
  assert.deepEqual(insert.moves, [{ from: "101", to: "100", ball: "2" }, { from: "102", to: "101", ball: "0" },
    { from: null, to: "102", ball: "1" }]);
  assert.equal(insert.board.slice(9, 12), "201");
  const shift = laidOut(insert.board, "shift U102", [["101", "100", "0"], ["102", "101", "1"], ["100", "102", "2"]]);
  assert.equal(shift.comesBack, "100");
  assert.equal(shift.board.slice(9, 12), "012");  // [a, b, c] from the hole becomes [c, a, b] (U11)
  const place = laidOut(".".repeat(27), "place 111", [[null, "111", "2"]]);
  assert.equal(place.board[13], "2");
  assert.equal(place.hole, null);
});

test("no preview for a pass, for an action the message has none of, or without previews at all", () => {
  const { view, previews } = SAMPLES[0];
  assert.equal(preview({ view, previews }, "pass"), null);
  assert.equal(preview({ view, previews }, "insert Q999"), null);
  assert.equal(preview({ view }, Object.keys(previews)[0]), null);
  assert.equal(preview(null, Object.keys(previews)[0]), null);
});

test("the last move is laid out from the view, and only when it leads to the board shown", () => {
  const before = ".".repeat(27);
  const moves = [[null, "010", "1"]];
  const after = laidOut(before, "insert L010", moves).board;
  const view = { board: after, last: { action: "insert L010", seat: 1, before, moves } };
  assert.equal(lastMotion(view).action, "insert L010");
  assert.equal(lastMotion({ ...view, board: before }), null);  // not this move's outcome: no motion
  assert.equal(lastMotion({ ...view, last: null }), null);
  assert.equal(lastMotion({ ...view, last: { ...view.last, moves: [] } }), null);  // a pass moves nothing
});
