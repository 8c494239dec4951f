// @ts-check
// Beetle's coach: a roll is the only choice (B5), so the advice is the live exact odds (B6) — the seat's
// own chance on its roll; the screen's odds panel shows every seat's.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { figure } from "../../coach.js";

/** The seat's chance of winning, in a sentence. */
export function coachView(advice) {
  return h("p", { class: "coach-best", "data-testid": "coach-best" },
    t("beetle.coach.chance", { chance: figure(advice.actions.roll?.win ?? 0, "chance") }));
}
