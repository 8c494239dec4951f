// Cribbage's move log from events (src/tabletop/web/js/games/cribbage/log.js): every event kind the
// game declares is told in en, ru and ro with no placeholder or key left; a run of deals is one line
// naming only the viewer's own cards; another seat's discard is a count; the count is said aloud.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { addStrings, setLang } from "../../../src/tabletop/web/js/i18n.js";
import * as cribbage from "../../../src/tabletop/web/js/games/cribbage/index.js";
import { dealPoints, spoken } from "../../../src/tabletop/web/js/games/cribbage/log.js";
import { endedBeforeShow, endingOf, endingText } from "../../../src/tabletop/web/js/games/cribbage/ending.js";

addStrings("cribbage", cribbage.strings);

const NAMES = ["Ann", "Bob", "Cid", "Dan"];
const ctxFor = (viewer, players = 2) => ({ seatName: (s) => NAMES[s], players, view: null, viewer });
const LANGUAGES = ["en", "ru", "ro"];
const A = true;  // the action's own event

const chance = (action, ...events) => ({ seat: -1, action, events });
const by = (seat, action, ...events) => ({ seat, action, events });
const pegs = (seat, points, why, extra = {}) => ({ kind: "pegs", seat, side: seat % 2, points, why, score: 10, ...extra });

/** A two-player deal as seat 0 saw it (seat 0 deals after a tie), then the show, muggins and the game's end. */
const LOG = [
  chance("cut 9C", { kind: "cut", seat: 0, card: "9C", action: A }),
  chance("cut 9D", { kind: "cut", seat: 1, card: "9D", action: A }, { kind: "cut_tie", members: [0, 1], rank: 9 }),
  chance("cut 2C", { kind: "cut", seat: 0, card: "2C", action: A }),
  chance("cut KD", { kind: "cut", seat: 1, card: "KD", action: A }, { kind: "dealer", seat: 0, why: "cut" }),
  chance("deal", { kind: "dealt", seat: 1, action: A }),
  chance("deal 5H", { kind: "dealt", seat: 0, card: "5H", action: A }),
  chance("deal", { kind: "dealt", seat: 1, action: A }),
  chance("deal TD", { kind: "dealt", seat: 0, card: "TD", action: A }),
  chance("deal ?", { kind: "crib_dealt", action: A }),
  by(1, "discard ? ?", { kind: "discards", seat: 1, count: 2, action: A }),
  by(0, "discard 5H 6D", { kind: "discards", seat: 0, cards: ["5H", "6D"], action: A }),
  chance("starter JC", { kind: "starter", card: "JC", action: A }, pegs(0, 2, "heels")),
  by(1, "5S", { kind: "plays", seat: 1, card: "5S", count: 5, action: A }),
  by(0, "TD", { kind: "plays", seat: 0, card: "TD", count: 15, action: A },
    pegs(0, 2, "play", { combinations: [{ why: "fifteen", cards: ["5S", "TD"], points: 2 }] })),
  by(1, "go", { kind: "go", seat: 1, action: A }),
  by(0, "go", { kind: "go", seat: 0, action: A }, pegs(0, 1, "go")),
  by(1, "4C", { kind: "plays", seat: 1, card: "4C", count: 4, action: A }, pegs(1, 1, "last_card")),
  by(1, "count", { kind: "counts", seat: 1, what: "hand", cards: ["5S", "5C", "TH", "4C"], starter: "JC", action: A },
    pegs(1, 6, "hand", { combinations: [{ why: "fifteen", cards: ["5S", "TH"], points: 2 },
      { why: "fifteen", cards: ["5C", "TH"], points: 2 }, { why: "pair", cards: ["5S", "5C"], points: 2 }] })),
  by(0, "count", { kind: "counts", seat: 0, what: "hand", cards: ["2H", "4D", "6S", "8C"], starter: "JC", action: A },
    pegs(0, 0, "hand", { combinations: [] })),
  by(0, "count 3", { kind: "counts", seat: 0, what: "crib", cards: ["5H", "6D", "7C", "8D"], starter: "JC", declared: 3, action: A },
    pegs(0, 3, "crib")),
  by(1, "muggins", { kind: "muggins", seat: 1, of: 0, what: "crib", action: A }, pegs(1, 4, "muggins"),
    { kind: "dealer", seat: 1, why: "left" }),
  by(0, "claim 1", { kind: "claims", seat: 0, declared: 1, action: A }, pegs(0, 1, "play")),
  by(1, "pass", { kind: "passes", seat: 1, action: A }),
  by(0, "count", { kind: "counts", seat: 0, what: "hand", cards: ["5H", "5D", "5C", "JS"], starter: "5S", action: A },
    pegs(0, 29, "hand", { combinations: [
      { why: "fifteen", cards: ["5H", "5D", "5C"], points: 2 }, { why: "double_pair_royal", cards: ["5H", "5D", "5C", "5S"], points: 12 },
      { why: "nobs", cards: ["JS"], points: 1 }] }),
    { kind: "wins_game", side: 0, members: [0], scores: [121, 80], value: 2, game: 1, games: 3, match_points: [2, 0], skunk: "skunk" },
    { kind: "dealer", seat: 1, why: "loser" }),
  by(1, "3C", { kind: "plays", seat: 1, card: "3C", count: 31, action: A },
    pegs(1, 12, "play", { combinations: [{ why: "thirty_one", cards: ["3C"], points: 2 },
      { why: "pair_royal", cards: ["3D", "3H", "3C"], points: 6 }, { why: "run", cards: ["2C", "4D", "3C"], points: 3 },
      { why: "flush", cards: ["2C", "4C", "6C", "8C"], points: 4 }] }),
    { kind: "wins_game", side: 1, members: [1], scores: [40, 121], value: 3, game: 3, games: 3, match_points: [2, 3], skunk: "double_skunk" },
    { kind: "wins_match", side: 1, members: [1], match_points: [2, 3], games_won: [1, 2] }),
];

