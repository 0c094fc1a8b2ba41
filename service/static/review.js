// A finished game reviewed move by move (POST /replay with "review"): each move of one play whose rack the record
// gives, ranked among every play of that rack, with the best play and what the move lost, in the page's language.
import { $, GAMES, announce, el, lexicon, t } from "./dom.js";
import { api, showProblem } from "./api.js";

function playText(play, points) {
  return t("best.play", { word: play.word, start: play.start, direction: t(`play.${play.direction}`),
                          points: t("answer.points", { n: points }) });
}

/** A turn that is not one play (a pass, an exchange, a challenge), as the record writes it, its `>nick:` left out. */
function recordText(turn, lines) {
  return (turn.lines || []).map((n) => (lines[n - 1] || "").replace(/^>[^:]*:\s*/, "")).join(" ").trim();
}

/** One turn: the move as played and, where it was reviewed, its rank, what it lost and the best play. */
function turnItem(turn, lines) {
  const move = turn.kind === "move" && turn.plays?.length === 1 ? turn.plays[0] : null;
  const played = move ? playText(move, turn.score) : recordText(turn, lines);
  const review = turn.review;
  const best = review && playText(review.best.move, review.best.score);
  const said = !review ? t("review.none")
    : review.rank === null ? t("review.phony", { plays: review.plays, best })
    : review.rank === 1 ? t("review.top", { plays: review.plays })
    : t("review.rank", { rank: review.rank, plays: review.plays, lost: review.lost, best });
  return el("li", { class: review?.rank === 1 ? "top" : null },
            el("span", { class: "who" }, t("review.move", { player: turn.player, move: played })), " ",
            el("span", {}, said));
}

let reviewing = null;
async function reviewGame() {
  const out = $("review-answer");
  const record = $("review-record").value;
  reviewing?.abort();
  const control = reviewing = new AbortController();
  try {
    const game = GAMES.get($("review-game").value);
    const body = { game: game.name, record, review: true };
    if (lexicon().tileset === game.tileset) body.lexicon = lexicon().name;  // the room chosen above, as the judge
    const answer = await api("/replay", {}, control.signal, body);
    const reviewed = answer.turns.filter((turn) => turn.review);
    const best = reviewed.filter((turn) => turn.review.rank === 1).length;
    const said = reviewed.length ? t("review.summary", { n: reviewed.length, best }) : t("review.empty");
    const lines = record.split("\n");
    out.replaceChildren(
      el("p", { class: `verdict ${reviewed.length ? "valid" : "invalid"}`, id: "review-verdict" }, said),
      el("ol", { class: "review" }, answer.turns.map((turn) => turnItem(turn, lines))));
    announce(said, true);
  } catch (error) {
    showProblem(out, error);
  }
}

$("review").addEventListener("submit", (event) => { event.preventDefault(); reviewGame(); });
