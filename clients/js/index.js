// tile-lexicon: a lexicon bundle answered offline, as the service answers (docs/embedding.md).
//
//   import { load } from "tile-lexicon";
//   const lex = await load(await fetch("/lexicons/sv-betapet/bundle"));
//   lex.check("allé")   // {word: "allé", normalized: "ALLE", valid: true, reason: null, detail: null, …}
//
// The answers come from the toolkit's C core compiled to WebAssembly (tile-lexicon.wasm, beside this file),
// the code its Python library and its C library run: field for field what POST /valid, GET /tiles,
// /anagram, /pattern and /hooks answer for the same version, and POST /play and POST /moves for the games the
// bundle carries. No dependencies; Node 18 or later, or any
// browser with WebAssembly, without a bundler.

const WASM = new URL("./tile-lexicon.wasm", import.meta.url);
const WASM_PLAY = new URL("./tile-lexicon-play.wasm", import.meta.url); // the same with the play engine
const DEFAULT = -2147483648; // TL_QUERY_DEFAULT: the endpoint's own default
const QUERIES = { tiles: 0, hooks: 1, anagram: 2, pattern: 3, verdict: 4 };
const STATUS = ["ok", "out of memory", "bad input", "corrupt bundle", "limit exceeded", "too costly"];

/** A refused call: `code` is the service's problem type (bad-rack, too-costly, corrupt-bundle, …). */
export class LexiconError extends Error {
  constructor(code, detail, extra = {}) {
    super(detail);
    this.name = "LexiconError";
    this.code = code;
    this.detail = detail;
    this.status = extra.status ?? 400;
    if (extra.position !== undefined) this.position = extra.position;
    if (extra.parameter !== undefined) this.parameter = extra.parameter;
    if (extra.square !== undefined) this.square = extra.square;
  }
}

const compiled = {}; // each module, compiled once per page or process

