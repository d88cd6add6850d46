// The desk: kanasta ask in the browser. The reference engine runs in Pyodide, loaded from
// the site's own files (the folder of this script); nothing is asked of any other server.
import { loadPyodide } from "./pyodide.mjs";

const root = document.getElementById("kanasta-desk");
const cfg = JSON.parse(root.dataset.config);
const T = cfg.ui;
const here = new URL(".", import.meta.url);

const GLUE = `
import json
from kanasta.ask import answer_question, answer_to_json, load_clauses, question_from_mapping
from kanasta.errors import InputError

def desk_ask(text, language):
    try:
        answer = answer_question(question_from_mapping(json.loads(text), "question"))
    except InputError as error:
        return json.dumps({"error": str(error)}, ensure_ascii=False)
    data = answer_to_json(answer, load_clauses(language), language)
    return json.dumps(data, ensure_ascii=False)
`;

// ---- the form -------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

const ALL = ["koz", "fi-5200", "fi-351", "classic"];
const FI = ["koz", "fi-5200", "fi-351"];
// Each fact of a question: its field, how it is entered, the families it belongs to.
const FACTS = [
  { key: "hand", kind: "cards" },
  { key: "hand_size", kind: "number" },
  { key: "pile_top", kind: "cards" },
  { key: "pile", kind: "cards" },
  { key: "pile_size", kind: "number" },
  { key: "frozen", kind: "yesno", families: ["classic"] },
  { key: "melds", kind: "melds" },
  { key: "red_threes", kind: "sides-cards", families: ["classic"] },
  { key: "score", kind: "sides-points" },
  { key: "opened", kind: "opened" },
  { key: "trump", kind: "cards", families: ["koz"] },
  { key: "fi_taken", kind: "sides-list", families: FI },
  { key: "fi_left", kind: "number", families: FI },
  { key: "fi_unplayed", kind: "unplayed", families: FI },
  { key: "stock_size", kind: "number" },
  { key: "target", kind: "points" },
  { key: "hand_number", kind: "number", min: "1" },
  { key: "personally_opened", kind: "yesno", families: ["fi-5200"] },
  { key: "laid_before", kind: "yesno", families: ["classic"] },
  { key: "went_out", kind: "side" },
];
const SIDES = ["us", "them"];
const SIDE_LABEL = { red_threes: "red", score: "score", melds: "melds" };

let active = null; // the input the card pad writes into
const inputs = {}; // field -> input(s)
const rows = {}; // field -> row element

function cardsInput(name) {
  const input = el("input", {
    type: "text", name, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", class: "desk-cards",
  });
  input.addEventListener("focus", () => setActive(input));
  return input;
}

function setActive(input) {
  if (active) active.classList.remove("desk-active");
  active = input;
  active.classList.add("desk-active");
}

function select(name, values) {
  const node = el("select", { name });
  for (const [value, label] of values) node.append(el("option", { value }, label));
  return node;
}

const yesno = (name) => select(name, [["", T["not-said"]], ["true", T.yes], ["false", T.no]]);

function meldsBox(side) {
  const box = el("div", { class: "desk-melds", "data-side": side });
  const add = (text = "") => {
    const input = cardsInput(`melds-${side}`);
    input.value = text;
    box.insertBefore(input, addButton);
    return input;
  };
  const addButton = el("button", { type: "button", class: "desk-small",
    onclick: () => setActive(add()) }, T["add-meld"]);
  box.append(addButton);
  box.add = add;
  return box;
}

