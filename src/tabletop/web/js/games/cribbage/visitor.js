// @ts-check
// Cribbage's visitor (js/visitor.js): the one place where a new log entry's events become the log's line,
// the sounds and the screen's motions. A card for every card that moves — the cut and the deal (C6), the
// discards to the crib (C5), the starter (C7), each card played (C8) — and a peg knocked into the board for
// points pegged (C2); the screen flies a card played from its hand to the pile, discards to the crib, turns
// the starter over, slides the pegs and brings the show's counts one by one. The line is the action's
// own event as a sentence with what it caused as notes (log.js), a run of dealt cards one line.

import { LogVisitor, fallback, line, linesOf } from "../../visitor.js";
import { dealText, isDeal, note, notesOf, own, sentence } from "./log.js";

/** @typedef {import("../../contract.js").LogEntry} LogEntry */

export class CribbageVisitor extends LogVisitor {
  begin(entry) {
    super.begin(entry);
    this.own = own(entry);  // the whole card where a replay has both twins
  }

  /** Whether `e` is the entry's own event (a replay's hidden twin moves nothing a second time). */
  mine(e) {
    return e === this.own;
  }

  onCut(e) {
    if (this.mine(e)) this.sound("card");
  }

  onDealt(e) {
    if (this.mine(e)) this.sound("card");
  }

  onCribDealt(e) {
    if (this.mine(e)) this.sound("card");
  }

  onDiscards(e) {
    if (!this.mine(e)) return;
    this.sound("card");
    this.move({ kind: "discard", seat: e.seat, cards: e.cards || null, count: e.cards ? e.cards.length : e.count });
  }

  onStarter(e) {
    if (!this.mine(e)) return;
    this.sound("card");
    this.move({ kind: "starter", card: e.card });
  }

  onPlays(e) {
    if (!this.mine(e)) return;
    this.sound("card");
    this.move({ kind: "play", seat: e.seat, card: e.card });
  }

  onPegs(e) {
    if (e.points) this.sound("peg");  // (a hand worth nothing is still a line of the show's counts)
    this.move({ kind: "pegs", seat: e.seat, points: e.points, why: e.why, combinations: (e.combinations || []).length });
  }

  /** A run of deals is one line (the viewer's own cards, none of the others'); any other entry its own. */
  tell(entry) {
    const ctx = this.ctx;
    if (isDeal(entry)) {
      const joins = Boolean(this.open && this.open.deal);
      if (!joins) this.open = { deal: true, entries: [] };
      const dealt = this.open.entries;
      dealt.push(entry);
      const viewer = ctx.viewer === undefined ? null : ctx.viewer;
      const notes = dealt.flatMap((d) => [...(own(d)?.kind === "crib_dealt" ? [note(own(d), ctx)] : []), ...notesOf(d, ctx)]);
      return { line: line(dealText(dealt, ctx, viewer), [...dealt], notes), joins };
    }
    this.open = null;
    const e = own(entry);
    const text = e ? sentence(e, ctx) : null;
    return { line: line(text === null ? fallback(entry, ctx) : text, [entry], notesOf(entry, ctx)) };
  }
}

/** A visitor of this game's log for the shell (`GameModule.visitor`). */
export function visitor(ctx) {
  return new CribbageVisitor(ctx);
}

/** The lines of a whole log (a replay's; the coach's and the tests' reading). */
export function describeLog(entries, ctx) {
  return linesOf(new CribbageVisitor(ctx), entries);
}
