"""The redaction helpers copy events without sharing anything mutable with the log."""

from games.engines.redaction import copied, public


def _containers(value):
    """Every dict and list inside ``value``, by identity."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _containers(item)
    elif isinstance(value, (list, tuple)):
        if isinstance(value, list):
            yield value
        for item in value:
            yield from _containers(item)


def test_a_copied_event_equals_the_event_and_shares_no_list_or_dict_with_it():
    event = {
        "type": "spanked",
        "seat": 1,
        "cards": ["7H", "8H"],
        "nested": {"piles": [[1, 2], []]},
        "pair": (["QS"], 3),
        "score": 1.5,
        "over": False,
        "winner": None,
    }
    copy = copied(event)
    assert copy == event
    assert isinstance(copy["pair"], tuple)
    shared = {id(container) for container in _containers(event)} & {id(container) for container in _containers(copy)}
    assert shared == set()
    copy["nested"]["piles"][0].append(3)
    assert event["nested"]["piles"][0] == [1, 2]


def test_anything_not_json_like_is_still_copied_deeply():
    class Marker:
        def __init__(self):
            self.cards = ["AS"]

    event = {"type": "odd", "marker": Marker()}
    copy = public(event)
    assert copy["marker"] is not event["marker"]
    assert copy["marker"].cards == ["AS"] and copy["marker"].cards is not event["marker"].cards
