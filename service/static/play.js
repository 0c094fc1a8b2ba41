// The board you tap and the rack: laying tiles, the grid, a move judged (POST /play) and the best plays found
// (POST /moves). Board rows and racks are read with the JavaScript package's notation module.
import { readRack, readRow, rowSquares, squareTable, writeTile } from "/static/tile-lexicon/notation.js";
import { $, DATA, GAMES, announce, el, lexicon, share, shareLink, t } from "./dom.js";
import { api, showProblem } from "./api.js";

// ---------------------------------------------------------------- the board you tap

// The judge's board is a grid of buttons, one a square, named as the game names squares (H8). The board's tiles
// come from its text (the "board as text" box, kept in step with the grid) or a shared link; the move is the tiles
// laid on it by tapping a square and then a tile of the rack (or by keyboard), sent to POST /play square by
// square, so no direction needs choosing. The answer is drawn on the same grid.

const PREMIUMS = { d: "DL", t: "TL", D: "DW", T: "TW" };  // a layout's codes (lexicon/play/game.py)
const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

const board = {
  game: null,
  cells: [],  // the board's top tile of each square: {tile, blank}, or null
  heights: [],  // how many tiles each square holds (cubes stack in Betűtorony)
  placed: new Map(),  // square → {tile, blank}: the move being laid, in the order laid
  focus: 0,  // the square holding the grid's one Tab stop
  selected: null,  // the square waiting for a tile
  picked: null,  // the rack's slot waiting for a square
  blankSlot: null,  // a blank chosen: the tray offers the letters it may stand for
  answer: null,  // the judged answer the grid shows
  text: "",  // the board's text as last read or written
  buttons: [],
};

function squareName(i, size) {
  return String.fromCharCode(65 + (i % size)) + (Math.floor(i / size) + 1);
}

function squareIndex(name, size) {
  const m = /^([A-Za-z])(\d{1,2})$/.exec(String(name).trim());
  if (!m) return -1;
  const col = m[1].toUpperCase().charCodeAt(0) - 65;
  const row = Number(m[2]) - 1;
  return col < size && row >= 0 && row < size ? row * size + col : -1;
}

/** A tile as a board row or a word writes it: [CS] for several letters, lower case for a blank. */
function written(cell) {
  return writeTile(cell.tile, cell.blank);
}

const tables = new WeakMap();  // a game → its square table (tile-lexicon/notation)
function squares(game) {
  if (!tables.has(game)) tables.set(game, squareTable(game.tiles, game.blanks));
  return tables.get(game);
}

function boardRows() {
  const { size } = board.game;
  return Array.from({ length: size }, (_, r) => board.cells.slice(r * size, (r + 1) * size)
    .map((cell) => (cell ? written(cell) : ".")).join(""));
}

function heightRows() {
  const { size } = board.game;
  return Array.from({ length: size }, (_, r) => board.heights.slice(r * size, (r + 1) * size).join(""));
}

/** The board as text: its rows, and for a stacking game with a tower on it, an empty line and its heights. */
function boardText() {
  const stacked = board.game.stack && board.heights.some((h) => h > 1);
  return (stacked ? [...boardRows(), "", ...heightRows()] : boardRows()).join("\n");
}

function letterTiles(game) {
  return new Map(game.tiles.map(([letter, points, own]) => [letter, { points, own }]));
}

/** The board read from its text (an empty text is an empty board); null when it reads, else what is wrong. */
function readBoard(text, game) {
  const { size } = game;
  const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
  const rows = lines.filter((line) => !/^\d+$/.test(line));
  const digits = lines.filter((line) => /^\d+$/.test(line));
  let cells = Array(size * size).fill(null);
  if (rows.length) {
    if (rows.length !== size) return t("play.text.rows", { n: rows.length, size });
    cells = [];
    for (const [r, row] of rows.entries()) {
      const read = readRow(row, squares(game));
      const n = Array.isArray(read) ? read.length : rowSquares(row).length;
      if (n !== size) return t("play.text.row", { row: r + 1, n, size });
      if (!Array.isArray(read)) return t("play.text.square", { square: squareName(r * size + read.square, size) });
      cells.push(...read);
    }
  }
  let heights = cells.map((cell) => (cell ? 1 : 0));
  if (digits.length) {
    if (!game.stack || digits.length !== size || digits.some((line) => line.length !== size)) {
      return t("play.text.heights", { size });
    }
    const given = digits.join("").split("").map(Number);
    if (given.some((h, i) => (h === 0) !== !cells[i] || h > game.stack)) return t("play.text.heights", { size });
    heights = given;
  }
  Object.assign(board, { cells, heights });
  return null;
}

