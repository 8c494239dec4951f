// @ts-check
// Cribbage's score sheet, deal by deal, told from the log's events (never from the state): each
// side's pegging (the play, go, last card and his heels), hand, crib and muggins points and its
// running total after the deal, with the dealer marked and a line for each new game of a match.
// The table screen shows it folded under the board; `summary(state, ctx)` (index.js) gives it to
// the game-over panel.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { num } from "./log.js";
import { endingOf, endingText } from "./ending.js";

const COLUMN = { play: "pegging", go: "pegging", last_card: "pegging", heels: "pegging", hand: "hand", crib: "crib",
  muggins: "muggins" };

/** The action's own event (the whole one where a replay carries both twins), as log.js reads it. */
function own(entry) {
  const mine = (entry.events || []).filter((e) => e.action);
  return mine.find((e) => "card" in e || "cards" in e) || mine[0] || null;
}

const isDeal = (entry) => ["dealt", "crib_dealt"].includes(own(entry)?.kind);

/**
 * The deals of `entries` (log entries with their events), oldest first:
 * `[{game, deal, dealer, sides: [{pegging, hand, crib, muggins, total}], winner}]`, a side per index of
 * `sideOf(seat)`; `sides` is how many there are. Points pegged before the first deal (none in the
 * rules) would open a deal of their own.
 */
export function dealSheet(entries, sides, sideOf) {
  const deals = [];
  let current = /** @type {any} */ (null);
  let dealer = null;
  let game = 1;
  let totals = Array(sides).fill(0);
  let dealing = false;
  const open = () => {
    current = { game, deal: deals.filter((d) => d.game === game).length + 1, dealer, winner: null,
      scored: totals.map(() => new Set()),  // the columns told so far: a hand not yet counted is left blank
      sides: totals.map((total) => ({ pegging: 0, hand: 0, crib: 0, muggins: 0, total })) };
    deals.push(current);
  };
  for (const entry of entries || []) {
    // who deals next is told at the end of a deal (or by the cut): it is the dealer of any deal this entry opens
    for (const e of entry.events || []) if (e.kind === "dealer") dealer = e.seat;
    if (isDeal(entry)) {
      if (!dealing) open();
      dealing = true;
    } else {
      dealing = false;
    }
    for (const e of entry.events || []) {
      if (e.kind === "pegs") {
        if (!current) open();
        const side = e.side ?? sideOf(e.seat);
        const row = current.sides[side];
        if (!row) continue;
        row[COLUMN[e.why] || "pegging"] += e.points;
        current.scored[side].add(COLUMN[e.why] || "pegging");
        row.total = e.score ?? row.total + e.points;
        totals[side] = row.total;
      } else if (e.kind === "wins_game") {
        if (current) current.winner = e.side;
        game += 1;
        totals = Array(sides).fill(0);
      }
    }
  }
  return deals;
}

/** The sheet as a table: a row per side and deal, a heading row per game when a match has several. */
export function sheetTable(deals, names, sideOf) {
  if (!deals.length) return h("p", { class: "hint", "data-testid": "sheet-empty" }, t("cribbage.sheetEmpty"));
  const muggins = deals.some((d) => d.sides.some((s) => s.muggins));
  const games = new Set(deals.map((d) => d.game)).size > 1;
  const columns = ["pegging", "hand", "crib", ...(muggins ? ["muggins"] : [])];
  const head = h("tr", {}, h("th", { scope: "col" }, t("cribbage.sheetDeal")), h("th", { scope: "col" }, t("cribbage.sheetSide")),
    columns.map((c) => h("th", { scope: "col", class: "n" }, t(`cribbage.sheet${c[0].toUpperCase()}${c.slice(1)}`))),
    h("th", { scope: "col", class: "n" }, t("cribbage.sheetTotal")));
  const body = [];
  let shownGame = null;
  for (const deal of deals) {
    if (games && deal.game !== shownGame) {
      shownGame = deal.game;
      body.push(h("tr", { class: "game-row" }, h("th", { colspan: columns.length + 3, scope: "colgroup" },
        t("cribbage.sheetGame", { n: num(deal.game) }))));
    }
    const dealerSide = deal.dealer === null || deal.dealer === undefined ? null : sideOf(deal.dealer);
    deal.sides.forEach((row, side) => {
      const dealing = side === dealerSide;
      body.push(h("tr", { class: `${side === 0 ? "first" : ""}${deal.winner === side ? " won" : ""}`,
        "data-deal": deal.deal, "data-side": side },
      side === 0 ? h("th", { scope: "rowgroup", rowspan: deal.sides.length }, num(deal.deal)) : null,
      h("td", { class: "who" }, names[side], dealing ? h("span", { class: "dealer-tag" }, ` · ${t("cribbage.sheetDealer")}`) : null),
      columns.map((c) => (c === "crib" && !dealing && dealerSide !== null
        ? h("td", { class: "n none", title: t("cribbage.sheetNone") }, h("span", { "aria-hidden": "true" }, "–"),
          h("span", { class: "sr-only" }, t("cribbage.sheetNone")))
        : h("td", { class: "n", "data-col": c },
          c === "pegging" || deal.scored[side].has(c) || row[c] ? num(row[c]) : ""))),
      h("td", { class: "n total", "data-col": "total" }, num(row.total),
        deal.winner === side ? h("span", { class: "won-tag" }, ` ✓ ${t("cribbage.sheetWon")}`) : null)));
    });
  }
  return h("table", { class: "crib-sheet", "data-testid": "sheet" }, h("thead", {}, head), h("tbody", {}, body));
}

/** The log entries of a state message: `entries` where the table screen passes them, else the log itself. */
export function entriesOf(state) {
  if (Array.isArray(state.entries)) return state.entries;
  return Array.isArray(state.log) && state.log.every((e) => e && typeof e === "object") ? state.log : [];
}

/** Seat → side: partners sit opposite with four players (C15), each seat its own side otherwise. */
export function sidesOf(view, players) {
  if (view && Array.isArray(view.sides)) return { count: Math.max(...view.sides) + 1, of: (seat) => view.sides[seat] };
  const four = players === 4;
  return { count: four ? 2 : players, of: (seat) => (four ? seat % 2 : seat) };
}

/** Each side's name: a seat's, or partners' "Ann & Cid". */
export function sideNamesOf(sides, players, seatName) {
  return Array.from({ length: sides.count }, (_, side) => Array.from({ length: players }, (_, seat) => seat)
    .filter((seat) => sides.of(seat) === side).map((seat) => seatName(seat)).join(" & "));
}

/** The game-over panel's hook: the whole match's score sheet as a node (null when nothing was scored). */
export function summary(state, ctx = {}) {
  const view = state.view || null;
  const players = (state.seats && state.seats.length) || ctx.players || (view && view.sides && view.sides.length) || 2;
  const sides = sidesOf(view, players);
  const seatName = ctx.seatName || ((seat) => (state.seats && state.seats[seat] && state.seats[seat].name)
    || t("common.seat", { n: seat + 1 }));
  const deals = dealSheet(entriesOf(state), sides.count, sides.of);
  if (!deals.length) return null;
  const ending = endingOf(entriesOf(state));  // where the last game ended, who pegged out (C14)
  return h("section", { class: "crib-sheet-box", "data-testid": "cribbage-summary" },
    ending ? h("p", { class: "crib-ended", "data-testid": "ended", "data-where": ending.where }, endingText(ending, seatName))
      : null,
    h("h3", {}, t("cribbage.sheet")), sheetTable(deals, sideNamesOf(sides, players, seatName), sides.of));
}
