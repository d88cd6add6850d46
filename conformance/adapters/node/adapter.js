#!/usr/bin/env node
// A deliberately small second implementation of the kanasta rules, in another
// language, speaking the conformance protocol (JSON lines on stdin/stdout).
//
// It implements meld verdicts and meld scoring (points, canasta kind, bonus)
// for the classic family only, and the deal of every family (chapter 5: the
// order cards go round, the fi packets, the upcard, the trump, the red threes
// laid and replaced, the first player) from a deck given in order or from a
// seed by the spec's shuffle. It declares everything else unsupported, so a
// run against it shows skips, not passes, for the rest of the suite:
//
//   kanasta conformance run --impl "node conformance/adapters/node/adapter.js"
//
// No npm package is needed (Node.js 18 or later).
"use strict";

const readline = require("node:readline");

const PROTOCOL = "1.3";
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

// ---------------------------------------------------------------- the deal (chapter 5)

// The portable shuffle (clause seeded-shuffle): SplitMix64 and Fisher-Yates, in BigInt.
const MASK = (1n << 64n) - 1n;

function splitmix64(state) {
  const next = (state + 0x9e3779b97f4a7c15n) & MASK;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return [next, z ^ (z >> 31n)];
}

// The deck in canonical order: clubs, diamonds, hearts, spades, ace to king, each card
// twice in a row, then the jokers (clause deck-composition).
function canonicalDeck(jokers) {
  const deck = [];
  for (let c = 0; c < 52; c += 1) deck.push(c, c);
  for (let j = 0; j < jokers; j += 1) deck.push(JOKER);
  return deck;
}

