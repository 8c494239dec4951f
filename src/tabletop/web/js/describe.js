// The move log told in sentences: each game's log entries ({seat, action, notes} from the server:
// who acted, -1 for chance; the action as this seat saw it; what it caused, in English) become lines
// in the reader's language — "Ann lays two cards away to the crib", "The starter is J♣",
// "Bob rolls a 4 and draws a leg". One function per game reads the whole log in order, since a
// sentence often needs what came before (whose die this face is, whose throw this outcome ends).
// Anything not understood is shown as it came: the notation, or the server's English note.

import { lang, t } from "./i18n.js";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

/** A card in notation ("TD") as rank and suit symbol ("10♦"); anything else as it is. */
export function cardText(card) {
  const m = /^([2-9TJQKA]|10)([CDHS])$/i.exec(card);
  if (!m) return card;
  const rank = m[1].toUpperCase();
  return `${rank === "T" ? "10" : rank}${SUITS[m[2].toUpperCase()]}`;
}

const cardsText = (cards) => cards.map(cardText).join(" ");

/** The name of `seat`, or "Chance" for -1. */
function who(ctx, seat) {
  return seat >= 0 ? ctx.seatName(seat) : t("log.chance");
}

/** A key's text, or `fallback` when the language has no such key. */
function maybe(key, params, fallback) {
  const text = t(key, params);
  return text === key ? fallback : text;
}

/** A line of the log: its sentence, the translated notes, and the notation it stands for. */
function line(text, entries, notes = []) {
  return { text, notes, actions: entries.map((e) => e.action), seat: entries.length ? entries[0].seat : -1 };
}

function fallback(entry, ctx) {
  return t("log.fallback", { name: who(ctx, entry.seat), action: entry.action });
}

// ---------------------------------------------------------------- cribbage

const EVENT = /^(?:seats? ([\d &]+)) pegs (\d+) \(([^)]+)\)(?:: (.+))?$/i;

function cribNote(note, ctx) {
  const m = EVENT.exec(note);
  if (!m) return note;
  const names = m[1].split("&").map((n) => ctx.seatName(Number(n.trim()) - 1)).join(" & ");
  const why = maybe(`crib.event.${m[3]}`, {}, m[3]);
  const text = t("log.crib.pegs", { name: names, n: m[2], why });
  return m[4] && lang() === "en" ? `${text}: ${m[4]}` : text;  // the count as it is said, in English only
}

