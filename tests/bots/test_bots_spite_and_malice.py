"""The Spite & Malice bot's heuristics: the win pile first, no easy win card for the next seat, jokers
kept, discard piles kept descending."""

from bot_helpers import ask_bot, bot_turn, sm_position

from games.engines import get_engine

ENGINE = get_engine("spite_and_malice")


def played_cards(commands, state):
    """The hand cards the commands played (from the hand)."""
    return [command["card"] for command in commands if command["type"] == "play" and command["from"] == "hand"]


def test_it_chases_the_win_pile_through_its_hand_and_discard_piles():
    state = sm_position(
        "3H 9D KS QS 10C", discards=("4C", "", "", ""), win="5S KH KD", play_piles=("AS 2S", "", "", "")
    )
    commands, after = bot_turn(ENGINE, state, 0)
    assert commands[:3] == [
        {"type": "play", "from": "hand", "card": "3H", "to": 0},
        {"type": "play", "from": "discard", "pile": 0, "to": 0},
        {"type": "play", "from": "win", "to": 0},
    ]
    assert after.win_piles[0] == ("KH", "KD")


def test_it_uses_a_joker_to_reach_the_win_card_but_keeps_it_otherwise():
    reach = sm_position("JK 9D KS QS 10C", win="4S 7H", play_piles=("AS 2S", "", "", ""))
    commands, after = bot_turn(ENGINE, reach, 0)
    assert commands[:2] == [
        {"type": "play", "from": "hand", "card": "JK", "to": 0},
        {"type": "play", "from": "win", "to": 0},
    ]
    keep = sm_position(
        "JK 9D KS QS 10C", discards=("KH", "QH", "JH", "10H"), win="10S 7H", play_piles=("AS 2S", "", "", "")
    )
    commands, after = bot_turn(ENGINE, keep, 0)
    assert "JK" not in played_cards(commands, keep)
    assert commands[-1]["type"] == "end_turn" and commands[-1]["discard"]["card"] != "JK"
    assert "JK" in after.hands[0]


def test_it_does_not_hand_the_next_seat_its_win_card():
    # A 6 on the pile at 5 would let the next seat play its 7 straight from its win pile.
    risky = sm_position("6H KS QS JS 10S", win="9S", play_piles=("AS 2S 3S 4S 5S", "", "", ""), opponent_win="7D")
    commands, _ = bot_turn(ENGINE, risky, 0)
    assert "6H" not in played_cards(commands, risky)
    # With the next seat waiting on a queen, the same 6 is a safe card to shed.
    safe = sm_position("6H KS QS JS 10S", win="9S", play_piles=("AS 2S 3S 4S 5S", "", "", ""), opponent_win="QD")
    commands, _ = bot_turn(ENGINE, safe, 0)
    assert "6H" in played_cards(commands, safe)


def test_it_takes_away_the_next_seats_win_card_when_it_can():
    # The pile stands at 6 and the next seat shows a 7: the bot plays its 7 on it, though that sheds nothing it needs.
    state = sm_position("7C KS QS JS 10S", win="9S", play_piles=("AS 2S 3S 4S 5S 6S", "", "", ""), opponent_win="7D")
    assert ask_bot(ENGINE, state, 0) == {"type": "play", "from": "hand", "card": "7C", "to": 0}


# Play piles standing at 10, 2, 3 and 4, so that nothing below can be played and the turn simply ends.
FULL_SLOTS = (("AS",) * 10, ("AH",) * 2, ("AD",) * 3, ("AC",) * 4)


def test_it_discards_one_below_a_discard_piles_top():
    state = sm_position(
        "8H KC KD QS QH", discards=("9S", "7S", "8D", "6C"), win="QD", play_piles=FULL_SLOTS, opponent_win="AC"
    )
    command = ask_bot(ENGINE, state, 0)
    assert command == {"type": "end_turn", "fills": [], "discard": {"card": "8H", "pile": 0}}


def test_it_fills_empty_discard_piles_with_high_cards_and_never_a_joker():
    state = sm_position(
        "JK 6C KD 7S 9H", discards=("", "", "10S", "9D"), win="KH", play_piles=FULL_SLOTS, opponent_win="AC"
    )
    command = ask_bot(ENGINE, state, 0)
    assert command["type"] == "end_turn"
    assert sorted(fill["card"] for fill in command["fills"]) == ["9H", "KD"]
    assert command["discard"]["card"] != "JK"
