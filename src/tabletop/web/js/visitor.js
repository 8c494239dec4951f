// @ts-check
// Reading a table's log one entry at a time. Each game's folder has one visitor (js/games/<game>/visitor.js,
// after python-chess's `chess.pgn.BaseVisitor`): the shell hands it each new log entry once —
// `begin(entry)`, `visit(event)` for each of its events, `end()` — and collects what the entry does: the
// line of the log it makes (or the line before it extends: a roll and its face, a run of dealt cards),
// the sound effects its events make, and the motions its game's screen shows. Nothing is read from the
// page or from the previous view: words, sounds and motion all come from the events.
//
// `LogReader` keeps a table's log as read: given the log of the state shown, it visits only what it has not
// read — the entries appended, or, when the past changed (an undo, a takeback, a hot seat showing another
// seat's view of the same moves), the entries from the first one that is not the entry it read (a
// rewind: what it says is words again, never news). An entry is news once only: the first time the reader
// sees its `move` (the number of the table event that wrote it; an undone move's replacement has a higher
// one), so neither a reconnection nor a rewind plays a sound twice or moves a card again.

import { t } from "./i18n.js";

/**
 * @typedef {import("./contract.js").LogEntry} LogEntry
 * @typedef {import("./contract.js").GameEvent} GameEvent
 * @typedef {import("./contract.js").LogLine} LogLine
 * @typedef {import("./contract.js").LogContext} LogContext
 * @typedef {import("./contract.js").Told} Told
 * @typedef {import("./contract.js").Motion} Motion
 */

/** The name of `seat`, or "Chance" for -1. */
export function who(ctx, seat) {
  return seat >= 0 ? ctx.seatName(seat) : t("log.chance");
}

/**
 * A line of the log: its sentence, the notes under it (what it caused), and the notation it stands for.
 * @returns {LogLine}
 */
export function line(text, entries, notes = []) {
  return { text, notes, actions: entries.map((e) => e.action), seat: entries.length ? entries[0].seat : -1 };
}

/** An entry told generically: "Ann: insert U102". */
export function fallback(entry, ctx) {
  return t("log.fallback", { name: who(ctx, entry.seat), action: entry.action });
}

/** The method a visitor handles `kind` with: "rolloff_rolled" → "onRolloffRolled". */
export function handlerName(kind) {
  return `on${String(kind).split(/[_\W]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join("")}`;
}

/**
 * The visitor every game's extends (and what a game without one is read with: each entry its generic
 * line, no sound, no motion). `visit(event)` calls the method named for the event's kind (`onPlays`,
 * `onPegs`, `onRolled`…; `onEvent` for a kind without one); a handler adds effects (`sound`) and motions
 * (`move`); `end()` asks `tell(entry)` for the entry's line. What a visitor remembers between entries is
 * only the line it is building (`open`): `reset()` forgets it, and the reader resets before it visits
 * from the first entry of a line again.
 */
export class LogVisitor {
  /** @param {LogContext} ctx */
  constructor(ctx) {
    /** @type {LogContext} */
    this.ctx = ctx;
    /** @type {any} the line being built, in the game's own terms (null: the next entry starts one) */
    this.open = null;
    /** @type {LogEntry | null} */
    this.entry = null;
    /** @type {GameEvent | null} the entry's own event (the action as this viewer saw it) */
    this.own = null;
    /** @type {string[]} */
    this.sounds = [];
    /** @type {Motion[]} */
    this.motions = [];
  }

  /** Forget the line being built: the next entry starts a line of its own. */
  reset() {
    this.open = null;
  }

  /** @param {LogEntry} entry */
  begin(entry) {
    this.entry = entry;
    this.own = (entry.events || []).find((e) => e.action) || null;
    this.sounds = [];
    this.motions = [];
  }

  /** @param {GameEvent} event */
  visit(event) {
    const handler = this[handlerName(event.kind)];
    if (typeof handler === "function") handler.call(this, event);
    else this.onEvent(event);
  }

  /** An event of a kind this visitor has no handler for (a newer server's): nothing but its words. */
  onEvent(_event) {}

  /** Play effect `name` (js/sound.js EFFECTS) for this entry. */
  sound(name) {
    this.sounds.push(name);
  }

  /** Show `motion` ({kind, …} in the game's own terms) on the game's screen for this entry. */
  move(motion) {
    this.motions.push(motion);
  }

  /**
   * The entry's line: `{line}` for a line of its own, `{line, joins: true}` for the line before made
   * longer (it replaces that line). The generic: who, and the notation.
   * @param {LogEntry} entry
   * @returns {{line: LogLine, joins?: boolean}}
   */
  tell(entry) {
    this.open = null;
    return { line: line(fallback(entry, this.ctx), [entry]) };
  }

  /** @returns {Told} */
  end() {
    const entry = /** @type {LogEntry} */ (this.entry);
    const { line: said, joins = false } = this.tell(entry);
    return { entry, line: said, joins, sounds: this.sounds, motions: this.motions };
  }
}

