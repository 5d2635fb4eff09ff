"""What each target and button of a board sends (games/frames/board_targets.py, the page's #board-targets),
checked against the engines through whole random games: every command the seat is offered is on its
board, each where the selection that names it makes it; nothing on the board is a command the engine
would refuse (strict mode); every name and token is one the board's HTML has. And the table script
that reads it knows no game."""

import json
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from board_helpers import offered, page_targets, render_board, spite_position
from contract.profiles import profile_of

from games.engines import GAMES, get_engine, registry
from games.engines.errors import IllegalCommand
from games.frames.board_targets import selection_key

STEPS = 120  # commands of each random game checked (fewer when it ends first)
# Spite in strict mode: there nothing on the board may be a command the engine would refuse.
STRICT = {"spite": {"misplays": "strict"}}
spite = get_engine("spite")
SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "table"
# What a script that knows no game must not name: each installed game's name and the words of its title.
GAME_WORDS = re.compile(
    "|".join(
        sorted(
            {
                *registry.names(),
                *(word.lower() for game in registry.games() for word in re.findall(r"[A-Za-z]{4,}", game.title)),
            }
        )
    ),
    re.IGNORECASE,
)


def accepted(engine, state, seat, command):
    try:
        engine.decide(state, seat, command, rng=random.Random(0))
    except IllegalCommand:
        return False
    return True


def board_tokens(html):
    """The tokens of the board's selectable things: cards ("9S", "fake_up:9C") and sources."""
    cards = re.findall(r'data-card="([^"]+)"(?: data-group="([^"]+)")?', html)
    return {f"{group}:{code}" if group else code for code, group in cards} | set(
        re.findall(r'data-source="([^"]+)"', html)
    )


def check_seat(engine, state, seat):
    sent, html = page_targets(engine, state, seat), render_board(engine, state, seat)
    placed = [command for name, entries in sent["targets"].items() if name != "call" for command in entries.values()]
    placed += list(sent["commands"].values())
    # Every command the seat is offered is on the board once (but those a form composes), and only those.
    composed = profile_of(engine.name).composed
    listed = [command for command in offered(engine, state, seat) if not composed(command)]
    assert Counter(json.dumps(c, sort_keys=True) for c in listed) == Counter(
        json.dumps(c, sort_keys=True) for c in placed
    )
    # Spite's call of the direction is a play the engine lists, with the call it leaves out.
    for command in sent["targets"].get("call", {}).values():
        assert {k: v for k, v in command.items() if k != "announce"} in listed
    # Each is made by the selection its key names: the key's cards are the command's own.
    tokens = board_tokens(html)
    for name, entries in sent["targets"].items():
        assert f'data-target="{name}"' in html, name
        for key, command in entries.items():
            assert key != "*" and set(key.split()) <= tokens, (name, key)
            codes = [
                token.split(":")[-1]
                for token in key.split()
                if token in tokens and not token.startswith(("stack:", "discard:", "win"))
            ]
            assert Counter(codes) <= Counter(re.findall(r'"([0-9A-Z]{2,3})"', json.dumps(command))), (key, command)
            assert accepted(engine, state, seat, command), (name, key, command)
    for name, command in sent["commands"].items():
        assert f'data-command="{name}"' in html, name
        assert accepted(engine, state, seat, command), (name, command)
    assert set(sent["playable"]) == {
        token for entries in sent["targets"].values() for key in entries for token in key.split()
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_offered_command_is_on_the_board_where_its_selection_sends_it(game):
    engine, rng = get_engine(game), random.Random(f"targets-{game}")
    players, options = profile_of(game).short
    state = engine.fold(engine.start(players, {**options, **STRICT.get(game, {})}, rng=rng))
    for _step in range(STEPS):
        if engine.is_over(state):
            break
        for seat in range(state.players):
            check_seat(engine, state, seat)
        assert page_targets(engine, state, None) == {"targets": {}, "commands": {}, "playable": []}
        seat, command = rng.choice(
            [(seat, command) for seat in range(state.players) for command in engine.legal_commands(state, seat)]
        )
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)


def test_in_spite_table_mode_plays_are_templates_and_every_button_is_on_the_board():
    rng = random.Random("targets-table")
    state = spite.fold(spite.start(3, {"rounds": 1}, rng=rng))
    buttons = set()
    for _step in range(150):
        if state.over:
            break
        for seat in range(state.players):
            sent, html = page_targets(spite, state, seat), render_board(spite, state, seat)
            may_play = {"type": "play"} in spite.board_commands(state, seat)
            assert set(sent["targets"]) == ({"play", "call", "unbeatable"} if may_play else set())
            assert all(list(entries) == ["*"] for entries in sent["targets"].values())
            for name, command in sent["commands"].items():
                assert f'data-command="{name}"' in html and accepted(spite, state, seat, command), name
                buttons.add(name.split("-")[0])
        seat, command = rng.choice(
            [(seat, command) for seat in range(state.players) for command in spite.legal_commands(state, seat)]
        )
        state = spite.fold(spite.decide(state, seat, command, rng=rng), state)
    assert {"pass", "call", "start_countdown"} <= buttons