/** The board's text read into the grid when it changed; false (and what is wrong said) when it does not read. */
function syncText() {
  const box = $("board");
  if (box.value === board.text) return !box.hasAttribute("aria-invalid");
  const wrong = readBoard(box.value, board.game);
  board.text = box.value;
  $("board-note").textContent = wrong || "";
  if (wrong) { box.setAttribute("aria-invalid", "true"); return false; }
  box.removeAttribute("aria-invalid");
  board.placed.clear();
  forgetAnswer();
  drawBoard();
  return true;
}

function writeText() {
  board.text = $("board").value = boardText();
  $("board").removeAttribute("aria-invalid");
  $("board-note").textContent = "";
}

// ---------------------------------------------------------------- the rack

function rackNotation() {
  return readRack($("play-rack").value).map((tile) => (tile === "?" ? "?" : writeTile(tile))).join("");
}

/** The rack's slots, each with whether a tile laid on the board uses it (a blank's letter uses a `?`). */
function rackSlots() {
  const slots = readRack($("play-rack").value).map((tile) => ({ tile, used: false }));
  for (const p of board.placed.values()) {
    const slot = slots.find((s) => !s.used && s.tile === (p.blank ? "?" : p.tile));
    if (slot) slot.used = true;
  }
  return slots;
}

function points(game, tile, blank) {
  return blank || tile === "?" ? 0 : letterTiles(game).get(tile)?.points;
}

function trayTile(tile, label, action, { used = false, blank = false, pressed = null } = {}) {
  const shown = tile === "?" ? "" : tile;
  const button = el("button", { type: "button", class: `tile${blank || tile === "?" ? " blank" : ""}`,
                                "aria-label": label, "aria-pressed": pressed, disabled: used ? "" : null },
                    shown, el("sub", { "aria-hidden": "true" }, String(points(board.game, tile, blank) ?? "")));
  button.addEventListener("click", (event) => action(event.detail === 0));
  return button;
}

function tileLabel(tile, blank) {
  if (tile === "?") return t("play.tray.blank-tile");
  const n = points(board.game, tile, blank);
  return `${tile}, ${t("answer.points", { n })}`;
}

/** The tiles to lay: the rack's (used ones greyed), every letter when no rack is given, or, a blank chosen, the
 *  letters it may stand for. */
function drawTray() {
  const game = board.game;
  const tray = $("tray");
  const letters = [...letterTiles(game)];
  let say;
  let tiles;
  if (board.blankSlot !== null) {
    say = t("play.tray.blank");
    tiles = letters.map(([letter]) => trayTile(letter, t("play.cell.blank", { tile: letter }),
                                               (keys) => lay(letter, true, keys), { blank: true }));
  } else {
    const slots = rackSlots();
    if (slots.length) {
      say = t("play.tray.rack");
      tiles = slots.map((slot, i) => trayTile(slot.tile, tileLabel(slot.tile), (keys) => chooseTile(slot.tile, i, keys),
                                              { used: slot.used, pressed: board.picked === i ? "true" : "false" }));
    } else {
      say = t("play.tray.letters");
      const own = letters.filter(([, info]) => info.own).map(([letter]) => letter);
      tiles = [...own, ...(game.blanks ? ["?"] : [])].map((tile) => trayTile(
        tile, tileLabel(tile), (keys) => chooseTile(tile, null, keys),
        { pressed: board.picked === tile ? "true" : "false" }));
    }
  }
  $("tray-label").textContent = say;
  tray.classList.toggle("letters", tiles.length > board.game.rack);
  tray.replaceChildren(...tiles);
}

