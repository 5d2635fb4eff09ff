"""HTML for the live parts of pages: what the websocket sends and the pages include.

Every fragment carries ids that htmx swaps in place (out-of-band swaps).
"""

import functools
import math
import re
import time

from django.template.loader import render_to_string
from django.urls import reverse

from games.bots import levels as bot_levels
from games.engines import registry
from games.frames import announcements, clock_words, jinja, log_lines, move_log
from games.frames.board_targets import board_targets
from games.models import Table
from games.play import commands, log_chain
from games.play.names import seat_name
from games.play.seat_view import named, seat_names, view_for_seat
from games.tables import kept_seats, rematch
from games.tables.in_play import games_in_play

INVITES_KEY = "table_invites"


def table_context(snap, user):
    """Everything the table templates need from a games.live.table_cache snapshot, for ``user``'s seat (or as a spectator)."""
    table, game = snap.table, snap.game
    seat = snap.seat_of(user)
    names = seat_names(table, snap.seated)
    shown = view_for_seat(table, game, seat, for_board=True, names=names)
    view = shown["view"]
    # Late joiners add seats while a game runs: name every seat the table, its seats or the view know.
    names += [None] * ((len(view["players"]) if view else 0) - len(names))
    actions = [
        {**named(action, names), "name": f"host-{number}"}
        for number, action in enumerate(commands.host_actions(table, user, game))
    ]
    seat_actions = [
        {**named(action, names), "name": f"seat-{number}"}
        for number, action in enumerate(commands.seat_actions(game, seat))
    ]
    legal = shown["legal_commands"]
    return {
        "table": table,
        "engine": game.engine,
        "rules_url": rules_url(table.game),
        "seat": seat,
        "names": names,
        "version": shown["version"],
        "view": view,
        "others": clockwise_from(view, seat),
        "legal": legal,
        "host_actions": actions,
        "board_targets": board_targets(
            table.game, view, seat, legal, {action["name"]: action["command"] for action in actions + seat_actions}
        ),
        "board_template": board_template(table.game),
        "to_move_name": names[view["to_move"]] if view and view.get("to_move") is not None else None,
        "winner_name": names[view["winner"]] if view and view.get("winner") is not None else None,
        "is_host": user.pk == table.host_id,
        "rematch": rematch.offer_for(table, user) if view and view.get("over") else None,
        "bot_levels": bot_levels(table.game),
        "bot_seats": _bot_seats_before_start(table),
        "kept_for": _kept_for(snap),
        "awaits_you": user.pk in snap.awaited,
        "seat_actions": seat_actions,
        "signed_in": user.is_authenticated,  # a visitor without an account only watches
        "can_join_late": (
            seat is None
            and getattr(user, "is_authenticated", False)
            and table.has_room_for_late_joiner
            and bool(view)
            and not view.get("over")
        ),
        "move_log": live_log(snap, seat, names, view),
        "last_places": last_places(game.engine, snap.recent),
        "deal_heads": log_chain.recent_deal_heads(game.engine, snap.recent),
        "away_names": [seat_name(names, n) for n, p in enumerate(view["players"] if view else []) if p.get("absent")],
        "bot_played_names": [
            seat_name(names, n) for n, p in enumerate(view["players"] if view else []) if p.get("with_bot")
        ],
        "news": announcements.news(snap, seat, names),
        "extras": snap.extras,
        "pace": clock_words.pace_words(table),
        **clocks_context(snap.deadlines, view, in_words=table.turn_based),
    }


def board_template(game):
    """The game's board (games.frames.jinja draws it), for the live table, replays and reviews alike."""
    return registry.game(game).board_template


@functools.cache
def rules_url(game):
    """The game's rules page: the same for every frame of every table of the game (reversing it was a
    few per cent of drawing a frame)."""
    return reverse("rules", args=[game])


def _kept_for(snap):
    """At an open rematch: {seat number: the display name of the player it is kept for}."""
    if not snap.awaited:
        return {}
    return {number: player.shown_name for number, player in kept_seats.kept_seats(snap.table).items()}


def _bot_seats_before_start(table):
    """The seat numbers bots fill, for the host's Remove buttons while seats are still taken."""
    if table.status != Table.Status.OPEN:
        return set()
    return set(table.seats.exclude(bot="").values_list("number", flat=True))


def live_log(snap, seat, names, view):
    """The move log's <li>s for ``seat`` (None: a watcher's, the public lines), newest first; every card
    shown once the game is over, as with the event list."""
    over, engine = bool(view and view.get("over")), snap.game.engine
    return log_lines.live_log_items(
        (snap.table.stream, seat, over, tuple(names)),
        snap.recent,
        lambda events: move_log.live_lines(engine, events, seat, over, names),
    )


PLACE_NAME = re.compile(r"[a-z]+(?:-[0-9]+)*")


def last_places(engine, events):
    """The board places the latest event that changed any (of ``events``, oldest first) changed, for the
    page to mark: data-place names, as the engine gives them (``Engine.places``)."""
    for event in reversed(events):
        places = [place for place in engine.places(event.payload) if PLACE_NAME.fullmatch(place)]
        if places:
            return list(dict.fromkeys(places))
    return []


