// The games' visitors (js/games/<game>/visitor.js, on js/visitor.js) over real logs — one seeded game of each,
// as the live protocol gives it to each seat and to a spectator (visitor_logs.json, written by
// visitor_logs_fixture.py): read entry by entry as the table reads its updates, each entry is visited once
// and makes the lines the whole log makes; its sounds and motions are those its events' kinds call for; an
// undo, a hot seat's other view of the same moves and a log sent again are read again as words, never as
// news. The log panel (js/logpanel.js) draws each line once: an update appends, a rewind redraws from the
// first line that changed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";
import { LogReader, LogVisitor, handlerName, linesOf } from "../../../src/tabletop/web/js/visitor.js";
import { LogPanel, linesOfTold } from "../../../src/tabletop/web/js/logpanel.js";

const GAMES = ["beetle", "cribbage", "cubulus", "kubik"];
const FIXTURE = JSON.parse(readFileSync(new URL("./visitor_logs.json", import.meta.url), "utf8"));
const folders = Object.fromEntries(await Promise.all(GAMES.map(
  async (game) => [game, await import(`../../../src/tabletop/web/js/games/${game}/index.js`)])));
for (const game of GAMES) addStrings(game, folders[game].strings);
setLang("en");

const NAMES = ["Ann", "Bob", "Cid", "Dan"];
/** The words' context for `viewer` ("spectator": null), with a view naming the colours where the game has them. */
function ctxFor(game, viewer) {
  const players = FIXTURE[game].players;
  const view = game === "cubulus" ? { colours: ["orange", "blue", "green"].slice(0, players).concat(["neutral"]) } : null;
  return { seatName: (s) => NAMES[s], players, view, viewer: viewer === "spectator" ? null : Number(viewer) };
}

/** Every viewer's log of `game`: [viewer, entries]. */
const logsOf = (game) => Object.entries(FIXTURE[game].logs);

/** A list element's stand-in: children in order, each item knowing how to leave it. */
function fakeList() {
  return {
    children: [],
    insertBefore(el, before) {
      const at = before ? this.children.indexOf(before) : -1;
      if (at < 0) this.children.push(el);
      else this.children.splice(at, 0, el);
      el.parent = this;
    },
  };
}
const fakeItem = (line, number) => ({ line, number, fresh: false, parent: null,
  remove() { this.parent.children.splice(this.parent.children.indexOf(this), 1); },
  classList: { add() {} } });

/** A reader of `game`'s log and a panel drawing what it read into a stand-in list. */
function table(game, viewer) {
  const reader = new LogReader((ctx) => folders[game].visitor(ctx));
  const list = fakeList();
  const panel = new LogPanel(list, { build: fakeItem });
  const ctx = ctxFor(game, viewer);
  return {
    reader, panel, list,
    /** One update: the log as it now is (as `seen` sees it). Returns its news. */
    update(entries, seen = ctx) {
      const news = reader.read(entries, seen);
      panel.show(reader.told, entries.length);
      return news;
    },
    texts: () => list.children.map((item) => item.line.text),
  };
}

const texts = (lines) => lines.map((l) => l.text);

test("the visitor's handlers are named for the kinds: onPlays, onRolloffRolled, onCubeIn", () => {
  assert.equal(handlerName("plays"), "onPlays");
  assert.equal(handlerName("rolloff_rolled"), "onRolloffRolled");
  assert.equal(handlerName("cube_in"), "onCubeIn");
  // a kind without a handler goes to onEvent; a visitor without words tells the notation
  const seen = [];
  class Noting extends LogVisitor {
    onEvent(e) { seen.push(e.kind); }
  }
  const lines = linesOf(new Noting({ seatName: (s) => NAMES[s] }), [{ seat: 0, action: "x 1", events: [{ kind: "new_kind" }] }]);
  assert.deepEqual(seen, ["new_kind"]);
  assert.equal(lines[0].actions[0], "x 1");
});

