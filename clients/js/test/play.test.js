// play() and moves(): POST /play and POST /moves answered from a bundle alone, as the service answers them.
//
// TILE_LEXICON_FIXTURES's games.json (written by tests/test_clients.py) lists, per game, a bundle of the lexicon it
// was played by and bodies met by playing whole games through the engine (plays.jsonl: empty, mid-game and
// near-end boards, blanks, Betűtorony's stacks), each with the service's status and document or problem.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { LexiconError, load } from "../index.js";

const folder = process.env.TILE_LEXICON_FIXTURES;
if (!folder) throw new Error("TILE_LEXICON_FIXTURES is not set: run tests/test_clients.py (make test)");
const games = JSON.parse(readFileSync(join(folder, "games.json"), "utf8"));

const lines = (file) => readFileSync(join(folder, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const bytesOf = (game) => new Uint8Array(readFileSync(join(folder, game.bundle)));
const open = (game) => load(bytesOf(game), { play: true });

// The service's problem document as the package throws it.
function sameProblem(e, document, status, what) {
  assert.ok(e instanceof LexiconError, what);
  assert.equal(`/problems/${e.code}`, document.type, what);
  assert.equal(e.status, status, what);
  assert.equal(e.detail, document.detail, what);
  assert.equal(e.parameter, document.parameter, what);
  assert.equal(e.square, document.square, what);
  return true;
}

for (const game of games) {
  test(`${game.name}: every body answers as the service does`, async () => {
    const lex = await open(game);
    const seen = { play: 0, moves: 0, refused: 0, blanks: 0, stacked: 0, own: 0, endgame: 0, common: 0 };
    for (const { kind, body, status, document, own_game } of lines(game.plays)) {
      const what = `${kind} ${JSON.stringify(body).slice(0, 300)}`;
      // one body in five names its game by its document instead of its name
      const asked = own_game ? { ...body, game: game.document } : body;
      seen.own += own_game;
      if (status !== 200) {
        assert.throws(() => lex[kind](asked), (e) => sameProblem(e, document, status, what));
        seen.refused++;
        continue;
      }
      const answer = lex[kind](asked);
      assert.deepEqual(answer, document, what);
      seen[kind]++;
      seen.endgame += kind === "moves" && answer.endgame !== undefined;
      seen.common += kind === "moves" && answer.common === true && answer.plays.length > 0;
      const placed = kind === "play" ? answer.placed : answer.plays.flatMap((p) => p.placed);
      seen.blanks += placed.some((p) => p.blank);
      seen.stacked += (body.heights ?? []).some((row) => /[2-9]/.test(row));
    }
    assert.ok(seen.play >= 40 && seen.moves >= 8 && seen.refused >= 10 && seen.own >= 10, JSON.stringify(seen));
    assert.ok(game.name === "hu-betutorony" ? seen.stacked > 0 : seen.blanks > 0, JSON.stringify(seen));
    // the endgame searched offline as the service searches it, where the game is scored by letters
    assert.ok(game.name === "hu-betutorony" ? seen.endgame === 0 : seen.endgame >= 1, JSON.stringify(seen));
    // a beginner's plays (common words alone) found offline as the service finds them
    assert.ok(seen.common >= 1, JSON.stringify(seen));
  });

  test(`${game.name}: the bundle carries its game's document`, async () => {
    const lex = await open(game);
    assert.deepEqual(lex.games.find((g) => g.name === game.name), game.document);
  });

  test(`${game.name}: a body's JSON text answers as the body does`, async () => {
    const lex = await open(game);
    const [first] = lines(game.plays).filter((l) => l.status === 200).slice(-1);
    assert.deepEqual(lex[first.kind](JSON.stringify(first.body)), first.document);
  });
}

test("refusals name the field, the square and the lexicon served", async () => {
  const game = games.find((g) => g.name === "sv-betapet");
  const lex = await open(game);
  const board = Array(15).fill(".".repeat(15));
  const refused = (body, kind = "play") => {
    try {
      lex[kind](body);
    } catch (e) {
      assert.ok(e instanceof LexiconError);
      return e;
    }
    assert.fail(`${JSON.stringify(body)} answered`);
  };
  let e = refused({ game: "sv-betapet", board, move: { word: "HUND", start: "P1" } });
  assert.deepEqual([e.code, e.status, e.parameter, e.square], ["bad-play", 400, "move.start", "P1"]);
  assert.equal(e.detail, "move.start: P1 is off the 15×15 board (A1 to O15)");
  e = refused({ game: "sv-alfapet", board, rack: "HUND" }, "moves");
  assert.equal(e.detail, "game: 'sv-alfapet' is not a game; games: sv-betapet");  // the bundle's games
  e = refused({ game: "sv-betapet", board, move: { word: "HUND", start: "H8" }, lexicon: "sv-scrabble" });
  assert.deepEqual([e.code, e.status, e.parameter], ["unknown-lexicon", 404, "lexicon"]);
  assert.equal(e.detail, `no lexicon 'sv-scrabble' is served here (served: ${game.lexicon})`);
  e = refused("{\"game\": ");
  assert.deepEqual([e.code, e.parameter], ["bad-play", "body"]);
  e = refused({ game: { ...game.document, size: 27 }, board, move: [] });
  assert.deepEqual([e.code, e.parameter], ["bad-play", "game"]);
  assert.match(e.detail, /^game: .*size must be 2 to 26/);
  assert.throws(() => lex.play(undefined), TypeError);
  assert.throws(() => lex.moves(42), TypeError);
});

test("a lexicon loaded without the play engine says how to load it, and answers words alike", async () => {
  const game = games[0];
  const [words, plays] = [await load(bytesOf(game)), await open(game)];
  const board = Array(game.document.size).fill(".".repeat(game.document.size));
  assert.throws(() => words.moves({ game: game.name, board, rack: "A" }), (e) => e instanceof LexiconError &&
    e.code === "no-play" && /\{play: true\}/.test(e.detail));
  assert.ok(plays.moves({ game: game.name, board, rack: "?" }).plays);
  for (const word of ["hus", "kat", "[CS]ÉSZE", "a b", ""]) assert.deepEqual(plays.check(word), words.check(word));
});

test("a game document of one's own plays by its own rules", async () => {
  const game = games.find((g) => g.name === "sv-betapet");
  const lex = await open(game);
  const board = Array(15).fill(".".repeat(15));
  const move = { word: "HUND", start: "H8" };
  const bundled = lex.play({ game: "sv-betapet", board, move });
  assert.ok(bundled.legal && bundled.score > 0);
  // the same game under another name, its first play started anywhere and every square plain
  const own = { ...game.document, name: "sv-fritt", start: ["A1"] };
  own.layouts = own.layouts.map((layout) => ({ ...layout, rows: layout.rows.map((r) => ".".repeat(r.length)) }));
  const answer = lex.play({ game: own, board, move: { word: "HUND", start: "A1" } });
  assert.equal(answer.game, "sv-fritt");
  assert.ok(answer.legal);
  assert.equal(answer.score, answer.words[0].scoring.letters);
  assert.ok(!lex.play({ game: own, board, move }).legal);  // H8 is no start of this game
  // the bundle's games stay as they were
  assert.deepEqual(lex.play({ game: "sv-betapet", board, move }), bundled);
});
