// The page's only script: ask the JSON API, draw the answers. No framework, no HTML from strings:
// every answer is built as DOM nodes and text, so text from a shared URL or an answer never runs.
// Every word it shows comes from the catalogue in #page-data (service/messages/<lang>.po).
"use strict";

const $ = (id) => document.getElementById(id);
const DATA = JSON.parse($("page-data").textContent);
const LEXICONS = new Map(DATA.lexicons.map((l) => [l.name, l]));
const plural = new Intl.PluralRules(DATA.lang);
const number = new Intl.NumberFormat(DATA.lang);
const PAGE_SIZE = 100;

// ---------------------------------------------------------------- words and nodes

/** A message of the catalogue with its {placeholders} filled in; `n` picks the plural form. */
function t(key, values = {}) {
  let text = DATA.messages[key] ?? key;
  if (Array.isArray(text)) text = text[plural.select(values.n ?? 0) === "one" ? 0 : text.length - 1];
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? number.format(value) : String(value);
  });
}

/** An element with attributes and children (nodes or text; never parsed as HTML). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function lexicon() {
  return LEXICONS.get($("lexicon").value) || DATA.lexicons[0];
}

const remember = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ } },
};

// The live region says answers aloud: at once for a search or a submitted word, after a pause while
// a word is being typed (each letter redraws the answer, but a screen reader should not read each).
let announcing = null;
function announce(text, now) {
  clearTimeout(announcing);
  const say = () => { $("announce").textContent = text; };
  if (now) say(); else announcing = setTimeout(say, 700);
}

// ---------------------------------------------------------------- the API

class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = String(body?.type || "").split("/").pop();
    this.detail = body?.detail || null;
  }
}

/** GET path?params, or POST `body` as JSON; the answer, or a Problem. A GET the lexicon's bundle can
 *  answer is answered on this device once it is loaded (offline below). */
async function api(path, params, signal, post) {
  const lex = post === undefined && path in HERE ? offline.copies.get(params.lexicon) : undefined;
  const here = lex ? answerHere(lex, path, params) : undefined;
  if (here !== undefined) return here;
  try {
    return await ask(path, params, signal, post);
  } catch (error) {
    // The bundle left it to the service (a word only the dictionary's analysis decides), out of reach.
    if (lex && error instanceof Problem && error.status === 0) throw new Problem(0, { type: "needs-service" });
    throw error;
  }
}

