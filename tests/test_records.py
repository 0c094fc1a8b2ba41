"""Game records: GCG and the JSON record read and written, and replayed by each shipped game's rules.

The records in tests/data/records/ are written by hand, their scores worked out from the seeds' rules
(each record's notes say how): Swedish Scrabble with a challenged phony, a wrong challenge (double: the
challenger's turn is lost, a pass), an exchange and the end after two rounds of passes; Betapet as a JSON
record on the Panik! clock, with three scoreless rounds and a time penalty from the seconds used;
Betűtorony with a turn of two words on two GCG lines, an exchange of one cube and the end after a round
of passes, 5 a cube left. Variations of them check that each disagreement is found where it is.
"""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexicon import load_game
from lexicon.errors import InputError
from lexicon.play import Event, GameRecord, Play, Player, read_gcg, read_json_record, replay, write_gcg
from lexicon.play.gcg import MAX_BYTES
from lexicon_cli import main

from .conftest import DATA, DEBIAN, hungarian_lexicon

RECORDS = DATA / "records"


@pytest.fixture(scope="module")
def hu(tmp_path_factory):
    return hungarian_lexicon(tmp_path_factory.mktemp("hu-records"), DEBIAN, "hu-records",
                             ["kapu", "oktat", "okos", "csésze"])


