// @ts-check
// The game-over summary on the table screen: who won and how, each seat's final points, the game's
// own score sheet where its folder offers one (`summary(state, ctx)` in js/games/<game>/index.js,
// docs/events.md), and what to do next: Rematch (the same game, options and seats: POST
// /api/tables/{id}/rematch), Back to the lobby, the replay. A rematch someone else asked for is an
// offer to take one's seat in it, live (the old table's updates carry `rematch`), drawn by the table
// in its sticky requests bar (`rematchOffer`).
// Nothing here names a game.

import { api, saveToken, tokensFor } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games/index.js";

/** The text of `key`, or null when no language has it (optional words: a draw's why). */
function maybe(key, params) {
  const text = t(key, params);
  return text === key ? null : text;
}

/** A number of points in the reader's locale (Romanian "6,5", never "6.5"). */
function points(value) {
  return new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 2 }).format(value);
}

/** Ask for the rematch (or one's seat in it) with every token this browser holds for the old table. */
async function askRematch(tableId) {
  const tokens = [...new Set(Object.values(tokensFor(tableId)))];
  const data = await api.rematch(tableId, tokens);  // (none held here: the account signed in speaks)
  for (const [seat, token] of Object.entries(data.tokens || {})) saveToken(data.table.id, Number(seat), token);
  return data.table.id;
}

/** How the game was won, in words the outcome's own parameters give (a draw's why; a bot finishing). */
function howLines(result, seatName) {
  const lines = [];
  const outcome = result && result.outcome;
  if (outcome && outcome.why) {
    const why = maybe(`gameover.why.${outcome.why}`);
    if (why) lines.push(why);
  }
  if (result && result.zombies && result.zombies.length) {
    lines.push(t("table.zombies", { names: result.zombies.map(seatName).join(", ") }));
  }
  return lines;
}

/** A place in the reader's language: "2nd", "2-е", "locul 2" (by the language's ordinal forms: one, two, few, other). */
function placeText(n) {
  const form = new Intl.PluralRules(document.documentElement.lang || "en", { type: "ordinal" }).select(n);
  return maybe(`gameover.nth.${form}`, { n: points(n) }) || t("gameover.nth.other", { n: points(n) });
}

/** Each seat's place from the result's finishing order (`outcome.places`, first to last), or null. */
function placesOf(outcome, seats) {
  const order = outcome && Array.isArray(outcome.places) ? outcome.places : null;
  if (!order || order.length !== seats) return null;
  return new Map(order.map((seat, i) => [seat, i + 1]));
}

/**
 * Each seat's final points (the result's `points`) and place, winners marked; its columns are what the
 * result holds — points only where the game keeps a score, a place for everyone only where the result
 * gives the finishing order. A game whose result names only a winner (no points, no order) has no
 * table: the headline already says who won, and the game's own sheet shows the rest.
 */
function scoreTable(message, seatName) {
  const result = message.result || {};
  const outcome = result.outcome || {};
  const members = new Set(outcome.members || []);
  const won = outcome.kind === "game_won";
  const shared = outcome.kind === "game_shared";
  const seats = message.seats || [];
  const hasPoints = Array.isArray(result.points) && result.points.length === seats.length;
  const places = placesOf(outcome, seats.length);
  if (!hasPoints && !places) return null;
  const placeOf = (seat) => {
    if (members.has(seat) && (won || shared)) return won ? t("gameover.winner") : t("gameover.sharedFirst");
    return places ? placeText(places.get(seat)) : "";
  };
  return h("table", { class: "gameover-scores", "data-testid": "final-scores" },
    h("caption", {}, t(hasPoints ? "gameover.finalScores" : "gameover.finalPlaces")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("gameover.player")),
      hasPoints ? h("th", { scope: "col", class: "num" }, t("gameover.points")) : null,
      // (a column that marks only the winner needs no visible heading: its word says it)
      h("th", { scope: "col" }, places ? t("gameover.place") : h("span", { class: "sr-only" }, t("gameover.place"))))),
    h("tbody", {}, seats.map((seat) => {
      const first = members.has(seat.seat) && (won || shared);
      return h("tr", { class: first ? "first" : "", "data-seat": seat.seat },
        h("th", { scope: "row" }, seatName(seat.seat)),
        hasPoints ? h("td", { class: "num" }, points(result.points[seat.seat])) : null,
        h("td", { class: "place" }, placeOf(seat.seat)));
    })));
}

