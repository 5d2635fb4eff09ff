"""Every event of every game has a readable sentence, for each seat, a watcher and the open form, and no
sentence says more than its reader may know: it names cards only as faces ("7♥", never "7H"), only cards
the event as shown to that reader holds, and seats only as "{seat:N}", which the platform fills with names."""

import re

import pytest
from contract.profiles import profile_of
from random_logs import random_log

from games.engines import GAMES, get_engine
from games.engines.base import with_seat_names
from games.engines.wording import card

SEEDS = range(8)
RAW_CODE = re.compile(r"\b(?:JK|(?:10|11|12|13|[2-9AJQK])[SHDC])\b")
FACE = re.compile(r"(?:10|11|12|13|[2-9AJQK])[♠♥♦♣]")
SEAT_NUMBER = re.compile(r"\{seat|\bseats? *\d", re.IGNORECASE)
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def faces_in(value):
    """The faces ("7♥") of every card code anywhere in a JSON-like value, its sentences included."""
    if isinstance(value, str):
        return {card(code) for code in RAW_CODE.findall(value)}
    if isinstance(value, list):
        return set().union(set(), *(faces_in(item) for item in value))
    if isinstance(value, dict):
        return set().union(set(), *(faces_in(item) for item in value.values()))
    return set()


def check_sentence(sentence, shown):
    assert isinstance(sentence, str) and sentence.strip(), shown
    assert not RAW_CODE.search(sentence), (sentence, shown)
    assert set(FACE.findall(sentence)) <= faces_in(shown), (sentence, shown)
    filled = with_seat_names(sentence, NAMES.__getitem__)
    assert not SEAT_NUMBER.search(filled), filled


@pytest.mark.parametrize("game", GAMES)
def test_every_event_of_random_games_is_described_for_every_reader(game):
    engine = get_engine(game)
    described = set()
    for seed in SEEDS:
        players, _, log = random_log(game, seed)
        seats = range(max([players] + [event["seat"] + 1 for event in log if event["type"] == "joined"]))
        for event in log:
            check_sentence(engine.describe_event(event, open=True), event)
            for seat in [None, *seats]:
                check_sentence(engine.describe_event(event, seat), engine.redact_event(event, seat))
            described.add(event["type"])
    assert profile_of(game).event_types - described <= RARE.get(game, set()) | BOT_HANDOVER, (
        "the random games missed an event type"
    )


# Event types the random games may miss, each described by a test of its own below.
RARE = {
    "spite_and_malice": {"stalemated"},
    "spite": {"penalty_overturned", "ask_expired"},  # ask_expired: tests/engines/spite/test_turn_based.py
    "climb": {"cleared"},
}


def test_a_cleared_climb_pile_is_described_for_every_reader():
    climb = get_engine("climb")
    for seat in (None, 0, 1):
        sentence = climb.describe_event({"type": "cleared"}, seat)
        check_sentence(sentence, climb.redact_event({"type": "cleared"}, seat))
        assert sentence == "Everyone passed: the pile is cleared"


def test_an_overturned_come_at_me_penalty_is_described_with_the_reason_and_what_stays():
    event = {
        "type": "penalty_overturned",
        "penalty": 2,
        "reason": "The trick was not over.",
        "skips": [0, 1],
        "not_undone": ["{seat:0} already sat out 1 turn."],
    }
    spite = get_engine("spite")
    for seat in (None, 0, 1):
        sentence = spite.describe_event(event, seat)
        check_sentence(sentence, spite.redact_event(event, seat))
        assert with_seat_names(sentence, NAMES.__getitem__) == (
            "Staff overturn come-at-me penalty 2: The trick was not over. (Ana already sat out 1 turn.)"
        )


BOT_HANDOVER = {"handed_to_bot", "taken_back", "resigned"}  # only the host and a player's own choice send these


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_handed_to_a_bot_and_taken_back_is_described_for_every_reader(game):
    engine = get_engine(game)
    for kind, words in (
        ("handed_to_bot", "The host lets a bot play for Ben"),
        ("taken_back", "Ben takes their seat back"),
    ):
        event = {"type": kind, "seat": 1}
        for seat in (None, 0, 1):
            sentence = engine.describe_event(event, seat)
            check_sentence(sentence, event)
            assert with_seat_names(sentence, NAMES.__getitem__).startswith(words)