/** A tile of the tray chosen: laid on the square waiting, or held until a square is tapped; a blank asks its letter. */
function chooseTile(tile, slot, keys) {
  if (tile === "?") {
    board.blankSlot = slot ?? "?";
    drawTray();
    if (keys) $("tray").querySelector("button")?.focus();
    return;
  }
  if (board.selected === null) {
    board.picked = slot ?? tile;
    drawTray();
    announce(t("play.tray.pick", { tile }), true);
    if (keys) focusSquare(board.focus);
    return;
  }
  lay(tile, false, keys);
}

// ---------------------------------------------------------------- laying tiles

/** The tile laid on the square waiting for one; the next square along the line waits next. */
function lay(tile, blank, keys) {
  const square = board.selected ?? board.focus;
  board.blankSlot = null;
  board.picked = null;
  if (!place(square, tile, blank)) { drawTray(); return; }
  const next = nextSquare(square);
  board.selected = next;
  if (next !== null) board.focus = next;
  drawBoard();
  if (keys) focusSquare(board.focus);
}

/** A tile laid on a square, if it may lie there: an empty square, or a cube on a tower not yet full. */
function place(square, tile, blank) {
  const { game } = board;
  const name = squareName(square, game.size);
  if (board.cells[square] && (!game.stack || board.heights[square] >= game.stack)) {
    announce(t(game.stack ? "play.error.stack-full" : "play.error.occupied", { square: name }), true);
    return false;
  }
  board.placed.set(square, { tile, blank });
  forgetAnswer();
  showMove();
  announce(t("play.said.laid", { tile: blank ? t("play.cell.blank", { tile }) : tile, square: name }), true);
  return true;
}

function takeUp(square) {
  const p = board.placed.get(square);
  board.placed.delete(square);
  board.selected = square;
  forgetAnswer();
  showMove();
  drawBoard();
  announce(t("play.said.taken", { tile: p.tile, square: squareName(square, board.game.size) }), true);
}

/** The next square to lay on after `square`: along the line the tiles laid make (across unless they run down),
 *  past the tiles already there (on a stacking board a tower may take the next cube). */
function nextSquare(square) {
  const { size, stack } = board.game;
  const laid = [...board.placed.keys()];
  const down = laid.length > 1 && laid.every((s) => s % size === square % size);
  let [row, col] = [Math.floor(square / size), square % size];
  for (;;) {
    if (down) row++; else col++;
    if (row >= size || col >= size) return null;
    const next = row * size + col;
    if (!board.placed.has(next) && (stack || !board.cells[next])) return next;
  }
}

/** A letter typed on a square: the rack's tile of that letter (or a multi-letter tile it begins, or a blank), or
 *  the letter's own tile when no rack is given. */
function typeLetter(square, letter) {
  const key = letter.toUpperCase();
  const slots = rackSlots().filter((s) => !s.used);
  const letters = letterTiles(board.game);
  let tile = null;
  let blank = false;
  if (!slots.length && !$("play-rack").value.trim()) {
    tile = letters.get(key)?.own ? key : [...letters.keys()].find((l) => l.startsWith(key) && letters.get(l).own);
  } else {
    tile = slots.find((s) => s.tile === key)?.tile || slots.find((s) => s.tile.startsWith(key) && s.tile !== "?")?.tile;
    if (!tile && letters.has(key) && slots.some((s) => s.tile === "?")) [tile, blank] = [key, true];
  }
  if (!tile) { announce(t("play.tray.none", { tile: key }), true); return; }
  board.selected = square;
  lay(tile, blank, true);
}

// ---------------------------------------------------------------- the grid

function focusSquare(square) {
  board.focus = square;
  for (const [i, b] of board.buttons.entries()) b.tabIndex = i === square ? 0 : -1;
  board.buttons[square]?.focus();
}

