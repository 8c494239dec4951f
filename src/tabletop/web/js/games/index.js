// The games the browser knows, loaded from their folders: js/games/<game>/index.js exports the
// game's screen, its move log in sentences, its words in every language and its picture. The
// server's GET /api/games says which games have a folder (`web: true`); a game without one still
// plays with the generic controls of the table screen. Nothing here names a game.

import { addStrings } from "../i18n.js";

const loaded = new Map();

/** Load the folders of `games` (the /api/games list), adding each game's words to i18n. */
export async function loadGames(games) {
  await Promise.all(games.filter((game) => game.web && !loaded.has(game.name)).map(async (game) => {
    try {
      const module = await import(`./${game.name}/index.js`);
      addStrings(game.name, module.strings);
      loaded.set(game.name, module);
    } catch (error) {  // a broken folder must not take the app down: that game plays generically
      console.error(`the ${game.name} folder did not load`, error);
    }
  }));
}

/** A loaded game's module ({screen, describeLog, strings, picture}), or null: generic controls. */
export function gameModule(name) {
  return loaded.get(name) || null;
}
