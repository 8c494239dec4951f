// The replay's steps (js/steps.js, issue #17 item 5) over one finished game of every registered game
// (replay_logs.json, written by replay_logs_fixture.py from the server's own replay log): a step is
// a seat's decision with the chance that answers it, never a card or a die's face on its own;
// each game's hook makes whole moves: cribbage a deal's cards one step, both discards with the starter
// another, each card of the pegging its own and the show one (C5, C7, C8, C13); Beetle a round of every
// player's roll (B5, B6); Cubulus a move, the set-up's neutral balls together (U13); Kubik a throw with its
// interception (K19). Fine steps go action by action; the stops forward and back are the steps' ends.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const steps = await import("../../../src/tabletop/web/js/steps.js");
const cribbage = await import("../../../src/tabletop/web/js/games/cribbage/steps.js");
const beetle = await import("../../../src/tabletop/web/js/games/beetle/steps.js");
const cubulus = await import("../../../src/tabletop/web/js/games/cubulus/steps.js");
const kubik = await import("../../../src/tabletop/web/js/games/kubik/steps.js");
const LOGS = JSON.parse(readFileSync(new URL("./replay_logs.json", import.meta.url), "utf8"));
const { groupSteps, stepsOf, covers, nextStop, previousStop, placeOf, stops, isChance } = steps;

const decisions = (log) => log.filter((e) => !isChance(e)).length;
const entriesOf = (log, step) => log.slice(step.start, step.end);
const kinds = (log, step) => entriesOf(log, step).map((e) => cribbage.kindOf(e));

test("every game's steps cover its log in order, each with at most one decision, at its start", () => {
  for (const [game, { log }] of Object.entries(LOGS)) {
    const found = groupSteps(log);
    assert.ok(covers(found, log.length), game);
    for (const [i, step] of found.entries()) {
      const seats = entriesOf(log, step).map((e) => e.seat);
      assert.ok(seats.slice(1).every((s) => s < 0), `${game} step ${i}: a decision inside a step`);
      if (i > 0) assert.ok(seats[0] >= 0, `${game} step ${i}: chance on its own after a decision`);
    }
    assert.ok(found.length <= decisions(log) + 1, game);  // as many steps as decisions (+ an opening lot)
  }
});

test("generic steps: a Beetle roll and its face are one step (B5), a Kubik throw and what it did one (K7, K9)", () => {
  const beetleLog = LOGS.beetle.log;
  for (const step of groupSteps(beetleLog)) {
    assert.equal(step.end - step.start, 2);
    assert.equal(beetleLog[step.start].action, "roll");
  }
  const log = LOGS.kubik.log;
  const [lot, ...rest] = groupSteps(log);
  assert.deepEqual(entriesOf(log, lot).map((e) => e.seat), [-1]);  // the lot for the first throw (K5)
  for (const step of rest) assert.ok(entriesOf(log, step).slice(1).every((e) => e.seat < 0));
});

test("a Beetle step is a round: every player's roll once, the roll-off its own rounds (B5, B6, B11)", () => {
  const log = LOGS.beetle.log;
  const found = stepsOf(beetle, log);
  assert.ok(covers(found, log.length));
  const players = new Set(log.filter((e) => e.seat >= 0).map((e) => e.seat)).size;
  const rolls = (step) => entriesOf(log, step).filter((e) => e.seat >= 0);
  const rolloffOf = (entry) => entry.events.find((e) => e.kind === "roll").rolloff;
  for (const [i, step] of found.entries()) {
    const seats = rolls(step).map((e) => e.seat);
    assert.ok(log[step.start].seat >= 0, `round ${i} starts with a roll`);
    assert.equal(new Set(seats).size, seats.length, `round ${i}: a seat rolls once`);
    assert.equal(new Set(rolls(step).map(rolloffOf)).size, 1, `round ${i}: the roll-off and play never share one`);
  }
  const play = found.filter((step) => !rolloffOf(rolls(step)[0]));
  assert.equal(rolls(found[0]).length, players, "everybody rolls in the roll-off (B6)");
  for (const step of play.slice(0, -1)) assert.equal(rolls(step).length, players, "a full round of play");
  assert.ok(play.length >= 2 && found.length < decisions(log) / 2, `${found.length} rounds`);
  assert.equal(stepsOf(beetle, log, { fine: true }).length, log.length);  // each roll and face on demand
});

