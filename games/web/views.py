"""Pages: the lobby and the table. Thin: the work is in games.tables.lobby and games.frames.rendering."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.engines import get_engine
from games.errors import BadRequest, NotFound, TableError
from games.frames import rendering
from games.live import table_cache as live
from games.live import watchers
from games.models import (
    BOT_DELAY_CHOICES,
    DEFAULT_BOT_DELAY,
    DEFAULT_TIME_BANK,
    MOVE_TIME_CHOICES,
    TABLE_NAME_MAX_LENGTH,
    TIME_BANK_CHOICES,
    TURN_CLOCK_CHOICES,
    Table,
)
from games.play import log_chain
from games.replay import rendering as replay_rendering
from games.replay import steps as replay
from games.tables import bot_seating, closing, computer, lobby
from games.tables import rematch as rematches
from games.tables.play_now import BOTS_AFTER_CHOICES


def lobby_page(request):
    """Anyone may see the lobby (its open tables and the games in play); creating and joining need a log-in."""
    context = rendering.lobby_context(request.user, request.GET.get("game"))
    return render(
        request,
        "games/lobby.html",
        {
            **context,
            "turn_clocks": TURN_CLOCK_CHOICES,
            "move_times": MOVE_TIME_CHOICES,
            "time_banks": TIME_BANK_CHOICES,
            "default_time_bank": DEFAULT_TIME_BANK,
            "name_max_length": TABLE_NAME_MAX_LENGTH,
            "bot_delays": BOT_DELAY_CHOICES,
            "default_bot_delay": DEFAULT_BOT_DELAY,
            "bots_after_choices": BOTS_AFTER_CHOICES,
        },
    )


@login_required
@require_POST
def create_table(request):
    game = request.POST.get("game", "")
    try:
        engine = get_engine(game)
        seat_count = int(request.POST.get("seat_count", ""))
        turn_clock, move_time, time_bank = _pace_from_form(request.POST)
        table = lobby.create_table(
            request.user,
            game,
            seat_count,
            _options_from_form(engine, request.POST),
            private=request.POST.get("private") == "on",
            turn_clock=turn_clock,
            name=request.POST.get("name"),
            bot_delay=_bot_delay_from_form(request.POST),
            move_time=move_time,
            time_bank=time_bank,
        )
    except ValueError:
        messages.error(request, "Choose a game and a number of seats.")
        return redirect("lobby")
    except TableError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    return redirect("table", table_id=table.id)


@login_required
@require_POST
def play_computer(request):
    """Play the computer (games.tables.computer): a game against bots, dealt at once."""
    try:
        table = computer.play_the_computer(
            request.user,
            request.POST.get("game", ""),
            int(request.POST.get("seat_count", "")),
            level=request.POST.get("level", "fair"),
            bot_delay=_bot_delay_from_form(request.POST),
        )
    except ValueError:
        messages.error(request, "Choose a game and a number of players.")
        return redirect("lobby")
    except TableError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    return redirect("table", table_id=table.id)


def _options_from_form(engine, data):
    """The engine's declared options, read from the lobby form (blank choices left out)."""
    options = {}
    for field in engine.option_fields:
        raw = data.get(f"option_{field['name']}", "").strip()
        if field["kind"] == "bool":
            options[field["name"]] = raw == "on"
        elif field["kind"] == "number" and raw.lstrip("-").isdigit():
            options[field["name"]] = int(raw)
        elif raw != "":
            options[field["name"]] = raw  # the engine refuses what it cannot read
    return options


def _pace_from_form(data):
    """(turn_clock, move_time, time_bank) from the lobby form's pace: a live table's turn clock, or a
    turn-based table's time per move and time bank. The turn clock is sent with a turn-based table too, so
    that lobby.create_table refuses the pair in its own sentence instead of dropping a choice unsaid."""
    turn_clock = _seconds_from_form(data, "turn_clock", None)
    pace = data.get("pace", "live")
    if pace == "live":
        return turn_clock, None, 0
    if pace != "turn_based":
        raise BadRequest(f"A table is live or turn-based, not {pace!r}.")
    return (
        turn_clock,
        _seconds_from_form(data, "move_time", None),
        _seconds_from_form(data, "time_bank", DEFAULT_TIME_BANK),
    )


def _bot_delay_from_form(data):
    """The bots' delay in seconds (the default when left off)."""
    return _seconds_from_form(data, "bot_delay", DEFAULT_BOT_DELAY)


def _seconds_from_form(data, name, default):
    """The form's field ``name`` in seconds, ``default`` when left off; lobby.create_table refuses what is
    not offered (a text that is no number reaches it as it is, to be named in its sentence)."""
    raw = data.get(name, "").strip()
    if not raw:
        return default
    return int(raw) if raw.isdigit() else raw


