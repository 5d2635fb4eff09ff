"""Spite's old event shapes (games/engines/spite/upcasters.py): misplay calls and overturns recorded before
a correct caller could earn the deck's next card are read with none earned or taken back."""

from spite_helpers import of_type, play

from events.upcasting import current_schema, upcast


def test_a_call_and_an_overturn_stored_without_deck_cards_fold_as_today(engine, position, act):
    state = position(["8D 5C", "9S 6S 4C", "3C 4D"], to_move=0, fake_pile=("AS", "KH"), options={"misplays": "table"})
    _, state = act(state, 0, play("8D"))
    events, state = act(state, 1, play("6S"))
    before_call = state
    calls, state = act(state, 2, {"type": "call_misplay", "play": events[0]["id"]})
    overturns, _ = act(state, None, {"type": "overturn", "ruling": 1, "reason": "The play was legal."})
    today = calls + overturns
    assert of_type(today, "misplay_called")[0]["from_deck"] == [] and overturns[0]["discarded"] == []

    old_shape = {"misplay_called": "from_deck", "ruling_overturned": "discarded"}
    stored = [{key: value for key, value in event.items() if key != old_shape.get(event["type"])} for event in today]
    read = [upcast("spite", event["type"], 1, event) for event in stored]
    assert read == today
    assert engine.fold(read, before_call) == engine.fold(today, before_call)
    assert current_schema("spite", "misplay_called") == current_schema("spite", "ruling_overturned") == 2
    assert current_schema("spite", "played") == 1