function buildForm() {
  const form = el("form", { class: "desk-form", onsubmit: (e) => { e.preventDefault(); ask(); } });
  const family = select("variant", cfg.families.map((f) => [f.name, f.title]));
  family.addEventListener("change", () => { showOptions(); showFacts(); });
  inputs.variant = family;
  const options = el("div", { class: "desk-options" });
  inputs.options = options;
  const seat = el("input", { type: "number", name: "seat", min: "0", max: "5", value: "0", inputmode: "numeric" });
  inputs.seat = seat;
  const phase = select("phase", [["", T["phase-none"]], ["draw", T["phase-draw"]], ["play", T["phase-play"]]]);
  inputs.phase = phase;
  form.append(
    row("variant", T.family, family),
    row("options", T.options, options),
    el("div", { class: "desk-pair" }, row("seat", T.seat, seat), row("phase", T.phase, phase)),
  );
  form.append(cardPad());
  for (const fact of FACTS) form.append(...factRows(fact));
  const move = cardsInput("actions");
  inputs.actions = move;
  const words = ["draw", "take-pile", "with", "meld", "lay-off #0", "discard", "pass", "score", ";"];
  const quick = el("div", { class: "desk-quick" }, ...words.map((w) =>
    el("button", { type: "button", class: "desk-small", onclick: () => {
      append(move, w); setActive(move);
    } }, w)));
  form.append(row("actions", T.move, move, quick));
  form.append(el("div", { class: "desk-buttons" },
    el("button", { type: "submit", class: "desk-ask", disabled: "" }, T.ask),
    el("button", { type: "button", class: "desk-small", onclick: clear }, T.clear),
    el("a", { class: "desk-share", href: "#" }, T.link)));
  return form;
}

function row(key, label, ...controls) {
  const node = el("div", { class: "desk-row", "data-key": key }, el("label", {}, label), ...controls);
  rows[key] = rows[key] || node;
  return node;
}

function factRows(fact) {
  const { key, kind, min = "0" } = fact;
  let nodes;
  if (kind === "cards") {
    inputs[key] = cardsInput(key);
    nodes = [row(key, T[key], inputs[key])];
  } else if (kind === "number") {
    inputs[key] = el("input", { type: "number", name: key, min, inputmode: "numeric" });
    nodes = [row(key, T[key], inputs[key])];
  } else if (kind === "points") {
    inputs[key] = el("input", { type: "text", name: key, inputmode: "decimal" });
    nodes = [row(key, T[key], inputs[key])];
  } else if (kind === "yesno") {
    inputs[key] = yesno(key);
    nodes = [row(key, T[key], inputs[key])];
  } else if (kind === "melds") {
    inputs.melds = { us: meldsBox("us"), them: meldsBox("them") };
    nodes = SIDES.map((s) => row(`melds-${s}`, T[`melds-${s}`], inputs.melds[s]));
  } else if (kind === "sides-cards" || kind === "sides-points") {
    inputs[key] = {};
    nodes = SIDES.map((s) => {
      const input = kind === "sides-cards" ? cardsInput(`${key}-${s}`)
        : el("input", { type: "text", name: `${key}-${s}`, inputmode: "decimal" });
      inputs[key][s] = input;
      return row(`${key}-${s}`, T[`${SIDE_LABEL[key]}-${s}`], input);
    });
    nodes.forEach((n) => { n.dataset.field = key; });
  } else if (kind === "opened") {
    inputs.opened = select("opened", [["", T["opened-default"]], ["us", T.us], ["them", T.them],
      ["both", T.both], ["none", T.none]]);
    nodes = [row(key, T.opened, inputs.opened)];
  } else if (kind === "sides-list") {
    inputs[key] = el("input", { type: "text", name: key, autocomplete: "off" });
    const add = (s) => el("button", { type: "button", class: "desk-small",
      onclick: () => append(inputs[key], s) }, T[s]);
    nodes = [row(key, T[key], inputs[key], el("span", { class: "desk-quick" }, add("us"), add("them"),
      el("button", { type: "button", class: "desk-small", onclick: () => { inputs[key].value = ""; } }, "⌫")))];
  } else if (kind === "unplayed") {
    inputs[key] = select(key, [["", T["not-said"]], ["none", T.none], ["us", T.us],
      ["them", T.them], ["both", T.both]]);
    nodes = [row(key, T[key], inputs[key])];
  } else if (kind === "side") {
    inputs[key] = select(key, [["", T["not-said"]], ["us", T.us], ["them", T.them]]);
    nodes = [row(key, T[key], inputs[key])];
  }
  for (const n of nodes) {
    n.dataset.field = key;
    n.dataset.families = (fact.families || ALL).join(" ");
  }
  return nodes;
}

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"]];
let rank = null;

