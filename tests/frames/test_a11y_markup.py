"""What screen readers are given in the server's markup: cards named in words, help texts found by the
ids their fields point to."""

import re

import pytest

from games.frames.cards import card, card_face, card_name


@pytest.mark.parametrize(
    "code, name",
    [
        ("QH", "queen of hearts"),
        ("AS", "ace of spades"),
        ("10D", "ten of diamonds"),
        ("7C", "seven of clubs"),
        ("12S", "twelve of spades"),
        ("11H", "eleven of hearts"),
        ("JK", "joker"),
        ("KD", "king of diamonds"),
        ("13H", "thirteen of hearts"),  # Spite's packs hold both 13H and KH
    ],
)
def test_cards_are_named_in_words(code, name):
    assert card_name(code) == name


@pytest.mark.parametrize("render", [card, card_face])
def test_a_cards_face_is_read_by_its_name_and_its_symbols_are_hidden(render):
    html = str(render("QH"))
    assert '<span class="visually-hidden">queen of hearts</span>' in html
    assert '<span class="corner" aria-hidden="true">' in html
    joker = str(render("JK"))
    assert '<span class="visually-hidden">joker</span>' in joker and 'class="corner" aria-hidden="true"' in joker


def _described_ids_are_present(html):
    described = re.findall(r'aria-describedby="([^"]+)"', html)
    assert described, "no field points to a help text"
    for ids in described:
        for target in ids.split():
            assert f'id="{target}"' in html, target


def test_sign_up_help_texts_have_the_ids_their_fields_point_to(client, db):
    _described_ids_are_present(client.get("/accounts/signup/").content.decode())


def test_profile_help_texts_have_the_ids_their_fields_point_to(client, alice):
    client.force_login(alice)
    _described_ids_are_present(client.get("/accounts/profile/").content.decode())


def test_the_leak_scan_reads_cards_named_in_words():
    from test_leak_scan import card_codes

    assert card_codes("Bob plays jack of spades and thirteen of hearts, then a fake joker") == {"JS", "13H"}
    assert card_codes(f'<p data-announce="event-3">{card_name("10D")}</p>') == {"10D"}
