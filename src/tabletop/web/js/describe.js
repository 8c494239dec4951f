// @ts-check
// The move log told in sentences. The server sends each viewer's log as entries {seat, action,
// events}: who acted (-1 for chance), the action in notation as this viewer saw it, and what it did
// as data — [{kind: "pegs", seat: 1, points: 4, why: "fifteen"}, …], the action's own event marked
// {action: true} — only the events this viewer may see. Each game's folder reads them one entry at a
// time with its visitor (js/games/<game>/visitor.js, on js/visitor.js), which says each entry's line in
// the reader's language (a line may take in the entries after it: a roll and its face), its sounds and
// its motions. A game without a visitor, or an entry it does not understand, is shown generically: who,
// and the notation.

import { t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { LogVisitor, WholeLogVisitor, fallback, line, linesOf, who } from "./visitor.js";

export { fallback, line, who };

/** A key's text, or `fallback` when the language has no such key. */
export function maybe(key, params, fallback) {
  const text = t(key, params);
  return text === key ? fallback : text;
}

/**
 * A visitor of `game`'s log entries: its folder's (`visitor(ctx)`), else one telling each entry with its
 * folder's `describeLog`, else the generic one.
 * @param {string | null} game
 * @param {import("./contract.js").LogContext} ctx
 * @returns {LogVisitor}
 */
export function visitorFor(game, ctx) {
  const folder = gameModule(game);
  if (folder?.visitor) return folder.visitor(ctx);
  if (folder?.describeLog) return new WholeLogVisitor(ctx, folder.describeLog);
  return new LogVisitor(ctx);
}

/**
 * The lines of a whole move log in the current language (a replay's; the table reads its log entry by
 * entry: js/visitor.js's LogReader).
 *
 * `log`: the entries of a `state` update; `ctx`: {seatName(seat), players (the number of seats), view
 * (the latest view), viewer (the seat whose log it is; null for a spectator)}. Each line is {text, notes, actions, seat}.
 */
export function describeLog(game, log, ctx) {
  return linesOf(visitorFor(game, ctx), log);
}
