"""The replay's move list: every step once, in order, grouped by the game's chapters; Spite's misplays
marked with the rule broken and whether they were called; disputes marked for whoever reads the list."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from replay_helpers import NAMES, stored_game

from games.engines import GAMES, get_engine
from games.play.names import named, seat_names
from games.replay import move_list
from games.replay.steps import Perspective
from reviews.models import Dispute

pytestmark = pytest.mark.django_db

OPEN = Perspective(None, True)


def flat(rounds):
    return [move for found in rounds for section in found.sections for move in section.moves]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_listed_once_in_order_in_the_words_of_the_move_log(game):
    table, log = stored_game(game, 3)
    engine = get_engine(game)
    for seen_as in (OPEN, Perspective(1, False)):
        moves = flat(move_list.move_list(table, seen_as, len(log)))
        assert [move.step for move in moves] == list(range(1, len(log) + 1))
        for move, event in zip(moves, log, strict=True):
            said = engine.describe_event(event, seen_as.seat, open=seen_as.open)
            assert move.text == named(said, seat_names(table))


@pytest.mark.parametrize("game", GAMES)
def test_the_chapters_close_where_the_engine_says(game):
    table, log = stored_game(game, 3)
    engine = get_engine(game)
    rounds = move_list.move_list(table, OPEN, len(log))
    has_rounds = "round" in engine.chapters.values()
    closes_round = [n for n, event in enumerate(log, 1) if engine.chapters.get(event["type"]) == "round"]
    assert len(rounds) == (len(closes_round) + (closes_round[-1:] != [len(log)]) if has_rounds else 1)
    for found in rounds:
        assert found.label == (f"Round {found.number}" if has_rounds else "")
        for section in found.sections:
            last = log[section.moves[-1].step - 1]
            inner = engine.chapters.get(last["type"])
            # a section ends where the engine closes one, or at its round's end, or at the log's end
            assert inner is not None or section is found.sections[-1]
            assert all(move.round == found.number and move.section == section.number for move in section.moves)
            kind = next((kind for kind in engine.chapters.values() if kind != "round"), None)
            assert section.label.startswith(f"{kind.capitalize()} ") if kind else section.label == ""


def test_a_turn_is_named_after_the_seat_whose_turn_it_is():
    table, log = stored_game("spite_and_malice", 1)
    rounds = move_list.move_list(table, OPEN, len(log))
    labels = [section.label for section in rounds[0].sections]
    assert labels[0] == "Turn 1 · Ana" and re.fullmatch(r"Turn 2 · (Ben|Cy|Dee)", labels[1])
    assert [int(label.split()[1]) for label in labels] == list(range(1, len(labels) + 1))


def test_spites_misplays_are_marked_with_the_rule_and_their_calls():
    table, log = stored_game("spite", 1)
    engine = get_engine("spite")
    moves = {move.step: move for move in flat(move_list.move_list(table, Perspective(0, False), len(log)))}
    misplays = {n: event for n, event in enumerate(log, 1) if event.get("misplay")}
    calls = {n: event for n, event in enumerate(log, 1) if event["type"] == "misplay_called"}
    assert misplays and calls, "the random game should hold misplays and calls"
    for step, event in misplays.items():
        assert moves[step].misplay == named(engine.misplay(event)["text"], seat_names(table))
        caught = [n for n, call in calls.items() if call["correct"] and call["play"] == event["id"] and n > step]
        assert moves[step].called_at == (caught[0] if caught else None)
    for step, call in calls.items():
        assert moves[step].call == ("right" if call["correct"] else "wrong")
    assert not any(moves[n].misplay for n in moves if n not in misplays)


def test_the_list_is_kept_per_table_version_perspective_and_names(monkeypatch):
    table, log = stored_game("spank", 1)
    cache.clear()
    made = []
    drawn = move_list._chapters
    monkeypatch.setattr(move_list, "_chapters", lambda *args: made.append(args[1:3]) or drawn(*args))
    first = move_list.move_list(table, OPEN, 10)
    assert move_list.move_list(table, OPEN, 10) == first and len(made) == 1  # kept
    move_list.move_list(table, Perspective(0, False), 10)
    move_list.move_list(table, OPEN, 11)
    assert made[1:] == [(Perspective(0, False), 10), (OPEN, 11)]  # another perspective, another version
    renamed = move_list.move_list(table, OPEN, 10, names=["Zed", *seat_names(table)[1:]])
    assert len(made) == 4  # a player renamed: the lines are drawn again, with the new name
    assert any("Zed" in move.text for move in flat(renamed)) and not any("Zed" in move.text for move in flat(first))


def test_the_page_lists_every_step_as_a_link_and_marks_the_current_one(make_user):
    table, log = stored_game("spite", 1)
    client = Client()
    client.force_login(make_user("walter"))
    page = client.get(f"/tables/{table.id}/replay/?step=7&as=1").content.decode()
    listed = re.findall(r'<li data-step="(\d+)"[^>]*><a href="([^"]+)"', page)
    assert [int(step) for step, _ in listed] == list(range(0, len(log) + 1))
    assert all(href.endswith(f"step={step}&amp;as=1") for step, href in listed)
    assert re.search(r'<li data-step="7" [^>]*aria-current="step"', page)
    assert page.count('aria-current="step"') == 1 + page.count('class="step current" aria-current="step"')
    assert "Round 1" in page and "Trick 1" in page and "misplay:" in page and "right call" in page


def test_a_disputed_ruling_is_marked_for_everyone_and_linked_for_an_impartial_reviewer(make_user):
    table, log = stored_game("spite", 1)
    engine = get_engine("spite")
    step = next(n for n, event in enumerate(log, 1) if event["type"] == "misplay_called")
    seats = engine.disputable(log[step - 1])
    filer = table.seats.get(number=seats[0]).user
    dispute = Dispute.objects.create(
        table=table, version=step, seats=list(seats), seat=seats[0], filed_by=filer, text="No"
    )
    cache.clear()

    def page_of(user):
        client = Client()
        client.force_login(user)
        return client.get(f"/tables/{table.id}/replay/?step=1&as=open").content.decode()

    watcher = page_of(make_user("walter"))
    assert "disputed, awaiting review" in watcher and f"/reviews/{dispute.id}/" not in watcher
    assert 'href="#table-disputes">how it stands' in watcher
    rita = make_user("rita")
    rita.is_staff = True
    rita.save()
    reviewer = page_of(rita)
    assert f'href="/reviews/{dispute.id}/">the dispute' in reviewer
    assert f"/reviews/{dispute.id}/" not in page_of(filer)  # a player is no reviewer of their own game
    assert NAMES[seats[0]] in watcher
