// @ts-check
// Ways out of a table: Resign, Abandon and Leave, each offered exactly when the server says it will
// accept it (every state's `ways_out`: "now", "ask" — the others must agree — or null), each asking
// once "are you sure?" in place (no browser dialog), and a request from another player to resign our
// side or to abandon the game, answered here. The bar is sticky at the bottom of the screen while a
// request waits, so a player scrolled down to their hand sees it. When the others' connections are gone
// (`ways_out.gone`), the bar says so and counts the reconnect window down ("Bob left · you may claim the
// win in 0:42"); after it, Claim the win, End without a result and, at a team table, Let a bot play for
// them, each confirmed once in place too. The server's rules: tabletop/server/endings.py.

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
    "exits.gone.wait.claim": "{names} left · you may claim the win in {time}",
    "exits.gone.wait": "{names} left · you may go on without them in {time}",
    "exits.gone.ready": "{names} left and did not come back.",
    "exits.gone.clock": "{names} left · their clock keeps running.",
    "exits.claim": "Claim the win",
    "exits.end_gone": "End without a result",
    "exits.bot_for_gone": "Let a bot play for {names}",
    "exits.claim.now": "Claim the win? The game ends and your side wins.",
    "exits.end_gone.now": "End the game without a result? Nobody wins or loses.",
    "exits.bot_for_gone.now": "Let a bot play for {names} until the end of the game?",
    "exits.confirm.claim": "Yes, claim the win",
    "exits.confirm.end_gone": "Yes, end it",
    "exits.confirm.bot_for_gone": "Yes, let a bot play",
    "exits.ended.left": "{names} left.",
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
    "exits.gone.wait.claim": "{names}: соединение потеряно · забрать победу можно будет через {time}",
    "exits.gone.wait": "{names}: соединение потеряно · продолжить без ушедших можно будет через {time}",
    "exits.gone.ready": "{names}: соединение так и не восстановилось.",
    "exits.gone.clock": "{names}: соединение потеряно · часы продолжают идти.",
    "exits.claim": "Забрать победу",
    "exits.end_gone": "Закончить без результата",
    "exits.bot_for_gone": "Пусть за {names} играет бот",
    "exits.claim.now": "Забрать победу? Игра закончится, ваша сторона победит.",
    "exits.end_gone.now": "Закончить игру без результата? Никто не выиграет и не проиграет.",
    "exits.bot_for_gone.now": "Пусть за {names} до конца игры играет бот?",
    "exits.confirm.claim": "Да, забрать победу",
    "exits.confirm.end_gone": "Да, закончить",
    "exits.confirm.bot_for_gone": "Да, пусть играет бот",
    "exits.ended.left": "{names}: соединение потеряно.",
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
    "exits.leave.now": "Pleci din partidă? De acum joacă un robot în locul tău.",
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
    "exits.gone.wait.claim": "{names}: conexiune pierdută · poți revendica victoria peste {time}",
    "exits.gone.wait": "{names}: conexiune pierdută · peste {time} poți decide cum continuă partida",
    "exits.gone.ready": "{names}: conexiunea nu a revenit.",
    "exits.gone.clock": "{names}: conexiune pierdută · ceasul merge mai departe.",
    "exits.claim": "Revendică victoria",
    "exits.end_gone": "Încheie fără rezultat",
    "exits.bot_for_gone": "Lasă un robot să joace pentru {names}",
    "exits.claim.now": "Revendici victoria? Partida se încheie, iar partea ta câștigă.",
    "exits.end_gone.now": "Închei partida fără rezultat? Nimeni nu câștigă și nimeni nu pierde.",
    "exits.bot_for_gone.now": "Lași un robot să joace pentru {names} până la sfârșitul partidei?",
    "exits.confirm.claim": "Da, revendic",
    "exits.confirm.end_gone": "Da, închei",
    "exits.confirm.bot_for_gone": "Da, lasă robotul",
    "exits.ended.left": "{names}: a părăsit partida.",
  },
};
addStrings("exits", { STRINGS });

