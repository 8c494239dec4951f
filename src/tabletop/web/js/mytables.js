// @ts-check
// "My tables" in the lobby: every table this browser holds a seat at (its seat tokens live in
// localStorage, api.js) — waiting, playing, finished — with Resume, and Resign or Abandon where the
// server offers them (the seat's `ways_out`, from its state), each confirmed once in place. The way
// out of the unfinished-tables limit: the refusal links here (#/mine). Signed in, it is "My games": the
// account's tables on any device (GET /api/account/games), those awaiting the player's move first, and the
// seats this browser holds outside the account, with an offer to add them to it.

import { accountApi, api, forgetTable, heldSeats, heldTables, tokensFor } from "./api.js";
import { claimSeats, forgetAccount, signedIn } from "./account.js";
import { h, fill, announce } from "./dom.js";
import { errorText } from "./errors.js";
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
    "mine.games": "My games",
    "mine.noGames": "No games yet: play one, and it is kept here on every device you sign in from.",
    "mine.accountHint": "Your games follow your account to every device where you sign in.",
    "mine.yourMove": "your move",
    "mine.invited": "you are invited",
    "mine.take": "Take your seat",
    "mine.unclaimed": { one: "This browser holds a seat at {n} table outside your account.", other: "This browser holds seats at {n} tables outside your account." },
    "mine.claim": "Add to my account",
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
    "mine.games": "Мои партии",
    "mine.noGames": "Партий пока нет: сыграйте, и партия будет здесь на любом устройстве, где вы войдёте.",
    "mine.accountHint": "Ваши партии доступны с любого устройства, где вы вошли в аккаунт.",
    "mine.yourMove": "ваш ход",
    "mine.invited": "вас пригласили",
    "mine.take": "Занять своё место",
    "mine.unclaimed": { one: "У этого браузера есть место за {n} столом вне вашего аккаунта.", few: "У этого браузера есть места за {n} столами вне вашего аккаунта.", many: "У этого браузера есть места за {n} столами вне вашего аккаунта.", other: "У этого браузера есть места за {n} столами вне вашего аккаунта." },
    "mine.claim": "Добавить в аккаунт",
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
    "mine.games": "Partidele mele",
    "mine.noGames": "Nicio partidă încă: joacă una și o găsești aici pe orice dispozitiv unde te autentifici.",
    "mine.accountHint": "Partidele tale te urmează pe orice dispozitiv unde te autentifici.",
    "mine.yourMove": "e rândul tău",
    "mine.invited": "ești invitat",
    "mine.take": "Ocupă-ți locul",
    "mine.unclaimed": { one: "Acest browser are un loc la {n} masă din afara contului tău.", few: "Acest browser are locuri la {n} mese din afara contului tău.", other: "Acest browser are locuri la {n} de mese din afara contului tău." },
    "mine.claim": "Adaugă în cont",
  },
};
addStrings("mine", { STRINGS });

const MOST = 40;  // tables asked about at once (each costs a request or two; the server limits a client's rate)
const ORDER = { playing: 0, open: 1, over: 2, abandoned: 3 };

const TRIED = "tabletop.claims.tried";

/** The tables whose seats this browser asked to add to an account (adding `more`): not offered again. */
function triedClaims(more = []) {
  let tried = [];
  try {
    tried = JSON.parse(localStorage.getItem(TRIED) || "[]");
  } catch {
    tried = [];
  }
  const all = new Set([...tried, ...more]);
  if (more.length) localStorage.setItem(TRIED, JSON.stringify([...all].slice(-200)));
  return all;
}

