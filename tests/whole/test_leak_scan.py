"""The leak scan: whole games of every game, with every seat, a watcher, a visitor without an account (and
staff, in Spite), and every payload each of them receives (websocket frames, as sent in parts and as joined,
the REST view and command answers, the event log, the table list and detail, the table page and the lobby)
checked for card codes that recipient may not know, and for the secret salt of any deal's commitment (docs/fair-deals.md), revealed only
once the game is over.

What a recipient may know is worked out here from the full game state, not from the engines' views (they
are what is being checked): its own cards, everything face up on the table, and what it knew before.
With several packs the same code can be both hidden and known; a code the recipient has no way of
knowing at all is a leak.
"""

import asyncio
import json
import random
import re

import pytest
from api_helpers import client_for
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from contract.profiles import profile_of
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient
from staff_helpers import pass_second_factor

from events import store
from games.engines import GAMES, registry
from games.frames.cards import RANK_NAMES, SUIT_NAMES
from games.live.routing import websocket_urlpatterns
from games.play import game_state
from games.tables import lobby

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

application = URLRouter(websocket_urlpatterns)

CODE = re.compile(r"(?<![\w%-])(?:(?:10|11|12|13|[2-9AJQK])[SHDC]|JK)(?![\w-])")
FACE = re.compile(r'<span class="rank">([^<]+)</span>(?:<span class="suit">([♠♥♦♣])</span>)?')
# A button's data-accepts names the codes it takes by rule (Spite's natural 7s), not cards anyone holds.
RULE_CONSTANTS = re.compile(r'data-accepts="[^"]*"')
SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
COMMAND_LIMIT = 1500
# Cards named in words for screen readers ("queen of hearts": games/frames/cards.py card_name).
RANK_OF_NAME = {name: rank for rank, name in RANK_NAMES.items()}
SUIT_OF_NAME = {name: suit for suit, name in SUIT_NAMES.items()}
WORDS = re.compile(rf"\b({'|'.join(RANK_OF_NAME)}) of ({'|'.join(SUIT_OF_NAME)})\b")


def card_codes(payload):
    """Every card code in a payload: codes as text, faces drawn as rank and suit in HTML, and cards named
    in words."""
    text = RULE_CONSTANTS.sub("", payload) if isinstance(payload, str) else json.dumps(payload)
    codes = set(CODE.findall(text))
    codes |= {rank + SUIT_LETTER[suit] if suit else rank for rank, suit in FACE.findall(text)}
    codes |= {RANK_OF_NAME[rank] + SUIT_OF_NAME[suit] for rank, suit in WORDS.findall(text)}
    return codes


# What a seat (None: a watcher) may know, from the full state: each game's profile says (``known``, and
# ``public_in_events`` for cards an event shows that may be gone by the command's end).


class Knowledge:
    """What each recipient may know, at each version of the table (it only grows)."""

    def __init__(self, table, recipients):
        self.table, self.recipients = table, recipients
        self.known = {name: set() for name in recipients}
        self.at = {name: {0: frozenset()} for name in recipients}
        self.events_seen = 0
        self.salts = set()  # every deal's secret salt: nobody is sent one while the game runs

    def update(self):
        game = game_state.load(self.table)
        public = set()
        for event in store.read(self.table.stream, after=self.events_seen):
            public |= profile_of(self.table.game).public_in_events(event.payload)
            if event.payload.get("commitment"):
                self.salts.add(event.payload["commitment"]["salt"])
        self.events_seen = game.version
        for name, seat in self.recipients.items():
            self.known[name] |= profile_of(self.table.game).known(game.state, seat) | public
            self.at[name][game.version] = frozenset(self.known[name])
        return game

    def check(self, name, version, payload, where):
        leaked = card_codes(payload) - self.at[name][version]
        assert not leaked, (
            f"{where} sent {name} card(s) it may not know at version {version}: {sorted(leaked)}"
            f" in {_where_in(payload, leaked)}"
        )
        text = payload if isinstance(payload, str) else json.dumps(payload)
        salts = {salt for salt in self.salts if salt in text}
        assert not salts, f"{where} sent {name} the salt of a deal while the game runs: {sorted(salts)}"


def _where_in(payload, codes):
    """The parts of a payload that hold the codes (the items of a list, or a stretch of text)."""
    if isinstance(payload, list):
        return [item for item in payload if card_codes(item) & codes]
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return [text[max(0, m.start() - 200) : m.end() + 100] for m in CODE.finditer(text) if m.group() in codes][:3]


# --- driving a game -------------------------------------------------------------------------------------

WATCHERS = ("watcher", "visitor")


def _offered(html):
    """The legal commands and board targets a table rendering carries."""
    found = [
        json.loads(re.search(f'<script id="{name}" type="application/json">(.*?)</script>', html, re.S)[1])
        for name in ("legal-commands", "board-targets")
    ]
    return found[0], found[1]


def _version_of(html):
    return int(re.search(r'id="table-live"[^>]*data-version="(\d+)"', html).group(1))


class Recipient:
    def __init__(self, name, user, seat):
        self.name, self.user, self.seat = name, user, seat
        self.api = client_for(user) if user.is_authenticated else APIClient()
        self.browser = Client()
        if user.is_authenticated and user.is_staff:
            pass_second_factor(self.browser, user)  # staff pages and powers need the second factor
        elif user.is_authenticated:
            self.browser.force_login(user)