test("a Cubulus move is a step, the set-up's nine neutral balls one step (U5, U6, U13)", () => {
  const log = LOGS.cubulus.log;
  assert.equal(groupSteps(log).length, decisions(log) + 1);  // generic: every ball placed its own
  const found = stepsOf(cubulus, log);
  assert.ok(covers(found, log.length));
  const [lot, setup, ...moves] = found;
  assert.deepEqual(entriesOf(log, lot).map((e) => e.seat), [-1]);  // who starts (U13)
  assert.deepEqual(entriesOf(log, setup).map((e) => e.action.split(" ")[0]), Array(9).fill("place"));
  for (const step of moves) {
    assert.match(log[step.start].action, /^(insert|shift|pass)\b/);
    assert.ok(entriesOf(log, step).slice(1).every((e) => e.seat < 0));
  }
  assert.equal(found.length, decisions(log) - 9 + 2);
});

test("a Kubik step is a throw with its interception: who stands, the throw, the crossing, strike or hold (K19)", () => {
  const log = LOGS.kubik.log;
  const found = stepsOf(kubik, log);
  assert.ok(covers(found, log.length));
  const [lot, ...turns] = found;
  assert.deepEqual(entriesOf(log, lot).map((e) => kubik.kindOf(e)), ["lot"]);
  const throws = log.filter((e) => ["throw", "throw_real"].includes(kubik.kindOf(e))).length;
  assert.equal(turns.length, throws, "one step per throw");
  let crossed = 0;
  for (const step of turns) {
    const own = entriesOf(log, step).filter((e) => e.seat >= 0).map((e) => kubik.kindOf(e));
    assert.ok(["stands", "nobody_stands"].includes(own[0]), own.join(" "));  // with interception: said first
    assert.ok(["throw", "throw_real"].includes(own[1]), own.join(" "));
    if (own.length > 2) {
      assert.equal(own.length, 3);
      assert.ok(["strike", "hold"].includes(own[2]));
      crossed += 1;
    }
    assert.ok(entriesOf(log, step).some((e) => e.events.some((x) => x.kind === "points")), "the throw scored");
  }
  assert.ok(crossed > 0, "the fixture has a crossing to check");
  const plain = [{ seat: -1, action: "first B", events: [] }, { seat: 1, action: "throw", events: [] },
    { seat: -1, action: "out 3", events: [] }, { seat: 0, action: "throw", events: [] },
    { seat: -1, action: "miss", events: [] }];
  assert.deepEqual(stepsOf(kubik, plain), [{ start: 0, end: 1, round: null }, { start: 1, end: 3, round: null },
    { start: 3, end: 5, round: null }], "without interception: the throw and what it did");
});

