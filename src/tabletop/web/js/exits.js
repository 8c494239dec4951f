// @ts-check
// Ways out of a table: Resign, Abandon and Leave, each offered exactly when the server says it will
// accept it (every state's `ways_out`: "now", "ask" — the others must agree — or null), each asking
// once "are you sure?" in place (no browser dialog), and a request from another player to resign our
// side or to abandon the game, answered here. The bar is sticky at the bottom of the screen while a
// request waits, so a player scrolled down to their hand sees it. The server's rules:
// tabletop/server/endings.py.

import { h, fill, announce } from "./dom.js";
import { addStrings, t } from "./i18n.js";

export const STRINGS = {
  en: {
    "exits.ended.resigned": "{names} resigned.",
    "exits.ended.timed_out": "{names} ran out of time.",
    "exits.ended.claimed": "{names} claimed the win after the others left.",
    "exits.title": "Leave the table",
    "exits.resign": "Resign",
    "exits.abandon": "Abandon",
    "exits.leave": "Leave",
    "exits.resign.now": "Resign this game? Your side loses.",
    "exits.resign.ask": "Resign this game? Your partner must agree; your side loses.",
    "exits.abandon.now": "Abandon this game? It ends without a result.",
    "exits.abandon.ask": "Ask the other players to abandon this game? It ends without a result if they all agree.",
    "exits.abandon.open": "Close this table? Nobody has started playing yet.",
    "exits.leave.now": "Leave this game? A bot plays your seat from now on.",
    "exits.leave.open": "Leave this table? Your seat becomes free again.",
    "exits.confirm.resign": "Yes, resign",
    "exits.confirm.abandon": "Yes, abandon",
    "exits.confirm.leave": "Yes, leave",
    "exits.cancel": "Cancel",
    "exits.asked.resign": "{name} asks to resign the game for your side.",
    "exits.asked.abandon": "{name} asks to abandon the game without a result.",
    "exits.waiting.resign": "Waiting for your partner to agree to resign…",
    "exits.waiting.abandon": "Waiting for the other players to agree to abandon…",
    "exits.agree": "Agree",
    "exits.refuse": "Refuse",
  },
  ru: {
    "exits.ended.resigned": "{names}: сдался.",
    "exits.ended.timed_out": "{names}: время вышло.",
    "exits.ended.claimed": "{names}: победа, соперники ушли.",
    "exits.title": "Выйти из-за стола",
    "exits.resign": "Сдаться",
    "exits.abandon": "Прервать",
    "exits.leave": "Уйти",
    "exits.resign.now": "Сдаться? Ваша сторона проиграет.",
    "exits.resign.ask": "Сдаться? Нужно согласие партнёра; ваша сторона проиграет.",
    "exits.abandon.now": "Прервать игру? Она закончится без результата.",
    "exits.abandon.ask": "Предложить остальным прервать игру? Если все согласятся, она закончится без результата.",
    "exits.abandon.open": "Закрыть стол? Игра ещё не началась.",
    "exits.leave.now": "Уйти из игры? Дальше за вас сыграет бот.",
    "exits.leave.open": "Уйти из-за стола? Ваше место снова станет свободным.",
    "exits.confirm.resign": "Да, сдаюсь",
    "exits.confirm.abandon": "Да, прервать",
    "exits.confirm.leave": "Да, уйти",
    "exits.cancel": "Отмена",
    "exits.asked.resign": "{name} предлагает сдаться за вашу сторону.",
    "exits.asked.abandon": "{name} предлагает прервать игру без результата.",
    "exits.waiting.resign": "Ждём согласия партнёра сдаться…",
    "exits.waiting.abandon": "Ждём согласия остальных прервать игру…",
    "exits.agree": "Согласиться",
    "exits.refuse": "Отказать",
  },
  ro: {
    "exits.ended.resigned": "{names} a cedat.",
    "exits.ended.timed_out": "{names}: timpul a expirat.",
    "exits.ended.claimed": "{names} a revendicat victoria după plecarea celorlalți.",
    "exits.title": "Pleacă de la masă",
    "exits.resign": "Cedează",
    "exits.abandon": "Abandonează",
    "exits.leave": "Pleacă",
    "exits.resign.now": "Cedezi partida? Partea ta pierde.",
    "exits.resign.ask": "Cedezi partida? Partenerul trebuie să fie de acord; partea ta pierde.",
    "exits.abandon.now": "Abandonezi partida? Se încheie fără rezultat.",
    "exits.abandon.ask": "Le propui celorlalți să abandonați partida? Se încheie fără rezultat dacă toți sunt de acord.",
    "exits.abandon.open": "Închizi masa? Nimeni n-a început încă să joace.",
    "exits.leave.now": "Pleci din partidă? De acum joacă un bot în locul tău.",
    "exits.leave.open": "Pleci de la masă? Locul tău devine din nou liber.",
    "exits.confirm.resign": "Da, cedez",
    "exits.confirm.abandon": "Da, abandonez",
    "exits.confirm.leave": "Da, plec",
    "exits.cancel": "Renunță",
    "exits.asked.resign": "{name} propune să cedați partida pentru partea voastră.",
    "exits.asked.abandon": "{name} propune să abandonați partida fără rezultat.",
    "exits.waiting.resign": "Se așteaptă acordul partenerului de a ceda…",
    "exits.waiting.abandon": "Se așteaptă acordul celorlalți de a abandona…",
    "exits.agree": "De acord",
    "exits.refuse": "Refuz",
  },
};
addStrings("exits", { STRINGS });

