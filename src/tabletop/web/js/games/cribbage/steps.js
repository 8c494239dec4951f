// @ts-check
// Cribbage's replay steps (js/steps.js): a deal's cards are one step (with the cut for the first
// deal, C5–C6), both discards to the crib another with the starter they lead to (C5, C7), each
// card of the pegging and each go its own (C8–C9), and the show — every hand and the crib counted —
// one more (C13). Muggins' claims, takes and passes belong to the step they answer (C17). Each
// deal is a round: the replay says "Deal 3".

import { groupSteps } from "../../steps.js";

const DEAL = new Set(["cut", "dealt", "crib_dealt"]);
const ANSWERS = new Set(["claims", "muggins", "passes"]);  // C17: about the step before
const KEEPS = { discards: new Set(["discards", "starter"]), counts: new Set(["counts"]) };

/** The kind of an entry's own event (the action as the rules see it): "dealt", "plays", "counts"… */
export function kindOf(entry) {
  const own = (entry.events || []).find((e) => e.action);
  if (own) return own.kind;
  return /^(cut|deal|starter|discard|count|claim|muggins|pass|go)\b/.exec(entry.action)?.[1] ?? "plays";
}

const NORMAL = { deal: "dealt", discard: "discards", count: "counts", claim: "claims", pass: "passes" };
const kind = (entry) => NORMAL[kindOf(entry)] ?? kindOf(entry);

/** The step's kind: what its first entry did. */
const first = (step) => kind(step.entries[0]);

function joins(step, entry) {
  const k = kind(entry);
  if (ANSWERS.has(k)) return true;
  if (DEAL.has(k)) return DEAL.has(first(step)) && step.entries.every((e) => DEAL.has(kind(e)));
  return KEEPS[first(step)]?.has(k) ?? false;
}

/** A deal opens a round (the cut before the first deal belongs to it). */
function opensRound(step, entry) {
  return DEAL.has(kind(entry)) && !(step && step.entries.every((e) => DEAL.has(kind(e))));
}

/** The steps of a cribbage log. */
export function replaySteps(entries) {
  return groupSteps(entries, { joins, opensRound });
}
