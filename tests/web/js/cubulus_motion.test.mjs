// How the Cubulus screens move the balls of the last move (js/games/cubulus/preview.js: lastMotion,
// cellMotion): every ball of every sample move goes from where it was to where it ends, one cell
// along its line (U10, U11), a new ball comes in from one step outside its hole, a shift's far ball
// leaves the cube beyond its end and comes back in at the hole (U6), and a view whose board is not
// the last move's outcome animates nothing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { cellMotion, laidOut, lastMotion, preview } from "../../../src/tabletop/web/js/games/cubulus/preview.js";

const SAMPLES = JSON.parse(readFileSync(new URL("./cubulus_preview.json", import.meta.url), "utf8"));
const coords = (cell) => [Number(cell[0]), Number(cell[1]), Number(cell[2])];
const distance = (a, b) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0);
const inside = (p) => p.every((v) => v >= 0 && v <= 2);

test("every ball of every sample move goes one step, from a cell or from just outside the hole", () => {
  let checked = 0;
  for (const { view, previews, after } of SAMPLES) {
    for (const action of Object.keys(after)) {
      const seen = preview({ view, previews }, action);
      const steps = cellMotion(seen);
      assert.equal(steps.length, seen.moves.length, action);
      for (const step of steps) {
        assert.ok(inside(step.to), `${action}: ends inside`);
        assert.ok(step.delay >= 0 && step.delay + step.span <= 1, `${action}: within the motion`);
        if (seen.kind === "place") {
          assert.equal(step.from, null);  // a set-up ball is dropped in (U13)
          continue;
        }
        assert.equal(distance(step.from, step.to), 1, `${action}: one cell along the line`);
        assert.equal(step.outside, !inside(step.from), `${action}: outside only when it comes in`);
      }
      const ghosts = cellMotion(seen, true);
      if (seen.kind === "shift") {  // U6: the third ball leaves the cube, then comes back in at the hole
        assert.equal(ghosts.length, 1);
        assert.deepEqual(ghosts[0].from, coords(seen.line[2]));
        assert.ok(!inside(ghosts[0].to) && distance(ghosts[0].from, ghosts[0].to) === 1);
        const back = steps.find((s) => s.outside);
        assert.deepEqual(back.to, coords(seen.line[0]));
        assert.equal(back.delay, 0.5);  // after the far ball has left
      } else {
        assert.equal(ghosts.length, 0);
      }
      checked += 1;
    }
  }
  assert.ok(checked > 500, checked);
});

test("the last move is read from the view, and only when it leads to the board shown", () => {
  const before = ".".repeat(27);
  const moves = [[null, "010", "1"]];
  const after = laidOut(before, "insert L010", moves).board;
  const view = { board: after, colours: ["red", "blue", "neutral"], last: { action: "insert L010", seat: 1, before, moves } };
  const seen = lastMotion(view);
  assert.equal(seen.action, "insert L010");
  assert.deepEqual(cellMotion(seen), [{ from: [-1, 1, 0], to: [0, 1, 0], outside: true, delay: 0, span: 1 }]);
  assert.equal(lastMotion({ ...view, board: before }), null);  // not this move's outcome: no motion
  assert.equal(lastMotion({ ...view, last: null }), null);
});
