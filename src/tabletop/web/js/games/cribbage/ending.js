// @ts-check
// How a cribbage game ended, told from the log: the game ends the moment a side reaches the target,
// during the play or the show (C14), so a game can end with a card played, a go, his heels or a
// count — and the hands after it are never counted. The screen and the game-over summary say where
// it ended and who pegged out, instead of showing a finished game as if it were in the show.

import { t } from "../../i18n.js";
import { num } from "./log.js";

/** Where the points that reached the target were pegged (a `pegs` event's `why`, C7–C13, C17). */
const WHERE = { play: "play", go: "play", last_card: "play", heels: "starter", hand: "hand", crib: "crib" };
/** A muggins claim pegs for the count it was about (C17): the pegging, a hand or the crib. */
const MUGGINS = { pegging: "play", hand: "hand", crib: "crib" };

/**
 * The end of the last game won in `entries` (the log's entries with their events): {seat (who pegged
 * out), members (the winning side's seats), where ("play", "starter", "hand" or "crib"), score (the
 * target reached)}; null while no game has ended.
 */
export function endingOf(entries) {
  for (let i = (entries || []).length - 1; i >= 0; i -= 1) {
    const events = entries[i].events || [];
    const won = events.findIndex((e) => e.kind === "wins_game");
    if (won < 0) continue;
    const before = events.slice(0, won);
    const pegged = before.filter((e) => e.kind === "pegs").pop();
    if (!pegged) return null;
    const muggins = before.find((e) => e.kind === "muggins");
    const where = pegged.why === "muggins" && muggins ? MUGGINS[muggins.what] : WHERE[pegged.why];
    return { seat: pegged.seat, members: events[won].members, where: where || "play", score: pegged.score };
  }
  return null;
}

/** The end in a sentence: "Ann pegs out in the play, reaching 31: the hands are not counted" (C14). */
export function endingText(ending, seatName) {
  return t(`cribbage.ended.${ending.where}`, { name: seatName(ending.seat), n: num(ending.score) });
}

/** True when the game ended before the show began: the hands on the table were never counted. */
export function endedBeforeShow(ending) {
  return ending.where === "play" || ending.where === "starter";
}