async function wasmBytes(where) {
  const url = where instanceof URL ? where : new URL(String(where), WASM);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new LexiconError("no-module", `${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function module(options) {
  if (options.module) return Promise.resolve(options.module);
  const which = options.play ? "play" : "words";
  if (!compiled[which] || options.wasm) {
    const where = options.wasm ?? (options.play ? WASM_PLAY : WASM);
    const made = wasmBytes(where).then((bytes) => WebAssembly.compile(bytes));
    if (options.wasm) return made;
    compiled[which] = made;
    made.catch(() => { delete compiled[which]; });
  }
  return compiled[which];
}

async function bundleBytes(given) {
  const source = await given; // load(fetch(url)): the Response the promise gives
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new LexiconError("no-bundle", `${source.url}: HTTP ${source.status}`);
    return new Uint8Array(await source.arrayBuffer());
  }
  if (typeof source === "string" || source instanceof URL) return bundleBytes(await fetch(source));
  throw new TypeError("load() takes the bundle's bytes, a Response (or a promise of one), or its URL");
}

// WASI calls the C library's stdio may make: none is ever reached (nothing prints); each answers ENOSYS.
const WASI = { fd_close: () => 52, fd_seek: () => 52, fd_write: () => 52 };

/**
 * Load a bundle: its bytes (ArrayBuffer, Uint8Array), a fetch Response (or the promise fetch gives), or its
 * URL. The bundle is checked whole (header, every section's checksum and shape) before the first answer; a
 * damaged one is refused with a LexiconError (code `corrupt-bundle`, or `bad-bundle` for another format
 * version). With `{play: true}` the module that also plays games is loaded (tile-lexicon-play.wasm, twice
 * the size), for play() and moves().
 */
export async function load(source, options = {}) {
  const [bytes, wasm] = await Promise.all([bundleBytes(source), module(options)]);
  const instance = await WebAssembly.instantiate(wasm, { wasi_snapshot_preview1: WASI });
  return new Lexicon(instance.exports, bytes);
}

export class Lexicon {
  constructor(exports, bytes) {
    const x = (this._x = exports);
    x._initialize();
    const at = x.tlj_alloc(bytes.length);
    if (!at) throw new LexiconError("out-of-memory", "no memory for the bundle");
    new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
    this._bytes = at;
    this._lex = x.tlj_open(at, bytes.length);
    if (!this._lex) {
      const message = this._cstring(x.tlj_error());
      x.tlj_free(at);
      throw new LexiconError(/format version/.test(message) ? "bad-bundle" : "corrupt-bundle", message,
        { status: 503 });
    }
    this._capacity = 0;
    this._input = 0;
    this._views();
    const layout = new Uint32Array(x.memory.buffer, x.tlj_layout(), 9);
    this._fields = Array.from(layout.subarray(0, 7), (offset) => (x.tlj_answer() + offset) >> 2);
    this._storage = x.tlj_answer() + layout[7]; // the answer's own text: read every time
    this._storageEnd = this._storage + layout[8];
    this._constants = new Map();
    this.name = this._cstring(x.tlj_name(this._lex));
    this.version = this._cstring(x.tlj_version(this._lex));
    this.toolkit = this._cstring(x.tlj_toolkit(this._lex));
    this.size = bytes.length;
    const [word, rack, rackTiles, blanks, pattern] = new Uint32Array(x.memory.buffer, x.tlj_limits(), 5);
    this.limits = Object.freeze({ word, rack, rackTiles, blanks, pattern });
  }

  /** The manifest's summary the bundle carries: sources, counts, profile, tile set. */
  get manifest() {
    const text = this._section("manifest");
    return JSON.parse(text.replace(/\0+$/, ""));
  }

  /** The game documents the bundle carries (docs/games.md): the games play() and moves() know by name. */
  get games() {
    const text = this._section("games");
    return text === null ? [] : JSON.parse(text.replace(/\0+$/, ""));
  }

  /**
   * The brief verdict document for a word (letters or tile notation), as POST /valid answers it:
   * `{word, normalized, valid, reason, detail, lemma, tag}`. `valid` is null, with the reason
   * `needs-analysis`, for a word only the dictionary's morphology can decide: ask the service.
   * With `{detail: true}`, GET /valid's document as far as the bundle holds it: also the lexicon and
   * version, position, kind, pos, the tiles with their points, value and bag, and every valid tiling;
   * `readings` and `excluded` are null (the source records stay with the service).
   */
  check(word, options) {
    if (options?.detail) return this._query("verdict", word);
    const x = this._x;
    const size = this._put(word);
    const status = x.tlj_check(this._lex, size);
    if (status !== 0) this._fail(status);
    const m = this._i32.length ? this._i32 : this._views();
    const f = this._fields;
    const valid = m[f[0]];
    return {
      word,
      normalized: this._text(m[f[1]]),
      valid: valid === 1 ? true : valid === 0 ? false : null,
      reason: this._text(m[f[2]]),
      detail: this._text(m[f[3]]),
      lemma: this._text(m[f[4]]),
      tag: this._text(m[f[5]]),
    };
  }

  /** Is the word playable: true, false, or null where only analysis can decide. */
  has(word) {
    const found = this._x.tlj_has(this._lex, this._put(word));
    if (found === -2) this._fail(2);
    return found === 1 ? true : found === 0 ? false : null;
  }

  /** GET /tiles: every cut of the word into the game's tiles, with points and whether it is valid. */
  tiles(word) { return this._query("tiles", word); }

  /** GET /hooks: the tiles that make a word laid before or after it. */
  hooks(word) { return this._query("hooks", word); }

  /** GET /anagram: words of the rack's tiles (`?` a blank); {sub, order, offset, limit} as the service. */
  anagram(rack, options = {}) { return this._query("anagram", rack, options); }

  /** GET /pattern: `?` one tile, `*` any run; {order, offset, limit} as the service. */
  pattern(query, options = {}) { return this._query("pattern", query, options); }

  /**
   * POST /play: a turn judged, `body` exactly as the service takes it (an object, or its JSON text), its
   * game one of the bundle's by name or a game document of the caller's own in `game`. The service's document,
   * field for field; a body it refuses throws a LexiconError with its problem code (`bad-play`,
   * `unknown-lexicon`), `parameter` (the field at fault) and `square`.
   */
  play(body) { return this._body(0, body); }

  /** POST /moves: the best plays of the body's rack on its board, as play() takes and answers. */
  moves(body) { return this._body(1, body); }

  /** Let go of the bundle's memory; the lexicon answers nothing afterwards. */
  close() {
    if (!this._lex) return;
    this._x.tlj_close(this._lex);
    this._x.tlj_free(this._bytes);
    this._lex = 0;
  }

  // ------------------------------------------------------------------ the module's memory

  _views() {
    const buffer = this._x.memory.buffer;
    this._u8 = new Uint8Array(buffer);
    this._i32 = new Int32Array(buffer);
    return this._i32;
  }

  // Room for `chars` characters of text in the module's input buffer (UTF-8: three bytes at most each,
  // a pair of surrogates four), fresh views of memory if it grew: the buffer's address.
  _room(chars) {
    if (!this._lex) throw new LexiconError("closed", "the lexicon is closed");
    const need = chars * 3 + 8;
    if (need > this._capacity) {
      this._capacity = Math.max(need, 256);
      this._input = this._x.tlj_input(this._capacity);
      if (!this._input) throw new LexiconError("out-of-memory", "no memory for the word");
    }
    if (this._u8.length === 0) this._views(); // memory grew: the old views are detached
    return this._input;
  }

  // The word in the module's input buffer: its length in bytes.
  _put(word) {
    if (typeof word !== "string") throw new TypeError("a word is a string");
    const at = this._room(word.length);
    return this._encode(word, at) - at;
  }

  // `text` as UTF-8 at `at`, a lone surrogate in its three bytes (as the library reads Python's
  // surrogatepass): where it ends.
  _encode(text, at) {
    const u8 = this._u8;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        u8[at++] = c;
      } else if (c < 0x800) {
        u8[at++] = 0xc0 | (c >> 6);
        u8[at++] = 0x80 | (c & 63);
      } else {
        if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
          const low = text.charCodeAt(i + 1);
          if (low >= 0xdc00 && low < 0xe000) {
            c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
            i++;
            u8[at++] = 0xf0 | (c >> 18);
            u8[at++] = 0x80 | ((c >> 12) & 63);
            u8[at++] = 0x80 | ((c >> 6) & 63);
            u8[at++] = 0x80 | (c & 63);
            continue;
          }
        }
        u8[at++] = 0xe0 | (c >> 12);
        u8[at++] = 0x80 | ((c >> 6) & 63);
        u8[at++] = 0x80 | (c & 63);
      }
    }
    return at;
  }

  // NUL-terminated UTF-8 at `at` (0: null) as a string, a lone surrogate given back as itself. Text outside
  // the answer's own storage is the module's constant text (a reason code): read once.
  _text(at) {
    if (!at) return null;
    if (at < this._storage || at >= this._storageEnd) {
      let known = this._constants.get(at);
      if (known === undefined) this._constants.set(at, (known = this._decode(at)));
      return known;
    }
    return this._decode(at);
  }

  _decode(at) {
    const u8 = this._u8;
    let out = "";
    for (let i = at; ; ) {
      const b = u8[i];
      if (b === 0) return out;
      if (b < 0x80) {
        out += String.fromCharCode(b);
        i++;
      } else if (b < 0xe0) {
        out += String.fromCharCode(((b & 31) << 6) | (u8[i + 1] & 63));
        i += 2;
      } else if (b < 0xf0) {
        out += String.fromCharCode(((b & 15) << 12) | ((u8[i + 1] & 63) << 6) | (u8[i + 2] & 63));
        i += 3;
      } else {
        out += String.fromCodePoint(((b & 7) << 18) | ((u8[i + 1] & 63) << 12) | ((u8[i + 2] & 63) << 6) |
          (u8[i + 3] & 63));
        i += 4;
      }
    }
  }

  _cstring(at) { this._u8 = new Uint8Array(this._x.memory.buffer); return this._decode(at); }

  _section(name) {
    const x = this._x;
    const at = this._room(name.length + 8);
    const end = this._encode(name, at);
    this._u8[end] = 0;
    const sizeAt = (end + 8) & ~7;
    const found = x.tlj_section(this._lex, at, sizeAt);
    this._views();
    if (!found) return null;
    const length = new Uint32Array(x.memory.buffer, sizeAt, 1)[0];
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, found, length));
  }

  // POST /play (kind 0) or POST /moves (1) answered by the core: the document, or its problem thrown.
  _body(kind, body) {
    const x = this._x;
    if (!x.tlj_play) {
      throw new LexiconError("no-play", "this lexicon was loaded without the play engine: load(bundle, {play: true})");
    }
    let own = 0;
    if (typeof body !== "string") {
      if (body === null || typeof body !== "object") throw new TypeError("a body is an object or its JSON text");
      const game = body.game;
      if (game !== null && typeof game === "object" && !Array.isArray(game)) { // a game document of one's own
        const text = JSON.stringify(game);
        const status = x.tlj_game(this._put(text));
        if (status !== 0) {
          const detail = `game: ${this._cstring(x.tlj_error())}`;
          throw new LexiconError(status === 2 ? "bad-play" : STATUS[status].replace(/ /g, "-"), detail,
            { parameter: "game" });
        }
        body = { ...body, game: game.name };
        own = 1;
      }
      body = JSON.stringify(body);
    }
    return this._document(x.tlj_play(this._lex, kind, this._put(body), own));
  }

  _fail(status) {
    const message = this._cstring(this._x.tlj_error());
    throw new LexiconError(status === 2 ? "bad-input" : (STATUS[status] ?? "error").replace(/ /g, "-"), message);
  }

  _query(kind, text, options = {}) {
    if (typeof text !== "string") throw new TypeError(`${kind}() takes a string`);
    const x = this._x;
    const { sub = false, order, offset, limit } = options;
    const named = order === undefined || order === null ? null : String(order);
    const at = this._room(text.length + (named === null ? 0 : named.length + 2));
    const end = this._encode(text, at);
    let orderAt = 0;
    if (named !== null) { // the order, NUL-terminated, after the text
      orderAt = end + 1;
      this._u8[this._encode(named, orderAt)] = 0;
    }
    return this._document(x.tlj_query(this._lex, QUERIES[kind], end - at, sub ? 1 : 0, orderAt,
      integer("offset", offset), integer("limit", limit)));
  }

  // The document the module wrote for a call that ended with `status`, or the problem it wrote thrown.
  _document(status) {
    const x = this._x;
    this._views();
    const found = x.tlj_text();
    if (!found) this._fail(status);
    const document = JSON.parse(new TextDecoder().decode(new Uint8Array(x.memory.buffer, found,
      x.tlj_text_length())));
    if (status !== 0) throw new LexiconError(document.code, document.detail, document);
    return document;
  }
}

// An integer option for the module: the service's default when absent; a value that is no integer is
// refused here, with the service's message for a query parameter that is none.
function integer(name, value) {
  if (value === undefined || value === null) return DEFAULT;
  if (!Number.isInteger(value) || value < -1e9 || value > 1e9) {
    throw new LexiconError("bad-input", `'${name}' must be an integer, got ${String(value).slice(0, 20)}`,
      { parameter: name });
  }
  return value;
}