for (const game of GAMES) {
  test(`${game}: each update's new entry is visited once, its lines appended, the same lines as the whole log's`, () => {
    for (const [viewer, log] of logsOf(game)) {
      const shown = table(game, viewer);
      assert.deepEqual(shown.update([]), []);  // the page's first state: nothing is news
      let joins = 0;
      for (let n = 1; n <= log.length; n += 1) {
        const news = shown.update(log.slice(0, n));  // the client keeps its entries and appends the new one
        assert.equal(news.length, 1, `${viewer} ${n}`);
        assert.equal(news[0].entry.action, log[n - 1].action);
        if (news[0].joins) joins += 1;
      }
      assert.equal(shown.reader.visits, log.length);  // each entry read once, never the whole log again
      const whole = folders[game].describeLog(log, ctxFor(game, viewer));
      assert.deepEqual(shown.texts(), texts(whole), viewer);
      assert.deepEqual(shown.list.children.map((item) => item.number), whole.map((_, i) => i + 1));
      // each line drawn once, and once more for every entry that made the line before it longer
      assert.equal(shown.panel.built, whole.length + joins);
      assert.deepEqual(shown.update(log), []);  // the same state drawn again: nothing read, nothing drawn
      assert.equal(shown.reader.visits, log.length);
      assert.equal(shown.panel.built, whole.length + joins);
    }
  });

  test(`${game}: an undo and a hot seat's other view are read again from where they differ, as words only`, () => {
    const logs = logsOf(game);
    const [first, log] = logs[0];
    const shown = table(game, first);
    shown.update([]);
    shown.update(log);
    // an undo takes the last entries back: the lines go with them, nothing is news
    const kept = Math.floor(log.length * 0.6);
    const visits = shown.reader.visits;
    assert.deepEqual(shown.update(log.slice(0, kept)), []);
    assert.deepEqual(shown.texts(), texts(folders[game].describeLog(log.slice(0, kept), ctxFor(game, first))));
    assert.ok(shown.reader.visits - visits <= kept - (shown.reader.starts[kept - 1] ?? 0));  // its last line, for the visitor's memory
    // another move in its place is news: its number is higher than any read
    const replaced = log.slice(kept).map((entry, i) => ({ ...entry, move: 1000 + i }));
    const news = shown.update([...log.slice(0, kept), ...replaced]);
    assert.equal(news.length, replaced.length);
    // the same moves sent again (a reconnection that lost track of its log): no news
    assert.deepEqual(shown.update(log.map((entry) => structuredClone(entry))), []);
    // a hot seat shows another seat: the server keeps what both logs share (k) and sends the rest as that seat saw it
    for (const [viewer, other] of logs.slice(1)) {
      const held = shown.reader.entries;
      let k = 0;
      while (k < other.length && k < held.length && JSON.stringify(held[k]) === JSON.stringify(other[k])) k += 1;
      const [built, visited] = [shown.panel.built, shown.reader.visits];
      assert.deepEqual(shown.update([...held.slice(0, k), ...other.slice(k)], ctxFor(game, viewer)), [], viewer);
      const whole = folders[game].describeLog(other, ctxFor(game, viewer));
      assert.deepEqual(shown.texts(), texts(whole), viewer);  // every line as this seat may see it
      assert.equal(shown.reader.visits - visited, other.length - k, viewer);  // read again from k only
      // the lines before the one entry k is in stay as they were drawn
      const kept = k ? linesOfTold(shown.reader.told, k).length - 1 : 0;
      assert.ok(shown.panel.built - built <= whole.length - kept, viewer);
    }
  });

  test(`${game}: the sounds and motions of each entry are those its events call for`, () => {
    for (const [viewer, log] of logsOf(game)) {
      const reader = new LogReader((ctx) => folders[game].visitor(ctx));
      reader.read([], ctxFor(game, viewer));
      const news = reader.read(log, ctxFor(game, viewer));
      assert.equal(news.length, log.length);
      for (const told of news) {
        const kinds = told.entry.events.map((e) => e.kind);
        const own = told.entry.events.filter((e) => e.action);
        assert.deepEqual(told.sounds, SOUNDS[game](told.entry.events, own), `${viewer} ${told.entry.action}`);
        assert.deepEqual(told.motions.map((m) => m.kind), MOTIONS[game](kinds, own), `${viewer} ${told.entry.action}`);
      }
    }
  });
}

