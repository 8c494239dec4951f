// @ts-check
// Kubik's screen: the field from above (the circle with its wide boundary line drawn at its width,
// K9a; small circle, throwing lines A and B, border lines with interception), the throw chosen by
// dragging on the field (line and place, then aim) and sliders for power and spin — always one of the
// legal throws — and the team scores. With interception (K19) the other team first names who stands
// to intercept (or nobody); when the cube crosses the border line the field shows it where it crosses,
// with an arrow for how it moves — all the interceptor can know — and the interceptor throws or holds.
//
// What flies is the state's news as the game's visitor read it (visitor.js), as every game's screen takes its
// motions: a `throw` motion (where the bat leaves its line, and how) and the `outcome` motion of what it did.
// In physics mode every throw is animated from its simulated trajectory (GET …/motion/{move}: the
// server re-runs the throw from the noise the record keeps): the bat flying and spinning, the cube
// tumbling to where it rests, then its final face, big, with the outcome (flight.js, lastthrow.js).
// Calibrated throws have no trajectory: a path is drawn from their decided outcome (path.js, with the
// cube's pose and the throwing lines' geometry). A throw is shown before it is told: while it flies,
// the field, the scores and the panel are those of the state before, and `update` returns a promise
// settled once it has landed, until which the table holds its log, scores, coach and result too
// (table.js, pacing.js). Flights keep the table's pace: at least SHORTEST_S on screen at the normal pace
// (slower than life: a real throw is over in half a second), the pause on the landing HOLD_MS; half as
// long at the fast pace, twice at the slow one. The instant pace, prefers-reduced-motion and a replay
// of the game show each outcome at once, and choosing the instant pace mid-flight lands what flies
// and waits. "Replay this throw" plays the last throw's flight again. The aim controls sit beside the
// field (under it on a phone), and the field is brought into view as a throw starts to fly.
// In scorekeeper mode (throws=manual) the screen is a phone-friendly form: big buttons for each
// outcome the rules allow (miss, stayed in, out with each face on top, crossed the border line, who
// stands to intercept, throw or hold, the interception's hit or miss, how a crossed throw ended).

import { h, s, fill, reducedMotion, keepFocus, announce } from "../../dom.js";
import { t } from "../../i18n.js";
import { SPEEDS, speedFor } from "../../pacing.js";
import { typedMove } from "../../typed.js";
import { dieSvg } from "../shared/die.js";
import { flightDrawer } from "./flight.js";
import { lastThrowParts, landedText } from "./lastthrow.js";
import { OUTCOME_KINDS, number, signed } from "./log.js";
import { calibratedPath, direction, release } from "./path.js";

const THROW = /^throw ([AB]) pos ([+-]?[\d.]+) aim ([+-]?[\d.]+) power ([\d.]+) spin ([\d.]+)$/;
export const TEAM_COLOURS = ["#d55e00", "#0072b2"];  // team A, team B (colour-blind-safe)
const HOLD_MS = 1200;  // the cube stays where it came to rest this long before the field moves on (normal pace)
const SHORTEST_S = 1.5;  // a shorter run plays slower than life so it lasts this long: it can be followed (normal pace)
const LONGEST_S = 6;  // a longer run plays faster so it lasts this long (normal pace)
const MOTION_TRIES = 3;  // a motion asked at most this often when the network or a busy server failed it
const MOTION_WAIT_MS = 8000;  // a motion not answered in this long is asked again (or given up)
const MIN_CUBE_PX = 18;  // the cube is drawn at least this many CSS pixels wide, so it is seen on a phone
const HANDLE_PX = 22;  // the aim arrow's head: a thumb's target (radius, CSS pixels)

