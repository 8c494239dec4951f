// @ts-check
// Cubulus's screen: the cube as three flat layers (top, middle, bottom) with every hole clickable —
// an arrow beside each row and column for L/R/F/B, a mark in the top and bottom layers' cells for
// U/D — mapped onto `insert`/`shift`, cells clickable for the neutral set-up's `place`, the last
// move and the winning square marked and told in words; and a three.js cube to turn with mouse or
// touch. Before a move is made it is previewed (preview.js): pointing at a hole or cell, focusing
// it from the keyboard, or a first tap on a touch screen shows the line outlined and every ball
// where the move would put it, with the move told in words; a click, Enter/Space or a second tap
// on the same target makes it. The flat layers are the keyboard's way to play: every legal hole and
// cell is a button named in words ("Insert a ball from above into top layer, front centre (U102)"),
// and each ball carries a mark as well as its colour.

import { h, s, fill, keepFocus } from "../../dom.js";
import { t } from "../../i18n.js";
import { colourName, cellName, holeParams, lastEntry } from "./log.js";
import { describeLog } from "./visitor.js";
import { cellMotion, lastMotion, preview } from "./preview.js";
import { motionTime, slideFrom } from "../shared/motion.js";

/** Colour-blind-safe fills (Okabe–Ito) and a shape per colour, so colour is never the only cue
 * (no arrowhead among them: ▲ ▼ are the holes of the top and bottom layers). */
export const BALL = {
  red: { fill: "#d55e00", mark: "★" },
  blue: { fill: "#0072b2", mark: "■" },
  yellow: { fill: "#f0e442", mark: "◆" },
  neutral: { fill: "#a0a0a0", mark: "" },
};

/** The board string's index of cell (x, y, z). */
export const index = (x, y, z) => x * 9 + y * 3 + z;

/** Every hole as [name, x, y, z] of the cell it opens into. */
export function holes() {
  const list = [];
  for (let a = 0; a < 3; a += 1) {
    for (let b = 0; b < 3; b += 1) {
      list.push([`L0${a}${b}`, 0, a, b], [`R2${a}${b}`, 2, a, b], [`F${a}0${b}`, a, 0, b], [`B${a}2${b}`, a, 2, b],
        [`D${a}${b}0`, a, b, 0], [`U${a}${b}2`, a, b, 2]);
    }
  }
  return list;
}

/** What the view says about the hole/cell of `action` and the cells the last move changed. */
export function marks(view) {
  const changed = new Set();
  if (view.last) {
    for (let i = 0; i < 27; i += 1) if (view.last.before[i] !== view.board[i]) changed.add(i);
  }
  const winning = new Set();  // the cells of the winning square(s): data from the view, {colour, face, shape, cells, wins}
  for (const square of view.squares || []) {
    if (square.wins === false) continue;  // U15: the mover's own square, made with another's, does not count
    for (const cell of square.cells || []) winning.add(index(+cell[0], +cell[1], +cell[2]));
  }
  const lastHole = view.last ? view.last.action.split(" ")[1] : null;
  return { changed, winning, lastHole };
}

function colourOf(view, ch) {
  return ch === "." ? null : view.colours[Number(ch)];
}

/** The words of a legal action, as its button is named: "Insert a ball from above into … (U102)". */
export function actionLabel(action) {
  const [kind, where] = action.split(" ");
  if (kind === "place") return t("cubulus.place", { cell: cellName(where) });
  if (kind === "insert" || kind === "shift") return t(`cubulus.${kind}`, holeParams(where));
  return action;
}

/** What a previewed move does, in words: "a blue ball goes in at …; the ball there moves one cell deeper". */
export function previewText(view, seen) {
  if (seen.kind === "place") return t("cubulus.preview.place", { cell: cellName(seen.line[0]) });
  const cell = cellName(seen.line[0]);
  if (seen.kind === "shift") return t("cubulus.preview.shift", { cell, far: cellName(seen.line[2]) });
  const colour = view.colours[view.seat];
  const ball = t(`cubulus.ball.${colour}`) === `cubulus.ball.${colour}` ? colourName(colour) : t(`cubulus.ball.${colour}`);
  return t(`cubulus.preview.insert${seen.pushed ? `.push${seen.pushed}` : ""}`, { ball, cell });
}

