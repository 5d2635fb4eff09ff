"""The chat's rate is a sliding window, and no one can make a line or a name read as something else with
characters that are not seen (bidi controls, zero-width characters): issue 35, point 6."""

import pytest
from django.test import Client
from staff_helpers import pass_second_factor

from accounts.models import User
from games.tables import chat, lobby

pytestmark = pytest.mark.django_db

RLO, LRI, PDI, ALM, LRM = "\u202e", "\u2066", "\u2069", "\u061c", "\u200e"  # bidi controls
ZWSP, ZWJ, WORD_JOINER, BOM = "\u200b", "\u200d", "\u2060", "\ufeff"  # zero-width characters


@pytest.fixture
def table(alice, bob):
    table = lobby.create_table(alice, "spank", 2, {})
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    return table


@pytest.fixture
def clock(monkeypatch):
    """The chat's clock, set by the test: ``clock.at = seconds``."""

    class Clock:
        at = 0.0

    monkeypatch.setattr(chat, "now", lambda: Clock.at)
    return Clock


def sent_at(table, user, moments, clock):
    """Say a line at each moment (seconds); the moments it was let through."""
    through = []
    for moment in moments:
        clock.at = moment
        try:
            chat.post(table, user, f"at {moment}")
        except chat.TooFast:
            continue
        through.append(moment)
    return through


def most_in_any_span(moments, span):
    return max((sum(1 for other in moments if start <= other < start + span) for start in moments), default=0)


def test_a_burst_across_a_window_edge_lets_the_limit_through_and_no_more(settings, table, alice, clock):
    settings.CHAT_MESSAGES_PER_WINDOW, settings.CHAT_WINDOW_SECONDS = 5, 10
    burst = [1_000_009.8 + 0.04 * n for n in range(10)]  # 0.4 s straddling what was a window's edge
    assert len(sent_at(table, alice, burst, clock)) == 5
    assert sent_at(table, alice, [1_000_021.0], clock) == [1_000_021.0]  # the window has slid past the burst


def test_no_span_of_the_window_ever_holds_more_than_the_limit(settings, table, alice, clock):
    settings.CHAT_MESSAGES_PER_WINDOW, settings.CHAT_WINDOW_SECONDS = 5, 10
    steady = [2_000_000 + 0.5 * n for n in range(120)]  # a line every half second for a minute
    through = sent_at(table, alice, steady, clock)
    assert most_in_any_span(through, 10) == 5
    assert len(through) >= 25  # refusing is for the excess only: the limit comes back as the window slides


@pytest.mark.parametrize(
    "sent, kept",
    [
        (f"I pass{RLO}, gnihton", "I pass, gnihton"),
        (f"{LRI}nice{PDI} hand", "nice hand"),
        (f"Al{ZWSP}ice{ZWJ}", "Alice"),
        (f"{BOM}good{WORD_JOINER} game{ALM}{LRM}", "good game"),
        ("\u00adsoft hyphens go too", "soft hyphens go too"),
        ("مرحبا and שלום stay", "مرحبا and שלום stay"),
    ],
)
def test_bidi_controls_and_invisible_characters_are_taken_out_of_chat(sent, kept):
    assert chat.clean(sent) == kept


def test_a_line_of_nothing_visible_is_refused(table, alice):
    with pytest.raises(chat.BadRequest):
        chat.post(table, alice, f"{RLO}{ZWSP}{ZWJ}")


def test_chat_draws_names_and_lines_isolated(alice, bob, make_user):
    User.objects.filter(pk=alice.pk).update(display_name=f"{RLO}Alice")  # a name kept from before the rule
    table = lobby.create_table(alice, "spank", 2, {})
    lobby.join_table(table, bob)
    line = chat.post(table, User.objects.get(pk=alice.pk), "ناهيك")
    lobby.start_table(table, alice)  # the deal, step 1, comes after the line: its replay shows it
    for html in (chat.render_log([line]), chat.render_line(chat.line_dict(line))):
        assert '<span class="chat-name"><bdi>Alice</bdi></span>' in html
        assert '<span class="chat-text"><bdi>ناهيك</bdi></span>' in html
        assert RLO not in html
    staff = make_user("referee")
    staff.is_staff = True
    staff.save()
    client = pass_second_factor(Client(), staff)
    replay = client.get(f"/tables/{table.id}/replay/?step=1&as=open").content.decode()
    assert '<span class="chat-name"><bdi>Alice</bdi></span> <span class="chat-text"><bdi>ناهيك</bdi></span>' in replay


def test_names_are_kept_and_shown_without_invisible_characters(client, alice):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "mallory",
            "display_name": f"{RLO}Bob{ZWSP}",
            "password1": "a-long-test-password",
            "password2": "a-long-test-password",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="mallory").display_name == "Bob"
    client.post("/accounts/profile/", {"display_name": f"{ZWJ}{LRM}"})
    assert User.objects.get(username="mallory").display_name == "Bob"  # refused: nothing visible
    User.objects.filter(pk=alice.pk).update(display_name=f"Ali{ZWSP}ce{RLO}")
    assert User.objects.get(pk=alice.pk).shown_name == "Alice"
