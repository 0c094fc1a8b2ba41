// The page's words and nodes: its data (#page-data: the catalogue of service/messages/<lang>.po, the
// lexicons and games), messages with their placeholders filled, elements built as DOM nodes and text (never
// HTML from strings, so text from a shared URL or an answer never runs), and the shareable address.

const $ = (id) => document.getElementById(id);
const DATA = JSON.parse($("page-data").textContent);
const LEXICONS = new Map(DATA.lexicons.map((l) => [l.name, l]));
const plural = new Intl.PluralRules(DATA.lang);
const number = new Intl.NumberFormat(DATA.lang);
const PAGE_SIZE = 100;
const GAMES = new Map(DATA.games.map((g) => [g.name, g]));

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

export { $, DATA, GAMES, LEXICONS, PAGE_SIZE, announce, el, lexicon, remember, share, shareLink, shareUrl, t };
