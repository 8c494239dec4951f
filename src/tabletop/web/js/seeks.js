// @ts-check
// Quick pairing in the lobby: seek a game of two (rated or casual, opponents within a range of one's rating), wait
// while the server looks — asking after the seek every few seconds keeps it alive, so leaving the page lets it
// lapse — or take the bot level nearest one's rating meanwhile; and the seeks of others waiting, each one click
// from a table. The server pairs; this only asks.

import { signedIn } from "./account.js";
import { api, seekApi } from "./api.js";
import { h, fill } from "./dom.js";
import { errorText } from "./errors.js";
import { addStrings, t } from "./i18n.js";
import { poolTitle } from "./ratings.js";

export const STRINGS = {
  en: {
    "seek.title": "Quick pairing",
    "seek.why": "Be paired with the next player looking for the same game.",
    "seek.signIn": "Sign in to be paired with another player.",
    "seek.game": "Game",
    "seek.rated": "Rated",
    "seek.spread": "Opponents",
    "seek.spread.any": "any rating",
    "seek.spread.n": "within {n} of mine",
    "seek.go": "Find an opponent",
    "seek.waiting": "Looking for an opponent for {game}…",
    "seek.cancel": "Stop looking",
    "seek.bot": "Nobody is waiting yet. Play the {level} bot (rated {rating}) instead?",
    "seek.playBot": "Play {level} now",
    "seek.others": "Players waiting",
    "seek.none": "Nobody is waiting right now.",
    "seek.line": "{username} ({rating}) · {what}",
    "seek.lineCasual": "{username} · {what}",
    "seek.kind.rated": "rated",
    "seek.kind.casual": "casual",
    "seek.accept": "Play",
  },
  ru: {
    "seek.title": "Быстрый подбор",
    "seek.why": "Вас сведут со следующим игроком, который ищет ту же игру.",
    "seek.signIn": "Войдите, чтобы вас свели с другим игроком.",
    "seek.game": "Игра",
    "seek.rated": "На рейтинг",
    "seek.spread": "Соперники",
    "seek.spread.any": "с любым рейтингом",
    "seek.spread.n": "не дальше {n} от моего",
    "seek.go": "Найти соперника",
    "seek.waiting": "Ищем соперника для игры «{game}»…",
    "seek.cancel": "Прекратить поиск",
    "seek.bot": "Пока никто не ждёт. Сыграть с ботом «{level}» (рейтинг {rating})?",
    "seek.playBot": "Играть с ботом «{level}»",
    "seek.others": "Игроки ждут",
    "seek.none": "Сейчас никто не ждёт.",
    "seek.line": "{username} ({rating}) · {what}",
    "seek.lineCasual": "{username} · {what}",
    "seek.kind.rated": "на рейтинг",
    "seek.kind.casual": "обычная",
    "seek.accept": "Играть",
  },
  ro: {
    "seek.title": "Potrivire rapidă",
    "seek.why": "Vei fi pus cu următorul jucător care caută același joc.",
    "seek.signIn": "Autentifică-te ca să fii pus cu alt jucător.",
    "seek.game": "Joc",
    "seek.rated": "Cu rating",
    "seek.spread": "Adversari",
    "seek.spread.any": "orice rating",
    "seek.spread.n": "la cel mult {n} de al meu",
    "seek.go": "Găsește un adversar",
    "seek.waiting": "Căutăm un adversar pentru {game}…",
    "seek.cancel": "Oprește căutarea",
    "seek.bot": "Nu așteaptă nimeni deocamdată. Joci cu robotul {level} (rating {rating})?",
    "seek.playBot": "Joacă acum cu {level}",
    "seek.others": "Jucători care așteaptă",
    "seek.none": "Nu așteaptă nimeni acum.",
    "seek.line": "{username} ({rating}) · {what}",
    "seek.lineCasual": "{username} · {what}",
    "seek.kind.rated": "cu rating",
    "seek.kind.casual": "obișnuită",
    "seek.accept": "Joacă",
  },
};
addStrings("seeks", { STRINGS });

const SPREADS = [null, 100, 200, 400];

/** The game's pool for two players, if it has one (a seek is for two). */
function twoPlayerPool(game) {
  return (game.pools || []).find((pool) => (pool.allowed.players || []).some((n) => Number(n) === 2)) || null;
}