/** A hole's legal action in `legal` (insert or shift), or null. */
function holeAction(hole, legal) {
  return legal.includes(`insert ${hole}`) ? `insert ${hole}` : legal.includes(`shift ${hole}`) ? `shift ${hole}` : null;
}

const CELL = 46;
const PAD = 34;
const px = (x) => PAD + x * CELL + CELL / 2;
const py = (y) => PAD + (2 - y) * CELL + CELL / 2;  // the front (y=0) at the bottom of the picture

/** A ball drawn at (cx, cy): its colour, and its mark so colour is never the only cue. */
function ballShape(colour, cx, cy, r, extra = {}) {
  const parts = [s("circle", { cx, cy, r, fill: BALL[colour] ? BALL[colour].fill : "#fff", ...extra })];
  if (BALL[colour] && BALL[colour].mark) {
    parts.push(s("text", { x: cx, y: cy + r * 0.27, "text-anchor": "middle", "font-size": r * 0.74,
      fill: colour === "yellow" ? "#333" : "#fff", "aria-hidden": "true" }, BALL[colour].mark));
  }
  return parts;
}

/** One layer as SVG: cells, the L/R/F/B holes around it, and U (top layer) or D (bottom) holes,
 * with an empty overlay (`g.preview`) on top where a previewed move is drawn. */
function layerSvg(view, z, legal, bind, mk) {
  const size = CELL * 3 + PAD * 2;
  const items = [];
  items.push(s("rect", { x: PAD - 4, y: PAD - 4, width: CELL * 3 + 8, height: CELL * 3 + 8, rx: 8, fill: "#e7ecf3",
    stroke: "#8895a7" }));
  for (let x = 0; x < 3; x += 1) {
    for (let y = 0; y < 3; y += 1) {
      const i = index(x, y, z);
      const colour = colourOf(view, view.board[i]);
      const cell = `${x}${y}${z}`;
      const place = legal.includes(`place ${cell}`) ? `place ${cell}` : null;
      const label = t("cubulus.cellHolds", { cell: cellName(cell), what: colour ? colourName(colour) : t("cubulus.empty") });
      const group = s("g", { class: `cell${place ? " hole place" : ""}`, "data-cell": cell, "data-legal": place,
        role: place ? "button" : "img", tabindex: place ? 0 : null, "aria-label": place ? actionLabel(place) : label });
      if (colour) {
        group.append(...ballShape(colour, px(x), py(y), 19, { stroke: mk.winning.has(i) ? "#000" : "#6b7686",
          "stroke-width": mk.winning.has(i) ? 4 : 1.2 }));
      } else if (place) {  // a set-up target: tinted, solid-edged and marked +, so it reads as clickable
        group.append(s("circle", { cx: px(x), cy: py(y), r: 19, fill: "#dff2e8", stroke: "#1f6f50", "stroke-width": 2 }),
          s("text", { x: px(x), y: py(y) + 7, "text-anchor": "middle", "font-size": 20, fill: "#1f6f50",
            "aria-hidden": "true", class: "plus" }, "+"));
      } else {
        group.append(s("circle", { cx: px(x), cy: py(y), r: 19, fill: "#fff", stroke: "#6b7686", "stroke-width": 1.2,
          "stroke-dasharray": "3 3" }));
      }
      if (mk.changed.has(i)) {
        group.append(s("circle", { cx: px(x), cy: py(y), r: 22.5, fill: "none", stroke: "#cc79a7", "stroke-width": 2.5,
          "stroke-dasharray": "4 2", class: "changed" }));
      }
      group.append(s("title", {}, place ? actionLabel(place) : label));
      if (place) bind(group, place);
      items.push(group);
    }
  }
  // side holes of this layer: the arrow points into the cube
  const side = [];
  for (let a = 0; a < 3; a += 1) {
    side.push([`L0${a}${z}`, PAD - 18, py(a), 0], [`R2${a}${z}`, PAD + CELL * 3 + 18, py(a), 180],
      [`F${a}0${z}`, px(a), PAD + CELL * 3 + 18, 270], [`B${a}2${z}`, px(a), PAD - 18, 90]);
  }
  for (const [hole, x, y, angle] of side) items.push(holeMark(hole, x, y, angle, legal, bind, mk));
  if (z === 2 || z === 0) {  // vertical holes: marked in the corner of each top (U) or bottom (D) cell
    for (let x = 0; x < 3; x += 1) {
      for (let y = 0; y < 3; y += 1) {
        const hole = z === 2 ? `U${x}${y}2` : `D${x}${y}0`;
        items.push(holeMark(hole, px(x) + 15, py(y) - 15, null, legal, bind, mk, z === 2 ? "▼" : "▲"));
      }
    }
  }
  items.push(s("g", { class: "preview", "data-layer": z, "aria-hidden": "true" }));
  return s("svg", { viewBox: `0 0 ${size} ${size}`, class: "fit", role: "group", "aria-label": t(`cubulus.heading.${z}`) },
    items);
}

