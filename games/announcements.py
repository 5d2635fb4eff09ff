"""What a live table's screen reader is told happened: the move log's newest lines (games/move_log.py),
as the viewer's seat may read them, in spoken words ("jack of spades", not "J♠").

A snapshot of a live table (games.live) carries its last few stored events (``recent``); each rendering
turns them into lines for its viewer, leaving out what the viewer did themselves (they know). The page
(static/js/table/announce.js) reads out the lines newer than the first frame it showed, once each.
"""
from events import store
from games import move_log

RECENT = 12  # events a snapshot keeps: more than one command of any game appends


def recent_events(table, version):
    """The table's stored events up to ``version``, the last RECENT of them (none before the game starts)."""
    if version <= 0:
        return []
    return store.read(table.stream, after=max(0, version - RECENT), upto=version, game=table.game)


def news(snap, seat, names):
    """Lines for the viewer in ``seat`` (None: a watcher): {"version", "text"} for each recent event the
    viewer did not make themselves, every card shown once the game is over (as the move log does)."""
    game = snap.game
    if not game.started:
        return []
    mine = snap.seated.get(seat)
    over = game.engine.is_over(game.state)
    return [{"version": event.version, "text": move_log.line(game.engine, event, seat, over, names)["text"]}
            for event in snap.recent
            if not (mine is not None and event.actor_kind == "user" and event.actor_user_id == mine.pk)]
