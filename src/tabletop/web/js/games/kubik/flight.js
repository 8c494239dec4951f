// @ts-check
// A Kubik throw drawn in flight on the field (screen.js plays it): from a motion's frames — the simulated
// trajectory the server re-runs (GET …/motion/{move}), or a path drawn from a calibrated outcome (path.js)
// — the bat seen from above with its shadow on the turf and its trail, the cube tumbling with its face
// on top and its number, and, when it flies beyond the field's frame, drawn at the frame's edge with how
// far from the circle's centre it is. Only what has happened by `time` is drawn: the trails grow with it.

import { s } from "../../dom.js";
import { t } from "../../i18n.js";
import { number } from "./log.js";
import { FACES, hull, mix, rotation, topFace, turn } from "./path.js";

/**
 * The pieces of a flight appended to `layer`, and `draw(time)` putting them where the motion has them
 * at `time` (seconds of the motion's own clock), which returns the face on top then.
 * `field`: the field's frame — `X`, `Y` (metres to picture units), `px` (a length), `unit()` (picture
 * units per CSS pixel), `inFrame(x, y, margin)` ([x, y, moved]) and `least` (the cube's least size on
 * screen, CSS pixels); `colour`: the throwing team's.
 */
export function flightDrawer(layer, motion, field, colour) {
  const { X, Y, px, unit, inFrame, least } = field;
  const cubeTrail = s("polyline", { class: "trail", fill: "none", stroke: "#6b4a24", "stroke-opacity": 0.45,
    "stroke-width": 2, "stroke-dasharray": "3 3" });
  const batTrail = s("polyline", { fill: "none", stroke: colour, "stroke-opacity": 0.35, "stroke-width": 1.5 });
  const shadow = s("line", { stroke: "#000", "stroke-opacity": 0.22, "stroke-linecap": "round" });
  const bat = s("line", { class: "bat", stroke: "#8a5a2b", "stroke-linecap": "round" });
  const body = s("polygon", { class: "cube-side", fill: "#c9a46a", stroke: "#6b4a24", "stroke-width": 1.2 });
  const top = s("polygon", { class: "cube-top", fill: "#f1d7a6", stroke: "#6b4a24", "stroke-width": 1.2 });
  const numberText = s("text", { class: "cube-number", "text-anchor": "middle", "dominant-baseline": "central", "font-weight": 800 });
  const away = s("text", { class: "cube-away", "font-weight": 700, fill: "#6b2a00", "font-size": 13 * unit() });
  layer.append(cubeTrail, batTrail, shadow, bat, body, top, numberText, away);
  if (motion.derived) {  // not a simulation: said so while it flies (relabelled with the page: `.path-note`)
    layer.append(s("text", { x: 490, y: 490 - 4 * unit(), "text-anchor": "end", "font-size": 12 * unit(), fill: "#234",
      class: "path-note" }, t("kubik.path")));
  }
  const cubeAt = motion.cube.map((p) => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`);
  const batAt = motion.bat.map((p) => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`);
  const half = motion.cube_edge / 2;
  const grow = Math.max(1, (least * unit()) / px(motion.cube_edge));  // drawn bigger than life when tiny
  const reach = motion.bat_length / 2 - motion.bat_radius;
  const times = motion.times;
  let k = 0;

  function draw(time) {
    if (time < times[k]) k = 0;  // (drawn again from the start: a replay)
    while (k < times.length - 2 && times[k + 1] <= time) k += 1;
    const u = Math.min(1, Math.max(0, (time - times[k]) / ((times[k + 1] - times[k]) || 1)));
    const c = mix(motion.cube[k], motion.cube[k + 1], u);
    const b = mix(motion.bat[k], motion.bat[k + 1], u);
    cubeTrail.setAttribute("points", cubeAt.slice(0, k + 1).join(" ") + ` ${X(c[0]).toFixed(1)},${Y(c[1]).toFixed(1)}`);
    batTrail.setAttribute("points", batAt.slice(0, k + 1).join(" "));
    // the bat: its length, seen from above, and its shadow on the turf
    const axis = turn(rotation(b.slice(3)), [1, 0, 0]);
    const ends = [[b[0] - axis[0] * reach, b[1] - axis[1] * reach], [b[0] + axis[0] * reach, b[1] + axis[1] * reach]];
    const width = Math.max(6, px(2 * motion.bat_radius));
    const lift = px(b[2]) * 0.5;
    for (const [el, dx] of [[shadow, lift], [bat, 0]]) {
      el.setAttribute("x1", X(ends[0][0]) + dx); el.setAttribute("y1", Y(ends[0][1]) + dx);
      el.setAttribute("x2", X(ends[1][0]) + dx); el.setAttribute("y2", Y(ends[1][1]) + dx);
      el.setAttribute("stroke-width", width);
    }
    // the cube: its outline from above, and the face on top with its number
    const r = rotation(c.slice(3));
    const [cx, cy, outside] = inFrame(c[0], c[1], (half * grow * 2) || 0.15);
    const corner = (v) => {
      const w = turn(r, v.map((q) => q * half * grow));
      return [X(cx + w[0]), Y(cy + w[1])];
    };
    const corners = [];
    for (const a of [-1, 1]) for (const bb of [-1, 1]) for (const cc of [-1, 1]) corners.push(corner([a, bb, cc]));
    body.setAttribute("points", hull(corners).map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "));
    const face = topFace(r);
    const n = FACES[face];
    const axes = [0, 1, 2].filter((i) => n[i] === 0);
    const square = [[1, 1], [1, -1], [-1, -1], [-1, 1]].map(([p, q]) => {
      const v = [...n];
      v[axes[0]] = p;
      v[axes[1]] = q;
      return corner(v);
    });
    top.setAttribute("points", square.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "));
    const centre = corner(n);
    numberText.setAttribute("x", centre[0].toFixed(1));
    numberText.setAttribute("y", centre[1].toFixed(1));
    numberText.setAttribute("font-size", Math.max(10, px(motion.cube_edge) * grow * 0.7).toFixed(1));
    numberText.textContent = face;
    // beyond the frame: at its edge, with how far from the circle's centre it is
    away.textContent = outside ? t("kubik.away", { m: number(Math.hypot(c[0], c[1]), 1) }) : "";
    const leftward = X(cx) > 250;
    away.setAttribute("x", (X(cx) + (leftward ? -1 : 1) * 18 * unit()).toFixed(1));
    away.setAttribute("y", (Y(cy) + (Y(cy) < 40 ? 26 : -12) * unit()).toFixed(1));
    away.setAttribute("text-anchor", leftward ? "end" : "start");
    return { face, outside };
  }

  return { draw };
}
