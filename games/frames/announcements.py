"""What a live table's screen reader is told happened: the move log's newest lines (games/frames/move_log.py),
as the viewer's seat may read them, in spoken words ("jack of spades", not "J♠").

A snapshot of a live table (games.live.table_cache) carries its latest stored events (``recent``); each rendering
turns them into lines for its viewer, leaving out what the viewer did themselves (they know). The page
(static/js/table_access/announce.js) reads out the lines newer than the first frame it showed, once each.
"""

from games.frames import move_log

RECENT = 12  # events read out at most: more than one command of any game appends


def news(snap, seat, names):
    """Lines for the viewer in ``seat`` (None: a watcher): {"version", "text"} for each recent event the
    viewer did not make themselves, every card shown once the game is over (as the move log does)."""
    game = snap.game
    if not game.started:
        return []
    mine = snap.seated.get(seat)
    over = game.engine.is_over(game.state)
    told = [
        event
        for event in snap.recent[-RECENT:]
        if not (mine is not None and event.actor_kind == "user" and event.actor_user_id == mine.pk)
    ]
    return move_log.live_lines(game.engine, told, seat, over, names)
