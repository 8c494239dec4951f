// The table's pacing queue (js/pacing.js, issue #17 item 1), on a fake clock: others' states one at
// a time in order, each held for the pace; the player's own move at once; always drained to the
// latest state and never an older one after it; instant speed shows everything at once; the speed is
// remembered per table with a global default.

import { test } from "node:test";
import assert from "node:assert/strict";

const { Pacer, SPEEDS, paceOf, speedFor, chooseSpeed } = await import("../../../src/tabletop/web/js/pacing.js");

/** A clock whose time moves only when the test says so. */
function fakeClock() {
  const clock = {
    time: 0,
    timers: [],
    now: () => clock.time,
    setTimeout(f, ms) {
      const timer = { at: clock.time + ms, f };
      clock.timers.push(timer);
      return timer;
    },
    clearTimeout(timer) {
      clock.timers = clock.timers.filter((other) => other !== timer);
    },
    advance(ms) {
      const until = clock.time + ms;
      for (;;) {
        clock.timers.sort((a, b) => a.at - b.at);
        const next = clock.timers[0];
        if (!next || next.at > until) break;
        clock.timers.shift();
        clock.time = next.at;
        next.f();
      }
      clock.time = until;
    },
  };
  return clock;
}

function pacer(pace = 800) {
  const clock = fakeClock();
  const shown = [];
  const waits = [];
  const queue = new Pacer({ show: (message, how) => shown.push({ move: message.move, at: clock.time, ...how }),
    pace: () => pace, behind: (n) => waits.push(n), clock });
  return { queue, clock, shown, waits, moves: () => shown.map((s) => s.move) };
}

const state = (move, extra = {}) => ({ type: "state", move, ...extra });

test("the first state shows at once, unpaced, with no previous state", () => {
  const { queue, shown } = pacer();
  queue.offer(state(3));
  assert.equal(shown.length, 1);
  assert.deepEqual([shown[0].move, shown[0].paced, shown[0].previous, shown[0].latest], [3, false, null, true]);
});

test("others' states are shown one at a time, in order, each for the pace", () => {
  const { queue, clock, shown, waits, moves } = pacer(800);
  queue.offer(state(1));
  clock.advance(1000);
  queue.offer(state(2));  // the shown state has been up long enough: at once
  queue.offer(state(3));
  queue.offer(state(4));
  assert.deepEqual(moves(), [1, 2]);
  assert.equal(queue.behind, true);
  assert.deepEqual(waits, [1, 2]);  // newer states wait: the table is told, so nobody acts on move 2
  clock.advance(799);
  assert.deepEqual(moves(), [1, 2]);
  clock.advance(1);
  assert.deepEqual(moves(), [1, 2, 3]);
  assert.equal(shown[2].previous.move, 2);
  assert.equal(shown[2].paced, true);
  assert.equal(shown[2].latest, false);
  clock.advance(800);
  assert.deepEqual(moves(), [1, 2, 3, 4]);
  assert.deepEqual(shown.map((s) => s.at), [0, 1000, 1800, 2600]);
  assert.equal(shown[3].latest, true);
  assert.equal(queue.behind, false);
});

test("the player's own move shows at once, and the reply after it waits for the pace", () => {
  const { queue, clock, shown, moves } = pacer(800);
  queue.offer(state(1));
  clock.advance(50);
  queue.offer(state(2), { now: true });  // my move
  assert.deepEqual(moves(), [1, 2]);
  assert.equal(shown[1].at, 50);
  assert.equal(shown[1].paced, false);
  clock.advance(30);
  queue.offer(state(3));  // the bot replied 30 ms later: my move stays up for the pace first
  assert.deepEqual(moves(), [1, 2]);
  clock.advance(770);
  assert.deepEqual(moves(), [1, 2, 3]);
});

