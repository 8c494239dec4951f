// @ts-check
// Kubik's sound effects (sound.js plays them): the bat thrown (K6), then the wooden cube struck when
// the bat touched it — knocked out (K7), left in or on the line (K9), or hit by an interception; a
// miss (K9) is the bat alone.

import { freshEvents } from "../../sound.js";

const THROW_KINDS = new Set(["throw", "throw_real"]);
const HIT_KINDS = new Set(["cube_in", "cube_out", "cross", "intercept_hit"]);

/** The effects of the log entries `state` added to `previous`. */
export function sounds(previous, state) {
  const events = freshEvents(previous, state);
  const effects = [];
  if (events.some((e) => THROW_KINDS.has(e.kind))) effects.push("bat");
  if (events.some((e) => HIT_KINDS.has(e.kind))) effects.push("die");
  return effects;
}
