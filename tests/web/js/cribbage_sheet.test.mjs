// Cribbage's score sheet and the words of its points (src/tabletop/web/js/games/cribbage/sheet.js,
// log.js; issue 17): every deal's pegging, hand, crib and running total per side from the events; a
// score cut off at the target explained; combinations written with card symbols; the count said
// aloud in words in en, ru and ro; numbers in the locale's format; the hand sorted by rank then suit.

import { test } from "node:test";
import assert from "node:assert/strict";

import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";
import * as cribbage from "../../../src/tabletop/web/js/games/cribbage/index.js";
import { cappedText, counted, num, pegsText, spoken } from "../../../src/tabletop/web/js/games/cribbage/log.js";
import { dealSheet, entriesOf, sidesOf } from "../../../src/tabletop/web/js/games/cribbage/sheet.js";
import { cardValue, sortCards } from "../../../src/tabletop/web/js/games/cribbage/screen.js";

addStrings("cribbage", cribbage.strings);

const NAMES = ["Ann", "Bob"];
const ctx = { seatName: (s) => NAMES[s], players: 2, view: null, viewer: 0 };
const A = true;
const chance = (action, ...events) => ({ seat: -1, action, events });
const by = (seat, action, ...events) => ({ seat, action, events });
const pegs = (seat, points, why, score, extra = {}) => ({ kind: "pegs", seat, side: seat, points, why, score, ...extra });
const deal = (seat) => chance("deal", { kind: "dealt", seat, action: A });
const combos = (...list) => ({ combinations: list.map(([why, cards, points]) => ({ why, cards, points })) });

/** Two deals of a game to 31 (Ann deals first, then Bob), a game won on a hand cut short at 31, and a new game. */
const LOG = [
  chance("cut 2C", { kind: "cut", seat: 0, card: "2C", action: A }),
  chance("cut KD", { kind: "cut", seat: 1, card: "KD", action: A }, { kind: "dealer", seat: 0, why: "cut" }),
  deal(1), deal(0), deal(1), deal(0),
  by(1, "discard ? ?", { kind: "discards", seat: 1, count: 2, action: A }),
  by(0, "discard 5H 6D", { kind: "discards", seat: 0, cards: ["5H", "6D"], action: A }),
  chance("starter JC", { kind: "starter", card: "JC", action: A }, pegs(0, 2, "heels", 2)),
  by(1, "5S", { kind: "plays", seat: 1, card: "5S", count: 5, action: A }),
  by(0, "TD", { kind: "plays", seat: 0, card: "TD", count: 15, action: A }, pegs(0, 2, "play", 4, combos(["fifteen", ["5S", "TD"], 2]))),
  by(1, "go", { kind: "go", seat: 1, action: A }),
  by(0, "go", { kind: "go", seat: 0, action: A }, pegs(0, 1, "go", 5)),
  by(1, "count", { kind: "counts", seat: 1, what: "hand", cards: ["5S", "5C", "TH", "4C"], starter: "JC", action: A },
    pegs(1, 6, "hand", 6, combos(["fifteen", ["5S", "TH"], 2], ["fifteen", ["5C", "TH"], 2], ["pair", ["5S", "5C"], 2]))),
  by(0, "count", { kind: "counts", seat: 0, what: "hand", cards: ["2H", "4D", "6S", "8C"], starter: "JC", action: A },
    pegs(0, 0, "hand", 5, combos())),
  by(0, "count", { kind: "counts", seat: 0, what: "crib", cards: ["5H", "6D", "7C", "8D"], starter: "JC", action: A },
    pegs(0, 4, "crib", 9, combos(["run", ["5H", "6D", "7C", "8D"], 4])), { kind: "dealer", seat: 1, why: "left" }),
  deal(0), deal(1), deal(0), deal(1),
  by(1, "count", { kind: "counts", seat: 1, what: "hand", cards: ["3S", "3C", "3H", "4C"], starter: "5D", action: A },
    pegs(1, 25, "hand", 31, combos(["fifteen", ["3S", "3C", "4C", "5D"], 2], ["pair_royal", ["3S", "3C", "3H"], 6],
      ["run", ["3S", "4C", "5D"], 3], ["run", ["3C", "4C", "5D"], 3], ["run", ["3H", "4C", "5D"], 3])),
    { kind: "wins_game", side: 1, members: [1], scores: [9, 31], value: 1, game: 1, games: 3, match_points: [0, 1] },
    { kind: "dealer", seat: 0, why: "loser" }),
  deal(1), deal(0),
  chance("starter JD", { kind: "starter", card: "JD", action: A }, pegs(0, 2, "heels", 2)),
];