test("an own move jumps over what waits: nothing older is shown after it", () => {
  const { queue, clock, moves } = pacer(800);
  queue.offer(state(1));
  queue.offer(state(2));
  queue.offer(state(3));
  queue.offer(state(5), { now: true });
  clock.advance(10_000);
  assert.deepEqual(moves(), [1, 5]);
  assert.equal(queue.latest.move, 5);
});

test("the queue always drains to the latest state, however long the burst", () => {
  const { queue, clock, moves } = pacer(800);
  queue.offer(state(0));
  for (let move = 1; move <= 30; move += 1) queue.offer(state(move));
  clock.advance(30 * 800);
  const seen = moves();
  assert.equal(seen.at(-1), 30);
  assert.deepEqual(seen, [...seen].sort((a, b) => a - b));  // in order, never back
  assert.equal(new Set(seen).size, seen.length);
  assert.equal(queue.behind, false);
});

test("a long backlog is shown faster, so the screen never lags far behind", () => {
  const { queue, clock, moves } = pacer(800);
  queue.offer(state(0));
  for (let move = 1; move <= 12; move += 1) queue.offer(state(move));
  clock.advance(7 * 800);  // seven paces, not twelve
  assert.equal(moves().at(-1), 12);
});

test("a state that adds no move (an undo asked, a seat joined) takes the newest one's place", () => {
  const { queue, clock, shown, moves } = pacer(800);
  queue.offer(state(1));
  queue.offer(state(1, { undo: { seat: 1 } }));  // nothing waits: at once, without a new pace
  assert.deepEqual(moves(), [1, 1]);
  assert.deepEqual(shown[1].undo, undefined);
  queue.offer(state(2));
  queue.offer(state(2, { undo: { seat: 0 } }));  // waits in the place of move 2
  clock.advance(800);
  assert.deepEqual(moves(), [1, 1, 2]);
  assert.deepEqual(queue.shown.undo, { seat: 0 });
});

test("instant speed shows every state at once", () => {
  const { queue, moves, shown } = pacer(0);
  queue.offer(state(1));
  queue.offer(state(2));
  queue.offer(state(3));
  assert.deepEqual(moves(), [1, 2, 3]);
  assert.equal(queue.behind, false);
  assert.equal(shown.every((s) => s.latest), true);
});

test("skip shows the newest waiting state at once; repace applies a new speed", () => {
  let pace = 1600;
  const clock = fakeClock();
  const seen = [];
  const queue = new Pacer({ show: (m) => seen.push(m.move), pace: () => pace, clock });
  queue.offer(state(1));
  queue.offer(state(2));
  queue.offer(state(3));
  queue.offer(state(4));
  queue.skip();
  assert.deepEqual(seen, [1, 4]);
  queue.offer(state(5));
  queue.offer(state(6));
  pace = 0;
  queue.repace();
  assert.deepEqual(seen, [1, 4, 5, 6]);
  queue.destroy();
});

test("the speed is remembered per table, the last choice being everyone's default", () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)) };
  try {
    assert.equal(speedFor("t1"), "normal");
    store.set("tabletop.pace", "instant");  // what the browser tests' fixtures set
    assert.equal(speedFor("t1"), "instant");
    chooseSpeed("t1", "slow");
    assert.equal(speedFor("t1"), "slow");
    assert.equal(speedFor("t2"), "slow");  // the default for tables not set yet
    chooseSpeed("t2", "fast");
    assert.equal(speedFor("t1"), "slow");
    store.set("tabletop.pace.t3", "warp");  // not a speed: the default
    assert.equal(speedFor("t3"), "fast");
    assert.throws(() => chooseSpeed("t1", "warp"), RangeError);
  } finally {
    delete globalThis.localStorage;
  }
  assert.deepEqual(Object.keys(SPEEDS), ["instant", "fast", "normal", "slow"]);
  assert.equal(paceOf("normal", false), 800);
  assert.equal(paceOf("normal", true), 400);  // less motion asked for: shorter
  assert.equal(paceOf("instant", true), 0);
});