def _setup(game, seats, options, make_user):
    users = [make_user(f"{game[:5]}{n}") for n in range(seats)]
    table = lobby.create_table(users[0], game, seats, options)
    for user in users[1:]:
        lobby.join_table(table, user)
    lobby.start_table(table, users[0], rng=random.Random(7))
    people = [Recipient(f"seat {n}", user, n) for n, user in enumerate(users)]
    people.append(Recipient("watcher", make_user(f"{game[:5]}watcher"), None))
    people.append(Recipient("visitor", AnonymousUser(), None))  # watching without an account
    staff = make_user(f"{game[:5]}staff")
    staff.is_staff = True
    staff.save()
    people.append(Recipient("staff", staff, None))
    return table, people


def _choose(rng, table, people):
    """(recipient, command) to send next: a legal command, a Spite misplay now and then, a staff overturn."""
    game = game_state.load(table)
    engine, state = game.engine, game.state
    if table.game == "spite":
        if state.rulings and rng.random() < 0.15:
            open_rulings = [r.id for r in state.rulings if r.overturned is None]
            if open_rulings:
                staff = next(p for p in people if p.name == "staff")
                return staff, {"type": "overturn", "ruling": rng.choice(open_rulings), "reason": "Scan test."}
        seat = state.to_move
        if seat is not None and state.reward is None and state.hands[seat] and rng.random() < 0.2:
            cards = rng.sample(list(state.hands[seat]), min(len(state.hands[seat]), rng.choice([1, 2, 2, 3])))
            return people[seat], {"type": "play", "cards": cards}
    # Out of turn only what a bot may give as well (its game's bot_calls): Spite's countdowns are left out.
    left_out = engine.out_of_turn - registry.game(table.game).bot_calls
    options = [
        (person, command)
        for person in people
        if person.seat is not None
        for command in engine.legal_commands(state, person.seat)
        if command["type"] not in left_out
    ]
    calls = [option for option in options if option[1]["type"] == "call_misplay"]
    if calls and rng.random() < 0.5:
        return rng.choice(calls)
    turns = [option for option in options if option[1]["type"] != "call_misplay"] or options
    return rng.choice(turns)


async def _drain(sockets, knowledge, version):
    """Every frame each socket gets until it shows ``version``, each checked."""
    for name, socket in sockets.items():
        while True:
            frame = await socket.receive_from(timeout=20)
            if 'id="table-live"' not in frame:
                knowledge.check(name, version, frame, "a websocket frame")
                continue
            seen = _version_of(frame)
            knowledge.check(name, seen, frame, "a websocket frame")
            # The frame as it came: only the parts that changed (games.frames.parts), joined above as the page joins them.
            knowledge.check(name, seen, socket.raw_frames[-1], "a partial websocket frame")
            if name in WATCHERS:  # nothing tells a watcher what could be played
                assert _offered(frame) == ([], {"targets": {}, "commands": {}, "playable": []}), frame[:300]
            if seen >= version:
                break


def _check_http(table, people, knowledge, version, full):
    for person in people:
        response = person.api.get(f"/api/tables/{table.id}/view/")
        assert response.status_code == 200
        if person.name in WATCHERS:
            assert response.json()["legal_commands"] == [] and response.json()["host_commands"] == []
        knowledge.check(person.name, response.json()["version"], response.json(), "the REST view")
        if not full:
            continue
        for path in (f"/api/tables/{table.id}/events/", f"/api/tables/{table.id}/", "/api/tables/"):
            response = person.api.get(path)
            assert response.status_code == 200
            knowledge.check(person.name, version, response.json(), path)
        for path in (f"/tables/{table.id}/", "/lobby/"):
            response = person.browser.get(path)
            assert response.status_code == 200
            knowledge.check(person.name, version, response.content.decode(), path)


@pytest.mark.parametrize("game", GAMES)  # Spite's short game is in table mode: misplays, calls and staff overturns
async def test_nobody_is_sent_a_card_they_may_not_know(game, make_user):
    seats, options = profile_of(game).short
    rng = random.Random(f"leak-scan-{game}")
    table, people = await sync_to_async(_setup)(game, seats, options, make_user)
    knowledge = Knowledge(table, {person.name: person.seat for person in people})
    game_now = await sync_to_async(knowledge.update)()
    sockets = {}
    for person in people:
        socket = WebsocketCommunicator(application, f"/ws/tables/{table.id}/")
        socket.scope["user"], socket.scope["session"] = person.user, {}
        assert (await socket.connect())[0]
        sockets[person.name] = socket
    await _drain(sockets, knowledge, game_now.version)

    sent = refused = 0
    while not game_now.engine.is_over(game_now.state):
        person, command = await sync_to_async(_choose)(rng, table, people)
        response = await sync_to_async(person.api.post)(
            f"/api/tables/{table.id}/commands/",
            {"command": command, "expected_version": game_now.version},
            format="json",
        )
        if response.status_code != 200:
            assert response.status_code == 400, response.content  # a misplay strict about its form
            knowledge.check(person.name, game_now.version, response.json(), "a refusal")
            refused += 1
            assert refused < COMMAND_LIMIT
            continue
        game_now = await sync_to_async(knowledge.update)()
        sent += 1
        if game_now.engine.is_over(game_now.state):
            break  # once the game is over everything may be shown (RULINGS)
        knowledge.check(person.name, response.json()["version"], response.json(), "a command's answer")
        await _drain(sockets, knowledge, game_now.version)
        if sent % 4 == 0:  # every frame is checked; the HTTP payloads every few moves, the longer ones less often
            await sync_to_async(_check_http)(table, people, knowledge, game_now.version, full=sent % 20 == 0)
        assert sent < COMMAND_LIMIT, "the game should have ended"
    for socket in sockets.values():
        await socket.disconnect()
    await asyncio.sleep(0)
    assert sent > 50
    assert knowledge.salts, "every game's deal is committed to, with a salt the scan looks for"