/** Four players (partners) and three (a tied match): the side's names. */
const PARTNERS = [by(2, "count", { kind: "counts", seat: 2, what: "hand", cards: ["2H", "3H", "4H", "5H"], starter: "KS", action: A },
  pegs(2, 8, "hand", { combinations: [{ why: "run", cards: ["2H", "3H", "4H", "5H"], points: 4 },
    { why: "flush", cards: ["2H", "3H", "4H", "5H"], points: 4 }] }),
  { kind: "wins_game", side: 0, members: [0, 2], scores: [121, 99], value: 1, game: 1, games: 1, match_points: [1, 0] })];
const TIED = [by(2, "count", { kind: "counts", seat: 2, what: "crib", cards: ["2H", "3H", "4H", "5H"], starter: "KS", action: A },
  { kind: "wins_game", side: 2, members: [2], scores: [50, 40, 61], value: 1, game: 3, games: 3, match_points: [1, 1, 1] },
  { kind: "match_tied", sides: [0, 1, 2], members: [0, 1, 2], match_points: [1, 1, 1], games_won: [1, 1, 1] })];

function told(entries, ctx) {
  return cribbage.describeLog(entries, ctx).flatMap((l) => [l.text, ...l.notes]);
}

test("every cribbage event kind is in the sample log", () => {
  const listed = process.env.TABLETOP_EVENT_KINDS
    ? JSON.parse(readFileSync(process.env.TABLETOP_EVENT_KINDS, "utf8")).kinds.cribbage : null;
  const sampled = new Set([...LOG, ...PARTNERS, ...TIED].flatMap((e) => e.events.map((ev) => ev.kind)));
  for (const kind of listed || sampled) assert.ok(sampled.has(kind), `no sample of ${kind}`);
});

for (const code of LANGUAGES) {
  test(`the cribbage log in ${code}: no placeholder, no key, and its own words`, () => {
    setLang(code);
    const all = [...told(LOG, ctxFor(0)), ...told(PARTNERS, ctxFor(0, 4)), ...told(TIED, ctxFor(0, 3))];
    setLang("en");
    const english = [...told(LOG, ctxFor(0)), ...told(PARTNERS, ctxFor(0, 4)), ...told(TIED, ctxFor(0, 3))];
    assert.equal(all.length, english.length);
    for (const text of all) {
      assert.doesNotMatch(text, /\{\w+\}/, text);
      assert.doesNotMatch(text, /cribbage\.|crib\.|undefined|NaN|null/, text);
      assert.ok(text.trim(), "no empty line");
    }
    if (code !== "en") all.forEach((text, i) => assert.notEqual(text, english[i], `${code} says it in English: ${text}`));
  });
}

