// Answers asked for the position on screen (js/latest.js): one request in flight at a time, whatever
// the pace of the moves; an answer shown only for the move still wanted; the latest move always asked
// in the end; a failure shown like an answer; nothing shown once the screen is gone.

import { test } from "node:test";
import assert from "node:assert/strict";

const { askLatest } = await import("../../../src/tabletop/web/js/latest.js");

/** A request per key that the test answers (or fails) by hand, and what was shown. */
function server() {
  const made = { asked: [], pending: new Map(), shown: [], inFlight: 0, mostInFlight: 0 };
  made.ask = (key) => new Promise((resolve, reject) => {
    made.asked.push(key);
    made.inFlight += 1;
    made.mostInFlight = Math.max(made.mostInFlight, made.inFlight);
    made.pending.set(key, {
      resolve: (value) => { made.inFlight -= 1; resolve(value); },
      reject: (error) => { made.inFlight -= 1; reject(error); },
    });
  });
  made.show = (key, answer, error) => made.shown.push([key, answer, error && error.message]);
  return made;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a move wanted while a request runs waits for it, and only the latest one is asked next", async () => {
  const s = server();
  const latest = askLatest(s.ask, s.show);
  latest.want(1);
  latest.want(2);
  latest.want(3);
  await settle();
  assert.deepEqual(s.asked, [1]);  // 2 and 3 were wanted while 1 was in flight
  s.pending.get(1).resolve("odds at 1");
  await settle();
  assert.deepEqual(s.asked, [1, 3]);  // 2 is skipped: it is no longer the position on screen
  assert.deepEqual(s.shown, []);  // 1's answer came too late to be shown
  s.pending.get(3).resolve("odds at 3");
  await settle();
  assert.deepEqual(s.shown, [[3, "odds at 3", null]]);
  assert.equal(s.mostInFlight, 1);
});

test("an answer still wanted is shown at once, and a failure is shown as such", async () => {
  const s = server();
  const latest = askLatest(s.ask, s.show);
  latest.want(5);
  await settle();
  s.pending.get(5).resolve("odds at 5");
  await settle();
  latest.want(6);
  await settle();
  s.pending.get(6).reject(new Error("the server is busy"));
  await settle();
  assert.deepEqual(s.shown, [[5, "odds at 5", null], [6, null, "the server is busy"]]);
  latest.want(6);  // asked again later, it is asked afresh
  await settle();
  assert.deepEqual(s.asked, [5, 6, 6]);
});

test("the same move wanted again while it is asked is one request", async () => {
  const s = server();
  const latest = askLatest(s.ask, s.show);
  latest.want(7);
  latest.want(7);
  await settle();
  s.pending.get(7).resolve("odds at 7");
  await settle();
  assert.deepEqual(s.asked, [7]);
  assert.deepEqual(s.shown, [[7, "odds at 7", null]]);
});

test("nothing is shown once the screen is gone", async () => {
  const s = server();
  const latest = askLatest(s.ask, s.show);
  latest.want(8);
  await settle();
  latest.stop();
  s.pending.get(8).resolve("odds at 8");
  await settle();
  assert.deepEqual(s.shown, []);
  assert.deepEqual(s.asked, [8]);
});
