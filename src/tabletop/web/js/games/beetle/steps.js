// @ts-check
// Beetle's replay steps (js/steps.js): a step is a round — every player's roll with the face it
// brought, in seat order (B5, B6). The roll-off is its own round (B6, B11) and a re-roll of the players
// tied for highest another (only they roll); play rounds go round the table from whoever started, so
// a seat rolling a second time opens the next. A game that ends mid-round (B7, B12) ends on a short one.

import { groupSteps, isChance } from "../../steps.js";

/** The roll an entry makes: {seat, rolloff} for a player's roll, null for the face (chance). */
function rollOf(entry) {
  if (isChance(entry)) return null;
  const own = (entry.events || []).find((e) => e.action && e.kind === "roll");
  return { seat: entry.seat, rolloff: Boolean(own && own.rolloff) };
}

/** A roll continues the open round unless its seat has rolled in it, or the roll-off ended (B6). */
function joins(step, entry) {
  const roll = rollOf(entry);
  if (!roll) return true;  // the face joins its roll
  const rolls = step.entries.map(rollOf).filter(Boolean);
  if (!rolls.length) return false;  // (no roll before: nothing to continue)
  return rolls[0].rolloff === roll.rolloff && !rolls.some((r) => r.seat === roll.seat);
}

/** The steps of a Beetle log: one round each. */
export function replaySteps(entries) {
  return groupSteps(entries, { joins });
}
