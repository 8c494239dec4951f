// @ts-check
// Cubulus's visitor (js/visitor.js): the one place where a new log entry's events become the log's line,
// the sound and the screen's motion. A ball pushed into the cube is heard — an insert (U5), a shift of a
// line (U6), a neutral ball placed at the start (U13) — and is the move the screen shows in motion. The
// line is the action's own event as a sentence, what it caused as notes (log.js); a seat's neutral balls
// placed one after another make one line, longer with each ball.

import { LogVisitor, fallback, line, linesOf } from "../../visitor.js";
import { note, placedText, sentence } from "./log.js";

export class CubulusVisitor extends LogVisitor {
  onInsert(e) {
    this.sound("ball");
    this.move({ kind: "insert", seat: e.seat, hole: e.hole });
  }

  onShift(e) {
    this.sound("ball");
    this.move({ kind: "shift", seat: e.seat, hole: e.hole });
  }

  onNeutralPlaced(e) {
    this.sound("ball");
    this.move({ kind: "place", seat: e.seat, cell: e.cell });
  }

  tell(entry) {
    const ctx = this.ctx;
    const events = entry.events || [];
    const own = this.own;
    const notes = events.filter((e) => !e.action).map((e) => note(e, ctx)).filter((text) => text);
    if (own && own.kind === "neutral_placed") {
      const joins = Boolean(this.open && this.open.seat === own.seat);
      if (!joins) this.open = { seat: own.seat, cells: [], entries: [], notes: [] };
      const setup = this.open;
      setup.cells.push(own.cell);
      setup.entries.push(entry);
      setup.notes.push(...notes);
      const text = setup.cells.length === 1 ? sentence(own, ctx) : placedText(own.seat, setup.cells, own.left, ctx);
      return { line: line(text, [...setup.entries], [...setup.notes]), joins };
    }
    this.open = null;
    const text = own ? sentence(own, ctx) : null;
    return { line: line(text || fallback(entry, ctx), [entry], notes) };
  }
}

/** A visitor of this game's log for the shell (`GameModule.visitor`). */
export function visitor(ctx) {
  return new CubulusVisitor(ctx);
}

/** The lines of a whole log (a replay's; the screen's last move; the tests' reading). */
export function describeLog(entries, ctx) {
  return linesOf(new CubulusVisitor(ctx), entries);
}
