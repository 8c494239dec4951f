// @ts-check
// Cubulus's score sheet at game over. The rules keep no points (U2, U8: the first square of four of
// one's colour on a face wins), so the sheet gives each seat the numbers that decided the game: the
// squares of its colour on the final board (U8, U15 — a square made for another player counts for
// them), its balls in the cube and still in hand (U1: nine each), and the moves it made; then who
// won and how — the winning square, its shape, face, colour and owner, whose move made it — with the
// winning face drawn and its four cells ringed. A draw says why (U16). Told from the final view and
// the log's events only (Cubulus hides nothing).

import { h, s } from "../../dom.js";
import { lang, t } from "../../i18n.js";
import { BALL, index } from "./screen.js";
import { colourName, squareName } from "./log.js";

const num = (n) => new Intl.NumberFormat(lang()).format(n);

/** The log entries of a state message (`entries` where the table passes them). */
function entriesOf(state) {
  if (Array.isArray(state.entries)) return state.entries;
  return Array.isArray(state.log) && state.log.every((e) => e && typeof e === "object") ? state.log : [];
}

/** Each playing seat's numbers: {seat, colour, squares, winning, inCube, inHand, moves}. */
export function seatNumbers(view, entries) {
  const moves = Array(view.players).fill(0);
  for (const entry of entries) {
    for (const e of entry.events || []) {
      if (e.action && ["insert", "shift", "pass"].includes(e.kind) && e.seat in moves) moves[e.seat] += 1;
    }
  }
  return Array.from({ length: view.players }, (_, seat) => {
    const mine = (view.squares || []).filter((q) => Number(q.colour) === seat);
    return { seat, colour: view.colours[seat], squares: mine.length, winning: mine.some((q) => q.wins !== false),
      inCube: view.board.split("").filter((c) => c === String(seat)).length, inHand: view.hands[seat], moves: moves[seat] };
  });
}

/** The cells of `face` as a 3×3 grid seen from outside, rows top to bottom: cell names "xyz". */
export function faceGrid(face) {
  const fixed = { L: [0, 0], R: [0, 2], F: [1, 0], B: [1, 2], D: [2, 0], U: [2, 2] }[face];
  const rows = [];
  for (let r = 0; r < 3; r += 1) {
    const row = [];
    for (let c = 0; c < 3; c += 1) {
      const cell = [0, 0, 0];
      cell[fixed[0]] = fixed[1];
      // across: x (y on the side faces L and R); up: z (y on the top and bottom faces, back at the top)
      const [across, up] = fixed[0] === 0 ? [1, 2] : fixed[0] === 1 ? [0, 2] : [0, 1];
      cell[across] = face === "L" || face === "B" ? 2 - c : c;  // seen from outside the cube
      cell[up] = 2 - r;
      row.push(cell.join(""));
    }
    rows.push(row);
  }
  return rows;
}

/** The winning face drawn: its nine cells with their balls, the square's four ringed. */
function facePicture(view, square) {
  const cells = new Set(square.cells);
  const items = [s("rect", { x: 2, y: 2, width: 116, height: 116, rx: 8, fill: "#e7ecf3", stroke: "#8895a7" })];
  faceGrid(square.face).forEach((row, r) => row.forEach((cell, c) => {
    const ch = view.board[index(+cell[0], +cell[1], +cell[2])];
    const colour = ch === "." ? null : view.colours[Number(ch)];
    const [cx, cy] = [22 + c * 38, 22 + r * 38];
    items.push(s("circle", { cx, cy, r: 14, fill: colour ? BALL[colour].fill : "#fff", stroke: "#6b7686",
      "stroke-dasharray": colour ? null : "3 3" }));
    if (colour && BALL[colour].mark) {
      items.push(s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11,
        fill: colour === "yellow" ? "#333" : "#fff" }, BALL[colour].mark));
    }
    if (cells.has(cell)) {
      items.push(s("circle", { cx, cy, r: 17.5, fill: "none", stroke: "#000", "stroke-width": 3, class: "won-cell",
        "data-cell": cell }));
    }
  }));
  return s("svg", { viewBox: "0 0 120 120", width: 120, height: 120, role: "img", class: "cub-face",
    "aria-label": squareName(square), "data-face": square.face }, items);
}

/** The game-over panel's hook: the sheet as a node (null before the view is known). */
export function summary(state, ctx = {}) {
  const view = state.view;
  if (!view || !view.board) return null;
  const seatName = ctx.seatName || ((seat) => t("common.seat", { n: seat + 1 }));
  const rows = seatNumbers(view, entriesOf(state));
  const named = (seat) => t("cubulus.who", { name: seatName(seat), colour: colourName(view.colours[seat]) });
  const winning = (view.squares || []).find((q) => q.wins !== false) || null;
  const mover = view.last ? view.last.seat : null;
  // a game a person ended (resigned, abandoned…) has no square and no draw: the headline says how it ended
  const ending = state.result && state.result.ending ? state.result.ending.cause : "finished";
  let how = [];
  if (ending === "finished" && winning) {
    const owner = Number(winning.colour);
    how = [h("p", { class: "banner result", "data-testid": "cub-sheet-how" },
      t(owner === mover || mover === null ? "cubulus.sheet.won" : "cubulus.sheet.wonFor", {
        // the square's cells are ringed in the picture below: never named in notation ("100 110 …")
        name: named(owner), square: squareName(winning), mover: mover === null ? "" : named(mover), n: num(view.moves) })),
    facePicture(view, winning)];
  } else if (ending === "finished") {
    const why = view.end ? t(`cubulus.sheet.draw.${view.end.replace(/ /g, "_")}`, { n: num(view.moves) }) : t("cubulus.sheet.draw");
    how = [h("p", { class: "banner result", "data-testid": "cub-sheet-how" }, why)];
  }
  const columns = ["squares", "inCube", "inHand", "moves"];
  return h("section", { class: "cub-sheet", "data-testid": "cubulus-summary" },
    h("h3", {}, t("cubulus.sheet")),
    ...how,
    h("div", { class: "sheet-scroll" }, h("table", { class: "cub-sheet-table", "data-testid": "sheet" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("cubulus.sheet.player")),
        columns.map((c) => h("th", { scope: "col", class: "n" }, t(`cubulus.sheet.${c}`))))),
      h("tbody", {}, rows.map((row) => h("tr", { "data-seat": row.seat, class: row.winning ? "won" : "" },
        h("th", { scope: "row" }, h("span", { "aria-hidden": "true", style: { color: BALL[row.colour].fill } },
          `${BALL[row.colour].mark} `), named(row.seat),
        row.winning ? h("span", { class: "won-tag" }, ` ✓ ${t("cubulus.sheet.winner")}`) : null),
        columns.map((c) => h("td", { class: "n", "data-col": c }, num(row[c])))))))),
    h("p", { class: "hint" }, t("cubulus.sheet.note")));
}