function cribbageLog(log, ctx) {
  const lines = [];
  let cutters = null;  // C6: the seats cutting for the deal this round, in order, and their cuts
  let cuts = [];
  for (let i = 0; i < log.length; i += 1) {
    const entry = log[i];
    const { action } = entry;
    const name = who(ctx, entry.seat);
    const notes = (entry.notes || []).map((n) => cribNote(n, ctx));
    let m;
    if (action === "deal" || action.startsWith("deal ")) {  // a run of deals is one line
      const dealt = [entry];
      while (i + 1 < log.length && (log[i + 1].action === "deal" || log[i + 1].action.startsWith("deal "))) {
        i += 1;
        dealt.push(log[i]);
      }
      const mine = dealt.filter((e) => e.action !== "deal").map((e) => e.action.slice(5));
      const text = mine.length && ctx.viewer !== null && ctx.viewer !== undefined
        ? t("log.crib.dealtTo", { name: ctx.seatName(ctx.viewer), cards: cardsText(mine) }) : t("log.crib.dealt");
      lines.push(line(text, dealt, dealt.flatMap((e) => (e.notes || []).map((n) => cribNote(n, ctx)))));
    } else if ((m = /^cut (\S+)$/.exec(action))) {
      if (!cutters) cutters = Array.from({ length: ctx.players }, (_, s) => s);
      const cutter = cutters[cuts.length];
      cuts.push(m[1]);
      const extra = [];
      if (cuts.length === cutters.length) {
        const rank = (c) => RANKS[c[0].toUpperCase()] || Number(c.slice(0, -1));
        const low = Math.min(...cuts.map(rank));
        const lowest = cutters.filter((_, k) => rank(cuts[k]) === low);
        extra.push(lowest.length > 1 ? t("log.crib.cutTie", { names: lowest.map(ctx.seatName).join(", ") })
          : t("log.crib.dealer", { name: ctx.seatName(lowest[0]) }));
        cutters = lowest.length > 1 ? lowest : null;
        cuts = [];
      }
      const text = cutter === undefined ? t("log.crib.cutAnon", { card: cardText(m[1]) })
        : t("log.crib.cut", { name: ctx.seatName(cutter), card: cardText(m[1]) });
      lines.push(line(text, [entry], [...extra, ...notes]));
    } else if ((m = /^discard (.+)$/.exec(action))) {
      const cards = m[1].split(" ");
      const text = cards.every((c) => c === "?")
        ? t(cards.length === 1 ? "log.crib.discardHidden1" : "log.crib.discardHidden2", { name, n: cards.length })
        : t("log.crib.discard", { name, cards: cardsText(cards) });
      lines.push(line(text, [entry], notes));
    } else if ((m = /^starter (\S+)$/.exec(action))) {
      lines.push(line(t("log.crib.starter", { card: cardText(m[1]) }), [entry], notes));
    } else if ((m = /^(?:play )?([2-9TJQKA][CDHS])$/i.exec(action))) {
      lines.push(line(t("log.crib.play", { name, card: cardText(m[1]) }), [entry], notes));
    } else if (action === "go") {
      lines.push(line(t("log.crib.go", { name }), [entry], notes));
    } else if ((m = /^count(?: (\d+))?$/.exec(action))) {
      const kinds = (entry.notes || []).map((n) => (EVENT.exec(n) || [])[3]);
      const key = kinds.includes("crib") ? "log.crib.countCrib" : kinds.includes("hand") ? "log.crib.countHand" : "log.crib.count";
      let text = t(key, { name });
      if (m[1] !== undefined) text += ` ${t("log.crib.declared", { n: m[1] })}`;
      lines.push(line(text, [entry], notes));
    } else if ((m = /^claim (\d+)$/.exec(action))) {
      lines.push(line(t("log.crib.claim", { name, n: m[1] }), [entry], notes));
    } else if (action === "muggins") {
      lines.push(line(t("log.crib.muggins", { name }), [entry], notes));
    } else if (action === "pass") {
      lines.push(line(t("log.crib.pass", { name }), [entry], notes));
    } else {
      lines.push(line(fallback(entry, ctx), [entry], notes));
    }
  }
  return lines;
}

// ---------------------------------------------------------------- beetle

/** B6 and B10 replayed from the log (every Beetle action is public): who rolled what, and what it drew. */
function beetleLog(log, ctx) {
  const view = ctx.view || {};
  const parts = (view.parts && view.parts.parts) || [];
  const players = ctx.players;
  const sheets = Array.from({ length: players }, () => parts.map(() => 0));
  let contenders = players > 1 ? Array.from({ length: players }, (_, s) => s) : null;  // the roll-off
  let rolls = [];
  const steps = [];  // per line: [entries, params, kind, extra]
  for (let i = 0; i < log.length; i += 1) {
    const entry = log[i];
    if (entry.action !== "roll") {
      steps.push({ entries: [entry], kind: "other" });
      continue;
    }
    const next = log[i + 1];
    if (!next || !/^[1-6]$/.test(next.action)) {
      steps.push({ entries: [entry], kind: "rolling" });
      continue;
    }
    i += 1;
    const seat = entry.seat;
    const face = Number(next.action);
    if (contenders) {
      rolls.push(face);
      const step = { entries: [entry, next], kind: "rolloff", seat, face, extra: [] };
      if (rolls.length === contenders.length) {
        const best = Math.max(...rolls);
        const tied = contenders.filter((_, k) => rolls[k] === best);
        step.extra.push(tied.length > 1 ? t("log.beetle.tie", { names: tied.map(ctx.seatName).join(", ") })
          : t("log.beetle.starts", { name: ctx.seatName(tied[0]) }));
        contenders = tied.length > 1 ? tied : null;
        rolls = [];
      }
      steps.push(step);
      continue;
    }
    const sheet = sheets[seat] || [];
    const k = parts.findIndex((p, j) => p.face === face && sheet[j] < p.count
      && p.requires.every((r) => sheet[parts.findIndex((q) => q.name === r)] > 0));
    if (k >= 0) sheet[k] += 1;
    const done = k >= 0 && parts.every((p, j) => sheet[j] >= p.count);
    steps.push({ entries: [entry, next], kind: k >= 0 ? (done ? "finish" : "draw") : "lost", seat, face,
      part: k >= 0 ? parts[k].name : null });
  }
  // the replay must end where the view stands; if not (a table it does not know), name no parts
  const sure = Array.isArray(view.sheets) && view.sheets.length === players
    && view.sheets.every((s, seat) => parts.every((p, j) => (s[p.name] || 0) === sheets[seat][j]));
  return steps.map((step) => {
    const name = step.seat === undefined ? "" : ctx.seatName(step.seat);
    const part = step.part && maybe(`log.part.${step.part}`, {}, step.part);
    switch (step.kind) {
      case "rolling": return line(t("log.beetle.rolling", { name: who(ctx, step.entries[0].seat) }), step.entries);
      case "rolloff": return line(t("log.beetle.rollStart", { name, face: step.face }), step.entries, step.extra);
      case "draw":
      case "finish":
      case "lost":
        if (!sure) return line(t("log.beetle.roll", { name, face: step.face }), step.entries);
        return line(t(`log.beetle.${step.kind}`, { name, face: step.face, part }), step.entries);
      default: return line(fallback(step.entries[0], ctx), step.entries);
    }
  });
}

