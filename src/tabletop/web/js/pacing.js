// @ts-check
// The table's pace: the server sends a state after every action, and bots and chance act at once, so
// without a pace a player would never see what happened. A Pacer shows the states that others' moves
// (bots, chance, other seats) produced one at a time, each for at least the table's pace; the
// player's own move shows at once; it always drains to the latest state, in the order they came, and
// never shows an older one once it is done. Purely client-side: the server and the other seats are
// never waited for. The speed is chosen per table (remembered in localStorage, the last choice being
// the default for other tables); `prefers-reduced-motion: reduce` halves the pace (and screens turn
// their animations off: see `motion` below). A spectator, who makes no move and would trail the table
// by many seconds at the players' pace, watches one step faster by default; a speed a spectator
// chooses is remembered for the tables they watch, apart from the one they play at.

/** The speeds a player may choose, and how long each state from others' moves stays on screen (ms). */
export const SPEEDS = { instant: 0, fast: 400, normal: 800, slow: 1600 };
export const DEFAULT_SPEED = "normal";
const BEHIND = 3;  // more states than this waiting: each is shown for a share of BEHIND paces, so a
const SHORTEST = 120;  // long backlog (a burst of bot moves) never lags more than about BEHIND paces
/** At most this long per state (ms) while the player's own clock already runs in the latest one. */
export const CLOCKED = 300;
/** A state whose news a game screen is still telling (`holdUntil`) is held at most this long (ms): a
 * screen that never says it is done cannot stop the table (a slow throw's flight lasts ~15 s at most). */
export const TELL_MOST = 30000;

const KEY = "tabletop.pace";  // the default for every table; `tabletop.pace.<table>` for one table
const WATCHING = "tabletop.paceWatching";  // a spectator's own default, once they choose one

function stored(key) {
  try {
    return globalThis.localStorage ? globalThis.localStorage.getItem(key) : null;
  } catch {
    return null;  // storage refused (a private window): the default
  }
}

/** The next faster speed than `speed` (instant is the fastest: it stays). */
export function fasterThan(speed) {
  const order = Object.keys(SPEEDS);  // fastest first
  return order[Math.max(0, order.indexOf(speed in SPEEDS ? speed : DEFAULT_SPEED) - 1)];
}

/**
 * The speed for `tableId`: the one chosen there, else the last one chosen anywhere, else normal. For a
 * spectator (`watching`), one chosen while watching, else one step faster than a player's default.
 */
export function speedFor(tableId, { watching = false } = {}) {
  const own = stored(`${KEY}.${tableId}`);
  if (own in SPEEDS) return own;
  const watched = watching ? stored(WATCHING) : null;
  if (watched in SPEEDS) return watched;
  const last = stored(KEY);
  const played = last in SPEEDS ? last : DEFAULT_SPEED;
  return watching ? fasterThan(played) : played;
}

/** Remember `speed` for `tableId`, and as the default for tables not set yet (a spectator's: for watching). */
export function chooseSpeed(tableId, speed, { watching = false } = {}) {
  if (!(speed in SPEEDS)) throw new RangeError(`no speed ${speed}; speeds: ${Object.keys(SPEEDS).join(", ")}`);
  try {
    globalThis.localStorage.setItem(`${KEY}.${tableId}`, speed);
    globalThis.localStorage.setItem(watching ? WATCHING : KEY, speed);
  } catch { /* not remembered: still used at this table now */ }
}

/** True when the reader asked for less motion (no animations, shorter pacing). */
export function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** How long a state stays on screen at `speed` (ms), shorter for readers who asked for less motion. */
export function paceOf(speed, reduced = reducedMotion()) {
  const ms = SPEEDS[speed] ?? SPEEDS[DEFAULT_SPEED];
  return reduced ? Math.round(ms / 2) : ms;
}

const realClock = {
  now: () => Date.now(),
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (id) => clearTimeout(id),
};

/**
 * A queue of table states shown at a pace.
 *
 * `show(message, {previous, paced, latest})` draws one: `previous` is the state shown before it (null
 * at first), `paced` is true when it came from others' moves and is held on screen for the pace,
 * `latest` is false while newer states wait (the table must not let the player act then).
 * `pace(message)` gives the pace in ms for holding `message`, read anew each time (the speed may
 * change); `behind(n)` is told when states start to wait (`n` of them), so the table can disable its
 * controls until the newest is shown; `clock` can be replaced in tests.
 *
 * A game screen may show a state's news before telling it (a thrown bat flies, then the log and the
 * scores say where it landed): `holdUntil(news)` holds the shown state until the `news` promise
 * settles, then for the pace from then on, so the landing is seen as long as any state.
 */
