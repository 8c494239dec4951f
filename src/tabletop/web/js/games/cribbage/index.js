// @ts-check
// Cribbage in the browser: everything the app needs of this game comes from this folder.

import { OPTIONS, STRINGS } from "./strings.js";

export { cribbageScreen as screen } from "./screen.js";
export { actionText } from "./log.js";  // an action in words (coach, blunders)
export { visitor, describeLog } from "./visitor.js";  // each new log entry's line, sounds and motions; the log in sentences
export { PICTURE as picture } from "./picture.js";
export { summary } from "./sheet.js";  // the per-deal score sheet, on the screen and at game over
export const strings = { STRINGS, OPTIONS };
/** Its screen's style, linked by the loader when the folder loads (after the shell's app.css). */
export const stylesheet = new URL("./style.css", import.meta.url).href;
/** The screen offers every legal action itself (cards, Discard, Go, Count, the declare picker,
 * Muggins/Let it go): the table's generic list of legal moves is left out. */
export const ownsActions = true;
export { replaySteps } from "./steps.js";  // a deal, the discards, each pegging card, the show: one step each
export { coachView } from "./coach.js";  // coach mode: the advice in words (js/coach.js)
