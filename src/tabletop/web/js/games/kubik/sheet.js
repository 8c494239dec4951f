// @ts-check
// Kubik's score sheet at game over, throw by throw, told from the log's events (everything on a
// field is public): who threw (K10), what the throw did (K7 out scores the face on top, K9 in scores
// nothing, a miss costs five), a crossing of the border line and the interception that followed it
// (K13–K15, K19: a hit cancels the throw and scores twice the face for the interceptors, a miss costs
// them ten), each team's points for the throw and its running score; then per team its throws,
// crossings and interceptions (hit and missed), and who won (K11: the first to the target; a draw at
// the throw limit).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { number, outcomeText, signed } from "./log.js";

const TEAMS = ["A", "B"];

/** The log entries of a state message (`entries` where the table passes them). */
function entriesOf(state) {
  if (Array.isArray(state.entries)) return state.entries;
  return Array.isArray(state.log) && state.log.every((e) => e && typeof e === "object") ? state.log : [];
}

/**
 * The throws of `entries`, oldest first: [{n, seat, player, team, outcomes: [texts], crossed,
 * interceptor: {seat, player, team, did: "hold" | "hit" | "miss" | null} | null, points: {A, B},
 * totals: {A, B}}] — and each team's tally {throws, crossings, hits, misses (interceptions), missed
 * (throws that missed the cube)}.
 */
export function throwSheet(entries) {
  const rows = [];
  const totals = { A: 0, B: 0 };
  const tally = Object.fromEntries(TEAMS.map((team) => [team, { throws: 0, crossings: 0, hits: 0, misses: 0, missed: 0 }]));
  let standing = null;  // who stands to intercept the coming throw (K19: declared before it)
  let row = null;
  for (const entry of entries || []) {
    for (const e of entry.events || []) {
      switch (e.kind) {
        case "stands":
          standing = { seat: e.seat, player: e.player, team: e.team, did: null };
          break;
        case "nobody_stands":
          standing = null;
          break;
        case "throw":
        case "throw_real":
          row = { n: rows.length + 1, seat: e.seat, player: e.player, team: e.team, outcomes: [], crossed: false,
            interceptor: standing, points: { A: 0, B: 0 }, totals: { ...totals } };
          standing = null;
          rows.push(row);
          tally[e.team].throws += 1;
          break;
        case "cross":
          if (!row) break;
          row.crossed = true;
          tally[row.team].crossings += 1;
          row.outcomes.push(outcomeText(e));
          break;
        case "hold":
          if (row && row.interceptor) row.interceptor.did = "hold";
          break;
        case "intercept_hit":
        case "intercept_miss":
          if (!row) break;
          if (row.interceptor) row.interceptor.did = e.kind === "intercept_hit" ? "hit" : "miss";
          tally[e.team][e.kind === "intercept_hit" ? "hits" : "misses"] += 1;
          row.outcomes.push(outcomeText(e));
          break;
        case "miss":
        case "cube_in":
        case "cube_out":
          if (!row) break;
          if (e.kind === "miss") tally[row.team].missed += 1;
          row.outcomes.push(outcomeText(e));
          break;
        case "points":
          totals[e.team] = e.score;
          if (row) {
            row.points[e.team] += e.points;
            row.totals = { ...totals };
          }
          break;
        default:
          break;
      }
    }
  }
  return { rows, totals, tally };
}

/** A team's cell of a throw's row: its points for the throw and its score after it. */
function teamCell(row, team) {
  const scored = row.points[team];
  return h("td", { class: "n", "data-team": team, "data-points": scored, "data-total": row.totals[team] },
    scored ? h("span", { class: scored > 0 ? "plus" : "minus" }, signed(scored)) : h("span", { class: "zero" }, "·"),
    h("span", { class: "total" }, ` → ${number(row.totals[team])}`));
}

/** The game-over panel's hook: the sheet as a node (null when nobody threw). */
export function summary(state, ctx = {}) {
  const view = state.view || {};
  const seatName = ctx.seatName || ((seat) => t("common.seat", { n: seat + 1 }));
  const who = (p) => t("kubik.who", { name: seatName(p.seat), label: p.player });
  const { rows, totals, tally } = throwSheet(entriesOf(state));
  if (!rows.length) return null;
  const scores = Array.isArray(view.scores) ? { A: view.scores[0], B: view.scores[1] } : totals;
  const winner = scores.A === scores.B ? null : scores.A > scores.B ? "A" : "B";
  const body = rows.map((row) => h("tr", { "data-throw": row.n, "data-team": row.team, class: row.crossed ? "crossed" : "" },
    h("th", { scope: "row", class: "n" }, number(row.n)),
    h("td", { class: "who" }, who(row)),
    h("td", { class: "what" }, row.outcomes.join(". "),
      row.interceptor ? h("span", { class: "interceptor" }, ` (${t(`kubik.sheet.stood.${row.interceptor.did || "none"}`,
        { name: who(row.interceptor) })})`) : null),
    TEAMS.map((team) => teamCell(row, team))));
  const tallies = TEAMS.map((team) => h("tr", { "data-team": team, class: team === winner ? "won" : "" },
    h("th", { scope: "row" }, t("kubik.team", { team }), team === winner ? h("span", { class: "won-tag" }, ` ✓ ${t("kubik.sheet.won")}`) : null),
    h("td", { class: "n total", "data-col": "score" }, number(scores[team])),  // beside the team: in view on a phone
    ["throws", "missed", "crossings", "hits", "misses"].map((c) => h("td", { class: "n", "data-col": c }, number(tally[team][c])))));
  return h("section", { class: "kubik-sheet", "data-testid": "kubik-summary" },
    h("h3", {}, t("kubik.sheet")),
    h("p", { class: "banner result", "data-testid": "kubik-sheet-how" }, winner
      ? t(Math.max(scores.A, scores.B) >= (view.target ?? 30) ? "kubik.sheet.how" : "kubik.sheet.howLimit", { team: winner, a: number(scores[winner]), b: number(scores[winner === "A" ? "B" : "A"]),
        n: number(view.target ?? 30) })  // the winner's score first: "Team B wins 10–7"
      : t("kubik.sheet.drawn", { a: number(scores.A), b: number(scores.B) })),
    h("div", { class: "sheet-scroll" }, h("table", { class: "kubik-sheet-tally", "data-testid": "tally" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("kubik.sheet.team")),
        h("th", { scope: "col", class: "n" }, t("kubik.sheet.score")),
        ["throws", "missed", "crossings", "hits", "misses"].map((c) => h("th", { scope: "col", class: "n" }, t(`kubik.sheet.${c}`))))),
      h("tbody", {}, tallies))),
    h("div", { class: "kubik-sheet-scroll" }, h("table", { class: "kubik-sheet-throws", "data-testid": "sheet" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "n" }, t("kubik.sheet.n")),
        h("th", { scope: "col" }, t("kubik.sheet.thrower")), h("th", { scope: "col" }, t("kubik.sheet.what")),
        TEAMS.map((team) => h("th", { scope: "col", class: "n" }, t("kubik.team", { team }))))),
      h("tbody", {}, body))));
}