// ---------------------------------------------------------------- cubulus

function cubulusLog(log, ctx) {
  const colours = (ctx.view && ctx.view.colours) || [];
  const named = (seat) => {
    const colour = colours[seat];
    return colour ? t("log.cub.who", { name: ctx.seatName(seat), colour: maybe(`colour.${colour}`, {}, colour) })
      : ctx.seatName(seat);
  };
  const square = (text) => {
    const m = /^(\w+) square on face (\w) \(([\d ]+)\)$/.exec(text);
    return m ? t(`log.cub.square.${m[1]}`, { face: m[2], cells: m[3] }) : text;
  };
  const note = (text) => {
    let m;
    const seatOf = (s) => named(Number(s) - 1);
    if ((m = /^The neutral balls are placed; Seat (\d+) \([^)]*\) starts\.$/.exec(text))) return t("log.cub.placed", { name: seatOf(m[1]) });
    if ((m = /^Seat (\d+) \([^)]*\) wins with the (.+?)[.,]$/.exec(text))) return t("log.cub.wins", { name: seatOf(m[1]), square: square(m[2]) });
    if ((m = /^made by Seat (\d+) \([^)]*\)'s move/.exec(text))) return t("log.cub.madeFor", { name: seatOf(m[1]) });
    if ((m = /^Seat (\d+) \([^)]*\)'s own square/.exec(text))) return t("log.cub.ownSquare", { name: seatOf(m[1]) });
    if (/^Draw: the same position/.test(text)) return t("log.cub.drawRepetition");
    if ((m = /^Draw: the move cap of (\d+) moves/.exec(text))) return t("log.cub.drawCap", { n: m[1] });
    return text;
  };
  return log.map((entry) => {
    const notes = (entry.notes || []).map(note);
    const name = entry.seat >= 0 ? named(entry.seat) : "";
    let m;
    if ((m = /^first (\d)$/.exec(entry.action))) return line(t("log.cub.first", { name: named(Number(m[1])) }), [entry], notes);
    if ((m = /^place (\d{3})$/.exec(entry.action))) {
      return line(t("log.cub.place", { name: ctx.seatName(entry.seat), cell: m[1] }), [entry], notes);
    }
    if ((m = /^insert (\w+)$/.exec(entry.action))) return line(t("log.cub.insert", { name, hole: m[1] }), [entry], notes);
    if ((m = /^shift (\w+)$/.exec(entry.action))) return line(t("log.cub.shift", { name, hole: m[1] }), [entry], notes);
    if (entry.action === "pass") return line(t("log.cub.pass", { name }), [entry], notes);
    return line(fallback(entry, ctx), [entry], notes);
  });
}

// ---------------------------------------------------------------- kubik