/** The panel: `element`, and `draw()` to (re)load it; `titles` names games. */
export function myTablesPanel(titles) {
  const element = h("section", { class: "tables my-tables", id: "my-tables", "aria-labelledby": "mine-h",
    "data-testid": "my-tables", tabindex: -1 });
  let rows = [];
  let unclaimed = [];  // signed in: the seats this browser holds at tables outside the account
  let asking = null;  // {id, kind}: the way out being confirmed

  /** A table's row: its lobby line, the seats that are mine there, and (live) what its state says. */
  async function row(id, info, mine) {
    const live = info.status === "open" || info.status === "playing";
    // the account's seats answer by its cookie; a browser's by the tokens it holds
    const state = live ? await api.state(id, Object.values(tokensFor(id))) : null;
    const seats = state && state.seat !== null ? [...new Set([...mine, state.seat])] : mine;
    return { id, info, mine: seats, ways: state ? state.ways_out : null,
      yourMove: Boolean(state && state.status === "playing" && seats.includes(state.to_move)) };
  }

  async function load() {
    const found = new Map();
    if (signedIn()) {
      try {
        const page = await accountApi.games("all", { limit: MOST });
        await Promise.all(page.tables.map(async (line) => {
          const made = await row(line.id, line, line.my_seats).catch(() => null);
          found.set(line.id, made && { ...made, invited: line.invited_seats || [] });
        }));
      } catch (error) {
        if (error.status === 401) forgetAccount();  // signed out elsewhere: this browser's seats only
      }
    }
    const held = heldTables().slice(-MOST).filter((id) => !found.has(id));
    await Promise.all(held.map(async (id) => {
      try {
        const info = await api.table(id);
        const mine = Object.keys(tokensFor(id)).filter((k) => /^\d+$/.test(k)).map(Number);
        found.set(id, await row(id, info, mine));
      } catch (error) {
        if (error.status === 404) forgetTable(id);  // a table the server no longer has
      }
    }));
    rows = [...found.values()].filter(Boolean).sort((a, b) => Number(b.yourMove) - Number(a.yourMove)
      || (ORDER[a.info.status] ?? 9) - (ORDER[b.info.status] ?? 9));
    const tried = triedClaims();
    const outside = new Set(held.filter((id) => found.has(id) && !tried.has(id)));
    unclaimed = signedIn() ? heldSeats().filter((seat) => outside.has(seat.table)) : [];
  }

  function draw() {
    const account = signedIn();
    const tables = new Set(unclaimed.map((seat) => seat.table)).size;
    fill(element, h("h2", { id: "mine-h" }, t(account ? "mine.games" : "mine.title")),
      rows.length ? h("ul", { class: "table-list" }, rows.map(line))
        : h("p", { class: "hint" }, t(account ? "mine.noGames" : "mine.none")),
      tables ? h("p", { class: "claim-offer", "data-testid": "claim-offer" }, t("mine.unclaimed", { n: tables }), " ",
        h("button", { type: "button", class: "small", "data-action": "claim", onclick: async () => {
          await claimSeats(unclaimed);
          triedClaims(unclaimed.map((seat) => seat.table));  // a seat another account holds is not offered again
          await load();
          draw();
        } }, t("mine.claim"))) : null,
      h("p", { class: "hint" }, t(account ? "mine.accountHint" : "mine.hint")));
  }

  function line({ id, info, ways, mine, yourMove, invited = [] }) {
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
    } else if (live && invited.length && !mine.length) {  // a seat addressed to this account: one click takes it
      buttons.push(h("button", { type: "button", class: "primary", "data-action": "take-invited", onclick: async () => {
        try {
          await api.join(id, "", invited[0]);  // (named as the account is)
          location.hash = `#/table/${id}`;
        } catch (error) {
          announce(errorText(error) || error.message);
        }
      } }, t("mine.take")));
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
      if (Object.keys(tokensFor(id)).length) {  // (an account's finished games stay in its list)
        buttons.push(h("button", { type: "button", class: "small", "data-action": "forget",
          onclick: () => { forgetTable(id); rows = rows.filter((row) => row.id !== id); draw(); } }, t("mine.forget")));
      }
    }
    const others = info.seats.filter((seat) => !mine.includes(seat.seat)).map((seat) => seatName(info.seats, seat.seat));
    return h("li", { "data-table": id, "data-status": info.status, "data-your-move": yourMove ? "true" : null },
      h("span", { class: "summary" }, h("strong", {}, titles[info.game] || info.game), SEP,
      invited.length && !mine.length ? h("span", { class: "status open" }, t("mine.invited"))
        : yourMove ? h("span", { class: "status your-move", "data-testid": "your-move" }, t("mine.yourMove"))
        : h("span", { class: `status ${info.status}` }, t(`status.${info.status}`)),
      others.length ? [SEP, others.join(", ")] : null),
    h("span", { class: "buttons" }, buttons));
  }

  async function end(id, kind) {
    asking = null;
    try {
      const answer = await api.end(id, kind, Object.values(tokensFor(id)));  // (an account's seats: its cookie)
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
    /** The tables the last load found mine (the lobby offers Resume at them, not Join). */
    ids: () => new Set(rows.map((row) => row.id)),
    async draw() {
      await load();
      draw();
    },
    relabel: draw,
  };
}
