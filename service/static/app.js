// The page's script, an ES module: a word's answer, the searches and hooks, and the wiring; the board is
// play.js, the API api.js, words and nodes dom.js. No framework.
import { writeTile } from "/static/tile-lexicon/notation.js";
import { $, DATA, LEXICONS, PAGE_SIZE, announce, el, lexicon, remember, share, shareLink, shareUrl, t } from "./dom.js";
import { Problem, api, problemNodes, showOffline, showProblem, toggleOffline } from "./api.js";
import { followLexicon, judgePlay, openPlay, points, written } from "./play.js";
import "./review.js";

// ---------------------------------------------------------------- tiles and words in words

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

/** How the compiled word rule took a word (a verdict's reading with `source: "rule"`): its pieces, joined. */
function ruleReading(answer) {
  const reading = (answer.readings || [])[0];
  if (!reading || reading.source !== "rule") return null;
  const parts = reading.morphology.parts.map((part) => part.text.toUpperCase()).join(" + ");
  if (answer.kind === "compound") return t("answer.rule.compound", { parts });
  if (answer.kind === "prefixed") return t("answer.rule.prefixed", { parts });
  return t("answer.rule.affixed", { parts });
}

function formOf(answer, lex) {
  const rule = ruleReading(answer);
  if (rule) return rule;
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
      showProblem(this.out, error);
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
        const formed = front ? writeTile(tile) + base : base + writeTile(tile);
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
    showProblem(out, error);
  }
}


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
$("offline").addEventListener("click", () => toggleOffline(() => {
  onScreen = null;  // the answer on screen is drawn again, from the bundle
  if ($("word").value) check(false);
}));
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

// A shared URL loads its answer: ?lexicon=…&word=…, ?rack=…[&sub=1], ?pattern=…, ?hooks=…, and a play:
// ?game=…&board=…&heights=…&play-rack=…&move=… (judged again).
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
  if (openPlay(params)) judgePlay();
})();

