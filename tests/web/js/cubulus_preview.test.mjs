// The browser's Cubulus move preview (js/games/cubulus/preview.js) agrees with the server: for every
// legal move of sample positions (tests/web/js/cubulus_preview.json, written from the rules' own
// `apply` by cubulus_preview_fixture.py), the board it predicts is the board the server makes, and
// the moves it lists (which ball goes where) take the board before to the board after.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { lineOf, preview } from "../../../src/tabletop/web/js/games/cubulus/preview.js";

const SAMPLES = JSON.parse(readFileSync(new URL("./cubulus_preview.json", import.meta.url), "utf8"));
const at = (cell) => Number(cell[0]) * 9 + Number(cell[1]) * 3 + Number(cell[2]);

test("the fixture has inserts, shifts and set-up places of two and three players", () => {
  const actions = SAMPLES.flatMap((s) => Object.keys(s.after));
  for (const kind of ["insert", "shift", "place"]) assert.ok(actions.some((a) => a.startsWith(kind)), kind);
  assert.deepEqual(new Set(SAMPLES.map((s) => s.view.players)), new Set([2, 3]));
});

test("every legal move's preview is the server's board after it", () => {
  let checked = 0;
  for (const { view, after } of SAMPLES) {
    for (const [action, board] of Object.entries(after)) {
      const seen = preview(view, action);
      assert.ok(seen, `${action} on ${view.board}: no preview`);
      assert.equal(seen.board, board, `${action} on ${view.board}`);
      // the listed moves alone rebuild the board after
      const rebuilt = view.board.split("");
      for (const move of seen.moves) if (move.from && !seen.moves.some((m) => m.to === move.from)) rebuilt[at(move.from)] = ".";
      for (const move of seen.moves) rebuilt[at(move.to)] = move.ball;
      assert.equal(rebuilt.join(""), board, `${action}: moves ${JSON.stringify(seen.moves)}`);
      checked += 1;
    }
  }
  assert.ok(checked > 500, checked);
});

test("an insert names the balls it pushes; a shift names the ball that comes back in at the hole", () => {
  const view = { board: ".".repeat(27), seat: 1 };
  assert.deepEqual(lineOf("U102"), ["102", "101", "100"]);
  assert.deepEqual(lineOf("L010"), ["010", "110", "210"]);
  const board = view.board.split("");
  board[at("102")] = "0";
  board[at("101")] = "2";
  const two = { board: board.join(""), seat: 1 };
  const insert = preview(two, "insert U102");
  assert.equal(insert.pushed, 2);
  assert.deepEqual(insert.moves, [{ from: "101", to: "100", ball: "2" }, { from: "102", to: "101", ball: "0" },
    { from: null, to: "102", ball: "1" }]);
  const full = preview(two, "insert U102").board;
  const shift = preview({ board: full, seat: 0 }, "shift U102");
  assert.equal(shift.comesBack, "100");
  assert.deepEqual(shift.moves.find((m) => m.from === "100"), { from: "100", to: "102", ball: "2" });
  assert.equal(preview({ board: full, seat: 0 }, "insert U102"), null);  // a full line takes no insert
  assert.equal(preview(view, "shift U102"), null);  // nor does a line with a gap turn
  assert.equal(preview(view, "pass"), null);
  assert.equal(preview(view, "place 111").board[13], "2");
});
