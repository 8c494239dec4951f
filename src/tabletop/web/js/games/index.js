// @ts-check
// The games the browser knows, loaded from their folders: js/games/<game>/index.js exports the
// game's screen, its move log in sentences, its words in every language and its picture. The
// server's GET /api/games says which games have a folder (`web: true`); a game without one still
// plays with the generic controls of the table screen. Nothing here names a game.
// A folder that fails to load (a missing file, a syntax error, a vendored library not served) must
// not take the app down, nor fail silently: the game plays generically and a banner under the
// header says which game's screen did not load, in the player's language.

import { addStrings, lang, onLangChange, strayKeys, t } from "../i18n.js";

/** @typedef {import("../contract.js").GameModule} GameModule */

/** @type {Map<string, GameModule>} */
const loaded = new Map();
const failed = new Map();  // game name → its title from /api/games (its own words did not load)

/**
 * Load the folders of `games` (the /api/games list), adding each game's words to i18n.
 * @param {import("../contract.js").GameInfo[]} games
 */
export async function loadGames(games) {
  await Promise.all(games.filter((game) => game.web && !loaded.has(game.name)).map(async (game) => {
    try {
      const module = await import(`./${game.name}/index.js`);
      const strays = strayKeys(game.name, module.strings);
      if (strays.length) throw new Error(`${game.name}'s words must be its own (${game.name}.…): ${strays.join(", ")}`);
      if (module.stylesheet) await linkStylesheet(module.stylesheet);
      addStrings(game.name, module.strings);
      loaded.set(game.name, module);
      failed.delete(game.name);
    } catch (error) {
      console.error(`the ${game.name} folder did not load`, error);
      failed.set(game.name, game.title || game.name);
    }
  }));
  showFailures();
}

/**
 * A loaded game's module (its screen, log, words, picture and optional hooks), or null: generic controls.
 * @param {string | null | undefined} name
 * @returns {GameModule | null}
 */
export function gameModule(name) {
  return loaded.get(name) || null;
}

/** True when the game's folder was asked for and did not load (its table uses generic controls). */
export function loadFailed(name) {
  return failed.has(name);
}

/**
 * Link a game's stylesheet once, resolved when it has loaded (its screen is never drawn unstyled) or
 * failed (the game still plays, unstyled; the console says which file).
 * @param {string} href
 */
function linkStylesheet(href) {
  if (typeof document === "undefined" || document.querySelector(`link[rel=stylesheet][href="${href}"]`)) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve(undefined);
    link.onerror = () => { console.error(`the stylesheet ${href} did not load`); resolve(undefined); };
    document.head.append(link);
  });
}

/** The banner naming every game whose screen did not load; none when all loaded. */
function showFailures() {
  if (typeof document === "undefined") return;
  let banner = document.getElementById("games-failed");
  if (!failed.size) {
    if (banner) banner.remove();
    return;
  }
  if (!banner) {
    banner = document.createElement("p");
    banner.id = "games-failed";
    banner.className = "banner error games-failed";
    banner.setAttribute("role", "alert");
    const header = document.querySelector("header.top");
    if (header) header.after(banner);
    else document.body.prepend(banner);
  }
  const titles = [...failed.entries()].map(([name, title]) => {
    const own = t(`game.${name}.title`);
    return own === `game.${name}.title` ? title : own;
  });
  const list = new Intl.ListFormat(lang(), { type: "conjunction" });
  banner.textContent = t("games.loadFailed", { games: list.format(titles) });
}

onLangChange(showFailures);
