// @ts-check
// Cribbage's words for its events, in the reader's language: the sentence of an action's own event (kind
// "cut", "dealt", "discards", "plays"…), the notes of what it caused ("pegs", "dealer", "wins_game"…), a run
// of dealt cards as one sentence ("The cards are dealt: Ann gets 5♠ 7♦ …; Bob gets six cards"), and the
// count of a hand or crib said aloud from its combinations ("fifteen two, fifteen four, and a pair is six").
// The visitor (visitor.js) reads the log entry by entry and says each line with these words.

import { formatNumber, lang, t } from "../../i18n.js";
import { maybe } from "../../describe.js";
import { NUMBER_WORDS } from "./strings.js";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** A card in notation ("TD") as rank and suit symbol ("10♦"); anything else as it is. */
export function cardText(card) {
  const m = /^([2-9TJQKA]|10)([CDHS])$/i.exec(card);
  if (!m) return card;
  const rank = m[1].toUpperCase();
  return `${rank === "T" ? "10" : rank}${SUITS[m[2].toUpperCase()]}`;
}

const cardsText = (cards) => (cards || []).map(cardText).join(" ");

/** A number in the reader's locale's figures (`Intl.NumberFormat`): "1 234" in Russian. */
export function num(n) {
  return formatNumber(n);
}

/** A number as it is counted aloud, in words in the reader's language ("twenty-four", "двадцать четыре"). */
function say(n) {
  const words = NUMBER_WORDS[lang()] || NUMBER_WORDS.en;
  return n >= 0 && n < words.length ? words[n] : num(n);
}

/** Why points were pegged ("play", "heels", "last_card"…) in words. */
export function whyText(why) {
  return maybe(`cribbage.why.${why}`, {}, why);
}

/** A combination ("pair_royal") by name, for an itemised count. */
export function comboText(why) {
  return maybe(`cribbage.combo.${why}`, {}, why.replace(/_/g, " "));
}

/**
 * The count said aloud (C19) from a `pegs` event's combinations, in order, with the running total:
 * "fifteen two, fifteen four, and a pair is six"; a hand worth nothing is "nineteen".
 */
export function spoken(combinations) {
  if (!combinations.length) return t("cribbage.say.nothing");
  let running = 0;
  const phrases = combinations.map((c) => {
    running += c.points;
    const params = { total: say(running), n: say(c.cards.length) };
    // "a run of three": the length in words, declined where the language needs it ("из трёх")
    return maybe(`cribbage.say.${c.why}.${c.cards.length}`, params,
      maybe(`cribbage.say.${c.why}`, params, `${comboText(c.why)} ${say(running)}`));
  });
  if (phrases.length === 1) return phrases[0];
  return phrases.slice(0, -1).join(", ") + t("cribbage.say.last", { phrase: phrases[phrases.length - 1] });
}

/** The names of a side's seats: "Ann", or partners "Ann & Cid". */
function sideNames(ctx, members) {
  return members.map((s) => ctx.seatName(s)).join(" & ");
}

const joined = (numbers) => numbers.map(num).join("–");

/** What a `pegs` event's combinations add up to: more than its points when the game ended on them. */
export function counted(e) {
  if (e.combinations && e.combinations.length) return e.combinations.reduce((sum, c) => sum + c.points, 0);
  return e.why === "heels" ? 2 : e.points;  // his heels are two; a go or the last card one (never cut short)
}

/** Points cut off at the target (C3, C14): "12 counted, but the game ends at 121", or null. */
export function cappedText(e, key = "cribbage.event.capped") {
  const total = counted(e);
  return total > e.points ? t(key, { counted: num(total), target: num(e.score) }) : null;
}

/** A combination with its cards as symbols: "fifteen 5♠ 10♥". */
export function comboLine(c) {
  return `${comboText(c.why)} ${cardsText(c.cards)}`;
}

/** A `pegs` event as a note: "Ann pegs 4 (hand): fifteen two, and a pair is four". */
export function pegsText(e, ctx) {
  const params = { name: ctx.seatName(e.seat), n: num(e.points), why: whyText(e.why) };
  let text;
  if (e.combinations && (e.combinations.length || e.why === "hand" || e.why === "crib")) {
    text = t("cribbage.event.pegsSpoken", { ...params, spoken: spoken(e.combinations) });
  } else {
    text = t("cribbage.event.pegs", params);
  }
  const capped = cappedText(e);
  return capped ? `${text} — ${capped}` : text;
}

/** The cards of each combination, as a second note under a count: "fifteen 5♠ 10♥ · pair 5♠ 5♣". */
function combosNote(e) {
  if (e.kind !== "pegs" || !e.combinations || !e.combinations.length) return null;
  return e.combinations.map(comboLine).join(" · ");
}

/** What an action caused, as a note under its line. */
export function note(e, ctx) {
  switch (e.kind) {
    case "pegs": return pegsText(e, ctx);
    case "cut_tie": return t("cribbage.event.cut_tie", { names: e.members.map((s) => ctx.seatName(s)).join(", ") });
    case "dealer": return t(e.why === "cut" ? "cribbage.event.dealer" : `cribbage.event.dealer.${e.why}`, { name: ctx.seatName(e.seat) });
    case "wins_game": {
      const plural = e.members.length > 1 ? ".partners" : "";
      let text = t(`cribbage.event.wins_game${plural}`, { name: sideNames(ctx, e.members), scores: joined(e.scores) });
      if (e.skunk) text += ` ${t(`cribbage.${e.skunk}`)}`;
      if (e.games > 1) text += ` ${t("cribbage.matchSoFar", { game: e.game, games: e.games, points: joined(e.match_points) })}`;
      return text;
    }
    case "wins_match": {
      const plural = e.members.length > 1 ? ".partners" : "";
      return t(`cribbage.event.wins_match${plural}`, { name: sideNames(ctx, e.members), points: joined(e.match_points) });
    }
    case "match_tied": return t("cribbage.event.match_tied", { points: joined(e.match_points),
      names: e.sides.map((side) => sideNames(ctx, ctx.players === 4 ? e.members.filter((s) => s % 2 === side) : [side]))
        .join(", ") });
    case "crib_dealt": return t("cribbage.event.crib_dealt");
    default: return e.kind;
  }
}