export class Pacer {
  /**
   * @param {{show: Function, pace?: (state: any) => number, behind?: (waiting: number) => void,
   *   clock?: typeof realClock}} options
   */
  constructor({ show, pace = () => SPEEDS[DEFAULT_SPEED], behind = () => {}, clock = realClock }) {
    this.showing = show;
    this.pace = pace;
    this.waits = behind;
    this.clock = clock;
    this.shown = null;
    this.shownAt = -Infinity;
    this.waiting = [];
    this.timer = null;
    this.holding = null;  // {end(told)} while the shown state's news is being told (holdUntil)
  }

  /** True while states wait to be shown (the shown one is not the latest). */
  get behind() {
    return this.waiting.length > 0;
  }

  /** The newest state received (shown or waiting). */
  get latest() {
    return this.waiting.length ? this.waiting[this.waiting.length - 1] : this.shown;
  }

  /**
   * A state from the server. `now`: show it at once, dropping any that wait (the player's own move,
   * the first state, a reconnection). A state that adds no move to the newest one (a seat joined, an
   * undo asked, a clock) takes that one's place instead of waiting behind it.
   */
  offer(message, { now = false } = {}) {
    if (now || this.shown === null) {
      this.waiting = [];
      this._show(message, false);
      return;
    }
    if (message.move === this.latest.move) {  // nothing new happened: no pace for it
      if (this.waiting.length) this.waiting[this.waiting.length - 1] = message;
      else this._show(message, false, false);
      return;
    }
    this.waiting.push(message);
    this._schedule();
    if (this.waiting.length) this.waits(this.waiting.length);
  }

  /** Show the newest state now (the player chose to catch up). */
  skip() {
    if (!this.waiting.length) return;
    const newest = this.waiting[this.waiting.length - 1];
    this.waiting = [];
    this._show(newest, true);
  }

  /** The pace changed: the shown state is held for the new one (instant shows the newest now). */
  repace() {
    this._schedule();
  }

  /**
   * Hold the shown state (nothing newer is shown) until `news` settles — the game screen has shown what
   * the state tells, e.g. a throw's flight has landed — and then for the pace, counted from then; at most
   * `most` ms in all. Returns a promise of true once the news is told (or the wait gave up), false when a
   * newer state was shown first (skip, the player's own move, a reconnection): the hold ended with it.
   */
  holdUntil(news, most = TELL_MOST) {
    this._release();
    return new Promise((resolve) => {
      const hold = {
        end: (told) => {
          if (this.holding !== hold) return;
          this.holding = null;
          this.clock.clearTimeout(hold.timer);
          resolve(told);
          if (!told) return;
          this.shownAt = this.clock.now();  // the pace starts once the news is on screen
          this._schedule();
        },
        timer: null,
      };
      this.holding = hold;
      this._clear();  // nothing is shown on a timer while the hold lasts
      hold.timer = this.clock.setTimeout(() => hold.end(true), most);
      Promise.resolve(news).then(() => hold.end(true), () => hold.end(true));
    });
  }

  /** True while the shown state's news is being told (see holdUntil). */
  get telling() {
    return this.holding !== null;
  }

  /** Stop (the table screen closed). */
  destroy() {
    this._clear();
    this._release();
    this.waiting = [];
  }

  /** How long the shown state stays up: the pace, less when a long backlog waits (ms). */
  hold() {
    const pace = Math.max(0, Number(this.pace(this.shown)) || 0);
    if (this.waiting.length <= BEHIND) return pace;
    return Math.max(Math.min(pace, SHORTEST), (pace * BEHIND) / this.waiting.length);
  }

  _show(message, paced, fresh = true) {
    this._release();  // a hold is for the state it was asked for: a new one (even of the same move) asks anew
    const previous = this.shown;
    this.shown = message;
    this.showing(message, { previous, paced, latest: this.waiting.length === 0 });
    // a new state: its time on screen starts once it is drawn (drawing can take a while on a slow
    // machine, and that time was not on screen)
    if (fresh) this.shownAt = this.clock.now();
  }

  _clear() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  _release() {
    if (this.holding) this.holding.end(false);
  }

  _schedule() {
    this._clear();
    while (this.waiting.length && !this.holding) {
      const wait = this.shownAt + this.hold() - this.clock.now();
      if (wait > 0) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = null;
          this._next();
        }, wait);
        return;
      }
      this._show(this.waiting.shift(), true);
    }
  }

  _next() {
    const message = this.waiting.shift();
    if (message === undefined) return;
    this._show(message, true);
    this._schedule();
  }
}
