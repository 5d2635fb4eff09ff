"""Provably fair deals in the engines (games/engines/fairness.py, docs/fair-deals.md): every deal and
reshuffle carries a SHA-256 commitment to its order under a salt from the game's rng; a finished game's
commitments verify, a tampered order or salt does not, and no seat or watcher is shown the salt (or the
order) while the game runs."""

import copy
import hashlib
import json
import random

import pytest
from contract.profiles import profile_of
from fair_deal_helpers import SETUPS, finished_game, is_reshuffle, shuffle_events

from games.engines import get_engine
from games.engines.fairness import FAILED, HIDDEN, NONE, OK, all_verified, commit, seal, verify

GAMES = sorted(SETUPS)


def test_the_commitment_is_sha256_of_the_salt_a_colon_and_the_order_as_compact_json():
    order = [[["AS", "10H"], None], ["JK"]]
    expected = hashlib.sha256(b'0f1e:[[["AS","10H"],null],["JK"]]').hexdigest()
    assert commit(order, "0f1e") == expected
    assert commit(order, "0f1f") != expected


@pytest.mark.parametrize("game", GAMES)
def test_every_deal_and_reshuffle_of_a_finished_game_is_committed_and_verifies(game):
    log, _ = finished_game(game)
    shuffles = shuffle_events(log)
    assert all(event.get("commitment") for event in shuffles)
    assert [event for event in log if "commitment" in event] == shuffles  # and nothing else is a deal
    checks = verify(log)
    assert [check.version for check in checks] == [log.index(event) + 1 for event in shuffles]
    assert [check.result for check in checks] == [OK] * len(shuffles)
    assert all_verified(checks)
    if game == "spite":
        assert [event["round"] for event in log if event["type"] == "dealt"] == [1, 2, 3]
        assert [check.label for check in checks][:3] == [
            "event 1 (the fake jokers' faces)",
            "event 2 (round 1's deal)",
            f"event {checks[2].version} (round 2's deal)",
        ]
    else:
        if set(get_engine(game).deals) != {"dealt"}:  # a game that reshuffles has reshuffled
            assert any(is_reshuffle(event) for event in shuffles)
        assert checks[0].label == "event 1 (the deal)"


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_order_fails_that_deal_only(game):
    log = list(finished_game(game)[0])
    for index, event in enumerate(log):
        if not event.get("commitment"):
            continue
        tampered = copy.deepcopy(log)
        key = event["commitment"]["keys"][-1]  # the deck left, the reshuffled pile, the faces
        cards = tampered[index][key]
        first_other = next(i for i, card in enumerate(cards) if card != cards[0])
        cards[0], cards[first_other] = cards[first_other], cards[0]  # two different cards change places
        results = {check.version: check.result for check in verify(tampered)}
        assert results.pop(index + 1) == FAILED
        assert set(results.values()) <= {OK}  # every other deal (a game may deal once only)


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_salt_or_digest_fails(game):
    log = list(finished_game(game)[0])
    index = next(i for i, event in enumerate(log) if event["type"] == "dealt")
    for field in ("salt", "sha256"):
        tampered = copy.deepcopy(log)
        value = tampered[index]["commitment"][field]
        tampered[index]["commitment"][field] = ("1" if value[0] == "0" else "0") + value[1:]
        check = next(check for check in verify(tampered) if check.version == index + 1)
        assert check.result == FAILED and "do not match" in check.reason


def test_moving_a_card_between_hands_fails_even_with_the_same_cards_in_the_same_order():
    """The order is committed as the event's piles, not a flat list: the cut between two hands counts."""
    dealt = get_engine("spank").start(2, rng=random.Random(3))[0]
    tampered = copy.deepcopy(dealt)
    tampered["hands"][1].insert(0, tampered["hands"][0].pop())
    assert verify([tampered])[0].result == FAILED


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_or_watcher_is_shown_a_salt_or_a_committed_order_while_the_game_runs(game):
    engine = get_engine(game)
    log, boundaries = finished_game(game)
    players = SETUPS[game][0]
    salts = [event["commitment"]["salt"] for event in shuffle_events(log)]
    for end in boundaries:  # the views a seat is sent: after each command
        state = engine.fold(log[:end])
        for seat in [*range(players), None]:
            assert not any(salt in json.dumps(engine.view(state, seat)) for salt in salts)
    for event in log:
        for seat in [*range(players), None]:
            seen = engine.redact_event(event, seat)
            assert not any(salt in json.dumps(seen) for salt in salts)
            if event.get("commitment"):
                sealed = seen["commitment"]
                assert "salt" not in sealed and sealed["sha256"] == event["commitment"]["sha256"]
                order = json.dumps([event[key] for key in event["commitment"]["keys"]])
                assert order not in json.dumps(seen)
                assert verify([seen])[0].result == HIDDEN


def test_seal_keeps_the_log_untouched_and_passes_other_events_through():
    dealt = get_engine("spank").start(2, rng=random.Random(3))[0]
    kept = copy.deepcopy(dealt)
    assert "salt" not in seal(dealt, {"type": "dealt"})["commitment"]
    assert dealt == kept
    assert seal({"type": "scored"}, {"type": "scored"}) == {"type": "scored"}
    assert seal({"type": "dealt", "commitment": None}, {"type": "dealt"}) == {"type": "dealt", "commitment": None}


@pytest.mark.parametrize("game", GAMES)
def test_salts_come_from_the_games_rng_and_differ_deal_by_deal(game):
    engine = get_engine(game)
    players, options = SETUPS[game]
    first = engine.start(players, options=options, rng=random.Random(5))
    again = engine.start(players, options=options, rng=random.Random(5))
    other = engine.start(players, options=options, rng=random.Random(6))
    assert first == again  # pure: the same rng, the same salts
    assert dealt_in(first)["commitment"]["salt"] != dealt_in(other)["commitment"]["salt"]
    salts = [event["commitment"]["salt"] for event in shuffle_events(finished_game(game)[0])]
    assert len(set(salts)) == len(salts) and all(len(salt) == 32 for salt in salts)


def dealt_in(events):
    return next(event for event in events if event["type"] == "dealt")


def stacked(game, players, options):
    """Five cards of the game's deck, in an order a shuffle would hardly give: the deck's last five, backwards."""
    return list(reversed(profile_of(game).full_deck(players, options)))[:5]


@pytest.mark.parametrize("game", GAMES)
def test_a_stacked_deck_is_dealt_as_before_and_its_commitment_verifies(game):
    engine = get_engine(game)
    players, options = SETUPS[game]
    deck = stacked(game, players, options)
    events = engine.start(players, options=options, deck=deck, rng=random.Random(1))
    hand = dealt_in(events)["hands"][0][:5]
    assert hand == deck[: len(hand)]
    assert [check.result for check in verify(events)] == [OK] * len(verify(events))


def test_an_event_without_a_commitment_key_is_no_deal_and_none_is_no_commitment_recorded():
    checks = verify([{"type": "scored"}, {"type": "dealt", "hands": [], "commitment": None}])
    assert [(check.version, check.result) for check in checks] == [(2, NONE)]
    assert checks[0].label == "event 2 (dealt)" and "No commitment recorded" in checks[0].reason
    assert all_verified(checks)
