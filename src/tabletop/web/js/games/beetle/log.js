// @ts-check
// Beetle's words for its events, in the reader's language (see describe.js for the shape of a line).
// Everything comes from the events the server sends with each entry (rules B5–B12, kinds in
// tabletop.games.beetle.events.EVENTS): a player's `roll`, then chance's face — `rolloff_rolled`
// (and `starts` or `rolloff_tie` when the round is complete) or `rolled` (and `part_drawn` or
// `nothing_drawn`, `beetle_finished`, `play_on`, `last_place`, `game_over`). A roll and its face make
// one line (visitor.js reads the log); what the face caused beyond the part are its notes. Nothing is
// replayed from notation.

import { t } from "../../i18n.js";
import { fallback, line, maybe, who } from "../../describe.js";

export const FACES = new Set(["rolled", "rolloff_rolled"]);

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A part's name on its own ("leg", "лапка"): a known part in the reader's language, a custom one as
 * its table spells it. `first` capitalises a translated name that starts a sentence. */
export function partName(name, first = false) {
  const text = maybe(`beetle.partName.${name}`, {}, null);
  if (text === null) return name;
  return first ? capital(text) : text;
}

/** A part as what is drawn or needed ("a leg", "лапку", "un picior"); a custom one as it is. */
export function partObject(name) {
  return maybe(`beetle.part.${name}`, {}, name);
}

/** The notes saying why a roll drew nothing (B4, B5, B10): one per part the face could have drawn. */
function reasons(event) {
  if (!event.reasons || !event.reasons.length) return [t("beetle.why.no_part", { face: event.face })];
  return event.reasons.map((r) => {
    const part = partName(r.part, true);
    if (r.why === "complete") {
      return t(r.needed === 1 ? "beetle.why.complete.one" : "beetle.why.complete", { part, needed: r.needed });
    }
    return t("beetle.why.needs", { part, missing: (r.missing || []).map(partObject).join(t("beetle.and")) });
  });
}

/** One event in a sentence, or null for a kind this log does not know (a newer server). */
export function eventText(event, ctx) {
  const name = event.seat === undefined ? "" : who(ctx, event.seat);
  const names = (event.members || []).map((s) => who(ctx, s)).join(", ");
  switch (event.kind) {
    case "roll": return t(event.rolloff ? "beetle.event.roll.rolloff" : "beetle.event.roll", { name });
    case "rolloff_rolled":
    case "rolled":
    case "nothing_drawn":
      return t(`beetle.event.${event.kind}`, { name, face: event.face });
    case "rolloff_tie": return t("beetle.event.rolloff_tie", { names, face: event.face });
    case "starts": return t("beetle.event.starts", { name, face: event.face });
    case "part_drawn":
      return t(event.needed === 1 ? "beetle.event.part_drawn.one" : "beetle.event.part_drawn",
        { name, face: event.face, part: partObject(event.part), have: event.have, needed: event.needed });
    case "beetle_finished":
    case "last_place":
      return t(`beetle.event.${event.kind}`, { name, place: event.place });
    case "play_on": return t("beetle.event.play_on", { names, place: event.place });
    case "game_over": {
      const places = event.places || [];
      if (places.length > 1) {
        const order = places.map((s, k) => `${k + 1}. ${who(ctx, s)}`).join(", ");
        return t("beetle.event.game_over.places", { places: order });
      }
      return t("beetle.event.game_over", { name: who(ctx, event.winner) });
    }
    default: return null;
  }
}

/** The line of a face (and the roll before it): the part drawn or the lost turn as its sentence,
 * else the face itself; everything else it caused as notes. */
export function faceLine(entries, events, ctx) {
  const main = events.find((e) => e.kind === "part_drawn" || e.kind === "nothing_drawn")
    || events.find((e) => e.action) || events[0];
  const notes = [];
  for (const event of events) {
    if (event === main) {
      if (event.kind === "nothing_drawn") notes.push(...reasons(event));
    } else if (!event.action) {
      const text = eventText(event, ctx);
      if (text) notes.push(text);
    }
  }
  return line(eventText(main, ctx) || fallback(entries[entries.length - 1], ctx), entries, notes);
}

/** A legal action in words for the table's list of legal moves: "Roll the die"; a face as its number. */
export function actionText(action) {
  if (action === "roll") return t("beetle.roll");
  return /^[1-6]$/.test(action) ? action : null;
}