test("a spectator watches one step faster by default, and keeps a speed they choose (issue #40 item 7.6)", () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)) };
  const watching = { watching: true };
  try {
    assert.equal(speedFor("t1"), "normal");  // a player: the players' pace
    assert.equal(speedFor("t1", watching), "fast");  // a spectator: the next faster step
    chooseSpeed("t0", "slow");  // a player's choice elsewhere: the players' default …
    assert.equal(speedFor("t1"), "slow");
    assert.equal(speedFor("t1", watching), "normal");  // … and still one step faster to watch
    store.set("tabletop.pace", "instant");
    assert.equal(speedFor("t1", watching), "instant");  // nothing is faster than instant
    store.set("tabletop.pace", "fast");
    chooseSpeed("t2", "slow", watching);  // a spectator who wants it slower: remembered for watching …
    assert.equal(speedFor("t2", watching), "slow");
    assert.equal(speedFor("t3", watching), "slow");  // … at every table they watch
    assert.equal(speedFor("t3"), "fast");  // the players' default is not theirs to change
    chooseSpeed("t3", "normal");  // a table's own choice comes first, watching or not
    assert.equal(speedFor("t3", watching), "normal");
  } finally {
    delete globalThis.localStorage;
  }
});

test("a state's time on screen starts once it is drawn: a slow drawing does not eat its pace", () => {
  const clock = fakeClock();
  const drawn = [];
  const queue = new Pacer({
    show: (message) => { clock.time += 300; drawn.push({ move: message.move, at: clock.time }); },  // 300 ms to draw
    pace: () => 800, clock });
  queue.offer(state(1));
  queue.offer(state(2));
  queue.offer(state(3));
  clock.advance(5000);
  assert.deepEqual(drawn.map((d) => d.move), [1, 2, 3]);
  for (let i = 1; i < drawn.length; i += 1) {
    assert.ok(drawn[i].at - drawn[i - 1].at >= 800 + 300, drawn);  // each held the whole pace once drawn
  }
});

/** A promise and its resolve, for a screen's news told when the test says so. */
function deferred() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

const settle = () => new Promise((r) => setImmediate(r));  // (the promise callbacks run)

test("a state whose news the screen still tells is held until it is told, then for the pace", async () => {
  const { queue, clock, moves } = pacer(800);
  queue.offer(state(1));
  queue.offer(state(2));
  queue.offer(state(3));
  clock.advance(800);
  assert.deepEqual(moves(), [1, 2]);
  const news = deferred();  // state 2's throw flies
  const told = queue.holdUntil(news.promise);
  assert.ok(queue.telling);
  clock.advance(5000);
  assert.deepEqual(moves(), [1, 2]);  // far longer than the pace: still flying, nothing newer shown
  news.resolve();
  await settle();
  assert.equal(await told, true);
  assert.ok(!queue.telling);
  clock.advance(799);
  assert.deepEqual(moves(), [1, 2]);  // the landing is seen for the pace
  clock.advance(1);
  assert.deepEqual(moves(), [1, 2, 3]);
});

test("a hold ends with a newer state shown, and never lasts beyond its longest", async () => {
  const { queue, clock, moves } = pacer(800);
  queue.offer(state(1));
  queue.offer(state(2));
  const told = queue.holdUntil(deferred().promise);  // never told
  queue.skip();  // "Show the latest"
  assert.deepEqual(moves(), [1, 2]);
  assert.equal(await told, false);
  assert.ok(!queue.telling);
  const stuck = queue.holdUntil(new Promise(() => {}), 3000);  // a screen that never says
  queue.offer(state(3));
  clock.advance(2999);
  assert.deepEqual(moves(), [1, 2]);
  clock.advance(1);
  assert.equal(await stuck, true);
  clock.advance(800);
  assert.deepEqual(moves(), [1, 2, 3]);
  const own = queue.holdUntil(deferred().promise);
  queue.offer(state(4), { now: true });  // the player's own move: at once
  assert.equal(await own, false);
  assert.deepEqual(moves(), [1, 2, 3, 4]);
  queue.destroy();
});