def gcg(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


def replayed(text_or_record, game: str, lex, **kw) -> dict:
    record = text_or_record if isinstance(text_or_record, GameRecord) else read_gcg(text_or_record)
    return replay(record, load_game(game), lex, **kw).as_dict()


def codes(answer: dict) -> list[tuple[str, int | None]]:
    return [(d["code"], d["line"]) for d in answer["disagreements"]]


# ---------------------------------------------------------------------------------- each shipped game, by hand


def test_swedish_scrabble_replays_as_worked_out(scrabble_words):
    a = replayed(gcg("sv-scrabble.gcg"), "sv-scrabble", scrabble_words)
    assert a["disagreements"] == [] and a["challenge_rule"] == "double"
    moves = [(t["kind"], t["score"], t["total"]) for t in a["turns"]]
    assert moves[:6] == [("move", 16, 16), ("exchange", 0, 0), ("move", 10, 26), ("withdrawn", -10, 16),
                         ("move", 4, 4), ("move", 12, 28)]
    phony = a["turns"][2]
    assert (phony["stands"], [(w["word"], w["valid"]) for w in phony["words"]]) == (False, [("HUNDS", False)])
    assert a["end"] == {"reason": "scoreless", "out": None, "racks_left": {"Ada": "EIKLOST", "Bo": "AELNRST"},
                        "adjustments": {"Ada": -9, "Bo": -7}}
    assert a["totals"] == a["record_totals"] == {"Ada": 19, "Bo": -3}
    assert a["board"][7] == ".......HUND...." and [row[10] for row in a["board"][7:12]] == list("DAGAR")


def test_betapet_replays_a_json_record_with_its_time_penalty(betapet):
    record = read_json_record(json.loads((RECORDS / "sv-betapet.json").read_text(encoding="utf-8")))
    a = replayed(record, "sv-betapet", betapet)
    assert a["disagreements"] == [] and a["end"]["reason"] == "scoreless"
    assert [t["score"] for t in a["turns"]] == [20, 5, 0, 0, 0, 0, 0, 0, -20, -10, -8]
    assert a["totals"] == a["record_totals"] == {"Ada": -10, "Bo": -3}


def test_betutorony_replays_a_turn_of_two_words_on_two_lines(hu):
    a = replayed(gcg("hu-betutorony.gcg"), "hu-betutorony", hu)
    assert a["disagreements"] == []
    turn = a["turns"][1]
    assert (turn["lines"], turn["score"], turn["bonus"]) == ([7, 8], 28, 10)
    assert [(w["word"], w["part"], w["score"]) for w in turn["words"]] == [("OKTAT", 0, 10), ("OKOS", 1, 8)]
    assert a["end"]["adjustments"] == {"Ada": -35, "Bo": -35} and a["totals"] == {"Ada": -25, "Bo": -7}


def test_blanks_in_lower_case_and_multi_letter_tiles_in_brackets(scrabble_words, hu):
    """A blank H scores 0: (0 + 4 + 1 + 1) × 2 = 12; CS and SZ are one cube each: [CS]É[SZ]E is 4 cubes on
    the first level, 4 × 2, + 2 for the rare CS."""
    a = replayed("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: ?UNDKAT 8H hUND +12 12\n", "sv-scrabble", scrabble_words)
    assert (a["disagreements"], a["turns"][0]["score"], a["board"][7]) == ([], 12, ".......hUND....")
    text = "#character-encoding UTF-8\n#player1 Ada Ada\n#player2 Bo Bo\n>Ada: [CS]É[SZ]EABK 5E [CS]É[SZ]E +10 10\n"
    a = replayed(text, "hu-betutorony", hu)
    assert a["disagreements"] == [] and a["turns"][0]["words"][0]["notation"] == "[CS]É[SZ]E"
    assert a["board"][4] == "....[CS]É[SZ]E.." and write_gcg(read_gcg(text)) == text


def test_replaying_without_a_lexicon_checks_the_arithmetic_only():
    a = replayed(gcg("sv-scrabble.gcg"), "sv-scrabble", None)
    assert a["lexicon"] is None and all(w["valid"] is None for t in a["turns"] for w in t.get("words", []))
    # Without a lexicon nothing says HUNDS was not a word, so its withdrawal is taken as the record says.
    assert a["disagreements"] == [] and a["totals"] == {"Ada": 19, "Bo": -3}


def test_a_game_played_out_ends_by_the_end_rule(betapet):
    """A whole Betapet game grown by self-play (support.records: every move legal, every word valid): the
    bag empties and a player goes out, gaining the points of the other's tiles, which the other loses
    ('Den spelare som lagt ut alla sina brickor får ett poängtillägg svarande mot summan av övriga
    spelares poängavdrag'). Every tile of the bag is on the board but the ones left on the loser's rack."""
    from support.records import self_play

    game = load_game("sv-betapet")
    a = next(a for a in (replay(read_gcg(write_gcg(self_play(betapet, game, seed))), game, betapet).as_dict()
                         for seed in range(10)) if a["end"]["reason"] == "out")
    assert a["disagreements"] == [] and a["totals"] == a["record_totals"]
    out = a["end"]["out"]
    (other,) = set(a["totals"]) - {out}
    left = a["end"]["racks_left"][other]
    points = {t.letter: t.points for t in game.alphabet.tiles}
    value = sum(points.get(tile, 0) for tile in left)  # a blank, ?, is worth 0
    assert a["end"]["adjustments"] == {out: value, other: -value}
    assert sum(square != "." for row in a["board"] for square in row) == game.alphabet.total_tiles - len(left)


# ---------------------------------------------------------------------------------- disagreements, where they are


def test_a_wrong_score_is_reported_at_its_move(scrabble_words):
    text = gcg("sv-scrabble.gcg").replace("...AR +12 28", "...AR +14 30").replace("- +0 28", "- +0 30")
    a = replayed(text.replace("-9 19", "-9 21"), "sv-scrabble", scrabble_words)
    (d,) = a["disagreements"]
    assert (d["code"], d["line"], d["turn"], d["player"], d["record"], d["replay"]) == ("score", 12, 6, "Ada", 14, 12)
    assert "...AR at K8 down scores 12" in d["message"]


def test_the_records_own_arithmetic_is_checked(scrabble_words):
    a = replayed(gcg("sv-scrabble.gcg").replace(">Bo: AAEGRST K8 .AG +4 4", ">Bo: AAEGRST K8 .AG +4 5"),
                 "sv-scrabble", scrabble_words)
    assert codes(a) == [("total", 11), ("total", 14)]  # then its next line adds to the wrong total


DAGAR_NOTE = "#note DAGAR, A on the double word K11: (1 + 1 + 2 + 1 + 1) × 2; Bo challenges and loses the next turn\n"


@pytest.mark.parametrize("old, new, code, line", [
    # A play that the record withdraws, every word of which is a word: a challenge does not take it off.
    (DAGAR_NOTE, ">Ada: AKTSREL -- -12 16\n", "withdrawn", 13),
    # Under double a wrong challenge gives the player no points.
    (DAGAR_NOTE, DAGAR_NOTE + ">Ada: (challenge) +5 33\n", "challenge", 14),
    # NASPA's end, twice the rack to the one who went out, is not the Swedish rule; nor is losing double.
    (">Ada: EIKLOST (EIKLOST) -9 19", ">Ada: EIKLOST (EIKLOST) -18 10", "end", 20),
    # The record goes on after two rounds of passes ended the game.
    (">Ada: EIKLOST (EIKLOST) -9 19", ">Ada: EIKLOST 7A TE +2 30\n>Ada: EIKLOST (EIKLOST) -9 19", "after-end",
     19),
    # A move that does not touch the board.
    (">Bo: AAEGRST K8 .AG +4 4\n", ">Bo: AAEGRST K8 .AG +4 4\n>Bo: AAEGRST A1 TA +2 6\n", "illegal", 12),
])
def test_each_rule_the_record_breaks_is_named(scrabble_words, old, new, code, line):
    text = gcg("sv-scrabble.gcg")
    assert old in text
    assert (code, line) in codes(replayed(text.replace(old, new), "sv-scrabble", scrabble_words))


def test_an_exchange_of_two_cubes_in_betutorony(hu):
    a = replayed(gcg("hu-betutorony.gcg").replace(">Ada: EMRSSZÉ -S +0 10", ">Ada: EMRSSZÉ -SS +0 10"),
                 "hu-betutorony", hu)
    (d,) = a["disagreements"]
    assert (d["code"], d["line"]) == ("exchange", 10) and "exchanges at most 1" in d["message"]


def test_a_void_game_keeps_no_phony_and_has_no_challenges(betapet):
    record = json.loads((RECORDS / "sv-betapet.json").read_text(encoding="utf-8"))
    record["events"][1]["plays"][0]["word"] = ".AGX"
    record["events"][1]["plays"][0]["score"] = 5 + 8
    record["events"].insert(2, {"kind": "withdrawn", "player": "Bo", "score": -13, "total": 5})
    for e in record["events"][3:]:
        if e["player"] == "Bo" and "total" in e:
            e["total"] = e["total"]
    a = replayed(read_json_record(record), "sv-betapet", betapet)
    assert ("phony", None) in codes(a) and ("challenge", None) in codes(a)
    assert next(d for d in a["disagreements"] if d["code"] == "phony")["event"] == 1


def test_a_time_penalty_by_the_clock(betapet):
    record = json.loads((RECORDS / "sv-betapet.json").read_text(encoding="utf-8"))
    record["events"][8]["seconds"] = 391  # 31 seconds over: three started 15 seconds, 30 points
    a = replayed(read_json_record(record), "sv-betapet", betapet)
    d = next(d for d in a["disagreements"] if d["code"] == "score")
    assert (d["event"], d["record"], d["replay"]) == (8, -20, -30)


# ---------------------------------------------------------------------------------- GCG and JSON, both ways


@pytest.mark.parametrize("name", ["sv-scrabble.gcg", "hu-betutorony.gcg"])
def test_a_gcg_record_is_written_back_as_it_was_read(name):
    text = gcg(name)
    record = read_gcg(text.encode("utf-8"))
    assert write_gcg(record) == text
    assert read_json_record(json.loads(json.dumps(record.as_dict()))) == record


def test_a_json_record_is_written_as_gcg_and_read_back(betapet):
    record = read_json_record(json.loads((RECORDS / "sv-betapet.json").read_text(encoding="utf-8")))
    text = write_gcg(record)
    assert ">Ada: HUNDKAT 8H HUND +20 20" in text and ">Bo: AAEGRST K8 .AG +5 5" in text
    assert ">Ada: (time) -20 0" in text and ">Ada: EILORST (EILORST) -10 -10" in text
    again = read_gcg(text)
    assert [(e.kind, e.player, e.score, e.total) for e in again.events] == \
        [(e.kind, e.player, e.score, e.total) for e in record.events]


def test_a_record_without_running_totals_gets_them_in_gcg():
    """GCG needs a running total on every line; a JSON record may leave them out: they are the sums."""
    record = read_json_record({"format": "tile-lexicon-record", "format_version": 1,
                               "players": [{"nick": "Ada"}, {"nick": "Bo"}], "events": [
        {"kind": "move", "player": "Ada", "plays": [{"word": "HUND", "start": "H8", "score": 20}]},
        {"kind": "pass", "player": "Bo", "score": 0},
        {"kind": "move", "player": "Ada", "plays": [{"word": "....RA", "start": "H8", "score": 13}]}]})
    assert write_gcg(record).splitlines()[-3:] == [">Ada: 8H HUND +20 20", ">Bo: - +0 0", ">Ada: 8H ....RA +13 33"]


def test_the_encoding_is_the_one_the_file_declares_or_utf8_or_latin1():
    text = "#player1 Åsa Åsa Öberg\n#player2 Bo Bo\n>Åsa: HUNDKAT 8H HUND +16 16\n"
    assert read_gcg(text.encode("utf-8")).players[0].nick == "Åsa"
    assert read_gcg(text.encode("iso-8859-1")).players[0].nick == "Åsa"  # GCG's own default
    with pytest.raises(InputError, match="line 2, column 10: byte b'\\\\xc5' is not utf-8"):
        read_gcg(("#character-encoding UTF-8\n" + text).encode("iso-8859-1"))


_TILE = st.sampled_from(list("ABDEHKNRSTUÅÄÖ") + ["?"])
_NICK = st.text(st.sampled_from("AdaBoÖzil_1-"), min_size=1, max_size=8)


@st.composite
def records(draw):
    nicks = draw(st.lists(_NICK, min_size=2, max_size=4, unique=True))
    events = []
    for _ in range(draw(st.integers(0, 12))):
        player, kind = draw(st.sampled_from(nicks)), draw(st.sampled_from(
            ["move", "exchange", "pass", "withdrawn", "challenge", "time", "end-gain", "end-loss"]))
        rack = "".join(draw(st.lists(_TILE, max_size=7)))
        score = draw(st.integers(0, 300))
        if kind == "move":
            word = "".join(draw(st.lists(st.sampled_from(list("HUNDKAT.hu")), min_size=1, max_size=9)))
            plays = [Play(word, draw(st.sampled_from(["A1", "H8", "O15", "K10"])),
                          draw(st.sampled_from(["across", "down"])), score, draw(st.integers(-50, 900)))]
            events.append(Event("move", player, rack=rack, plays=plays, note=draw(st.sampled_from(["", "a note"]))))
            continue
        tiles = rack or "A"
        signed = {"pass": 0, "exchange": 0, "withdrawn": -score, "time": -score, "end-loss": -score}.get(kind, score)
        events.append(Event(kind, player, rack="" if kind == "end-gain" else tiles if kind == "end-loss" else rack,
                            tiles=tiles if kind in ("exchange", "end-gain", "end-loss") else "", score=signed,
                            total=draw(st.integers(-50, 900))))
    return GameRecord([Player(n, draw(st.sampled_from(["", "Full Name"]))) for n in nicks], events,
                      title=draw(st.sampled_from(["", "A title"])))


@given(records())
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_gcg_round_trips(record):
    again = read_gcg(write_gcg(record))
    for p in record.players:
        object.__setattr__(p, "name", p.name or p.nick)  # GCG names every player; the nick stands in
    assert again == record


# ---------------------------------------------------------------------------------- malformed records


@pytest.mark.parametrize("text, line, column, message", [
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT 8H HUND +1O 16\n", 3, 23, "'+1O' is not points"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT 8H HUND +16 x\n", 3, 27, "'x' is not a running total"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Cy: HUNDKAT 8H HUND +16 16\n", 3, 2, "'Cy' is not one of the players"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada HUNDKAT 8H HUND +16 16\n", 3, 1, "an event is >nick:"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT 8H HUND +16 16\n#title late\n", 4, 1, "#title comes after"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT 8H HUND\n", 3, 15, "an event ends with its points"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT ?? HUND +16 16\n", 3, 15, "'??' is not a position"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT - +5 5\n", 3, 17, "a pass takes +0 points, not +5"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUNDKAT -- +5 5\n", 3, 18, "a withdrawn takes -N points"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: AB (CD) -5 5\n", 3, 10, "names two racks"),
    ("#player1 Ada Ada\n#player2 Ada Bo\n", 2, None, "two players are called 'Ada'"),
    ("#player1 Ada Ada\n#player2 Bo Bo\nhello\n", 3, 1, "neither a pragma"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n#character-encoding UTF-8\n", 3, 1, "must be the first line"),
    ("#character-encoding EBCDIC\n#player1 Ada Ada\n", 1, 21, "'ebcdic' is not an encoding"),
    ("#player1 Ada Ada\n#player2 Bo Bo\n>Ada: HUND\x00KAT 8H HUND +16 16\n", 3, 11, "U+0000 is a control"),
    ("#title nobody\n", 1, 1, "no players"),
])
def test_a_malformed_gcg_is_refused_with_the_line_and_column(text, line, column, message):
    with pytest.raises(InputError) as caught:
        read_gcg(text.encode("utf-8"))
    error = caught.value
    assert (error.line, error.column) == (line, column) and message in str(error), str(error)
    assert str(error).startswith(f"record line {line}" + (f", column {column}" if column else ""))


def test_a_tile_the_game_lacks_is_refused_at_its_line_and_column(scrabble_words):
    text = gcg("sv-scrabble.gcg").replace("K8 .AG +4 4", "K8 .AÑ +4 4")
    with pytest.raises(InputError, match=r"record line 11, column 17: tile 3 \(K10\): 'Ñ' is not a tile"):
        replayed(text, "sv-scrabble", scrabble_words)


@pytest.mark.parametrize("document, field", [
    ({"format": "tile-lexicon-record", "format_version": 2}, "format"),
    ({"format": "tile-lexicon-record", "format_version": 1, "players": [{"nick": "A"}], "events": [{"kind": "jump",
                                                                                                  "player": "A"}]},
     "events[0].kind"),
    ({"format": "tile-lexicon-record", "format_version": 1, "players": [{"nick": "A"}],
      "events": [{"kind": "move", "player": "A", "plays": [{"word": "HUND", "start": "H8", "direction": "up"}]}]},
     "events[0].plays[0].direction"),
    ({"format": "tile-lexicon-record", "format_version": 1, "players": [{"nick": "A"}],
      "events": [{"kind": "pass", "player": "B"}]}, "events[0].player"),
    ({"format": "tile-lexicon-record", "format_version": 1, "players": [{"nick": "A"}],
      "events": [{"kind": "move", "player": "A", "plays": [], "score": 3}]}, "events[0].score"),
    ({"format": "tile-lexicon-record", "format_version": 1, "players": [{"nick": "A"}],
      "events": [{"kind": "pass", "player": "A"}] * 1001}, "events"),
])
def test_a_malformed_json_record_names_the_field(document, field):
    with pytest.raises(InputError) as caught:
        read_json_record(document)
    assert caught.value.field == field and field in str(caught.value)


def test_huge_records_are_bounded():
    with pytest.raises(InputError, match="bytes; a GCG record holds at most"):
        read_gcg(b"#player1 A A\n" + b"#note " + b"x" * MAX_BYTES)
    lines = "#player1 Ada Ada\n#player2 Bo Bo\n" + ">Ada: HUNDKAT - +0 0\n" * 1001
    with pytest.raises(InputError, match="line 1003, column 1: more than 1000 events"):
        read_gcg(lines)
    with pytest.raises(InputError, match="a note of more than 10,000 characters"):
        read_gcg("#player1 Ada Ada\n" + "#note " + "x" * 10_001 + "\n")


# ---------------------------------------------------------------------------------- the command line


def test_replay_on_the_command_line_exits_1_on_a_disagreement(scrabble_words, tmp_path):
    from click.testing import CliRunner

    (tmp_path / "bad.gcg").write_text(gcg("sv-scrabble.gcg").replace("...AR +12 28", "...AR +14 30"),
                                      encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "bad.gcg"), "-g", "sv-scrabble", "-l",
                                       str(scrabble_words.path), "--write", str(tmp_path / "out.json")],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert re.search(r"disagrees, line 12 \(turn 6, Ada\): score: \.\.\.AR at K8 down scores 12", result.output)
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["events"][5]["plays"][0]["score"] == 14
    broken = CliRunner().invoke(main, ["replay", "-", "-g", "sv-scrabble", "--no-lexicon"],
                                input=b"#player1 A A\n>A: HUND\n")
    assert broken.exit_code == 2 and "record line 2, column 9: an event ends with its points" in broken.stderr
