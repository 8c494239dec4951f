// @ts-check
// Beetle in the browser: everything the app needs of this game comes from this folder.

import { OPTIONS, STRINGS } from "./strings.js";

export { beetleScreen as screen } from "./screen.js";
export { actionText } from "./log.js";  // a roll or a face in words
export { visitor, describeLog } from "./visitor.js";  // each new log entry's line, sound and motion; the log in sentences
export { PICTURE as picture } from "./picture.js";
export { summary } from "./sheet.js";  // the score sheet at game over, round by round
export const strings = { STRINGS, OPTIONS };
/** Its screen's style, linked by the loader when the folder loads (after the shell's app.css). */
export const stylesheet = new URL("./style.css", import.meta.url).href;
/** The screen offers every legal action itself (the Roll button): the table's list of legal moves is a
 * keyboard mode, closed until asked for. */
export const ownsActions = true;
export { replaySteps } from "./steps.js";  // whole moves in a replay (js/steps.js)
export { coachView } from "./coach.js";  // coach mode: the advice in words (js/coach.js)
