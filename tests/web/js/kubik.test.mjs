// Kubik's move log told from events (js/games/kubik/log.js) in every language: every event kind the
// game declares (TABLETOP_EVENT_KINDS, from tests/web/test_js_units.py) is rendered in en, ru and ro,
// with no {placeholder} or raw key left, and ru/ro differ from en. Everything on a Kubik field is
// public: every viewer's log reads the same. The sample is a scorekeeper game with interception and
// recentring (K5–K19) as the Python side emits it, plus a simulated throw and outcomes people saw.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { addStrings, setLang, t } from "../../../src/tabletop/web/js/i18n.js";
import * as strings from "../../../src/tabletop/web/js/games/kubik/strings.js";
import { OUTCOME_KINDS } from "../../../src/tabletop/web/js/games/kubik/log.js";
import { describeLog, visitor } from "../../../src/tabletop/web/js/games/kubik/visitor.js";
import { LogReader } from "../../../src/tabletop/web/js/visitor.js";

addStrings("kubik", strings);

const LANGUAGES = ["en", "ru", "ro"];
const listed = process.env.TABLETOP_EVENT_KINDS;
const KINDS = listed && existsSync(listed) ? JSON.parse(readFileSync(listed, "utf8")).kinds.kubik : null;

// a scorekeeper game (throws=manual, interception, recentre, max_throws=6), as the server logs it
const GAME = [
  {"seat": -1, "action": "first A", "events": [{"kind": "lot", "team": "A", "action": true}]},
  {"seat": 2, "action": "pass", "events": [{"kind": "nobody_stands", "team": "B", "action": true}]},
  {"seat": 0, "action": "throw", "events": [{"kind": "throw_real", "seat": 0, "player": "A1", "team": "A", "action": true}]},
  {"seat": -1, "action": "out 6", "events": [{"kind": "cube_out", "seat": 0, "player": "A1", "team": "A", "top": 6, "front": null, "seen": false, "action": true}, {"kind": "points", "team": "A", "points": 6, "why": "out", "top": 6, "score": 6}]},
  {"seat": 1, "action": "intercept A1", "events": [{"kind": "stands", "seat": 0, "player": "A1", "team": "A", "action": true}]},
  {"seat": 2, "action": "throw", "events": [{"kind": "throw_real", "seat": 2, "player": "B1", "team": "B", "action": true}]},
  {"seat": -1, "action": "cross", "events": [{"kind": "cross", "seat": 2, "player": "B1", "team": "B", "x": null, "y": null, "vx": null, "vy": null, "seen": false, "action": true}]},
  {"seat": 0, "action": "strike", "events": [{"kind": "strike", "seat": 0, "player": "A1", "team": "A", "action": true}]},
  {"seat": -1, "action": "hit 3", "events": [{"kind": "intercept_hit", "seat": 0, "player": "A1", "team": "A", "top": 3, "front": null, "seen": false, "action": true}, {"kind": "points", "team": "B", "points": 0, "why": "intercepted", "top": 3, "score": 0}, {"kind": "points", "team": "A", "points": 6, "why": "interception", "top": 3, "score": 12}]},
  {"seat": 3, "action": "intercept B1", "events": [{"kind": "stands", "seat": 2, "player": "B1", "team": "B", "action": true}]},
  {"seat": 1, "action": "throw", "events": [{"kind": "throw_real", "seat": 1, "player": "A2", "team": "A", "action": true}]},
  {"seat": -1, "action": "cross", "events": [{"kind": "cross", "seat": 1, "player": "A2", "team": "A", "x": null, "y": null, "vx": null, "vy": null, "seen": false, "action": true}]},
  {"seat": 2, "action": "strike", "events": [{"kind": "strike", "seat": 2, "player": "B1", "team": "B", "action": true}]},
  {"seat": -1, "action": "miss", "events": [{"kind": "intercept_miss", "seat": 2, "player": "B1", "team": "B", "seen": false, "action": true}, {"kind": "points", "team": "B", "points": -10, "why": "interception_missed", "score": -10}]},
  {"seat": -1, "action": "out 2", "events": [{"kind": "cube_out", "seat": 1, "player": "A2", "team": "A", "top": 2, "front": null, "seen": false, "action": true}, {"kind": "points", "team": "A", "points": 2, "why": "out", "top": 2, "score": 14}]},
  {"seat": 0, "action": "pass", "events": [{"kind": "nobody_stands", "team": "A", "action": true}]},
  {"seat": 3, "action": "throw", "events": [{"kind": "throw_real", "seat": 3, "player": "B2", "team": "B", "action": true}]},
  {"seat": -1, "action": "in", "events": [{"kind": "cube_in", "seat": 3, "player": "B2", "team": "B", "top": null, "front": null, "seen": false, "action": true}, {"kind": "points", "team": "B", "points": 0, "why": "in", "score": -10}, {"kind": "recentred", "top": 2}]},
  {"seat": 2, "action": "intercept B2", "events": [{"kind": "stands", "seat": 3, "player": "B2", "team": "B", "action": true}]},
  {"seat": 0, "action": "throw", "events": [{"kind": "throw_real", "seat": 0, "player": "A1", "team": "A", "action": true}]},
  {"seat": -1, "action": "cross", "events": [{"kind": "cross", "seat": 0, "player": "A1", "team": "A", "x": null, "y": null, "vx": null, "vy": null, "seen": false, "action": true}]},
  {"seat": 3, "action": "hold", "events": [{"kind": "hold", "seat": 3, "player": "B2", "team": "B", "action": true}]},
  {"seat": -1, "action": "out 1", "events": [{"kind": "cube_out", "seat": 0, "player": "A1", "team": "A", "top": 1, "front": null, "seen": false, "action": true}, {"kind": "points", "team": "A", "points": 1, "why": "out", "top": 1, "score": 15}]},
  {"seat": 1, "action": "pass", "events": [{"kind": "nobody_stands", "team": "A", "action": true}]},
  {"seat": 2, "action": "throw", "events": [{"kind": "throw_real", "seat": 2, "player": "B1", "team": "B", "action": true}]},
  {"seat": -1, "action": "miss", "events": [{"kind": "miss", "seat": 2, "player": "B1", "team": "B", "seen": false, "action": true}, {"kind": "points", "team": "B", "points": -5, "why": "miss", "score": -15}, {"kind": "throw_limit", "throws": 6}]},
];

