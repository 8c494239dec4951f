// @ts-check
// The rules pages: our own short write-up of each game in the current language, loaded from
// rules/<lang>/<game>.html (which the server reads from the game's own package) and shown with a link to
// start a table. A game without a page in this language gets a sentence saying so, not a status number.

import { h, fill } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, t } from "./i18n.js";
import { games, gameTitle } from "./lobby.js";
import { picture } from "./pictures.js";
import { gameModule } from "./games/index.js";

export function renderRules(root, game) {
  let alive = true;
  async function draw() {
    const GAMES = (await games()).map((g) => g.name);
    if (!GAMES.includes(game)) {
      location.replace("#/");
      return;
    }
    const response = await fetch(`/rules/${lang()}/${game}.html`);
    const text = response.ok ? await response.text() : null;
    const missing = text === null
      ? errorText(await response.json().catch(() => ({ detail: String(response.status) })), { game }) : null;
    if (!alive) return;
    fill(root, h("article", { class: "panel rules", lang: lang() },
      h("nav", { class: "rules-nav", "aria-label": t("lobby.rules") },
        GAMES.map((g) => h("a", { href: `#/rules/${g}`, "aria-current": g === game ? "page" : null }, gameTitle(g)))),
      gameModule(game)?.picture ? h("div", { class: "picture small", html: picture(game) }) : null,
      h("h2", {}, `${t("lobby.rules")}: ${gameTitle(game)}`),
      text === null ? h("p", { class: "banner", "data-testid": "no-rules" }, missing)
        : h("div", { class: "rules-text", html: text }),
      h("div", { class: "buttons" },
        h("a", { class: "button primary", href: `#/new/${game}` }, t("lobby.new")),
        h("a", { class: "button", href: "#/" }, t("nav.lobby")))));
  }
  draw().catch((error) => alive && fill(root, h("p", { class: "banner error" }, t("common.error", { reason: error.message }))));
  return { destroy: () => { alive = false; }, relabel: draw };
}
