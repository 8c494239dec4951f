// @ts-check
// Kubik's words for its events, in the reader's language (see describe.js for the shape of a line); the
// visitor (visitor.js) tells each entry with them: the action's own event (the lot, who stands to intercept, a throw,
// what it did, strike or hold) is the sentence; the points it scored (each team's new score), a
// recentred cube (K17) and the throw limit are its notes. Everything on a Kubik field is public, so
// every viewer reads the same log. The screen (screen.js) uses the same words for its last throw.

import { formatNumber, t } from "../../i18n.js";

/** The kinds of the events that say what a throw or an interception did (K7, K9, K14, K15, K19). */
export const OUTCOME_KINDS = ["miss", "cube_in", "cube_out", "cross", "intercept_hit", "intercept_miss"];

/** A number in the reader's locale (i18n's formatNumber): 0.5 in English, 0,5 in Russian and
 * Romanian, −2 with a minus sign; `digits` fixes the decimals shown. */
export function number(n, digits = null, sign = false) {
  return formatNumber(n, { digits, sign });
}

/** A signed number as the notation writes it, in the reader's locale: +0.5, −2, +0 (ro: +0,5). */
export function signed(n) {
  return number(n, null, true);
}

/** Why a team scored (a points event's `why` code, K7, K9, K14, K15). */
export function whyText(e) {
  return t(`kubik.why.${e.why}`, { n: e.top ?? "" });
}

/** A points event: "Team A: +6 (out with 6 on top), now 14". */
export function pointsText(e) {
  return t("kubik.event.points", { team: e.team, points: signed(e.points), why: whyText(e), score: number(e.score) });
}

/** What a throw or an interception did, with "(as people saw it)" when people entered it. */
export function outcomeText(e) {
  const key = e.kind === "cube_in" && e.top != null ? "kubik.event.cube_in_top" : `kubik.event.${e.kind}`;
  const text = t(key, { n: e.top ?? "" });
  return e.seen ? t("kubik.seen", { text }) : text;
}

/** One event as a sentence; `named(e)` names the event's player ("Ann (A1)"). */
export function eventText(e, named) {
  if (OUTCOME_KINDS.includes(e.kind)) return outcomeText(e);
  switch (e.kind) {
    case "points":
      return pointsText(e);
    case "throw":
      return t("kubik.event.throw", { name: named(e), line: e.line, pos: signed(e.pos), aim: signed(e.aim),
        power: number(e.power), spin: number(e.spin) });
    case "recentred":
      return t("kubik.event.recentred", { n: e.top });
    case "throw_limit":
      return t("kubik.event.throw_limit", { n: e.throws });
    default:  // lot, nobody_stands ({team}); stands, throw_real, strike, hold ({name})
      return t(`kubik.event.${e.kind}`, { team: e.team, name: e.seat != null ? named(e) : "" });
  }
}

/** A player as the log names them: "Ann (A1)". */
export function namedBy(ctx) {
  return (e) => t("kubik.who", { name: ctx.seatName(e.seat), label: e.player });
}

const THROW = /^throw ([ab]) pos (\S+) aim (\S+) power (\S+) spin (\S+)$/i;
const OUTCOME = /^(seen )?(miss|in|out|cross|hit)(?: ([1-6])(?:\/[1-6])?)?$/;

/** A player's label ("B1") as the log names them, "Bob (B1)", when `view` and `ctx` say who holds it. */
function labelled(label, view, ctx) {
  const player = view && ctx && (view.players || []).find((p) => p.label === label);
  return player ? t("kubik.who", { name: ctx.seatName(player.seat), label }) : label;
}

/**
 * A legal action in words, for the table's list of legal moves, the coach and a replay's blunders
 * ("Throw from line A: at +0,5 m, …"; "Bob (B1) stands to intercept" — the label alone without `view`
 * and `ctx` {seatName}; a scorekeeper's "Out, 4 on top"): the same words as the screen's controls.
 * An action these words do not cover (an outcome with its physics) is null: the list shows its notation.
 */
export function actionText(action, view = null, ctx = null) {
  const thrown = THROW.exec(action);
  if (thrown) {
    const [, line, pos, aim, power, spin] = thrown;
    return t("kubik.action.throw", { line: line.toUpperCase(), pos: signed(Number(pos)), aim: signed(Number(aim)),
      power: number(Number(power)), spin: number(Number(spin)) });
  }
  const [word, rest] = action.split(" ");
  switch (word) {
    case "throw": return t("kubik.throwReal");
    case "pass": return t("kubik.action.pass");
    case "intercept": return t("kubik.action.intercept", { label: labelled(rest, view, ctx) });  // K19
    case "strike": return t("kubik.strike");
    case "hold": return t("kubik.hold");
    case "first": return t("kubik.firstTeam", { team: rest });
    default: break;
  }
  const outcome = OUTCOME.exec(action);
  if (!outcome) return null;
  const [, seen, kind, top] = outcome;
  if ((kind === "out" || kind === "hit") && !top) return null;
  const text = t(`kubik.outcome.${kind}`, { n: top ?? "" });
  return seen ? t("kubik.seen", { text }) : text;
}
