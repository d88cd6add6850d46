#!/usr/bin/env node
// A deliberately small second implementation of the kanasta rules, in another
// language, speaking the conformance protocol (JSON lines on stdin/stdout).
//
// It implements meld verdicts and meld scoring (points, canasta kind, bonus)
// for the classic family only, and declares everything else unsupported, so a
// run against it shows skips, not passes, for the rest of the suite:
//
//   kanasta conformance run --impl "node conformance/adapters/node/adapter.js"
//
// No npm package is needed (Node.js 18 or later).
"use strict";

const readline = require("node:readline");

const PROTOCOL = "1.0";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];
const JOKER = 52;

// ---------------------------------------------------------------- cards

function parseCard(text) {
  if (typeof text !== "string") throw new Error(`${JSON.stringify(text)} is not a card`);
  const t = text.trim().toUpperCase();
  if (t === "JK") return JOKER;
  const m = /^(A|[2-9]|10|J|Q|K)([CDHS])$/.exec(t);
  if (!m) throw new Error(`${JSON.stringify(text)} is not a card`);
  return SUITS.indexOf(m[2]) * 13 + RANKS.indexOf(m[1]);
}

const formatCard = (c) => (c === JOKER ? "JK" : RANKS[c % 13] + SUITS[Math.floor(c / 13)]);
const rankOf = (c) => (c === JOKER ? 0 : (c % 13) + 1);
const isWild = (c) => c === JOKER || rankOf(c) === 2;
const isRed = (c) => c !== JOKER && (Math.floor(c / 13) === 1 || Math.floor(c / 13) === 2);

// ---------------------------------------------------------------- the classic family

// Card values (clause card-points-classic).
function classicPoints(c) {
  if (c === JOKER) return 50;
  const r = rankOf(c);
  if (r === 1 || r === 2) return 20;
  if (r === 3) return isRed(c) ? 100 : 5;
  return r >= 8 ? 10 : 5;
}

class Refused {
  constructor(code, clause) {
    this.code = code;
    this.clause = clause;
  }
}

// Wild cards in a classic meld (clause classic-wild-ratio).
function checkRatio(naturals, wilds) {
  if (naturals < 2) return new Refused("too-few-naturals", "classic-wild-ratio");
  if (wilds > naturals) return new Refused("wilds-outnumber-naturals", "classic-wild-ratio");
  if (wilds > 3) return new Refused("too-many-wilds", "classic-wild-ratio");
  return null;
}

function makeSet(cards, rank) {
  const naturals = cards.filter((c) => rankOf(c) === rank).sort((a, b) => a - b);
  const wilds = cards.filter((c) => rankOf(c) !== rank).sort((a, b) => a - b);
  if (wilds.some((c) => !isWild(c))) return new Refused("mixed-ranks", "set-definition");
  const ratio = checkRatio(naturals.length, wilds.length);
  if (ratio) return ratio;
  return { rank, cards: naturals.concat(wilds), wilds: wilds.length };
}

function newMeld(cards, goingOut) {
  if (cards.length < 3) return new Refused("too-few-cards", "meld-minimum");
  const threes = cards.filter((c) => rankOf(c) === 3);
  if (threes.length) {
    if (threes.some(isRed)) return new Refused("red-three-melded", "classic-threes-in-melds");
    if (!goingOut) return new Refused("black-threes-not-going-out", "classic-threes-in-melds");
    if (threes.length !== cards.length) {
      return new Refused("black-threes-with-wilds", "classic-threes-in-melds");
    }
  }
  if (cards.every(isWild)) return new Refused("wild-meld-not-allowed", "wild-only-melds");
  const ranks = new Set(cards.filter((c) => !isWild(c)).map(rankOf));
  if (ranks.size !== 1) return new Refused("no-runs", "runs-not-in-classic");
  return makeSet(cards, [...ranks][0]);
}

function layOff(meld, batch) {
  if (!batch.length) return new Refused("no-cards", "lay-off");
  if (meld.rank === 3) return new Refused("black-threes-not-going-out", "classic-threes-in-melds");
  return makeSet(meld.cards.concat(batch), meld.rank);
}

// Natural and mixed canastas (clauses canasta-natural-mixed, canasta-bonus).
function canastaOf(meld) {
  if (meld.cards.length < 7) return [null, 0];
  return meld.wilds ? ["mixed", 300] : ["natural", 500];
}

function answerMeld(request) {
  const cards = request.cards.map(parseCard);
  let meld = newMeld(cards, request.going_out === true);
  let at = 0;
  const layOffs = request.lay_offs || [];
  for (let i = 0; i < layOffs.length && !(meld instanceof Refused); i += 1) {
    at = i + 1;
    meld = layOff(meld, layOffs[i].cards.map(parseCard));
  }
  if (meld instanceof Refused) {
    return { verdict: "rejected", code: meld.code, clause: meld.clause, at };
  }
  const [canasta, bonus] = canastaOf(meld);
  return {
    verdict: "legal",
    arrangement: { kind: "set", rank: RANKS[meld.rank - 1], cards: meld.cards.map(formatCard) },
    points: meld.cards.reduce((sum, c) => sum + classicPoints(c), 0),
    canasta,
    bonus,
  };
}

// ---------------------------------------------------------------- the protocol

const NOT_HERE = "not implemented by the small Node.js adapter";

function answer(request) {
  if (request.type === "hello") {
    return {
      type: "hello",
      protocol: PROTOCOL,
      implementation: { name: "kanasta node mini adapter", version: "0.1.0" },
      variants: ["classic"],
      requests: ["meld"],
      features: [],
      reasons: {
        koz: NOT_HERE,
        "fi-5200": NOT_HERE,
        "fi-351": NOT_HERE,
        actions: NOT_HERE,
        state: NOT_HERE,
        score: NOT_HERE,
        count: NOT_HERE,
        playthrough: NOT_HERE,
        game: NOT_HERE,
        turn: NOT_HERE,
      },
    };
  }
  if (request.type === "bye") return { type: "bye" };
  if (request.type !== "meld") return { unsupported: `${request.type} checks: ${NOT_HERE}` };
  if (request.variant !== "classic") return { unsupported: `variant ${request.variant}: ${NOT_HERE}` };
  try {
    return answerMeld(request);
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: `not JSON: ${error.message}` }) + "\n");
    return;
  }
  const reply = { seq: request.seq, ...answer(request) };
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (request.type === "bye") lines.close();
});