// a simulated throw and outcomes people entered in a simulated game (`seen …`)
const SIMULATED = [
  { seat: 1, action: "throw A pos +0.5 aim -2 power 12 spin 4", events: [{ kind: "throw", seat: 1, player: "B1",
    team: "B", line: "A", pos: 0.5, aim: -2.0, power: 12.0, spin: 4.0, action: true }] },
  { seat: -1, action: "in 3/1 at +0.210,-0.100,12.0 noise 0.31,-1.2,0,0,0,0,0", events: [{ kind: "cube_in", seat: 1,
    player: "B1", team: "B", top: 3, front: 1, seen: false, action: true },
  { kind: "points", team: "B", points: 0, why: "in", score: 0 }] },
  { seat: -1, action: "seen cross", events: [{ kind: "cross", seat: 0, player: "A1", team: "A", x: null, y: null,
    vx: null, vy: null, seen: true, action: true }] },
  { seat: -1, action: "seen hit 4", events: [{ kind: "intercept_hit", seat: 1, player: "B1", team: "B", top: 4,
    front: null, seen: true, action: true },
  { kind: "points", team: "A", points: 0, why: "intercepted", top: 4, score: 3 },
  { kind: "points", team: "B", points: 8, why: "interception", top: 4, score: 8 }] },
];

const NAMES = ["Ann", "Bob", "Cid", "Dee"];
const ctx = (viewer) => ({ seatName: (s) => NAMES[s] ?? `Seat ${s + 1}`, players: 4, view: null, viewer });

function render(code, entries, viewer = null) {
  setLang(code);
  try {
    return describeLog(entries, ctx(viewer));
  } finally {
    setLang("en");
  }
}

const allText = (lines) => lines.flatMap((l) => [l.text, ...l.notes]);
const kindsIn = (entries) => new Set(entries.flatMap((e) => e.events.map((x) => x.kind)));

test("kubik: the sample covers every event kind the game declares", () => {
  const covered = kindsIn([...GAME, ...SIMULATED]);
  for (const kind of KINDS ?? [...covered]) assert.ok(covered.has(kind), `no sample event of kind ${kind}`);
  for (const kind of OUTCOME_KINDS) assert.ok(!KINDS || KINDS.includes(kind), `${kind} is not a declared kind`);
});

for (const code of LANGUAGES) {
  test(`kubik: every event reads as a sentence in ${code}`, () => {
    const lines = render(code, [...GAME, ...SIMULATED]);
    assert.equal(lines.length, GAME.length + SIMULATED.length);  // one line per action
    for (const text of allText(lines)) {
      assert.ok(text && typeof text === "string", "an empty sentence");
      assert.doesNotMatch(text, /\{\w+\}/, `a placeholder left in ${code}: ${text}`);
      assert.doesNotMatch(text, /kubik\.(event|why)\.|log\.kubik/, `a raw key in ${code}: ${text}`);
      assert.doesNotMatch(text, /undefined|null|NaN/, `a missing value in ${code}: ${text}`);
    }
    for (const kind of KINDS ?? []) assert.notEqual(t(`kubik.event.${kind}`), `kubik.event.${kind}`);
  });
}

