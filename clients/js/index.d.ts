// Types of tile-lexicon (index.js): a lexicon bundle answered offline, as the service answers.

/** A refused call: `code` is the service's problem type (bad-rack, bad-pattern, too-costly, …). */
export class LexiconError extends Error {
  readonly code: string;
  readonly detail: string;
  readonly status: number;
  readonly position?: number;
  /** The query parameter or body field at fault (`move.start`, `board`, `limit`). */
  readonly parameter?: string;
  /** The square a refused body named (`Z99`), as it wrote it. */
  readonly square?: string;
}

export interface LoadOptions {
  /** Where tile-lexicon.wasm (with `play`, tile-lexicon-play.wasm) is, when not beside index.js. */
  wasm?: string | URL;
  /** A WebAssembly.Module compiled already. */
  module?: WebAssembly.Module;
  /** Load the module that also plays games (tile-lexicon-play.wasm, twice the size): play() and moves(). */
  play?: boolean;
}

/** Load a bundle: its bytes, a fetch Response (or the promise fetch gives), or its URL. A damaged bundle is
 * refused (LexiconError). */
export function load(source: ArrayBuffer | ArrayBufferView | Response | PromiseLike<Response> | string | URL,
  options?: LoadOptions): Promise<Lexicon>;

/** The brief verdict document, as POST /valid answers it. */
export interface Verdict {
  word: string;
  /** The key the game plays (ALLÉ → ALLE), or null when the text is not a word. */
  normalized: string | null;
  /** null: only the dictionary's morphology can decide (reason `needs-analysis`): ask the service. */
  valid: boolean | null;
  /** not-in-lexicon, non-letter, empty, bad-notation, too-short, too-long, excluded:<rule>, wrong-tiling,
   * needs-analysis */
  reason: string | null;
  detail: string | null;
  /** An inflected form's headword. */
  lemma: string | null;
  /** An inflected form's grammatical tag. */
  tag: string | null;
}

export interface Tiling {
  tiles: string[];
  notation: string;
  tile_count: number;
}

/** GET /valid's verdict document as far as the bundle holds it (`check(word, {detail: true})`). */
export interface VerdictDocument extends Verdict {
  lexicon: string;
  version: string;
  /** Where in the word the problem is, in characters. */
  position: number | null;
  /** headword, inflected, or analysed (a form of the form index); null for a word that is no valid key. */
  kind: "headword" | "inflected" | "analysed" | null;
  pos: string | null;
  /** The tiles shown (the first valid tiling asked for, else the preferred one), null when not valid. */
  tiles: string[] | null;
  notation: string | null;
  tile_count: number | null;
  points: number[] | null;
  value: number | null;
  bag: { formable: boolean; blanks: number; short: Record<string, number> } | null;
  /** Every valid tiling, preferred first. */
  tilings: Tiling[];
  /** Held by the service only (every reading's source record, the records the rules dropped): null here. */
  readings: null;
  excluded: null;
}

export interface TilesDocument {
  word: string;
  normalized: string | null;
  lexicon: string;
  version: string;
  valid: boolean | null;
  reason: string | null;
  detail: string | null;
  tilings: Array<Tiling & {
    points: number[];
    value: number;
    bag: { formable: boolean; blanks: number; short: Record<string, number> };
    valid: boolean | null;
  }>;
}

export interface Hit {
  word: string;
  tiles: string[];
  notation: string;
  tile_count: number;
  /** The positions a blank plays. */
  blanks: number[];
  value: number;
}

export interface Page {
  lexicon: string;
  version: string;
  order: "alpha" | "length" | "score";
  offset: number;
  limit: number;
  total: number | null;
  total_at_least: number | null;
  truncated: boolean;
  next_offset: number | null;
  words: Hit[];
  results_from: "word-graph";
  graph_has_every_word: boolean;
}

export interface SearchOptions {
  order?: "alpha" | "length" | "score";
  /** 0 to 10,000 */
  offset?: number;
  /** 0 to 1,000 (100) */
  limit?: number;
}