function cardPad() {
  const pad = el("div", { class: "desk-pad", role: "group" });
  const rankButtons = RANKS.map((r) => el("button", { type: "button", class: "desk-rank",
    "data-rank": r }, r));
  for (const b of rankButtons) {
    b.addEventListener("pointerdown", (e) => e.preventDefault());
    b.addEventListener("click", () => {
      rank = b.dataset.rank;
      rankButtons.forEach((x) => x.classList.toggle("desk-on", x === b));
    });
  }
  const tap = (text) => {
    if (!active) setActive(inputs.hand);
    append(active, text);
  };
  const suitButtons = SUITS.map(([s, sign]) => {
    const b = el("button", { type: "button", class: `desk-suit desk-suit-${s}`, "data-suit": s }, sign);
    b.addEventListener("pointerdown", (e) => e.preventDefault());
    b.addEventListener("click", () => {
      if (rank === null) return;
      tap(rank + s);
      rank = null;
      rankButtons.forEach((x) => x.classList.remove("desk-on"));
    });
    return b;
  });
  const joker = el("button", { type: "button", class: "desk-suit", onclick: () => tap("JK") }, "JK");
  const back = el("button", { type: "button", class: "desk-suit", onclick: () => {
    if (active) active.value = active.value.trim().split(/\s+/).slice(0, -1).join(" ");
  } }, "⌫");
  pad.append(el("p", { class: "desk-hint" }, T.cards),
    el("div", { class: "desk-ranks" }, ...rankButtons),
    el("div", { class: "desk-suits" }, ...suitButtons, joker, back));
  return pad;
}

function append(input, word) {
  const text = input.value.replace(/\s+$/, "");
  input.value = text ? `${text} ${word}` : word;
}

function showOptions(chosen = null) {
  const family = cfg.families.find((f) => f.name === inputs.variant.value);
  const box = inputs.options;
  const keep = chosen || [...box.querySelectorAll("input:checked")].map((i) => i.value);
  box.replaceChildren(...family.options.map((name) => el("label", { class: "desk-option" },
    el("input", { type: "checkbox", value: name, ...(keep.includes(name) ? { checked: "" } : {}) }),
    ` ${name}`)));
  rows.options.hidden = family.options.length === 0;
}

function isFilled(key) {
  const v = inputs[key];
  if (key === "melds") return [...root.querySelectorAll(".desk-melds input")].some((i) => i.value.trim());
  if (v instanceof HTMLElement) return v.value.trim() !== "";
  return Object.values(v).some((i) => i.value.trim() !== "");
}

function showFacts() {
  const family = inputs.variant.value;
  for (const node of root.querySelectorAll(".desk-row[data-families]")) {
    const key = node.dataset.field;
    node.hidden = !node.dataset.families.split(" ").includes(family) && !isFilled(key);
  }
}

// ---- the question, to and from the form ----------------------------------------------

const points = (text) => (/^-?\d+$/.test(text) ? Number(text) : text);