test("kubik: ru and ro are translations, not English", () => {
  const en = allText(render("en", [...GAME, ...SIMULATED]));
  for (const code of ["ru", "ro"]) {
    const other = allText(render(code, [...GAME, ...SIMULATED]));
    assert.equal(other.length, en.length);
    for (let i = 0; i < en.length; i += 1) {
      // "Ann (A1)" alone is the same everywhere; every sentence has words of its language
      assert.notEqual(other[i], en[i], `${code} line ${i} is the English: ${en[i]}`);
    }
  }
});

test("kubik: the sentences say what the events say (K5–K19)", () => {
  const lines = render("en", [...GAME, ...SIMULATED]);
  const [lot, pass, real, out] = lines;
  assert.equal(lot.text, "By lot, team A throws first");
  assert.equal(lot.seat, -1);
  assert.deepEqual(lot.actions, ["first A"]);
  assert.equal(pass.text, "Team B: nobody stands to intercept");
  assert.equal(real.text, "Ann (A1) throws");
  assert.equal(out.text, "The cube flies out of the circle: 6 on top");
  assert.deepEqual(out.notes, ["Team A: +6 (out with 6 on top), now 6"]);  // K7
  assert.equal(lines[4].text, "Ann (A1) stands to intercept");  // K13, K19
  assert.equal(lines[6].text, "The cube crosses the border line");
  assert.equal(lines[7].text, "Ann (A1) throws at the crossing cube");
  assert.equal(lines[8].text, "The interception hits: 3 on top");  // K14: double for the interceptors
  assert.deepEqual(lines[8].notes, ["Team B: +0 (intercepted), now 0", "Team A: +6 (interception: 3 × 2), now 12"]);
  assert.equal(lines[13].text, "The interception misses");  // K15: −10
  assert.deepEqual(lines[13].notes, ["Team B: −10 (interception missed), now −10"]);
  assert.equal(lines[17].text, "The cube is hit but stays in the circle");  // K9, K17
  assert.deepEqual(lines[17].notes, ["Team B: +0 (stayed in), now −10", "The cube goes back to the small circle, 2 on top"]);
  assert.equal(lines[21].text, "Dee (B2) holds back");
  assert.equal(lines[25].text, "The bat misses the cube");  // K9: −5, then the throw limit
  assert.deepEqual(lines[25].notes, ["Team B: −5 (a miss), now −15",
    "The throw limit is reached (6 throws): the higher score wins"]);
  const [throwLine, inLine, seenCross, seenHit] = lines.slice(GAME.length);
  assert.equal(throwLine.text, "Bob (B1) throws from line A (at +0.5 m, aim −2°, 12 m/s, 4 turns/s)");  // K6
  assert.equal(inLine.text, "The cube is hit but stays in the circle: 3 on top");
  assert.equal(seenCross.text, "The cube crosses the border line (as people saw it)");
  assert.equal(seenHit.notes[1], "Team B: +8 (interception: 4 × 2), now 8");
});

test("kubik: nothing is hidden on a field: every seat and a spectator read the same log", () => {
  for (const code of LANGUAGES) {
    const spectator = allText(render(code, GAME, null));
    for (const seat of [0, 1, 2, 3]) assert.deepEqual(allText(render(code, GAME, seat)), spectator);
  }
});

test("kubik: an entry without events is told generically, never lost", () => {
  const [line] = render("en", [{ seat: 0, action: "throw", events: [] }]);
  assert.match(line.text, /throw/);
  assert.deepEqual(line.notes, []);
});

test("kubik: the screen is told each simulated throw, and each outcome with its points and its place in the log", () => {
  const reader = new LogReader((c) => visitor(c));
  reader.read([], ctx(0));  // (the page's first log is no news)
  const entries = [...SIMULATED, ...GAME].map((entry, move) => ({ ...entry, move }));
  const news = reader.read(entries, ctx(0));
  const motions = news.flatMap((told) => told.motions.map((motion) => ({ ...motion, index: told.index })));
  const [thrown] = motions;
  assert.deepEqual(thrown, { kind: "throw", throw: SIMULATED[0].events[0], index: 0 });  // where the bat leaves, how
  const outcomes = motions.filter((m) => m.kind === "outcome");
  const expected = entries.flatMap((entry, index) => entry.events.filter((e) => OUTCOME_KINDS.includes(e.kind))
    .map((e) => ({ kind: "outcome", outcome: e, points: entry.events.filter((p) => p.kind === "points"), index })));
  assert.deepEqual(outcomes, expected);  // every outcome, in order: what it did, the points it scored, where it is
  assert.equal(motions.filter((m) => m.kind === "throw").length, 1);  // a throw on a real field has no flight to show
});
