"""The host may end a match early (RULINGS: a match ends when its host ends it or after `rounds`)."""

import random

import pytest

from games.engines import IllegalCommand, get_engine

engine = get_engine("spite")


def _play_until(state, rng, done):
    while not done(state):
        seats = (
            [state.to_move]
            if state.to_move is not None
            else [seat for seat in range(state.players) if engine.legal_commands(state, seat)]
        )
        seat = seats[0]
        legal = engine.legal_commands(state, seat)
        plays = [c for c in legal if c["type"] == "play"]
        command = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)
    return state


def test_the_host_ends_the_match_with_the_standings_of_the_rounds_played():
    rng = random.Random(8)
    state = engine.fold(engine.start(4, {"rounds": 5}, rng=rng))
    state = _play_until(state, rng, lambda s: s.round == 2 and s.trick.plays)
    events = engine.decide(state, None, {"type": "end_match"})
    assert [event["type"] for event in events] == ["match_ended"]
    ended = engine.fold(events, state)
    view = engine.view(ended, None)
    assert view["over"] and view["phase"] == "over"
    # Only the finished first round counts: the standings are its scores, best first.
    assert view["standings"][0]["seat"] == view["winner"]
    assert [row["score"] for row in view["standings"]] == sorted(state.scores, reverse=True)
    assert list(ended.scores) == list(state.scores)
    with pytest.raises(IllegalCommand, match="over"):
        engine.decide(ended, None, {"type": "end_match"})


def test_a_match_ended_before_any_round_finished_has_no_winner():
    state = engine.fold(engine.start(3, rng=random.Random(2)))
    ended = engine.fold(engine.decide(state, None, {"type": "end_match"}), state)
    assert ended.over and ended.winner is None
    assert engine.legal_commands(ended, 0) == []


def test_a_seat_cannot_end_the_match():
    state = engine.fold(engine.start(3, rng=random.Random(2)))
    with pytest.raises(IllegalCommand):
        engine.decide(state, 0, {"type": "end_match"})
    with pytest.raises(IllegalCommand):
        engine.decide(state, None, {"type": "play", "cards": ["3S"]})
