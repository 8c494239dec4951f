// @ts-check
// Hot-seat privacy: one device playing several seats of a game whose views differ between seats
// (its spec's `hidden_information`, from GET /api/games — never a list of names). The server sends
// the view of the held seat to move (else the first held seat), so when the seat on screen changes,
// that state is not drawn at all: no board, no log, no coach, no actions (absent from the page, not
// hidden with CSS, and the previous seat's screen destroyed), only a curtain — "Pass the device to
// Bob" and a big "Bob, tap to see your cards" — until the tap. Seats, turn line, chat and the pace
// stay: they are public. A finished game is not curtained (every hand is face up by then).
// The table (table.js) asks `covers(state)` on each redraw and, while it does, `show(...)`s this
// instead of its own parts; `lift()` gives them back.

import { announce, fill, h } from "./dom.js";
import { addStrings, t } from "./i18n.js";

export const STRINGS = {
  en: {
    "curtain.pass": "Pass the device to {name}",
    "curtain.first": "Only {name} should look now",
    "curtain.tap": "{name}, tap to see your side of the table",
    "curtain.hint": "Hot-seat: the screen shows one player's view at a time. The others look away.",
  },
  ru: {
    "curtain.pass": "Передайте устройство игроку {name}",
    "curtain.first": "Сейчас смотрит только {name}",
    "curtain.tap": "{name}, нажмите, чтобы открыть свою сторону стола",
    "curtain.hint": "Игра за одним экраном: экран показывает то, что видит один игрок. Остальные не смотрят.",
  },
  ro: {
    "curtain.pass": "Dă dispozitivul lui {name}",
    "curtain.first": "Acum se uită doar {name}",
    "curtain.tap": "{name}, atinge ca să-ți vezi partea de masă",
    "curtain.hint": "Joc la același ecran: ecranul arată ce vede câte un singur jucător. Ceilalți nu se uită.",
  },
};
addStrings("curtain", { STRINGS });

/**
 * Whether `message` (a table's `state`) must wait behind the curtain: the connection holds `held`
 * seats (two or more: a hot seat), the game hides information (`hides(game)`: true, false, or null
 * while not known — a curtain then, hidden information staying hidden), the game is not over, and
 * the seat whose view it is was not the last one revealed.
 */
export function curtainCovers(message, { held, revealed, hides }) {
  if (!message || held < 2 || message.seat === null || message.seat === undefined) return false;
  if (message.status === "over" || message.status === "abandoned") return false;
  if (hides(message.view && message.view.game) === false) return false;
  return message.seat !== revealed;
}

/** What the tap button says: the game's own words where it has them ("… your cards"), else the app's. */
function tapText(game, name) {
  const key = `game.${game}.curtainTap`;
  const own = t(key, { name });
  return own === key ? t("curtain.tap", { name }) : own;
}

/** True when nothing has the keyboard focus (or what had it is gone from the page). */
function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * The curtain of one table screen, drawn into `board` (where the game's screen is). `games()`: the
 * /api/games list (a promise); `held()`: how many seats this connection plays; `seatName(seat)`;
 * `reveal()`: called after the tap, to draw the revealed state.
 */
/**
 * @param {HTMLElement} board
 * @param {{games: () => Promise<import("./contract.js").GameInfo[]>, held: () => number,
 *   seatName: (seat: number) => string, reveal: () => void}} options
 */
export function curtainFor(board, { games, held, seatName, reveal }) {
  let hiding = null;  // game name → hides information, once the game list is known
  let revealed = null;  // the seat whose view was last shown (none yet: the first state is curtained too)
  let coveredSeat = null;  // the seat the curtain is up for, or null
  let hidden = [];  // the table's parts the curtain took down

  Promise.resolve().then(games).then((list) => {
    hiding = new Map(list.map((game) => [game.name, Boolean(game.hidden_information)]));
  }).catch(() => { /* unknown: every held view is curtained, which hides nothing it should show */ });

  const hides = (game) => (hiding && hiding.has(game) ? hiding.get(game) : null);
  const heading = h("h3", { id: "curtain-h", class: "curtain-title" });
  const button = h("button", { type: "button", class: "primary big-button curtain-tap", "data-focus": "curtain",
    "data-primary": true, "data-action": "reveal", onclick: () => lift(true) });
  const hint = h("p", { class: "hint" });
  const element = h("section", { class: "curtain", "data-testid": "curtain", "aria-labelledby": "curtain-h" },
    h("div", { class: "curtain-mark", "aria-hidden": "true" }, "⇄"), heading, button, hint);

  /** Take the curtain down: `tapped`, the seat it was up for is revealed and the table drawn again. */
  function lift(tapped = false) {
    for (const part of hidden) part.hidden = false;
    hidden = [];
    if (element.parentNode === board) fill(board);  // the game's screen is drawn anew (or none: generic controls)
    const seat = coveredSeat;
    coveredSeat = null;
    if (!tapped || seat === null) return;
    revealed = seat;
    reveal();
    if (focusLost()) {  // the keyboard goes on from the revealed screen: its main control, else its first
      const target = board.querySelector("[data-primary]:not([disabled])")
        || board.querySelector("button:not([disabled]), input, select, [tabindex='0']");
      if (target instanceof HTMLElement) target.focus();
    }
  }

  return {
    element,
    /** Whether the state to show waits behind the curtain (see curtainCovers). */
    covers(message) {
      return curtainCovers(message, { held: held(), revealed, hides });
    },
    /**
     * Put the curtain up for `message`'s seat in place of `screen` (destroyed: returns null, so the
     * table makes a new one after the tap); `take` (the table's own parts that show a seat's view: its
     * log, actions, undo box) are emptied and hidden until the curtain is lifted, `dismiss` (an error
     * banner, which may name the seat before's cards) emptied and hidden for good.
     */
    show(message, screen, { take = [], dismiss = [] } = {}) {
      if (screen && screen.destroy) screen.destroy();
      for (const part of [...take, ...dismiss]) {
        fill(part);
        part.hidden = true;
      }
      hidden = [...new Set([...hidden, ...take])];
      const seat = message.seat;
      const name = seatName(seat);
      const game = message.view && message.view.game;
      heading.textContent = t(revealed === null ? "curtain.first" : "curtain.pass", { name });
      button.textContent = tapText(game, name);
      hint.textContent = t("curtain.hint");
      if (board.firstChild !== element || board.childNodes.length !== 1) fill(board, element);
      if (coveredSeat !== seat) {  // newly up (or for another seat): said aloud, and the tap reachable
        coveredSeat = seat;
        // said last, after the turn line: the announcer holds nothing of the seat before
        announce(`${heading.textContent}. ${button.textContent}`);
        // after the table has put its focus back (dom.js keepFocus): a focus the screen took away, or one
        // on the page as a whole (a new page's <main>), goes to the tap, in view; one on another control
        // (the chat being typed in) stays where it is
        queueMicrotask(() => {
          if (!element.isConnected) return;
          if (focusLost() || document.activeElement.contains(element)) button.focus({ preventScroll: true });
          if (document.activeElement === button) element.scrollIntoView({ block: "nearest" });
        });
      }
      return null;
    },
    lift: () => lift(false),
  };
}
