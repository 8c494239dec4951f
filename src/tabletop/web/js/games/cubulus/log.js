// Cubulus's move log in sentences, in the reader's language, from each entry's events (the data the
// rules give: src/tabletop/games/cubulus/events.py): one line per action, told by its own event
// (starts, neutral_placed, insert, shift, pass), with what it caused as notes (setup_done, square,
// draw). A seat's neutral balls placed one after another read as one line. Every player is named
// with their colour, "Ann (red)". Cubulus hides nothing, so every viewer reads the same log.

import { t } from "../../i18n.js";
import { fallback, line, maybe } from "../../describe.js";

/** A colour code ("red", "neutral") in the reader's language. */
export function colourName(code) {
  return maybe(`cubulus.colour.${code}`, {}, code);
}

/** A square of a `square` event (or a view's squares): "small square on face L (000 001 010 011)". */
export function squareName(square) {
  const params = { face: square.face, cells: (square.cells || []).join(" ") };
  return maybe(`cubulus.square.${square.shape}`, params, `${square.shape} ${square.face} (${params.cells})`);
}

export function describeLog(entries, ctx) {
  const colours = (ctx.view && ctx.view.colours) || [];
  const named = (seat, colour) => {
    const code = colour || colours[seat];
    const name = ctx.seatName(seat);
    return code ? t("cubulus.who", { name, colour: colourName(code) }) : name;
  };

  /** What an action caused, as a note under its line. */
  function note(event) {
    switch (event.kind) {
      case "setup_done":
        return t("cubulus.event.setup_done", { name: named(event.seat) });
      case "square": {
        const params = { name: named(event.seat, event.colour), square: squareName(event), mover: named(event.by) };
        const variant = event.wins ? (event.by === event.seat ? "" : ".for") : event.by === event.seat ? ".own" : ".other";
        return t(`cubulus.event.square${variant}`, params);
      }
      case "draw":
        return maybe(`cubulus.event.draw.${event.why}`, { n: event.moves }, t("cubulus.event.draw"));
      default:
        return null;
    }
  }

  /** The sentence of an action's own event, or null for one this log does not know. */
  function sentence(event) {
    switch (event.kind) {
      case "starts":
        return event.placer === undefined ? t("cubulus.event.starts", { name: named(event.seat) })
          : t("cubulus.event.starts.placer", { name: named(event.seat), placer: named(event.placer) });
      case "neutral_placed":
        return t("cubulus.event.neutral_placed", { name: named(event.seat), cell: event.cell, left: event.left });
      case "insert": {
        const push = event.pushed ? `.push${event.pushed}` : "";
        return t(`cubulus.event.insert${push}`, { name: named(event.seat, event.colour), hole: event.hole });
      }
      case "shift":
        return t("cubulus.event.shift", { name: named(event.seat), hole: event.hole, far: event.line[2], cell: event.line[0] });
      case "pass":
        return t("cubulus.event.pass", { name: named(event.seat) });
      default:
        return null;
    }
  }

  const lines = [];
  let setup = null;  // the neutral balls the last line tells: {seat, cells, entries, notes}
  for (const entry of entries) {
    const events = entry.events || [];
    const own = events.find((e) => e.action);
    const notes = events.filter((e) => !e.action).map(note).filter((text) => text);
    if (own && own.kind === "neutral_placed") {
      if (setup && setup.seat === own.seat) {
        lines.pop();
      } else {
        setup = { seat: own.seat, cells: [], entries: [], notes: [] };
      }
      setup.cells.push(own.cell);
      setup.entries.push(entry);
      setup.notes.push(...notes);
      const text = setup.cells.length === 1 ? sentence(own)
        : t("cubulus.event.neutral_placed.many", { name: named(own.seat), cells: setup.cells.join(", "), left: own.left });
      lines.push(line(text, setup.entries, setup.notes));
      continue;
    }
    setup = null;
    const text = own ? sentence(own) : null;
    lines.push(line(text || fallback(entry, ctx), [entry], notes));
  }
  return lines;
}