test("cribbage steps: a deal's cards together, both discards with the starter, each pegging card, the show", () => {
  const log = LOGS.cribbage.log;
  const found = stepsOf(cribbage, log);
  assert.ok(covers(found, log.length));
  const deals = found.filter((step) => kinds(log, step).includes("dealt"));
  for (const step of deals) {
    assert.ok(kinds(log, step).every((k) => ["cut", "dealt"].includes(k)), "a deal step holds only the deal");
    assert.equal(kinds(log, step).filter((k) => k === "dealt").length, 12, "six cards to each of two (C5)");
  }
  assert.deepEqual(deals.map((step) => step.round), deals.map((_, i) => i + 1), "each deal opens a round");
  const discards = found.filter((step) => kinds(log, step)[0] === "discards");
  assert.equal(discards.length, deals.length);
  for (const step of discards) assert.deepEqual(kinds(log, step), ["discards", "discards", "starter"]);
  const plays = log.filter((e) => ["plays", "go"].includes(cribbage.kindOf(e))).length;
  assert.equal(found.filter((step) => ["plays", "go"].includes(kinds(log, step)[0])).length, plays);
  for (const step of found.filter((s) => kinds(log, s)[0] === "counts")) {
    assert.ok(kinds(log, step).every((k) => k === "counts"));
    assert.ok(step.end - step.start >= 2 || step.end === log.length, "the show is one step (C13)");
  }
  // about a third of the actions are cards dealt: far fewer steps than actions, about one per decision
  assert.ok(found.length < log.length / 2, `${found.length} steps for ${log.length} actions`);
  assert.ok(found.length <= decisions(log), `${found.length} steps, ${decisions(log)} decisions`);
  for (const step of found) assert.ok(step.round >= 1, "every step belongs to a deal");
});

test("fine steps go action by action, each still in its deal", () => {
  const log = LOGS.cribbage.log;
  const whole = stepsOf(cribbage, log);
  const fine = stepsOf(cribbage, log, { fine: true });
  assert.equal(fine.length, log.length);
  assert.ok(covers(fine, log.length));
  for (const step of whole) for (let i = step.start; i < step.end; i += 1) assert.equal(fine[i].round, step.round);
});

test("a broken or partial hook falls back to the generic steps", () => {
  const log = LOGS.cribbage.log;
  const errors = console.error;
  console.error = () => {};
  try {
    assert.deepEqual(stepsOf({ replaySteps: () => [{ start: 0, end: 3, round: null }] }, log), groupSteps(log));
    assert.deepEqual(stepsOf({ replaySteps: () => { throw new Error("x"); } }, log), groupSteps(log));
  } finally {
    console.error = errors;
  }
  assert.deepEqual(stepsOf(null, log), groupSteps(log));
});

test("forward and back stop at the steps' ends, from anywhere, and stay inside the game", () => {
  const found = [{ start: 0, end: 14, round: 1 }, { start: 14, end: 15, round: 1 }, { start: 15, end: 17, round: 1 }];
  assert.deepEqual(stops(found), [0, 14, 15, 17]);
  assert.equal(nextStop(found, 0), 14);
  assert.equal(nextStop(found, 5), 14);  // from inside a step (after fine steps): its end
  assert.equal(nextStop(found, 14), 15);
  assert.equal(nextStop(found, 17), 17);
  assert.equal(previousStop(found, 17), 15);
  assert.equal(previousStop(found, 16), 15);
  assert.equal(previousStop(found, 14), 0);
  assert.equal(previousStop(found, 0), 0);
  assert.deepEqual(placeOf(found, 0), { index: 0, step: null, count: 3 });
  assert.deepEqual(placeOf(found, 15), { index: 2, step: found[1], count: 3 });
  assert.deepEqual(placeOf(found, 16), { index: 2, step: found[1], count: 3 });
  assert.deepEqual(nextStop([], 0), 0);
});

test("every game's steps are causal: a log cut anywhere groups as the whole game did, up to the cut", () => {
  const hooks = { beetle, cribbage, cubulus, kubik };
  for (const [game, { log }] of Object.entries(LOGS)) {
    const whole = stepsOf(hooks[game], log);
    for (let n = 1; n <= log.length; n += 1) {
      const cut = stepsOf(hooks[game], log.slice(0, n));
      assert.ok(covers(cut, n), `${game} cut at ${n}`);
      const closed = whole.filter((step) => step.end <= n);  // the steps the cut leaves whole
      assert.deepEqual(cut.slice(0, closed.length), closed, `${game} cut at ${n}`);
      assert.ok(cut.length - closed.length <= 1, `${game} cut at ${n}: at most one step cut short`);
    }
  }
});