function holeMark(hole, x, y, angle, legal, bind, mk, glyph) {
  const action = holeAction(hole, legal);
  const last = mk.lastHole === hole;
  const colour = last ? "#cc79a7" : action ? (action.startsWith("shift") ? "#7a4fa0" : "#1f6f50") : "#c4c9d1";
  const label = action ? actionLabel(action) : hole;
  const group = s("g", { class: action ? "hole" : "hole-off", "data-hole": hole, "data-legal": action || null,
    role: action ? "button" : null, tabindex: action ? 0 : null, "aria-label": action ? label : null,
    "aria-hidden": action ? null : "true" });
  if (glyph) {
    // 18 units: 24 CSS pixels or more at the layer's full width, a finger's target on a phone
    group.append(s("rect", { x: x - 9, y: y - 9, width: 18, height: 18, rx: 3, fill: action || last ? colour : "transparent",
      stroke: action || last ? "#222" : "none", "stroke-width": 0.8 }));
    group.append(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: action || last ? "#fff" : "#9aa3b0" },
      glyph));
  } else {
    const points = action && action.startsWith("shift") ? "-9,-9 9,0 -9,9 -3,0" : "-9,-9 9,0 -9,9";
    group.append(s("polygon", { points, fill: colour, stroke: "#333", "stroke-width": action || last ? 0.8 : 0,
      transform: `translate(${x} ${y}) rotate(${angle})` }));
  }
  group.append(s("title", {}, label));
  if (action) bind(group, action);
  return group;
}

/** Draw a previewed move into the layers' overlays: the line outlined (a band when it lies in one
 * layer, a ring per cell when it crosses them), each moved ball where it would be — the ball coming
 * in (or, for a shift, coming back in at the hole) ringed — and the push direction as an arrow. */
function drawPreview(flat, view, seen) {
  for (const overlay of flat.querySelectorAll("g.preview")) overlay.replaceChildren();
  if (!seen) return;
  const overlays = new Map([...flat.querySelectorAll("g.preview")].map((g) => [Number(g.dataset.layer), g]));
  const cells = seen.line.map((c) => [Number(c[0]), Number(c[1]), Number(c[2])]);
  const sameLayer = cells.every((c) => c[2] === cells[0][2]);
  if (sameLayer && cells.length === 3) {
    const overlay = overlays.get(cells[0][2]);
    const xs = cells.map((c) => px(c[0]));
    const ys = cells.map((c) => py(c[1]));
    const [x0, x1, y0, y1] = [Math.min(...xs) - 22, Math.max(...xs) + 22, Math.min(...ys) - 22, Math.max(...ys) + 22];
    overlay.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 22, fill: "rgba(27,31,36,0.08)",
      stroke: "#1b1f24", "stroke-width": 2.5, "stroke-dasharray": "6 3", class: "preview-line" }));
  } else {
    for (const [x, y, z] of cells) {
      overlays.get(z).append(s("circle", { cx: px(x), cy: py(y), r: 22, fill: "rgba(27,31,36,0.08)", stroke: "#1b1f24",
        "stroke-width": 2.5, "stroke-dasharray": "6 3", class: "preview-line" }));
    }
  }
  for (const move of seen.moves) {
    const [x, y, z] = [Number(move.to[0]), Number(move.to[1]), Number(move.to[2])];
    const colour = view.colours[Number(move.ball)];
    const role = move.from === null ? "enter" : seen.comesBack === move.from ? "back" : "push";
    const group = s("g", { class: `preview-ball ${role}`, "data-cell": move.to, "data-after": colour, "data-role": role,
      "data-from": move.from || "" });
    // drawn over the ball there now, so the line reads as it would be after the move
    group.append(s("circle", { cx: px(x), cy: py(y), r: 21.5, fill: "#e7ecf3" }),
      ...ballShape(colour, px(x), py(y), 19, { stroke: "#1b1f24", "stroke-width": role === "push" ? 1.5 : 3.5 }));
    overlays.get(z).append(group);
  }
  if (sameLayer && cells.length === 3) {  // the way the balls go: from the hole inward
    const overlay = overlays.get(cells[0][2]);
    const [a, c] = [cells[0], cells[2]];
    const [ax, ay, cx, cy] = [px(a[0]), py(a[1]), px(c[0]), py(c[1])];
    const dx = Math.sign(cx - ax);
    const dy = Math.sign(cy - ay);
    const [tx, ty] = [cx + dx * 20, cy + dy * 20];
    overlay.append(s("path", { d: `M ${tx + dx * 8} ${ty + dy * 8} L ${tx - dy * 6} ${ty + dx * 6} L ${tx + dy * 6} ${ty - dx * 6} Z`,
      fill: "#1b1f24", class: "preview-arrow" }));
  }
}