test("the sheet has a row per deal and side: pegging, hand, crib and the running total", () => {
  const sides = sidesOf({ sides: [0, 1] }, 2);
  const deals = dealSheet(LOG, sides.count, sides.of);
  assert.equal(deals.length, 3);
  const [first, second, third] = deals;
  assert.deepEqual([first.game, first.deal, first.dealer], [1, 1, 0]);
  assert.deepEqual(first.sides[0], { pegging: 5, hand: 0, crib: 4, muggins: 0, total: 9 });  // heels 2, fifteen 2, go 1
  assert.deepEqual(first.sides[1], { pegging: 0, hand: 6, crib: 0, muggins: 0, total: 6 });
  assert.deepEqual([second.deal, second.dealer, second.winner], [2, 1, 1]);
  assert.deepEqual(second.sides[1], { pegging: 0, hand: 25, crib: 0, muggins: 0, total: 31 });
  assert.equal(second.sides[0].total, 9);  // nothing pegged: the total carries over
  assert.deepEqual([third.game, third.deal, third.dealer], [2, 1, 0]);  // a new game starts from nothing
  assert.deepEqual(third.sides.map((s) => s.total), [2, 0]);
});

test("a state message gives its entries to the game-over summary", () => {
  assert.equal(entriesOf({ entries: LOG, log: ["cut 2C"] }), LOG);
  assert.equal(entriesOf({ log: LOG }), LOG);
  assert.deepEqual(entriesOf({ log: ["cut 2C"] }), []);
  assert.equal(typeof cribbage.summary, "function");
  assert.equal(cribbage.ownsActions, true);
});

test("a score cut off at the target says so, in every language", () => {
  const capped = LOG.flatMap((e) => e.events).find((e) => e.kind === "pegs" && e.points === 25);
  assert.equal(counted(capped), 17);
  assert.equal(cappedText(capped), null);  // 17 counted, 25 pegged: a sample that is not cut short
  const cut = { ...capped, points: 6, score: 121 };
  setLang("en");
  assert.equal(cappedText(cut), "17 counted, but the game ends at 121");
  assert.match(pegsText(cut, ctx), /^Bob pegs 6 \(hand\): fifteen two, .* — 17 counted, but the game ends at 121$/);
  assert.equal(cappedText(cut, "cribbage.capped"), "17 counted; capped at 121: the game ended");
  assert.equal(cappedText({ kind: "pegs", why: "heels", points: 1, score: 61 }), "2 counted, but the game ends at 61");
  setLang("ru");
  assert.equal(cappedText(cut), "насчитано 17, но игра заканчивается на 121");
  setLang("ro");
  assert.equal(cappedText(cut), "s-au numărat 17, dar jocul se termină la 121");
  setLang("en");
});

test("combinations are written with card symbols in the log, not in notation", () => {
  setLang("en");
  const notes = cribbage.describeLog(LOG, ctx).flatMap((l) => l.notes);
  assert.ok(notes.includes("fifteen 5♠ 10♥ · fifteen 5♣ 10♥ · pair 5♠ 5♣"), notes);
  assert.ok(notes.includes("run 5♥ 6♦ 7♣ 8♦"));
  assert.ok(!notes.some((n) => /\b(TD|TH|5S|5C)\b/.test(n)), notes);
  setLang("ru");
  assert.ok(cribbage.describeLog(LOG, ctx).flatMap((l) => l.notes).includes("пятнадцать 5♠ 10♥ · пятнадцать 5♣ 10♥ · пара 5♠ 5♣"));
  setLang("en");
});

test("the count is said aloud in words in every language, a run's length declined in Russian", () => {
  const hand = [{ why: "fifteen", cards: ["5S", "TH"], points: 2 }, { why: "fifteen", cards: ["5C", "TH"], points: 2 },
    { why: "pair", cards: ["5S", "5C"], points: 2 }, { why: "run", cards: ["3C", "4C", "5D"], points: 3 }];
  const said = { en: "fifteen two, fifteen four, a pair is six, and a run of three is nine",
    ru: "пятнадцать — два, пятнадцать — четыре, пара — шесть и последовательность из трёх — девять",
    ro: "cincisprezece — doi, cincisprezece — patru, o pereche — șase și un șir de trei — nouă" };
  for (const [code, text] of Object.entries(said)) {
    setLang(code);
    assert.equal(spoken(hand), text);
    assert.doesNotMatch(spoken([{ why: "flush", cards: ["2H", "3H", "8H", "JH", "KH"], points: 5 }]), /\d/);
  }
  setLang("ru");
  assert.equal(spoken([{ why: "double_pair_royal", cards: ["5H", "5D", "5C", "5S"], points: 12 },
    { why: "fifteen", cards: ["5H", "5D", "5C"], points: 2 }, { why: "nobs", cards: ["JS"], points: 1 }]),
  "каре — двенадцать, пятнадцать — четырнадцать и нобс — пятнадцать");
  setLang("en");
});

test("numbers follow the locale's format", () => {
  setLang("ru");
  assert.equal(num(1234), new Intl.NumberFormat("ru").format(1234));
  setLang("ro");
  assert.equal(num(1234.5), "1.234,5");
  setLang("en");
  assert.equal(num(121), "121");
});

test("the hand is sorted by rank (ace low), then suit; a card's value in the count", () => {
  assert.deepEqual(sortCards(["KD", "5H", "AS", "5C", "TD", "5S"]), ["AS", "5C", "5S", "5H", "TD", "KD"]);
  assert.deepEqual(["AS", "9C", "TD", "JH", "QS", "KC"].map(cardValue), [1, 9, 10, 10, 10, 10]);
});
