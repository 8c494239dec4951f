// @ts-check
// Cribbage's sound effects (sound.js plays them): a card for every card that moves — the cut and the
// deal (C6), the discards to the crib (C5), the starter (C7), each card played (C8) — and a peg
// knocked into the board for points pegged (C2).

import { freshEvents } from "../../sound.js";

const CARD_KINDS = new Set(["cut", "dealt", "crib_dealt", "discards", "starter", "plays"]);

/** The effects of the log entries `state` added to `previous`. */
export function sounds(previous, state) {
  return freshEvents(previous, state).flatMap((e) => {
    if (CARD_KINDS.has(e.kind)) return ["card"];
    if (e.kind === "pegs" && e.points) return ["peg"];
    return [];
  });
}
