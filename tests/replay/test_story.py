"""The replay's heading that tells a game's story (games.replay.story) and its score chart per round
(games.replay.score_chart): places, scores and the result for a whole game of each game, when it was played
and for how long, the rounds' scores against the events', a chart that parses and that a table of the same
numbers stands in for, and the cache keyed by the log's version.

The seeds are random_logs' whole games; what each gives is said where it is used (if an engine changes
how its random games go, the first assertion on a seed says so)."""

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from random_logs import random_log
from replay_helpers import NAMES, stored_game

from events import store
from games.engines import get_engine
from games.models import Table
from games.replay import score_chart, story

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


def final_view(game, log):
    engine = get_engine(game)
    state = engine.fold(log)
    return engine, state, engine.view(state, None)


def places(told):
    return [(player["name"], player["place_text"], player["score"]) for player in told["players"]]


# --- the story of a finished game of each game -------------------------------------------------------------


def test_a_spite_match_is_told_in_the_engines_standings():
    table, log = stored_game("spite", 1)  # 4 players and 2 late joiners, 2 rounds: Ana wins on 2, tied with Dee
    engine, state, view = final_view("spite", log)
    assert engine.winners(state) == [0] and [entry["seat"] for entry in view["standings"]] == [0, 3, 2, 1, 4, 5]
    told = story.story(table)
    assert told["table"] == "Ana's Spite table" and told["game"] == "Spite"
    assert places(told) == [
        ("Ana", "1st", 2),
        ("Dee", "2nd", 2),  # the engine breaks the tie (the better place in the last round)
        ("Cy", "3rd", 0),
        ("Ben", "4th", -1),
        ("Eve", "5th", -1),
        ("Fay", "6th", -2),
    ]
    assert told["result"] == "Ana won, 2 to 2 to 0 to -1 to -1 to -2."
    assert told["over"] and not told["abandoned"] and told["damaged_at"] is None


def test_a_spank_game_is_ranked_by_its_scores_and_equal_scores_share_a_place():
    table, log = stored_game("spank", 11)  # Ana wins on 1020; Cy and Eve both end on 160
    engine, state, view = final_view("spank", log)
    assert engine.winners(state) == [0] and [player["score"] for player in view["players"]] == [1020, 0, 160, 80, 160]
    told = story.story(table)
    assert told["game"] == "Spank!"
    assert places(told) == [
        ("Ana", "1st", 1020),
        ("Cy", "joint 2nd", 160),
        ("Eve", "joint 2nd", 160),
        ("Dee", "4th", 80),
        ("Ben", "5th", 0),
    ]
    assert [player["place"] for player in told["players"]] == [1, 2, 2, 4, 5]
    assert told["result"] == "Ana won, 1020 to 160 to 160 to 80 to 0."


def test_a_spite_and_malice_game_has_its_winner_first_and_the_others_unranked():
    table, log = stored_game("spite_and_malice", 5)  # 4 players, Cy wins
    engine, state, _ = final_view("spite_and_malice", log)
    assert engine.winners(state) == [2]
    told = story.story(table)
    assert told["game"] == "Spite & Malice"
    assert places(told) == [("Cy", "1st", None), ("Ana", "", None), ("Ben", "", None), ("Dee", "", None)]
    assert told["result"] == "Cy won."


def test_a_game_nobody_won_is_a_draw_and_an_abandoned_one_says_so():
    drawn, log = stored_game("spite_and_malice", 3)  # a stalemate with no winner
    engine, state, view = final_view("spite_and_malice", log)
    assert engine.is_over(state) and not engine.winners(state) and not view["abandoned"]
    assert story.story(drawn)["result"] == "The game was a draw."
    assert {player["place"] for player in story.story(drawn)["players"]} == {None}

    abandoned, log = stored_game("spite", 5)  # abandoned in its second round, after a late joiner
    assert final_view("spite", log)[2]["abandoned"]
    told = story.story(abandoned)
    assert told["result"] == "The match was abandoned." and told["abandoned"] and told["over"]
    assert [(player["name"], player["place"]) for player in told["players"]] == [(name, None) for name in NAMES[:6]]
    assert [player["score"] for player in told["players"]] == [0, 1, -1, 2, 0, -2]  # as they stood