function shuffle(jokers, seed) {
  const deck = canonicalDeck(jokers);
  let state = seed;
  for (let i = deck.length - 1; i > 0; i -= 1) {
    let value;
    [state, value] = splitmix64(state);
    const j = Number(value % BigInt(i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

const isRedThree = (c) => rankOf(c) === 3 && isRed(c);

// Each family's deal (clauses deal-koz, deal-fi-5200, deal-fi-351, classic-deal and
// classic-players), with the table its players-N option names.
function dealProfile(variant, features) {
  const players = features.includes("players-2") ? 2 : features.includes("players-3") ? 3
    : features.includes("players-6") ? 6 : 4;
  const common = { players, hand: 11, fiPackets: 2, upcard: false, trump: false, redThrees: false };
  if (variant === "koz") return { ...common, players: 4, scheme: "round", upcard: true, trump: true, jokers: 4 };
  if (variant === "fi-5200") return { ...common, players: 4, scheme: "six-packets", jokers: 2 };
  if (variant === "fi-351") return { ...common, scheme: "fi-then-pairs", jokers: 2 };
  if (variant === "classic") {
    const hand = { 2: 15, 3: 13, 4: 11, 6: 11 }[players];
    return {
      ...common, hand, fiPackets: 0, scheme: "round", upcard: true, upcardTurns: true, redThrees: true,
      jokers: 4,
    };
  }
  return null;
}

// The hands and fi packets, each family's way (deal-order, deal-six-packets, deal-fi-351-order).
function dealPackets(p, deck, dealer) {
  const n = p.players;
  const first = (dealer + 1) % n;
  const hands = Array.from({ length: n }, () => []);
  let fi = [];
  let k = 0;
  if (p.scheme === "six-packets") {
    const packets = [[], [], []];
    for (let round = 0; round < p.hand; round += 1) {
      for (let offset = 1; offset < n; offset += 1) hands[(dealer + offset) % n].push(deck[k++]);
      for (const packet of packets) packet.push(deck[k++]);
    }
    hands[dealer] = packets[1];
    fi = [packets[0], packets[2]];
  } else if (p.scheme === "fi-then-pairs") {
    fi = [[], []];
    for (let round = 0; round < p.hand; round += 1) for (const packet of fi) packet.push(deck[k++]);
    for (let dealt = 0; dealt < p.hand; dealt += 2) {
      const step = Math.min(2, p.hand - dealt);
      for (let offset = 0; offset < n; offset += 1) {
        for (let i = 0; i < step; i += 1) hands[(first + offset) % n].push(deck[k++]);
      }
    }
  } else {
    for (let round = 0; round < p.hand; round += 1) {
      for (let offset = 0; offset < n; offset += 1) hands[(first + offset) % n].push(deck[k++]);
    }
    for (let i = 0; i < p.fiPackets; i += 1) {
      fi.push(deck.slice(k, k + p.hand));
      k += p.hand;
    }
  }
  return { hands, fi, rest: deck.slice(k), first };
}

// A whole deal: packets, the upcard (classic-upcard: covered while it is a wild card or a
// three), the stock, the trump (trump-card: its last card), the red threes dealt laid and
// replaced from the first player on (classic-red-threes), the first player (first-player).
function dealHand(p, deck, dealer) {
  const { hands, fi, rest, first } = dealPackets(p, deck, dealer);
  const pile = [];
  let stock = rest;
  if (p.upcard) {
    pile.push(stock[0]);
    stock = stock.slice(1);
    const turns = (c) => p.upcardTurns && (isWild(c) || rankOf(c) === 3);
    while (turns(pile[pile.length - 1]) && stock.length) {
      pile.push(stock[0]);
      stock = stock.slice(1);
    }
  }
  const trump = p.trump && stock.length ? stock[stock.length - 1] : null;
  const teams = p.players % 2 === 0 ? 2 : p.players;
  const laid = Array.from({ length: teams }, () => []);
  for (let offset = 0; p.redThrees && offset < p.players; offset += 1) {
    const seat = (first + offset) % p.players;
    for (;;) {
      const reds = hands[seat].filter(isRedThree);
      if (!reds.length || !stock.length) break;
      for (const card of reds) {
        hands[seat].splice(hands[seat].indexOf(card), 1);
        laid[seat % teams].push(card);
        hands[seat].push(stock[0]);
        stock = stock.slice(1);
        if (!stock.length) break;
      }
    }
  }
  const cards = (list) => list.map(formatCard);
  const answer = {
    hands: hands.map(cards),
    fi: fi.map(cards),
    pile: cards(pile),
    stock: cards(stock),
    trump: trump === null ? null : formatCard(trump),
    first_player: first,
  };
  if (p.redThrees) answer.red_threes = laid.map(cards);
  return answer;
}

function answerDeal(request) {
  const p = dealProfile(request.variant, request.features || []);
  if (!p) return { unsupported: `variant ${request.variant}: ${NOT_HERE}` };
  if (request.players !== p.players) {
    return { error: `${request.variant} with these features is played by ${p.players} players` };
  }
  if (!Number.isInteger(request.dealer) || request.dealer < 0 || request.dealer >= p.players) {
    return { error: `the dealer must be a seat 0..${p.players - 1}` };
  }
  let deck;
  if (request.deck !== undefined) {
    deck = request.deck.map(parseCard);
    const sorted = (list) => [...list].sort((a, b) => a - b).join(",");
    if (sorted(deck) !== sorted(canonicalDeck(p.jokers))) {
      return { error: `the deck is not one ${request.variant} deck (clause deck-composition)` };
    }
  } else {
    deck = shuffle(p.jokers, BigInt(request.seed));
  }
  return dealHand(p, deck, request.dealer);
}

// ---------------------------------------------------------------- the protocol

const NOT_HERE = "not implemented by the small Node.js adapter";

function answer(request) {
  if (request.type === "hello") {
    return {
      type: "hello",
      protocol: PROTOCOL,
      implementation: { name: "kanasta node mini adapter", version: "0.1.0" },
      variants: ["classic", "koz", "fi-5200", "fi-351"],
      requests: ["meld", "deal"],
      variant_requests: { koz: ["deal"], "fi-5200": ["deal"], "fi-351": ["deal"] },
      features: ["players-2", "players-3", "players-6"],
      capabilities: ["seeded-deal", "deck-order"],
      reasons: {
        koz: `${NOT_HERE} (it deals every family, and plays classic melds only)`,
        "fi-5200": `${NOT_HERE} (it deals every family, and plays classic melds only)`,
        "fi-351": `${NOT_HERE} (it deals every family, and plays classic melds only)`,
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
  if (request.type === "deal") {
    try {
      return answerDeal(request);
    } catch (error) {
      return { error: String(error.message || error) };
    }
  }
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
    // A seed is a 64-bit integer: read it from its text (a JavaScript number holds 53 bits).
    const seed = /"seed"\s*:\s*(\d+)/.exec(line);
    if (seed && typeof request.seed === "number") request.seed = BigInt(seed[1]);
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: `not JSON: ${error.message}` }) + "\n");
    return;
  }
  const reply = { seq: request.seq, ...answer(request) };
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (request.type === "bye") lines.close();
});
