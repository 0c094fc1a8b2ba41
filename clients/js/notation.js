// Tile text as board rows and racks write it (docs/games.md): `[CS]` one tile of several letters, a plain letter
// a tile by itself, a small letter a blank playing that letter, `.` an empty square, `?` a blank on a rack.
// Plain JavaScript with no WebAssembly, so a page can read what is typed before any bundle is loaded. Board rows
// are read square for square as the service reads them (lexicon/play/board.py, held to it by
// tests/test_clients.py); a word's cuts into tiles (Hungarian házsor) are the core's to find (Lexicon.tiles),
// never guessed here.

/** A tile as a row or a word writes it: `[CS]` for several letters, small letters for a blank. */
export function writeTile(tile, blank = false) {
  const text = blank ? tile.toLowerCase() : tile;
  return tile.length > 1 ? `[${text}]` : text;
}

/** White space as Python's `\s` has it, so a row splits into the same squares at either end. */
const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const WHITE = new RegExp(`^[${SPACE}]$`, "u");
/** One square of a row: a bracketed tile, or one character that is not white space. */
const SQUARE = new RegExp(`\\[[^[\\]]*\\]|[^${SPACE}]`, "gu");

/** The text of each square of a board row. */
export function rowSquares(row) {
  return row.match(SQUARE) || [];
}

/**
 * Every way a square of a game may be written, mapped to its contents: `.` to null, `A` and `[A]` to
 * `{ tile: "A", blank: false }`, `a` and `[a]` to a blank playing A (when the game has blanks), `[CS]` and `[cs]`
 * to the tile CS. `tiles` is the game's `[letter, points, own]` list (own: the bag holds the letter's own tile;
 * Swedish W has none and is only ever a blank).
 */
export function squareTable(tiles, blanks) {
  const table = new Map([[".", null]]);
  for (const [letter, , own] of tiles) {
    for (const [written, blank] of [[letter, false], [letter.toLowerCase(), true]]) {
      if (blank ? !blanks : !own) continue;
      table.set(`[${written}]`, { tile: letter, blank });
      if ([...letter].length === 1) table.set(written, { tile: letter, blank });
    }
  }
  return table;
}

/**
 * A board row read with a game's square table: its squares (null for an empty one), or `{ square, text }`
 * naming the first square (0-based) that is none of the game's.
 */
export function readRow(row, table) {
  const squares = rowSquares(row);
  const cells = [];
  for (const [i, text] of squares.entries()) {
    if (!table.has(text)) return { square: i, text };
    cells.push(table.get(text));
  }
  return cells;
}

/**
 * A rack's tiles as typed: `[CS]` one tile, `?` a blank, each other letter a tile by itself (házsor is
 * H Á Z S O R, há[zs]or is H Á ZS O R); white space is skipped and letters read in upper case. An unclosed
 * bracket takes the rest of the text.
 */
export function readRack(text) {
  const out = [];
  const chars = [...text.toUpperCase()];
  for (let i = 0; i < chars.length;) {
    const ch = chars[i];
    if (WHITE.test(ch)) { i += 1; continue; }
    if (ch === "[") {
      const end = chars.indexOf("]", i);
      const tile = chars.slice(i + 1, end < 0 ? undefined : end).join("");
      if (tile) out.push(tile);
      i = end < 0 ? chars.length : end + 1;
      continue;
    }
    out.push(ch);
    i += 1;
  }
  return out;
}
