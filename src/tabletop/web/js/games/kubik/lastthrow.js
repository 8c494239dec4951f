// @ts-check
// Kubik's "Last throw" box (screen.js keeps it): while a throw flies, only whose throw it is — never its
// outcome, nor an older throw's as if it were this one's; once it has landed, the face on top, big, what
// the throw did and the points it scored, and "Replay this throw" to watch its flight again. Drawn from
// what it shows (`box`), so a language change draws it again in the new words.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { dieSvg } from "../shared/die.js";
import { outcomeText, signed, whyText } from "./log.js";

/**
 * The box's contents. `box`: {flying: true, job, again} while `job` flies (`again`: a replay), or
 * {job, face} once it has landed (face 0: none yet, the cube crossing the border line, K19).
 * `who(seat)` names a player; `replay`: {onclick, disabled} when the throw's flight can be watched again.
 */
export function lastThrowParts(box, { who, replay = null }) {
  const heading = h("h3", {}, t("kubik.lastThrow"));
  const seat = box.job.outcome.seat;
  const name = seat === null || seat === undefined ? "" : who(seat);
  if (box.flying) {
    return [heading, h("div", { class: "kubik-outcome" }, h("p", { class: "outcome-text" },
      t(box.again ? "kubik.inReplay" : "kubik.inFlight", { name })))];
  }
  const { job, face } = box;
  return [heading,
    face ? h("div", { class: "kubik-face" }, dieSvg(face, t("kubik.top", { n: face })),
      h("span", { class: "face-number", "aria-hidden": "true" }, face)) : null,
    h("div", { class: "kubik-outcome" }, h("p", { class: "outcome-text" }, outcomeText(job.outcome)),
      job.points.map((e) => h("p", { class: "points" }, `${t("kubik.team", { team: e.team })} ${signed(e.points)}`
        + ` (${whyText(e)})`))),
    replay ? h("button", { type: "button", class: "replay-throw", "data-action": "replay-throw",
      "data-testid": "replay-throw", disabled: replay.disabled, onclick: replay.onclick }, t("kubik.replayThrow")) : null];
}

/** What a screen reader hears when a throw lands: what it did and the face on top. */
export function landedText(job, face) {
  const text = outcomeText(job.outcome);
  return face ? `${text}. ${t("kubik.top", { n: face })}` : text;
}
