"""The replay page's context: the board at a step drawn by the game's own board template (the one the live
table uses), with nothing to act on, the step's described move, the controls and the perspectives, the
move list, and, seen from a seat with the bot's choice asked for, what the game's bot would have played.

``step_context`` is what one step needs (templates/games/_replay_parts.html): the page's script asks for it
alone when it moves a step. ``replay_context`` adds the rest of the page, drawn once.
"""

from django.core.cache import cache
from django.urls import reverse

from events import store
from games.engines import get_engine
from games.frames.rendering import board_template, clocks_context, clockwise_from
from games.models import Table
from games.play import fair_deals as fairness
from games.play import log_chain
from games.play.names import seat_name, seat_names
from games.replay import bot_choice, move_list, score_chart, story
from games.replay import steps as replay
from games.tables import chat

SPEEDS = (("slow", "Slow", 2000), ("normal", "Normal", 1000), ("fast", "Fast", 400))  # autoplay, ms a step


def replay_context(table, seen_as, step, last, bot=False):
    """The whole page: the step, the move list, the fair deals, the log's check and the chat."""
    context = step_context(table, seen_as, step, last, bot)
    moves = move_list.move_list(table, seen_as, last, context["names"])
    differs = set(bot_choice.differences(table, seen_as.seat, last)) if context["bot"]["on"] else set()
    engine = context["engine"]
    return {
        **context,
        "moves": moves,
        "bot_differs": differs,
        "steps": _step_links(table, seen_as, step, last, bot),
        "chapter_kinds": _chapter_kinds(engine),
        "speeds": SPEEDS,
        "replay_query": f"&as={seen_as.token}" + ("&bot=1" if context["bot"]["on"] else ""),
        "perspectives": _perspective_links(table, context["names"], seen_as, step, bot),
        "fair_deals": fair_deals(table, last),
        "log_chain": log_chain.cached(table, last),
        "story": story.story(table),
        "chart": score_chart.chart(table),
    }


def step_context(table, seen_as, step, last, bot=False):
    engine = get_engine(table.game)
    names = seat_names(table)
    shown = replay.at_step(table, step, seen_as, last=last, names=names)
    view = shown["view"]
    names += [None] * ((len(view["players"]) if view else 0) - len(names))
    seat = seen_as.seat if view and seen_as.seat is not None and seen_as.seat < len(view["players"]) else None
    return {
        "table": table,
        "engine": engine,
        "seen_as": seen_as,
        "step": step,
        "last_step": last,
        "move": shown["move"],
        "hands": [
            {"name": seat_name(names, hand["seat"]), "parts": _parts(hand["parts"])} for hand in shown["hands"] or []
        ],
        "bot": _bot(table, seen_as, step, last, bot, names),
        "chat_lines": chat_at(table, step, shown["at"]),
        # What the board templates take (games.frames.rendering.table_context), with nothing to act on:
        "seat": seat,
        "names": names,
        "version": step,
        "view": view,
        "others": clockwise_from(view, seat),
        "legal": [],
        "host_actions": [],
        "board_template": board_template(table.game),
        "to_move_name": names[view["to_move"]] if view and view.get("to_move") is not None else None,
        "winner_name": names[view["winner"]] if view and view.get("winner") is not None else None,
        "is_host": False,
        "can_join_late": False,
        "away_names": [seat_name(names, n) for n, p in enumerate(view["players"] if view else []) if p.get("absent")],
        **clocks_context([], view),
    }


def chat_at(table, step, at=None):
    """The table's chat as it stood at ``step``: what was said by the time of that step's event (``at``, when
    the caller read it already), and before the first event at step 0."""
    if at is None:
        first = store.read(table.stream, after=max(step, 1) - 1, upto=max(step, 1), game=table.game)
        if not first:
            return []
        at = first[0].created_at
    return [line for line in chat.lines(table, until=at) if step or line.at < at]


def fair_deals(table, last):
    """Every deal checked against its commitment (games.play.fair_deals), once per table version: a replay walk
    draws many steps of one log, and a log at a version never changes."""
    return cache.get_or_set(f"fair-deals:{table.id}:{last}", lambda: fairness.context(table), 3600)


def step_url(table, step, seen_as, bot=False):
    return f"{reverse('replay', args=[table.id])}?step={step}&as={seen_as.token}" + ("&bot=1" if bot else "")


def _bot(table, seen_as, step, last, on, names):
    """The bot's choice: "available" from a seat's perspective of a finished game (staff looking into a game
    in play get no advice for it), "on" when asked for, then "choice" (its move at this step, in words, or
    None) and "url" (the same step with it switched the other way)."""
    available = seen_as.seat is not None and not seen_as.open and table.status == Table.Status.FINISHED
    on = on and available
    return {
        "available": available,
        "on": on,
        "choice": bot_choice.choice_at(table, step, seen_as.seat, names) if on and step < last else None,
        "url": step_url(table, step, seen_as, bot=not on) if available else None,
    }


def _chapter_kinds(engine):
    """The jumps the controls offer, by the game's chapters: [("round", "Round"), ("trick", "Trick")]."""
    kinds = set(engine.chapters.values())
    return [(kind, kind.capitalize()) for kind in ("round", "trick", "turn") if kind in kinds]


def _step_links(table, seen_as, step, last, bot):
    """First, back, forward, last: each a dict with "label", "key" (the keyboard's), "step" and "url"
    (None where it would not move)."""
    targets = [("First", "Home", 0), ("Back", "←", step - 1), ("Forward", "→", step + 1), ("Last", "End", last)]
    return [
        {
            "label": label,
            "key": key,
            "step": target,
            "url": step_url(table, target, seen_as, bot) if 0 <= target <= last and target != step else None,
        }
        for label, key, target in targets
    ]


def _perspective_links(table, names, seen_as, step, bot):
    choices = [(replay.Perspective(None, True), "All hands open")]
    choices += [
        (replay.Perspective(seat, False), seat_name(names, seat))
        for seat in range(len(names))
        if seat < table.seat_count
    ]
    return [
        {"label": label, "url": step_url(table, step, choice, bot and not choice.open), "current": choice == seen_as}
        for choice, label in choices
    ]


def _parts(parts):
    """A seat's own part of the open view as labelled lists: ("Hand", [...]), ("Fake jokers", [...])."""
    return [
        {
            "label": key.replace("_", " ").capitalize(),
            "cards": value if isinstance(value, list) else None,
            "text": None if isinstance(value, list) else value,
        }
        for key, value in parts.items()
    ]
