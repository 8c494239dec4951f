// The replay of a finished game: step through GET /api/tables/{id}/replay/{n}, seeing the position
// through any seat's eyes, drawn by the game's own screen (with the record's actions as the log).

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { gameTitle } from "./lobby.js";
import { gameModule } from "./games/index.js";
import { resultText, seatName } from "./table.js";
import { describeLog } from "./describe.js";

export function renderReplay(root, tableId) {
  let alive = true;
  let info = null;
  let actions = [];
  let n = 0;
  let seat = 0;
  let data = null;
  let screen = null;
  let request = 0;

  const title = h("h2", {});
  const controls = h("div", { class: "replay-controls buttons", role: "toolbar", "aria-label": t("replay.title") });
  const position = h("p", { "aria-live": "polite", "data-testid": "replay-position" });
  const result = h("p", { class: "banner result", hidden: true });
  const board = h("div", { class: "board", "data-testid": "board" });
  const logList = h("ol", { class: "log" });
  const logBox = h("section", {}, h("h3", {}, t("table.log")), logList);
  fill(root, h("div", { class: "table-screen replay" }, title, controls, position, result,
    h("div", { class: "table-body" }, board, h("aside", { class: "side" }, logBox))));

  const ctx = {
    act() {},
    tableId,
    isMine: () => false,
    seatName: (s) => seatName(info && info.seats, s),
    options: () => (info ? info.options : {}),
    replay: true,
  };

  function message() {
    const over = n === actions.length;
    return {
      type: "state", table: tableId, status: over ? info.status : "playing", move: n, seat,
      to_move: data.to_move, view: data.views[seat], legal: [], log: data.log.map((entry) => entry.action), entries: data.log, text: data.text,
      seats: info.seats, undo: null, clock: null, result: over ? info.result : null,
    };
  }

  async function go(target) {
    n = Math.max(0, Math.min(actions.length, target));
    const mine = ++request;
    const answer = await api.replay(tableId, n);
    if (!alive || mine !== request) return;
    data = answer;
    draw();
  }

  function draw() {
    if (!info || !data) return;
    title.textContent = `${t("replay.title")}: ${gameTitle(info.game)}`;
    const seats = info.seats.map((s) => s.seat);
    fill(controls,
      h("button", { type: "button", "data-action": "first", onclick: () => go(0) }, "⏮ ", t("replay.first")),
      h("button", { type: "button", "data-action": "prev", onclick: () => go(n - 1) }, "◀ ", t("replay.prev")),
      h("input", { type: "range", min: 0, max: actions.length, value: n, "aria-label": t("replay.position",
        { n, m: actions.length }), onchange: (e) => go(Number(e.target.value)) }),
      h("button", { type: "button", "data-action": "next", onclick: () => go(n + 1) }, t("replay.next"), " ▶"),
      h("button", { type: "button", "data-action": "last", onclick: () => go(actions.length) }, t("replay.last"), " ⏭"),
      h("label", {}, t("replay.seatView"), " ",
        h("select", { onchange: (e) => { seat = Number(e.target.value); draw(); } },
          seats.map((s) => h("option", { value: s, selected: s === seat }, seatName(info.seats, s))))));
    position.textContent = `${t("replay.position", { n, m: actions.length })}` +
      (data.action ? ` · ${t("replay.action", { action: data.action })}` : "");
    const msg = message();
    result.hidden = n !== actions.length;
    result.textContent = n === actions.length ? resultText(msg, info.game) : "";
    const lines = describeLog(info.game, data.log, {  // in sentences, as at the table; notation on hover
      seatName: (s) => seatName(info.seats, s), players: info.seats.length, view: data.views[seat], viewer: seat,
    });
    fill(logList, lines.map((line) => h("li", { title: line.actions.join(" · "), "data-seat": line.seat },
      line.text, line.notes.map((note) => h("span", { class: "note" }, note)))));
    logList.scrollTop = logList.scrollHeight;
    if (!screen && gameModule(info.game)) screen = gameModule(info.game).screen(board, ctx);
    if (screen) screen.update(msg);
  }

  function onKey(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") go(n - 1);
    else if (event.key === "ArrowRight") go(n + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(actions.length);
  }
  document.addEventListener("keydown", onKey);

  // the first load, tried again if the server does not answer in time (a busy server, a lost request)
  async function load(attempt = 0) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 6000);
    try {
      const [table, record] = await Promise.all([
        fetch(`/api/tables/${tableId}`, { signal: abort.signal }).then((r) => r.json()),
        fetch(`/api/tables/${tableId}/record`, { signal: abort.signal }).then((r) => r.json())]);
      if (record.actions === undefined) throw new Error(record.detail || "no record");
      info = table;
      actions = record.actions;
      await go(actions.length);
    } catch (error) {
      if (!alive) return;
      if (error.name === "AbortError" && attempt < 3) {
        load(attempt + 1);
        return;
      }
      fill(root, h("p", { class: "banner error", role: "alert" }, t("common.error", { reason: error.message })));
    } finally {
      clearTimeout(timer);
    }
  }
  load();

  return {
    destroy() {
      alive = false;
      document.removeEventListener("keydown", onKey);
      if (screen && screen.destroy) screen.destroy();
    },
    relabel: draw,
  };
}
