"""Memoized board blocks ({% memo %}) draw exactly what the whole page context would: every viewer's
board at every step of random games of each game is the same with the memo on and off (a block given
too few values would draw them blank)."""
import random

import pytest
from django.test import override_settings

from board_helpers import render_board
from games.engines import get_engine

GAMES = [("spank", 3, {}), ("spite_and_malice", 2, {"win_pile": 5}), ("spite", 4, {"rounds": 1})]


@pytest.mark.parametrize("game,players,options", GAMES, ids=[game for game, _, _ in GAMES])
def test_memoized_boards_equal_boards_drawn_afresh(game, players, options):
    engine, rng = get_engine(game), random.Random(f"memo-{game}")
    state = engine.fold(engine.start(players, options, rng=rng))
    for _step in range(150):
        for seat in [*range(state.players), None]:
            with override_settings(TEMPLATE_MEMO=False):
                fresh = render_board(engine, state, seat)
            assert render_board(engine, state, seat) == fresh, f"seat {seat}"
            assert render_board(engine, state, seat) == fresh, f"seat {seat}, drawn from the memo"
        if engine.is_over(state):
            break
        seat, command = rng.choice([(seat, command) for seat in range(state.players)
                                    for command in engine.legal_commands(state, seat)])
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)
