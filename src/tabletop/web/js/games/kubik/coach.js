// @ts-check
// Kubik's coach in words (js/coach.js asks the server): for each line and aim, the best throw of its
// positions, powers and spins with its chance to score (the cube leaves the circle, K7) and to win;
// before a throw, what standing to intercept gains, and at a crossing what striking gains (K19).

import { h } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";
import { coachTable, figure } from "../../coach.js";
import { actionText } from "./log.js";

/** The advice as a table: a row per line and aim, or the interception choices with their gain. */
export function coachView(advice, view = null, ctx = null) {
  if (advice.kind === "throw") {
    const columns = [{ title: t("kubik.coach.score"), value: (f) => figure(f.score, "chance") }];
    if (advice.measure === "win") columns.push({ title: t("kubik.coach.win"), value: (f) => figure(f.win, "chance") });
    else columns.push({ title: t("kubik.coach.points"), value: (f) => figure(f.points, "points") });
    return h("div", {},
      h("p", { class: "coach-best", "data-testid": "coach-best" }, t("coach.best", { action: actionText(advice.best, view, ctx) || advice.best })),
      h("div", { class: "coach-scroll" }, coachTable(advice, {
        label: (action) => {
          const f = advice.actions[action];
          return t("kubik.coach.lineAim", { line: "AB"[f.line], aim: formatNumber(f.aim, { sign: true }) });
        },
        columns,
      })));
  }
  return coachTable(advice, { label: (action) => actionText(action, view, ctx) || action,
    columns: [{ title: t("kubik.coach.gain"), value: (f) => figure(f.gain, advice.unit) }] });
}