const KINDS = ["resign", "abandon", "leave"];
const GONE_WAYS = ["claim", "end_gone", "bot_for_gone"];

/** "0:42": seconds as minutes and seconds. */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** How a game a person ended ended, in words ("Ann resigned."); "" for one played to its end or abandoned. */
export function endingText(result, seatName) {
  const ending = result && result.ending;
  if (!ending || !["resigned", "timed_out", "claimed"].includes(ending.cause)) return "";
  return t(`exits.ended.${ending.cause}`, { names: (ending.seats || []).map(seatName).join(", ") });
}

/** Who left a game ended without a result after they went away ("Bob left."; the result's `left`), or "". */
export function leftText(result, seatName) {
  const left = (result && result.left) || [];
  return left.length ? t("exits.ended.left", { names: left.map(seatName).join(", ") }) : "";
}

/**
 * The ways-out controls of a table: `element` (the buttons, or the one confirmation being asked),
 * `requests` (another player's request to end, to answer; sticky), and `update(state)` after each
 * state shown. `send(message)` sends a socket message; `seatName(seat)` names a seat; `mine(seat)`
 * says whether this screen holds it; `left()` runs after leaving (the seat is no longer ours).
 */
export function exitsPanel({ send, seatName, mine, left }) {
  const element = h("div", { class: "exits", role: "group", "data-testid": "exits" });
  const proposal = h("div", { class: "exit-proposal", "aria-live": "polite" });
  // (not a live region: its countdown would be read out every second; what changes is announced once)
  const goneBox = h("div", { class: "gone", "data-testid": "gone" });
  const requests = h("div", { class: "exit-requests", "data-testid": "exit-requests" }, proposal, goneBox);
  let asking = null;  // the kind being confirmed now
  let goneAsking = null;  // the way on without the gone being confirmed now
  let last = null;
  let due = null;  // when, by this browser's clock, the reconnect window ends
  let ticking = null;  // the countdown's timer
  let told = "";  // what was last announced of the gone (a screen reader hears each change once)

  function confirmKey(kind, way, status) {
    if (status === "open") return `exits.${kind}.open`;
    return `exits.${kind}.${way}`;
  }

  function draw() {
    const ways = (last && last.ways_out) || {};
    // once the others are gone for good, abandoning ends the game at once (End without a result): the plain
    // request would wait for an answer they cannot give
    const offered = KINDS.filter((kind) => ways[kind] && !(kind === "abandon" && ways.end_gone));
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
    drawGone();
    requests.hidden = proposal.hidden && goneBox.hidden;
  }

  function goneNames(gone) {
    return gone.seats.map(seatName).join(", ");
  }

  function drawGone() {
    const ways = (last && last.ways_out) || {};
    const gone = last && last.status === "playing" ? ways.gone : null;
    if (!gone || !gone.seats || !gone.seats.length) {
      stopTicking();
      goneAsking = null;
      told = "";
      fill(goneBox);
      goneBox.hidden = true;
      return;
    }
    goneBox.hidden = false;
    const names = goneNames(gone);
    const ready = GONE_WAYS.filter((kind) => ways[kind]);
    const news = !gone.claimable_at ? t("exits.gone.clock", { names })
      : ready.length ? t("exits.gone.ready", { names }) : countdownText(gone, names);
    const state = `${gone.seats}|${Boolean(gone.claimable_at)}|${ready}`;
    if (state !== told) announce(news);
    told = state;
    if (goneAsking && !ways[goneAsking]) goneAsking = null;
    if (!gone.claimable_at) {  // a clocked table: the clock decides
      stopTicking();
      fill(goneBox, h("p", { class: "banner" }, t("exits.gone.clock", { names })));
    } else if (!ready.length) {
      fill(goneBox, h("p", { class: "banner", "data-testid": "gone-countdown" }, countdownText(gone, names)));
      startTicking();
    } else if (goneAsking) {
      stopTicking();
      const kind = goneAsking;
      fill(goneBox, h("div", { class: "banner gone-ways" },
        h("p", { class: "exit-question", id: "gone-question" }, t(`exits.${kind}.now`, { names })),
        h("button", { type: "button", class: kind === "bot_for_gone" ? "primary" : "danger",
          "data-action": `confirm-${kind}`, "aria-describedby": "gone-question",
          onclick: () => {
            goneAsking = null;
            send({ type: kind, seat: ways.seat });
            draw();
          } }, t(`exits.confirm.${kind}`)), " ",
        h("button", { type: "button", "data-action": "cancel-gone", onclick: () => { goneAsking = null; draw(); } },
          t("exits.cancel"))));
    } else {
      stopTicking();
      fill(goneBox, h("div", { class: "banner gone-ways" },
        h("p", { class: "gone-line" }, t("exits.gone.ready", { names })),
        ready.map((kind) => h("button", { type: "button", class: kind === "claim" ? "primary" : "",
          "data-action": kind,
          onclick: () => {
            goneAsking = kind;
            draw();
            goneBox.querySelector("button")?.focus();  // the question's answer, for a keyboard player
          } }, t(`exits.${kind}`, { names })))));
    }
  }

  function countdownText(gone, names) {
    const key = (gone.then || []).includes("claim") ? "exits.gone.wait.claim" : "exits.gone.wait";
    return t(key, { names, time: clockText(due === null ? 0 : (due - Date.now()) / 1000) });
  }

  function startTicking() {
    if (ticking !== null) return;
    ticking = setInterval(() => {  // the server sends the ways on once the window has ended
      const gone = last && last.ways_out && last.ways_out.gone;
      const line = goneBox.querySelector("[data-testid=gone-countdown]");
      if (!gone || !line || !goneBox.isConnected) { stopTicking(); return; }
      line.textContent = countdownText(gone, goneNames(gone));
    }, 1000);
  }

  function stopTicking() {
    if (ticking !== null) clearInterval(ticking);
    ticking = null;
  }

  function drawRequests() {
    const pending = last && last.proposal;
    if (!pending || !last || last.status !== "playing") {
      fill(proposal);
      proposal.hidden = true;
      return;
    }
    proposal.hidden = false;
    const answering = (pending.waiting || []).filter((s) => mine(s) && !(pending.agreed || []).includes(s));
    if (mine(pending.seat)) {
      fill(proposal, h("p", { class: "banner" }, t(`exits.waiting.${pending.kind}`)));
    } else if (answering.length) {
      const seat = answering[0];
      const text = t(`exits.asked.${pending.kind}`, { name: seatName(pending.seat) });
      fill(proposal, h("p", { class: "banner" }, text, " ",
        h("button", { type: "button", class: "primary", "data-action": "agree-end",
          onclick: () => send({ type: "agree_end", seat }) }, t("exits.agree")), " ",
        h("button", { type: "button", "data-action": "refuse-end",
          onclick: () => send({ type: "refuse_end", seat }) }, t("exits.refuse"))));
      if (proposal.dataset.move !== String(pending.move)) announce(text);
    } else {
      fill(proposal, h("p", { class: "banner" }, t(`exits.asked.${pending.kind}`, { name: seatName(pending.seat) })));
    }
    proposal.dataset.move = String(pending.move);
  }

  return {
    element,
    requests,
    update(state) {
      last = state;
      const gone = state && state.ways_out && state.ways_out.gone;
      // the window's end by this browser's clock: the server's time to it, from now (clocks differ)
      due = gone && gone.claimable_at ? Date.now() + (Date.parse(gone.claimable_at) - Date.parse(gone.now)) : null;
      if (!gone) stopTicking();
      draw();
    },
    relabel: draw,
  };
}
