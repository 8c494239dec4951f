// @ts-check
// Beetle's sound effect (sound.js plays it): the die rolled, for a turn's roll (B5) and for the
// roll-off that decides who starts (B6, B11).

import { freshEvents } from "../../sound.js";

const DIE_KINDS = new Set(["roll", "rolled", "rolloff_rolled"]);

/** The effects of the log entries `state` added to `previous`. */
export function sounds(previous, state) {
  return freshEvents(previous, state).some((e) => DIE_KINDS.has(e.kind)) ? ["die"] : [];
}