/** A log entry as the visitors read it: a replay's bare notation becomes an entry without events. */
function entryOf(entry) {
  return typeof entry === "string" ? { seat: -1, action: entry, events: [] } : { events: [], ...entry };
}

/**
 * One entry through `visitor` — begin, each event, end — as what it does. A visitor that fails is never
 * the log's loss: what its handlers said stands, the entry is told generically, and the line it was
 * building is closed.
 * @param {LogVisitor} visitor
 * @param {LogEntry | string} raw
 * @returns {Told}
 */
export function tell(visitor, raw) {
  const entry = entryOf(raw);
  visitor.begin(entry);
  for (const event of entry.events || []) {
    try {
      visitor.visit(event);
    } catch (error) {
      console.error("visitor", event.kind, error);
    }
  }
  try {
    return visitor.end();
  } catch (error) {
    console.error("visitor", error);
    visitor.reset();
    return { entry, line: line(fallback(entry, visitor.ctx), [entry]), joins: false, sounds: visitor.sounds,
      motions: visitor.motions };
  }
}

/**
 * The lines a run of entries makes, read by `visitor` from its first (a game's `describeLog`).
 * @param {LogVisitor} visitor
 * @param {(LogEntry | string)[]} entries
 * @returns {LogLine[]}
 */
export function linesOf(visitor, entries) {
  visitor.reset();
  const lines = [];
  for (const entry of entries) {
    const told = tell(visitor, entry);
    if (told.joins && lines.length) lines[lines.length - 1] = told.line;
    else lines.push(told.line);
  }
  return lines;
}

/**
 * A visitor for a game folder that tells its log only whole (`describeLog` and no visitor): each entry
 * is told on its own, with no sound and no motion.
 */
export class WholeLogVisitor extends LogVisitor {
  /** @param {LogContext} ctx @param {(entries: LogEntry[], ctx: any) => LogLine[]} describe */
  constructor(ctx, describe) {
    super(ctx);
    this.describe = describe;
  }

  tell(entry) {
    const [said] = this.describe([entry], this.ctx);
    return { line: said || line(fallback(entry, this.ctx), [entry]) };
  }
}

/**
 * A table's log as read so far, and what each entry did (`told[i]` for entry i, its line as it stood after
 * that entry; `starts[i]` the index of the first entry of that line).
 */
export class LogReader {
  /** @param {(ctx: LogContext) => LogVisitor} make a visitor for the game */
  constructor(make) {
    this.make = make;
    /** @type {LogEntry[]} the entries read, as the objects they were */
    this.entries = [];
    /** @type {Told[]} */
    this.told = [];
    /** @type {number[]} */
    this.starts = [];
    /** @type {LogVisitor | null} */
    this.visitor = null;
    this.key = null;
    this.highest = -Infinity;  // the highest `move` read: an entry numbered above it is news
    this.started = false;  // nothing is news in the first log read (the page's first state)
    this.visits = 0;  // entries visited so far (tests count them: an update visits only what is new)
  }

  /**
   * Read the log of the state shown. `key` says what the words depend on besides the entries (the
   * language, the seats' names): when it changes, everything is read again (as words, not news).
   * Returns what the entries never read before did — the news — oldest first.
   * @param {LogEntry[]} entries
   * @param {LogContext} ctx
   * @param {string} [key]
   * @returns {Told[]}
   */
  read(entries, ctx, key = "") {
    const known = this.entries.length;
    if (!this.visitor || key !== this.key) {  // everything again, in the new words
      this.key = key;
      this.visitor = this.make(ctx);
      this.entries = [];
      this.told = [];
      this.starts = [];
    }
    const visitor = this.visitor;
    visitor.ctx = ctx;
    let k = 0;  // the first entry not read as it is
    while (k < this.entries.length && k < entries.length && this.entries[k] === entries[k]) k += 1;
    if (k === this.entries.length && k === entries.length) {
      this.started = true;
      return [];
    }
    if (k < this.entries.length) {  // the past changed from entry k: the visitor goes back to the line of entry k - 1
      visitor.reset();
      for (let i = k > 0 ? this.starts[k - 1] : 0; i < k; i += 1) tell(visitor, this.entries[i]);  // (its state only)
    }
    this.told.length = k;
    this.starts.length = k;
    /** @type {Told[]} */
    const news = [];
    for (let i = k; i < entries.length; i += 1) {
      const told = tell(visitor, entries[i]);
      told.index = i;
      this.visits += 1;
      this.told.push(told);
      this.starts.push(told.joins && i > 0 ? this.starts[i - 1] : i);
      const move = entries[i].move;
      const fresh = typeof move === "number" ? move > this.highest : i >= known;  // (a log without numbers: appended)
      if (typeof move === "number") this.highest = Math.max(this.highest, move);
      if (fresh && this.started) news.push(told);
    }
    this.entries = entries.slice();
    this.started = true;
    return news;
  }
}