test("a run of deals is one line: each hand under its own player, the others' only as a count (C5, C6)", () => {
  setLang("en");
  const lines = cribbage.describeLog(LOG, ctxFor(0));
  const dealt = lines.find((l) => l.actions.includes("deal 5H"));
  assert.equal(dealt.text, "The cards are dealt: Ann gets 5♥ 10♦; Bob gets two cards");
  assert.deepEqual(dealt.actions, ["deal", "deal 5H", "deal", "deal TD", "deal ?"]);
  assert.deepEqual(dealt.notes, ["one card goes from the pack to the crib"]);
  const theirs = cribbage.describeLog(LOG.map((e) => (e.action.startsWith("deal ") && e.action !== "deal ?"
    ? { ...e, action: "deal", events: [{ kind: "dealt", seat: 0, action: A }] } : e)), ctxFor(1));
  assert.ok(theirs.some((l) => l.text === "The cards are dealt: Bob gets two cards; Ann gets two cards"));
  const spectator = cribbage.describeLog(LOG, ctxFor(null));
  assert.ok(spectator.some((l) => l.text === "The cards are dealt: Bob gets two cards; Ann gets two cards"));
  const six = Array.from({ length: 12 }, (_, i) => chance("deal", { kind: "dealt", seat: i % 2, action: A }));
  setLang("ru");
  assert.equal(cribbage.describeLog(six, ctxFor(null))[0].text, "Карты сданы: Ann получает шесть карт; Bob получает шесть карт");
  setLang("ro");
  assert.equal(cribbage.describeLog(six.slice(0, 3), ctxFor(null))[0].text, "Cărțile sunt împărțite: Ann primește două cărți; Bob primește o carte");
  setLang("en");
});

test("a replay, which carries both twins, still names only the viewer's cards", () => {
  setLang("en");
  const replay = [
    chance("deal 7S", { kind: "dealt", seat: 1, card: "7S", action: A }, { kind: "dealt", seat: 1, action: A }),
    chance("deal 5H", { kind: "dealt", seat: 0, card: "5H", action: A }, { kind: "dealt", seat: 0, action: A }),
    by(1, "discard 7S 8S", { kind: "discards", seat: 1, cards: ["7S", "8S"], action: A }, { kind: "discards", seat: 1, count: 2, action: A }),
  ];
  const lines = cribbage.describeLog(replay, ctxFor(0));
  assert.equal(lines[0].text, "The cards are dealt: Ann gets 5♥; Bob gets one card");
  assert.equal(lines[1].text, "Bob lays 7♠ 8♠ away to the crib");  // the record is public once the game is over
});

test("the cut, a tie and the dealer; discards as the owner and the others see them", () => {
  setLang("en");
  const lines = cribbage.describeLog(LOG, ctxFor(0));
  assert.equal(lines[0].text, "Ann cuts 9♣ for the deal");
  assert.deepEqual(lines[1].notes, ["A tie for the lowest card: Ann, Bob cut again"]);
  assert.deepEqual(lines[3].notes, ["Ann has the lowest card and deals"]);
  assert.ok(lines.some((l) => l.text === "Bob lays two cards away to the crib"));
  assert.ok(lines.some((l) => l.text === "Ann lays 5♥ 6♦ away to the crib"));
  setLang("ru");
  assert.ok(cribbage.describeLog(LOG, ctxFor(0)).some((l) => l.text === "Bob сбрасывает две карты в крибу"));
  setLang("en");
});