def test_a_game_in_play_and_a_damaged_log_are_told_as_far_as_they_go():
    running, log = stored_game("spite", 1, upto=40, status=Table.Status.RUNNING)
    told = story.story(running)
    assert told["result"] == "The match is still being played." and not told["over"] and told["moves"] == 40
    assert {player["place"] for player in told["players"]} == {None}

    store.append(running.stream, [{"type": "no_such_event"}], 40, game="spite")
    told = story.story(running)
    assert told["damaged_at"] == 41 and told["moves"] == 41
    assert told["result"] == "The record of this match is damaged at move 41: how it ended cannot be told."


# --- when, and for how long ------------------------------------------------------------------------------


def test_the_dates_are_the_first_and_last_events_and_the_length_is_the_time_between(monkeypatch):
    _, _, log = random_log("spank", 11)
    start = datetime(2024, 3, 9, 20, 15, tzinfo=UTC)
    table, _ = at_time(monkeypatch, start, lambda: stored_game("spank", 11, upto=1))
    at_time(monkeypatch, start + timedelta(minutes=30), lambda: store.append(table.stream, log[1:50], 1, game="spank"))
    end = start + timedelta(hours=1, minutes=12, seconds=30)
    at_time(monkeypatch, end, lambda: store.append(table.stream, log[50:], 50, game="spank"))
    told = story.story(table)
    assert (told["started_at"], told["ended_at"]) == (start, end)
    assert told["length"] == "1\xa0hour, 12\xa0minutes"
    assert told["moves"] == len(log)
    page = render_to_string("games/_replay_story.html", {"story": told, "chart": None})
    assert '<time datetime="2024-03-09T20:15:00+00:00">9 March 2024, 20:15</time>' in page
    assert f"1\xa0hour, 12\xa0minutes, {len(log)} moves." in page


def test_a_game_played_in_less_than_a_minute_says_so():
    table, _ = stored_game("spite", 2)  # stored in one go: every event at the same moment
    assert story.story(table)["length"] == "under a minute"


def at_time(monkeypatch, moment, action):
    """``action()`` with the clock stopped at ``moment`` (the event store stamps events with timezone.now)."""
    with monkeypatch.context() as patch:
        patch.setattr(store.timezone, "now", lambda: moment)
        return action()


# --- the rounds' scores and their chart -----------------------------------------------------------------


def scores_after_each_round_ended(log):
    """Each round_ended event's own scores, padded for seats that joined later: not read from any view."""
    ended = [event["scores"] for event in log if event["type"] == "round_ended"]
    seats = max(len(scores) for scores in ended)
    return [{"round": n, "scores": scores + [None] * (seats - len(scores))} for n, scores in enumerate(ended, 1)]


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_the_rounds_scores_are_the_scores_each_round_ended_with(seed):
    table, log = stored_game("spite", seed)
    expected = scores_after_each_round_ended(log)
    assert score_chart.round_scores(table) == expected
    assert score_chart.chart(table)["rounds"] == expected


def test_the_chart_is_an_svg_with_a_line_for_each_player_and_a_table_of_every_number():
    table, log = stored_game("spite", 1)
    chart = score_chart.chart(table)
    page = render_to_string("games/_score_chart.html", {"chart": chart})
    drawing = ET.fromstring(re.search(r'<svg class="score-chart-drawing".*?</svg>', page, re.S).group(0))
    assert drawing.get("role") == "img" and drawing.get("viewBox") == "0 0 400 240"
    assert drawing.find(f"{SVG}title").text == "Scores after each round"
    assert drawing.find(f"{SVG}desc").text.endswith("After the last: Ana 2, Ben -1, Cy 0, Dee 2, Eve -1, Fay -2.")
    lines = drawing.findall(f".//{SVG}polyline")
    assert len(lines) == 6  # four players and two late joiners
    for seat, line in enumerate(lines):
        played = [entry for entry in chart["rounds"] if entry["scores"][seat] is not None]
        assert len(line.get("points").split()) == len(played)
    styles = {(line["colour"], line["marker"], line["dash"]) for line in chart["lines"]}
    assert len({(marker, dash) for _, marker, dash in styles}) == 6  # told apart without colour too
    legend = re.findall(r"<li><svg class=\"score-chart-key.*?<bdi>(.*?)</bdi>", page)
    assert legend == NAMES[:6]

    numbers = ET.fromstring(re.search(r"<table>.*?</table>", page, re.S).group(0))
    header = [cell.findtext("bdi") for cell in numbers.find("thead/tr")[1:]]
    assert header == NAMES[:6]
    rows = [
        [int(row[0].text), *[int(cell.text) if cell.text else None for cell in row[1:]]]
        for row in numbers.find("tbody")
    ]
    assert rows == [[entry["round"], *entry["scores"]] for entry in scores_after_each_round_ended(log)]


