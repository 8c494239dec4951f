// @ts-check
// Cubulus's coach in words (js/coach.js asks the server): the bot's preferred move, the moves that
// win by force and the ones that lose by force (the others can make a square whatever the seat does, U15).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { actionLabel } from "./screen.js";

/** The suggested move, then the moves that win and that lose by force, in words. */
export function coachView(advice) {
  if (advice.kind !== "move") return null;
  const moves = Object.keys(advice.actions);
  const winning = moves.filter((a) => advice.actions[a].wins);
  const losing = moves.filter((a) => advice.actions[a].loses);
  const list = (items, kind) => h("ul", { class: `coach-moves ${kind}`, "data-testid": `coach-${kind}` },
    items.map((a) => h("li", { "data-action": a }, actionLabel(a))));
  return h("div", {},
    h("p", { class: "coach-best", "data-testid": "coach-best" }, t("coach.best", { action: actionLabel(advice.best) })),
    winning.length ? h("p", {}, t("cubulus.coach.wins", { n: winning.length })) : null,
    winning.length ? list(winning, "wins") : null,
    h("p", {}, losing.length ? t("cubulus.coach.loses", { n: losing.length, total: moves.length }) : t("cubulus.coach.noneLose")),
    losing.length ? h("details", {}, h("summary", {}, t("cubulus.coach.showLosing")), list(losing, "loses")) : null);
}
