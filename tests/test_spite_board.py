"""The Spite board template, rendered from every state of a random match for each seat and a spectator."""
import random

from board_helpers import render_board
from games.engines import get_engine

engine = get_engine("spite")


def render(state, seat):
    return render_board(engine, state, seat)


def test_every_seat_and_a_spectator_render_a_whole_random_match():
    rng = random.Random(3)
    state = engine.fold(engine.start(4, {"rounds": 2}, rng=rng))
    saw = set()
    while True:
        for seat in (0, 1, 2, 3, None):
            html = render(state, seat)
            hand = [] if seat is None else state.hands[seat]
            assert html.count("data-card=") == len(hand)
            assert html.count('class="seat-panel') == state.players - (0 if seat is None else 1)
            assert ("data-command" in html) == (seat is not None and not state.over and seat not in state.places)
        saw.add(state.phase)
        if state.last_round:
            assert "Standings after round" in render(state, None) or state.over
        if state.over:
            break
        seats = [state.to_move] if state.to_move is not None else \
            [s for s in range(4) if engine.legal_commands(state, s)]
        seat = rng.choice(seats)
        legal = engine.legal_commands(state, seat)
        plays = [c for c in legal if c["type"] == "play"]
        command = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)
    assert saw == {"opening", "playing", "over"}
    assert "wins the match" in render(state, None)
