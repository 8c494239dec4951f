// Cubulus's screen: the cube as three flat layers (bottom to top) with every hole clickable —
// an arrow beside each row and column for L/R/F/B, a mark in the top and bottom layers' cells for
// U/D — mapped onto `insert`/`shift`, cells clickable for the neutral set-up's `place`, the last
// move and the winning square marked; and a three.js cube to turn with mouse or touch. The flat
// layers are the keyboard's way to play: every legal hole and cell is a button named for screen
// readers ("Insert at U102"), and each ball carries a mark as well as its colour.

import { h, s, fill, keepFocus } from "../../dom.js";
import { t } from "../../i18n.js";
import { colourName } from "./log.js";

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


const CELL = 46;
const PAD = 34;

/** One layer as SVG: cells, the L/R/F/B holes around it, and U (top layer) or D (bottom) holes. */
function layerSvg(view, z, legal, act, mk) {
  const size = CELL * 3 + PAD * 2;
  const items = [];
  const px = (x) => PAD + x * CELL + CELL / 2;
  const py = (y) => PAD + (2 - y) * CELL + CELL / 2;  // the front (y=0) at the bottom of the picture
  items.push(s("rect", { x: PAD - 4, y: PAD - 4, width: CELL * 3 + 8, height: CELL * 3 + 8, rx: 8, fill: "#e7ecf3",
    stroke: "#8895a7" }));
  for (let x = 0; x < 3; x += 1) {
    for (let y = 0; y < 3; y += 1) {
      const i = index(x, y, z);
      const ch = view.board[i];
      const colour = colourOf(view, ch);
      const cell = `${x}${y}${z}`;
      const place = legal.includes(`place ${cell}`) ? `place ${cell}` : null;
      const label = t("cub.cell", { cell, what: colour ? colourName(colour) : t("cub.empty") });
      const group = s("g", { class: `cell${place ? " hole" : ""}`, "data-cell": cell, role: place ? "button" : "img",
        tabindex: place ? 0 : null, "aria-label": place ? t("cub.place", { cell }) : label });
      group.append(s("circle", { cx: px(x), cy: py(y), r: 19, fill: colour ? BALL[colour].fill : "#fff",
        stroke: mk.winning.has(i) ? "#000" : "#6b7686", "stroke-width": mk.winning.has(i) ? 4 : 1.2,
        "stroke-dasharray": colour ? null : "3 3" }));
      if (colour && BALL[colour].mark) {
        group.append(s("text", { x: px(x), y: py(y) + 5, "text-anchor": "middle", "font-size": 14,
          fill: colour === "yellow" ? "#333" : "#fff", "aria-hidden": "true" }, BALL[colour].mark));
      }
      if (mk.changed.has(i)) {
        group.append(s("circle", { cx: px(x), cy: py(y), r: 22.5, fill: "none", stroke: "#cc79a7", "stroke-width": 2.5,
          "stroke-dasharray": "4 2", class: "changed" }));
      }
      if (place) bindAct(group, () => act(place));
      items.push(group);
    }
  }
  // side holes of this layer: the arrow points into the cube
  const side = [];
  for (let a = 0; a < 3; a += 1) {
    side.push([`L0${a}${z}`, PAD - 18, py(a), 0], [`R2${a}${z}`, PAD + CELL * 3 + 18, py(a), 180],
      [`F${a}0${z}`, px(a), PAD + CELL * 3 + 18, 270], [`B${a}2${z}`, px(a), PAD - 18, 90]);
  }
  for (const [hole, x, y, angle] of side) items.push(holeMark(hole, x, y, angle, legal, act, mk));
  if (z === 2 || z === 0) {  // vertical holes: marked in the corner of each top (U) or bottom (D) cell
    for (let x = 0; x < 3; x += 1) {
      for (let y = 0; y < 3; y += 1) {
        const hole = z === 2 ? `U${x}${y}2` : `D${x}${y}0`;
        items.push(holeMark(hole, px(x) + 15, py(y) - 15, null, legal, act, mk, z === 2 ? "▼" : "▲"));
      }
    }
  }
  return s("svg", { viewBox: `0 0 ${size} ${size}`, class: "fit", role: "group", "aria-label": t("cub.layer", { z }) }, items);
}