/** The grid for a game: a header row of column letters, then each row its number and its squares. */
function buildGrid(game) {
  const { size } = game;
  const grid = $("grid");
  grid.style.setProperty("--size", size);
  board.buttons = [];
  const header = el("div", { role: "row" }, el("span", { role: "columnheader", "aria-hidden": "true" }),
                    Array.from({ length: size }, (_, c) => el("span", { role: "columnheader" }, String.fromCharCode(65 + c))));
  const rows = Array.from({ length: size }, (_, r) => el("div", { role: "row" },
    el("span", { role: "rowheader" }, String(r + 1)),
    Array.from({ length: size }, (_, c) => {
      const button = el("button", { type: "button", tabindex: "-1", "data-square": squareName(r * size + c, size) });
      board.buttons.push(button);
      return el("span", { role: "gridcell" }, button);
    })));
  grid.replaceChildren(header, ...rows);
  board.focus = game.start.length ? squareIndex(game.start[0], size) : 0;
}

/** Where the answer puts each square: the words formed through it, and whether the judge found fault there. */
function answerMarks() {
  const words = new Map();
  const faults = new Set();
  const { answer, game } = board;
  if (!answer) return { words, faults };
  for (const word of answer.legal ? answer.words : []) {  // the words an illegal play would make are not shown
    for (const name of word.squares) {
      const i = squareIndex(name, game.size);
      words.set(i, [...(words.get(i) || []), word]);
    }
  }
  for (const e of answer.errors || []) if (e.square) faults.add(squareIndex(e.square, game.size));
  return { words, faults };
}

function drawBoard() {
  const { game } = board;
  const { words, faults } = answerMarks();
  const starts = new Set(game.start.map((s) => squareIndex(s, game.size)));
  board.buttons.forEach((button, i) => {
    const laid = board.placed.get(i);
    const top = laid || board.cells[i];
    const height = board.heights[i] + (laid ? 1 : 0);
    const premium = PREMIUMS[game.layout[i]];
    const formed = words.get(i) || [];
    const classes = ["square"];
    if (top) classes.push("filled");
    if (laid) classes.push("placed");
    if (top?.blank) classes.push("blank");
    if (premium && !top) classes.push(`premium ${premium}`);
    if (starts.has(i) && !top) classes.push("start");  // a star, in place of its premium's name
    if (formed.length) classes.push(formed.some((w) => w.valid === false) ? "word invalid-word" : "word");
    if (faults.has(i)) classes.push("fault");
    button.className = classes.join(" ");
    const name = [squareName(i, game.size)];
    if (top) name.push(laid ? t("play.cell.new", { tile: top.blank ? t("play.cell.blank", { tile: top.tile }) : top.tile })
      : top.blank ? t("play.cell.blank", { tile: top.tile }) : top.tile);
    else name.push(premium ? t(`premium.${premium}`) : starts.has(i) ? t("play.cell.start") : t("play.cell.empty"));
    if (game.stack && height) name.push(t("play.cell.height", { n: height }));
    if (formed.length) name.push(t("play.cell.word", { words: formed.map((w) => w.word).join(", ") }));
    if (faults.has(i)) name.push(t("play.cell.fault"));
    button.setAttribute("aria-label", name.join(", "));
    button.replaceChildren(top ? el("span", { class: "letter", "aria-hidden": "true" }, top.tile)
      : premium && !starts.has(i) ? el("span", { class: "premium-name", "aria-hidden": "true" }, t(`premium.short.${premium}`)) : "",
                           game.stack && height ? el("span", { class: "height", "aria-hidden": "true" }, String(height)) : "");
    button.tabIndex = i === board.focus ? 0 : -1;
    button.parentElement.setAttribute("aria-selected", String(board.selected === i));
  });
  drawTray();
}

/** The grid's keys: arrows move, a letter lays its tile, Backspace or Delete takes a new tile up, Escape lets go. */
function gridKey(event) {
  const button = event.target.closest("button[data-square]");
  if (!button || event.ctrlKey || event.metaKey || event.altKey) return;
  const { size } = board.game;
  const square = board.buttons.indexOf(button);
  let [row, col] = [Math.floor(square / size), square % size];
  if (event.key in ARROWS) {
    const [dr, dc] = ARROWS[event.key];
    [row, col] = [Math.min(size - 1, Math.max(0, row + dr)), Math.min(size - 1, Math.max(0, col + dc))];
  } else if (event.key === "Home") col = 0;
  else if (event.key === "End") col = size - 1;
  else if ((event.key === "Backspace" || event.key === "Delete") && board.placed.has(square)) {
    takeUp(square);
  } else if (event.key === "Escape") {
    board.selected = board.picked = board.blankSlot = null;
    drawBoard();
  } else if (event.key.length === 1 && /\p{L}/u.test(event.key)) {
    typeLetter(square, event.key);
  } else return;
  event.preventDefault();
  if (row * size + col !== square) focusSquare(row * size + col);
}

