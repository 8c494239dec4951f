// Cribbage's score sheet for the game-over summary (gameover.js): one row per deal — its dealer,
// and for each side what it pegged in play, its hand, its crib and its score after the deal — and
// one row per game won in a match (with its skunk), all read from the log's events.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";

/** The sheet's own words, merged into the game's strings by index.js. */
export const SUMMARY_STRINGS = {
  en: {
    "cribbage.sheet.title": "Score sheet, deal by deal",
    "cribbage.sheet.deal": "Deal",
    "cribbage.sheet.dealer": "Dealer",
    "cribbage.sheet.won": "Game {n}: {name} won {scores}",
    "cribbage.sheet.skunk": "a skunk",
    "cribbage.sheet.double_skunk": "a double skunk",
  },
  ru: {
    "cribbage.sheet.title": "Запись счёта по сдачам",
    "cribbage.sheet.deal": "Сдача",
    "cribbage.sheet.dealer": "Сдающий",
    "cribbage.sheet.won": "Партия {n}: победа — {name}, {scores}",
    "cribbage.sheet.skunk": "скунс",
    "cribbage.sheet.double_skunk": "двойной скунс",
  },
  ro: {
    "cribbage.sheet.title": "Foaia de scor, împărțire cu împărțire",
    "cribbage.sheet.deal": "Împărțirea",
    "cribbage.sheet.dealer": "Împarte",
    "cribbage.sheet.won": "Jocul {n}: a câștigat {name}, {scores}",
    "cribbage.sheet.skunk": "skunk",
    "cribbage.sheet.double_skunk": "skunk dublu",
  },
};

const PARTS = { play: "play", go: "play", last_card: "play", hand: "hand", crib: "crib", heels: "heels", muggins: "muggins" };
const SHOWN = ["play", "heels", "hand", "crib", "muggins"];

/** Each deal and each game won, from the log's events (`entries`: {seat, action, events}). */
export function sheetRows(entries, sides) {
  const rows = [];
  let deal = null;
  let scores = Array(sides).fill(0);
  let number = 0;
  let games = 0;
  for (const entry of entries || []) {
    for (const e of entry.events || []) {
      if (e.kind === "dealer") {
        number += 1;
        deal = { type: "deal", number, dealer: e.seat, parts: scores.map(() => ({})), scores: [...scores] };
        rows.push(deal);
      } else if (e.kind === "pegs" && deal && e.side < sides) {
        const part = PARTS[e.why] || e.why;
        deal.parts[e.side][part] = (deal.parts[e.side][part] || 0) + e.points;
        deal.scores[e.side] = e.score;
        scores[e.side] = e.score;
      } else if (e.kind === "wins_game") {
        games += 1;
        rows.push({ type: "game", number: games, event: e });
        scores = Array(sides).fill(0);
        number = 0;
        deal = null;
      }
    }
  }
  return rows;
}

/** The sheet as a table: `state` is the final update, `ctx` the table's (seatName). */
export function cribbageSummary(state, ctx) {
  const players = (state.seats || []).length;
  if (!players) return null;
  const sides = players === 4 ? 2 : players;
  const members = (side) => [...Array(players).keys()].filter((seat) => (players === 4 ? seat % 2 : seat) === side);
  const sideName = (side) => members(side).map(ctx.seatName).join(" & ");
  const rows = sheetRows(state.log, sides);
  if (!rows.some((row) => row.type === "deal")) return null;
  const cell = (deal, side) => {
    const parts = deal.parts[side];
    const told = SHOWN.filter((part) => parts[part]).map((part) => `${t(`cribbage.why.${part}`)} ${parts[part]}`);
    return h("td", { class: "num" }, h("strong", {}, String(deal.scores[side])),
      told.length ? h("small", { class: "sheet-parts" }, told.join(" · ")) : null);
  };
  return h("table", { class: "cribbage-sheet", "data-testid": "score-sheet" },
    h("caption", {}, t("cribbage.sheet.title")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("cribbage.sheet.deal"),
      h("small", { class: "sheet-parts" }, t("cribbage.sheet.dealer"))),
      [...Array(sides).keys()].map((side) => h("th", { scope: "col", class: "num" }, sideName(side))))),
    h("tbody", {}, rows.map((row) => {
      if (row.type === "game") {
        const e = row.event;
        const skunk = e.skunk ? `, ${t(`cribbage.sheet.${e.skunk}`)}` : "";
        return h("tr", { class: "game-row" }, h("td", { colspan: sides + 1 },
          t("cribbage.sheet.won", { n: row.number, name: sideName(e.side), scores: (e.scores || []).join("–") }) + skunk));
      }
      return h("tr", {}, h("th", { scope: "row" }, String(row.number),
        h("small", { class: "sheet-parts" }, ctx.seatName(row.dealer))),
        [...Array(sides).keys()].map((side) => cell(row, side)));
    })));
}
