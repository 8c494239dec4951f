// @ts-check
// Cribbage's coach in words (js/coach.js asks the server): every discard's expected hand and crib
// (the crib counted for the seat's side when it is theirs, against it otherwise: C5, C13), and in
// the play each card's value — its mean points margin over the rest of the play (C8–C12).

import { h } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";
import { coachTable, figure } from "../../coach.js";
import { cardText } from "./log.js";

/** The advice as a table: discards with hand, crib and net; pegging cards with their value. */
export function coachView(advice) {
  const points = (v) => formatNumber(v, { digits: 2 });
  if (advice.kind === "discard") {
    return h("div", {},
      h("p", { class: "hint" }, t("cribbage.coach.discardHint")),
      coachTable(advice, {
        label: (action) => action.split(" ").slice(1).map(cardText).join(" "),
        columns: [
          { title: t("cribbage.coach.hand"), value: (f) => points(f.hand) },
          { title: t("cribbage.coach.crib"), value: (f) => `${f.own_crib ? "+" : "\u2212"}${points(f.crib)}` },
          { title: t("cribbage.coach.net"), value: (f) => figure(f.net, "points") },
        ],
      }));
  }
  if (advice.kind === "play") {
    return h("div", {},
      h("p", { class: "hint" }, t("cribbage.coach.playHint")),
      coachTable(advice, { label: cardText, columns: [{ title: t("cribbage.coach.value"), value: (f) => figure(f.value, "points") }] }));
  }
  return null;
}