const THROW = /^throw ([AB]) pos ([+-]?[\d.]+) aim ([+-]?[\d.]+) power ([\d.]+) spin ([\d.]+)$/;
const OUTCOME = /^(seen )?(miss|in|out|cross|hit)(?: ([1-6])(?:\/[1-6])?)?(?: |$)/;
const POINTS = /^team ([AB]) ([+-]\d+) \((.+)\) → (-?\d+)$/;

function kubikWhy(why) {
  let m;
  if ((m = /^out with (\d) on top$/.exec(why))) return t("log.kubik.why.out", { n: m[1] });
  if ((m = /^interception: (\d) × 2$/.exec(why))) return t("log.kubik.why.interception", { n: m[1] });
  const keys = { miss: "miss", "stayed in": "in", intercepted: "intercepted", "interception missed": "interceptionMissed" };
  return keys[why] ? t(`log.kubik.why.${keys[why]}`) : why;
}

function kubikLog(log, ctx) {
  const roster = (ctx.view && ctx.view.players) || [];
  const named = (seat) => {
    const player = roster.find((p) => p.seat === seat);
    return player ? t("log.kubik.who", { name: ctx.seatName(seat), label: player.label }) : ctx.seatName(seat);
  };
  const byLabel = (label) => {
    const player = roster.find((p) => p.label === label);
    return player ? named(player.seat) : label;
  };
  const note = (text) => {
    const m = POINTS.exec(text);
    return m ? t("log.kubik.points", { team: m[1], points: m[2], why: kubikWhy(m[3]), score: m[4] }) : text;
  };
  let intercepting = false;  // the next outcome is the interception's (K14, K15, K19)
  return log.map((entry) => {
    const notes = (entry.notes || []).map(note);
    const { action } = entry;
    let m;
    if ((m = /^first ([AB])$/.exec(action))) return line(t("log.kubik.first", { team: m[1] }), [entry], notes);
    if ((m = THROW.exec(action))) {
      return line(t("log.kubik.throw", { name: named(entry.seat), line: m[1], pos: m[2], aim: m[3], power: m[4],
        spin: m[5] }), [entry], notes);
    }
    if (action === "throw") return line(t("log.kubik.throwReal", { name: named(entry.seat) }), [entry], notes);
    if ((m = /^intercept (\w+)$/.exec(action))) {
      return line(t("log.kubik.stand", { name: byLabel(m[1]) }), [entry], notes);
    }
    if (action === "pass") return line(t("log.kubik.noStand", { name: named(entry.seat) }), [entry], notes);
    if (action === "strike") {
      intercepting = true;
      return line(t("log.kubik.strike", { name: named(entry.seat) }), [entry], notes);
    }
    if (action === "hold") return line(t("log.kubik.hold", { name: named(entry.seat) }), [entry], notes);
    if ((m = OUTCOME.exec(action))) {
      const kind = intercepting ? (m[2] === "hit" ? "hit" : "interceptMiss") : m[2];
      intercepting = false;
      const text = t(`log.kubik.${kind}`, { n: m[3] || "" });
      return line(m[1] ? t("log.kubik.seen", { text }) : text, [entry], notes);
    }
    return line(fallback(entry, ctx), [entry], notes);
  });
}

const GAMES = { beetle: beetleLog, cribbage: cribbageLog, cubulus: cubulusLog, kubik: kubikLog };

/**
 * The lines of a move log in the current language.
 *
 * `log`: the entries of a `state` update; `ctx`: {seatName(seat), players (the number of seats), view
 * (the latest view), viewer (the seat whose log it is; null for a spectator)}. Each line is {text, notes, actions, seat}.
 * A game without sentences, or an entry that is still a string, is shown in notation.
 */
export function describeLog(game, log, ctx) {
  const entries = log.map((e) => (typeof e === "string" ? { seat: -1, action: e } : e));
  const tell = GAMES[game];
  if (!tell) return entries.map((e) => line(e.action, [e], e.notes || []));
  try {
    return tell(entries, ctx);
  } catch (error) {  // never lose the log over a sentence: show the notation instead
    console.error("describeLog", error);
    return entries.map((e) => line(e.action, [e], e.notes || []));
  }
}
