// The notation module: racks as typed, tiles as written. Board rows are held to the service's reader by
// tests/test_clients.py.
import { test } from "node:test";
import assert from "node:assert/strict";

import { readRack, readRow, rowSquares, squareTable, writeTile } from "../notation.js";

test("a rack's plain letters are tiles by themselves, a bracket one tile, ? a blank", () => {
  assert.deepEqual(readRack("házsor"), ["H", "Á", "Z", "S", "O", "R"]);
  assert.deepEqual(readRack("há[zs]or ?"), ["H", "Á", "ZS", "O", "R", "?"]);
  assert.deepEqual(readRack(" a\u3000b\tc "), ["A", "B", "C"]);
  assert.deepEqual(readRack("[cs"), ["CS"]);  // an unclosed bracket takes the rest
  assert.deepEqual(readRack("[]a"), ["A"]);
  assert.deepEqual(readRack("\u{1F600}"), ["\u{1F600}"]);  // one character, not two halves
  assert.deepEqual(readRack(""), []);
});

test("a tile is written in brackets when it has several letters, small for a blank", () => {
  assert.equal(writeTile("A"), "A");
  assert.equal(writeTile("A", true), "a");
  assert.equal(writeTile("CS"), "[CS]");
  assert.equal(writeTile("CS", true), "[cs]");
});

test("a row reads square by square, and names the first square that is none of the game's", () => {
  const table = squareTable([["A", 1, true], ["CS", 7, true], ["W", 10, false]], true);
  assert.deepEqual(readRow("..[CS]a.", table),
    [null, null, { tile: "CS", blank: false }, { tile: "A", blank: true }, null]);
  assert.deepEqual(readRow("[cs]w", table), [{ tile: "CS", blank: true }, { tile: "W", blank: true }]);
  assert.deepEqual(readRow("AW", table), { square: 1, text: "W" });  // W has no tile of its own
  assert.deepEqual(readRow("A CS", table), { square: 1, text: "C" });  // several letters need brackets
  assert.deepEqual(rowSquares("A [CS] b"), ["A", "[CS]", "b"]);
  const noBlanks = squareTable([["A", 1, true]], false);
  assert.deepEqual(readRow("a", noBlanks), { square: 0, text: "a" });
});
