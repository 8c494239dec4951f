// @ts-check
// Cubulus in the browser: everything the app needs of this game comes from this folder.

import { OPTIONS, STRINGS } from "./strings.js";

export { cubulusScreen as screen } from "./screen.js";
export { actionLabel as actionText } from "./screen.js";  // a legal move in words, for the generic list
export { describeLog } from "./log.js";
export { PICTURE as picture } from "./picture.js";
export { summary } from "./sheet.js";  // the score sheet at game over
export const strings = { STRINGS, OPTIONS };
/** Its screen's style, linked by the loader when the folder loads (after the shell's app.css). */
export const stylesheet = new URL("./style.css", import.meta.url).href;
/** The screen offers every legal action itself (every hole and cell of the flat layers, Pass): the table's list of legal moves is a
 * keyboard mode, closed until asked for. */
export const ownsActions = true;
export { sounds } from "./sounds.js";  // its sound effects for a state change (js/sound.js)
export { replaySteps } from "./steps.js";  // whole moves in a replay (js/steps.js)
export { coachView } from "./coach.js";  // coach mode: the advice in words (js/coach.js)
