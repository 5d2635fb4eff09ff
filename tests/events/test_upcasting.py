"""Upcasting is keyed by game: an old shape of one game's event is read as today's, and another game's
event of the same type (three games have a ``drew``, each of its own shape) is left as it is."""

import random

from events import upcasting
from events.upcasting import current_schema, upcast
from games.engines import get_engine


def reshuffled_was_called_shuffled(payload):
    """A made-up old shape of Spank!'s ``drew``: the reshuffled discard was under "shuffled"."""
    payload = dict(payload)
    payload["reshuffled"] = payload.pop("shuffled")
    return payload


def first(events, kind):
    return next(event for event in events if event["type"] == kind)


def test_an_old_drew_of_one_game_is_upcast_and_another_games_drew_is_not(monkeypatch):
    spank = get_engine("spank")
    monkeypatch.setitem(upcasting._UPCASTERS, "spank", {("drew", 1): reshuffled_was_called_shuffled})
    assert current_schema("spank", "drew") == 2
    assert current_schema("spite", "drew") == 1
    assert current_schema("spite_and_malice", "drew") == 2  # its own upcaster: reshuffles before commitments

    events = spank.start(2, rng=random.Random(1))
    state = spank.fold(events)
    drew = first(spank.decide(state, state.to_move, {"type": "end_turn"}, rng=random.Random(1)), "drew")
    stored = {key: value for key, value in drew.items() if key != "reshuffled"} | {"shuffled": drew["reshuffled"]}
    assert upcast("spank", "drew", 1, stored) == drew
    assert "shuffled" in stored  # what was stored is not rewritten
    assert upcast("spank", "drew", 2, drew) == drew  # today's shape is read as it is

    theirs = {"type": "drew", "seat": 0, "cards": ["5H"], "refill": None, "shuffled": "not Spank's"}
    assert upcast("spite_and_malice", "drew", 1, theirs) is theirs
    assert upcast("spite", "drew", 1, {"type": "drew", "seat": 0, "cards": ["5H"]}) == {
        "type": "drew",
        "seat": 0,
        "cards": ["5H"],
    }


def test_a_game_no_engine_has_has_no_upcasters():
    payload = {"type": "drew", "shuffled": []}
    assert current_schema("no-such-game", "drew") == 1
    assert upcast("no-such-game", "drew", 1, payload) is payload


def test_every_game_hands_its_upcasters_to_the_event_store_as_it_starts():
    from games.engines import GAMES

    for game in GAMES:
        assert upcasting.upcasters(game) == get_engine(game).upcasters
    assert upcasting.upcasters("no such game") == {}
