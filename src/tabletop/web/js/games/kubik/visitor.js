// @ts-check
// Kubik's visitor (js/visitor.js): the one place where a new log entry's events become the log's line,
// the sounds and what the screen is told. The bat is heard when it is thrown (K6), then the wooden cube
// when the bat touched it — knocked out (K7), left in or on the line (K9), or hit by an interception; a
// miss (K9) is the bat alone. Each entry is one line: its own event as a sentence, the points it scored,
// a recentred cube (K17) and the throw limit as notes (log.js). The screen is told two motions: a
// simulated throw (`throw`: where the bat leaves its line and how, from which a calibrated throw's path is
// drawn) and what a throw or an interception did (`outcome`, with the points it scored), which it flies —
// a simulated throw's flight is asked of the server by its entry's place in the log — and shows landed.

import { LogVisitor, fallback, line, linesOf } from "../../visitor.js";
import { OUTCOME_KINDS, eventText, namedBy } from "./log.js";

const HIT_KINDS = new Set(["cube_in", "cube_out", "cross", "intercept_hit"]);

export class KubikVisitor extends LogVisitor {
  onThrow(e) {
    this.sound("bat");
    this.move({ kind: "throw", throw: e });
  }

  onThrowReal() {
    this.sound("bat");
  }

  /** What a throw or an interception did (K7, K9, K14, K15, K19): the cube heard when struck. */
  onEvent(e) {
    if (HIT_KINDS.has(e.kind)) this.sound("die");
    if (OUTCOME_KINDS.includes(e.kind)) this.move({ kind: "outcome", outcome: e, points: [] });
  }

  /** The points the outcome before them in the entry scored (K7, K9, K14, K15): shown with it. */
  onPoints(e) {
    const landed = this.motions.find((m) => m.kind === "outcome");
    if (landed) landed.points.push(e);
  }

  tell(entry) {
    const named = namedBy(this.ctx);
    const own = this.own;
    const notes = (entry.events || []).filter((e) => !e.action).map((e) => eventText(e, named));
    return { line: line(own ? eventText(own, named) : fallback(entry, this.ctx), [entry], notes) };
  }
}

/** A visitor of this game's log for the shell (`GameModule.visitor`). */
export function visitor(ctx) {
  return new KubikVisitor(ctx);
}

/** The lines of a whole log (a replay's; the tests' reading). */
export function describeLog(entries, ctx) {
  return linesOf(new KubikVisitor(ctx), entries);
}
