"""Memoized board blocks ({% memo %}, games.frames.jinja and games.frames.memo) draw exactly what the whole page context
would: every viewer's board at every step of random games of each game is the same with the memo on and
off (a block given too few values would draw them blank)."""

import ast
import random

import pytest
from board_helpers import render_board
from cachetools import LRUCache
from contract.profiles import profile_of
from django.test import override_settings

from games.engines import GAMES, get_engine
from games.frames import jinja, memo, parts
from games.play import caches


@pytest.mark.parametrize("game", GAMES)
def test_memoized_boards_equal_boards_drawn_afresh(game):
    engine, rng = get_engine(game), random.Random(f"memo-{game}")
    players, options = profile_of(game).short
    state = engine.fold(engine.start(players, options, rng=rng))
    for _step in range(150):
        for seat in [*range(state.players), None]:
            with override_settings(TEMPLATE_MEMO=False):
                fresh = render_board(engine, state, seat)
            assert render_board(engine, state, seat) == fresh, f"seat {seat}"
            assert render_board(engine, state, seat) == fresh, f"seat {seat}, drawn from the memo"
        if engine.is_over(state):
            break
        seat, command = rng.choice(
            [(seat, command) for seat in range(state.players) for command in engine.legal_commands(state, seat)]
        )
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)


def _draw_block(template, value):
    return parts.strip(template.render({"x": value}))  # without the markers of its part (test_partial_frames)


def _block_template():
    return jinja.env().from_string("{% memo x=x %}<b>{{ x }}</b>{% endmemo %}")


def test_the_memo_keeps_the_blocks_found_most_lately_as_many_as_it_has_room_for(monkeypatch):
    monkeypatch.setattr(memo, "_drawn", LRUCache(maxsize=3))
    template = _block_template()
    for value in ("a", "b", "c"):
        _draw_block(template, value)
    _draw_block(template, "a")  # found again: now the latest
    _draw_block(template, "d")  # no room: the block found longest ago goes, which is "b"
    assert _kept_values() == {"a", "c", "d"}
    memo.make_room(5)
    for value in ("e", "f"):
        _draw_block(template, value)
    assert _kept_values() == {"a", "c", "d", "e", "f"}
    memo.make_room(1)  # never smaller: the room once needed is kept
    _draw_block(template, "g")
    assert len(memo._drawn) == 6 and "g" in _kept_values()


def _kept_values():
    return {ast.literal_eval(key[1])[0] for key in memo._drawn}


def test_room_grows_at_least_twofold_so_tables_taken_on_one_by_one_copy_the_cache_seldom():
    cache = LRUCache(maxsize=4)
    cache.update({n: n for n in range(4)})
    larger = caches.grown(cache, 5)
    assert larger.maxsize == 8 and dict(larger) == dict(cache)
    assert caches.grown(larger, 6) is larger
    assert caches.grown(larger, 100).maxsize == 100


class _Named:
    """An object with no repr of its own (Python's names it by its address)."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


def test_a_block_given_an_object_known_only_by_its_address_is_drawn_afresh_and_not_kept(monkeypatch):
    monkeypatch.setattr(memo, "_drawn", LRUCache(maxsize=memo._CACHE_SIZE))
    template = _block_template()
    assert _draw_block(template, _Named("ana")) == "<b>ana</b>"
    assert _draw_block(template, _Named("bo")) == "<b>bo</b>"
    assert not memo._drawn  # kept by its address, a later object at the same address would be shown its HTML


def test_each_live_table_a_process_follows_makes_room_for_its_blocks(monkeypatch):
    from games.live import table_cache as live

    monkeypatch.setattr(memo, "_drawn", LRUCache(maxsize=memo._CACHE_SIZE))
    tables = [f"table-{n}" for n in range(memo._CACHE_SIZE // live.MEMO_BLOCKS_PER_TABLE + 10)]
    try:
        for table in tables:
            live.attach(table)
        assert memo._drawn.maxsize >= live.MEMO_BLOCKS_PER_TABLE * len(live._tables) > memo._CACHE_SIZE
    finally:
        for table in tables:
            live.detach(table)


def test_a_block_sees_only_the_values_it_is_given(monkeypatch):
    monkeypatch.setattr(memo, "_drawn", LRUCache(maxsize=memo._CACHE_SIZE))
    template = jinja.env().from_string("{% memo x=x %}<b>{{ x }}{{ y }}</b>{% endmemo %}")
    assert parts.strip(template.render({"x": "a", "y": "!"})) == "<b>a</b>"  # y not named: not the block's to show
    with override_settings(TEMPLATE_MEMO=False):
        assert (
            parts.strip(template.render({"x": "a", "y": "!"})) == "<b>a!</b>"
        )  # drawn afresh in the whole context, as the test above compares


def test_a_block_names_its_values():
    import jinja2

    with pytest.raises(jinja2.TemplateSyntaxError, match="takes the values its block shows"):
        jinja.env().from_string("{% memo %}<b></b>{% endmemo %}")
