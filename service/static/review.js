// A finished game reviewed move by move (POST /replay with "review"): each move of one play whose rack the record
// gives, ranked among every play of that rack, with the best play and what the move lost, in the page's language.
import { $, DATA, announce, el, t } from "./dom.js";
import { api, showProblem } from "./api.js";

function playText(play, points) {
  return t("best.play", { word: play.word, start: play.start, direction: t(`play.${play.direction}`),
                          points: t("answer.points", { n: points }) });
}

/** One turn: the move as played and, where it was reviewed, its rank, what it lost and the best play. */
function turnItem(turn) {
  const move = turn.kind === "move" && turn.plays?.length === 1 ? turn.plays[0] : null;
  const played = move ? playText(move, turn.score) : turn.lines.map((n) => DATA_LINES[n - 1] || "").join(" ").trim();
  const review = turn.review;
  let said;
  if (!review) said = t("review.none");
  else if (review.rank === null) {
    said = t("review.phony", { plays: review.plays, best: playText(review.best.move, review.best.score) });
  }
  else if (review.rank === 1) said = t("review.top", { plays: review.plays });
  else {
    said = t("review.rank", { rank: review.rank, plays: review.plays, lost: review.lost,
                              best: playText(review.best.move, review.best.score) });
  }
  return el("li", { class: review && review.rank === 1 ? "top" : null },
            el("span", { class: "who" }, t("review.move", { player: turn.player, move: played })), " ", el("span", {}, said));
}

let DATA_LINES = [];
let reviewing = null;
async function reviewGame() {
  const out = $("review-answer");
  const record = $("review-record").value;
  DATA_LINES = record.split("\n");
  reviewing?.abort();
  const control = reviewing = new AbortController();
  try {
    const answer = await api("/replay", {}, control.signal, { game: $("review-game").value, record, review: true });
    const reviewed = answer.turns.filter((turn) => turn.review);
    const best = reviewed.filter((turn) => turn.review.rank === 1).length;
    const said = reviewed.length ? t("review.summary", { n: reviewed.length, best }) : t("review.empty");
    out.replaceChildren(el("p", { class: `verdict ${reviewed.length ? "valid" : "invalid"}`, id: "review-verdict" }, said),
                        el("ol", { class: "review" }, answer.turns.map(turnItem)));
    announce(said, true);
  } catch (error) {
    showProblem(out, error);
  }
}

$("review").addEventListener("submit", (event) => { event.preventDefault(); reviewGame(); });