/** A square tapped (or Enter, Space): a new tile there is taken up; a tile held is laid; else it waits for one. */
function tapSquare(event) {
  const button = event.target.closest("button[data-square]");
  if (!button) return;
  const keys = event.detail === 0;
  const square = board.buttons.indexOf(button);
  board.focus = square;
  if (board.placed.has(square)) { takeUp(square); if (keys) focusSquare(square); return; }
  if (board.picked !== null) {
    const slot = board.picked;
    board.selected = square;
    const tile = typeof slot === "number" ? rackSlots()[slot]?.tile : slot;
    if (tile) lay(tile, false, keys);
    return;
  }
  const { game } = board;
  if (board.cells[square] && !game.stack) {
    announce(t("play.error.occupied", { square: squareName(square, game.size) }), true);
    return;
  }
  board.selected = square;
  drawBoard();
  announce(t("play.said.waiting", { square: squareName(square, game.size) }), true);
  if (keys) $("tray").querySelector("button:not([disabled])")?.focus();
}

// ---------------------------------------------------------------- the move in words

/** The tiles laid as a word from a first square in a direction, when they lie in one line without a gap (one tile
 *  alone reads across unless only a tile above or below it makes a word). */
function moveWord() {
  const { size } = board.game;
  const laid = [...board.placed.keys()].sort((x, y) => x - y);
  if (!laid.length) return null;
  const at = (r, c) => r >= 0 && c >= 0 && r < size && c < size && (board.placed.get(r * size + c) || board.cells[r * size + c]);
  let [r, c] = [Math.floor(laid[0] / size), laid[0] % size];
  const across = laid.length > 1 ? laid.every((s) => Math.floor(s / size) === r)
    : !!(at(r, c - 1) || at(r, c + 1)) || !(at(r - 1, c) || at(r + 1, c));
  if (!across && !laid.every((s) => s % size === c)) return null;
  const [dr, dc] = across ? [0, 1] : [1, 0];
  while (at(r - dr, c - dc)) [r, c] = [r - dr, c - dc];
  const start = squareName(r * size + c, size);
  let word = "";
  for (; at(r, c) || r * size + c <= laid[laid.length - 1]; r += dr, c += dc) {
    if (!at(r, c)) return null;  // a gap: the judge says so
    word += written(at(r, c));
  }
  return { word, start, direction: across ? "across" : "down" };
}

/** The word, first square and direction boxes follow the tiles laid. */
function showMove() {
  const move = moveWord();
  $("move-word").value = move?.word ?? "";
  $("move-start").value = move?.start ?? "";
  if (move) $("move-direction").value = move.direction;
}

/** A word typed in plain letters, cut into the game's tiles as the word box cuts it (Hungarian CSÉSZE is
 *  [CS]É[SZ]E): the lexicon's valid tiling, else its preferred cut; small letters stay blanks. A word the
 *  lexicon cannot be asked about goes as typed, for the judge to cut (never a guess of longest tiles first). */
async function tiledWord(word, lexiconName, signal) {
  const game = board.game;
  if (word.includes("[") || !game.tiles.some(([letter]) => letter.length > 1)) return word;
  let tiles;
  try {
    const answer = await api("/tiles", { word, lexicon: lexiconName }, signal);
    tiles = (answer.tilings.find((cut) => cut.valid) || answer.tilings[0])?.tiles;
  } catch (error) {
    if (error.name === "AbortError") throw error;
  }
  if (!tiles) return word;  // the judge cuts it, and says so when it cannot
  let at = 0;
  return tiles.map((tile) => {
    const source = word.slice(at, at += tile.length);
    const blank = game.blanks && source === source.toLowerCase() && source !== source.toUpperCase();
    return written({ tile, blank });
  }).join("");
}

