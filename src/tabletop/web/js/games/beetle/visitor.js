// @ts-check
// Beetle's visitor (js/visitor.js): the one place where a new log entry's events become the log's line,
// the sound and the screen's motion. The die is heard when a player rolls (B5) and when it shows its face,
// in play and in the roll-off that decides who starts (B6, B11); the screen tumbles the die onto the
// face, lights the part drawn and the roll-off's decision. A roll and the face it showed make one line
// (log.js's words): the roll's line is made longer once its face comes.

import { LogVisitor, fallback, line, linesOf } from "../../visitor.js";
import { FACES, eventText, faceLine } from "./log.js";

export class BeetleVisitor extends LogVisitor {
  onRoll() {
    this.sound("die");
  }

  onRolled(e) {
    this.sound("die");
    this.move({ kind: "face", seat: e.seat, face: e.face, rolloff: false });
  }

  onRolloffRolled(e) {
    this.sound("die");
    this.move({ kind: "face", seat: e.seat, face: e.face, rolloff: true });
  }

  onStarts(e) {
    this.move({ kind: "starts", seat: e.seat });
  }

  onPartDrawn(e) {
    this.move({ kind: "part", seat: e.seat, part: e.part });
  }

  /** A roll opens a line (the die in the air) that its face, the next entry, completes. */
  tell(entry) {
    const action = this.own;
    const rolled = this.open && this.open.roll;
    this.open = null;
    if (action && action.kind === "roll") {
      this.open = { roll: entry };
      return { line: line(eventText(action, this.ctx), [entry]) };
    }
    if (action && FACES.has(action.kind)) {
      if (rolled) return { line: faceLine([rolled, entry], entry.events, this.ctx), joins: true };
      return { line: faceLine([entry], entry.events, this.ctx) };
    }
    return { line: line(fallback(entry, this.ctx), [entry]) };
  }
}

/** A visitor of this game's log for the shell (`GameModule.visitor`). */
export function visitor(ctx) {
  return new BeetleVisitor(ctx);
}

/** The lines of a whole log (a replay's; the tests' reading). */
export function describeLog(entries, ctx) {
  return linesOf(new BeetleVisitor(ctx), entries);
}