def test_spank_keys_name_the_card_the_stack_or_the_cards_a_command_takes():
    engine = get_engine("spank")
    state = engine.fold(engine.start(2, rng=random.Random(4)))
    seat = state.to_move
    sent = page_targets(engine, state, seat)["targets"]
    for command in engine.board_commands(state, seat):
        if command["type"] == "discard":
            assert sent["discard"][selection_key(command["cards"])] == command
        elif command["type"] == "spank":
            assert sent[f"spank-{command['seat']}-{command['stack']}"][command["card"]] == command
        elif command["type"] == "move":
            assert sent[f"stack-{command['to']}"][f"stack:{command['from']}"] == command


def test_spite_and_malice_plays_come_from_the_hand_the_win_pile_or_a_discard_pile():
    engine = get_engine("spite_and_malice")
    state = engine.fold(engine.start(2, rng=random.Random(3)))
    state = replace(
        state,
        to_move=0,
        hands=(("AH", "2C", "5D", "9S", "KH"), state.hands[1]),
        win_piles=(("2H",) + state.win_piles[0][1:], state.win_piles[1]),
        discards=(((), ("3S",), (), ()), state.discards[1]),
        play_piles=((), ("AS",), (), ()),
    )
    sent = page_targets(engine, state, 0)
    assert sent["targets"]["pile-1"] == {
        "2C": {"type": "play", "from": "hand", "card": "2C", "to": 1},
        "win": {"type": "play", "from": "win", "to": 1},
    }
    assert sent["targets"]["pile-0"]["AH"] == {"type": "play", "from": "hand", "card": "AH", "to": 0}
    assert "win" in sent["playable"] and "discard:1" not in sent["playable"]  # the 3S goes nowhere yet


def test_spite_strict_mode_offers_a_call_of_the_direction_on_natural_sevens_only():
    state = spite_position(["7S 7H 9H KS", "4C 5S 8S QS", "5C 6H 10S JS"], misplays="strict")
    sent = page_targets(spite, state, 0)["targets"]
    assert sent["call"] == {
        "7H": {"type": "play", "cards": ["7H"], "announce": "lower"},
        "7S": {"type": "play", "cards": ["7S"], "announce": "lower"},
        "7H 7S": {"type": "play", "cards": ["7S", "7H"], "announce": "lower"},
    }
    for command in sent["call"].values():
        assert accepted(spite, state, 0, command)
    assert sent["play"]["9H"] == {"type": "play", "cards": ["9H"]}


def test_spite_strict_mode_plays_a_fake_joker_with_the_hand_and_lists_an_owed_bounty_claim():
    state = spite_position(
        ["9S 3D", "4C 8S QS 7C", "5C 6H 10S JD"], misplays="strict", fakes=["9C", "", ""], bounty="9H"
    )
    sent = page_targets(spite, state, 0)
    assert sent["targets"]["play"]["9S fake_up:9C"]["fake_up"] == ["9C"]
    assert "fake_up:9C" in sent["playable"]
    owed = [c for c in spite.legal_commands(state, 0) if "bounty_claim" in c]
    for command in owed:  # a play going out on the bounty names its claim: the player must type it to match
        key = selection_key(command["cards"] + [f"fake_up:{code}" for code in command.get("fake_up", [])])
        assert sent["targets"]["play"][key] == command


def test_spite_table_mode_offers_templates_and_the_same_page_whatever_the_hand():
    low, high = (
        spite_position(["3D 9S 9H KS", hand, "5C 6H 10S JS"], fakes=["", "8C", ""], to_move=1)
        for hand in ("4C 5S 6S 3S", "QS KS AS 2S")
    )
    pages = [page_targets(spite, state, 1) for state in (low, high)]
    for page in pages:
        assert page["targets"]["play"] == {"*": {"type": "play", "cards": "$cards", "fake_up": "$fake_up"}}
        assert page["commands"]["face-down-8C"] == {"type": "play_fake_down", "fake": "8C"}
    # Only the cards held differ (each seat may select its own): nothing says which would be legal.
    assert {**pages[0], "playable": None} == {**pages[1], "playable": None}


def test_the_table_script_is_small_and_names_no_game():
    modules = sorted(SCRIPT.glob("*.js"))
    assert {module.name for module in modules} >= {"main.js", "selection.js", "targets.js", "drag.js"}
    # 520: the countdowns' words for a turn-based table's clock, days away (clocks.js), took it past 500.
    assert sum(len(module.read_text().splitlines()) for module in modules) < 520
    for module in modules:
        assert not GAME_WORDS.search(module.read_text()), module.name


def test_the_keyboard_and_screen_reader_script_is_small_and_names_no_game():
    modules = sorted((SCRIPT.parent / "table_access").glob("*.js"))
    assert {module.name for module in modules} >= {"focus.js", "roving.js", "jump.js", "targets_list.js", "announce.js"}
    assert sum(len(module.read_text().splitlines()) for module in modules) < 300
    for module in modules:
        assert not GAME_WORDS.search(module.read_text()), module.name


def test_the_live_room_script_is_small_and_names_no_game():
    modules = sorted((SCRIPT.parent / "table_live").glob("*.js"))
    assert {module.name for module in modules} >= {"connection.js", "chat.js", "motion.js", "turn_sound.js"}
    # 410: the last move's outline moved here from a <style> in each frame (the Content-Security-Policy);
    # 455: partial frames joined into the whole table (parts.js)
    assert sum(len(module.read_text().splitlines()) for module in modules) < 455
    for module in modules:
        assert not GAME_WORDS.search(module.read_text()), module.name
