// A die face as SVG, for every game that rolls a die or throws a die-marked cube.

import { s } from "../../dom.js";

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

/** A die face as SVG. */
export function dieSvg(face, label) {
  return s("svg", { viewBox: "0 0 100 100", class: "die", role: "img", "aria-label": label },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: "#fff", stroke: "#222", "stroke-width": 4 }),
    (PIPS[face] || []).map(([x, y]) => s("circle", { cx: x, cy: y, r: 8.5, fill: "#222" })));
}
