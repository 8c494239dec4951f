// Cribbage in the browser: everything the app needs of this game comes from this folder.

import { OPTIONS, STRINGS } from "./strings.js";
import { SUMMARY_STRINGS } from "./summary.js";

export { cribbageScreen as screen } from "./screen.js";
export { describeLog } from "./log.js";
export { PICTURE as picture } from "./picture.js";
export { cribbageSummary as summary } from "./summary.js";  // the per-deal sheet at game over
export const strings = {
  STRINGS: Object.fromEntries(Object.keys(STRINGS).map((code) => [code, { ...STRINGS[code], ...SUMMARY_STRINGS[code] }])),
  OPTIONS,
};
