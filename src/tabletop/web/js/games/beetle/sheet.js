// @ts-check
// Beetle's score sheet at game over, told from the log's events (never from the state): the roll-off
// round by round (B6), then every round of play — what each player rolled and drew, or that the turn
// was lost (B5) — with the round in which each beetle was finished and its place (B7, B12), and the
// final result. `summary(state, ctx)` (index.js) gives it to the game-over panel.

import { h } from "../../dom.js";
import { lang, t } from "../../i18n.js";
import { partName } from "./log.js";

/** A whole number in the reader's locale. */
function num(n) {
  return new Intl.NumberFormat(lang()).format(n);
}

/**
 * The game's rounds from `entries` (log entries with their events), oldest first:
 * `{rolloff: [[[seat, face]…]…], rounds: [Map seat → {face, part, finished}], first: {seat, round} | null,
 * places: [seat…]}`. A round of play ends when a seat that already rolled in it rolls again, so a
 * finished player's skipped turns (B12) never split one.
 */
export function beetleRounds(entries) {
  const rolloff = [];
  let rolloffRound = null;
  const rounds = [];
  let round = null;
  let first = null;
  let places = [];
  for (const entry of entries || []) {
    for (const e of entry.events || []) {
      if (e.kind === "rolloff_rolled") {
        if (!rolloffRound) rolloff.push(rolloffRound = []);
        rolloffRound.push([e.seat, e.face]);
      } else if (e.kind === "rolloff_tie" || e.kind === "starts") {
        rolloffRound = null;
      } else if (e.kind === "rolled") {
        if (!round || round.has(e.seat)) rounds.push(round = new Map());
        round.set(e.seat, { face: e.face, part: null, finished: null });
      } else if (e.kind === "part_drawn" && round && round.has(e.seat)) {
        round.get(e.seat).part = e.part;
      } else if (e.kind === "beetle_finished" && round && round.has(e.seat)) {
        round.get(e.seat).finished = e.place;
        if (e.place === 1 && !first) first = { seat: e.seat, round: rounds.length };
      } else if (e.kind === "game_over") {
        places = e.places && e.places.length ? e.places : [e.winner];
      }
    }
  }
  return { rolloff, rounds, first, places };
}

/** One seat's cell in a round: the face and the part drawn, a lost turn, the beetle finished. */
function turnCell(turn) {
  if (!turn) return h("td", { class: "none" }, h("span", { "aria-hidden": "true" }, "·"));
  return h("td", { class: `${turn.part ? "drew" : "lost"}${turn.finished ? " finished" : ""}`,
    "data-face": turn.face, "data-part": turn.part || "" },
  h("span", { class: "face" }, num(turn.face)), " ",
  turn.part ? partName(turn.part) : h("span", { class: "hint" }, t("beetle.summary.nothing")),
  turn.finished ? h("strong", { class: "finished-tag" }, ` ✓ ${t("beetle.summary.place", { place: num(turn.finished) })}`) : null);
}

/** The sheet as a table: a column per seat, a row per roll-off round and per round of play. */
export function beetleSheetTable(sheet, seats, seatName) {
  const head = h("tr", {}, h("th", { scope: "col" }, t("beetle.summary.round")),
    seats.map((seat) => h("th", { scope: "col" }, seatName(seat))));
  const rolloff = sheet.rolloff.map((faces, i) => h("tr", { class: "rolloff-row", "data-rolloff": i + 1 },
    h("th", { scope: "row" }, t("beetle.summary.rolloff")),
    seats.map((seat) => {
      const rolled = faces.find(([s]) => s === seat);
      return rolled ? h("td", { "data-face": rolled[1] }, h("span", { class: "face" }, num(rolled[1])))
        : h("td", { class: "none" }, h("span", { "aria-hidden": "true" }, "·"));
    })));
  const rounds = sheet.rounds.map((round, i) => h("tr", { "data-round": i + 1 },
    h("th", { scope: "row" }, num(i + 1)), seats.map((seat) => turnCell(round.get(seat)))));
  return h("table", { class: "beetle-score-sheet", "data-testid": "beetle-sheet" },
    h("thead", {}, head), h("tbody", {}, rolloff, rounds));
}

/** The game-over panel's hook: who finished first and when, the places, and the sheet (null before
 * anything was rolled). */
export function summary(state, ctx = {}) {
  const entries = Array.isArray(state.entries) ? state.entries
    : (Array.isArray(state.log) && state.log.every((e) => e && typeof e === "object") ? state.log : []);
  const sheet = beetleRounds(entries);
  if (!sheet.rounds.length && !sheet.rolloff.length) return null;
  const players = (state.seats && state.seats.length) || (state.view && state.view.sheets && state.view.sheets.length) || 1;
  const seats = Array.from({ length: players }, (_, seat) => seat);
  const seatName = ctx.seatName || ((seat) => (state.seats && state.seats[seat] && state.seats[seat].name)
    || t("common.seat", { n: seat + 1 }));
  const view = state.view || null;
  const total = view && view.parts ? view.parts.parts.reduce((sum, p) => sum + p.count, 0) : null;
  const haves = view && view.sheets ? view.sheets.map((s) => Object.values(s).reduce((a, b) => a + b, 0)) : null;
  const placed = new Set(sheet.places);
  const result = [...sheet.places, ...seats.filter((seat) => !placed.has(seat))];
  return h("section", { class: "beetle-summary", "data-testid": "beetle-summary" },
    h("h3", {}, t("beetle.summary.title")),
    sheet.first ? h("p", { class: "beetle-first", "data-testid": "beetle-first" },
      t("beetle.summary.first", { name: seatName(sheet.first.seat), round: num(sheet.first.round) })) : null,
    h("ul", { class: "beetle-places", "data-testid": "beetle-places", "aria-label": t("beetle.summary.result") },
      result.map((seat) => h("li", { "data-seat": seat, class: placed.has(seat) ? "placed" : "unplaced" },
        placed.has(seat) ? h("strong", {}, `${t("beetle.summary.place", { place: num(sheet.places.indexOf(seat) + 1) })} `)
          : h("span", { class: "hint" }, `${t("beetle.summary.unfinished")} `),
        seatName(seat), total !== null && haves ? h("span", { class: "hint" },
          ` — ${t("beetle.parts", { have: num(haves[seat]), total: num(total) })}`) : null))),
    h("div", { class: "beetle-sheet-scroll" }, beetleSheetTable(sheet, seats, seatName)));
}