// ---------------------------------------------------------------- judging a play

function forgetAnswer() {
  if (!board.answer) return;
  board.answer = null;
  $("play-answer").replaceChildren();
}

function wordItem(word) {
  const said = word.valid ? t("play.word.valid", { word: word.word, n: word.score }) : t("play.word.invalid", { word: word.word });
  const notes = [];
  if (word.valid && word.scoring?.letters !== undefined) {
    notes.push(t("play.scoring", { letters: word.scoring.letters, multiplier: word.scoring.word_multiplier }));
  }
  if (word.valid && word.scoring?.heights) notes.push(t("play.heights", { heights: word.scoring.heights.join(" ") }));
  for (const [square, premium] of Object.entries(word.scoring?.premiums || {})) {
    notes.push(t("play.premium", { square, premium: `premium.${premium}` in DATA.messages ? t(`premium.${premium}`) : premium }));
  }
  return el("li", { class: word.valid ? "valid" : "invalid" }, el("strong", {}, said),
            notes.length ? ` (${notes.join(", ")})` : "");
}

/** The move as POST /play takes it: the tiles laid square by square, else the word typed with its first square. */
async function moveBody(lexiconName, signal) {
  const { size } = board.game;
  if (board.placed.size) {
    return [...board.placed].map(([i, p]) => ({ square: squareName(i, size), tile: p.tile, blank: p.blank }));
  }
  const word = $("move-word").value.trim();
  const start = $("move-start").value.trim().toUpperCase();
  if (!word || !start) return null;
  return { word: await tiledWord(word, lexiconName, signal), start, direction: $("move-direction").value };
}

/** A board in a link: its rows joined by `_`, a run of empty squares as its length (`7HUND4`). */
function packRows(rows) {
  return rows.map((row) => row.replace(/\.+/g, (run) => String(run.length))).join("_");
}

function unpackRows(packed) {
  return packed.split("_").map((row) => row.replace(/\d+/g, (n) => ".".repeat(Math.min(Number(n), 26))));
}

/** The play in a link: game, board, heights (rows joined by `_`), rack and the tiles laid (`H8H I8u`: square,
 *  tile). */
function playLink() {
  const params = { game: board.game.name };
  if (board.cells.some(Boolean)) params.board = packRows(boardRows());
  if (board.game.stack && board.heights.some((h) => h > 1)) params.heights = heightRows().join("_");
  if ($("play-rack").value.trim()) params["play-rack"] = $("play-rack").value.trim();
  if (board.placed.size) {
    params.move = [...board.placed].map(([i, p]) => squareName(i, board.game.size) + written(p)).join(" ");
  }
  return params;
}

/** A shared play: its game, board and rack set, its tiles laid; false when the link holds no play. */
function openPlay(params) {
  const game = GAMES.get(params.get("game"));
  if (!game) return false;
  showGame(game, true);
  const rows = params.get("board") ? unpackRows(params.get("board")) : [];
  const heights = params.get("heights") ? params.get("heights").split("_") : [];
  $("board").value = [...rows, "", ...heights].join("\n");
  const read = syncText();  // a board that does not read stays as text, said, for the judge to refuse
  $("play-rack").value = params.get("play-rack") || "";
  for (const item of (params.get("move") || "").split(/\s+/).filter(Boolean)) {
    const m = /^([A-Za-z]\d{1,2})(.+)$/.exec(item);
    const square = m ? squareIndex(m[1], game.size) : -1;
    const read = m && readRow(m[2], squares(game));
    const cell = Array.isArray(read) && read.length === 1 ? read[0] : null;
    if (square >= 0 && cell) board.placed.set(square, cell);
  }
  if (read) writeText();
  showMove();
  drawBoard();
  return board.placed.size > 0;
}