function holeMark(hole, x, y, angle, legal, act, mk, glyph) {
  const action = legal.includes(`insert ${hole}`) ? `insert ${hole}` : legal.includes(`shift ${hole}`) ? `shift ${hole}` : null;
  const last = mk.lastHole === hole;
  const colour = last ? "#cc79a7" : action ? (action.startsWith("shift") ? "#7a4fa0" : "#1f6f50") : "#c4c9d1";
  const label = action ? t(action.startsWith("shift") ? "cub.shift" : "cub.insert", { hole }) : hole;
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
  if (action) bindAct(group, () => act(action));
  return group;
}

function bindAct(el, run) {
  el.addEventListener("click", run);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      run();
    }
  });
}

export function cubulusScreen(root, ctx) {
  const status = h("div", { class: "cub-status" });
  const toggle = h("div", { class: "buttons view-toggle" });
  const flat = h("div", { class: "layers", "data-testid": "layers" });
  const solid = h("div", { class: "cube3d", hidden: true, "aria-label": t("cub.view3d") });
  fill(root, status, toggle, flat, solid);
  let mode = localStorage.getItem("tabletop.cubulus.view") === "3d" ? "3d" : "flat";
  let cube = null;  // the one Cube3D (one WebGL canvas, `.cube3d canvas`), once three.js has loaded
  let loading = null;  // the import of cube3d.js under way, started once
  let destroyed = false;
  let message = null;

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
      cube = new Cube3D(solid, (action) => ctx.act(action));
      if (mode === "3d" && message) show3d();
    }).catch((error) => {  // no 3D then (the flat layers still play); not retried on every update
      console.error("the 3D cube did not load", error);
      solid.textContent = `3D: ${error.message}`;
    });
  }

  function draw() {
    keepFocus(root, render);  // the view switch and the holes keep a keyboard player's focus
  }

  function render() {
    const view = message.view;
    const legal = message.legal;
    const mk = marks(view);
    fill(status,
      view.phase === "setup" ? h("p", { class: "banner" }, t("cub.setup")) : null,
      h("div", { class: "legend" },
        view.colours.map((c, i) => (i < view.players || c === "neutral") ? h("span", { "data-colour": c },
          s("svg", { viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
            s("circle", { cx: 10, cy: 10, r: 8, fill: BALL[c] ? BALL[c].fill : "#fff", stroke: "#333" }),
            BALL[c] && BALL[c].mark ? s("text", { x: 10, y: 14, "text-anchor": "middle", "font-size": 10,
              fill: c === "yellow" ? "#333" : "#fff" }, BALL[c].mark) : null),
          ` ${i < view.players ? ctx.seatName(i) + ": " : ""}${colourName(c)} ${BALL[c] ? BALL[c].mark : ""} · ${t("cub.hands")}: ${view.hands[i]}`) : null)),
      view.last ? h("p", { class: "hint", "data-testid": "last-move" }, t("cub.last", { action: view.last.action })) : null,
      mk.winning.size ? h("p", { class: "banner result" }, t("cub.square")) : null);
    fill(toggle,
      h("button", { type: "button", "aria-pressed": mode === "flat" ? "true" : "false", "data-action": "view-flat",
        onclick: () => setMode("flat") }, t("cub.viewFlat")),
      h("button", { type: "button", "aria-pressed": mode === "3d" ? "true" : "false", "data-action": "view-3d",
        onclick: () => setMode("3d") }, t("cub.view3d")),
      legal.includes("pass") ? h("button", { type: "button", class: "primary", "data-action": "pass", "data-primary": true,
        onclick: () => ctx.act("pass") }, t("cub.pass")) : null,
      mode === "3d" ? h("p", { class: "hint", "data-testid": "keyboard-hint" }, t("cub.keyboard")) : null);
    fill(flat, [0, 1, 2].map((z) => h("div", { class: "layer" }, h("h3", {}, t("cub.layer", { z })),
      layerSvg(view, z, legal, ctx.act, mk))));
    flat.hidden = mode !== "flat";
    solid.hidden = mode !== "3d";
    if (mode === "3d") show3d();
  }

  function setMode(next) {
    mode = next;
    localStorage.setItem("tabletop.cubulus.view", next);
    draw();
  }

  return {
    update(msg) {
      message = msg;
      draw();
    },
    destroy() {
      destroyed = true;
      if (cube) cube.destroy();
      cube = null;
    },
  };
}