function readQuestion() {
  const q = { variant: inputs.variant.value };
  const options = [...inputs.options.querySelectorAll("input:checked")].map((i) => i.value);
  if (options.length) q.options = options;
  if (Number(inputs.seat.value || 0) !== 0) q.seat = Number(inputs.seat.value);
  if (inputs.phase.value) q.phase = inputs.phase.value;
  for (const { key, kind } of FACTS) {
    const v = inputs[key];
    if (kind === "cards") { if (v.value.trim()) q[key] = v.value.trim(); }
    else if (kind === "number") { if (v.value !== "") q[key] = Number(v.value); }
    else if (kind === "points") { if (v.value.trim()) q[key] = points(v.value.trim()); }
    else if (kind === "yesno") { if (v.value) q[key] = v.value === "true"; }
    else if (kind === "melds") {
      const melds = {};
      for (const s of SIDES) {
        const list = [...v[s].querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
        if (list.length) melds[s] = list;
      }
      if (Object.keys(melds).length) q.melds = melds;
    } else if (kind === "sides-cards" || kind === "sides-points") {
      const sides = {};
      for (const s of SIDES) {
        const text = v[s].value.trim();
        if (text) sides[s] = kind === "sides-points" ? points(text) : text;
      }
      if (Object.keys(sides).length) q[key] = sides;
    } else if (kind === "opened") {
      if (v.value) q.opened = { us: ["us", "both"].includes(v.value), them: ["them", "both"].includes(v.value) };
    } else if (kind === "sides-list") {
      const list = v.value.trim().split(/\s+/).filter(Boolean);
      if (list.length) q[key] = list;
    } else if (kind === "unplayed") {
      const map = { none: [], us: ["us"], them: ["them"], both: ["us", "them"] };
      if (v.value) q[key] = map[v.value];
    } else if (kind === "side") { if (v.value) q[key] = v.value; }
  }
  const moves = inputs.actions.value.split(";").map((m) => m.trim()).filter(Boolean);
  if (moves.length) q.actions = moves;
  return q;
}

function clear() {
  for (const node of root.querySelectorAll("input[type=text], input[type=number]")) node.value = "";
  for (const node of root.querySelectorAll(".desk-melds input")) node.remove();
  for (const node of root.querySelectorAll("select")) if (node !== inputs.variant) node.value = "";
  inputs.seat.value = "0";
  showOptions([]);
  showFacts();
  root.querySelector(".desk-answer").replaceChildren();
}

function fillQuestion(q) {
  clear();
  if (cfg.families.some((f) => f.name === q.variant)) inputs.variant.value = q.variant;
  showOptions(q.options || q.features || []);
  inputs.seat.value = String(q.seat ?? 0);
  inputs.phase.value = q.phase || "";
  const text = (v) => (Array.isArray(v) ? v.join(" ") : String(v));
  for (const { key, kind } of FACTS) {
    const value = q[key];
    if (value === undefined || value === null) continue;
    const v = inputs[key];
    if (kind === "cards" || kind === "number" || kind === "points") v.value = text(value);
    else if (kind === "yesno") v.value = value ? "true" : "false";
    else if (kind === "melds") {
      for (const s of SIDES) for (const m of [].concat(value[s] || [])) v[s].add(m);
    } else if (kind === "sides-cards" || kind === "sides-points") {
      for (const s of SIDES) if (value[s] !== undefined) v[s].value = String(value[s]);
    } else if (kind === "opened") {
      v.value = value.us && value.them ? "both" : value.us ? "us" : value.them ? "them" : "none";
    } else if (kind === "sides-list") v.value = value.join(" ");
    else if (kind === "unplayed") {
      v.value = value.length === 0 ? "none" : value.length === 2 ? "both" : value[0];
    } else if (kind === "side") v.value = value;
  }
  const actions = q.actions ?? q.action ?? [];
  inputs.actions.value = [].concat(actions).join("; ");
  if (q.pile === undefined && q.discard !== undefined) inputs.pile.value = text(q.discard);
  showFacts();
}

function fragmentQuestion() {
  const match = /^#q=(.*)$/s.exec(location.hash);
  if (!match) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

function linkOf(q) {
  return `#q=${encodeURIComponent(JSON.stringify(q))}`;
}

// ---- the answer ---------------------------------------------------------------------

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// The clause text is reStructuredText: its paragraphs, lists, emphasis, literals and
// clause references are shown; the rest as written.
function rst(text) {
  const inline = (s) => escapeHtml(s)
    .replace(/:clause:`([^`]+)`/g, '<code class="desk-slug">$1</code>')
    .replace(/:[a-z]+:`([^`<]+?)(?: &lt;[^`]*&gt;)?`/g, "$1")
    .replace(/``([^`]+)``/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*\s][^*]*)\*/g, "<em>$1</em>");
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((l) => l.trim()).filter((l) => !l.startsWith(".. "));
    if (!lines.length) return "";
    if (lines.every((l, i) => l.startsWith("* ") || (i > 0 && !l.startsWith("* ")))) {
      const items = lines.join("\n").split(/\n(?=\* )/).map((i) => `<li>${inline(i.replace(/^\* /, "").replace(/\n/g, " "))}</li>`);
      return `<ul>${items.join("")}</ul>`;
    }
    return `<p>${inline(lines.join(" "))}</p>`;
  }).join("");
}

function list(title, lines) {
  if (!lines || !lines.length) return [];
  return [el("h3", {}, title), el("ul", {}, ...lines.map((l) => el("li", {}, l)))];
}

