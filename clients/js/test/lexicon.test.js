// The package under Node's own test runner, over real bundles and the answers the toolkit gave for them.
//
// TILE_LEXICON_FIXTURES names a folder that tests/test_clients.py writes (make test runs it): fixtures.json
// lists, per lexicon, its bundle, a corpus of inputs with the library's brief answers (corpus.jsonl), a share
// of it with the library's verdict documents (verdicts.jsonl) and searches with the service's documents or
// problems (queries.jsonl).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { Lexicon, LexiconError, load } from "../index.js";

const folder = process.env.TILE_LEXICON_FIXTURES;
if (!folder) throw new Error("TILE_LEXICON_FIXTURES is not set: run tests/test_clients.py (make test)");
const fixtures = JSON.parse(readFileSync(join(folder, "fixtures.json"), "utf8"));

const lines = (file) => readFileSync(join(folder, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const bytesOf = (fixture) => new Uint8Array(readFileSync(join(folder, fixture.bundle)));

for (const fixture of fixtures) {
  test(`${fixture.name}: every input of the corpus answers as the library does`, async () => {
    const lex = await load(bytesOf(fixture));
    assert.ok(lex instanceof Lexicon);
    assert.equal(lex.name, fixture.name);
    assert.equal(lex.version, fixture.version);
    let decided = 0, undecided = 0;
    for (const { word, expected } of lines(fixture.corpus)) {
      const answer = lex.check(word);
      if (answer.valid === null) { // only analysis decides: never a wrong "no"
        assert.ok(fixture.analysis, `${fixture.name} decides every word, but not ${JSON.stringify(word)}`);
        assert.equal(answer.reason, "needs-analysis");
        assert.equal(answer.normalized, expected.normalized);
        assert.equal(lex.has(word), null);
        undecided++;
        continue;
      }
      assert.deepEqual(answer, expected, JSON.stringify(word));
      assert.equal(lex.has(word), expected.valid, JSON.stringify(word));
      decided++;
    }
    assert.ok(decided >= fixture.decided, `${decided} decided`);
    lex.close();
    assert.throws(() => lex.check("hus"), (e) => e instanceof LexiconError && e.code === "closed");
  });

  test(`${fixture.name}: with detail, the verdict document as the library writes it`, async () => {
    const lex = await load(bytesOf(fixture));
    let decided = 0;
    for (const { word, expected } of lines(fixture.verdicts)) {
      const answer = lex.check(word, { detail: true });
      if (answer.valid === null) { // only analysis decides
        assert.ok(fixture.analysis && answer.reason === "needs-analysis", JSON.stringify(word));
        continue;
      }
      assert.deepEqual(answer, expected, JSON.stringify(word));
      decided++;
    }
    assert.ok(decided >= 2000, `${decided} decided`);
  });

  test(`${fixture.name}: searches and tiles answer as the service does`, async () => {
    const lex = await load(bytesOf(fixture));
    let answered = 0, refused = 0;
    for (const { search, text, options, status, document } of lines(fixture.queries)) {
      const what = JSON.stringify([search, text, options]);
      const args = search === "anagram" || search === "pattern" ? [text, options] : [text];
      if (status !== 200) {
        assert.throws(() => lex[search](...args), (e) => {
          assert.ok(e instanceof LexiconError, what);
          assert.ok(document.type.endsWith("/" + e.code), `${what}: ${e.code} for ${document.type}`);
          assert.equal(e.detail, document.detail, what);
          assert.equal(e.status, status, what);
          assert.equal(e.position, document.position, what);
          return true;
        }, what);
        refused++;
        continue;
      }
      const answer = lex[search](...args);
      if (search === "tiles" && answer.valid === null) continue; // only analysis decides
      assert.deepEqual(answer, document, what);
      answered++;
    }
    assert.ok(answered > 50 && refused > 5, `${answered} answered, ${refused} refused`);
  });
}

test("the manifest's summary and the lexicon's identity come from the bundle", async () => {
  const fixture = fixtures[0];
  const lex = await load(bytesOf(fixture));
  const summary = lex.manifest;
  assert.equal(summary.name, fixture.name);
  assert.equal(summary.version, fixture.version);
  assert.equal(lex.size, bytesOf(fixture).length);
  assert.equal(typeof lex.toolkit, "string");
});

// ---------------------------------------------------------------- damaged bundles

function sections(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let i = 0; i < view.getUint32(12, true); i++) {
    const at = 256 + 32 * i;
    const name = new TextDecoder().decode(bytes.subarray(at, at + 16)).replace(/\0+$/, "");
    out.push({ name, offset: Number(view.getBigUint64(at + 16, true)), size: view.getUint32(at + 24, true) });
  }
  return out;
}

async function refusal(bytes) {
  await assert.rejects(load(bytes), (e) => e instanceof LexiconError);
  return load(bytes).catch((e) => e);
}

test("a damaged bundle is refused, saying what is damaged", async () => {
  for (const fixture of fixtures) {
    const bytes = bytesOf(fixture);
    for (const size of [0, 10, 255, 256, 1000, bytes.length >> 1, bytes.length - 1]) {
      const e = await refusal(bytes.slice(0, size));
      assert.equal(e.code, "corrupt-bundle", `${size} bytes: ${e.message}`);
    }
    for (const { name, offset, size } of sections(bytes)) {
      if (!size) continue;
      const flipped = bytes.slice();
      flipped[offset + (size >> 1)] ^= 0x41;
      const e = await refusal(flipped);
      assert.equal(e.code, "corrupt-bundle");
      assert.match(e.message, new RegExp(`section ${name.replace(".", "\\.")} is damaged`), e.message);
    }
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(8, 2, true);
    const e = await refusal(other);
    assert.equal(e.code, "bad-bundle");
    assert.match(e.message, /format version 2/);
    const foreign = await refusal(new TextEncoder().encode("PK\u0003\u0004 not a bundle at all".padEnd(400)));
    assert.match(foreign.message, /TLBUNDLE/);
  }
});

test("text that is not a string, and options that are not integers, are refused", async () => {
  const lex = await load(bytesOf(fixtures[0]));
  assert.throws(() => lex.check(42), TypeError);
  assert.throws(() => lex.anagram("abc", { limit: 1.5 }), (e) => e.code === "bad-input" && e.parameter === "limit");
  assert.throws(() => lex.pattern("a*", { order: "random" }), (e) => e.code === "bad-input" &&
    e.detail === "'order' must be one of alpha, length, score; got 'random'");
});

test("every load answers alone: two lexicons in one process", async () => {
  const [a, b] = await Promise.all(fixtures.slice(0, 2).map((f) => load(bytesOf(f))));
  assert.notEqual(a.name, b.name);
  assert.equal(a.check("hus").normalized, "HUS");
  assert.equal(b.check("hus").normalized, "HUS");
});
