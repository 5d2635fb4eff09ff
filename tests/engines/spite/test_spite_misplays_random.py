"""Random table-mode matches: seats make legal and illegal plays at random, other seats call misplay
at random (rightly and wrongly), countdowns start and run out, staff overturn rulings. Every step keeps all 189 cards and
every fake joker; table mode marks a play as a misplay exactly when strict mode would refuse it;
redacted events and views never reveal a verdict before it is called; the log folds to the same
state; and the match ends."""
import functools
import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from games.engines import IllegalCommand, get_engine
from games.engines.spite.state import PLAYING
from spite_helpers import FULL_DECK, acting_seats, choose, every_card

ENGINE = get_engine("spite")
MAX_COMMANDS = 6000


def all_fakes(state):
    return Counter(state.fake_pile) + sum((Counter(held) for held in state.fakes), Counter())


def random_play(rng, state, seat):
    """A play from held cards that may well break a rule: a random value's cards, random keys."""
    hand = list(state.hands[seat])
    by_value = {}
    for card in hand:
        by_value.setdefault(card[:-1] if card != "JK" else card, []).append(card)
    cards = rng.choice(list(by_value.values()))[:rng.randint(1, 2)]
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
    seats = acting_seats(ENGINE, state)
    seat = rng.choice(sorted(seats))
    if state.phase == PLAYING and seat == state.to_move and state.reward is None and rng.random() < 0.25:
        return seat, random_play(rng, state, seat), False
    return seat, choose(rng, seats[seat], 0.7), True


@functools.lru_cache(maxsize=None)
def table_match(players, seed):
    rng = random.Random(seed)
    log = ENGINE.start(players, options={"rounds": 1 + seed % 2, "fake_jokers": players + 2}, rng=random.Random(seed))
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
            assert "misplay" not in ENGINE.redact_event(event, viewer)
            stats[event["type"]] += 1
            if event["type"] == "misplay_called":
                stats["correct call" if event["correct"] else "wrong call"] += 1
            if event.get("misplay"):
                stats["misplay"] += 1
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
    seen = sum((table_match(players, seed) for players, seed in [(3, 1), (4, 2), (5, 3), (6, 4), (3, 5), (4, 6)]),
               Counter())
    for feature in ("misplay", "correct call", "wrong call", "uncalled", "countdown_started", "passed",
                    "ruling_overturned"):
        assert seen[feature] > 0, (feature, seen)
