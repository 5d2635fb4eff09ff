"""Properties of whole random 2-, 3- and 4-player games, driven by legal_commands and a seeded rng:
cards are conserved at every step, plays follow the pile rules, and every game finishes (a win or the
stalemate ruling). The checks every engine shares (fold, decide, legal_commands, views, bad commands)
are in tests/contract/."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note
from hypothesis import strategies as st
from sm_helpers import every_card, random_game

from games.engines import get_engine
from games.engines.spite_and_malice.deck import full_deck, value

ENGINE = get_engine("spite_and_malice")
MAX_COMMANDS = 5000  # random games end in a few hundred commands; the cap only guards against a hang
STANDARD_DECKS = {2: 3, 3: 4, 4: 5}


@st.composite
def game_setups(draw):
    players = draw(st.integers(2, 4))
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "players": players,
        "options": {
            "win_pile": draw(st.sampled_from([5, 6, 8, 12])),
            "decks": STANDARD_DECKS[players] - draw(st.integers(0, 1)),
        },
        "eagerness": draw(st.sampled_from([0.0, 0.5, 0.85, 1.0])),  # 0: a lazy table that stalemates
    }


def play(setup, max_commands=MAX_COMMANDS):
    return random_game(ENGINE, setup["players"], setup["options"], setup["seed"], max_commands, setup["eagerness"])


def check_play_piles(state):
    for pile in state.play_piles:
        assert len(pile) <= 12, "a pile reaching K must have retired"
        assert pile.count("JK") <= 3
        for position, card in enumerate(pile, start=1):
            assert card == "JK" and position > 1 or value(card) == position


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_random_games_conserve_cards_and_finish(setup):
    events = ENGINE.start(setup["players"], options=setup["options"], rng=random.Random(setup["seed"]))
    following = ENGINE.fold(events)
    deck = Counter(full_deck(following.options))
    assert every_card(following) == deck
    for state, seat, command, new_events, following in play(setup):
        assert every_card(following) == deck
        check_play_piles(following)
        events += new_events
        for event in new_events:
            if event["type"] == "turn_ended":
                assert event["seat"] == seat and event["next"] == (seat + 1) % setup["players"]
    assert following.over, "the random game hit the command cap"
    note(f"{setup['players']} players: {following.result}")
    # the end: a win, or the stalemate ruling
    counts = [len(pile) for pile in following.win_piles]
    if following.result == "win":
        assert events[-1] == {"type": "won", "seat": following.winner}
        assert counts[following.winner] == 0
    else:
        assert following.result == "stalemate"
        assert following.draw_pile == () and following.retired == ()
        fewest = [seat for seat, count in enumerate(counts) if count == min(counts)]
        assert following.winner == (fewest[0] if len(fewest) == 1 else None)
        assert events[-1] == {"type": "stalemated", "win_counts": counts, "winner": following.winner}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_plays_follow_the_pile_rules_and_win_cards_turn_up_at_once(setup):
    for state, seat, command, new_events, following in play(setup):
        for index, event in enumerate(new_events):
            if event["type"] != "played":
                continue
            pile = state.play_piles[event["to"]]
            assert event["value"] == len(pile) + 1
            if not pile:
                assert event["card"] != "JK" and value(event["card"]) == 1
            elif event["card"] != "JK":
                assert value(event["card"]) == len(pile) + 1
            if event["from"] == "win" and len(state.win_piles[seat]) > 1:
                assert new_events[index + 1] == {"type": "win_turned", "seat": seat, "card": state.win_piles[seat][1]}
