/** A square's contents: the tile, and whether a blank plays it. */
export interface Cell {
  tile: string;
  blank: boolean;
}

/** A tile as a row or a word writes it: `[CS]` for several letters, small letters for a blank. */
export function writeTile(tile: string, blank?: boolean): string;

/** The text of each square of a board row: a bracketed tile, or one character that is not white space. */
export function rowSquares(row: string): string[];

/** Every way a square of a game may be written → its contents (null for `.`); `tiles` is `[letter, points, own]`. */
export function squareTable(tiles: ReadonlyArray<readonly [string, number, boolean]>, blanks: boolean):
  Map<string, Cell | null>;

/** A board row's squares, or the first square (0-based) that is none of the game's. */
export function readRow(row: string, table: Map<string, Cell | null>): Array<Cell | null> | { square: number; text: string };

/** A rack's tiles as typed: `[CS]` one tile, `?` a blank, each other letter a tile by itself. */
export function readRack(text: string): string[];
