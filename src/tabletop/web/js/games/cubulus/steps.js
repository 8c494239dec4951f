// @ts-check
// Cubulus's replay steps (js/steps.js): the opening lot (who starts, U13) is a step, the set-up's nine
// neutral balls placed one at a time by the player who does not start (U13) are one step together, and
// every move after that — an insert (U5, U10), a shift (U6, U11) or a pass (U14) — is its own.

import { groupSteps, isChance } from "../../steps.js";

/** True for a neutral ball placed in the set-up (U13). */
const placing = (entry) => !isChance(entry) && (((entry.events || []).find((e) => e.action) || {}).kind === "neutral_placed"
  || /^place\b/.test(entry.action));

/** Chance joins the step before it; a neutral ball joins the set-up's other placements. */
function joins(step, entry) {
  if (isChance(entry)) return true;
  return placing(entry) && step.entries.every(placing);
}

/** The steps of a Cubulus log. */
export function replaySteps(entries) {
  return groupSteps(entries, { joins });
}