/** The quick pairing panel: `games` the games' list (lobby.js `games()`), `gameTitle` its words for a game. */
export function seekPanel(games, gameTitle) {
  const element = h("section", { class: "panel seeks", "aria-labelledby": "seek-h", "data-testid": "seeks" });
  const forTwo = games.filter((game) => game.players[0] <= 2 && game.players[1] >= 2);
  const first = forTwo.find((game) => twoPlayerPool(game)) || forTwo[0];  // a game that can be rated, first
  const state = { game: first?.name || "", rated: true, spread: null, seek: null, bot: null, error: "", waiting: [] };
  let timer = 0;
  let alive = true;

  const rateable = () => Boolean(twoPlayerPool(forTwo.find((g) => g.name === state.game) || {}));

  async function post(body) {
    state.error = "";
    try {
      const answer = await seekApi.post(body);
      if (answer.status === "matched") {
        location.hash = `#/table/${answer.table}`;
        return;
      }
      state.seek = answer.seek;
      state.bot = answer.bot;
      schedule(answer.poll_seconds);
    } catch (error) {
      state.error = errorText(error) || error.message;
    }
    draw();
  }

  function schedule(seconds) {
    clearTimeout(timer);
    timer = window.setTimeout(poll, (seconds || 3) * 1000);
  }

  async function poll() {
    if (!alive || !state.seek) return;
    try {
      const answer = await seekApi.status(state.seek);
      if (answer.status === "matched") {
        state.seek = null;
        location.hash = `#/table/${answer.table}`;
        return;
      }
      schedule(answer.poll_seconds);
    } catch (error) {
      state.seek = null;  // lapsed or withdrawn elsewhere: offer to look again
      state.error = errorText(error) || error.message;
      draw();
    }
  }

  async function cancel() {
    clearTimeout(timer);
    const seek = state.seek;
    state.seek = null;
    state.bot = null;
    draw();
    if (seek) await seekApi.cancel(seek).catch(() => {});
  }

  async function playBot() {
    const level = state.bot.level;
    await cancel();
    try {
      const created = await api.create({ game: state.game, rated: true, creator_seat: 0,
        options: { players: 2 }, seats: [{ kind: "human", name: signedIn().username }, { kind: "bot", bot: level }] });
      location.hash = `#/table/${created.table.id}`;
    } catch (error) {
      state.error = errorText(error, { game: state.game }) || error.message;
      draw();
    }
  }

  async function refresh() {
    try {
      state.waiting = (await seekApi.waiting()).seeks;
    } catch {
      state.waiting = [];
    }
    draw();
  }

  function otherLine(seek) {
    const what = `${seek.pool ? poolTitle(seek.pool) : gameTitle(seek.game)} · ${t(`seek.kind.${seek.rated ? "rated" : "casual"}`)}`;
    const me = signedIn();
    return h("li", { "data-seek": seek.seek },
      h("span", { class: "summary" }, seek.rating === null ? t("seek.lineCasual", { username: seek.username, what })
        : t("seek.line", { username: seek.username, rating: `${seek.rating}${seek.provisional ? "?" : ""}`, what })),
      me && me.username !== seek.username && !state.seek ? h("span", { class: "buttons" },
        h("button", { type: "button", "data-action": "accept-seek", onclick: () => {
          state.game = seek.game;
          state.rated = seek.rated;
          post({ game: seek.game, options: { players: 2 }, rated: seek.rated });
        } }, t("seek.accept"))) : null);
  }

  function draw() {
    if (!alive) return;
    const me = signedIn();
    const waitingFor = forTwo.find((g) => g.name === state.game);
    fill(element, h("h2", { id: "seek-h" }, t("seek.title")),
      state.error ? h("p", { class: "banner error", role: "alert" }, state.error) : null,
      !me ? h("p", { class: "hint" }, h("a", { href: "#/signin" }, t("seek.signIn")))
        : state.seek ? h("div", { class: "seek-waiting", role: "status", "data-testid": "seek-waiting" },
          h("p", {}, t("seek.waiting", { game: waitingFor ? gameTitle(waitingFor.name) : state.game })),
          state.bot ? h("p", { "data-testid": "seek-bot" }, t("seek.bot", { level: t(`create.level.${state.bot.level}`),
            rating: state.bot.rating })) : null,
          h("div", { class: "buttons" },
            state.bot ? h("button", { type: "button", class: "primary", "data-action": "seek-bot", onclick: playBot },
              t("seek.playBot", { level: t(`create.level.${state.bot.level}`) })) : null,
            h("button", { type: "button", "data-action": "seek-cancel", onclick: cancel }, t("seek.cancel"))))
          : h("form", { class: "seek-form", onsubmit: (event) => {
            event.preventDefault();
            post({ game: state.game, options: { players: 2 }, rated: state.rated && rateable(),
              ...(state.spread ? { spread: state.spread } : {}) });
          } },
          h("p", { class: "hint" }, t("seek.why")),
          h("div", { class: "field" }, h("label", { for: "seek-game" }, t("seek.game")),
            h("select", { id: "seek-game", onchange: (e) => { state.game = e.target.value; draw(); } },
              forTwo.map((game) => h("option", { value: game.name, selected: game.name === state.game }, gameTitle(game.name))))),
          h("label", { class: "check" }, h("input", { type: "checkbox", id: "seek-rated", checked: state.rated && rateable(),
            disabled: !rateable(), onchange: (e) => { state.rated = e.target.checked; draw(); } }), t("seek.rated")),
          state.rated && rateable() ? h("div", { class: "field" }, h("label", { for: "seek-spread" }, t("seek.spread")),
            h("select", { id: "seek-spread", onchange: (e) => { state.spread = Number(e.target.value) || null; } },
              SPREADS.map((n) => h("option", { value: n ?? "", selected: n === state.spread },
                n ? t("seek.spread.n", { n }) : t("seek.spread.any"))))) : null,
          h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary", "data-action": "seek" }, t("seek.go")))),
      h("h3", {}, t("seek.others")),
      state.waiting.length ? h("ul", { class: "table-list", "data-testid": "seeks-waiting" }, state.waiting.map(otherLine))
        : h("p", { class: "hint" }, t("seek.none")));
  }

  draw();
  refresh();
  const refresher = window.setInterval(() => { if (!state.seek) refresh(); }, 10_000);
  return {
    element,
    relabel: draw,
    destroy: () => {
      alive = false;
      clearInterval(refresher);
      if (state.seek) seekApi.cancel(state.seek).catch(() => {});  // leaving the page withdraws it
      clearTimeout(timer);
    },
  };
}