export interface HooksDocument {
  lexicon: string;
  version: string;
  word: string;
  normalized: string;
  tilings: Tiling[];
  front: string[];
  back: string[];
  results_from: "word-graph";
  graph_has_every_word: boolean;
}

/** A square as a body names it: `H8`, or its row and column counted from 0. */
export type Square = { square: string } | { row: number; col: number };

/** A tile laid: its square and its tile (`A`, `[CS]`); a blank as its lower-case letter or with `blank`. */
export type Laid = Square & { tile: string; blank?: boolean };

/** A word laid from its first square: tiles already on the board written as they are or as `.`. */
export interface WordMove {
  word: string;
  start: string;
  direction?: "across" | "down";
}

export type Move = WordMove | Laid[];

/** A game document (docs/games.md, "Games as compiled data"), for a game the bundle does not carry. */
export interface GameDocument {
  format: "tile-lexicon-game";
  format_version: 1;
  name: string;
  [field: string]: unknown;
}

/** What POST /play and POST /moves have in common: the game, its board, the lexicon. */
export interface BoardBody {
  /** One of the bundle's games by name, or a game document of one's own. */
  game: string | GameDocument;
  /** The bundle's lexicon (by name or name@version); null judges no word, for the scores alone. */
  lexicon?: string | null;
  /** A row a string: `.` an empty square, a tile, a lower-case tile for a blank, `[CS]` a tile of more letters. */
  board: string[];
  /** A stacking game's tower heights, a digit a square. */
  heights?: string[];
  /** One of the game's layouts by name, or its rows of premium codes (`.`, `d`, `t`, `D`, `T`). */
  layout?: string | string[];
}

export interface PlayBody extends BoardBody {
  move?: Move;
  /** Several plays as one turn, in a game whose turn may form several words. */
  turn?: Move[];
  /** The rack the tiles come from (`?` a blank). */
  rack?: string;
  /** Each word's verdict document in full. */
  detail?: boolean;
}

export interface MovesBody extends BoardBody {
  rack: string;
  /** 0 to 1,000 (100) */
  limit?: number;
  /** By score, or by equity: score plus the value of the tiles kept (the game's leave values) plus the stage's
   *  adjustment. */
  order?: "score" | "equity";
  /** Also the plays that form words not in the lexicon (`valid` false). */
  phonies?: boolean;
  /** Order equity: the tiles left in the bag; with none, the end's rule values the tiles kept. */
  bag?: number;
  /** The bag empty: search the best turn to the game's end (true, or the word graph's lists it may enter). */
  endgame?: boolean | number;
  /** With endgame: the other rack; left out, the tiles on neither the board nor the rack. */
  other?: string;
  /** With endgame: the scoreless turns (passes) just before this one. */
  scoreless?: number;
  /** Only the plays whose every word is one of the bundle's common words or an inflected form of one (a
   *  beginner's), among the best 1,000. */
  common?: boolean;
}

export interface Placed {
  square: string;
  row: number;
  col: number;
  tile: string;
  blank: boolean;
  /** The play of the turn that laid it. */
  part: number;
}

/** Why a turn is not legal: `gap`, `start`, `not-connected`, `covers-word`, … (docs/games.md, "Legality"). */
export interface PlayProblem {
  code: string;
  message: string;
  square: string | null;
  part: number;
}

export interface FormedWord {
  word: string;
  notation: string;
  tiles: string[];
  squares: string[];
  /** Whether each tile was laid by this turn. */
  new: boolean[];
  direction: "across" | "down";
  main: boolean;
  part: number;
  /** null: not judged (no lexicon), or only analysis can decide (ask the service). */
  valid: boolean | null;
  reason: string | null;
  /** The brief verdict document; with `detail`, the full one. */
  verdict: Verdict | VerdictDocument | null;
  score: number;
  /** The reckoning: the letters rule's points, premiums by square, sum and multiplier; the cubes rule's heights,
   * points, flatness and rare bonuses. */
  scoring: Record<string, unknown>;
}

