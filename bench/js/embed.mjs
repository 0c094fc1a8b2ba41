// bench embed, the JavaScript side: the package in Node, in-process, as a Node server or a web game calls it.
//
//   node bench/js/embed.mjs BUNDLE WORDS [RACKS [BODIES]]
//
// WORDS: one a line (distinct, as users send them). Prints one JSON object: load_ms (bytes in memory →
// first answer: the module compiled once, then each load instantiates and opens; the median of LOADS),
// first_load_ms (the compile included; each later load starts after a garbage collection when Node runs
// with --expose-gc, as bench embed runs it), check_per_s and has_per_s (the best of PASSES over the words),
// with RACKS (one a line; - for none) the p50 and p95 of anagram() over them in milliseconds (each rack REPEATS
// times in a row, warm), with the words found, and with BODIES (a line each `moves ` or `play ` and a body)
// the p50 and p95 of moves() and play() over them, each body's JSON text REPEATS times in a row (the document
// parsed included: what a game gets), the bundle loaded with the play engine, with the plays found.

import { readFileSync } from "node:fs";

import { load } from "../../clients/js/index.js";

const LOADS = 15;
const PASSES = 5;
const REPEATS = 5;

const [bundlePath, wordsPath, racksPath, bodiesPath] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(bundlePath));
const words = readFileSync(wordsPath, "utf8").split("\n").filter(Boolean);

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs, q) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

let start = performance.now();
let lex = await load(bytes);
lex.check(words[0]);
const firstLoad = performance.now() - start;
lex.close();
const loads = [];
for (let i = 0; i < LOADS; i++) {
  // The instances loaded before are garbage: collect them first, so that each load is timed as a game's
  // one load is, not with the collection of its predecessors' memory (run with --expose-gc).
  globalThis.gc?.();
  start = performance.now();
  lex = await load(bytes);
  lex.check(words[0]);
  loads.push(performance.now() - start);
  if (i + 1 < LOADS) lex.close();
}

function rate(fn) {
  let best = Infinity;
  let sink = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const t = performance.now();
    for (let i = 0; i < words.length; i++) sink += fn(words[i]) ? 1 : 0;
    best = Math.min(best, performance.now() - t);
  }
  return { perSecond: Math.round(words.length / (best / 1000)), sink };
}

const check = rate((w) => lex.check(w).valid);
const has = rate((w) => lex.has(w));
const out = {
  load_ms: +median(loads).toFixed(2), first_load_ms: +firstLoad.toFixed(2), words: words.length,
  check_per_s: check.perSecond, has_per_s: has.perSecond, valid: check.sink / PASSES,
};
if (racksPath && racksPath !== "-") {
  const racks = readFileSync(racksPath, "utf8").split("\n").filter(Boolean);
  const times = [];
  let found = 0;
  for (const rack of racks) {
    for (let r = 0; r < REPEATS; r++) {
      const t = performance.now();
      const page = lex.anagram(rack, { order: "alpha", limit: 0 });
      times.push(performance.now() - t);
      if (r === 0) found += page.total ?? page.total_at_least;
    }
  }
  out.anagram_p50_ms = +quantile(times, 0.5).toFixed(3);
  out.anagram_p95_ms = +quantile(times, 0.95).toFixed(3);
  out.anagram_words = found;
}
if (bodiesPath) {
  const plays = await load(bytes, { play: true });
  const times = { play: [], moves: [], engine: [] };
  let found = 0;
  for (const line of readFileSync(bodiesPath, "utf8").split("\n").filter(Boolean)) {
    const kind = line.startsWith("moves ") ? "moves" : "play";
    const body = line.slice(kind.length + 1);
    for (let r = 0; r < REPEATS; r++) {
      const t = performance.now();
      const document = plays[kind](body);
      times[kind].push(performance.now() - t);
      if (r === 0 && kind === "moves") found += document.count;
    }
  }
  // The module's call alone, the document left as text in its memory (the package's own fields, for this
  // measurement only): the engine in WebAssembly against the native one, without the parse.
  const x = plays._x;
  for (const line of readFileSync(bodiesPath, "utf8").split("\n").filter((l) => l.startsWith("moves "))) {
    for (let r = 0; r < REPEATS; r++) {
      const t = performance.now();
      x.tlj_play(plays._lex, 1, plays._put(line.slice(6)), 0);
      times.engine.push(performance.now() - t);
    }
  }
  for (const kind of ["play", "moves", "engine"]) {
    out[`${kind}_p50_ms`] = +quantile(times[kind], 0.5).toFixed(3);
    out[`${kind}_p95_ms`] = +quantile(times[kind], 0.95).toFixed(3);
  }
  out.plays_found = found;
}
console.log(JSON.stringify(out));
