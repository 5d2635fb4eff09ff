"""Spite's chance events beyond the rounds' deals (docs/fair-deals.md): a joker turned as a new bounty goes
back into the deck at a random place, and the deck's new order is committed to like a deal; a bounty
claimed with no joker turned changes no order by chance and commits to nothing; a round dealt with a
joker on top of the bounty commits to the order after the joker went back."""

from spite_helpers import of_type, play

from games.engines.fairness import OK, verify


def test_a_joker_put_back_into_the_deck_at_random_is_committed_to(engine, position, act):
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="JK 8D 9C 10C 5C", to_move=0)
    events, _ = act(state, 0, play("9S", bounty_claim=1), seed=3)
    claimed = of_type(events, "bounty_claimed")[0]
    commitment = claimed["commitment"]
    assert (
        commitment["keys"] == ["bounty", "deck"] and commitment["label"] == "the deck with a joker put back at random"
    )
    assert [check.result for check in verify([claimed])] == [OK]
    for seat in (0, 1, 2, None):
        shown = engine.redact_event(claimed, seat)
        assert shown["commitment"]["sha256"] == commitment["sha256"] and "salt" not in shown["commitment"]


def test_a_bounty_claimed_with_no_joker_turned_commits_to_nothing(position, act):
    state = position(["9S", "6S 4C", "3S 8S"], bounty="9H", fake_pile=("AS",), deck="8D 9C 10C 5C", to_move=0)
    events, _ = act(state, 0, play("9S", bounty_claim=1), seed=3)
    assert "commitment" not in of_type(events, "bounty_claimed")[0]


def test_a_round_dealt_with_a_joker_turned_commits_to_the_deck_after_it_went_back(deal):
    events, state = deal("3S", "4S", "5S", bounty="JK", deck="8D 9C")
    dealt = of_type(events, "dealt")[0]
    assert dealt["jokers_returned"] == 1 and dealt["bounty"] == "8D"
    assert list(state.deck) == dealt["deck"] and "JK" in dealt["deck"]
    assert [check.result for check in verify(events)] == [OK, OK]  # the fake jokers' faces, the deal
