"""What a bot would have played, at a replay's step from a seat: the bot's move from exactly that seat's
view, never a card the seat could not see, and the moves where the player chose otherwise."""

import re
from collections import Counter

import pytest
from django.core.cache import cache
from django.test import Client
from replay_helpers import played_in_commands, stored_game
from staff_helpers import pass_second_factor

from events import store
from games.engines import GAMES
from games.engines.wording import card
from games.play.names import seat_names
from games.replay import bot_choice, snapshots

pytestmark = pytest.mark.django_db

CARD_TEXT = re.compile(r"(?:1[0-3]|[2-9AJQK])[♠♥♦♣]|joker")
CODE = re.compile(r"^(?:JK|(?:1[0-3]|[2-9AJQK])[SHDC])$")


def named_cards(text):
    """The cards a sentence names, counted; "joker" counted once, as a hand's kind says it too ("plays joker
    (joker)")."""
    found = Counter(CARD_TEXT.findall(text))
    if found["joker"]:
        found["joker"] = 1
    return found


def codes(value):
    if isinstance(value, str):
        return [value] if CODE.match(value) else []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return [code for item in value for code in codes(item)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_that_played_as_the_bot_has_no_mark_and_a_random_one_has_some_each_its_own(game):
    table, engine = played_in_commands(game, seed=3, bot_seat=0)
    events = store.read(table.stream, game=game)
    assert bot_choice.differences(table, 0, len(events)) == []
    own = {
        event.version
        for before, event in zip([None, *events], events, strict=False)
        if event.payload.get("seat") == 1 and (before is None or before.created_at != event.created_at)
    }
    marked = bot_choice.differences(table, 1, len(events))
    assert marked and set(marked) <= own
    names = seat_names(table)
    for step in marked[:5]:
        chosen = bot_choice.choice_at(table, step - 1, 1, names)["text"]
        played = engine.describe_event(events[step - 1].payload, 1)
        assert chosen and chosen != re.sub(r"\{seat:(\d)\}", lambda found: names[int(found.group(1))], played)


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_choice_never_shows_a_card_the_seat_could_not_see(game):
    """Every step of a whole game, from every seat: each card the sentence names is one the seat's view then
    showed (its own hand, the board), counted."""
    table, engine = played_in_commands(game, seed=4, commands=600)
    log = store.read(table.stream, game=game)
    state = engine.initial_state()
    checked = 0
    for step, event in enumerate(log, start=1):
        state = engine.evolve(state, event.payload)
        if step < len(log) and not bot_choice._opens(log[step], event):
            continue  # inside one command: nobody saw this board
        for seat in range(table.seat_count):
            text = bot_choice._sentence(table, engine, state, step, seat)
            if text is None:
                continue
            checked += 1
            seen = Counter(card(code) for code in codes(engine.view(state, seat)))
            named = named_cards(text)
            assert not named - seen, (step, seat, text)
    assert checked > 50


def test_a_drawn_card_the_seat_had_not_seen_is_told_as_a_watcher_hears_it():
    """Spite & Malice's bot draws at the start of its turn: the seat's own sentence would name the cards."""
    table, engine = played_in_commands("spite_and_malice", seed=2, commands=400)
    state = engine.initial_state()
    told_as_watcher = 0
    log = store.read(table.stream, game="spite_and_malice")
    for step, event in enumerate(log, start=1):
        state = engine.evolve(state, event.payload)
        if step < len(log) and not bot_choice._opens(log[step], event):
            continue
        seat = state.to_move
        if seat is None or engine.is_over(state):
            continue
        first = bot_choice._first_event(table, engine, state, step, seat)
        if first is None:
            continue
        own, public = (
            engine.describe(engine.redact_event(first, seat)),
            engine.describe(engine.redact_event(first, None)),
        )
        if (
            own != public
            and CARD_TEXT.findall(own)
            and not set(CARD_TEXT.findall(own)) <= {card(code) for code in codes(engine.view(state, seat))}
        ):
            assert bot_choice._sentence(table, engine, state, step, seat) == public
            told_as_watcher += 1
    assert told_as_watcher


def test_the_choice_is_kept_per_table_step_and_seat():
    table, _ = stored_game("spite_and_malice", 1)
    names = seat_names(table)
    cache.clear()
    snapshots.forget_recent()
    first = bot_choice.choice_at(table, 10, 1, names)
    assert cache.get(f"replay-bot:{bot_choice.FORMAT}:{table.id}:10:1") is not None
    assert bot_choice.choice_at(table, 10, 1, names) == first
    assert cache.get(f"replay-bot:{bot_choice.FORMAT}:{table.id}:10:0") is None


def test_the_page_offers_the_bots_choice_from_a_seat_only_and_shows_it_at_the_step(make_user):
    table, _ = played_in_commands("spite_and_malice", seed=1)
    client = Client()
    client.force_login(make_user("walter"))
    base = f"/tables/{table.id}/replay/"
    opened = client.get(f"{base}?step=4&as=open&bot=1").content.decode()
    assert 'id="replay-bot"' not in opened and "Bot's choice here" not in opened
    off = client.get(f"{base}?step=4&as=0").content.decode().replace("&#x27;", "'")
    assert "Bot's choice: off" in off and "Bot's choice here" not in off
    on = client.get(f"{base}?step=4&as=0&bot=1").content.decode().replace("&#x27;", "'")
    assert "Bot's choice: on" in on and 'aria-checked="true"' in on
    choice = bot_choice.choice_at(table, 4, 0, seat_names(table))
    assert choice["resting"] and choice["text"]
    assert f"Bot's choice here:</span> {choice['text']}</p>" in on.replace("&amp;", "&")
    parts = client.get(f"{base}?step=4&as=0&bot=1&part=step").content.decode().replace("&#x27;", "'")
    assert f"Bot's choice here:</span> {choice['text']}</p>" in parts.replace("&amp;", "&")
    assert parts.lstrip().startswith('<div id="replay-live"') and 'id="replay-chat"' in parts
    assert 'id="replay-moves"' not in parts and "<html" not in parts  # the parts one step changes, no more


def test_staff_looking_into_a_game_in_play_are_offered_no_bots_choice(make_user):
    from games.models import Table

    table, _ = stored_game("spite_and_malice", 1, upto=40, status=Table.Status.RUNNING)
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    client = pass_second_factor(Client(), staff)
    page = client.get(f"/tables/{table.id}/replay/?step=10&as=0&bot=1").content.decode().replace("&#x27;", "'")
    assert 'data-step="10"' in page and 'id="replay-bot"' not in page and "Bot's choice here" not in page


@pytest.mark.parametrize("game", GAMES)
def test_no_step_of_the_page_tells_a_seat_a_card_its_view_did_not_show(game, make_user):
    """The leak scan through the page: every step's parts with the bot's choice, from every seat."""
    table, engine = played_in_commands(game, seed=5, commands=80)
    log = store.read(table.stream, game=game)
    client = Client()
    client.force_login(make_user("walter"))
    state = engine.initial_state()
    shown = 0
    for step in range(len(log) + 1):
        if step:
            state = engine.evolve(state, log[step - 1].payload)
        for seat in range(table.seat_count):
            parts = client.get(f"/tables/{table.id}/replay/?step={step}&as={seat}&bot=1&part=step").content.decode()
            choice = re.search(r'<p id="replay-bot-choice"[^>]*>(.*?)</p>', parts, re.S).group(1)
            seen = Counter(card(code) for code in codes(engine.view(state, seat))) if step else Counter()
            assert not named_cards(choice) - seen, (step, seat, choice)
            shown += bool(CARD_TEXT.findall(choice))
    assert shown > 5


def test_the_page_marks_the_moves_where_the_player_chose_otherwise(make_user):
    table, _ = played_in_commands("spank", seed=3, bot_seat=0)
    client = Client()
    client.force_login(make_user("walter"))
    events = store.read(table.stream, game="spank")
    for seat in (0, 1):
        page = client.get(f"/tables/{table.id}/replay/?step=1&as={seat}&bot=1").content.decode()
        marked = [int(step) for step in re.findall(r'<li data-step="(\d+)"[^>]*class="is-different"', page)]
        assert marked == bot_choice.differences(table, seat, len(events))
        assert bool(marked) == (seat == 1)
    plain = client.get(f"/tables/{table.id}/replay/?step=1&as=1").content.decode()
    assert "is-different" not in plain
