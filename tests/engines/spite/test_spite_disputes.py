"""Which Spite events players may dispute and whom they involve, what staff review them by, and the
overturn of a failed come-at-me's penalties (docs/rulings.md, Spite V: disputes)."""

from spite_helpers import PASS, of_type, play


def cam(*codes):
    return play(*codes, come_at_me=True)


def failed_twice(position, act):
    """Seat 0 came at me twice and lost the trick to seat 1: two turns to skip. Returns (events, state)."""
    state = position(["5S 8C 10S 11S QS", "6D 9H JH 4H 4D", "4S 4C 8H"], to_move=0)
    log = []
    for seat, command in (
        (0, cam("5S")),
        (1, play("6D")),
        (2, PASS),
        (0, cam("8C")),
        (1, play("9H")),
        (2, PASS),
        (0, PASS),
    ):
        events, state = act(state, seat, command)
        log += events
    return log, state


def test_a_failed_come_at_me_is_a_ruling_involving_the_seats_it_penalised(engine, position, act):
    log, state = failed_twice(position, act)
    trick = of_type(log, "trick_won")[-1]
    assert engine.disputable(trick) == (0,)
    assert [(p.id, p.skips, p.overturned) for p in state.penalties] == [(1, (2, 0, 0), None)]
    facts = engine.ruling_facts(log[: log.index(trick)], trick)
    assert facts[0]["text"] == '{seat:1} won the trick: penalties for "come at me": {seat:0} 2 turns to skip.'
    assert {
        "label": "Trick so far",
        "text": "{seat:0}: 5♠ (come at me); {seat:1}: 6♦; {seat:0}: 8♣ (come at me); {seat:1}: 9♥",
    } in facts


def test_overturning_the_penalties_gives_back_the_turns_still_owed(engine, position, act, refused):
    log, state = failed_twice(position, act)
    trick = of_type(log, "trick_won")[-1]
    command = engine.overturn_command(log[: log.index(trick)], trick, "Seat 1's 9H did not beat the trick.")
    assert command == {"type": "overturn", "penalty": 1, "reason": "Seat 1's 9H did not beat the trick."}
    _, state = act(state, 1, play("JH"))
    events, state = act(state, 2, PASS)  # seat 0's first skipped turn ends the trick
    assert state.skips == (1, 0, 0)
    events, after = act(state, None, command)
    assert events == [
        {
            "type": "penalty_overturned",
            "penalty": 1,
            "reason": "Seat 1's 9H did not beat the trick.",
            "skips": [1, 0, 0],
            "not_undone": ["{seat:0} already sat out 1 turn."],
        }
    ]
    assert after.skips == (0, 0, 0) and after.penalties[0].overturned == "Seat 1's 9H did not beat the trick."
    refused(after, None, command, "already overturned")
    refused(after, None, {**command, "penalty": 2}, "no come-at-me penalty 2")
    refused(after, None, {**command, "penalty": True}, "must be the number")
    refused(state, None, {**command, "reason": " "}, "why the ruling is wrong")
    refused(state, 0, command, "")  # a seat cannot overturn


def test_a_second_failed_trick_is_penalty_2(engine, position, act):
    log, state = failed_twice(position, act)
    first = of_type(log, "trick_won")[-1]
    later = log[: log.index(first) + 1]  # the first penalties given; the same again is the match's second
    assert engine.overturn_command(later, first, "r")["penalty"] == 2


def test_other_events_are_no_rulings(engine):
    assert engine.disputable({"type": "trick_won", "seat": 1, "leader": 1, "penalties": [0, 0, 0]}) is None
    assert engine.disputable({"type": "passed", "seat": 1, "next": 2}) is None
