"""Random legal matches that use Spite II's features (/tmp/spec/spite2.md): every seat starts with one
or two fake jokers from the pile, commands are drawn from legal_commands (plays with face-up fakes and
deck reward cards, fakes face down, come-at-me rewards), and now and then "come_at_me": true is added to
a play. After every command: the log replayed from the start (through JSON) equals the stepped state;
all 189 cards are conserved (hands, trick, deck, discard, bounty, deck reward cards) and so are the fake
jokers (pile + held == the match's fake_joker_faces, as played fakes go straight back to the pile);
a sample of the listed commands is accepted by decide; no seat still in the round holds 20 or more
cards. Every match ends, and across the seeds the features really happen."""

import copy
import functools
import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from contract.play import acting_seats
from spite_helpers import FULL_DECK, every_card, of_type

from games.engines import IllegalCommand, get_engine

ENGINE = get_engine("spite")
ROUNDS = 3
MAX_COMMANDS = 3000
LEGAL_SAMPLE = 30
COME_AT_ME = 0.3  # how often come_at_me is added to a play
MATCHES = [(3 + seed % 4, seed) for seed in range(100, 116)]  # (players, seed): 3 to 6 seats, four matches each


def hand_out_fakes(state, rng):
    """Every seat takes one or two fake jokers from the front of the pile."""
    pile, fakes = list(state.fake_pile), []
    for _ in range(state.players):
        count = min(rng.randint(1, 2), len(pile))
        fakes.append(tuple(pile[:count]))
        pile = pile[count:]
    return replace(state, fakes=tuple(fakes), fake_pile=tuple(pile))


def held_fakes(state):
    counted = Counter(state.fake_pile)
    for held in state.fakes:
        counted.update(held)
    return counted


def choose(rng, legal):
    """Mostly plays (so rounds end), sometimes a fake face down, otherwise anything listed."""
    downs = [command for command in legal if command["type"] == "play_fake_down"]
    plays = [command for command in legal if command["type"] == "play"]
    if downs and rng.random() < 0.15:
        return rng.choice(downs)
    if plays and rng.random() < 0.75:
        return rng.choice(plays)
    return rng.choice(legal)


def decide_maybe_coming_at_me(state, seat, command, rng, stats):
    """Add "come_at_me": true now and then; a refusal must be about the come-at-me, and the play without
    it is then made."""
    if command["type"] in ("play", "play_fake_down") and rng.random() < COME_AT_ME:
        try:
            events = ENGINE.decide(state, seat, {**command, "come_at_me": True}, rng=rng)
            stats["come_at_me_accepted"] += 1
            return events
        except IllegalCommand as refusal:
            assert "come at me" in str(refusal).lower() or "come-at-me" in str(refusal).lower(), str(refusal)
            stats["come_at_me_refused"] += 1
    return ENGINE.decide(state, seat, command, rng=rng)


@functools.lru_cache(maxsize=None)
def play_match(players, seed):
    """Play one random match with the checks above; returns what happened (a Counter of features)."""
    rng = random.Random(seed)
    options = {"rounds": ROUNDS, "misplays": "strict", "fake_jokers": rng.choice([players + 2, 2 * players + 4])}
    start_events = ENGINE.start(players, options=options, rng=random.Random(seed))
    faces = Counter(start_events[0]["fake_joker_faces"])
    start = hand_out_fakes(ENGINE.fold(start_events), rng)
    assert held_fakes(start) == faces
    stats = Counter()
    checker = random.Random(seed + 1)
    state, log, stepped = start, [], [start]
    for _ in range(MAX_COMMANDS):
        if state.over:
            break
        seats = acting_seats(ENGINE, state)
        assert seats, "nobody may act in a running match"
        seat = rng.choice(sorted(seats))
        command = choose(rng, seats[seat])
        new_events = decide_maybe_coming_at_me(state, seat, command, rng, stats)
        assert json.loads(json.dumps(new_events)) == new_events
        for event in new_events:
            state = ENGINE.evolve(state, event)
        log.append(new_events)
        stepped.append(state)
        assert every_card(state) == FULL_DECK
        assert held_fakes(state) == faces
        if not state.over and state.places:
            assert all(len(state.hands[other]) < 20 for other in range(players) if other not in state.places)
        sample_legal(state, checker)
        count_features(state, new_events, stats)
    assert state.over, "the random match hit the command cap"
    assert sum(len(of_type(events, "round_ended")) for events in log) == ROUNDS
    # the whole log, through JSON, replayed from the start equals the stepped state after every command
    replayed = start
    for events, expected in zip(json.loads(json.dumps(log)), stepped[1:]):
        replayed = ENGINE.fold(events, replayed)
        assert replayed == expected
    stats["matches"] += 1
    return stats


def sample_legal(state, checker):
    """Up to LEGAL_SAMPLE listed commands of each seat that may act, each accepted by decide."""
    for seat in range(state.players):
        legal = ENGINE.legal_commands(state, seat)
        if legal:
            snapshot = copy.deepcopy(state) if checker.random() < 0.05 else None
            for listed in checker.sample(legal, min(len(legal), LEGAL_SAMPLE)):
                ENGINE.decide(state, seat, listed, rng=random.Random(0))
            assert snapshot is None or state == snapshot


def count_features(state, events, stats):
    for event in events:
        kind = event["type"]
        stats[kind] += 1
        if kind == "played":
            stats["fake_up_played"] += bool(event["fake_up"])
            stats["bonus_up_played"] += bool(event["bonus_up"])
            stats["came_at_me"] += bool(event["come_at_me"])
        if kind == "trick_won" and event.get("came_at_me_won"):
            stats["came_at_me_won"] += 1
    if not state.over and ENGINE.view(state, None)["trick"]["consec"] is not None:
        stats["consec_positions"] += 1


@pytest.mark.parametrize("players, seed", MATCHES)
def test_a_random_match_with_fakes_and_come_at_me_keeps_every_property_and_ends(players, seed):
    stats = play_match(players, seed)
    assert stats["matches"] == 1


def test_the_random_matches_use_the_new_features():
    """Across the seeds: come-at-me rewards taken, penalty turns skipped, fakes played face up and face
    down, consecutives formed (seen in view["trick"]["consec"]) and bounties claimed."""
    total = sum((play_match(players, seed) for players, seed in MATCHES), Counter())
    for feature in (
        "rewarded",
        "skipped",
        "fake_up_played",
        "played_fake_down",
        "consec_positions",
        "came_at_me",
        "come_at_me_refused",
        "bounty_claimed",
        "came_at_me_won",
    ):
        assert total[feature] > 0, (feature, dict(total))
