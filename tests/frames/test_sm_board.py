"""The Spite & Malice board template, rendered from real engine states for every seat and a spectator."""

import random
import re
from dataclasses import replace

from board_helpers import render_board

from games.engines import get_engine

engine = get_engine("spite_and_malice")


def render(state, seat):
    return render_board(engine, state, seat)


def hand_buttons(html):
    return html.count('class="card card-hand')


def test_every_seat_and_a_spectator_render_a_whole_random_game():
    rng = random.Random(7)
    state = engine.fold(engine.start(3, {"win_pile": 5}, rng=rng))
    while True:
        for seat in (0, 1, 2, None):
            html = render(state, seat)
            assert hand_buttons(html) == (0 if seat is None else len(state.hands[seat]))
            assert ("data-source" in html) == (seat is not None and not state.over)
        if state.over:
            break
        legal = engine.legal_commands(state, state.to_move)
        plays = [command for command in legal if command["type"] != "end_turn"]
        command = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        state = engine.fold(engine.decide(state, state.to_move, command, rng=rng), state)
    assert "wins" in render(state, None)


def _middle_of_a_game():
    state = engine.fold(engine.start(2, rng=random.Random(3)))
    return replace(state, to_move=0)


def test_a_joker_on_a_play_pile_shows_the_value_it_stands_for():
    state = replace(_middle_of_a_game(), play_piles=(("AS", "JK", "JK"), (), (), ()))
    html = render(state, None)
    assert "Play pile 1: at 3" in html
    assert "=3" in html and "★2" in html and "★3" in html


def test_the_forced_ace_is_told_to_the_seat_to_move():
    state = _middle_of_a_game()
    state = replace(state, hands=(("AH",) + state.hands[0][1:], state.hands[1]))
    assert "You must play your ace" in render(state, 0)
    assert "You must play your ace" not in render(state, 1)


def test_empty_discard_piles_get_the_end_of_turn_form():
    state = _middle_of_a_game()
    hand = ("5C", "6C", "7C", "8C", "9C")
    state = replace(
        state,
        hands=(hand, state.hands[1]),
        discards=(((), ("QD",), (), ("QS",)), state.discards[1]),
        play_piles=(("AS",), ("AS",), ("AS",), ("AS",)),
    )
    html = render(state, 0)
    assert "data-compose" in html
    # A fill for each empty pile (1 and 3), in pile order: each adds to the command's "fills".
    assert re.findall(r'Fill discard pile (\d) with\s*<select name="fills\[\]" data-json', html) == ["1", "3"]
    assert 'name="discard.card"' in html


def test_a_stalemate_draw_says_so():
    state = replace(_middle_of_a_game(), result="stalemate", winner=None, to_move=None)
    html = render(state, 0)
    assert "Stalemate" in html and "a draw" in html