def clocks_context(deadlines, view, in_words=False):
    """The table's running deadlines, for browsers to tick from the server's time.

    ``now_ms`` is the server's clock at rendering (the page corrects for its own clock with it);
    ``turn_clock`` is the seat to act's turn deadline, None when there is none; ``clocks`` the running
    deadline of each kind, {kind: deadline}, the engine's timers' kinds among them (a board ticks its
    game's own by their kind: games.engines.registry). Each has "seconds_left" for the first paint, and
    with ``in_words`` (a turn-based table, whose deadlines are hours or days away) "words" too ("1 d 4 h",
    games.frames.clock_words), which templates/games/_clock.jinja shows instead.
    """
    now_ms = int(time.time() * 1000)
    running = view is not None and not view.get("over")
    deadlines = [_ticking(deadline, now_ms, in_words) for deadline in (deadlines if running else [])]
    return {
        "now_ms": now_ms,
        "deadlines": deadlines,
        # active_deadlines keeps only the turn deadline of the seat to act
        "turn_clock": next((d for d in deadlines if d["kind"] == "turn"), None),
        "clocks": {d["kind"]: d for d in reversed(deadlines)},  # the soonest of each kind
    }


def _ticking(deadline, now_ms, in_words):
    """``deadline`` with its seconds left at ``now_ms`` (and, ``in_words``, its time left in words)."""
    left = seconds_left(deadline["due_ms"], now_ms)
    if in_words:
        return {**deadline, "seconds_left": left, "words": clock_words.time_left_words(left)}
    return {**deadline, "seconds_left": left}


def seconds_left(due_ms, now_ms):
    """Whole seconds until ``due_ms`` (rounded up, as a countdown shows them), never below 0."""
    return max(0, math.ceil((due_ms - now_ms) / 1000))


def clockwise_from(view, seat):
    """The other seats' player dicts, clockwise from the viewer (every seat, in order, for a spectator)."""
    players = view["players"] if view else []
    if seat is None:
        return players
    return [p for p in players if p["seat"] > seat] + [p for p in players if p["seat"] < seat]


# Stand in for what differs between connections sharing one rendering: each one's CSRF token, and the
# server's clock at the moment a frame is sent (browsers tick countdowns from it). games.live.table_cache
# fills them in for each connection.
CSRF_PLACEHOLDER = "cardroom-csrf-token-placeholder"
NOW_PLACEHOLDER = "cardroom-now-ms-placeholder"


def render_live_table(snap, user, marked=False):
    """The live table for websockets, shared by every connection of the same kind of viewer: its forms
    and its clock carry placeholders, which each connection fills in as it sends it; ``marked``: with
    the markers of its parts (games.frames.parts)."""
    context = table_context(snap, user)
    context["now_ms"] = NOW_PLACEHOLDER
    return draw_live_table(context, CSRF_PLACEHOLDER, marked)


def render_live_parts(snap, user):
    """``render_live_table`` with its parts marked, as the sockets send it."""
    return render_live_table(snap, user, marked=True)


def draw_live_table(context, csrf_token, marked=False):
    """#table-live drawn from ``table_context``'s context, its forms carrying ``csrf_token``."""
    return jinja.render("games/_live_table.jinja", {**context, "csrf_token": csrf_token}, marked)


def render_refusal(message):
    return render_to_string("games/_refusal.html", {"message": message})


def lobby_context(user, game=None):
    """The lobby's lists for ``user``: open tables and the games in play for anyone, a logged-in user's own
    tables and rematch offers too; only ``game``'s tables when it names a registered game."""
    game = game if game in registry.names() else None
    tables = Table.objects.filter(game=game) if game else Table.objects.all()
    tables = tables.select_related("host").prefetch_related("seats__user", "awaiting")
    open_tables = tables.filter(status=Table.Status.OPEN, private=False)
    if user.is_authenticated:
        open_tables = open_tables.exclude(seats__user=user)
        mine = tables.filter(seats__user=user)
        offers = tables.filter(status=Table.Status.OPEN, awaiting=user)
    else:
        mine = offers = Table.objects.none()
    return {
        "open_tables": open_tables[:50],
        "my_tables": mine.filter(status__in=(Table.Status.OPEN, Table.Status.RUNNING))[:50],
        "finished_tables": mine.filter(status=Table.Status.FINISHED)[:20],
        "rematch_offers": offers[:20],
        "games_in_play": games_in_play(game),
        "games": [entry.engine for entry in registry.games()],
        "game_filter": game,
        "user": user,
    }


def render_lobby_tables(user, game=None):
    return render_to_string("games/_lobby_tables.html", lobby_context(user, game))


def remember_invite(session, table):
    invites = session.get(INVITES_KEY, {})
    invites[str(table.id)] = table.invite_token
    session[INVITES_KEY] = invites


def session_invite(session, table_id):
    """The invite token this browser was given for the table, if any."""
    if not session:
        return None
    return session.get(INVITES_KEY, {}).get(str(table_id))
