// @ts-check
// Kubik's replay steps (js/steps.js): a step is a throw with all that answers it — with interception
// (K19) the other team's word first (who stands to intercept, or nobody), then the throw (K6), what it
// did (K7, K9), and when the cube crosses the border line the interceptor's strike or hold and what
// that did (K14, K15); the lot for the first throw (K5) is a step of its own.

import { groupSteps, isChance } from "../../steps.js";

const DECLARES = new Set(["stands", "nobody_stands"]);  // K19: said before the throw
const THROWS = new Set(["throw", "throw_real"]);  // K6 (simulated or calibrated; on a real field)
const ANSWERS = new Set(["strike", "hold"]);  // K19: the interceptor, once the cube crosses

/** The kind of an entry's own event ("throw", "stands", "strike"…), from its notation without events. */
export function kindOf(entry) {
  const own = (entry.events || []).find((e) => e.action);
  if (own) return own.kind;
  const word = String(entry.action).split(" ")[0];
  return { intercept: "stands", pass: "nobody_stands" }[word] ?? word;
}

/** Chance answers the step before; a throw follows its team's declaration; strike or hold its throw. */
function joins(step, entry) {
  if (isChance(entry)) return true;
  const kind = kindOf(entry);
  const kinds = step.entries.filter((e) => !isChance(e)).map(kindOf);
  if (THROWS.has(kind)) return kinds.length > 0 && kinds.every((k) => DECLARES.has(k));
  if (ANSWERS.has(kind)) return kinds.some((k) => THROWS.has(k)) && !kinds.some((k) => ANSWERS.has(k));
  return false;  // a declaration opens the next throw's step
}

/** The steps of a Kubik log. */
export function replaySteps(entries) {
  return groupSteps(entries, { joins });
}