/** The entry's own event: the action as this viewer saw it (the whole one, where a replay has both twins). */
export function own(entry) {
  const mine = (entry.events || []).filter((e) => e.action);
  return mine.find((e) => "card" in e || "cards" in e) || mine[0] || null;
}

export const notesOf = (entry, ctx) => (entry.events || []).filter((e) => !e.action)
  .flatMap((e) => [note(e, ctx), combosNote(e)]).filter(Boolean);

export const isDeal = (entry) => ["dealt", "crib_dealt"].includes(own(entry)?.kind);

/** The sentence of an action's own event. */
export function sentence(e, ctx) {
  const name = e.seat === undefined ? "" : ctx.seatName(e.seat);
  switch (e.kind) {
    case "cut": return t("cribbage.event.cut", { name, card: cardText(e.card) });
    case "discards":
      if (e.cards) return t("cribbage.event.discards", { name, cards: cardsText(e.cards) });
      return t(e.count === 1 ? "cribbage.event.discards.one" : "cribbage.event.discards.two", { name, n: e.count });
    case "starter": return t("cribbage.event.starter", { card: cardText(e.card) });
    case "plays": return t("cribbage.event.plays", { name, card: cardText(e.card), count: num(e.count) });
    case "go": return t("cribbage.event.go", { name });
    case "counts": {
      const text = t(e.what === "crib" ? "cribbage.event.counts.crib" : "cribbage.event.counts",
        { name, cards: cardsText(e.cards), starter: cardText(e.starter || "?") });
      return e.declared === undefined ? text : `${text} ${t("cribbage.event.counts.declared", { n: e.declared })}`;
    }
    case "claims": return t("cribbage.event.claims", { name, n: num(e.declared) });
    case "muggins": return t("cribbage.event.muggins", { name, of: ctx.seatName(e.of) });
    case "passes": return t("cribbage.event.passes", { name });
    default: return null;
  }
}

/** A card count in words, as dealt to a hand ("six cards", "шесть карт"). */
function cardCount(n) {
  return maybe(`cribbage.cards.${n}`, {}, t("cribbage.cards.n", { n: num(n) }));
}

/**
 * A run of deals in words, each hand under its own player's name: the viewer's cards as the viewer
 * sees them, every other hand only as a count (C5, C6) — "The cards are dealt: Ann gets 5♠ 7♦ …; Bob
 * gets six cards". A replay's entries carry the whole card too: it is still named for the viewer only.
 */
export function dealText(dealt, ctx, viewer) {
  const hands = new Map();  // seat → {cards, count}, in the order of the deal
  for (const entry of dealt) {
    const e = own(entry);
    if (e?.kind !== "dealt") continue;
    if (!hands.has(e.seat)) hands.set(e.seat, { cards: [], count: 0 });
    const hand = hands.get(e.seat);
    hand.count += 1;
    const card = (entry.events || []).find((x) => x.kind === "dealt" && x.card && x.seat === e.seat);
    if (card && e.seat === viewer) hand.cards.push(card.card);
  }
  if (!hands.size) return t("cribbage.event.dealt");
  const seats = [...hands.keys()].sort((a, b) => Number(b === viewer) - Number(a === viewer));  // the viewer's own hand first
  const parts = seats.map((seat) => {
    const hand = hands.get(seat);
    const cards = hand.cards.length === hand.count ? cardsText(hand.cards) : cardCount(hand.count);
    return t("cribbage.event.gets", { name: ctx.seatName(seat), cards });
  });
  return t("cribbage.event.dealtEach", { hands: parts.join("; ") });
}

/**
 * A player's action in words, as the screen's own buttons say it ("Lay away 2♣ 2♦", "Play 5♥", "Go",
 * "Declare 12"): for the coach's advice and a replay's blunders, which name actions apart from the
 * screen. A chance outcome, or anything else these words do not cover, is null (its notation is shown).
 */
export function actionText(action) {
  const [word, ...rest] = action.trim().split(/\s+/);
  switch (word.toLowerCase()) {
    case "discard": return t("cribbage.action.discard", { cards: cardsText(rest) });  // C5
    case "play": return t("cribbage.action.play", { card: cardText(rest[0] || "") });  // C8
    case "go": return t("cribbage.go");  // C9
    case "count": return rest.length ? t("cribbage.countDeclare", { n: num(Number(rest[0])) }) : t("cribbage.count");  // C13, C17
    case "claim": return t("cribbage.claim", { n: num(Number(rest[0])) });  // C17
    case "muggins": return t("cribbage.muggins");
    case "pass": return t("cribbage.pass");
    default: break;
  }
  const card = cardText(action.trim());  // a card played: "5H" (C8)
  return !rest.length && card !== action.trim() ? t("cribbage.action.play", { card }) : null;
}

/** The points pegged in the current deal (or, between deals, the last one), oldest first: every `pegs`
 * event since the last card dealt or cut, for the screen's list of points. */
export function dealPoints(entries) {
  const points = [];
  for (let i = (entries || []).length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    const kind = own(entry)?.kind;
    if (kind === "dealt" || kind === "crib_dealt" || kind === "cut") break;
    points.unshift(...(entry.events || []).filter((e) => e.kind === "pegs"));
  }
  return points;
}