def table_page(request, table_id):
    """A seat's table, or a watcher's: anyone may watch a public table, and a private one with its invite."""
    table = _visible(request, table_id)
    snapshot = live.snapshot(table)
    context = rendering.table_context(snapshot, request.user)
    context["live_table"] = rendering.draw_live_table(context, get_token(request))
    context["log_chain"] = log_chain.cached(table, context["version"])
    context["watchers"] = watchers.count(table.id, [user.pk for user in snapshot.seated.values()])
    return render(request, "games/table.html", context)


def table_watchers(request, table_id):
    """How many watch the table (its page asks again now and then), for whoever may see it."""
    table = _visible(request, table_id)
    count = watchers.count(table.id, table.seats.values_list("user_id", flat=True))
    return render(request, "games/_watchers.html", {"table": table, "watchers": count})


def replay_page(request, table_id):
    """A finished game step by step (games.replay.steps): ?step=n&as=open or as=<seat number>, &bot=1 for the
    bot's choice from a seat, &part=step for the parts of the page one step changes; anyone's who may see
    the table (a public one without an account, as watching is)."""
    table = _visible(request, table_id)
    try:
        replay.require_replayable(table, request.user)
        seen_as = replay.perspective(table, request.GET.get("as"))
        last = replay.last_step(table)
        step = replay.step_number(request.GET.get("step"), last)
    except TableError as error:
        return render(
            request, "games/replay_refused.html", {"table": table, "message": error.message}, status=error.status
        )
    replay.shown(table, request.user, seen_as, step)
    bot = request.GET.get("bot") == "1"
    if request.GET.get("part") == "step":  # static/js/replay.js moving a step: the parts that change
        context = replay_rendering.step_context(table, seen_as, step, last, bot)
        return render(request, "games/_replay_parts.html", context)
    return render(request, "games/replay.html", replay_rendering.replay_context(table, seen_as, step, last, bot))


def invite(request, token):
    """The invite is kept in the session (through a log-in too): its holder may watch the table, and join."""
    table = get_object_or_404(Table, invite_token=token)
    rendering.remember_invite(request.session, table)
    return redirect("table", table_id=table.id)


@login_required
@require_POST
def join_table(request, table_id):
    def join(table):
        late = table.accepts_late_joiners
        seat = lobby.join_table(table, request.user)
        if late:
            messages.success(request, f"You joined at seat {seat + 1} {get_engine(table.game).late_join_terms}.")

    return _act(request, table_id, join)


@login_required
@require_POST
def leave_table(request, table_id):
    return _act(request, table_id, lambda table: lobby.leave_table(table, request.user))


@login_required
@require_POST
def start_table(request, table_id):
    return _act(request, table_id, lambda table: lobby.start_table(table, request.user))


@login_required
@require_POST
def add_bot(request, table_id):
    level = request.POST.get("level", "fair")
    return _act(request, table_id, lambda table: bot_seating.add_bot(table, request.user, level))


@login_required
@require_POST
def remove_bot(request, table_id, seat):
    return _act(request, table_id, lambda table: bot_seating.remove_bot(table, request.user, seat))


@login_required
@require_POST
def cancel_table(request, table_id):
    """The host cancels a table nobody else has joined."""
    return _act(
        request,
        table_id,
        lambda table: closing.cancel_table(table, request.user),
        then=_to_lobby(request, "{table.name} is cancelled."),
    )


@login_required
@require_POST
def rematch(request, table_id):
    """Offer (or accept) a rematch of a finished table: to the new table."""
    return _act(
        request,
        table_id,
        lambda table: rematches.offer_rematch(table, request.user),
        then=lambda table, new: redirect("table", table_id=new.id),
    )


@login_required
@require_POST
def decline_rematch(request, table_id):
    return _act(
        request,
        table_id,
        lambda table: rematches.decline_rematch(table, request.user),
        then=_to_lobby(request, "You declined the rematch."),
    )


def _act(request, table_id, action, then=None):
    """``action(table)`` on the table the request may see; a refusal is shown on the table's page. Where to
    go after it worked: ``then(table, what action returned)``, by default the table's page."""
    table = _visible(request, table_id)
    try:
        done = action(table)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("table", table_id=table.id)
    return then(table, done) if then else redirect("table", table_id=table.id)


def _to_lobby(request, message):
    """A ``then`` for _act: ``message`` (formatted with the table) shown in the lobby."""

    def go(table, _):
        messages.success(request, message.format(table=table))
        return redirect("lobby")

    return go


def _visible(request, table_id):
    try:
        return lobby.find_table(request.user, table_id, rendering.session_invite(request.session, table_id))
    except NotFound as error:
        raise Http404(error.message) from None
