// A Kubik throw's path for the screen's animation (js/games/kubik/path.js): the cube's pose from a
// quaternion says which face is on top (K1, K4), and a calibrated throw's path — drawn from its decided
// outcome alone (K20b) — ends where and how the outcome says: out beyond the circle with the face the
// record names on top (K7), at rest where it stayed in (K9, K17), where it crosses the border line
// (K19), untouched by a miss (K9); what people entered (a scorekeeper's outcome) has no path.

import { test } from "node:test";
import assert from "node:assert/strict";

import { FACES, calibratedPath, direction, facingUp, hull, release, rotation, topFace } from
  "../../../src/tabletop/web/js/games/kubik/path.js";

const FIELD = { circle_radius: 0.75, line_width: 0.05, line_offset: 4.95, border_offset: 1.45, cube_edge: 0.15 };
const THROWN = { kind: "throw", line: "A", pos: 0.5, aim: -2, power: 12, spin: 4 };
const AT_REST = { top: 1, front: 2, x: 0, y: 0, yaw: 0 };

/** A job as the screen makes it: the outcome event, the throw it is of, the cube before and after. */
const job = (outcome, after = AT_REST, crossing = null) => ({ outcome: { action: true, seen: false, team: "A", ...outcome },
  thrown: THROWN, before: AT_REST, after, crossing, field: FIELD });
const last = (list) => list[list.length - 1];
const topOf = (frame) => topFace(rotation(frame.slice(3)));

test("every face turned up, at any yaw, reads as that face on top (K1, K4)", () => {
  for (const face of Object.keys(FACES).map(Number)) {
    for (const yaw of [0, 30, 90, 215]) assert.equal(topFace(rotation(facingUp(face, yaw))), face, `${face} at ${yaw}°`);
  }
});

test("the bat leaves its line and points at the cube with no aim (K3, K6)", () => {
  const view = { field: FIELD, cube: AT_REST };
  assert.deepEqual(release(view, "A", 0.5), [0.5, -4.95]);
  assert.deepEqual(release(view, "B", -1), [-4.95, -1]);
  const [dx, dy] = direction(view, "B", 0, 0);
  assert.ok(Math.abs(dx - 1) < 1e-9 && Math.abs(dy) < 1e-9);
});

test("a cube knocked out ends beyond the circle with the recorded face on top (K7)", () => {
  for (const top of [1, 2, 3, 4, 5, 6]) {
    const path = calibratedPath(job({ kind: "cube_out", top }));
    assert.equal(path.derived, true);
    assert.equal(path.times.length, path.cube.length);
    assert.ok(path.times.every((time, i) => i === 0 || time > path.times[i - 1]), "time runs forward");
    const end = last(path.cube);
    assert.ok(Math.hypot(end[0], end[1]) > FIELD.circle_radius, `out: ${end}`);
    assert.equal(topOf(end), top);
  }
});

test("a cube that stays in rests where the view has it; a crossing ends on the border line (K9, K17, K19)", () => {
  const after = { top: 3, front: 2, x: 0.2, y: 0.35, yaw: 40 };
  const stayed = last(calibratedPath(job({ kind: "cube_in", top: 3 }, after)).cube);
  assert.ok(Math.abs(stayed[0] - 0.2) < 1e-9 && Math.abs(stayed[1] - 0.35) < 1e-9);
  assert.equal(topOf(stayed), 3);
  const crossing = { x: 1.45, y: 0.3, vx: 2, vy: 0.1 };
  const path = calibratedPath(job({ kind: "cross" }, AT_REST, crossing));
  assert.equal(path.kind, "crossing");
  assert.deepEqual(last(path.cube).slice(0, 2), [1.45, 0.3]);
});

test("a miss leaves the cube as it was; what people saw, or no throw, has no path (K9, K20)", () => {
  const path = calibratedPath(job({ kind: "miss" }));
  assert.ok(path.cube.every((frame) => frame[0] === 0 && frame[1] === 0 && topOf(frame) === 1));
  assert.equal(calibratedPath({ ...job({ kind: "cube_out", top: 2 }), outcome: { kind: "cube_out", top: 2, seen: true } }), null);
  assert.equal(calibratedPath({ ...job({ kind: "cube_out", top: 2 }), thrown: null }), null);
  assert.equal(calibratedPath(job({ kind: "intercept_hit", top: 4 })), null);
});

test("the cube's outline from above is the convex hull of its corners", () => {
  const square = hull([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5], [0.2, 0.7]]);
  assert.equal(square.length, 4);
  assert.ok(!square.some(([x, y]) => x === 0.5 && y === 0.5));
});
