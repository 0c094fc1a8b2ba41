// The JSON API, and the lexicon's bundle answering here once loaded (offline) through the JavaScript package.
import { $, DATA, GAMES, announce, el, lexicon, t } from "./dom.js";

// ---------------------------------------------------------------- the API

class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = String(body?.type || "").split("/").pop();
    this.detail = body?.detail || null;
  }
}

/** GET path?params, or POST `body` as JSON; the answer, or a Problem. What the lexicon's bundle can answer
 *  is answered on this device once it is loaded (offline below). */
async function api(path, params, signal, post) {
  const lex = offlineCopy(path, params, post);
  const here = lex ? answerHere(lex, path, post ?? params) : undefined;
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

/** A request's problem drawn in `out` in the page's words and said aloud; a request given up (aborted) draws
 *  nothing. */
function showProblem(out, error) {
  if (error.name === "AbortError") return;
  out.replaceChildren(...problemNodes(error));
  announce(out.textContent, true);
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
  // a POST's body: judged by the rules the bundle carries for its game
  "/play": (lex, body) => lex.play(body),
  "/moves": (lex, body) => lex.moves(body),
};

/** The loaded bundle that answers this request: the lexicon a GET names, or the one a play's body names (else its
 *  game's own) when its bundle carries the game; undefined where the service answers. */
function offlineCopy(path, params, post) {
  if (!(path in HERE)) return undefined;
  if (post === undefined) return offline.copies.get(params.lexicon);
  const lex = offline.copies.get(post.lexicon ?? GAMES.get(post.game)?.lexicon);
  return lex && offlineGames(lex).has(post.game) ? lex : undefined;
}

const carried = new WeakMap();  // a loaded bundle → the names of the games it carries
function offlineGames(lex) {
  if (!carried.has(lex)) carried.set(lex, new Set(lex.games.map((g) => g.name)));
  return carried.get(lex);
}

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
  // only analysis decides a word: ask the service
  const words = path === "/play" ? answer.words : path === "/moves" ? answer.plays.flatMap((p) => p.words) : [answer];
  return words.some((w) => w.valid === null) ? undefined : answer;
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

/** Load the lexicon's bundle, or let it go; `loaded` is called once it answers here (to draw again from it). */
async function toggleOffline(loaded) {
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
    offline.copies.set(item.name, await load(item.bundle.url, { play: true }));  // plays judged offline too
  } catch {
    offline.loading = null;
    showOffline();
    $("offline-note").textContent = t("offline.failed");
    return;
  }
  offline.loading = null;
  showOffline();
  loaded();
}

export { Problem, api, problemNodes, showOffline, showProblem, toggleOffline };
