"""POST /moves' answer, worked out by the view or by the fast path in front of Flask (service/fast_path.py),
which hands the view what it worked out when only Flask can write it."""

from __future__ import annotations

from lexicon.play.engine import moves_json

#: The environ key of a POST /moves worked out before Flask: the answer for the view to write (when only
#: flask-compress can), or the refusal or fault met, for the view to raise again.
PREPARED = "lexicon.prepared"
#: The work a POST /moves may do: GADDAG lists entered. A mid-game Swedish position with a blank on the rack
#: needs tens of thousands (a millisecond or two); the costliest racks seen, two blanks with phonies, 3.5
#: million (about a fifth of a second); past this the answer is 400 too-costly.
MOVES_MAX_VISITS = 8_000_000


def moves_answer(raw: bytes, registry):
    """POST /moves' answer to the body `raw`: its JSON bytes (the C core's, read and written by it) and the lexicon
    that gave it."""
    data, host = moves_json(raw, registry.get, registry.game, max_visits=MOVES_MAX_VISITS)
    return data, host.lexicon


def prepared(environ):
    """What the fast path worked out for this request before it handed it to Flask: the answer (bytes and
    lexicon), raised again if it was a refusal or a fault; None if it worked out nothing."""
    found = environ.pop(PREPARED, None)
    if isinstance(found, Exception):
        raise found
    return found
