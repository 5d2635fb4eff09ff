"""Resigning, the command every game shares (games/engines/turn_clock.py; docs/rulings.md "Resign"): with one
opponent left the game ends and that opponent wins; with more, a bot plays the resigned seat to the end and
it finishes last. Played on each game through its own engine."""

import random
from functools import reduce

import pytest

from games.engines import GAMES, IllegalCommand, get_engine

RESIGN = {"type": "resign"}


def started(game, players):
    engine = get_engine(game)
    return engine, engine.fold(engine.start(players, rng=random.Random(7)))


def resign(engine, state, seat):
    events = engine.decide(state, seat, RESIGN)
    return events, reduce(engine.evolve, events, state)


@pytest.mark.parametrize("game", GAMES)
def test_resigning_a_two_seat_game_ends_it_and_the_opponent_wins(game):
    if get_engine(game).min_players > 2:
        pytest.skip(f"{game} needs more than two players")
    engine, state = started(game, 2)
    waiting = 1 - state.to_move  # out of turn: a resign needs no turn
    events, state = resign(engine, state, waiting)
    assert events == [{"type": "resigned", "seat": waiting, "winner": 1 - waiting}]
    assert engine.is_over(state)
    view = engine.view(state, None)
    assert view["over"] and view["winner"] == 1 - waiting and view["to_move"] is None
    assert view["players"][waiting]["resigned"] and not view["players"][1 - waiting]["resigned"]
    assert engine.winners(state) == [1 - waiting]
    assert engine.resigned_seats(state) == {waiting}
    with pytest.raises(IllegalCommand, match="over"):
        engine.decide(state, 1 - waiting, RESIGN)
    assert engine.seat_commands_now(state, 1 - waiting) == []


@pytest.mark.parametrize("game", GAMES)
def test_resigning_with_two_opponents_left_hands_the_seat_to_a_bot_for_good(game):
    engine, state = started(game, 3)
    seat, to_move = 0, state.to_move
    events, state = resign(engine, state, seat)
    assert events == [{"type": "resigned", "seat": seat}]
    assert not engine.is_over(state)
    assert seat in engine.seats_with_bot(state) and engine.resigned_seats(state) == {seat}
    assert state.to_move == to_move  # the game itself goes on as its rules say, a bot playing the seat
    with pytest.raises(IllegalCommand, match="resigned already"):
        engine.decide(state, seat, RESIGN)
    with pytest.raises(IllegalCommand, match="You resigned"):
        engine.decide(state, seat, {"type": "take_back"})
    assert engine.seat_commands_now(state, seat) == []  # nothing to resign or take back any more


@pytest.mark.parametrize("game", GAMES)
def test_the_last_seat_not_resigned_wins_once_every_other_has(game):
    engine, state = started(game, 3)
    _, state = resign(engine, state, 0)
    offered = engine.seat_commands_now(state, 2)
    assert offered == [
        {"command": RESIGN, "label": "Resign", "confirm": "Resign? The game ends now and {seat:1} wins."}
    ]
    events, state = resign(engine, state, 2)
    assert events == [{"type": "resigned", "seat": 2, "winner": 1}]
    assert engine.is_over(state) and engine.winners(state) == [1]
    assert engine.resigned_seats(state) == {0, 2}


@pytest.mark.parametrize("game", GAMES)
def test_a_resign_is_offered_with_a_confirmation_and_never_listed_for_bots(game):
    engine, state = started(game, 3)
    for seat in range(3):
        assert RESIGN not in engine.legal_commands(state, seat)
        assert engine.seat_commands_now(state, seat) == [
            {
                "command": RESIGN,
                "label": "Resign",
                "confirm": "Resign? A bot plays your seat to the end of the game, and you finish last.",
            }
        ]
    with pytest.raises(IllegalCommand):
        engine.decide(state, None, RESIGN)  # the system and the host have no seat to resign


@pytest.mark.parametrize("game", GAMES)
def test_a_resign_is_public_to_every_reader(game):
    engine, state = started(game, 3)
    events, _ = resign(engine, state, 0)
    for seat in (None, 0, 1):
        assert engine.redact_event(events[0], seat) == events[0]


def test_a_resigned_seat_whose_bot_finishes_first_wins_nothing():
    """A resigned player never wins: a bot's win for their seat names no winner in the engine's ``winners``."""
    engine, state = started("spite_and_malice", 3)
    _, state = resign(engine, state, 0)
    won = engine.evolve(state, {"type": "won", "seat": 0})
    assert engine.is_over(won) and engine.view(won, None)["winner"] == 0
    assert engine.winners(won) == []
