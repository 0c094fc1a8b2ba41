// Types of tile-lexicon (index.js): a lexicon bundle answered offline, as the service answers.

/** A refused call: `code` is the service's problem type (bad-rack, bad-pattern, too-costly, …). */
export class LexiconError extends Error {
  readonly code: string;
  readonly detail: string;
  readonly status: number;
  readonly position?: number;
  readonly parameter?: string;
}

export interface LoadOptions {
  /** Where tile-lexicon.wasm is, when not beside index.js. */
  wasm?: string | URL;
  /** A WebAssembly.Module compiled already. */
  module?: WebAssembly.Module;
}

/** Load a bundle: its bytes, a fetch Response, or its URL. A damaged bundle is refused (LexiconError). */
export function load(source: ArrayBuffer | ArrayBufferView | Response | string | URL,
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

export class Lexicon {
  readonly name: string;
  readonly version: string;
  /** The toolkit version that wrote the bundle. */
  readonly toolkit: string;
  /** The bundle's size in bytes. */
  readonly size: number;
  /** The manifest's summary: sources, counts, profile, tile set. */
  readonly manifest: Record<string, unknown>;
  check(word: string, options?: { detail?: false }): Verdict;
  check(word: string, options: { detail: true }): VerdictDocument;
  /** true, false, or null where only analysis can decide. */
  has(word: string): boolean | null;
  tiles(word: string): TilesDocument;
  hooks(word: string): HooksDocument;
  anagram(rack: string, options?: SearchOptions & { sub?: boolean }): Page & { rack: string };
  pattern(query: string, options?: SearchOptions): Page & { q: string };
  close(): void;
}
