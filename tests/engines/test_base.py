"""What games/engines/base.py checks once for every game before a command's handler runs, on a tiny
game whose command table has one command from each kind of sender."""

import random
from dataclasses import dataclass

import pytest

from games.engines import IllegalCommand
from games.engines.base import ANY_SEAT, HOST, SEAT_TO_ACT, STAFF, SYSTEM, Command, Engine, combine, seat_in_text


@dataclass(frozen=True)
class Tiny:
    players: int = 3
    to_move: int | None = 0
    over: bool = False


def handled(state, seat, command, rng):
    return [{"type": "handled", "command": command["type"], "seat": seat, "rng": type(rng).__name__}]


class TinyEngine(Engine):
    title = "Tiny"
    noun = "round"
    commands = {
        "move": Command(handled, SEAT_TO_ACT),
        "wave": Command(handled, ANY_SEAT),
        "stop": Command(handled, HOST),
        "review": Command(handled, STAFF, after_end=True),
        "tick": Command(handled, SYSTEM),
    }

    def is_over(self, state):
        return state.over


ENGINE = TinyEngine()


def refused(state, seat, command, words, engine=ENGINE):
    with pytest.raises(IllegalCommand) as refusal:
        engine.decide(state, seat, command, rng=random.Random(0))
    assert words in str(refusal.value)


def test_each_command_goes_to_its_handler_from_its_sender():
    assert ENGINE.decide(Tiny(), 0, {"type": "move"}) == [
        {"type": "handled", "command": "move", "seat": 0, "rng": "SystemRandom"}
    ]
    assert ENGINE.decide(Tiny(), 2, {"type": "wave"}, rng=random.Random(0))[0]["rng"] == "Random"
    for kind in ("stop", "review", "tick"):
        assert ENGINE.decide(Tiny(), None, {"type": kind})[0]["seat"] is None


@pytest.mark.parametrize("command", [None, "move", ["move"], {}, {"type": 3}, {"type": None}])
def test_a_command_is_an_object_with_a_type(command):
    refused(Tiny(), 0, command, "type")


def test_an_unknown_type_is_refused_naming_the_commands_a_player_can_give():
    refused(Tiny(), 0, {"type": "fly"}, 'Tiny has no command "fly"; the commands are move, wave.')


def test_nothing_before_the_start_and_only_what_may_come_after_the_end():
    refused(None, 0, {"type": "move"}, "The round has not started.")
    refused(None, None, {"type": "review"}, "The round has not started.")
    for seat, kind in ((0, "move"), (1, "wave"), (None, "stop"), (None, "tick")):
        refused(Tiny(over=True), seat, {"type": kind}, "The round is over.")
    assert ENGINE.decide(Tiny(over=True), None, {"type": "review"})


def test_a_seats_commands_need_a_seat_of_the_table():
    for kind in ("move", "wave"):
        refused(Tiny(), None, {"type": kind}, f"There is no system or host command '{kind}' here.")
        for seat in (-1, 3, True, "0", 0.0):
            refused(Tiny(), seat, {"type": kind}, "There is no seat")


def test_the_hosts_staffs_and_systems_commands_come_with_no_seat():
    refused(Tiny(), 0, {"type": "stop"}, "Only the table's host")
    refused(Tiny(), 0, {"type": "review"}, "Only staff")
    refused(Tiny(), 0, {"type": "tick"}, 'Tiny has no command "tick"')


def test_only_the_seat_to_act_gives_its_commands_and_any_seat_the_others():
    refused(Tiny(), 1, {"type": "move"}, "It is seat 0's turn, not yours.")
    assert ENGINE.decide(Tiny(), 1, {"type": "wave"})
    assert ENGINE.decide(Tiny(to_move=None), 1, {"type": "move"})  # nobody in particular to move


def test_a_game_says_when_the_seat_to_act_may_not_and_is_asked_only_for_its_commands():
    asked = []

    class Picky(TinyEngine):
        def turn_refusal(self, state, seat, kind):
            asked.append(kind)
            return "Not now."

    refused(Tiny(), 0, {"type": "move"}, "Not now.", Picky())
    assert Picky().decide(Tiny(), 0, {"type": "wave"}) and Picky().decide(Tiny(), None, {"type": "tick"})
    assert asked == ["move"]


def test_the_sender_of_a_command_comes_from_the_table():
    assert [ENGINE.sender_of({"type": kind}) for kind in ENGINE.commands] == [
        SEAT_TO_ACT,
        ANY_SEAT,
        HOST,
        STAFF,
        SYSTEM,
    ]
    for command in (None, {}, {"type": 1}, {"type": "fly"}, "move"):
        assert ENGINE.sender_of(command) is None


def test_a_table_entry_names_a_known_sender_and_tables_combine_without_sharing_a_type():
    with pytest.raises(ValueError, match="sender"):
        Command(handled, "anyone")
    assert list(combine({"a": Command(handled, HOST)}, {"b": Command(handled, SYSTEM)})) == ["a", "b"]
    with pytest.raises(ValueError, match="'a'"):
        combine({"a": Command(handled, HOST)}, {"a": Command(handled, SYSTEM)})


def test_a_refusal_reads_seats_as_seat_numbers_and_keeps_the_placeholder_for_names():
    refusal = IllegalCommand(f"It is {seat_in_text(2)}'s turn, not yours.")
    assert str(refusal) == "It is seat 2's turn, not yours."
    assert refusal.sentence == "It is {seat:2}'s turn, not yours."
