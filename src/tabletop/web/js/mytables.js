// @ts-check
// "My tables" in the lobby: every table this browser holds a seat at (its seat tokens live in
// localStorage, api.js) — waiting, playing, finished — with Resume, and Resign or Abandon where the
// server offers them (the seat's `ways_out`, from its state), each confirmed once in place. The way
// out of the unfinished-tables limit: the refusal links here (#/mine).

import { api, forgetTable, heldTables, tokensFor } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { seatName } from "./table.js";

export const STRINGS = {
  en: {
    "mine.title": "My tables",
    "mine.none": "You hold no seat at any table in this browser yet.",
    "mine.hint": "Seats live in this browser: another browser or device does not know them.",
    "mine.resume": "Resume",
    "mine.replay": "Replay",
    "mine.forget": "Forget",
    "mine.asked": "Asked: the others decide.",
    "mine.gone": "This table no longer exists.",
  },
  ru: {
    "mine.title": "Мои столы",
    "mine.none": "В этом браузере у вас пока нет мест ни за одним столом.",
    "mine.hint": "Места хранятся в этом браузере: другой браузер или устройство о них не знает.",
    "mine.resume": "Продолжить",
    "mine.replay": "Повтор",
    "mine.forget": "Забыть",
    "mine.asked": "Предложено: решают остальные.",
    "mine.gone": "Этого стола больше нет.",
  },
  ro: {
    "mine.title": "Mesele mele",
    "mine.none": "În acest browser nu ai încă niciun loc la vreo masă.",
    "mine.hint": "Locurile sunt ținute în acest browser: alt browser sau alt dispozitiv nu le știe.",
    "mine.resume": "Continuă",
    "mine.replay": "Reluare",
    "mine.forget": "Uită",
    "mine.asked": "Propus: decid ceilalți.",
    "mine.gone": "Masa aceasta nu mai există.",
  },
};
addStrings("mine", { STRINGS });

const MOST = 40;  // tables asked about at once (each costs a request or two; the server limits a client's rate)
const ORDER = { playing: 0, open: 1, over: 2, abandoned: 3 };

/** The panel: `element`, and `draw()` to (re)load it; `titles` names games. */
export function myTablesPanel(titles) {
  const element = h("section", { class: "tables my-tables", id: "my-tables", "aria-labelledby": "mine-h",
    "data-testid": "my-tables", tabindex: -1 });
  let rows = [];
  let asking = null;  // {id, kind}: the way out being confirmed

  async function load() {
    const ids = heldTables().slice(-MOST);
    const found = await Promise.all(ids.map(async (id) => {
      const tokens = Object.values(tokensFor(id));
      try {
        const info = await api.table(id);
        const live = info.status === "open" || info.status === "playing";
        const state = live ? await api.state(id, tokens) : null;
        return { id, info, ways: state ? state.ways_out : null };
      } catch (error) {
        if (error.status === 404) forgetTable(id);  // a table the server no longer has
        return null;
      }
    }));
    rows = found.filter(Boolean).sort((a, b) => (ORDER[a.info.status] ?? 9) - (ORDER[b.info.status] ?? 9));
  }

  function draw() {
    fill(element, h("h2", { id: "mine-h" }, t("mine.title")),
      rows.length ? h("ul", { class: "table-list" }, rows.map(line)) : h("p", { class: "hint" }, t("mine.none")),
      h("p", { class: "hint" }, t("mine.hint")));
  }

  function line({ id, info, ways }) {
    const SEP = "\u00a0· ";
    const buttons = [];
    const live = info.status === "open" || info.status === "playing";
    if (asking && asking.id === id) {
      const kind = asking.kind;
      const question = h("span", { class: "exit-question" }, t(info.status === "open" && kind === "abandon"
        ? "exits.abandon.open" : `exits.${kind}.${ways[kind]}`));
      buttons.push(question, h("button", { type: "button", class: "danger", "data-action": `confirm-${kind}`,
        onclick: () => end(id, kind) }, t(`exits.confirm.${kind}`)),
      h("button", { type: "button", "data-action": "cancel-exit", onclick: () => { asking = null; draw(); } },
        t("exits.cancel")));
    } else if (live) {
      buttons.push(h("a", { class: "button primary", href: `#/table/${id}`, "data-action": "resume" }, t("mine.resume")));
      for (const kind of ["resign", "abandon"]) {
        if (ways && ways[kind]) {
          buttons.push(h("button", { type: "button", class: "small", "data-action": kind,
            onclick: () => { asking = { id, kind }; draw(); element.querySelector(`[data-table="${id}"] button`)?.focus(); } },
          t(`exits.${kind}`)));
        }
      }
    } else {
      if (info.status === "over") buttons.push(h("a", { class: "button", href: `#/replay/${id}` }, t("mine.replay")));
      buttons.push(h("button", { type: "button", class: "small", "data-action": "forget",
        onclick: () => { forgetTable(id); rows = rows.filter((row) => row.id !== id); draw(); } }, t("mine.forget")));
    }
    const others = info.seats.filter((seat) => !(String(seat.seat) in tokensFor(id)))
      .map((seat) => seatName(info.seats, seat.seat));
    return h("li", { "data-table": id, "data-status": info.status }, h("span", { class: "summary" },
      h("strong", {}, titles[info.game] || info.game), SEP,
      h("span", { class: `status ${info.status}` }, t(`status.${info.status}`)),
      others.length ? [SEP, others.join(", ")] : null),
    h("span", { class: "buttons" }, buttons));
  }

  async function end(id, kind) {
    asking = null;
    try {
      const answer = await api.end(id, kind, Object.values(tokensFor(id)));
      if (answer.proposal) announce(t("mine.asked"));
    } catch (error) {
      announce(error.message);
    }
    await load();
    draw();
  }

  return {
    element,
    titles,
    async draw() {
      await load();
      draw();
    },
    relabel: draw,
  };
}