/** The legal throws as values, and the distinct values of each choice. */
function throwGrid(legal) {
  const throws = [];
  for (const action of legal) {
    const m = action.match(THROW);
    if (m) throws.push({ action, line: m[1], pos: +m[2], aim: +m[3], power: +m[4], spin: +m[5] });
  }
  const values = (key) => [...new Set(throws.map((x) => x[key]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { throws, lines: values("line"), pos: values("pos"), aim: values("aim"), power: values("power"), spin: values("spin") };
}

function nearest(values, v) {
  return values.reduce((best, x) => (Math.abs(x - v) < Math.abs(best - v) ? x : best), values[0]);
}

/** A picture that only repeats the text beside it: hidden from screen readers. */
function decorative(el) {
  el.removeAttribute("role");
  el.removeAttribute("aria-label");
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** A log entry's outcome event — what a throw or an interception did (K7, K9, K14, K15, K19) — or null. */
function outcomeOf(entry) {
  return ((entry && entry.events) || []).find((e) => e.action && OUTCOME_KINDS.includes(e.kind)) || null;
}

/** The last simulated throw in `entries` up to `end` (its line, place, aim, power and spin), or null. */
function throwBefore(entries, end) {
  for (let k = Math.min(end, entries.length - 1); k >= 0; k -= 1) {
    const thrown = (entries[k].events || []).find((e) => e.kind === "throw");
    if (thrown) return thrown;
  }
  return null;
}

export function kubikScreen(root, ctx) {
  const scores = h("div", { class: "team-scores", "data-testid": "scores", "aria-live": "polite" });
  const result = h("div", { class: "kubik-result", "data-testid": "final-face", hidden: true });
  const fieldBox = h("div", { class: "field-box", "data-testid": "field", "data-animation": "idle" });
  const info = h("div", { class: "kubik-info" });
  const side = h("div", { class: "kubik-side" }, info);
  const controls = h("div", { class: "kubik-controls-box" });
  const aimHint = h("p", { class: "hint kubik-aim-hint", "data-testid": "aim-hint", hidden: true });  // how to aim: last
  const row = h("div", { class: "screen-row" }, fieldBox, side);
  const screen = h("div", { class: "kubik-screen" });
  fill(root, screen);
  let message = null;
  let mode = null;  // physics, calibrated or manual (K20), from the view
  let choice = { line: "A", pos: 0, aim: 0, power: 12, spin: 4 };
  let grid = null;
  let drawn = false;  // an update has been drawn (the first shows the log as it lies: nothing is news)
  let latest = null;  // the log index of the last outcome taken in (flying, waiting or shown), null: none
  let thrown = null;  // the last simulated throw the news told (the visitor's `throw` motion): its outcome's path
  let pending = null;
  let cubeBefore = null;  // where the cube lay before the latest update: a calibrated throw's path starts there
  let motionWanted = false;  // the table's word: false under the instant pace or reduced motion, and in a replay

  /** The table's pace against the normal one (fast 0.5, normal 1, slow 2): flights and landings scale by it. */
  const tempo = () => (SPEEDS[ctx.speed ? ctx.speed() : speedFor(ctx.tableId)] || SPEEDS.normal) / SPEEDS.normal;

  /** A seat as people at the field know it: "Ann (A1)". */
  function who(seat) {
    const player = message && message.view.players.find((p) => p.seat === seat);
    return player ? t("kubik.who", { name: ctx.seatName(seat), label: player.label }) : ctx.seatName(seat);
  }

  /** The seat of a label (A1, B2…), or null. */
  function seatOf(label) {
    const player = message && message.view.players.find((p) => p.label === label);
    return player ? player.seat : null;
  }

  /** The thrower (or, for an interception, the interceptor) by name: "Ann". */
  const nameOf = (seat) => (seat === null || seat === undefined ? "" : ctx.seatName(seat));

  function layout() {
    const manual = mode === "manual";
    screen.classList.toggle("manual", manual);
    // a scorekeeper on a phone wants the buttons first; a thrower wants the field first, with the aim
    // controls beside it (under it on a phone) so the throw is seen from where it is thrown
    if (manual) {
      fill(side, info);
      fill(screen, scores, result, controls, row);
    } else {
      fill(side, controls, info, result, aimHint);
      fill(screen, scores, row);
    }
  }

  // ---------------------------------------------------------------- the field
  // One frame for the whole game (the throwing lines, the circle and the border line with room beyond),
  // sized to the screen; a cube or bat that flies beyond it is drawn at the frame's edge with how far it is.
  const svg = s("svg", { class: "fit field", role: "img", "aria-label": t("kubik.field"), viewBox: "0 0 500 500" });
  const layer = s("g", { class: "animation" });  // the throw in flight: kept across redraws of the field
  const scaleNote = h("p", { class: "kubik-scale-note", "data-testid": "scale-note", hidden: true },
    t("kubik.scaleNote"));
  fieldBox.append(svg, scaleNote);
  let frame = { x0: -6, y0: -6, span: 8.5 };  // the square of the field shown (metres), fixed once known
  const X = (x) => ((x - frame.x0) / frame.span) * 500;
  const Y = (y) => 500 - ((y - frame.y0) / frame.span) * 500;
  const px = (metres) => (metres / frame.span) * 500;
  const toField = (x, y) => [frame.x0 + (x / 500) * frame.span, frame.y0 + ((500 - y) / 500) * frame.span];
  /** SVG units per CSS pixel at the field's size on screen (a phone draws 500 units in ~350 px). */
  const unit = () => 500 / (svg.getBoundingClientRect().width || 500);

  function baseFrame(f) {
    const low = -f.line_offset - 0.6;
    return { x0: low, y0: low, span: f.line_offset + f.border_offset + 2.2 };
  }

  /** A point of the field inside the frame (a margin in from its edge), and whether it had to be moved. */
  /** @returns {[number, number, boolean]} the point held inside the frame, and whether it was moved there */
  function inFrame(x, y, margin = 0.15) {
    const lo = [frame.x0 + margin, frame.y0 + margin];
    const hi = [frame.x0 + frame.span - margin, frame.y0 + frame.span - margin];
    const cx = Math.min(hi[0], Math.max(lo[0], x));
    const cy = Math.min(hi[1], Math.max(lo[1], y));
    return [cx, cy, cx !== x || cy !== y];
  }

  /** How long the aim arrow is drawn (metres) for a power: the strongest throw reaches past the cube. */
  function reach(view, line, pos) {
    const [rx, ry] = release(view, line, pos);
    return Math.hypot(view.cube.x - rx, view.cube.y - ry) * 1.2;
  }

  function arrowLength(view, power) {
    const strongest = grid.power[grid.power.length - 1] || 1;
    return (power / strongest) * reach(view, choice.line, choice.pos);
  }

  function drawField() {
    const view = shownView();
    const f = view.field;
    svg.setAttribute("aria-label", t("kubik.field"));  // (in the reader's language, as everything drawn here)
    scaleNote.textContent = t("kubik.scaleNote");
    const note = layer.querySelector(".path-note");
    if (note) note.textContent = t("kubik.path");
    frame = baseFrame(f);
    const u = unit();
    svg.classList.toggle("aiming", Boolean(grid && grid.throws.length));  // touch aims instead of scrolling
    const [left, right] = [frame.x0, frame.x0 + frame.span];
    const [bottom, top] = [frame.y0, frame.y0 + frame.span];
    const items = [s("defs", {},
      s("marker", { id: "kubik-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 6, markerHeight: 6,
        orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: "#b00020" })),
      s("marker", { id: "kubik-aim-head", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4,
        orient: "auto" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: TEAM_COLOURS[view.team] || "#333" }))),
    s("rect", { x: 0, y: 0, width: 500, height: 500, fill: "#cfe3b4", rx: 10 })];
    // K9a: the boundary is a wide line, drawn at its width centred on the circle (at least a pixel and a half)
    const lineWidth = f.line_width ?? 0.05;
    items.push(s("circle", { cx: X(0), cy: Y(0), r: px(f.circle_radius), fill: "none", stroke: "#fff",
      "stroke-width": Math.max(1.5 * u, px(lineWidth)), class: "boundary", "data-line-width": String(lineWidth) }));
    items.push(s("circle", { cx: X(0), cy: Y(0), r: Math.max(2, px(f.cube_edge * 0.75)), fill: "none", stroke: "#fff",
      "stroke-width": 1.5 }));
    const labelSize = 14 * u;
    items.push(s("line", { x1: X(left), y1: Y(-f.line_offset), x2: X(right), y2: Y(-f.line_offset), stroke: "#fff",
      "stroke-width": 4 }), s("text", { x: 492, y: Y(-f.line_offset) - 8, "text-anchor": "end", fill: "#234",
      "font-size": labelSize, "font-weight": 700 }, "A"));
    items.push(s("line", { x1: X(-f.line_offset), y1: Y(bottom), x2: X(-f.line_offset), y2: Y(top), stroke: "#fff",
      "stroke-width": 4 }), s("text", { x: X(-f.line_offset) + 8, y: 8 + labelSize, fill: "#234", "font-size": labelSize,
      "font-weight": 700 }, "B"));
    if (message.interception) {
      items.push(s("line", { x1: X(left), y1: Y(f.border_offset), x2: X(right), y2: Y(f.border_offset), stroke: "#fff",
        "stroke-dasharray": "8 6", "stroke-width": 2 }));
      items.push(s("line", { x1: X(f.border_offset), y1: Y(bottom), x2: X(f.border_offset), y2: Y(top), stroke: "#fff",
        "stroke-dasharray": "8 6", "stroke-width": 2 }));
    }
    // the cube, turned by its yaw, at least MIN_CUBE_PX on screen (hidden while a throw shows it in flight,
    // or crossing the border line)
    const edge = Math.max(MIN_CUBE_PX * u, px(f.cube_edge));
    scaleNote.hidden = !(px(f.cube_edge) < MIN_CUBE_PX * u);  // enlarged to be seen: said so
    const crossing = view.crossing && view.crossing.x != null ? view.crossing : null;
    if (crossing && !player.flying) {  // K19: where it crosses and how it moves, no more
      const [vx, vy] = [crossing.vx || 0, crossing.vy || 0];
      const [cx, cy] = inFrame(crossing.x, crossing.y);
      const [tx, ty] = [cx + vx * 0.25, cy + vy * 0.25];  // a quarter second ahead
      items.push(s("g", { class: "crossing", "data-testid": "crossing", "data-x": String(crossing.x),
        "data-y": String(crossing.y) },
      s("line", { x1: X(cx), y1: Y(cy), x2: X(tx), y2: Y(ty), stroke: "#b00020", "stroke-width": 3,
        "marker-end": "url(#kubik-arrow)" }),
      s("rect", { x: X(cx) - edge / 2, y: Y(cy) - edge / 2, width: edge, height: edge,
        fill: "#e9c98f", stroke: "#b00020", "stroke-width": 2, transform: `rotate(45 ${X(cx)} ${Y(cy)})` })));
    } else if (["crossing", "intercept", "rest"].includes(view.phase) && !player.flying) {  // a real field: the cube crosses somewhere
      items.push(s("text", { x: 250, y: Y(f.border_offset) - 10, "text-anchor": "middle", fill: "#b00020",
        "font-weight": 700, "font-size": labelSize, "data-testid": "crossing" }, t("kubik.outcome.cross")));
    }
    if (!player.flying && !crossing && !["crossing", "intercept", "rest"].includes(view.phase)) {
      const [cx, cy] = inFrame(view.cube.x, view.cube.y);
      items.push(s("g", { transform: `translate(${X(cx)} ${Y(cy)}) rotate(${-view.cube.yaw})`, class: "cube",
        "data-top": view.cube.top, "data-size": String(Math.round(edge / u)) },
      s("rect", { x: -edge / 2, y: -edge / 2, width: edge, height: edge, fill: "#e9c98f", stroke: "#6b4a24", "stroke-width": 1.5 }),
      s("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": edge * 0.7,
        "font-weight": 700 }, view.cube.top)));
    }
    // the chosen throw: where the bat leaves the line, and the aim arrow — its direction the aim, its length
    // the power (drag its head to change both)
    if (grid && grid.throws.length && !player.flying) {
      const [rx, ry] = release(view, choice.line, choice.pos);
      const [dx, dy] = direction(view, choice.line, choice.pos, choice.aim);
      const length = arrowLength(view, choice.power);
      const [hx, hy] = [rx + dx * length, ry + dy * length];
      const colour = TEAM_COLOURS[view.team] || "#333";
      items.push(s("line", { x1: X(rx), y1: Y(ry), x2: X(view.cube.x), y2: Y(view.cube.y), stroke: "#345",
        "stroke-opacity": 0.45, "stroke-width": 1.5, "stroke-dasharray": "4 5", class: "aim-centre" }));
      items.push(s("g", { class: "aim-arrow", "data-testid": "aim-arrow", "data-aim": String(choice.aim),
        "data-power": String(choice.power), "data-length": length.toFixed(3) },
      s("line", { x1: X(rx), y1: Y(ry), x2: X(hx), y2: Y(hy), stroke: colour, "stroke-width": Math.max(4, 5 * u),
        "stroke-linecap": "round", "marker-end": "url(#kubik-aim-head)", class: "aim" }),
      s("circle", { cx: X(hx), cy: Y(hy), r: HANDLE_PX * u, fill: colour, "fill-opacity": 0.18, stroke: colour,
        "stroke-width": 2, class: "aim-handle" }),
      s("text", { x: X(hx) + (dx >= 0 ? 1 : -1) * (HANDLE_PX + 4) * u, y: Y(hy) + 5 * u,
        "text-anchor": dx >= 0 ? "start" : "end", "font-size": 13 * u, "font-weight": 700, fill: "#123",
        class: "aim-label" }, t("kubik.arrowLabel", { power: number(choice.power), aim: signed(choice.aim) }))));
      items.push(s("circle", { cx: X(rx), cy: Y(ry), r: 9 * u, fill: colour, stroke: "#111", class: "thrower" }));
    }
    items.push(layer);
    fill(svg, items);
  }

  // dragging on the field: along a line sets line and place; anywhere else points the arrow there — its
  // direction the aim, its length the power
  let dragging = /** @type {false | "line" | "aim"} */ (false);
  function pointer(event) {
    if (!grid || !grid.throws.length) return;
    const rect = svg.getBoundingClientRect();
    const [fx, fy] = toField(((event.clientX - rect.left) / rect.width) * 500, ((event.clientY - rect.top) / rect.height) * 500);
    const view = message.view;
    const offset = view.field.line_offset;
    const near = 0.6 * Math.max(1, unit() * 0.6);  // metres; wider on a small screen
    const nearA = Math.abs(fy + offset) < near && grid.lines.includes("A");
    const nearB = Math.abs(fx + offset) < near && grid.lines.includes("B");
    if (event.type === "pointerdown") {
      const [rx, ry] = release(view, choice.line, choice.pos);
      const [dx, dy] = direction(view, choice.line, choice.pos, choice.aim);
      const length = arrowLength(view, choice.power);
      const onHead = Math.hypot(fx - (rx + dx * length), fy - (ry + dy * length)) < (HANDLE_PX * unit() * frame.span) / 500 * 1.3;
      dragging = !onHead && (nearA || nearB) ? "line" : "aim";
    }
    if (dragging === "line") {
      choice.line = nearA && !(nearB && Math.abs(fx + offset) < Math.abs(fy + offset)) ? "A" : nearB ? "B" : choice.line;
      choice.pos = nearest(grid.pos, choice.line === "A" ? fx : fy);
    } else if (dragging === "aim") {
      const [rx, ry] = release(view, choice.line, choice.pos);
      const base = Math.atan2(view.cube.y - ry, view.cube.x - rx);
      let angle = ((Math.atan2(fy - ry, fx - rx) - base) * 180) / Math.PI;
      angle = ((angle + 540) % 360) - 180;
      choice.aim = nearest(grid.aim, angle);
      const strongest = grid.power[grid.power.length - 1] || 1;
      choice.power = nearest(grid.power, (Math.hypot(fx - rx, fy - ry) / reach(view, choice.line, choice.pos)) * strongest);
    }
    drawField();
    drawControls();
  }
  svg.addEventListener("pointerdown", (e) => {
    if (!grid || !grid.throws.length) return;
    e.preventDefault();  // no text selection or scrolling while aiming
    svg.setPointerCapture(e.pointerId);
    pointer(e);
  });
  svg.addEventListener("pointermove", (e) => { if (dragging) pointer(e); });
  svg.addEventListener("pointerup", () => { dragging = false; });
  svg.addEventListener("pointercancel", () => { dragging = false; });
  // the field is drawn for its size on screen (the cube's least size, line widths, labels)
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (message && !player.flying) drawField();
  });
  if (resized) resized.observe(svg);

  // ---------------------------------------------------------------- controls
  function slider(key, label, values) {
    const id = `kubik-${key}`;
    const i = Math.max(0, values.indexOf(choice[key]));
    return h("div", { class: "field" }, h("label", { for: id }, `${label}: `, h("output", {}, number(choice[key]))),
      h("input", { id, type: "range", min: 0, max: values.length - 1, step: 1, value: i,
        "aria-valuetext": number(choice[key]), oninput: (e) => {
          choice[key] = values[Number(e.target.value)];
          drawField();
          drawControls();
        } }));
  }

  function chosenAction() {
    if (!grid) return null;
    const found = grid.throws.find((x) => x.line === choice.line && x.pos === choice.pos && x.aim === choice.aim
      && x.power === choice.power && x.spin === choice.spin);
    return found ? found.action : null;
  }

  function button(action, text, attrs = {}) {
    return h("button", { type: "button", "data-action": action, onclick: () => ctx.act(action), ...attrs }, text);
  }

  /** Six big buttons, one per face on top: `kind 1` … `kind 6` where legal. */
  function faceButtons(kind, legal, labelKey) {
    const faces = [1, 2, 3, 4, 5, 6].filter((n) => legal.includes(`${kind} ${n}`));
    if (!faces.length) return null;
    return h("div", { class: "kubik-group", role: "group", "aria-labelledby": `kubik-${kind}-h` },
      h("h4", { id: `kubik-${kind}-h` }, t(labelKey)),
      h("div", { class: "outcome-buttons face-buttons" }, faces.map((n) => button(`${kind} ${n}`,
        [decorative(dieSvg(n, "")), h("span", { "aria-hidden": "true" }, n)],
        { "aria-label": t(`kubik.outcome.${kind}`, { n }), class: "face" }))));
  }

  /** What a throw may do on a real field (K7, K9; a crossing only with someone standing, K19). */
  function throwOutcomes(view) {
    return ["miss", "in", ...[1, 2, 3, 4, 5, 6].map((n) => `out ${n}`), ...(view.interceptor != null ? ["cross"] : [])];
  }

  /** The scorekeeper's buttons for what a throw did. `first`: the throw is not recorded yet — a tap
   * records it and then the outcome (one tap per throw); the buttons wait while that is under way. */
  function outcomeControls(outcomes, view, first) {
    const busy = Boolean(pending && (first ? !pending.sent && pending.move === message.move + 1
      : pending.sent && pending.move === message.move));
    const attrs = (action) => ({ disabled: busy, "aria-pressed": busy && pending.outcome === action ? "true" : null,
      ...(first ? { "data-via": "throw", onclick: () => enterThrow(action) } : {}) });
    const one = (action, text, more = {}) => button(action, text, { ...more, ...attrs(action) });
    const parts = [h("p", { class: "kubik-prompt", "data-testid": "thrower-prompt" },
      t("kubik.whatHappened", { name: nameOf(seatOf(view.thrower)) }))];
    parts.push(h("div", { class: "outcome-buttons outcome-main" },
      outcomes.includes("miss") ? one("miss", t("kubik.missPoints")) : null,
      outcomes.includes("in") ? one("in", t("kubik.inPoints")) : null));
    const faces = [1, 2, 3, 4, 5, 6].filter((n) => outcomes.includes(`out ${n}`));
    if (faces.length) {
      parts.push(h("div", { class: "kubik-group", role: "group", "aria-labelledby": "kubik-out-h" },
        h("h4", { id: "kubik-out-h" }, t("kubik.outFace")),
        h("div", { class: "outcome-buttons face-buttons" }, faces.map((n) => one(`out ${n}`,
          [decorative(dieSvg(n, "")), h("span", { "aria-hidden": "true" }, n)],
          { "aria-label": t("kubik.outcome.out", { n }), class: "face" })))));
    }
    if (outcomes.includes("cross")) {
      parts.push(h("div", { class: "outcome-buttons outcome-main" },
        one("cross", t("kubik.crossButton"), { class: "primary" })));
    }
    return parts;
  }

  /** One tap per throw (K20): record the throw, then, when the table has it, what it did. */
  function enterThrow(outcome) {
    if (!message || message.view.phase !== "aim") return;
    const entry = { outcome, move: message.move + 1, sent: false };
    pending = entry;
    ctx.act("throw");
    drawControls();
    setTimeout(() => {  // the throw was refused or lost: the buttons are the people's again
      if (pending === entry && !entry.sent) {
        pending = null;
        if (message) drawControls();
      }
    }, 4000);
  }

  /** The throw is recorded: enter what it did (or forget it if the table went elsewhere). */
  function enterPending(msg) {
    if (!pending) return;
    if (pending.sent) {  // the outcome is on its way: its buttons wait until the table has it
      if (msg.move !== pending.move) pending = null;
      return;
    }
    if (msg.move === pending.move - 1 && msg.view.phase === "aim") return;  // the throw is on its way
    if (msg.move === pending.move && msg.view.phase === "throw" && msg.legal.includes(pending.outcome)) {
      const sent = pending;
      sent.sent = true;
      setTimeout(() => ctx.act(sent.outcome), 0);  // after this update has been drawn
      setTimeout(() => {  // refused or lost: the buttons are the people's again
        if (pending === sent) {
          pending = null;
          if (message) drawControls();
        }
      }, 4000);
    } else {
      pending = null;
    }
  }

  /** What a scorekeeper, or the team offered an interception, chooses from (K13, K19, K20). */
  function entryControls(legal, view) {
    const parts = [];
    const others = legal.filter((a) => !THROW.test(a));
    if (!others.length) return parts;
    const prompt = (text) => parts.push(h("p", { class: "kubik-prompt" }, text));
    switch (view.phase) {
      case "lot":
        prompt(t("kubik.whoFirst"));
        parts.push(h("div", { class: "outcome-buttons outcome-main" }, others.map((a) =>
          button(a, t("kubik.firstTeam", { team: a.slice(-1) }), { class: "primary" }))));
        break;
      case "aim":  // K20: one tap per throw — what it did; the throw is recorded, then the outcome
        if (mode === "manual" && others.includes("throw")) {
          parts.push(...outcomeControls(throwOutcomes(view), view, true));
          break;
        }
        parts.push(h("div", { class: "outcome-buttons" }, others.map((a) =>
          button(a, a === "throw" ? t("kubik.throwReal") : a, { class: "primary big-button", "data-primary": "" }))));
        break;
      case "stand":  // K19: before the throw, who (if anyone) stands to intercept
        prompt(t("kubik.standOffer", { team: "AB"[1 - view.team], name: nameOf(seatOf(view.thrower)) }));
        parts.push(h("div", { class: "outcome-buttons outcome-main" }, others.map((a) =>
          button(a, label(a), { class: a === "pass" ? "" : "primary" }))));
        break;
      case "throw":
        parts.push(...outcomeControls(others, view, false));
        break;
      case "crossing": {  // K19: the interceptor sees the crossing and throws (or holds, where the table allows)
        prompt(t(others.includes("hold") ? "kubik.crossingPrompt" : "kubik.crossingThrow",
          { name: nameOf(view.interceptor) }));
        parts.push(h("div", { class: "outcome-buttons outcome-main" }, others.map((a) =>
          button(a, label(a), { class: a === "strike" ? "primary" : "" }))));
        break;
      }
      case "intercept": {
        prompt(t("kubik.interceptHappened", { name: nameOf(view.interceptor) }));
        parts.push(faceButtons("hit", others, "kubik.hitFace"));
        if (others.includes("miss")) {
          parts.push(h("div", { class: "outcome-buttons outcome-main" }, button("miss", t("kubik.interceptMiss"))));
        }
        break;
      }
      case "rest":  // how a throw that crossed ended, nobody having hit the cube (K15, K19)
        prompt(t("kubik.restHappened", { name: nameOf(seatOf(view.thrower)) }));
        parts.push(faceButtons("out", others, "kubik.restFace"));
        break;
      default:
        parts.push(h("div", { class: "outcome-buttons" }, others.map((a) => button(a, label(a), { class: "primary" }))));
    }
    return parts;
  }

  function drawControls() {
    keepFocus(controls, renderControls);
  }

  function renderControls() {
    const legal = untold() ? [] : message.legal;  // nothing is decided while the last throw flies
    const parts = [];
    if (grid && grid.throws.length) {
      const action = chosenAction();
      // the line, the sliders and Throw first (beside the field; right under it on a phone); how to aim at the end
      parts.push(h("div", { class: "kubik-controls" },
        h("div", { class: "field kubik-line" }, h("span", {}, t("kubik.line")),
          h("div", { class: "buttons", role: "radiogroup", "aria-label": t("kubik.line") }, grid.lines.map((line) =>
            h("button", { type: "button", role: "radio", "aria-checked": choice.line === line ? "true" : "false",
              class: choice.line === line ? "primary" : "", onclick: () => { choice.line = line; drawField(); drawControls(); } },
            line)))),
        slider("pos", t("kubik.position"), grid.pos), slider("aim", t("kubik.aim"), grid.aim),
        slider("power", t("kubik.power"), grid.power), slider("spin", t("kubik.spin"), grid.spin),
        h("div", { class: "buttons kubik-throw" }, h("button", { type: "button", class: "primary big-button",
          "data-action": "throw", "data-primary": "", disabled: !action, onclick: () => action && ctx.act(action) },
        t("kubik.throw")))));
    }
    aimHint.textContent = t("kubik.dragHint");
    aimHint.hidden = !(grid && grid.throws.length);
    if (grid && grid.throws.length) parts.push(typedThrow(legal));
    parts.push(entryControls(legal, message.view));
    fill(controls, parts);
  }

  let typed = { key: null, box: null };  // the typed throw's box, kept while the legal throws stay the same

  /** A throw typed in notation (K21), folded under the controls: thousands of legal throws are too many for
   * a list, and a keyboard or screen-reader player may know the throw they want. The same box is kept
   * (open or closed, and what is typed) until the legal throws change. */
  function typedThrow(legal) {
    const key = `${message.move}:${legal.length}`;
    if (typed.key !== key) {
      const open = Boolean(typed.box && typed.box.open);
      typed = { key, box: h("details", { class: "kubik-typed", "data-testid": "typed-throw", open },
        h("summary", {}, t("kubik.typeThrow")), typedMove(legal, (action) => ctx.act(action))) };
    }
    typed.box.querySelector("summary").textContent = t("kubik.typeThrow");
    return typed.box;
  }

  function label(action) {
    if (action === "throw") return t("kubik.throwReal");
    if (action === "pass") return t("kubik.pass");
    let m = action.match(/^intercept (\w+)$/);
    if (m) return t("kubik.intercept", { name: seatOf(m[1]) === null ? m[1] : who(seatOf(m[1])) });
    if ((m = action.match(/^first ([AB])$/))) return t("kubik.firstTeam", { team: m[1] });
    if (action === "strike" || action === "hold") return t(`kubik.${action}`);
    m = action.match(/^(miss|in|out|cross|hit)(?: (\d))?$/);
    if (m) return t(`kubik.outcome.${m[1]}`, { n: m[2] || "" });
    return action;
  }

  function drawInfo() {
    const view = shownView();
    fill(info,
      // before the lot (K5) nobody throws yet: the line says the lot is drawn, not a thrower it has not chosen
      h("p", { "data-testid": "kubik-now" }, view.phase === "over" ? null : [h("strong", {}, view.phase === "lot"
        ? t("kubik.lotDrawn") : t("kubik.thrower", { name: who(seatOf(view.thrower)) })), " · "],
      t("kubik.throws", { n: view.throws }),
      // (a phone says the target here, its scores line kept to one line: app.css)
      h("span", { class: "kubik-target-info" }, " · ", t("kubik.target", { n: view.target }))),
      h("p", { class: "kubik-cube" }, decorative(dieSvg(view.cube.top, "")), t("kubik.cube", { n: view.cube.top })),
      view.interceptor != null ? h("p", { class: "kubik-interceptor", "data-testid": "interceptor" },
        t("kubik.interceptor", { name: who(view.interceptor) })) : null,
      view.crossing && view.crossing.x != null ? h("p", { class: "kubik-crossing" }, t("kubik.crossing", {
        x: number(view.crossing.x, 2), y: number(view.crossing.y, 2),
        speed: number(Math.hypot(view.crossing.vx || 0, view.crossing.vy || 0), 1) })) : null);
    fill(scores, [0, 1].map((team) => h("span", { style: { color: TEAM_COLOURS[team] }, "data-team": "AB"[team],
      "data-score": view.scores[team] }, `${t("kubik.team", { team: "AB"[team] })}: ${number(view.scores[team])}`)),
    h("span", { class: "hint kubik-target" }, t("kubik.target", { n: view.target })),
    view.phase === "over" ? h("strong", { class: "kubik-winner", "data-testid": "winner" },
      view.scores[0] === view.scores[1] ? t("kubik.draw")
        : t("kubik.teamWins", { team: view.scores[0] > view.scores[1] ? "A" : "B" })) : null);
  }

  // ---------------------------------------------------------------- the last throw's outcome and face

  let box = null;  // what the Last throw box shows: {flying, job, again} or {job, face} (lastthrow.js)

  /** Draw the Last throw box from `box` (again when the language changes), keeping the keyboard's place. */
  function drawBox() {
    if (!box) {
      result.hidden = true;
      return;
    }
    const replay = !box.flying && replayable(box.job)
      ? { onclick: replayThrow, disabled: Boolean(untold() || (player.job && !player.job.landed)) } : null;
    keepFocus(result, () => fill(result, lastThrowParts(box, { who, replay })));
    result.hidden = false;
  }

  /** Show `job`'s outcome with the face on top, big; `top` is the face the animation ended on, if any;
   * `why`: why it was not animated (null: it was). The throw is told: its news settles once nothing before
   * it waits (the table then shows its log lines, the scores, the coach). */
  function showResult(job, top, why, quiet = false) {
    const animated = why === null;
    const crossed = job.outcome.kind === "cross";  // K19: no face to show yet
    const face = crossed ? 0 : top || job.outcome.top || job.cubeTop;
    job.landed = true;
    box = { job: job.again && player.lastJob ? player.lastJob : job, face };
    delete result.dataset.flying;
    result.dataset.top = String(face);
    result.dataset.move = String(job.index);
    Object.assign(fieldBox.dataset, { animation: "done", move: String(job.index), outcome: job.action,
      finalTop: String(face), animated: animated ? "true" : "false" });
    if (job.again) {  // a replay: told long ago, counted apart
      fieldBox.dataset.replayed = String(Number(fieldBox.dataset.replayed || 0) + 1);
    } else {
      player.lastJob = job;
      player.lastFace = face;
      // every outcome shown, as move:face:how (a: animated, s: shown without a trajectory), the latest last
      const shown = (fieldBox.dataset.shown || "").split(" ").filter(Boolean).slice(-19);
      fieldBox.dataset.shown = [...shown, `${job.index}:${face}:${animated ? "a" : "s"}`].join(" ");
      if (!animated) {  // and why an outcome was shown without its flight, as move:why
        const still = (fieldBox.dataset.still || "").split(" ").filter(Boolean).slice(-19);
        fieldBox.dataset.still = [...still, `${job.index}:${why}`].join(" ");
      }
    }
    drawBox();
    if (!quiet && !job.again) announce(landedText(job, face));
    told(job.index);
  }

  /** While a throw flies, the box says whose throw it is — never its outcome, nor an older throw's. */
  function showFlying(job) {
    box = { flying: true, job, again: Boolean(job.again) };
    drawBox();
    result.dataset.flying = String(job.index);
  }

  /** A throw whose flight can be watched again: a simulated one's, or a calibrated one's path (what
   * people saw on a real field has none); not in a replay of the game, nor for readers who asked for less
   * motion. */
  function replayable(job) {
    if (ctx.replay || reducedMotion() || job !== player.lastJob) return false;
    return (mode === "physics" && !job.outcome.seen) || mode === "calibrated";
  }

  /** "Replay this throw": the last throw's flight once more, its outcome known (nothing waits on it). */
  function replayThrow() {
    const last = player.lastJob;
    if (!last || untold() || (player.job && !player.job.landed) || !replayable(last)) return;
    clearTimeout(player.timer);  // (a landing still held on the field: the replay takes its place)
    player.job = null;
    endFlight();
    player.queue.push({ ...last, again: true, landed: false });
    playNext();
  }

  // ---------------------------------------------------------------- the news told once it is seen
  // A state's new outcomes are the screen's news: `update` returns a promise of them being told (each
  // throw landed, or shown at once), and the table holds its log, scores and coach until then (table.js).
  // Meanwhile the screen shows nothing of them either: the field, the scores and the thrower are those of
  // the last state told (`toldView`), and no throw can be aimed at a cube still flying.

  let toldView = null;  // the view of the last state whose news is all on screen
  let waiters = [];  // {index, resolve}: news to be told once the outcome at `index` has been shown
  let news = /** @type {(Promise<any> & {log?: number}) | null} */ (null);  // the latest news, while it is not told

  /** True while an outcome waits to be shown or flies (a replay is no news). */
  function untold() {
    return Boolean((player.job && !player.job.landed && !player.job.again)
      || player.queue.some((job) => !job.again));
  }

  /** The outcome at `index` has been shown: the news up to it is told. */
  function told(index) {
    const due = waiters.filter((w) => w.index <= index || !untold());
    waiters = waiters.filter((w) => !due.includes(w));
    if (!waiters.length) news = null;
    for (const w of due) w.resolve(true);
  }

  /** The news of the outcomes up to `index`: a promise settled once they are shown, whose `log` says how
   * many log entries are told meanwhile — those before the first outcome not shown (its throw is: the
   * log says who throws as the bat flies). */
  function expect(index) {
    news = new Promise((resolve) => waiters.push({ index, resolve }));
    const untoldJobs = [player.job, ...player.queue].filter((job) => job && !job.landed && !job.again);
    news.log = Math.min(index, ...untoldJobs.map((job) => job.index));
    return news;
  }

  /** The view the field and the panel show: the last one told while news is on its way. */
  const shownView = () => (untold() && toldView ? toldView : message.view);

  // ---------------------------------------------------------------- the throw animated

  const player = { queue: [], job: null, flying: false, raf: 0, timer: 0, abort: null, generation: 0, lastJob: null,
    lastFace: 0 };

  /** What the state's news shows (`news`: its new log entries as the game's visitor read them, visitor.js):
   * each outcome — the visitor's `outcome` motion, after the `throw` motion of the throw it ends — flies, or
   * is shown, in order. A state without news whose last outcome is not the last one taken in (the first state
   * drawn, an undo, a replay's step: `entries`, the log with each action's events) shows that one as it lies. */
  function follow(news, entries, view) {
    const landings = [];
    for (const told of drawn ? news : []) {
      for (const motion of told.motions) {
        if (motion.kind === "throw") thrown = motion.throw;
        else if (motion.kind === "outcome" && told.index !== undefined) {
          landings.push(job(told.index, told.entry.action, motion, thrown, view));
        }
      }
    }
    if (landings.length) {
      latest = landings[landings.length - 1].index;
      for (const next of landings.slice(-2)) enqueue(next);
      // the game is over: what waits is shown at once, and the last throw is the one animated and kept
      if (view.phase === "over") while (player.queue.length > 1) showResult(player.queue.shift(), null, "over", true);
      if (untold()) expect(latest);
      return;
    }
    const last = lastOutcome(entries);
    if (drawn && last === latest) return;
    // a step on in a replay (which has no news) tells its throw as a table tells one without motion
    const onward = drawn && last !== null && (latest === null || last > latest);
    stop();
    player.lastJob = null;
    latest = last;
    thrown = throwBefore(entries, entries.length - 1);
    if (last !== null) {
      const entry = entries[last];
      const outcome = { outcome: outcomeOf(entry), points: (entry.events || []).filter((e) => e.kind === "points") };
      showResult(job(last, entry.action, outcome, throwBefore(entries, last), view), null,
        onward ? "no-motion-wanted" : "loaded", !onward);
    } else {
      box = null;
      drawBox();
      fieldBox.dataset.animation = "idle";
    }
  }

  function lastOutcome(entries) {
    for (let k = entries.length - 1; k >= 0; k -= 1) if (outcomeOf(entries[k])) return k;
    return null;
  }

  /** What to show of an outcome: the log's entry `index` (its notation, `action`), what it did (`outcome`, its
   * event) and the `points` it scored, the throw it ends (`from`: a calibrated path is drawn from it) and the
   * field around it. */
  function job(index, action, { outcome, points }, from, view) {
    return { index, action, outcome, cubeTop: view.cube.top, points, thrown: from, before: cubeBefore,
      after: { ...view.cube }, crossing: view.crossing ? { ...view.crossing } : null, field: view.field };
  }

  function enqueue(next) {
    if (player.job && player.job.again) {  // a replay gives way to news: the last throw is shown as it was
      stop();
      restoreLast();
    }
    player.queue.push(next);
    while (player.queue.length > 2) showResult(player.queue.shift(), null, "behind");  // too far behind: skip
    fieldBox.dataset.queued = String(player.queue.length + (player.job ? 1 : 0));
    if (!player.job) playNext();
  }

  /** Motion no longer wanted (the instant pace chosen mid-flight): what flies or waits lands at once, in order. */
  function land() {
    const waiting = [player.job, ...player.queue].filter((job) => job && !job.landed && !job.again);
    // a replay was asked for at this pace: it plays on (news cuts it short: enqueue)
    if (!waiting.length && (!player.flying || (player.job && player.job.again))) return;
    stop();
    waiting.forEach((job, i) => showResult(job, null, "landed", i < waiting.length - 1));
  }

  /** A replay cut short: the box and the field show the last throw as it landed. */
  function restoreLast() {
    const last = player.lastJob;
    if (!last) return;
    box = { job: last, face: player.lastFace };
    delete result.dataset.flying;
    Object.assign(fieldBox.dataset, { animation: "done", move: String(last.index) });
    drawBox();
  }

  function stop() {
    player.generation += 1;
    cancelAnimationFrame(player.raf);
    clearTimeout(player.timer);
    if (player.abort) player.abort.abort();
    player.queue = [];
    player.job = null;
    fieldBox.dataset.queued = "0";
    endFlight();
  }

  function endFlight() {
    const redraw = player.flying;
    player.flying = false;
    fill(layer);
    if (redraw && message) {
      drawField();
      drawBox();  // ("Replay this throw" is offered again)
    }
  }

  async function playNext() {
    const next = player.queue.shift();
    player.job = next || null;
    fieldBox.dataset.queued = String(player.queue.length + (next ? 1 : 0));  // shown or waiting
    if (!next) return;
    const generation = player.generation;
    // only the physics has trajectories (the rest of a crossing re-runs from the crossing's noise); what people
    // saw has none; a replay was asked for, whatever the pace
    const simulated = mode === "physics" && !next.outcome.seen;
    const moving = (motionWanted || next.again) && !reducedMotion() && !document.hidden;
    const drawn = mode === "calibrated" && moving ? calibratedPath(next) : null;
    if (drawn) {
      fly(next, drawn, generation);
      return;
    }
    if (!simulated || !moving) {  // no trajectory, or no motion wanted
      showResult(next, null, moving ? "no-trajectory" : "no-motion-wanted");
      playNext();
      return;
    }
    fieldBox.dataset.animation = "loading";
    const { motion, missing } = next.motion ? { motion: next.motion, missing: null } : await fetchMotion(next.index, generation);
    if (generation !== player.generation) return;
    if (!motion || !motion.times || motion.times.length < 2) {
      showResult(next, null, motion ? "short" : missing);
      playNext();
      return;
    }
    next.motion = motion;  // (kept for "Replay this throw")
    fly(next, motion, generation);
  }

  /** The motion of the `index`-th action, asked again (up to MOTION_TRIES times in all) when the network
   * failed or the server was busy (429, 503: after its Retry-After, at most 3 s): a busy moment never
   * costs a throw its flight. A definite answer (404: no motion; 409: the record is not reproduced) is
   * not asked again. `missing` says why there is none, for the field's `data-still`. An answer that does
   * not come within MOTION_WAIT_MS is given up, so the table's news is never held by a stalled request. */
  async function fetchMotion(index, generation) {
    let missing = "failed";
    for (let attempt = 1; attempt <= MOTION_TRIES; attempt += 1) {
      let wait = 500 * attempt;
      let late = 0;
      try {
        const abort = new AbortController();
        player.abort = abort;
        late = setTimeout(() => abort.abort(), MOTION_WAIT_MS);
        const response = await fetch(`/api/tables/${ctx.tableId}/motion/${index}`, { signal: abort.signal });
        if (response.ok) return { motion: (await response.json()).motion, missing: null };
        missing = `refused-${response.status}`;
        if (![429, 502, 503, 504].includes(response.status)) break;
        const after = Number(response.headers.get("Retry-After"));
        if (after > 0) wait = Math.min(3000, after * 1000);
      } catch {
        missing = "failed";  // the network, too late, or stop() aborted it (then the generation has moved on)
      } finally {
        clearTimeout(late);
      }
      if (generation !== player.generation || attempt === MOTION_TRIES) break;
      await new Promise((resolve) => { player.timer = setTimeout(resolve, wait); });
      if (generation !== player.generation) break;
    }
    return { motion: null, missing };
  }

  /** Bring the field into view as a throw starts to fly, when most of it is off the screen (a phone
   * scrolled to the log) — unless the reader is typing somewhere (the chat): they are not pulled away. */
  function keepInView() {
    const rect = svg.getBoundingClientRect();
    if (!rect.height) return;
    const visible = Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0);
    if (visible >= rect.height * 0.6) return;
    const active = document.activeElement;
    if (active && active.matches && active.matches("input:not([type=range]), textarea, [contenteditable]")) return;
    fieldBox.scrollIntoView({ block: rect.height > innerHeight ? "start" : "nearest",
      behavior: reducedMotion() ? "auto" : "smooth" });
  }

  function fly(next, motion, generation) {
    // the field's own frame, as between throws: a cube that flies beyond it is drawn at its edge
    player.flying = true;
    showFlying(next);
    drawField();
    fill(layer);
    keepInView();
    fieldBox.dataset.path = motion.derived ? "calibrated" : "simulated";
    const drawer = flightDrawer(layer, motion, { X, Y, px, unit, inFrame, least: MIN_CUBE_PX },
      TEAM_COLOURS[motion.team] || "#333");
    const times = motion.times;
    const start = times[0];
    const end = times[times.length - 1];
    let clock = start;
    let before = performance.now();
    let drawnTop = null;
    let frames = 0;
    fieldBox.dataset.animation = "running";
    fieldBox.dataset.move = String(next.index);
    fieldBox.dataset.again = next.again ? "true" : "false";  // a replay: its outcome told long ago
    fieldBox.dataset.frames = "0";
    // a replay asked for at the instant pace plays at the normal one
    const pace = () => (next.again ? tempo() || 1 : tempo());

    function draw(time) {
      const { face, outside } = drawer.draw(time);
      fieldBox.dataset.outside = outside ? "true" : "false";
      drawnTop = face;
      frames += 1;
      fieldBox.dataset.frames = String(frames);
    }

    /** How many times faster than life the run plays: slower than life when short, so a throw is seen
     * (SHORTEST_S at the normal pace), faster when long (LONGEST_S); faster still while others wait. */
    const rate = () => {
      const span = end - start;
      const onScreen = Math.min(Math.max(span, SHORTEST_S * pace()), LONGEST_S * pace());
      return (onScreen > 0 ? span / onScreen : Infinity) * (player.queue.length ? 2.5 : 1);
    };
    fieldBox.dataset.duration = String(Math.round(((end - start) / rate()) * 1000));  // the run's length on screen (ms)

    function step(now) {
      if (generation !== player.generation) return;
      const speed = rate();  // (read anew: the pace may change in flight)
      // a stalled page (a hidden tab, a busy machine) resumes where it stopped instead of jumping ahead
      clock = Math.min(end, clock + (Math.min(now - before, 50) / 1000) * speed);
      before = now;
      draw(clock);
      if (clock < end) {
        player.raf = requestAnimationFrame(step);
        return;
      }
      showResult(next, motion.kind === "crossing" ? null : drawnTop, null);
      player.timer = setTimeout(() => {
        if (generation !== player.generation) return;
        endFlight();
        playNext();
      }, (player.queue.length ? HOLD_MS / 4 : HOLD_MS) * pace());
    }
    draw(start);
    player.raf = requestAnimationFrame(step);
  }

  return {
    /** Draw `msg`; returns a promise while its news (a throw's outcome) is still flying, settled once it
     * has landed on screen (table.js holds the log, the scores and the coach until then), else null. */
    update(msg, how = {}) {
      const view = msg.view;
      motionWanted = Boolean(how.motion) && !ctx.replay;
      if (!motionWanted) land();  // (before the new outcomes: they are shown at once)
      message = { ...msg, interception: Boolean(view.interception ?? ctx.options().interception) };
      const newMode = view.throws_from || ctx.options().throws || "physics";
      if (newMode !== mode) {
        mode = newMode;
        layout();
      }
      enterPending(msg);
      // the news as the visitor read it; the log with each action's events (a bare log of notation has none)
      follow(how.news || [], msg.entries || msg.log.map((action) => ({ action, events: [] })), view);
      drawn = true;
      cubeBefore = { ...view.cube };
      const telling = untold();
      if (!telling) {
        toldView = view;
        told(Infinity);
        // nothing flies: the box never says a throw is flying (it shows the last one landed)
        if (box && box.flying && !(player.job && player.job.again)) restoreLast();
      }
      // no throw is aimed while the last one flies: the cube is not where it will lie
      const g = throwGrid(telling ? [] : msg.legal);
      grid = g;
      if (g.throws.length && !chosenAction()) {
        choice = { line: g.lines[0], pos: nearest(g.pos, 0), aim: nearest(g.aim, 0), power: nearest(g.power, 12),
          spin: nearest(g.spin, 4) };
      }
      drawField();
      drawInfo();
      drawControls();
      drawBox();  // (in the reader's language; "Replay this throw" offered when nothing flies)
      return telling && news ? news : null;
    },
    destroy() {
      stop();
      told(Infinity);
      if (resized) resized.disconnect();
    },
  };
}