@pytest.mark.parametrize("game", GAMES)
def test_a_resignation_is_described_for_every_reader_with_what_follows(game):
    engine = get_engine(game)
    for event, words in (
        ({"type": "resigned", "seat": 1, "winner": 0}, "Ben resigns, and Ana wins"),
        ({"type": "resigned", "seat": 1}, "Ben resigns; a bot plays the seat to the end"),
    ):
        for seat in (None, 0, 1):
            sentence = engine.describe_event(event, seat)
            check_sentence(sentence, event)
            assert with_seat_names(sentence, NAMES.__getitem__) == words


def test_a_stalemate_is_described_with_its_winner_or_as_a_draw():
    engine = get_engine("spite_and_malice")
    won = {"type": "stalemated", "win_counts": [3, 5], "winner": 0}
    drawn = {"type": "stalemated", "win_counts": [4, 4], "winner": None}
    assert engine.describe_event(won, 1) == (
        "Stalemate: nobody can play on; {seat:0} wins with the fewest win-pile cards left"
    )
    assert engine.describe_event(drawn, None) == "Stalemate: nobody can play on, and the game is drawn"


def test_a_draw_shows_its_cards_to_the_drawer_and_in_the_open_form_only():
    engine = get_engine("spank")
    drew = {"type": "drew", "seat": 1, "cards": ["7H", "10S"], "reshuffled": None}
    assert engine.describe_event(drew, 1) == "{seat:1} draws 2 cards: 7♥ and 10♠"
    assert engine.describe_event(drew, 0) == "{seat:1} draws 2 cards"
    assert engine.describe_event(drew, None) == "{seat:1} draws 2 cards"
    assert engine.describe_event(drew, open=True) == "{seat:1} draws 2 cards: 7♥ and 10♠"


def test_a_play_names_its_card_and_piles_as_the_board_numbers_them():
    engine = get_engine("spite_and_malice")
    played = {"type": "played", "seat": 0, "from": "hand", "card": "7H", "to": 1, "value": 7}
    assert engine.describe_event(played, None) == "{seat:0} plays 7♥ from the hand on pile 2"


def test_a_misplay_call_says_who_called_on_whom_and_the_verdict():
    engine = get_engine("spite")
    called = {
        "type": "misplay_called",
        "ruling": 1,
        "play": 4,
        "caller": 1,
        "seat": 2,
        "correct": True,
        "skips": 1,
        "rule": "follow",
        "text": "pair of 5s, mixed, does not beat pair of 5s, coloured",
        "fakes": ["7S"],
        "from_pile": [],
        "from_deck": [],
        "discarded": [],
        "barred": True,
    }
    assert engine.describe_event(called, 0) == (
        "{seat:1} calls a misplay on {seat:2}: right — pair of 5s, mixed, does not beat pair of 5s, coloured"
    )


def test_a_table_mode_verdict_shows_in_the_open_form_only():
    engine = get_engine("spite")
    played = {
        "type": "played",
        "seat": 0,
        "id": 3,
        "cards": ["5H", "5S"],
        "fake_up": [],
        "bonus_up": [],
        "kind": "pair",
        "value": "5",
        "announce": None,
        "buy_back": None,
        "come_at_me": False,
        "bounty_claim": None,
        "direction": "higher",
        "next": 1,
        "misplay": {"rule": "follow", "text": "This trick is played with 1 card a hand, not 2."},
    }
    for seat in (None, 0, 1):
        assert "misplay" not in engine.describe_event(played, seat)
    assert engine.describe_event(played, open=True).endswith(
        "(a misplay: This trick is played with 1 card a hand, not 2.)"
    )


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_are_named_in_the_singular_or_the_plural(game):
    engine = get_engine(game)
    with pytest.raises(ValueError, match=r" option: 'colour'\.$"):
        engine.start(engine.min_players, options={"colour": "red"})
    with pytest.raises(ValueError, match=r" options: 'colour', 'size'\.$"):
        engine.start(engine.min_players, options={"colour": "red", "size": 2})
