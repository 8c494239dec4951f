// @ts-check
// Kubik's throw as a path over the field, for the screen's animation (screen.js): the cube's pose from
// MuJoCo's quaternions (w, x, y, z) — which face is on top, a pose between two frames — the throwing
// lines' geometry (K3, K6), and a calibrated throw's path drawn from its decided outcome alone (K20b:
// the model gives no trajectory). Pure functions of the view and the log's events, so they are tested
// without a browser (tests/web/js/kubik_path.test.mjs) and never see anything a player may not.

/** Each face's outward normal in the cube's own frame (K1, K4: 1 up, 2 towards line A, 3 to +x). */
export const FACES = { 1: [0, 0, 1], 2: [0, -1, 0], 3: [1, 0, 0], 4: [-1, 0, 0], 5: [0, 1, 0], 6: [0, 0, -1] };

/** The rotation matrix (cube → world) of a unit quaternion. */
export function rotation([w, x, y, z]) {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

export const turn = (r, v) => r.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);

/** The face whose normal points most nearly up. */
export function topFace(r) {
  let best = 1;
  for (const face of [2, 3, 4, 5, 6]) if (turn(r, FACES[face])[2] > turn(r, FACES[best])[2]) best = face;
  return best;
}

/** A pose between two frames: positions mixed, quaternions mixed along the shorter way and renormalised. */
export function mix(a, b, u) {
  const sign = a[3] * b[3] + a[4] * b[4] + a[5] * b[5] + a[6] * b[6] < 0 ? -1 : 1;
  const out = a.map((v, i) => (i < 3 ? v + (b[i] - v) * u : v + (sign * b[i] - v) * u));
  const norm = Math.hypot(out[3], out[4], out[5], out[6]) || 1;
  for (let i = 3; i < 7; i += 1) out[i] /= norm;
  return out;
}

/** A quaternion (w, x, y, z) that turns `face` (FACES) up, then the cube by `yaw` degrees about the vertical. */
export function facingUp(face, yaw) {
  const n = FACES[face] || FACES[1];
  let q;
  if (n[2] > 0.5) q = [1, 0, 0, 0];
  else if (n[2] < -0.5) q = [0, 1, 0, 0];  // a half turn about x
  else {  // a quarter turn about the axis n × up
    const axis = [n[1], -n[0], 0];
    const h = Math.SQRT1_2;
    q = [h, axis[0] * h, axis[1] * h, 0];
  }
  const a = ((yaw * Math.PI) / 180) / 2;
  const [w1, z1] = [Math.cos(a), Math.sin(a)];  // about z, applied after
  const [w, x, y, z] = q;
  return [w1 * w - z1 * z, w1 * x - z1 * y, w1 * y + z1 * x, w1 * z + z1 * w];
}

/** The convex hull of points [x, y] (Andrew's monotone chain), counter-clockwise. */
export function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** Where the bat leaves the throwing line `line` at `pos` (K3, K6), in field metres. */
export function release(view, line, pos) {
  const offset = view.field.line_offset;
  return line === "A" ? [pos, -offset] : [-offset, pos];
}

/** The bat's unit direction from its release: at the cube, turned by `aim` degrees (+ to the left). */
export function direction(view, line, pos, aim) {
  const [rx, ry] = release(view, line, pos);
  const base = Math.atan2(view.cube.y - ry, view.cube.x - rx);
  const angle = base + (aim * Math.PI) / 180;  // + is to the left
  return [Math.cos(angle), Math.sin(angle)];
}

/**
 * A calibrated throw's path (K20b: the model gives the outcome, no trajectory), drawn from that
 * outcome alone — only once it is decided and shown: the bat flies from the thrower's place on
 * the line along the aim; a miss passes the cube by; a hit sends the cube hopping to where it came
 * to rest (K9, K17), out of the circle along the bat's way (K7; then it is carried back, K8) or to
 * where it crosses the border line (K19), turning onto the face the outcome names. The same frames
 * as a simulated motion ({times, cube, bat: [x, y, z, w, qx, qy, qz]}), so it is drawn the same way;
 * null for what has no throw to draw (an interception, an outcome people entered).
 */
export function calibratedPath(next) {
  const e = next.outcome;
  const thrown = next.thrown;
  if (!thrown || e.seen || !["miss", "cube_in", "cube_out", "cross"].includes(e.kind) || !next.before) return null;
  const f = next.field;
  const view = { field: f, cube: next.before };
  const [rx, ry] = release(view, thrown.line, thrown.pos);
  const [dx, dy] = direction(view, thrown.line, thrown.pos, thrown.aim);
  const start = [next.before.x, next.before.y];
  const toCube = Math.hypot(start[0] - rx, start[1] - ry);
  const hit = e.kind !== "miss";
  const reachAt = hit ? [rx + dx * toCube, ry + dy * toCube] : [rx + dx * toCube * 1.25, ry + dy * toCube * 1.25];
  let end = start;
  if (e.kind === "cube_in") end = [next.after.x, next.after.y];
  else if (e.kind === "cross" && next.crossing && next.crossing.x != null) end = [next.crossing.x, next.crossing.y];
  else if (e.kind === "cube_out") {  // along the bat's way to a little beyond the circle
    const far = f.circle_radius + 0.6;
    const b = start[0] * dx + start[1] * dy;
    const c = start[0] ** 2 + start[1] ** 2 - far * far;
    const along = -b + Math.sqrt(Math.max(0, b * b - c));
    end = [start[0] + dx * along, start[1] + dy * along];
  }
  const startTop = next.before.top || 1;
  const endTop = e.top ?? (e.kind === "cube_in" ? next.after.top : startTop) ?? startTop;
  const qStart = facingUp(startTop, next.before.yaw || 0);
  const qEnd = hit ? facingUp(endTop, (next.before.yaw || 0) + 90 * (thrown.spin || 1)) : qStart;
  const flight = 0.7;  // seconds: the bat to the cube
  const hop = hit ? 0.9 : 0;
  const spin = (thrown.spin || 2) * Math.PI * 2;
  const times = [];
  const cube = [];
  const bat = [];
  const height = e.kind === "cube_out" ? 0.45 : 0.15;
  for (let k = 0; k <= 40; k += 1) {
    const time = (k / 40) * (flight + hop + 0.2);
    const u = Math.min(1, time / flight);
    const after = Math.max(0, time - flight);
    const v = hop ? Math.min(1, after / hop) : 0;
    // the bat: along the aim, then on a little past the cube, slowing; turning all the while
    const past = hit ? Math.min(0.8, after * 1.2) : 0;
    const bx = rx + (reachAt[0] - rx) * u + dx * past;
    const by = ry + (reachAt[1] - ry) * u + dy * past;
    const bz = 0.3 + 0.35 * Math.sin(Math.PI * Math.min(1, time / (flight + 0.4)));
    const angle = spin * time;
    bat.push([bx, by, bz, Math.cos(angle / 2), 0, 0, Math.sin(angle / 2)]);
    const eased = 1 - (1 - v) ** 2;
    const q = v > 0 ? mix([0, 0, 0, ...qStart], [0, 0, 0, ...qEnd], eased).slice(3) : qStart;
    cube.push([start[0] + (end[0] - start[0]) * eased, start[1] + (end[1] - start[1]) * eased,
      f.cube_edge / 2 + 4 * height * v * (1 - v), ...q]);
    times.push(Number(time.toFixed(3)));
  }
  return { derived: true, kind: e.kind === "cross" ? "crossing" : e.kind, team: "AB".indexOf(e.team), times, cube, bat,
    cube_edge: f.cube_edge, bat_length: 0.9, bat_radius: 0.035 };
}
