"""What a seat or a spectator sees (docs/engines.md: "What a seat may see"; spite_spec: the view and redact_event):
the contract's keys, the own hand only, no hand for spectators, JSON-safe values, and the
redaction of events: other hands in the deal, the deck's order, other seats' drawn cards and
other seats' swap cards are hidden."""

import json
import random
from collections import Counter

import pytest
from spite_helpers import FULL_DECK, PASS, StackedRandom, json_round_trip, kinds, of_type, play, random_match

CONTRACT_KEYS = {
    "game",
    "to_move",
    "over",
    "winner",
    "players",
    "round",
    "phase",
    "direction",
    "bounty",
    "buy_back_next",
    "finish_order",
    "trick",
}
PLAYER_KEYS = {"score", "hand_count", "fake_joker_count", "passed"}
CODES = set(FULL_DECK)


def card_strings(value, path=()):
    """Every (path, card code) anywhere in a JSON-like value."""
    if isinstance(value, str):
        if value in CODES:
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_strings(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from card_strings(item, path + (index,))


def assert_no_hidden_cards(view, seat):
    """Cards may appear only in the viewer's own hand and fake jokers, in the trick's plays, and as
    the bounty card."""
    for path, card in card_strings(view):
        allowed = (
            path[:1] == ("bounty",)
            or path[:2] == ("trick", "plays")
            or (seat is not None and path[:2] == ("players", seat) and path[2] in ("hand", "fake_jokers"))
        )
        assert allowed, f"{card} shows at {path} to seat {seat}"


def check_view(engine, state, seat):
    view = engine.view(state, seat)
    assert json_round_trip(view) == view
    assert CONTRACT_KEYS <= set(view)
    assert view["game"] == "spite"
    assert len(view["players"]) == state.players
    for other, player in enumerate(view["players"]):
        assert PLAYER_KEYS <= set(player)
        assert player["hand_count"] == len(state.hands[other])
        if other == seat:
            assert Counter(player["hand"]) == Counter(state.hands[seat])
        else:
            assert "hand" not in player and "fake_jokers" not in player
    for play_view in view["trick"]["plays"]:
        assert {"id", "seat", "cards"} <= set(play_view)
    assert_no_hidden_cards(view, seat)
    return view


def test_a_view_holds_the_contract_keys_and_the_own_hand(engine, position, act):
    state = position(["5S 5H 9S", "6S 6H 9H", "4S 9D"], to_move=0, bounty="8C", scores=[1, -1, 0])
    _, state = act(state, 0, play("5S", "5H"))
    view = check_view(engine, state, 1)
    assert view["to_move"] == 1 and view["over"] is False and view["winner"] is None
    assert view["round"] == 1 and view["phase"] == "playing" and view["direction"] == "higher"
    assert view["bounty"] == "8C" and view["buy_back_next"] == 1
    assert view["finish_order"] == [None, None, None]
    assert view["trick"]["plays"][0]["id"] == 1 and view["trick"]["plays"][0]["seat"] == 0
    assert view["trick"]["plays"][0]["cards"] == ["5S", "5H"]
    assert sorted(view["players"][1]["hand"]) == sorted(["6S", "6H", "9H"])
    assert [p["hand_count"] for p in view["players"]] == [1, 3, 2]
    assert [p["score"] for p in view["players"]] == [1, -1, 0]
    assert [p["fake_joker_count"] for p in view["players"]] == [0, 0, 0]
    assert [p["passed"] for p in view["players"]] == [False, False, False]


def test_a_spectator_sees_no_hand(engine, position):
    state = position(["5S 5H 9S", "6S 6H 9H", "4S 9D"], to_move=0)
    view = check_view(engine, state, None)
    assert all("hand" not in player for player in view["players"])
    assert view["players"][0]["hand_count"] == 3


def test_the_view_follows_passes_direction_buy_backs_and_places(engine, position, act):
    state = position(["7S 9S 9H", "6S JS", "4S 2C 3H 9D", "3C 5D"], to_move=0)
    _, state = act(state, 0, play("7S", announce="lower"))
    _, state = act(state, 1, PASS)
    _, state = act(state, 2, play("4S"))
    _, state = act(state, 3, play("3C"))
    view = check_view(engine, state, 0)
    assert view["direction"] == "higher"  # the 3 bounced the lower game
    assert view["players"][1]["passed"] is True and view["players"][0]["passed"] is False
    _, state = act(state, 0, play("9S"))
    _, state = act(state, 1, play("JS", buy_back=1))
    view = check_view(engine, state, 2)
    assert view["buy_back_next"] == 1 and view["players"][1]["passed"] is False
    assert view["players"][1]["hand_count"] == 2  # played one, drew one
    _, state = act(state, 2, play("2C"))
    _, state = act(state, 3, PASS)
    _, state = act(state, 0, PASS)
    _, state = act(state, 1, PASS)
    assert check_view(engine, state, 2)["trick"]["plays"] == []
    _, state = act(state, 2, play("3H"))
    _, state = act(state, 3, play("5D"))
    view = check_view(engine, state, 3)
    assert view["finish_order"] == [3, None, None, None]


def test_the_view_in_the_opening_phase(engine, deal):
    _, state = deal("3S 9D", "4H 3C", "5D 6D")
    for seat in (0, 1, 2, None):
        view = check_view(engine, state, seat)
        assert view["phase"] == "opening" and view["to_move"] is None and view["trick"]["plays"] == []


def test_the_view_of_a_finished_match(engine):
    following = None
    for _, _, _, _, following in random_match(engine, 3, {"rounds": 1}, seed=4):
        pass
    for seat in (0, 1, 2, None):
        view = check_view(engine, following, seat)
        assert view["over"] is True and view["winner"] == following.winner
        assert view["phase"] == "over"


# --- redact_event -----------------------------------------------------------------------------------


def test_the_redacted_deal_shows_only_the_own_hand_and_not_the_deck_order(engine):
    events = engine.start(4, rng=random.Random(3))
    dealt = events[1]
    for seat in (0, 1, 2, 3, None):
        redacted = engine.redact_event(dealt, seat)
        json.dumps(redacted)
        for other, hand in enumerate(redacted["hands"]):
            if other == seat:
                assert hand == dealt["hands"][seat]
            else:
                assert not hand
        assert not isinstance(redacted.get("deck"), list)
        assert redacted["bounty"] == dealt["bounty"]
        shown = [card for _, card in card_strings(redacted)]
        own = dealt["hands"][seat] if seat is not None else []
        assert Counter(shown) == Counter(own) + Counter([dealt["bounty"]])
    assert dealt["hands"][1] and isinstance(dealt["deck"], list)  # the log itself is untouched


def test_other_seats_drawn_cards_are_hidden(engine, position, act):
    state = position(["9S 10S 2D", "4H 4D", "4S 4C"], to_move=0, plays=[(1, "5S"), (2, "6S"), (1, "8S")], passed=[0, 2])
    events, _ = act(state, 0, play("9S", buy_back=1))
    drew = of_type(events, "drew")[0]
    assert engine.redact_event(drew, 0)["cards"] == ["4C"]
    for seat in (1, 2, None):
        redacted = engine.redact_event(drew, seat)
        assert "cards" not in redacted or not redacted["cards"]
        assert list(card_strings(redacted)) == []
        assert redacted["seat"] == 0


def test_other_seats_swap_cards_are_hidden_the_leftovers_are_public(engine, position, act):
    state = position(
        ["", "5S", "7S 7H"], to_move=1, places=[0, None, None], scores=[5, 0, -1], finish_history=[[0, 1, 2]], round=2
    )
    events, _ = act(state, 1, play("5S"), rng=StackedRandom(""))
    swapped = events[-1]
    assert swapped["type"] == "swapped" and swapped["discarded"]
    for seat in (0, 1, 2, None):
        redacted = engine.redact_event(swapped, seat)
        json.dumps(redacted)
        shown = Counter(card for _, card in card_strings(redacted))
        own = Counter()
        if seat is not None:
            own = Counter(swapped["gave"][seat]) + Counter(swapped["took"][seat])
        assert shown == own + Counter(swapped["discarded"])
        assert not isinstance(redacted.get("from_deck"), list) or not redacted["from_deck"]


@pytest.mark.parametrize("seed", range(3))
def test_every_event_of_a_match_redacts_without_showing_another_seats_cards(engine, seed):
    events = engine.start(5, options={"rounds": 2}, rng=random.Random(seed))
    for _, _, _, new_events, _ in random_match(engine, 5, {"rounds": 2}, seed=seed):
        events += new_events
    assert "swapped" in kinds(events)
    for event in events:
        for seat in (0, 2, None):
            redacted = engine.redact_event(event, seat)
            assert json_round_trip(redacted) == redacted
            if event["type"] == "dealt":
                assert all(not hand for other, hand in enumerate(redacted["hands"]) if other != seat)
                assert not isinstance(redacted.get("deck"), list)
            elif event["type"] == "drew" and event["seat"] != seat:
                assert not redacted.get("cards")
            elif event["type"] == "swapped":
                for other in range(5):
                    if other != seat:
                        assert not isinstance(redacted["gave"][other], list) or not redacted["gave"][other]
                        assert not isinstance(redacted["took"][other], list) or not redacted["took"][other]
            elif event["type"] == "match_started":  # fake jokers are held face down: their faces are hidden
                assert redacted["fake_joker_count"] == len(event["fake_joker_faces"])
                assert "fake_joker_faces" not in redacted
            elif event["type"] in (
                "played",
                "passed",
                "placed",
                "trick_won",
                "round_ended",
                "match_ended",
                "asked",
                "declined",
                "skipped",
                "joined",
            ):
                assert redacted == event


def test_the_view_says_when_natural_7s_are_on_top_so_the_page_offers_no_announcement():
    import random
    from dataclasses import replace

    from games.engines import get_engine
    from games.engines.spite.hands import classify
    from games.engines.spite.state import PLAYING, Play, Trick

    engine = get_engine("spite")
    state = engine.fold(engine.start(3, rng=random.Random(1)))

    def with_top(cards):
        play = Play(id=1, seat=0, cards=tuple(cards), hand=classify(cards))
        trick = Trick(leader=0, plays=(play,), arity=len(cards), top=play.hand)
        return engine.view(replace(state, phase=PLAYING, to_move=1, trick=trick), 1)["trick"]["sevens_size"]

    assert with_top(["7S", "7H"]) == 2
    assert with_top(["7S", "13H"]) is None  # a wild 13 makes them not natural 7s
    assert with_top(["8S"]) is None
