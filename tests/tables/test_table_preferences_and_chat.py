"""The turn-sound preference (profile page, table page) and the chat's own rules (games/tables/chat.py)."""

import re

import pytest
from django.utils.html import escape

from accounts.models import User
from games.errors import BadRequest
from games.play import game_state
from games.tables import chat, lobby

pytestmark = pytest.mark.django_db


def _table(alice, bob):
    table = lobby.create_table(alice, "spank", 2, {})
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


def _sound_box(client):
    """The profile page's turn-sound checkbox, as HTML."""
    page = client.get("/accounts/profile/").content.decode()
    return re.search(r'<input[^>]*name="turn_sound"[^>]*>', page).group(0)


def test_the_turn_sound_is_off_by_default_and_the_profile_page_turns_it_on_and_off(client, alice):
    assert User.objects.get(pk=alice.pk).turn_sound is False
    client.force_login(alice)
    assert "checked" not in _sound_box(client)

    response = client.post("/accounts/profile/preferences/", {"turn_sound": "on"})
    assert response.status_code == 302 and response["Location"] == "/accounts/profile/"
    assert User.objects.get(pk=alice.pk).turn_sound is True
    assert "checked" in _sound_box(client)

    client.post("/accounts/profile/preferences/", {})  # an unchecked box sends nothing
    assert User.objects.get(pk=alice.pk).turn_sound is False


def test_preferences_need_a_login_and_a_post(client, alice):
    assert client.post("/accounts/profile/preferences/", {"turn_sound": "on"})["Location"].startswith(
        "/accounts/login/"
    )
    client.force_login(alice)
    assert client.get("/accounts/profile/preferences/").status_code == 405
    assert User.objects.get(pk=alice.pk).turn_sound is False


def test_the_table_page_tells_the_script_the_users_choice(client, alice, bob):
    table = _table(alice, bob)
    User.objects.filter(pk=alice.pk).update(turn_sound=True)
    client.force_login(alice)
    assert 'data-turn-sound="on"' in client.get(f"/tables/{table.id}/").content.decode()
    client.force_login(bob)
    page = client.get(f"/tables/{table.id}/").content.decode()
    assert 'data-turn-sound="off"' in page
    assert 'data-heartbeat-ms="2500"' in page
    assert 'id="chat-form"' in page and 'maxlength="300"' in page


def test_only_a_seated_player_is_offered_turn_notifications(client, alice, bob, carol):
    """A watcher has no turn to be told of, so the table offers notifications to its seats alone."""
    table = _table(alice, bob)
    client.force_login(alice)
    assert "data-turn-notify" in client.get(f"/tables/{table.id}/").content.decode()
    client.force_login(carol)
    assert "data-turn-notify" not in client.get(f"/tables/{table.id}/").content.decode()
    client.logout()
    assert "data-turn-notify" not in client.get(f"/tables/{table.id}/").content.decode()


def test_chat_lines_keep_order_time_and_the_authors_current_names(alice, bob):
    table = _table(alice, bob)
    version = game_state.load(table).version
    chat.post(table, alice, "hello")
    chat.post(table, bob, "hi <there>")
    User.objects.filter(pk=bob.pk).update(display_name="Robert")
    lines = chat.lines(table)
    assert [(line.number, line.name, line.text) for line in lines] == [
        (1, "Alice", "hello"),
        (2, "Robert", "hi <there>"),
    ]
    assert lines[0].at <= lines[1].at
    assert [line.text for line in chat.lines(table, last=1)] == ["hi <there>"]
    assert [line.text for line in chat.lines(table, until=lines[0].at)] == ["hello"]  # as a replay step shows it
    assert game_state.load(table).version == version  # the game's stream did not move
    assert escape("hi <there>") in chat.render_log(lines) and "<there>" not in chat.render_log(lines)


@pytest.mark.parametrize(
    "text, cleaned",
    [
        ("  two   spaces\tand\ttabs \n", "two spaces and tabs"),
        ("bell\x07 and nul\x00 gone", "bell and nul gone"),
        ("x" * chat.MAX_LENGTH, "x" * chat.MAX_LENGTH),
    ],
)
def test_chat_text_is_cleaned(text, cleaned):
    assert chat.clean(text) == cleaned


@pytest.mark.parametrize("text", ["", " \n ", "x" * (chat.MAX_LENGTH + 1), None, 12, {"a": 1}])
def test_chat_text_that_cannot_be_sent_is_refused_with_a_sentence(text):
    with pytest.raises(BadRequest) as refused:
        chat.clean(text)
    assert refused.value.message.endswith((".", "first."))


def test_the_rate_counts_per_user_across_tables(settings, alice, bob, carol):
    settings.CHAT_MESSAGES_PER_WINDOW = 2
    settings.CHAT_WINDOW_SECONDS = 60
    first, second = _table(alice, bob), _table(carol, alice)
    chat.post(first, alice, "one")
    chat.post(second, alice, "two")
    with pytest.raises(chat.TooFast):
        chat.post(first, alice, "three")
    chat.post(first, bob, "bob is not alice")  # another user's own count
    assert [line.text for line in chat.lines(first)] == ["one", "bob is not alice"]
