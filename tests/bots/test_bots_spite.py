"""The Spite bot's heuristics (low cards first, strong cards and joker hands kept back, buy backs only when
they pay, going out when it can), and in table mode its calls: it calls the misplays it can see on the
public table, never a legal play, and never reads the hidden verdict."""

import random
from dataclasses import replace

from bot_helpers import ask_bot, cards, spite_deal

from games.engines import IllegalCommand, get_engine
from games.engines.bot_base import turn_commands
from games.engines.spite import bot as spite_bot
from games.engines.spite.hands import sort_cards

ENGINE = get_engine("spite")
STRICT = {"misplays": "strict"}


def play(*codes):
    return {"type": "play", "cards": list(codes)}


def act(state, seat, command):
    return ENGINE.fold(ENGINE.decide(state, seat, command, rng=random.Random(0)), state)


def trick(*plays, options=STRICT):
    """Three seats dealt the hands they play (and high filler); seat 0 leads the first round with a 3 (the
    opening asks for 3s), then the seats play in turn: the state with the next seat to move."""
    hands = [" ".join(plays[seat::3]) for seat in range(3)]
    state = spite_deal(*hands, options=options)
    for number, hand in enumerate(plays):
        state = act(state, number % 3, play(*cards(hand)))
    return state


def holding(state, seat, hand):
    """The state with the seat's hand replaced (sorted, as the engine keeps it)."""
    hands = list(state.hands)
    hands[seat] = sort_cards(cards(hand))
    return replace(state, hands=tuple(hands))


def test_it_goes_out_when_a_play_empties_its_hand():
    state = holding(trick("3S"), 1, "9H")
    assert ask_bot(ENGINE, state, 1) == play("9H")


def test_it_leads_its_lowest_cards_together():
    state = spite_deal("3S 3H 5D 9C QS 2C AH KD", "", "", options=STRICT)
    assert ask_bot(ENGINE, state, 0) == play("3S", "3H")


def test_it_keeps_its_2s_back_while_its_hand_is_long_but_spends_them_to_get_out():
    long_hand = holding(trick("3S", "9S"), 2, "2C 4H 4D 5S 6H 6C 8D 8H 3D 5D")
    assert ask_bot(ENGINE, long_hand, 2) == {"type": "pass"}
    short_hand = holding(trick("3S", "9S"), 2, "2C 4H")
    assert ask_bot(ENGINE, short_hand, 2) == play("2C")


def test_it_never_plays_a_joker_as_one_of_its_last_two_plays():
    # Only the joker beats the 9; with one card left after it, the joker would place the seat last.
    state = holding(trick("3S", "9S"), 2, "JK 4H")
    assert {"type": "play", "cards": ["JK"]} in ENGINE.legal_commands(state, 2)
    assert ask_bot(ENGINE, state, 2) == {"type": "pass"}
    # With plenty of cards left it plays the joker while it safely can.
    state = holding(trick("3S", "9S"), 2, "JK 4H 5H 6C 8C 10D 11S 12D")
    assert ask_bot(ENGINE, state, 2) == play("JK")


def test_it_buys_back_only_when_it_pays():
    state = act(spite_deal("3S 10D", "", "9H", options=STRICT), 0, play("3S"))
    state = act(state, 1, {"type": "pass"})
    state = act(state, 2, play("9H"))
    state = act(state, 0, play("10D"))
    state = holding(state, 1, "JH 4D 5D 6D 7C 8C")
    assert state.to_move == 1 and 1 in state.trick.passed
    assert {"type": "play", "cards": ["JH"], "buy_back": 1} in ENGINE.legal_commands(state, 1)
    assert ask_bot(ENGINE, state, 1) == {"type": "pass"}


# --- table mode ---------------------------------------------------------------------------------

TABLE = {"misplays": "table"}


def test_it_calls_a_hand_that_does_not_beat_the_one_before_it():
    state = trick("3S", "5S", "5H", options=TABLE)  # an equal single does not beat
    assert state.window is not None and state.window.misplay is not None
    assert ask_bot(ENGINE, state, 0) == {"type": "call_misplay", "play": state.window.play}
    assert ask_bot(ENGINE, state, 1) == {"type": "call_misplay", "play": state.window.play}  # out of turn too


def test_it_calls_a_hand_of_the_wrong_size_and_cards_that_make_no_hand():
    wrong_size = trick("3S", "9S 9H", options=TABLE)
    assert ask_bot(ENGINE, wrong_size, 2)["type"] == "call_misplay"
    no_hand = trick("3S", "9S 10H", options=TABLE)
    assert ask_bot(ENGINE, no_hand, 2)["type"] == "call_misplay"


def test_it_does_not_call_a_legal_play():
    state = trick("3S", "9S", options=TABLE)
    assert {"type": "call_misplay", "play": state.window.play} in ENGINE.legal_commands(state, 2)
    assert ask_bot(ENGINE, state, 2)["type"] != "call_misplay"
    assert ask_bot(ENGINE, state, 0) is None  # out of turn it lets the play stand


def random_held_play(rng, hand):
    """A play from held cards that may well break a rule: a few cards of one value, or any few cards."""
    if rng.random() < 0.3:
        return play(*rng.sample(list(hand), min(len(hand), rng.randint(1, 3))))
    value = rng.choice(hand)[:-1]
    same = [card for card in hand if card[:-1] == value]
    return play(*same[: rng.randint(1, 2)])


def test_its_calls_in_random_table_mode_matches_are_all_right():
    """Seats play random held cards (legal or not) and random legal commands; after every play each other
    seat's bot is asked. Every call it makes is right (the hidden verdict, which it never sees, agrees),
    and it catches a good share of the misplays."""
    rng = random.Random(4)
    calls = misplays = 0
    for seed in range(6):
        state = ENGINE.fold(ENGINE.start(4, options={"rounds": 1}, rng=random.Random(seed)))
        for _ in range(400):
            if state.over:
                break
            seat = (
                state.to_move
                if state.to_move is not None
                else next(
                    s
                    for s in range(4)
                    if [c for c in ENGINE.legal_commands(state, s) if c["type"] in ("play", "decline")]
                )
            )
            mine = turn_commands(ENGINE.legal_commands(state, seat), ENGINE.out_of_turn)
            if rng.random() < 0.4 and state.hands[seat]:
                command = random_held_play(rng, state.hands[seat])
            else:
                command = rng.choice(mine)
            try:
                state = act(state, seat, command)
            except IllegalCommand:
                continue
            window = state.window
            if window is None or window.kind != "play":
                continue
            misplays += window.misplay is not None
            for other in range(4):
                call = spite_bot.misplay_call(ENGINE.view(state, other), ENGINE.legal_commands(state, other))
                if call is not None:
                    assert window.misplay is not None, (window, state.trick.plays)
                    calls += 1
                    state = act(state, other, call)
                    break
    assert misplays > 50
    assert calls > misplays / 3