function showAnswer(data, q) {
  const box = root.querySelector(".desk-answer");
  if (data.error) {
    box.dataset.verdict = "error";
    box.dataset.firstClause = "";
    box.replaceChildren(el("p", { class: "desk-verdict desk-verdict-error" }, T.error), el("p", {}, data.error));
    return;
  }
  const listed = !q.actions || q.actions.length === 0;
  const verdictKey = listed ? "listed" : data.verdict;
  const first = data.clauses[0];
  box.dataset.verdict = data.verdict;
  box.dataset.firstClause = first ? first.slug : "";
  box.dataset.legal = listed ? String((data.legal_actions || []).length) : "";
  const refused = data.steps.find((s) => !s.allowed);
  const head = el("p", { class: `desk-verdict desk-verdict-${data.verdict.replace(/ /g, "-")}` },
    T[`verdict-${verdictKey}`] || data.verdict);
  if (refused) head.append(el("code", { class: "desk-code" }, refused.code));
  const parts = [head];
  if (first) parts.push(el("p", { class: "desk-deciding" }, `§${first.number} ${first.title} `, el("code", {}, first.slug)));
  parts.push(...list(T.why, data.why));
  parts.push(...list(T.steps, data.steps.map((s) => `${s.action}: ${s.allowed ? "✓" : `✗ ${s.code} (${s.clause}) ${s.detail || ""}`}`)));
  if (data.otherwise) parts.push(...list(T.otherwise, data.otherwise.map((s) => `${s.action}: ${s.allowed ? "✓" : `✗ ${s.code}`}`)));
  if (listed) parts.push(...list(T.legal, data.legal_actions));
  if (data.score) parts.push(...list(T.score, data.score.teams.map((t, i) => `${i === 0 ? T.us : T.them}: ${t.total} (${Object.entries(t.breakdown).map(([k, v]) => `${k} ${v}`).join(", ")})`)));
  if (data.turns_on) parts.push(...list(T.turns_on, data.turns_on.map((a) => `${a.fact}: ${a.totals.join(" / ")}`)));
  if (data.hand_number) parts.push(...list(T.hand_number_note, [data.hand_number.note]));
  if (data.game) parts.push(...list(T.game, [`${data.game.totals.join(" / ")} → ${data.game.target}${data.game.winner !== null && data.game.winner !== undefined ? ` · ${data.game.winner}` : ""}`]));
  const clauses = el("div", { class: "desk-clauses" }, el("h3", {}, T.clauses));
  for (const c of data.clauses) {
    const item = el("details", { class: "desk-clause", ...(c === first ? { open: "" } : {}) },
      el("summary", {}, `§${c.number ?? "?"} ${c.title ?? c.slug}`));
    const body = el("div", {});
    body.innerHTML = rst(c.text || "");
    item.append(body);
    clauses.append(item);
  }
  parts.push(clauses);
  parts.push(...list(T.position, data.position), ...list(T.assumed, data.assumed));
  box.replaceChildren(...parts);
}

// ---- the engine ---------------------------------------------------------------------

let engine = null;

async function ask() {
  if (!engine) return;
  const q = readQuestion();
  const link = linkOf(q);
  history.replaceState(null, "", link);
  root.querySelector(".desk-share").href = link;
  const box = root.querySelector(".desk-answer");
  box.dataset.verdict = "";
  const started = performance.now();
  const data = JSON.parse(engine(JSON.stringify(q), cfg.language));
  showAnswer(data, q);
  box.dataset.ms = String(Math.round(performance.now() - started));
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

async function start() {
  const status = root.querySelector(".desk-status");
  const form = buildForm();
  root.append(form, el("div", { class: "desk-answer", "aria-live": "polite" }));
  showOptions([]);
  const q = fragmentQuestion();
  if (q) fillQuestion(q); else showFacts();
  window.addEventListener("hashchange", () => {
    const again = fragmentQuestion();
    if (again) { fillQuestion(again); ask(); }
  });
  try {
    const pyodide = await loadPyodide({ indexURL: here.href, fullStdLib: false });
    const zip = await (await fetch(new URL(cfg.engine, here))).arrayBuffer();
    pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/desk" });
    pyodide.runPython(`import sys; sys.path.insert(0, "/home/pyodide/desk")\n${GLUE}`);
    engine = pyodide.globals.get("desk_ask");
  } catch (error) {
    status.textContent = `${T.failed} ${error}`;
    root.dataset.state = "failed";
    return;
  }
  status.textContent = T.ready;
  root.dataset.state = "ready";
  form.querySelector(".desk-ask").removeAttribute("disabled");
  if (q) await ask();
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL(`../${cfg.sw}`, import.meta.url), {
    scope: new URL("../", import.meta.url).href,
  }).catch(() => {});
}
start();
