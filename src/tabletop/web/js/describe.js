// @ts-check
// The move log told in sentences. The server sends each viewer's log as entries {seat, action,
// events}: who acted (-1 for chance), the action in notation as this viewer saw it, and what it did
// as data — [{kind: "pegs", seat: 1, points: 4, why: "fifteen"}, …], the action's own event marked
// {action: true} — only the events this viewer may see. Each game's folder turns them into lines in
// the reader's language (js/games/<game>/log.js: describeLog(entries, ctx)); a sentence may need what
// came before (whose die this face is), so a game reads its whole log in order. A game without a log
// of its own, or an entry it does not understand, is shown generically: who, and the notation.

import { t } from "./i18n.js";
import { gameModule } from "./games/index.js";

/** The name of `seat`, or "Chance" for -1. */
export function who(ctx, seat) {
  return seat >= 0 ? ctx.seatName(seat) : t("log.chance");
}

/** A key's text, or `fallback` when the language has no such key. */
export function maybe(key, params, fallback) {
  const text = t(key, params);
  return text === key ? fallback : text;
}

/** A line of the log: its sentence, the notes under it (what it caused), and the notation it stands for. */
export function line(text, entries, notes = []) {
  return { text, notes, actions: entries.map((e) => e.action), seat: entries.length ? entries[0].seat : -1 };
}

/** An entry told generically: "Ann: insert U102". */
export function fallback(entry, ctx) {
  return t("log.fallback", { name: who(ctx, entry.seat), action: entry.action });
}

/** The lines of entries no game tells: the generic sentence, nothing more. */
function plain(entries, ctx) {
  return entries.map((e) => line(fallback(e, ctx), [e]));
}

/**
 * The lines of a move log in the current language.
 *
 * `log`: the entries of a `state` update; `ctx`: {seatName(seat), players (the number of seats), view
 * (the latest view), viewer (the seat whose log it is; null for a spectator)}. Each line is {text, notes, actions, seat}.
 */
export function describeLog(game, log, ctx) {
  const entries = log.map((e) => (typeof e === "string" ? { seat: -1, action: e, events: [] } : { events: [], ...e }));
  const tell = gameModule(game)?.describeLog;
  if (!tell) return plain(entries, ctx);
  try {
    return tell(entries, ctx);
  } catch (error) {  // never lose the log over a sentence: show it generically instead
    console.error("describeLog", error);
    return plain(entries, ctx);
  }
}