let judging = null;
async function judgePlay() {
  const out = $("play-answer");
  if (!syncText()) {
    out.replaceChildren(el("p", { class: "verdict invalid", id: "play-verdict" }, $("board-note").textContent));
    return;
  }
  const game = board.game;
  const lex = lexicon();
  const lexiconName = lex.tileset === game.tileset ? lex.name : game.lexicon;
  judging?.abort();
  const control = judging = new AbortController();
  try {
    const move = await moveBody(lexiconName, control.signal);
    if (!move) {
      out.replaceChildren(el("p", { class: "verdict invalid", id: "play-verdict" }, t("play.no-move")));
      return;
    }
    const body = { game: game.name, board: boardRows(), move };
    if (game.stack) body.heights = heightRows();
    if (lex.tileset === game.tileset) body.lexicon = lex.name;  // the room chosen above, when it is of this game
    const rack = rackNotation();
    if (rack) body.rack = rack;
    const answer = await api("/play", {}, control.signal, body);
    if (!Array.isArray(move)) {  // the word typed, laid where the judge read it
      board.placed = new Map(answer.placed.map((p) => [squareIndex(p.square, game.size), { tile: p.tile, blank: p.blank }]));
    }
    board.answer = answer;
    drawBoard();
    const allValid = answer.words.every((w) => w.valid);
    const verdict = !answer.legal ? t("play.illegal")
      : allValid ? t("play.legal", { n: answer.score }) : t("play.refused", { n: answer.score_if_valid });
    const parts = [el("p", { class: `verdict ${answer.legal && allValid ? "valid" : "invalid"}`, id: "play-verdict" }, verdict)];
    if (answer.errors.length) {
      parts.push(el("ul", { class: "errors" }, answer.errors.map((e) => {
        const key = `play.error.${e.code}`;
        return el("li", {}, key in DATA.messages ? t(key, { square: e.square || "" }) : t("play.error.other"));
      })));
    }
    if (answer.legal && answer.words.length) {
      parts.push(el("h3", {}, t("play.words")), el("ul", { class: "play-words" }, answer.words.map((w) => wordItem(w))));
    }
    for (const bonus of answer.bonuses || []) parts.push(el("p", { class: "note" }, t("play.bonus", { n: bonus.points ?? answer.bonus })));
    const keep = answer.legal && allValid ? el("button", { type: "button", id: "keep" }, t("play.keep")) : null;
    keep?.addEventListener("click", keepPlay);
    parts.push(el("div", { class: "row" }, keep), shareLink(share(playLink())));
    out.replaceChildren(...parts);
    announce(verdict, true);
  } catch (error) {
    showProblem(out, error);
  }
}

/** A legal play laid for good: its tiles join the board (on top of their towers) and the rack lets them go. */
function keepPlay() {
  const rack = rackSlots();
  for (const [i, p] of board.placed) {
    board.cells[i] = p;
    board.heights[i] += 1;
  }
  $("play-rack").value = rack.filter((s) => !s.used).map((s) => (s.tile === "?" ? "?" : writeTile(s.tile))).join("");
  board.placed.clear();
  board.selected = null;
  forgetAnswer();
  writeText();
  showMove();
  drawBoard();
  share(playLink());
  focusSquare(board.focus);
}

// The best plays of the rack on the board (POST /moves), best first: each a button that lays it on the board and
// sets the judge's boxes to it.
let finding = null;
async function bestPlays() {
  const game = board.game;
  const lex = lexicon();
  const out = $("play-answer");
  const rack = rackNotation();
  if (!rack) {
    out.replaceChildren(el("p", { class: "verdict invalid", id: "best-verdict" }, t("best.no-rack")));
    $("play-rack").focus();
    return;
  }
  if (!syncText()) return;
  const body = { game: game.name, board: boardRows(), rack, limit: 10 };
  if (game.stack) body.heights = heightRows();
  if (lex.tileset === game.tileset) body.lexicon = lex.name;
  finding?.abort();
  const control = finding = new AbortController();
  try {
    const answer = await api("/moves", {}, control.signal, body);
    board.answer = null;
    const said = answer.plays.length ? t("best.found", { n: answer.count }) : t("best.none");
    const show = (play, button) => {
      board.placed = new Map(play.placed.map((p) => [squareIndex(p.square, game.size), { tile: p.tile, blank: p.blank }]));
      board.selected = null;
      drawBoard();
      for (const b of list.querySelectorAll("button")) b.setAttribute("aria-pressed", b === button ? "true" : "false");
      $("move-word").value = play.move.word;
      $("move-start").value = play.move.start;
      $("move-direction").value = play.move.direction;
    };
    const list = el("ol", { class: "best" }, answer.plays.map((play) => {
      const button = el("button", { type: "button", class: "link", "aria-pressed": "false" },
                        t("best.play", { word: play.move.word, start: play.move.start,
                                         direction: t(`play.${play.move.direction}`),
                                         points: t("answer.points", { n: play.score }) }));
      button.addEventListener("click", () => show(play, button));
      return el("li", {}, button);
    }));
    out.replaceChildren(el("p", { class: `verdict ${answer.plays.length ? "valid" : "invalid"}`, id: "best-verdict" },
                           said), list);
    if (answer.plays.length) show(answer.plays[0], list.querySelector("button"));
    announce(said, true);
  } catch (error) {
    showProblem(out, error);
  }
}

