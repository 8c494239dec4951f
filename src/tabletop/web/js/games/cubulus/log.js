// @ts-check
// Cubulus's words for its events, in the reader's language (the data the rules give:
// src/tabletop/games/cubulus/events.py): the sentence of an action's own event (starts, neutral_placed,
// insert, shift, pass) and the notes of what it caused (setup_done, square, draw); the visitor
// (visitor.js) reads the log with them, one line per action, a seat's neutral balls placed one after
// another as one line. Every player is named with their colour, "Ann (orange)"; places are told in words
// ("from above into top layer, front left"), never as notation (the line's tooltip has it). Cubulus
// hides nothing, so every viewer reads the same log. The screen tells its last move and winning square
// with the same sentences.

import { t } from "../../i18n.js";
import { maybe } from "../../describe.js";
import { lineOf } from "./preview.js";

/** A colour code ("red", "neutral") in the reader's language, named for the colour drawn. */
export function colourName(code) {
  return maybe(`cubulus.colour.${code}`, {}, code);
}

/** A cell "xyz" in words: "top layer, front left" (x left→right, y front→back, z bottom→top). */
export function cellName(cell) {
  const layer = maybe(`cubulus.layer.${cell[2]}`, {}, `z=${cell[2]}`);
  const spot = maybe(`cubulus.spot.${cell[1]}${cell[0]}`, {}, cell);
  return t("cubulus.cell", { layer, spot });
}

/** Where a hole's ball comes from, in words: "from above" for U…, "from the left" for L…. */
export function sideName(hole) {
  return maybe(`cubulus.side.${hole[0]}`, {}, hole[0]);
}

/** A hole's words as a template's parameters: {hole, side, cell (its entry cell in words)}. */
export function holeParams(hole) {
  return { hole, side: sideName(hole), cell: cellName(hole.slice(1)) };
}

/** A square of a `square` event (or a view's squares): "small square on the bottom face". */
export function squareName(square) {
  const params = { face: maybe(`cubulus.face.${square.face}`, {}, square.face), cells: (square.cells || []).join(" ") };
  return maybe(`cubulus.square.${square.shape}`, params, `${square.shape} ${square.face} (${params.cells})`);
}

/**
 * The log entry of a view's last action, rebuilt from the view alone (its action, seat and board
 * before): the events the server logged for it, so the screen can tell it in the log's words.
 */
export function lastEntry(view) {
  const last = view.last;
  if (!last) return null;
  const [kind, where] = last.action.split(" ");
  const seat = last.seat;
  const events = [];
  const count = (board, ch) => board.split("").filter((c) => c === ch).length;
  if (kind === "insert") {
    const cells = lineOf(where).map((c) => last.before[Number(c[0]) * 9 + Number(c[1]) * 3 + Number(c[2])]);
    const pushed = cells[0] === "." ? 0 : cells[1] === "." ? 1 : 2;
    events.push({ kind, seat, colour: view.colours[seat], hole: where, pushed, action: true });
  } else if (kind === "shift") {
    events.push({ kind, seat, hole: where, line: lineOf(where), action: true });
  } else if (kind === "place") {
    events.push({ kind: "neutral_placed", seat, cell: where, left: 9 - count(view.board, "2"), action: true });
  } else if (kind === "pass") {
    events.push({ kind, seat, action: true });
  } else if (kind === "first") {  // the lot (U4, U9, U13): with two players the other seat places the neutrals
    const first = Number(where);
    events.push(view.players === 2 ? { kind: "starts", seat: first, placer: 1 - first, action: true }
      : { kind: "starts", seat: first, action: true });
  }
  for (const square of view.squares || []) {
    events.push({ kind: "square", seat: square.colour, colour: view.colours[square.colour], face: square.face,
      shape: square.shape, cells: square.cells, by: seat, wins: square.wins !== false });
  }
  return { seat, action: last.action, events };
}

/** A player with their colour, "Ann (orange)": the colour an event names, else the one the view gives the seat. */
export function named(ctx, seat, colour = null) {
  const code = colour || ((ctx.view && ctx.view.colours) || [])[seat];
  const name = ctx.seatName(seat);
  return code ? t("cubulus.who", { name, colour: colourName(code) }) : name;
}

/** What an action caused, as a note under its line (null for a kind these words do not know). */
export function note(event, ctx) {
  switch (event.kind) {
    case "setup_done":
      return t("cubulus.event.setup_done", { name: named(ctx, event.seat) });
    case "square": {
      const params = { name: named(ctx, event.seat, event.colour), square: squareName(event), mover: named(ctx, event.by) };
      const variant = event.wins ? (event.by === event.seat ? "" : ".for") : event.by === event.seat ? ".own" : ".other";
      return t(`cubulus.event.square${variant}`, params);
    }
    case "draw":
      return maybe(`cubulus.event.draw.${event.why}`, { n: event.moves }, t("cubulus.event.draw"));
    default:
      return null;
  }
}

/** The sentence of an action's own event, or null for one these words do not know. */
export function sentence(event, ctx) {
  switch (event.kind) {
    case "starts":
      return event.placer === undefined ? t("cubulus.event.starts", { name: named(ctx, event.seat) })
        : t("cubulus.event.starts.placer", { name: named(ctx, event.seat), placer: named(ctx, event.placer) });
    case "neutral_placed":
      return t("cubulus.event.neutral_placed", { name: named(ctx, event.seat), cell: cellName(event.cell), left: event.left });
    case "insert": {
      const push = event.pushed ? `.push${event.pushed}` : "";
      return t(`cubulus.event.insert${push}`, { name: named(ctx, event.seat, event.colour), ...holeParams(event.hole) });
    }
    case "shift":
      return t("cubulus.event.shift", { name: named(ctx, event.seat), ...holeParams(event.hole), far: cellName(event.line[2]) });
    case "pass":
      return t("cubulus.event.pass", { name: named(ctx, event.seat) });
    default:
      return null;
  }
}

/** A seat's neutral balls placed one after another, as one sentence. */
export function placedText(seat, cells, left, ctx) {
  return t("cubulus.event.neutral_placed.many", { name: named(ctx, seat), cells: cells.map(cellName).join("; "), left });
}
