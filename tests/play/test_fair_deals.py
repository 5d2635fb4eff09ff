"""Fair deals on the platform: ``games.play.fair_deals.report`` (for the replay page), ``manage.py verify_game``
and the standalone docs/verify_deal.py run on the event log as /api/tables/<id>/events/ serves it; old
games, recorded before deals were committed, read "no commitment recorded"."""

import contextlib
import copy
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from api_helpers import client_for
from chain_helpers import write_old_rows
from django.core.management import ManagementUtility
from django.template.loader import render_to_string
from fair_deal_helpers import SETUPS, finished_game, shuffle_events

from events import store
from events.upcasting import upcast
from games.models import Table
from games.play import fair_deals as fairness
from games.tables import lobby

pytestmark = pytest.mark.django_db

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "verify_deal.py"
GAMES = sorted(SETUPS)


def seated_table(game, make_user):
    players, options = SETUPS[game]
    users = [make_user(f"{game[:5]}fair{n}") for n in range(players)]
    table = lobby.create_table(users[0], game, players, options)
    for user in users[1:]:
        lobby.join_table(table, user)
    return table, users


def with_log(table, log):
    store.append(table.stream, log, 0, game=table.game)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    return table


def served_events(table, user):
    response = client_for(user).get(f"/api/tables/{table.id}/events/")
    assert response.status_code == 200
    return response.content


def run_script(tmp_path, content, stdin=False):
    if stdin:
        return subprocess.run([sys.executable, str(SCRIPT), "-"], input=content, capture_output=True, timeout=60)
    path = tmp_path / "events.json"
    path.write_bytes(content)
    return subprocess.run([sys.executable, str(SCRIPT), str(path)], capture_output=True, timeout=60)