/** POST /play's document. */
export interface Judgement {
  game: string;
  lexicon: string | null;
  version: string | null;
  legal: boolean;
  errors: PlayProblem[];
  first_move: boolean;
  direction: "across" | "down" | null;
  placed: Placed[];
  words: FormedWord[];
  bonus: number;
  bonuses: Array<Record<string, unknown>>;
  /** What the turn scores if no word is challenged off the board. */
  score_if_valid: number;
  /** What it scores as it stands: 0 when it is not legal or a word is not valid. */
  score: number;
  /** What a challenge does by the game's rule (docs/games.md, "Challenges"); null without a lexicon. */
  challenge: {
    rule: string;
    upheld: boolean;
    invalid: string[];
    if_challenged: Record<string, unknown> | null;
  } | null;
}

/** With `bag` by equity, an exchange or the pass among the plays, worth what it keeps. */
export interface FoundTurn {
  /** The tiles put back (an exchange), in tile notation. */
  exchange?: string;
  pass?: true;
  keep: string;
  score: 0;
  leave: number;
  adjustment: number;
  equity: number;
}

export interface FoundPlay {
  /** The play as POST /play takes it. */
  move: Required<WordMove>;
  placed: Placed[];
  score: number;
  /** Order equity: what the tiles kept are worth. */
  leave?: number;
  /** Order equity: what the stage adds (the opening's vowels beside double letters, the end's racks). */
  adjustment?: number;
  /** Order equity: score + leave + adjustment. */
  equity?: number;
  valid: boolean;
  words: FormedWord[];
  bonuses: Array<Record<string, unknown>>;
}

/** POST /moves' document: the best plays, best first. */
export interface Moves {
  game: string;
  lexicon: string;
  version: string;
  rack: string;
  order: "score" | "equity";
  /** The request's bag, when it gave one. */
  bag?: number;
  phonies: boolean;
  /** The request asked for plays of common words alone. */
  common?: true;
  /** Every play found. */
  count: number;
  /** More were found than listed. */
  cut: boolean;
  limit: number;
  plays: Array<FoundPlay | FoundTurn>;
  /** With `endgame`: the turn searched. */
  endgame?: Endgame;
}

/** The endgame searched (docs/games.md, "The endgame searched"). */
export interface Endgame {
  /** The turn found: a play, or the pass. */
  turn: FoundPlay | { pass: true; keep: string; score: 0 };
  /** What its line gains the player from here on, both players at their best. */
  spread: number;
  /** The turns searched ahead by the deepest search finished. */
  depth: number;
  /** Every line ended the game within the depth. */
  exact: boolean;
  positions: number;
  visits: number;
}

export class Lexicon {
  readonly name: string;
  readonly version: string;
  /** The toolkit version that wrote the bundle. */
  readonly toolkit: string;
  /** The bundle's size in bytes. */
  readonly size: number;
  /** The core's bounds, as the service's and the library's: the longest word in characters, a rack's characters,
   *  tiles and blanks, a pattern's characters. Longer input is answered too-long, bad-rack or bad-pattern. */
  readonly limits: Readonly<{ word: number; rack: number; rackTiles: number; blanks: number; pattern: number }>;
  /** The manifest's summary: sources, counts, profile, tile set. */
  readonly manifest: Record<string, unknown>;
  /** The game documents the bundle carries: the games play() and moves() know by name. */
  readonly games: GameDocument[];
  check(word: string, options?: { detail?: false }): Verdict;
  check(word: string, options: { detail: true }): VerdictDocument;
  /** true, false, or null where only analysis can decide. */
  has(word: string): boolean | null;
  tiles(word: string): TilesDocument;
  hooks(word: string): HooksDocument;
  anagram(rack: string, options?: SearchOptions & { sub?: boolean }): Page & { rack: string };
  pattern(query: string, options?: SearchOptions): Page & { q: string };
  /** POST /play: a turn judged by the game's rules and the bundle's words (a lexicon loaded with `{play: true}`).
   * A refused body throws a LexiconError (`bad-play`, `unknown-lexicon`) naming its `parameter` and `square`; a
   * lexicon loaded without the play engine throws `no-play`. A body's JSON text is taken as is. */
  play(body: PlayBody | string): Judgement;
  /** POST /moves: the best plays of the rack (`too-costly` past the service's budget). */
  moves(body: MovesBody | string): Moves;
  close(): void;
}