async function ask(path, params, signal, post) {
  let response;
  const init = post === undefined ? { signal, headers: { Accept: "application/json" } }
    : { signal, method: "POST", body: JSON.stringify(post), headers: { "Content-Type": "application/json" } };
  try {
    response = await fetch(`${path}?${new URLSearchParams(params)}`, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new Problem(0, null);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Problem(response.status, body);
  return body;
}

function problemNodes(error) {
  if (!(error instanceof Problem)) throw error;
  const tile = lexicon().multi;
  const key = tile && `problem.${error.code}.multi` in DATA.messages ? `problem.${error.code}.multi`
    : `problem.${error.code}`;
  const text = error.code === "needs-service" ? t(key) : error.status === 0 ? t("problem.offline")
    : key in DATA.messages ? t(key, { tile }) : t("problem.other", { status: error.status });
  // The service's own detail is English: shown (small) on an English page only; every other page says
  // what was wrong in its own words above.
  const detail = error.detail && DATA.lang === "en" ? el("p", { class: "note" }, error.detail) : null;
  return [el("p", { class: "verdict invalid", id: "problem" }, text), detail];
}

// ---------------------------------------------------------------- answers offline

// The lexicon's bundle, loaded on request, answers checks, tiles and searches on this device through the
// JavaScript package (docs/embedding.md) exactly as the service would; the answers the bundle cannot give
// (a word only analysis decides, the source record of a dropped word) still come from the service.
const offline = {
  copies: new Map(),  // lexicon name → its loaded package Lexicon
  loading: null,
  package: null,
};

const HERE = {
  "/valid": (lex, p) => lex.check(p.word, { detail: true }),
  "/tiles": (lex, p) => lex.tiles(p.word),
  "/hooks": (lex, p) => lex.hooks(p.word),
  "/anagram": (lex, p) => lex.anagram(p.rack, { sub: p.sub === "true", ...paging(p) }),
  "/pattern": (lex, p) => lex.pattern(p.q, paging(p)),
};

function paging(p) {
  const number = (v) => (v === undefined ? undefined : Number(v));
  return { order: p.order, offset: number(p.offset), limit: number(p.limit) };
}

/** The answer from the loaded bundle, or undefined where the service must answer. */
function answerHere(lex, path, params) {
  let answer;
  try {
    answer = HERE[path](lex, params);
  } catch (error) {
    if (!error.code) throw error;
    throw new Problem(error.status, { type: `/problems/${error.code}`, detail: error.detail });
  }
  return answer.valid === null ? undefined : answer;  // only analysis decides: ask the service
}

function offlineSize(item) {
  return t("offline.size", { n: Math.max(1, Math.round(item.bundle.size / 1e6)) });
}

function showOffline() {
  const item = lexicon();
  const button = $("offline");
  button.hidden = !item.bundle;
  if (!item.bundle) { $("offline-note").textContent = ""; return; }
  const here = offline.copies.has(item.name);
  button.textContent = here ? t("offline.stop") : t("offline.load", { size: offlineSize(item) });
  button.setAttribute("aria-pressed", here ? "true" : "false");
  button.disabled = offline.loading === item.name;
  if (offline.loading !== item.name) $("offline-note").textContent = here ? t("offline.ready", { lexicon: item.title }) : "";
}

async function toggleOffline() {
  const item = lexicon();
  if (offline.copies.has(item.name)) {
    offline.copies.get(item.name).close();
    offline.copies.delete(item.name);
    showOffline();
    return;
  }
  offline.loading = item.name;
  showOffline();
  $("offline-note").textContent = t("offline.loading", { size: offlineSize(item) });
  try {
    offline.package ??= import("/static/tile-lexicon/index.js");
    const { load } = await offline.package;
    offline.copies.set(item.name, await load(item.bundle.url));
  } catch {
    offline.loading = null;
    showOffline();
    $("offline-note").textContent = t("offline.failed");
    return;
  }
  offline.loading = null;
  showOffline();
  onScreen = null;  // the answer on screen is drawn again, from the bundle
  if ($("word").value) check(false);
}

// ---------------------------------------------------------------- shareable URLs

function shareUrl(params) {
  const query = new URLSearchParams({ lexicon: lexicon().name, ...params });
  return `${location.pathname}?${query}`;
}

/** Put the answer on screen into the address bar, and keep the language switch on it. */
function share(params) {
  const url = shareUrl(params);
  history.replaceState(null, "", url);
  for (const link of document.querySelectorAll(".languages a")) {
    const query = new URLSearchParams(location.search);
    query.set("lang", link.dataset.lang);
    link.setAttribute("href", `?${query}`);
  }
  return url;
}

function shareLink(url) {
  return el("p", { class: "share" }, el("a", { href: url }, t("page.share")));
}

// ---------------------------------------------------------------- tiles and words in words

function notation(tile) {
  return tile.length > 1 ? `[${tile}]` : tile;
}

/** A word as tiles (or Betűtorony's cubes) with their points; blanks drawn as blank tiles. */
function tileRow(tiles, points, { blanks = [], cubes = false, label = null, mini = false, wrong = false } = {}) {
  const row = el("div", { class: `tiles${cubes ? " cubes" : ""}${mini ? " mini" : ""}${wrong ? " wrong" : ""}`,
                          role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true" });
  tiles.forEach((tile, i) => {
    const blank = blanks.includes(i);
    row.append(el("span", { class: blank ? "tile blank" : "tile" }, tile,
                  el("sub", {}, String(blank ? 0 : points?.[i] ?? ""))));
  });
  return row;
}

function posWords(pos) {
  return pos && `pos.${pos}` in DATA.messages ? t(`pos.${pos}`) : pos || t("pos.X");
}

/** A grammatical tag in words: Swedish `sg def gen`, Hungarian `is:PLUR is:ACC`. */
function tagWords(tag, language) {
  if (!tag) return "";
  const word = (key, raw) => (key in DATA.messages ? t(key) : raw);
  if (language !== "hu") return tag.split(" ").map((part) => word(`tag.${language}.${part}`, part)).join(", ");
  const words = [];
  for (const token of tag.split(" ")) {
    const [kind, code = ""] = token.includes(":") ? token.split(/:(.*)/s) : ["", token];
    if (kind === "ip") continue;  // ip:PREF is said by the sp: token that names the prefix
    if (kind === "sp") { words.push(t("tag.hu.prefix", { prefix: code })); continue; }
    const parts = code.split("_");
    // A morpheme with a lower-case class (`sÁg_ABSTRACT_noun`) is a derivation; its capitals mark
    // vowel harmony, and the back-vowel form reads as the suffix (-ság).
    if (parts.length > 1 && /^[a-z(]/.test(parts[parts.length - 1])) {
      words.push(t("tag.hu.derived", { suffix: parts[0].toLowerCase() }));
      continue;
    }
    words.push(parts.map((part) => word(`tag.hu.${part}`, part)).join(" "));
  }
  return words.join(", ");
}

function formOf(answer, lex) {
  const tag = tagWords(answer.tag, lex.language);
  if (answer.lemma && !tag && !answer.pos) return t("answer.inflected.untagged", { lemma: answer.lemma.toUpperCase() });
  if (answer.lemma) return t("answer.inflected", { lemma: answer.lemma.toUpperCase(), tag: tag || posWords(answer.pos) });
  if (answer.pos) return t("answer.headword", { pos: posWords(answer.pos) });
  return null;
}

// ---------------------------------------------------------------- a word's answer

function explain(answer, lex) {
  const reason = answer.reason || "";
  const position = (answer.position ?? 0) + 1;
  if (reason.startsWith("excluded:")) return t("reason.excluded", { rule: t(`rule.${reason.slice(9)}`) });
  switch (reason) {
    case "too-short":
    case "too-long":
      return t(`reason.${reason}`, { n: parseInt(answer.detail, 10) || 0, min: lex.min, max: lex.max });
    case "non-letter": {
      const kind = String(answer.detail || "").split(" ")[0];
      if (kind === "untileable") return t("reason.untileable");
      const key = `reason.non-letter.${kind}`;
      return t(key in DATA.messages ? key : "reason.non-letter.non-letter", { position });
    }
    case "bad-notation":
      return lex.multi ? t("reason.bad-notation.multi", { position, tile: lex.multi })
        : t("reason.bad-notation", { position });
    case "wrong-tiling":
      return t("reason.wrong-tiling", { key: answer.normalized });
    case "not-in-lexicon":
      return t("reason.not-in-lexicon", { word: answer.normalized });
    default:
      return t(`reason.${reason}`);
  }
}

/** The source record the game's rules dropped: which source, which record, and why. */
function sourceRecord(excluded, lex) {
  const values = { source: lex.sources[excluded.source] || excluded.source, written: excluded.written,
                   lemma: excluded.lemma, pos: posWords(excluded.pos), record: String(excluded.record),
                   rule: t(`rule.${excluded.reason}`) };
  const key = excluded.lemma && excluded.lemma !== excluded.written ? "source.record.lemma" : "source.record";
  return el("p", { class: "note", id: "record" }, t(key, values));
}

function verdictNodes(answer, lex, url) {
  const shown = answer.normalized || answer.word;
  const verdict = t(answer.valid ? "verdict.valid" : "verdict.invalid", { word: shown, lexicon: lex.title });
  const parts = [el("p", { class: `verdict ${answer.valid ? "valid" : "invalid"}`, id: "verdict" }, verdict)];
  let detail;
  if (answer.normalized && answer.normalized !== answer.word.toUpperCase() && !answer.word.includes("[")) {
    parts.push(el("p", { class: "note" }, t("verdict.key", { word: answer.word, key: answer.normalized })));
  }
  if (answer.valid) {
    parts.push(tileRow(answer.tiles, answer.points, { cubes: lex.cubes, label: `${t(lex.cubes ? "answer.cubes" : "answer.tiles")}: ${answer.notation}` }));
    const notes = [t("answer.points", { n: answer.value })];
    const form = formOf(answer, lex);
    if (form) notes.push(form);
    if (!answer.bag.formable) notes.push(t("answer.unformable"));
    else if (answer.bag.blanks) notes.push(t("answer.blanks", { n: answer.bag.blanks }));
    detail = notes.join(" · ");
    parts.push(el("p", { class: "note", id: "detail" }, detail));
  } else {
    detail = explain(answer, lex);
    parts.push(el("p", { class: "reason", id: "detail" }, detail));
    if (answer.excluded) parts.push(sourceRecord(answer.excluded, lex));
  }
  parts.push(shareLink(url), el("p", { class: "version" }, t("answer.version", { spec: `${answer.lexicon}@${answer.version}` })));
  return { parts, said: `${verdict}. ${detail}` };
}

/** For a wrong tiling (Hungarian digraphs): the cubes as asked, and every valid way to lay the word. */
async function tilingHelp(answer, lex) {
  const [asked, every] = await Promise.all([
    api("/tiles", { word: answer.word, lexicon: lex.name }),
    api("/tiles", { word: answer.normalized, lexicon: lex.name }),
  ]);
  const valid = every.tilings.filter((cut) => cut.valid);
  const box = el("div", { class: "help", id: "tilings" });
  for (const cut of asked.tilings) {
    box.append(el("p", { class: "note" }, t("tiling.asked")),
               tileRow(cut.tiles, cut.points, { cubes: lex.cubes, wrong: true, label: `${t("tiling.asked")}: ${cut.notation}` }));
  }
  box.append(el("h3", {}, t("tiling.valid", { n: valid.length })));
  for (const cut of valid) {
    const url = shareUrl({ word: cut.notation });
    box.append(el("a", { href: url, class: "tiling", "data-word": cut.notation },
                  tileRow(cut.tiles, cut.points, { cubes: lex.cubes, label: cut.notation })));
  }
  return box;
}

/** For a word this lexicon refuses: what the other served lexicons of its language say. */
async function elsewhereHelp(answer, lex) {
  const others = DATA.lexicons.filter((l) => l.name !== lex.name && l.language === lex.language);
  if (!others.length) return null;
  const answers = await Promise.all(others.map((l) => api("/valid", { word: answer.word, lexicon: l.name })
    .catch(() => null)));  // a lexicon that cannot answer now is left out of the help
  const box = el("div", { class: "help", id: "elsewhere" }, el("h3", {}, t("elsewhere.heading")));
  const list = el("ul", {});
  answers.forEach((other, i) => {
    if (!other || !other.valid) return;
    const form = formOf(other, others[i]);
    const use = el("button", { type: "button", class: "link", "data-lexicon": others[i].name },
                   t("elsewhere.use", { lexicon: others[i].title }));
    use.addEventListener("click", () => { chooseLexicon(others[i].name); $("word").focus(); });
    list.append(el("li", {}, el("strong", {}, t("elsewhere.valid", { lexicon: others[i].title })),
                   form ? ` – ${form}` : "", " ", use));
  });
  box.append(list.childElementCount ? list : el("p", { class: "note" }, t("elsewhere.none")));
  return box;
}

/**
 * `task` for the latest input only: one run at a time, and of the inputs that arrive during a run,
 * only the last runs next. A word typed letter by letter so costs at most one request in flight,
 * and its answer comes one round trip after the last letter. The task is told when it went stale.
 */
function latest(task) {
  let running = false;
  let waiting = null;
  const run = async (...args) => {
    if (running) { waiting = args; return; }
    running = true;
    try {
      await task(() => waiting !== null, ...args);
    } finally {
      running = false;
      if (waiting) { const next = waiting; waiting = null; run(...next); }
    }
  };
  return run;
}

let drawn = 0;  // the answer on screen, so that help arriving late joins only its own answer
let onScreen = null;  // {word, lexicon, said} of the answer on screen
const check = latest(async (stale, now) => {
  const word = $("word").value;
  const lex = lexicon();
  const out = $("answer");
  // Enter on a word whose answer is already on screen says it again rather than drawing it anew.
  if (onScreen?.word === word && onScreen.lexicon === lex.name) { if (now) announce(onScreen.said, true); return; }
  const mine = ++drawn;
  onScreen = null;
  if (!word.trim()) { out.replaceChildren(); return; }
  let answer;
  try {
    answer = await api("/valid", { word, lexicon: lex.name });
  } catch (error) {
    if (!stale()) out.replaceChildren(...problemNodes(error));
    return;
  }
  if (stale()) return;
  const { parts, said } = verdictNodes(answer, lex, share({ word }));
  out.replaceChildren(...parts);
  onScreen = { word, lexicon: lex.name, said };
  announce(said, now);
  const help = answer.reason === "wrong-tiling" ? tilingHelp(answer, lex)
    : !answer.valid && answer.normalized ? elsewhereHelp(answer, lex) : null;
  // Help comes after the answer, without holding up the next word.
  help?.then((box) => { if (box && drawn === mine) out.insertBefore(box, out.querySelector(".share")); },
             (error) => { if (drawn === mine) out.append(...problemNodes(error)); });
});

function checkWord(word) {
  $("word").value = word;
  check(true);
  $("check-panel").scrollIntoView();
  $("word").focus();
}

// ---------------------------------------------------------------- searches

function hitItem(hit, lex) {
  const said = [t("search.hit", { word: hit.word, points: t("answer.points", { n: hit.value }) }),
                ...hit.blanks.map((i) => t("search.blank", { letter: hit.tiles[i] }))].join(", ");
  const link = el("a", { href: shareUrl({ word: hit.notation }), "data-word": hit.notation },
                  el("span", { class: "sr-only" }, said),
                  tileRow(hit.tiles, null, { blanks: hit.blanks, cubes: lex.cubes, mini: true }),
                  el("span", { class: "value", "aria-hidden": "true" }, String(hit.value)));
  return el("li", {}, link);
}

/** A search panel: pages of hits grouped by length (longest first), a total and a "more" control. */
class Search {
  constructor(out, path, order) {
    Object.assign(this, { out, path, order, control: null });
  }

  async run(params, shared) {
    this.control?.abort();
    const control = this.control = new AbortController();
    const lex = lexicon();
    this.query = { ...params, lexicon: lex.name, limit: PAGE_SIZE };
    this.lex = lex;
    this.out.replaceChildren(el("p", { class: "note" }, t("page.working")));
    try {
      let page;
      try {
        page = await api(this.path, { ...this.query, order: this.order }, control.signal);
      } catch (error) {
        // A search too large to rank is still listed, in alphabetical order.
        if (!(error instanceof Problem && error.code === "too-costly" && this.order !== "alpha")) throw error;
        page = await api(this.path, { ...this.query, order: "alpha" }, control.signal);
      }
      this.query.order = page.order;
      const url = share(shared);
      this.status = el("p", { class: "total" });
      this.list = el("div", { class: "hits" });
      this.more = el("button", { type: "button", class: "more" }, t("search.more"));
      this.more.addEventListener("click", () => this.next());
      this.out.replaceChildren(this.status, page.order === "alpha" && this.order !== "alpha" ? el("p", { class: "note" }, t("search.alpha")) : "",
                               this.list, this.more, shareLink(url));
      this.shown = 0;
      this.draw(page);
    } catch (error) {
      if (error.name !== "AbortError") {
        this.out.replaceChildren(...problemNodes(error));
        announce(this.out.textContent, true);
      }
    }
  }

  async next() {
    const control = this.control = new AbortController();
    try {
      const page = await api(this.path, { ...this.query, offset: this.nextOffset }, control.signal);
      this.draw(page);
      this.list.querySelector("li:last-child a")?.scrollIntoView({ block: "nearest" });
    } catch (error) {
      if (error.name !== "AbortError") this.out.append(...problemNodes(error));
    }
  }

  draw(page) {
    const grouped = page.order !== "alpha";
    let group = this.list.lastElementChild;
    for (const hit of page.words) {
      if (!group || (grouped && Number(group.dataset.tiles) !== hit.tile_count)) {
        group = el("section", { class: "group", "data-tiles": hit.tile_count },
                   grouped ? el("h3", {}, t("search.group", { n: hit.tile_count })) : "", el("ul", { class: "words" }));
        this.list.append(group);
      }
      group.querySelector("ul").append(hitItem(hit, this.lex));
    }
    this.shown += page.words.length;
    this.nextOffset = page.next_offset;
    const total = page.total !== null ? t("search.total", { n: page.total }) : t("search.at-least", { n: page.total_at_least });
    const summary = !page.words.length && !this.shown ? t("search.none")
      : page.truncated ? t("search.shown", { total, shown: this.shown }) : total;
    this.status.textContent = summary;
    this.more.hidden = !page.truncated;
    announce(summary, true);
  }
}

const searches = {
  anagram: new Search($("anagrams"), "/anagram", "length"),
  pattern: new Search($("patterns"), "/pattern", "length"),
};

function findAnagrams() {
  const rack = $("rack").value;
  const sub = $("sub").checked;
  return searches.anagram.run({ rack, sub: sub ? "true" : "false" }, sub ? { rack, sub: "1" } : { rack });
}

function findPattern() {
  const q = $("q").value;
  return searches.pattern.run({ q }, { pattern: q });
}

// ---------------------------------------------------------------- hooks

let hooking = null;
async function findHooks() {
  const word = $("hook-word").value;
  const lex = lexicon();
  hooking?.abort();
  const control = hooking = new AbortController();
  const out = $("hook-answer");
  try {
    const answer = await api("/hooks", { word, lexicon: lex.name }, control.signal);
    const base = answer.tilings[0]?.notation || answer.normalized;
    const side = (tiles, front) => {
      if (!tiles.length) return el("p", { class: "note" }, t("hooks.none"));
      return el("ul", { class: "words" }, tiles.map((tile) => {
        const formed = front ? notation(tile) + base : base + notation(tile);
        const label = front ? `${tile} + ${answer.normalized}` : `${answer.normalized} + ${tile}`;
        return el("li", {}, el("a", { href: shareUrl({ word: formed }), "data-word": formed, "aria-label": label },
                               tileRow([tile], null, { cubes: lex.cubes, mini: true }),
                               el("span", { class: "formed", "aria-hidden": "true" }, formed.replace(/[[\]]/g, ""))));
      }));
    };
    const said = t("hooks.summary", { word: answer.normalized, front: answer.front.length, back: answer.back.length });
    const url = share({ hooks: word });
    out.replaceChildren(el("p", { class: "total" }, said),
                        el("h3", {}, t("hooks.front")), side(answer.front, true),
                        el("h3", {}, t("hooks.back")), side(answer.back, false), shareLink(url));
    announce(said, true);
  } catch (error) {
    if (error.name !== "AbortError") {
      out.replaceChildren(...problemNodes(error));
      announce(out.textContent, true);
    }
  }
}

// ---------------------------------------------------------------- judging a play

const GAMES = new Map(DATA.games.map((g) => [g.name, g]));

function emptyBoard(size) {
  return Array(size).fill(".".repeat(size)).join("\n");
}

/** A board row as the API reads it: `.` empty, `[CS]` one tile, a small letter a blank. */
function rowCells(row) {
  return (row.match(/\[[^\]]*\]|\S/g) || []).map((cell) => {
    if (cell === ".") return null;
    const tile = cell.replace(/[[\]]/g, "");
    return { tile: tile.toUpperCase(), blank: tile !== tile.toUpperCase() };
  });
}

function boardGrid(rows, placed, game) {
  const cells = rows.map(rowCells);
  for (const p of placed) (cells[p.row] ||= [])[p.col] = { tile: p.tile, blank: p.blank, placed: true };
  const grid = el("div", { class: `board${game.name.startsWith("hu-") ? " cubes" : ""}`, role: "img",
                           "aria-label": t("play.board.result"), style: null });
  grid.dataset.size = game.size;
  for (let r = 0; r < game.size; r++) {
    for (let c = 0; c < game.size; c++) {
      const cell = cells[r]?.[c];
      grid.append(el("span", { class: `square${cell ? " filled" : ""}${cell?.placed ? " placed" : ""}${cell?.blank ? " blank" : ""}` },
                     cell ? cell.tile : ""));
    }
  }
  return grid;
}

function wordItem(word) {
  const said = word.valid ? t("play.word.valid", { word: word.word, n: word.score }) : t("play.word.invalid", { word: word.word });
  const notes = [];
  if (word.valid && word.scoring?.letters !== undefined) {
    notes.push(t("play.scoring", { letters: word.scoring.letters, multiplier: word.scoring.word_multiplier }));
  }
  for (const [square, premium] of Object.entries(word.scoring?.premiums || {})) {
    notes.push(t("play.premium", { square, premium: `premium.${premium}` in DATA.messages ? t(`premium.${premium}`) : premium }));
  }
  return el("li", { class: word.valid ? "valid" : "invalid" }, el("strong", {}, said),
            notes.length ? ` (${notes.join(", ")})` : "");
}

let judging = null;
async function judgePlay() {
  const game = GAMES.get($("game").value);
  const lex = lexicon();
  const rows = $("board").value.split("\n").filter((row) => row.trim());
  const body = { game: game.name, board: rows,
                 move: { word: $("move-word").value.trim(), start: $("move-start").value.trim().toUpperCase(),
                         direction: $("move-direction").value } };
  if (lex.tileset === game.tileset) body.lexicon = lex.name;  // the room chosen above, when it is of this game
  if ($("play-rack").value.trim()) body.rack = $("play-rack").value.trim();
  judging?.abort();
  const control = judging = new AbortController();
  const out = $("play-answer");
  try {
    const answer = await api("/play", {}, control.signal, body);
    const allValid = answer.words.every((w) => w.valid);
    const verdict = !answer.legal ? t("play.illegal")
      : allValid ? t("play.legal", { n: answer.score }) : t("play.refused", { n: answer.score_if_valid });
    const parts = [el("p", { class: `verdict ${answer.legal && allValid ? "valid" : "invalid"}`, id: "play-verdict" }, verdict)];
    if (answer.errors.length) {
      parts.push(el("ul", { class: "errors" }, answer.errors.map((e) => {
        const key = `play.error.${e.code}`;
        return el("li", {}, key in DATA.messages ? t(key, { square: e.square || "" }) : e.message);
      })));
    }
    if (answer.legal && answer.words.length) {
      parts.push(el("h3", {}, t("play.words")), el("ul", { class: "play-words" }, answer.words.map((w) => wordItem(w))));
    }
    for (const bonus of answer.bonuses || []) parts.push(el("p", { class: "note" }, t("play.bonus", { n: bonus.points ?? answer.bonus })));
    parts.push(boardGrid(rows, answer.legal ? answer.placed : [], game));
    out.replaceChildren(...parts);
    announce(verdict, true);
  } catch (error) {
    if (error.name !== "AbortError") {
      out.replaceChildren(...problemNodes(error));
      announce(out.textContent, true);
    }
  }
}

// The best plays of the rack on the board (POST /moves), best first: each a button that draws it on the
// board and sets the judge's fields to it.
let finding = null;
async function bestPlays() {
  const game = GAMES.get($("game").value);
  const lex = lexicon();
  const out = $("play-answer");
  const rack = $("play-rack").value.trim();
  if (!rack) {
    out.replaceChildren(el("p", { class: "verdict invalid", id: "best-verdict" }, t("best.no-rack")));
    $("play-rack").focus();
    return;
  }
  const rows = $("board").value.split("\n").filter((row) => row.trim());
  const body = { game: game.name, board: rows, rack, limit: 10 };
  if (lex.tileset === game.tileset) body.lexicon = lex.name;
  finding?.abort();
  const control = finding = new AbortController();
  try {
    const answer = await api("/moves", {}, control.signal, body);
    const said = answer.plays.length ? t("best.found", { n: answer.count }) : t("best.none");
    const board = el("div", { id: "best-board" });
    const show = (play, button) => {
      board.replaceChildren(boardGrid(rows, play.placed, game));
      board.firstChild.setAttribute("aria-label", t("best.board"));
      for (const b of list.querySelectorAll("button")) b.setAttribute("aria-pressed", b === button ? "true" : "false");
      $("move-word").value = play.move.word;
      $("move-start").value = play.move.start;
      $("move-direction").value = play.move.direction;
    };
    const list = el("ol", { class: "best" }, answer.plays.map((play) => {
      const button = el("button", { type: "button", class: "link", "aria-pressed": "false" },
                        t("best.play", { word: play.move.word, start: play.move.start,
                                         direction: t(`play.${play.move.direction}`),
                                         points: t("answer.points", { n: play.score }) }));
      button.addEventListener("click", () => show(play, button));
      return el("li", {}, button);
    }));
    out.replaceChildren(el("p", { class: `verdict ${answer.plays.length ? "valid" : "invalid"}`, id: "best-verdict" },
                           said), list, board);
    if (answer.plays.length) show(answer.plays[0], list.querySelector("button"));
    announce(said, true);
  } catch (error) {
    if (error.name !== "AbortError") {
      out.replaceChildren(...problemNodes(error));
      announce(out.textContent, true);
    }
  }
}

/** What the chosen game plays with that is not verified: its premium layout, its tile counts. */
function gameNotes(game) {
  $("game-notes").replaceChildren(...(game.unverified || []).map((u) => el("li", {},
    u.kind === "layout" ? t("play.unverified.layout", { name: u.name }) : t("play.unverified.counts"))));
}

/** The judge set for a game: its notes, and an empty board of its size unless tiles are on it. */
function showGame(game) {
  $("game").value = game.name;
  gameNotes(game);
  $("board-hint").textContent = game.hint;
  $("best").hidden = $("best-hint").hidden = !game.moves;  // a stacking game's plays are not generated
  if (!/[^.\s]/.test($("board").value)) $("board").value = emptyBoard(game.size);
  $("board").rows = game.size;
}

/** The game follows the word list: the game judged by it, else one played with its tiles. The boxes'
 *  hints show the word list's own tiles and words. */
function followLexicon() {
  const lex = lexicon();
  for (const [box, hint] of Object.entries(lex.hints)) $(`${box}-hint`).textContent = hint;
  const game = DATA.games.find((g) => g.lexicon === lex.name) || DATA.games.find((g) => g.tileset === lex.tileset)
    || (!$("board").value && DATA.games[0]);  // a word list of no game: the first, on an empty board
  if (game && !(game.name === $("game").value && $("board").value)) showGame(game);
}

$("game").addEventListener("change", () => showGame(GAMES.get($("game").value)));
$("play").addEventListener("submit", (event) => { event.preventDefault(); judgePlay(); });
$("best").addEventListener("click", bestPlays);

// ---------------------------------------------------------------- wiring

function chooseLexicon(name) {
  $("lexicon").value = name;
  lexiconChanged();
}

// A new lexicon answers again what is on screen.
function lexiconChanged() {
  remember.set("lexicon", lexicon().name);
  $("lexicon-note").textContent = "";
  followLexicon();
  showOffline();
  if ($("word").value) check(true);
  if ($("anagrams").childElementCount && $("rack").value) findAnagrams();
  if ($("patterns").childElementCount && $("q").value) findPattern();
  if ($("hook-answer").childElementCount && $("hook-word").value) findHooks();
}

$("lexicon").addEventListener("change", lexiconChanged);
$("offline").addEventListener("click", toggleOffline);
$("word").addEventListener("input", () => check(false));
$("check").addEventListener("submit", (event) => { event.preventDefault(); check(true); });
$("anagram").addEventListener("submit", (event) => { event.preventDefault(); findAnagrams(); });
$("pattern").addEventListener("submit", (event) => { event.preventDefault(); findPattern(); });
$("hooks").addEventListener("submit", (event) => { event.preventDefault(); findHooks(); });

// A word in any list checks that word here, without leaving the page (the link stays shareable).
document.querySelector("main").addEventListener("click", (event) => {
  const link = event.target.closest("a[data-word]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  checkWord(link.dataset.word);
});

// A shared URL loads its answer: ?lexicon=…&word=…, ?rack=…[&sub=1], ?pattern=…, ?hooks=….
(function start() {
  const params = new URLSearchParams(location.search);
  const asked = params.get("lexicon");
  const wanted = asked || remember.get("lexicon");
  if (LEXICONS.has(wanted)) $("lexicon").value = wanted;
  else if (asked) $("lexicon-note").textContent = t("page.lexicon.unknown", { asked, title: lexicon().title });
  followLexicon();
  showOffline();
  if (params.has("rack")) {
    $("rack").value = params.get("rack");
    $("sub").checked = ["1", "true"].includes(params.get("sub"));
    findAnagrams();
  }
  if (params.has("pattern")) { $("q").value = params.get("pattern"); findPattern(); }
  if (params.has("hooks")) { $("hook-word").value = params.get("hooks"); findHooks(); }
  if (params.has("word")) { $("word").value = params.get("word"); check(true); }
})();