/** A cell "xyz" (or a point one step outside the cube) as its centre in its layer's picture. */
const at2d = (c) => [px(c[0]), py(c[1])];

/**
 * The last move played in the flat layers: every ball it moved slides from where it was (or comes in
 * through its hole) to where it is, the ball a shift turns out of the far end slides out and fades
 * before it comes back in at the hole (U6, U11); a ball that changes layer (an up or down line) drops
 * into its new cell. The shared slideFrom (games/shared/motion.js, as the cards fly) over the final
 * drawing with no fill: when they end, or are cancelled, the picture is exactly the one drawn without
 * motion. Returns the animations started.
 */
function animateFlat(flat, view, seen, ms) {
  const started = [];
  const easing = "cubic-bezier(.3,.7,.4,1)";
  const shapes = (group) => [...group.children].filter((el) => el.tagName !== "title" && !el.classList.contains("changed"));
  const layerOf = (z) => flat.querySelector(`.layer[data-layer="${z}"] svg`);
  for (const step of cellMotion(seen)) {
    const group = flat.querySelector(`.cell[data-cell="${step.to.join("")}"]`);
    if (!group) continue;
    const [tx, ty] = at2d(step.to);
    /** @type {{offset: [number, number], scale: number, opacity: number}} */
    const from = (() => {
      if (step.from && step.from[2] === step.to[2]) {  // along its layer: slide (in through the hole: from outside)
        const [fx, fy] = at2d(step.from);
        return { offset: [fx - tx, fy - ty], scale: 1, opacity: step.outside ? 0 : 1 };
      }
      // into another layer (an up or down line, a ball dropped in for the set-up): it falls into the cell
      return { offset: [0, 0], scale: 1.6, opacity: 0 };
    })();
    for (const el of shapes(group)) {
      const animation = slideFrom(el, from.offset, ms * step.span, { delay: step.delay * ms, scale: from.scale,
        opacity: from.opacity, origin: `${tx}px ${ty}px`, easing });
      if (animation) started.push(animation);
    }
  }
  for (const ghost of cellMotion(seen, true)) {  // a shift's far ball leaving the cube before it comes back
    const svg = layerOf(ghost.from[2]);
    if (!svg) continue;
    const [fx, fy] = at2d(ghost.from);
    const [ox, oy] = ghost.to[2] === ghost.from[2] ? at2d(ghost.to) : [fx, fy];
    const colour = view.colours[Number(ghost.ball)];
    const layer = s("g", { class: "motion-ghost", "aria-hidden": "true" }, ...ballShape(colour, fx, fy, 19,
      { stroke: "#6b7686", "stroke-width": 1.2 }));
    svg.append(layer);
    const animation = layer.animate([{ transform: "none", opacity: 1 },
      { transform: ox === fx && oy === fy ? "scale(0.3)" : `translate(${ox - fx}px, ${oy - fy}px)`, opacity: 0 }],
    { duration: ms / 2, easing: "ease-in", fill: "forwards" });
    layer.style.transformBox = "view-box";
    layer.style.transformOrigin = `${fx}px ${fy}px`;
    animation.finished.catch(() => null).then(() => layer.remove());
    started.push(animation);
  }
  return started;
}