test("points are told with the count said aloud, in every language", () => {
  setLang("en");
  const notes = cribbage.describeLog(LOG, ctxFor(0)).flatMap((l) => l.notes);
  assert.ok(notes.includes("Ann pegs 2 (his heels)"));
  assert.ok(notes.includes("Bob pegs 6 (hand): fifteen two, fifteen four, and a pair is six"));
  assert.ok(notes.includes("Ann pegs 0 (hand): nineteen (nothing)"));
  assert.ok(notes.includes("Ann pegs 3 (crib)"));  // declared: the breakdown is not told (muggins)
  assert.ok(notes.includes("Ann pegs 29 (hand): fifteen two, a double pair royal is fourteen, and one for his nob is fifteen"));
  assert.ok(notes.includes("Ann wins the game, 121–80 — a skunk, worth two games (game 1 of 3; match 2–0)"));
  assert.ok(notes.includes("Bob wins the match, 2–3"));
  assert.ok(notes.includes("Bob lost the game and deals first in the next"));
  const four = told(PARTNERS, ctxFor(0, 4));
  assert.ok(four.includes("Ann & Cid win the game, 121–99"));
  assert.ok(four.includes("Cid pegs 8 (hand): a run of four is four, and a flush of four is eight"));
  const tied = told(TIED, ctxFor(0, 3));
  assert.ok(tied.includes("The match is tied, 1–1–1: Ann, Bob, Cid"));
  setLang("ru");
  assert.equal(spoken([{ why: "fifteen", cards: ["5S", "TH"], points: 2 }, { why: "pair", cards: ["5S", "5C"], points: 2 }]),
    "пятнадцать — два и пара — четыре");  // said aloud in words in every language (issue 17)
  setLang("ro");
  assert.equal(spoken([{ why: "run", cards: ["2C", "3C", "4D"], points: 3 }]), "un șir de trei — trei");
  setLang("en");
});

test("the screen's points of the deal are the pegs events since the last card dealt", () => {
  const points = dealPoints(LOG.slice(0, 14));
  assert.deepEqual(points.map((e) => e.why), ["heels", "play"]);
  assert.deepEqual(dealPoints(LOG.slice(0, 8)), []);
  assert.deepEqual(dealPoints(undefined), []);
});


test("where a game ended and who pegged out: the play, his heels, a hand, the crib or a muggins claim (C14, C17)", () => {
  const won = (score = 31) => ({ kind: "wins_game", side: 0, members: [0], scores: [score, 20], value: 1, game: 1, games: 1, match_points: [1, 0] });
  const ended = (...events) => endingOf([...LOG.slice(0, 3), by(0, "x", ...events)]);
  assert.equal(endingOf(LOG.slice(0, 20)), null);  // no game won yet
  const play = ended({ kind: "plays", seat: 0, card: "5H", count: 15, action: A }, pegs(0, 2, "play", { score: 31 }), won());
  assert.deepEqual(play, { seat: 0, members: [0], where: "play", score: 31 });
  assert.ok(endedBeforeShow(play));
  assert.equal(ended(pegs(1, 1, "go", { score: 31 }), won()).where, "play");
  assert.equal(ended(pegs(0, 2, "heels", { score: 31 }), won()).where, "starter");  // C7: on the starter
  assert.equal(ended(pegs(0, 6, "hand", { score: 31 }), won()).where, "hand");
  assert.equal(ended(pegs(0, 6, "crib", { score: 31 }), won()).where, "crib");
  const muggins = ended({ kind: "muggins", seat: 0, of: 1, what: "pegging", action: A }, pegs(0, 2, "muggins", { score: 31 }), won());
  assert.equal(muggins.where, "play");  // C17: a claim pegs for the count it was about
  assert.ok(!endedBeforeShow(ended(pegs(0, 6, "hand", { score: 31 }), won())));
  // the last game of a match: the game that ended last, not an earlier one
  assert.equal(endingOf(LOG).where, "play");
  assert.equal(endingOf(LOG).seat, 1);
  const names = (seat) => NAMES[seat];
  const said = {};
  for (const language of LANGUAGES) {
    setLang(language);
    said[language] = ["play", "starter", "hand", "crib"].map((where) => endingText({ seat: 0, where, score: 31 }, names));
    for (const text of said[language]) assert.ok(text.startsWith("Ann") && text.includes("31") && !/[{}]|crib\.ended/.test(text), text);
  }
  setLang("en");
  assert.equal(said.en[0], "Ann pegs out in the play, reaching 31: the game ends there, and the hands are not counted");
  assert.notDeepEqual(said.ru, said.en);
  assert.notDeepEqual(said.ro, said.en);
});
