"""A game's story for the replay's heading: who played, in what places and with what scores, when and for
how long, and how it ended, in one sentence.

Nothing here knows a game. Places come from what every engine already says: ``winners`` and the view a
watcher is sent (``view(state, None)``). A view whose "standings" lists the seats from first to last (Spite's)
gives the whole order; otherwise, where every player has a "score" and the winners hold the best of them
(Spank!), the scores give it; otherwise (Spite & Malice) the winner is 1st and the others are unranked. An
order that does not put the winners first is not believed: the winners alone are placed.

The heading is drawn on every page of a replay, and folding a long game is the costly part, so what the
fold tells is cached per (table, version): a log never changes below its head. The cached story names
seats as "{seat:N}" and each call puts in today's names (games.play.names.named).
"""

from django.core.cache import cache
from django.utils.timesince import timesince

from events import store
from games.engines import get_engine
from games.engines.base import seat_in_text
from games.engines.wording import ordinal
from games.errors import DamagedLog
from games.play.names import named, seat_names
from games.replay import snapshots

FORMAT = 1  # bumped when the cached story changes shape
TIMEOUT = 24 * 60 * 60


def story(table):
    """The table's story (see ``told``) with the players' names put in."""
    last = store.current_version(table.stream)
    told_now = cache.get_or_set(f"replay-story:{FORMAT}:{table.id}:{last}", lambda: told(table, last), TIMEOUT)
    # The table's name as it is now, not as it was cached: a table is renamed when its host deletes their
    # account (games.tables.leaving).
    return {**named(told_now, seat_names(table)), "table": table.name}


def told(table, last):
    """The story of ``table``'s first ``last`` events, naming seats as "{seat:N}": a dict with "table" and
    "game" (names people read), "players" (in place order: "seat", "name", "place" (1, 2, ... or None,
    unranked), "place_text" ("1st", "joint 2nd", "") and "score" (None where the game keeps none)),
    "started_at" and "ended_at" (the first and last events' times), "length" (the time between, in words),
    "moves" (the events, as the replay counts its steps), "result" (a sentence), "over", "abandoned" and
    "damaged_at" (the first event that does not fold, if one does not)."""
    engine = get_engine(table.game)
    state, damaged_at = _last_good_state(table, last)
    view = engine.view(state, None) if state is not None else {"players": []}
    over = state is not None and damaged_at is None and engine.is_over(state)
    abandoned = bool(view.get("abandoned"))
    winners = list(engine.winners(state)) if over and not abandoned else []
    players = _standing(view, winners)
    first, latest = _first_and_last(table, last)
    return {
        "table": table.name,
        "game": engine.title,
        "players": players,
        "started_at": first,
        "ended_at": latest,
        "length": _length(first, latest),
        "moves": last,
        "result": _result(engine.noun, state, over, abandoned, winners, players, damaged_at),
        "over": over,
        "abandoned": abandoned,
        "damaged_at": damaged_at,
    }


def _last_good_state(table, last):
    """(the state after event ``last``, None), or where the log does not fold, (the state before the
    first event that does not, its version): a damaged game's story is told up to where its record breaks."""
    try:
        return snapshots.rebuild(table, last)[0] if last else None, None
    except DamagedLog as damage:
        return (snapshots.rebuild(table, damage.version - 1)[0] if damage.version > 1 else None), damage.version


def _first_and_last(table, last):
    if not last:
        return None, None
    first = store.read(table.stream, upto=1, game=table.game)[0]
    latest = store.read(table.stream, upto=last, game=table.game, last=1)[0]
    return first.created_at, latest.created_at


def _length(start, end):
    """The wall time between the first and last events in words: "1 hour, 12 minutes", "under a minute"."""
    if start is None:
        return ""
    if (end - start).total_seconds() < 60:
        return "under a minute"
    return timesince(start, end, depth=2)


# --- places -------------------------------------------------------------------------------------------


def _standing(view, winners):
    """The players in place order (see ``told``): ranked seats first, then the unranked in seat order."""
    scores = [_score(player) for player in view["players"]]
    places = _places(view, scores, winners)
    ranked = sorted(places, key=places.get)
    unranked = [seat for seat in range(len(scores)) if seat not in places]
    shared = {place for place in places.values() if list(places.values()).count(place) > 1}
    return [
        {
            "seat": seat,
            "name": seat_in_text(seat),
            "place": places.get(seat),
            "place_text": _place_text(places.get(seat), shared),
            "score": scores[seat],
        }
        for seat in ranked + unranked
    ]


def _places(view, scores, winners):
    """{seat: place} for the seats the game ranks: none when nobody won (a draw, an abandoned game)."""
    if not winners:
        return {}
    standings = view.get("standings")
    if isinstance(standings, list) and standings and all(isinstance(entry, dict) for entry in standings):
        order = [entry.get("seat") for entry in standings]
        if _winners_first(order, winners):
            return {seat: place for place, seat in enumerate(order, start=1)}
    if scores and None not in scores:
        order = sorted(range(len(scores)), key=lambda seat: (seat not in winners, -scores[seat]))
        if _winners_first(order, winners) and min(scores[seat] for seat in winners) >= max(scores):
            return _competition_places(order, scores, winners)
    return dict.fromkeys(winners, 1)


def _winners_first(order, winners):
    return sorted(order[: len(winners)]) == sorted(winners)


def _competition_places(order, scores, winners):
    """Places by score, equal scores sharing a place ("1, 2, 2, 4"); the winners share 1st."""
    places = {}
    for position, seat in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        tied = before is not None and (seat in winners or (before not in winners and scores[seat] == scores[before]))
        places[seat] = places[before] if tied else position
    return places


def _score(player):
    score = player.get("score")
    return score if isinstance(score, int | float) and not isinstance(score, bool) else None


def _place_text(place, shared):
    if place is None:
        return ""
    return f"{'joint ' if place in shared else ''}{ordinal(place)}"


# --- the result in words ----------------------------------------------------------------------------------


def _result(noun, state, over, abandoned, winners, players, damaged_at):
    """One sentence: "{seat:0} won, 34 to 21 to 9.", "{seat:1} won.", "The game was abandoned.", ..."""
    if damaged_at is not None:
        return f"The record of this {noun} is damaged at move {damaged_at}: how it ended cannot be told."
    if state is None:
        return f"The {noun} has not started."
    if abandoned:
        return f"The {noun} was abandoned."
    if not over:
        return f"The {noun} is still being played."
    if winners:
        return f"{_and([seat_in_text(seat) for seat in winners])} won{_scores_in_words(players)}."
    return f"The {noun} was a draw{_scores_in_words(players, by_score=True)}."


def _scores_in_words(players, by_score=False):
    """What follows "{seat:0} won": ", 34 to 21 to 9", every player's score in place order (highest first,
    for a draw); "" where a player has no score or no place."""
    scores = [player["score"] for player in players]
    if None in scores or (not by_score and any(player["place"] is None for player in players)):
        return ""
    if by_score:
        scores.sort(reverse=True)
    return ", " + " to ".join(str(score) for score in scores)


def _and(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
