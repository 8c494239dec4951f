// @ts-check
// A die face as SVG, for every game that rolls a die or throws a die-marked cube, and the die's roll:
// it tumbles through faces (a turn and a bounce) and lands on the face already rolled — the outcome is
// known before the motion starts, the faces it passes through are for the eye only.

import { s } from "../../dom.js";

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

function pips(face) {
  return (PIPS[face] || []).map(([x, y]) => s("circle", { cx: x, cy: y, r: 8.5, fill: "#222" }));
}

/** A die face as SVG. */
export function dieSvg(face, label) {
  return s("svg", { viewBox: "0 0 100 100", class: "die", role: "img", "aria-label": label },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: "#fff", stroke: "#222", "stroke-width": 4 }),
    pips(face));
}

/** Show `face` on a die drawn by dieSvg. */
function showFace(svg, face) {
  for (const pip of svg.querySelectorAll("circle")) pip.remove();
  svg.append(...pips(face));
}

/**
 * Roll the die `svg` (already showing `face`) for `duration` ms: it tumbles and bounces, showing other
 * faces on the way, and lands on `face`. Returns a function that stops it at once, on `face`. While it
 * tumbles the die carries `data-tumbling` (its faces change on timers, which may land after the motion).
 */
export function tumble(svg, face, duration) {
  if (!duration || typeof svg.animate !== "function") return () => {};
  const motion = svg.animate([
    { transform: "translate(-0.6rem, -0.5rem) rotate(-200deg) scale(0.85)" },
    { transform: "translate(0.3rem, 0.1rem) rotate(-90deg) scale(1.05)", offset: 0.45 },
    { transform: "translate(-0.1rem, -0.2rem) rotate(-20deg) scale(0.97)", offset: 0.75 },
    { transform: "none" },
  ], { duration, easing: "cubic-bezier(0.25, 0.6, 0.35, 1)" });
  svg.dataset.tumbling = "";  // until it lands: a test waits for the face rolled on this, never on a time
  let shown = face;
  const flips = Math.max(2, Math.round(duration / 90));
  const timers = [];
  for (let i = 1; i < flips; i += 1) {
    timers.push(setTimeout(() => {
      shown = 1 + ((shown + 1 + Math.floor(Math.random() * 4)) % 6);  // never the same face twice running
      showFace(svg, shown);
    }, ((i - 1) * duration) / flips));
  }
  let done = false;
  const land = () => {
    if (done) return;
    done = true;
    timers.forEach(clearTimeout);
    showFace(svg, face);
    delete svg.dataset.tumbling;
  };
  timers.push(setTimeout(land, (duration * (flips - 1)) / flips));
  return () => {
    motion.cancel();
    land();
  };
}