def verify_game(table_id):
    """``manage.py verify_game`` as the shell runs it: (exit status, standard output, standard error).
    It closes the database connections when done, as manage.py does: call it last in a test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            ManagementUtility(["manage.py", "verify_game", str(table_id)]).execute()
            status = 0
        except SystemExit as exit:
            status = exit.code
    return status, out.getvalue(), err.getvalue()


def tamper_order(items, index):
    """Two different cards of the deal at ``index`` (in the served list) change places."""
    event = items[index]["event"]
    cards = event[event["commitment"]["keys"][-1]]
    other = next(i for i, card in enumerate(cards) if card != cards[0])
    cards[0], cards[other] = cards[other], cards[0]


# --- the report, for the replay page ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_report_verifies_every_deal_of_a_stored_game(game, make_user):
    log, _ = finished_game(game)
    table = with_log(seated_table(game, make_user)[0], list(log))
    checks = fairness.report(table)
    assert [check.version for check in checks] == [log.index(event) + 1 for event in shuffle_events(log)]
    assert {check.result for check in checks} == {fairness.OK}
    assert fairness.all_verified(checks)
    assert checks[0].as_dict() == {
        "version": 1,
        "label": checks[0].label,
        "result": "ok",
        "reason": "The order and salt match the commitment.",
    }


def test_a_table_not_started_has_no_deals(make_user):
    table, _ = seated_table("spank", make_user)
    assert fairness.report(table) == []
    assert fairness.summary([]) == "No cards have been dealt yet."
    status, out, _ = verify_game(table.id)
    assert status == 0 and out.splitlines()[-1] == "No cards have been dealt yet."


def test_the_summary_says_how_many_deals_verified_failed_or_had_no_commitment():
    def checks(*results):
        return [fairness.DealCheck(n, f"event {n}", result, "") for n, result in enumerate(results, start=1)]

    assert fairness.summary(checks("ok", "ok")) == "2 deals verified."
    assert fairness.summary(checks("ok")) == "1 deal verified."
    assert fairness.summary(checks("ok", "failed", "none")) == "1 of 3 deals failed verification."
    assert fairness.summary(checks("failed")) == "1 of 1 deal failed verification."
    assert fairness.summary(checks("none", "ok")) == "1 deal verified, 1 with no commitment recorded."


def test_the_replay_pages_panel_says_each_deals_result(make_user):
    log = copy.deepcopy(list(finished_game("spank")[0]))
    log[0]["commitment"]["salt"] = "0" * 32
    table = with_log(seated_table("spank", make_user)[0], log)
    html = render_to_string("games/_fair_deals.html", {"fair_deals": fairness.context(table)})
    deals = len(shuffle_events(log))
    assert f"1 of {deals} deal{'s' if deals > 1 else ''} failed verification." in html
    assert '<li class="fair-deal is-failed">Event 1 (the deal): <strong>failed</strong>' in html
    assert html.count('class="fair-deal is-ok"') == deals - 1


# --- manage.py verify_game ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_verify_game_prints_each_deal_and_exits_0(game, make_user):
    log, _ = finished_game(game)
    table = with_log(seated_table(game, make_user)[0], list(log))
    status, out, err = verify_game(table.id)
    assert status == 0, err
    lines = out.strip().splitlines()[1:]  # after the log's line (tests/events/test_hash_chain.py)
    deals = len(shuffle_events(log))
    assert len(lines) == deals + 1
    assert all(": ok - The order and salt match the commitment." in line for line in lines[:-1])
    assert lines[-1] == f"{deals} deal{'s' if deals > 1 else ''} verified."


def test_verify_game_fails_a_tampered_deal_with_status_1(make_user):
    log = copy.deepcopy(list(finished_game("spite_and_malice")[0]))
    dealt = log[0]
    dealt["draw_pile"][0], dealt["draw_pile"][-1] = dealt["draw_pile"][-1], dealt["draw_pile"][0]
    assert dealt["draw_pile"][0] != dealt["draw_pile"][-1]
    table = with_log(seated_table("spite_and_malice", make_user)[0], log)
    status, out, err = verify_game(table.id)
    assert status == 1
    assert out.splitlines()[1] == "event 1 (the deal): failed - The order and salt do not match the commitment."
    assert all(": ok - " in line for line in out.splitlines()[2:])
    assert f"CommandError: 1 of {len(shuffle_events(log))} deals failed verification." in err.splitlines()


def test_verify_game_refuses_an_unknown_table_with_status_2():
    for given in ("00000000-0000-0000-0000-000000000000", "not-a-table"):
        status, _, err = verify_game(given)
        assert status == 2 and "There is no table" in err


# --- events recorded before deals were committed -------------------------------------------------------


def test_old_deals_are_upcast_with_no_commitment_and_other_events_are_left_alone():
    assert upcast("spank", "dealt", 1, {"type": "dealt", "hands": []})["commitment"] is None
    plain = {"type": "drew", "seat": 0, "cards": ["9H"], "reshuffled": None}
    assert upcast("spank", "drew", 1, plain) is plain
    assert upcast("spite_and_malice", "drew", 1, {"type": "drew", "refill": ["AS"]})["commitment"] is None
    assert upcast("spite", "bounty_claimed", 1, {"type": "bounty_claimed", "jokers_returned": 0}) == {
        "type": "bounty_claimed",
        "jokers_returned": 0,
    }
    new = finished_game("spank")[0][0]
    assert upcast("spank", "dealt", 2, new) is new  # today's shape is read as it is


def test_an_old_game_reads_no_commitment_recorded_everywhere(make_user, tmp_path):
    log, _ = finished_game("spank")
    table, users = seated_table("spank", make_user)
    write_old_rows(
        table.stream, table.game, [{key: value for key, value in event.items() if key != "commitment"} for event in log]
    )  # as the old store wrote them: schema 1
    deals = len(shuffle_events(log))
    checks = fairness.report(table)
    assert [check.result for check in checks] == [fairness.NONE] * deals and fairness.all_verified(checks)
    ran = run_script(tmp_path, served_events(table, users[0]))
    assert ran.returncode == 0, ran.stdout
    assert ran.stdout.decode().count("none - no commitment recorded") == deals
    status, out, _ = verify_game(table.id)
    assert status == 0 and out.splitlines()[-1] == f"0 deals verified, {deals} with no commitment recorded.", out


# --- docs/verify_deal.py on the served events ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_script_verifies_a_finished_games_served_events(game, make_user, tmp_path):
    log, _ = finished_game(game)
    table, users = seated_table(game, make_user)
    with_log(table, list(log))
    served = served_events(table, users[1])
    ran = run_script(tmp_path, served)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    lines = ran.stdout.decode().strip().splitlines()
    deals = len(shuffle_events(log))
    assert len(lines) == deals + 1 and all(": ok - " in line for line in lines[:-1])
    assert lines[-1] == f"All {deals} committed deal{'s' if deals > 1 else ''} verified."
    assert run_script(tmp_path, served, stdin=True).returncode == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_script_fails_a_tampered_order_or_salt(game, make_user, tmp_path):
    log, _ = finished_game(game)
    table, users = seated_table(game, make_user)
    with_log(table, list(log))
    items = json.loads(served_events(table, users[0]))
    committed = [index for index, item in enumerate(items) if item["event"].get("commitment")]
    for index in (committed[0], committed[-1]):  # the first deal and the last deal or reshuffle
        tampered = copy.deepcopy(items)
        tamper_order(tampered, index)
        ran = run_script(tmp_path, json.dumps(tampered).encode())
        assert ran.returncode == 1
        out = ran.stdout.decode()
        assert f"event {items[index]['version']} (" in out and "failed - the order and salt do not match" in out
        assert out.count(": failed - ") == 1
    tampered = copy.deepcopy(items)
    salt = tampered[committed[0]]["event"]["commitment"]["salt"]
    tampered[committed[0]]["event"]["commitment"]["salt"] = salt[:-1] + ("0" if salt[-1] != "0" else "1")
    ran = run_script(tmp_path, json.dumps(tampered).encode())
    assert ran.returncode == 1 and ran.stdout.decode().count(": failed - ") == 1


def by_hand_recipe():
    """The shell lines docs/fair-deals.md gives for checking a deal by hand."""
    text = (SCRIPT.parent / "fair-deals.md").read_text()
    return text.split("**By hand**", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]


@pytest.mark.skipif(not shutil.which("jq") or not shutil.which("sha256sum"), reason="needs jq and sha256sum")
def test_the_by_hand_recipe_of_the_docs_gives_the_committed_digest(make_user, tmp_path):
    log, _ = finished_game("spite_and_malice")
    table, users = seated_table("spite_and_malice", make_user)
    with_log(table, list(log))
    (tmp_path / "events.json").write_bytes(served_events(table, users[0]))
    for version in (1, log.index(shuffle_events(log)[-1]) + 1):  # the deal and the last reshuffle
        recipe = by_hand_recipe().replace("V=1", f"V={version}")
        ran = subprocess.run(["bash", "-c", recipe], cwd=tmp_path, capture_output=True, timeout=60, text=True)
        computed, committed = ran.stdout.split("\n")[:2]
        assert computed.split()[0] == committed == log[version - 1]["commitment"]["sha256"], ran.stderr


def test_the_docs_script_on_a_running_game_says_the_salts_are_hidden(make_user, tmp_path):
    log, boundaries = finished_game("spank")
    table, users = seated_table("spank", make_user)
    store.append(table.stream, list(log[: boundaries[3]]), 0, game=table.game)
    served = served_events(table, users[0])
    assert b'"salt"' not in served and b'"sha256"' in served
    ran = run_script(tmp_path, served)
    assert ran.returncode == 2 and "hidden - the salt is not revealed yet" in ran.stdout.decode()


def test_the_docs_script_refuses_what_is_no_event_list(tmp_path):
    assert run_script(tmp_path, b"{}").returncode == 2
    assert run_script(tmp_path, b"not json").returncode == 2
    assert run_script(tmp_path, b"[]").returncode == 2