const KINDS = ["resign", "abandon", "leave"];

/** How a game a person ended ended, in words ("Ann resigned."); "" for one played to its end or abandoned. */
export function endingText(result, seatName) {
  const ending = result && result.ending;
  if (!ending || !["resigned", "timed_out", "claimed"].includes(ending.cause)) return "";
  return t(`exits.ended.${ending.cause}`, { names: (ending.seats || []).map(seatName).join(", ") });
}

/**
 * The ways-out controls of a table: `element` (the buttons, or the one confirmation being asked),
 * `requests` (another player's request to end, to answer; sticky), and `update(state)` after each
 * state shown. `send(message)` sends a socket message; `seatName(seat)` names a seat; `mine(seat)`
 * says whether this screen holds it; `left()` runs after leaving (the seat is no longer ours).
 */
export function exitsPanel({ send, seatName, mine, left }) {
  const element = h("div", { class: "exits", role: "group", "data-testid": "exits" });
  const requests = h("div", { class: "exit-requests", "aria-live": "polite", "data-testid": "exit-requests" });
  let asking = null;  // the kind being confirmed now
  let last = null;

  function confirmKey(kind, way, status) {
    if (status === "open") return `exits.${kind}.open`;
    return `exits.${kind}.${way}`;
  }

  function draw() {
    const ways = (last && last.ways_out) || {};
    const offered = KINDS.filter((kind) => ways[kind]);
    if (asking && !ways[asking]) asking = null;  // no longer possible (the game ended, a seat changed)
    if (!offered.length) {
      fill(element);
      element.hidden = true;
    } else if (asking) {
      element.hidden = false;
      fill(element, h("p", { class: "exit-question", id: "exit-question" }, t(confirmKey(asking, ways[asking], last.status))),
        h("button", { type: "button", class: asking === "leave" ? "primary" : "danger", "data-action": `confirm-${asking}`,
          "aria-describedby": "exit-question",
          onclick: () => {
            const kind = asking;
            asking = null;
            if (kind === "leave") left();
            else send({ type: kind, seat: ways.seat });
            draw();
          } }, t(`exits.confirm.${asking}`)), " ",
        h("button", { type: "button", "data-action": "cancel-exit", onclick: () => { asking = null; draw(); } },
          t("exits.cancel")));
    } else {
      element.hidden = false;
      fill(element, offered.map((kind) => h("button", { type: "button", class: "small", "data-action": kind,
        onclick: () => {
          asking = kind;
          draw();
          element.querySelector("button")?.focus();  // the question's answer, for a keyboard player
        } }, t(`exits.${kind}`))));
    }
    drawRequests();
  }

  function drawRequests() {
    const pending = last && last.proposal;
    if (!pending || !last || last.status !== "playing") {
      fill(requests);
      requests.hidden = true;
      return;
    }
    requests.hidden = false;
    const answering = (pending.waiting || []).filter((s) => mine(s) && !(pending.agreed || []).includes(s));
    if (mine(pending.seat)) {
      fill(requests, h("p", { class: "banner" }, t(`exits.waiting.${pending.kind}`)));
    } else if (answering.length) {
      const seat = answering[0];
      const text = t(`exits.asked.${pending.kind}`, { name: seatName(pending.seat) });
      fill(requests, h("p", { class: "banner" }, text, " ",
        h("button", { type: "button", class: "primary", "data-action": "agree-end",
          onclick: () => send({ type: "agree_end", seat }) }, t("exits.agree")), " ",
        h("button", { type: "button", "data-action": "refuse-end",
          onclick: () => send({ type: "refuse_end", seat }) }, t("exits.refuse"))));
      if (requests.dataset.move !== String(pending.move)) announce(text);
    } else {
      fill(requests, h("p", { class: "banner" }, t(`exits.asked.${pending.kind}`, { name: seatName(pending.seat) })));
    }
    requests.dataset.move = String(pending.move);
  }

  return {
    element,
    requests,
    update(state) {
      last = state;
      draw();
    },
    relabel: draw,
  };
}
