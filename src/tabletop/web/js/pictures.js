// @ts-check
// A game's picture for the lobby and its rules page: the one its folder draws (inline SVG), or a
// plain card with nothing on it for a game that has none.

import { gameModule } from "./games/index.js";

const BLANK = `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#f4efe2"/>
    </svg>`;

export function picture(game) {
  return gameModule(game)?.picture || BLANK;
}
