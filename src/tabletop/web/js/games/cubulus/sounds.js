// @ts-check
// Cubulus's sound effect (sound.js plays it): a ball pushed into the cube — an insert (U5) or a shift
// of a line (U6), and the neutral balls placed at the start (U13).

import { freshEvents } from "../../sound.js";

const BALL_KINDS = new Set(["insert", "shift", "neutral_placed"]);

/** The effects of the log entries `state` added to `previous`. */
export function sounds(previous, state) {
  return freshEvents(previous, state).some((e) => BALL_KINDS.has(e.kind)) ? ["ball"] : [];
}