def test_the_chart_draws_scores_upwards_and_rounds_left_to_right():
    chart = score_chart.drawing([{"round": 1, "scores": [0, 5, -3]}, {"round": 2, "scores": [7, 5, None]}])
    plot = chart["plot"]
    first, second, third = (line["points"] for line in chart["lines"])
    assert first[0]["x"] == plot["left"] and first[1]["x"] == plot["right"]
    assert first[1]["y"] < first[0]["y"] == chart["zero"] < third[0]["y"]  # 7 above 0 above -3
    assert second[0]["y"] == second[1]["y"] and len(third) == 1
    assert [tick["label"] for tick in chart["y_ticks"]] == [-4, -2, 0, 2, 4, 6, 8]
    assert (
        plot["top"] <= min(tick["at"] for tick in chart["y_ticks"])
        and max(t["at"] for t in chart["y_ticks"]) <= plot["bottom"]
    )


@pytest.mark.parametrize("game", ["spank", "spite_and_malice"])
def test_a_game_without_rounds_has_no_chart(game):
    table, _ = stored_game(game, 2)
    assert score_chart.round_scores(table) == [] and score_chart.chart(table) is None
    page = render_to_string("games/_replay_story.html", {"story": story.story(table), "chart": None})
    assert "<svg" not in page and "<h1>Replay: " in page


def test_a_match_abandoned_before_its_first_round_ended_has_no_chart():
    table, log = stored_game("spite", 4)
    assert not [event for event in log if event["type"] == "round_ended"]
    assert score_chart.chart(table) is None


def test_the_heading_holds_the_story_and_the_chart():
    table, _ = stored_game("spite", 1)
    page = render_to_string(
        "games/_replay_story.html", {"story": story.story(table), "chart": score_chart.chart(table)}
    )
    assert re.search(r"<h1>Replay: Ana&#x27;s Spite table <span class=\"meta\">Spite</span></h1>", page)
    assert "Ana won, 2 to 2 to 0 to -1 to -1 to -2." in page
    items = re.findall(r"<li[^>]*><span class=\"replay-story-place\">(.*?)</span> <bdi[^>]*>(.*?)</bdi>", page)
    assert items == [("1st", "Ana"), ("2nd", "Dee"), ("3rd", "Cy"), ("4th", "Ben"), ("5th", "Eve"), ("6th", "Fay")]
    assert page.count('class="score-chart-drawing"') == 1


# --- the cache -----------------------------------------------------------------------------------------------


def test_the_story_and_chart_are_cached_per_version_and_told_again_for_a_new_one(monkeypatch):
    table, _ = stored_game("spite", 1, upto=120, status=Table.Status.RUNNING)
    log = random_log("spite", 1)[2]
    first_story, first_chart = story.story(table), score_chart.chart(table)
    assert cache.get(f"replay-story:{story.FORMAT}:{table.id}:120") is not None
    assert cache.get(f"replay-score-chart:{score_chart.FORMAT}:{table.id}:120") is not None

    def untold(*args):
        raise AssertionError("folded again at a version already told")

    with monkeypatch.context() as patch:
        patch.setattr(story, "told", untold)
        patch.setattr(score_chart, "round_scores", untold)
        assert story.story(table) == first_story and score_chart.chart(table) == first_chart

    store.append(table.stream, list(log[120:]), 120, game="spite")  # the rest of the match
    told = story.story(table)
    assert told["moves"] == len(log) and told["result"] == "Ana won, 2 to 2 to 0 to -1 to -1 to -2."
    assert first_story["moves"] == 120 and first_story["result"] == "The match is still being played."
    assert score_chart.chart(table)["rounds"] == scores_after_each_round_ended(log)


def test_names_are_put_in_at_each_call_not_cached():
    table, _ = stored_game("spank", 11)
    assert story.story(table)["result"].startswith("Ana won")
    ana = table.seats.get(number=0).user
    ana.display_name = "Anastasia"
    ana.save()
    assert story.story(table)["result"].startswith("Anastasia won")