export function cubulusScreen(root, ctx) {
  const status = h("div", { class: "cub-status" });
  const toggle = h("div", { class: "buttons view-toggle" });
  const caption = h("p", { class: "hint cub-preview", "data-testid": "preview-caption", "aria-live": "polite" });
  const flat = h("div", { class: "layers", "data-testid": "layers" });
  const solid = h("div", { class: "cube3d", hidden: true, "aria-label": t("cubulus.view3d") });
  fill(root, status, toggle, flat, solid, caption);  // the caption last: its height never moves a target
  let mode = localStorage.getItem("tabletop.cubulus.view") === "3d" ? "3d" : "flat";
  let cube = null;  // the one Cube3D (one WebGL canvas, `.cube3d canvas`), once three.js has loaded
  let loading = null;  // the import of cube3d.js under way, started once
  let destroyed = false;
  let message = null;
  let shownMoves = null;  // the log's length at the last update: a new state animates its move once
  let running = [];  // the flat layers' animations of the last move
  let flight = null;  // the last move's motion: {seen, ms, start}, to go on with across a redraw
  let shown = null;  // the move previewed now: {action, how: "hover" | "key" | "tap"}
  let pointer = "mouse";  // the kind of the last pointer pressed on a target (a first tap only previews)
  const touchScreen = window.matchMedia && window.matchMedia("(hover: none)").matches;

  /** Show (or, with null, clear) the preview of `action`, in the layers, the cube and the caption. */
  function showPreview(action, how) {
    const seen = action && message ? preview(message, action) : null;
    shown = seen ? { action, how } : null;
    drawPreview(flat, message ? message.view : null, seen);
    for (const el of flat.querySelectorAll("[data-legal].previewed")) el.classList.remove("previewed");
    if (seen) for (const el of flat.querySelectorAll(`[data-legal="${action}"]`)) el.classList.add("previewed");
    if (cube) cube.preview(seen);
    caption.hidden = !message || !message.legal.some((a) => a !== "pass");  // nothing to preview: no empty box
    if (caption.hidden) {
      fill(caption);
    } else if (seen) {
      const then = how === "tap" ? t("cubulus.preview.confirm") : how === "key" ? t("cubulus.preview.key") : "";
      fill(caption, h("strong", {}, `${actionLabel(action)}: `), previewText(message.view, seen), then ? `. ${then}` : "",
        how === "tap" ? h("span", { class: "buttons" },
          h("button", { type: "button", class: "primary", "data-action": "confirm-move",
            onclick: (event) => { event.stopPropagation(); choose(action, "click"); } }, t("cubulus.preview.make")),
          h("button", { type: "button", "data-action": "cancel-preview",
            onclick: (event) => { event.stopPropagation(); showPreview(null); } }, t("cubulus.preview.cancel"))) : null);
    } else {
      fill(caption, touchScreen ? t("cubulus.preview.tap") : t("cubulus.preview.hover"));
    }
    caption.classList.toggle("active", Boolean(seen));
    if (seen && how !== "hover") uncover();
  }

  /** Scroll the previewed line (its outline, the balls it moves, the target) out from under the
   * caption, which sticks to the bottom of a phone's screen: a preview never hides what it previews.
   * Not on hover: the page must not move under a mouse. */
  function uncover() {
    if (caption.hidden || flat.hidden) return;
    const marks = [...flat.querySelectorAll("g.preview > *, [data-legal].previewed")];
    if (!marks.length) return;
    const bottom = Math.max(...marks.map((el) => el.getBoundingClientRect().bottom));
    const top = Math.min(...marks.map((el) => el.getBoundingClientRect().top));
    const covered = bottom - caption.getBoundingClientRect().top + 8;
    // as far as it takes to clear the caption, never so far that the line's top leaves the screen
    if (covered > 0) window.scrollBy({ top: Math.min(covered, Math.max(0, top - 8)), behavior: "instant" });
  }

  /** A target's click: with a mouse or the keyboard the move is made; a tap first previews it and
   * makes it only when the same target is tapped again. */
  function choose(action, how) {
    if (how === "tap" && !(shown && shown.action === action && shown.how === "tap")) {
      showPreview(action, "tap");
      return;
    }
    showPreview(null);
    ctx.act(action);
  }

  function bind(el, action) {
    el.addEventListener("pointerdown", (event) => { pointer = event.pointerType; });
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      choose(action, pointer === "touch" ? "tap" : "click");
      pointer = "mouse";
    });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose(action, "key");
      }
    });
    el.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "touch" && !(shown && shown.how === "tap")) showPreview(action, "hover");
    });
    el.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "touch" && shown && shown.how === "hover" && shown.action === action) showPreview(null);
    });
    el.addEventListener("focus", () => {
      if (el.matches(":focus-visible")) showPreview(action, "key");
    });
    el.addEventListener("blur", () => {
      if (shown && shown.how === "key" && shown.action === action) showPreview(null);
    });
  }
  // a tap anywhere else drops a tapped preview
  root.addEventListener("click", () => { if (shown && shown.how === "tap") showPreview(null); });

  // Exactly one Cube3D, however fast updates arrive. The import is asynchronous, so updates keep
  // coming while three.js loads: each used to see no cube yet and make its own (ten canvases, the
  // cube drawn twice, spilling out of its panel). Now the first starts the one import and makes the
  // cube when it is ready; later ones only keep `message`, which the cube then shows — the latest.
  function show3d() {
    if (cube) {
      cube.resize();
      cube.update(message.view, message.legal);
      return;
    }
    if (loading) return;
    loading = import("./cube3d.js").then(({ Cube3D }) => {
      if (destroyed) return;
      fill(solid);
      cube = new Cube3D(solid, {
        hover: (action) => {
          if (!(shown && shown.how === "tap")) showPreview(action, "hover");
        },
        choose: (action, how) => choose(action, how),
        clear: () => showPreview(null),
      });
      if (mode === "3d" && message) show3d();
    }).catch((error) => {  // no 3D then (the flat layers still play); retried only when asked
      console.error("the 3D cube did not load", error);
      if (destroyed) return;
      fill(solid, h("div", { class: "cube3d-message", role: "alert", "data-testid": "cube3d-failed" },
        h("p", {}, t("cubulus.motion.failed", { reason: error.message || String(error) })),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "primary", "data-action": "view-flat", onclick: () => setMode("flat") },
            t("cubulus.viewFlat")),
          h("button", { type: "button", "data-action": "retry-3d", onclick: () => {
            loading = null;
            show3d();
          } }, t("cubulus.motion.retry")))));
    });
    if (!cube) {  // while three.js loads: said, never a blank panel
      fill(solid, h("p", { class: "cube3d-message", "data-testid": "cube3d-loading", role: "status" }, t("cubulus.motion.loading")));
    }
  }

  function draw() {
    for (const animation of running) animation.cancel();  // a redraw shows the position itself
    running = [];
    delete flat.dataset.motion;
    keepFocus(root, render);  // the view switch and the holes keep a keyboard player's focus
  }

  /**
   * The last move in motion, in the view shown (within the table's pace: a state is never hurried
   * off). `since` (ms) goes on with a motion under way when the table redraws the same state (a
   * clock, the pace control): the layers are drawn anew, and their motion takes up where it was.
   */
  function animate(view, since = null, paced = true) {
    const seen = since === null ? lastMotion(view) : flight && flight.seen;
    if (!seen) return;
    const ms = since === null ? Math.max(200, motionTime(ctx, paced, 650)) : flight.ms;
    const elapsed = since === null ? 0 : since;
    if (since === null) flight = { seen, ms, start: performance.now() };
    if (mode === "3d") {
      if (cube) cube.animate(seen, ms, elapsed);
      return;
    }
    running = animateFlat(flat, view, seen, ms);
    for (const animation of running) animation.currentTime = elapsed;
    if (!running.length) return;
    flat.dataset.motion = "running";
    const mine = running;
    Promise.all(mine.map((a) => a.finished.catch(() => null))).then(() => {
      if (running === mine) {
        flat.dataset.motion = "done";
        running = [];
      }
    });
  }

  /** The last move and the winning square in the log's words: {last, square, others}. */
  function told(view) {
    const entry = lastEntry(view);
    if (!entry) return { last: null, square: null };
    const [said] = describeLog([entry], { seatName: ctx.seatName, view, players: view.players });
    const squares = entry.events.filter((e) => e.kind === "square");
    const winning = squares.findIndex((e) => e.wins);
    return { last: said.text, square: winning >= 0 ? said.notes[winning] : null,
      others: said.notes.filter((_, i) => i !== winning) };
  }

  function render() {
    const view = message.view;
    const legal = message.legal;
    const mk = marks(view);
    const said = told(view);
    fill(status,
      view.phase === "setup" ? h("p", { class: "banner" }, t("cubulus.setup")) : null,
      h("div", { class: "legend" },
        view.colours.map((c, i) => (i < view.players || c === "neutral") ? h("span", { "data-colour": c },
          s("svg", { viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
            s("circle", { cx: 10, cy: 10, r: 8, fill: BALL[c] ? BALL[c].fill : "#fff", stroke: "#333" }),
            BALL[c] && BALL[c].mark ? s("text", { x: 10, y: 14, "text-anchor": "middle", "font-size": 10,
              fill: c === "yellow" ? "#333" : "#fff" }, BALL[c].mark) : null),
          ` ${i < view.players ? ctx.seatName(i) + ": " : ""}${colourName(c)} ${BALL[c] ? BALL[c].mark : ""} · ${t("cubulus.hands")}: ${view.hands[i]}`) : null)),
      said.last ? h("p", { class: "hint", "data-testid": "last-move", title: view.last.action },
        t("cubulus.last", { text: said.last })) : null,
      said.square ? h("p", { class: "banner result", "data-testid": "winning-square" }, said.square) : null,
      ...(said.square ? said.others.map((text) => h("p", { class: "hint" }, text)) : []));
    fill(toggle,
      h("button", { type: "button", "aria-pressed": mode === "flat" ? "true" : "false", "data-action": "view-flat",
        onclick: () => setMode("flat") }, t("cubulus.viewFlat")),
      h("button", { type: "button", "aria-pressed": mode === "3d" ? "true" : "false", "data-action": "view-3d",
        onclick: () => setMode("3d") }, t("cubulus.view3d")),
      legal.includes("pass") ? h("button", { type: "button", class: "primary", "data-action": "pass", "data-primary": true,
        onclick: () => ctx.act("pass") }, t("cubulus.pass")) : null,
      mode === "3d" ? h("p", { class: "hint", "data-testid": "keyboard-hint" }, t("cubulus.keyboard")) : null);
    fill(flat, [2, 1, 0].map((z) => h("div", { class: "layer", "data-layer": z }, h("h3", {}, t(`cubulus.heading.${z}`)),
      layerSvg(view, z, legal, bind, mk))));
    flat.hidden = mode !== "flat";
    solid.hidden = mode !== "3d";
    showPreview(null);  // a new position: what was previewed may no longer be legal
    if (mode === "3d") show3d();
  }

  function setMode(next) {
    mode = next;
    localStorage.setItem("tabletop.cubulus.view", next);
    draw();
    // asked for by the player: the cube in sight (on a phone it starts below the fold), clear of the caption
    if (next === "3d" && typeof solid.scrollIntoView === "function") solid.scrollIntoView({ block: "nearest" });
  }

  return {
    update(msg, how = {}) {
      const moves = Array.isArray(msg.log) ? msg.log.length : msg.view.moves;
      const fresh = moves !== shownMoves;  // a new state (the table redraws the same one too)
      const first = shownMoves === null;
      shownMoves = moves;
      message = msg;
      draw();
      if (fresh) flight = null;
      // a ball pushed in by the new log entries (as the visitor read them: visitor.js) is shown in motion
      const pushed = (how.news || []).some((told) => told.motions.length > 0);
      if (fresh && !first && how.motion && pushed) animate(msg.view, null, Boolean(how.paced));
      else if (!fresh && flight && how.motion && performance.now() - flight.start < flight.ms) {
        animate(msg.view, performance.now() - flight.start);
      }
      const active = document.activeElement;  // the keyboard's focus, given back after the redraw, previews again
      if (active instanceof HTMLElement && flat.contains(active) && active.dataset.legal
        && active.matches(":focus-visible")) {
        showPreview(active.dataset.legal, "key");
      }
    },
    destroy() {
      destroyed = true;
      if (cube) cube.destroy();
      cube = null;
    },
  };
}
