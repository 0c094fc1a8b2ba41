// The page's only script: ask the JSON API, draw the answer. No framework.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  children.forEach((c) => node.append(c));
  return node;
}

function drawTiles(tiles, points) {
  const row = el("div", { class: "tiles" });
  tiles.forEach((t, i) => row.append(el("span", { class: "tile" }, t, el("sub", {}, String(points[i])))));
  return row;
}

async function getJSON(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.detail || response.statusText);
  return body;
}

$("check").addEventListener("submit", async (event) => {
  event.preventDefault();
  const out = $("answer");
  out.replaceChildren(el("p", { class: "note" }, "…"));
  const params = new URLSearchParams({ word: $("word").value, lexicon: $("lexicon").value });
  try {
    const a = await getJSON(`/valid?${params}`);
    const shown = a.normalized && a.normalized !== a.word ? `${a.word} → ${a.normalized}` : a.word;
    const verdict = el("p", { class: `verdict ${a.valid ? "valid" : "invalid"}`, id: "verdict" },
      `${shown}: ${a.valid ? "valid" : "not valid"}`);
    const parts = [verdict];
    if (a.valid) {
      parts.push(drawTiles(a.tiles, a.points));
      let note = `${a.value} points`;
      if (a.lemma) note += ` · inflected form of ${a.lemma} (${a.tag})`;
      if (!a.bag.formable) note += " · the bag cannot form it";
      else if (a.bag.blanks) note += ` · needs ${a.bag.blanks} blank${a.bag.blanks > 1 ? "s" : ""}`;
      parts.push(el("p", { class: "note", id: "detail" }, note));
    } else {
      let note = a.reason + (a.detail ? ` (${a.detail})` : "");
      if (a.excluded) note += ` · ${a.excluded.source} has “${a.excluded.written}”, excluded: ${a.excluded.reason}`;
      parts.push(el("p", { class: "note", id: "detail" }, note));
    }
    parts.push(el("p", { class: "note" }, `${a.lexicon}@${a.version}`));
    out.replaceChildren(...parts);
  } catch (error) {
    out.replaceChildren(el("p", { class: "verdict invalid", id: "verdict" }, error.message));
  }
});

$("anagram").addEventListener("submit", async (event) => {
  event.preventDefault();
  const out = $("anagrams");
  const params = new URLSearchParams({ rack: $("rack").value, lexicon: $("lexicon").value, limit: "200",
                                       sub: $("sub").checked ? "true" : "false" });
  try {
    const a = await getJSON(`/anagram?${params}`);
    const list = el("ul", { class: "words", id: "anagram-list" });
    a.words.forEach((w) => list.append(el("li", {}, `${w.word} (${w.value})`)));
    out.replaceChildren(el("p", { class: "note" }, `${a.words.length} words`), list);
  } catch (error) {
    out.replaceChildren(el("p", { class: "verdict invalid" }, error.message));
  }
});