/** The effects each game's rules' moments make, from an entry's events (`own`: the action's own). */
const SOUNDS = {
  beetle: (events) => events.filter((e) => ["roll", "rolled", "rolloff_rolled"].includes(e.kind)).map(() => "die"),
  cribbage: (events, own) => events.flatMap((e) => {
    if (own.includes(e) && ["cut", "dealt", "crib_dealt", "discards", "starter", "plays"].includes(e.kind)) return ["card"];
    return e.kind === "pegs" && e.points ? ["peg"] : [];
  }),
  cubulus: (events) => events.filter((e) => ["insert", "shift", "neutral_placed"].includes(e.kind)).map(() => "ball"),
  kubik: (events) => events.flatMap((e) => (["throw", "throw_real"].includes(e.kind) ? ["bat"]
    : ["cube_in", "cube_out", "cross", "intercept_hit"].includes(e.kind) ? ["die"] : [])),
};

/** The motions the screens show, by kind, from an entry's event kinds. */
const MOTIONS = {
  beetle: (kinds) => kinds.flatMap((k) => ({ rolled: ["face"], rolloff_rolled: ["face"], starts: ["starts"], part_drawn: ["part"] }[k] || [])),
  cribbage: (kinds) => kinds.flatMap((k) => ({ plays: ["play"], discards: ["discard"], starter: ["starter"], pegs: ["pegs"] }[k] || [])),
  cubulus: (kinds) => kinds.flatMap((k) => ({ insert: ["insert"], shift: ["shift"], neutral_placed: ["place"] }[k] || [])),
  kubik: (kinds) => kinds.flatMap((k) => (k === "throw" ? ["throw"]
    : ["miss", "cube_in", "cube_out", "cross", "intercept_hit", "intercept_miss"].includes(k) ? ["outcome"] : [])),
};

test("cribbage: a card played moves from its player to the pile, discards count the cards, the starter turns", () => {
  const [, log] = logsOf("cribbage")[0];
  const reader = new LogReader((ctx) => folders.cribbage.visitor(ctx));
  reader.read([], ctxFor("cribbage", "0"));
  const motions = reader.read(log, ctxFor("cribbage", "0")).flatMap((told) => told.motions);
  const plays = log.flatMap((e) => e.events.filter((x) => x.kind === "plays"));
  assert.deepEqual(motions.filter((m) => m.kind === "play").map((m) => [m.seat, m.card]), plays.map((e) => [e.seat, e.card]));
  const discards = motions.filter((m) => m.kind === "discard");
  assert.ok(discards.length && discards.every((m) => m.count === 2));
  assert.ok(discards.some((m) => m.seat === 0 && m.cards.length === 2));  // our own: the cards, from the hand
  assert.ok(discards.some((m) => m.seat === 1 && m.cards === null));  // another's: a count, from their place
  assert.ok(motions.some((m) => m.kind === "starter" && /^[2-9TJQKA][CDHS]$/.test(m.card)));
});

test("the panel draws only the lines that changed, and keeps the newest ones in the page", () => {
  const line = (text) => ({ text, notes: [], actions: [text], seat: 0 });
  const told = (text, joins = false) => ({ entry: { seat: 0, action: text }, line: line(text), joins, sounds: [], motions: [] });
  const list = fakeList();
  const panel = new LogPanel(list, { build: fakeItem, most: 3 });
  const log = [told("a"), told("b"), told("b+", true), told("c"), told("d")];
  assert.equal(panel.show(log, 2), true);
  assert.equal(panel.built, 2);
  const a = list.children[0];
  panel.show(log, 3);  // "b" made longer: its line drawn again, "a" left alone
  assert.equal(panel.built, 3);
  assert.equal(list.children[0], a);
  assert.deepEqual(list.children.map((item) => item.line.text), ["a", "b+"]);
  assert.equal(panel.show(log, 3), false);  // nothing new: nothing drawn
  panel.show(log, 5);  // the newest three lines only
  assert.deepEqual(list.children.map((item) => [item.line.text, item.number]), [["b+", 2], ["c", 3], ["d", 4]]);
  panel.show(log, 2);  // rewound: the first line comes back into the page, "b" drawn as it stood
  assert.deepEqual(list.children.map((item) => item.line.text), ["a", "b"]);
});