/** A button that asks for the rematch (or one's seat in it) and goes there; `status` says how it went. */
function rematchButton(ctx, status, action, key, extra = "") {
  const button = h("button", { type: "button", class: `primary${extra}`, "data-action": action,
    onclick: async () => {
      button.disabled = true;
      status.textContent = t("gameover.rematchStarting");
      try {
        location.hash = `#/table/${await askRematch(ctx.tableId)}`;
      } catch (error) {
        button.disabled = false;
        status.textContent = t("gameover.rematchFailed", { reason: error.message });
      }
    } }, t(key));
  return button;
}

/** The rematch part: the button, or the way to a rematch this browser is in (or may watch). */
function rematchPart(message, ctx, status) {
  const offer = message.rematch;
  const held = message.seat !== null;  // by a token held here or the account signed in
  if (message.status !== "over") return null;
  if (!offer) return held ? rematchButton(ctx, status, "rematch", "gameover.rematch") : null;
  if (offered(message, ctx.tableId)) return null;  // the offer, with its button, stays in view in the requests bar
  // (the asker's own update may come before the answer that holds their new tokens)
  const seated = Object.keys(tokensFor(offer.table)).length > 0 || (offer.by || []).includes(message.seat);
  return h("a", { class: "button primary", href: `#/${seated ? "table" : "watch"}/${offer.table}`,
    "data-action": "to-rematch" }, seated ? t("gameover.toRematch") : t("gameover.watchRematch"));
}

/** Whether someone else asked for a rematch that this browser's seat is not yet in. */
function offered(message, tableId) {
  const offer = message.rematch;
  const held = message.seat !== null;
  return Boolean(offer && held && (offer.by || []).length && !offer.by.includes(message.seat)
    && !Object.keys(tokensFor(offer.table)).length);
}

/**
 * Another player's rematch offer with the button to take one's seat in it, or null: shown in the
 * table's sticky requests bar, so a player scrolled to the score sheet (or their hand) sees it.
 */
export function rematchOffer(message, ctx) {
  if (message.status !== "over" || !offered(message, ctx.tableId)) return null;
  const status = h("span", { class: "gameover-status", role: "status" });
  const button = rematchButton(ctx, status, "join-rematch", "gameover.joinRematch", " small");
  return h("p", { class: "banner gameover-offer", "data-testid": "rematch-offer" },
    t("gameover.offer", { names: message.rematch.by.map(ctx.seatName).join(", ") }), " ", button, " ", status);
}

/**
 * The summary of a finished (or abandoned) table for its last update `message`; `ctx` gives
 * {tableId, game, headline (the result in words), seatName(seat), options()}.
 */
export function gameOverSummary(message, ctx) {
  const over = message.status === "over";
  const status = h("p", { class: "gameover-status", role: "status" });
  let sheet = null;
  if (over) {
    try {  // a game's sheet must never hide the result and the buttons
      sheet = gameModule(ctx.game)?.summary?.(message, ctx) || null;
    } catch (error) {
      console.error("the game's summary failed", error);
    }
  }
  return h("section", { class: "gameover", "aria-labelledby": "gameover-h", "data-testid": "gameover" },
    h("h2", { id: "gameover-h", class: "gameover-headline" }, ctx.headline),
    over ? howLines(message.result, ctx.seatName).map((line) => h("p", { class: "gameover-how" }, line)) : null,
    over ? scoreTable(message, ctx.seatName) : null,
    sheet ? h("div", { class: "gameover-sheet" }, sheet) : null,
    h("div", { class: "buttons gameover-buttons" },
      rematchPart(message, ctx, status),
      h("a", { class: "button", href: "#/", "data-action": "lobby" }, t("gameover.lobby")),
      h("a", { class: "button", href: `#/replay/${ctx.tableId}`, "data-action": "replay" }, t("table.replay"))),
    status);
}