/** What the chosen game plays with that is not verified: its premium layout, its tile counts. */
function gameNotes(game) {
  $("game-notes").replaceChildren(...(game.unverified || []).map((u) => el("li", {},
    u.kind === "layout" ? t("play.unverified.layout", { name: u.name }) : t("play.unverified.counts"))));
}

/** The judge set for a game: its notes and its grid, the board kept when the new game's is the same size (an
 *  empty board otherwise, or when `fresh`). */
function showGame(game, fresh = false) {
  const before = board.game;
  $("game").value = game.name;
  gameNotes(game);
  $("board-hint").textContent = game.hint;
  $("best").hidden = $("best-hint").hidden = !game.moves;  // a game whose plays the generator does not find
  const keep = !fresh && before && before.size === game.size && !!before.stack === !!game.stack;
  board.game = game;
  if (!keep) {
    board.cells = Array(game.size * game.size).fill(null);
    board.heights = Array(game.size * game.size).fill(0);
  }
  board.placed.clear();
  board.selected = board.picked = board.blankSlot = null;
  forgetAnswer();
  if (before?.name !== game.name) buildGrid(game);
  writeText();
  $("board").rows = game.size;
  showMove();
  drawBoard();
}

function clearBoard() {
  showGame(board.game, true);
  focusSquare(board.focus);
}

function takeBack() {
  board.placed.clear();
  board.selected = null;
  forgetAnswer();
  showMove();
  drawBoard();
}

/** The game follows the word list: the game judged by it, else one played with its tiles. The boxes'
 *  hints show the word list's own tiles and words. */
function followLexicon() {
  const lex = lexicon();
  for (const [box, hint] of Object.entries(lex.hints)) $(`${box}-hint`).textContent = hint;
  const game = DATA.games.find((g) => g.lexicon === lex.name) || DATA.games.find((g) => g.tileset === lex.tileset)
    || (!board.game && DATA.games[0]);  // a word list of no game: the first, on an empty board
  if (game && game !== board.game) showGame(game);
}

$("game").addEventListener("change", () => showGame(GAMES.get($("game").value)));
$("play").addEventListener("submit", (event) => { event.preventDefault(); judgePlay(); });
$("best").addEventListener("click", bestPlays);
$("grid").addEventListener("click", tapSquare);
$("grid").addEventListener("keydown", gridKey);
$("tray").addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  board.selected = board.picked = board.blankSlot = null;
  drawBoard();
  focusSquare(board.focus);
});
$("board").addEventListener("input", syncText);
$("play-rack").addEventListener("input", () => { board.picked = null; drawTray(); });
for (const id of ["move-word", "move-start", "move-direction"]) {
  // A move typed replaces the tiles laid: the judge lays the word, and the grid shows where.
  $(id).addEventListener("input", () => { if (board.placed.size) { board.placed.clear(); forgetAnswer(); drawBoard(); } });
}
$("take-back").addEventListener("click", takeBack);
$("clear-board").addEventListener("click", clearBoard);

export { followLexicon, judgePlay, openPlay, points, written };
