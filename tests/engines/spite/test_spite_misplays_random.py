"""Random table-mode matches: seats make legal and illegal plays at random (malformed hands too), other
seats call misplay at random (rightly and wrongly; with a single fake joker the pile runs dry and calls
earn deck cards), countdowns start and run out, staff overturn rulings. Every step keeps all 189 cards
and every fake joker; table mode marks a play as a misplay exactly when strict mode would refuse it;
redacted events and views never reveal a verdict before it is called, nor a ruling's cards to seats
that never held them; the log folds to the same state; and the match ends."""

import functools
import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from contract.play import acting_seats
from spite_helpers import FULL_DECK, choose, every_card

from games.engines import IllegalCommand, get_engine
from games.engines.spite.state import PLAYING

ENGINE = get_engine("spite")
MAX_COMMANDS = 6000


def all_fakes(state):
    return Counter(state.fake_pile) + sum((Counter(held) for held in state.fakes), Counter())


def random_play(rng, state, seat):
    """A play from held cards that may well break a rule: a random value's cards or (often a malformed
    hand) any few cards, random keys."""
    hand = list(state.hands[seat])
    by_value = {}
    for card in hand:
        by_value.setdefault(card[:-1] if card != "JK" else card, []).append(card)
    if rng.random() < 0.3:
        cards = rng.sample(hand, min(len(hand), rng.randint(2, 3)))
    else:
        cards = rng.choice(list(by_value.values()))[: rng.randint(1, 2)]
    command = {"type": "play", "cards": cards}
    if rng.random() < 0.2:
        command["announce"] = rng.choice(["higher", "lower", "unbeatable"])
    if rng.random() < 0.2:
        command["come_at_me"] = True
    if rng.random() < 0.2:
        command["buy_back"] = rng.randint(1, 3)
    if rng.random() < 0.1:
        command["bounty_claim"] = len(cards)
    return command


def strict(state):
    return replace(state, options=replace(state.options, misplays="strict"))


def next_command(rng, state):
    """(seat, command, chosen from the legal list?) for one random step; None when nothing was found."""
    roll = rng.random()
    if state.window is not None and roll < 0.15:
        callers = [s for s in range(state.players) if s != state.window.seat and s not in state.window.callers]
        if callers:
            return rng.choice(callers), {"type": "call_misplay", "play": state.window.play}, True
    if state.countdown is not None and roll < 0.3:
        return None, {"type": "countdown_expired", "countdown": state.countdown.number}, True
    if roll < 0.35:
        return rng.randrange(state.players), {"type": "start_countdown"}, False
    if state.rulings and roll < 0.37:  # staff overturn a ruling (one already overturned is refused)
        return None, {"type": "overturn", "ruling": rng.choice(state.rulings).id, "reason": "review"}, False
    if state.reward is not None and state.reward.declared is None and rng.random() < 0.5:
        # the count declared first, rightly or not; the cards are viewed and the swap follows
        declared = max(0, state.reward.count + rng.choice((-1, 0, 0, 1)))
        return state.reward.seat, {"type": "reward", "declared": declared}, False
    seats = acting_seats(ENGINE, state)
    seat = rng.choice(sorted(seats))
    if state.phase == PLAYING and seat == state.to_move and state.reward is None and rng.random() < 0.25:
        return seat, random_play(rng, state, seat), False
    return seat, choose(rng, seats[seat], 0.7), True


def assert_no_faces_for_others(event, redacted, viewer):
    """A ruling's cards (and an overturn's) show their faces only to the seats that held or get them."""
    if event["type"] == "misplay_called":
        knowing = {
            "fakes": {event["caller"], event["seat"]} if event["correct"] else {event["caller"]},
            "from_pile": {event["caller"]},
            "from_deck": {event["caller"]},
            "discarded": {event["seat"]},
        }
        for key, seats in knowing.items():
            assert (key in redacted) == (viewer in seats), (key, viewer, event)
            assert redacted.get(key, event[key]) == event[key] and redacted.get(f"{key}_count", 0) in (
                0,
                len(event[key]),
            )
    if event["type"] == "ruling_overturned":
        for move, shown in zip(event["moves"], redacted["moves"]):
            assert shown["face"] == (
                move["face"] if viewer is not None and viewer in (move["from"], move["to"]) else None
            )


@functools.lru_cache(maxsize=None)
def table_match(players, seed):
    rng = random.Random(seed)
    # Two matches in three have no fake joker or a single one, so the pile runs dry and correct calls earn deck cards.
    fake_jokers = (0, 1, players + 2)[seed % 3]
    log = ENGINE.start(players, options={"rounds": 1 + seed % 2, "fake_jokers": fake_jokers}, rng=random.Random(seed))
    state = ENGINE.fold(log)
    fakes = all_fakes(state)
    stats = Counter()
    for _ in range(MAX_COMMANDS):
        if state.over:
            break
        seat, command, listed = next_command(rng, state)
        try:
            new_events = ENGINE.decide(state, seat, command, rng=rng)
        except IllegalCommand:
            assert not listed, f"a listed command was refused: {command}"
            continue
        verdicts = [event["misplay"] for event in new_events if "misplay" in event]
        if command["type"] == "play" and verdicts:
            try:  # table mode's verdict is strict mode's refusal
                ENGINE.decide(strict(state), seat, command, rng=random.Random(0))
                assert verdicts[0] is None, verdicts[0]
            except IllegalCommand as refusal:
                assert verdicts[0] is not None and verdicts[0]["text"] == str(refusal)
        viewer = rng.choice([None, *range(players)])
        for event in new_events:
            redacted = ENGINE.redact_event(event, viewer)
            assert "misplay" not in redacted
            assert_no_faces_for_others(event, redacted, viewer)
            stats[event["type"]] += 1
            if event["type"] == "misplay_called":
                stats["correct call" if event["correct"] else "wrong call"] += 1
                stats["deck card for a call"] += len(event["from_deck"])
            if event.get("misplay"):
                stats["misplay"] += 1
                stats[event["misplay"]["rule"]] += 1
        for event in new_events:
            state = ENGINE.evolve(state, event)
        log += new_events
        assert every_card(state) == FULL_DECK
        assert all_fakes(state) == fakes
        assert json.loads(json.dumps(ENGINE.view(state, viewer))) == ENGINE.view(state, viewer)
    assert state.over, "the random match hit the command cap"
    assert ENGINE.fold(json.loads(json.dumps(log))) == state
    stats["uncalled"] = len(state.uncalled)
    return stats


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (6, 4), (3, 5), (4, 6)])
def test_a_random_table_mode_match_keeps_every_property_and_ends(players, seed):
    stats = table_match(players, seed)
    assert stats["played"] > 0


def test_the_random_table_matches_misplay_call_and_count_down():
    seen = sum(
        (table_match(players, seed) for players, seed in [(3, 1), (4, 2), (5, 3), (6, 4), (3, 5), (4, 6)]), Counter()
    )
    for feature in (
        "misplay",
        "correct call",
        "wrong call",
        "uncalled",
        "countdown_started",
        "passed",
        "ruling_overturned",
        "malformed",
        "deck card for a call",
    ):
        assert seen[feature] > 0, (feature, seen)
