// @ts-check
// Kubik in the browser: everything the app needs of this game comes from this folder.

import { t } from "../../i18n.js";
import { OPTIONS, STRINGS } from "./strings.js";
import { TEAM_COLOURS } from "./screen.js";

export { kubikScreen as screen } from "./screen.js";
export { actionText } from "./log.js";
export { visitor, describeLog } from "./visitor.js";  // each new log entry's line, sounds and motions; the log in sentences
export { PICTURE as picture } from "./picture.js";
export { summary } from "./sheet.js";  // the score sheet at game over
export const strings = { STRINGS, OPTIONS };
/** Its screen's style, linked by the loader when the folder loads (after the shell's app.css). */
export const stylesheet = new URL("./style.css", import.meta.url).href;
/** The screen offers every legal action itself (the lot, who stands to intercept, the throw chosen on the
 * field or typed in notation, strike or hold, each outcome a scorekeeper enters): the table's generic
 * list of legal moves is left out. */
export const ownsActions = true;

/** The table's player list: each seat's label and team ("A1 · Team A"), in the team's colour (K18). */
export function seatTag(seat, view) {
  const player = view && (view.players || []).find((p) => p.seat === seat);
  if (!player) return null;
  const team = player.label.charAt(0);
  return { text: t("kubik.seatTag", { label: player.label, team }), colour: TEAM_COLOURS["AB".indexOf(team)] };
}

/** The turn line while chance decides (a simulated table): the lot, else the cube in flight. */
export function chanceWait(view) {
  return t(view && view.phase === "lot" ? "kubik.waitLot" : "kubik.waitFlight");
}

/** The turn line while the people at the field enter what happened (K20): whose throw or interception. */
export function chanceTurn(view, ctx) {
  if (!view || !view.players) return null;
  const seatOf = (label) => (view.players.find((p) => p.label === label) || {}).seat;
  switch (view.phase) {
    case "lot":  // K5: before anyone throws, the lot says which team starts
      return t("kubik.turnLot");
    case "throw":
    case "rest":
      return t("kubik.turnThrow", { name: ctx.seatName(seatOf(view.thrower)) });
    case "intercept":
      return view.interceptor == null ? null : t("kubik.turnIntercept", { name: ctx.seatName(view.interceptor) });
    default:
      return null;
  }
}
export { replaySteps } from "./steps.js";  // whole moves in a replay (js/steps.js)
export { coachView } from "./coach.js";  // coach mode: the advice in words (js/coach.js)
