"""After a run: what the seats saw, checked against the event log in PostgreSQL.

* Every accepted move is in the log once, by the right user: the moves the seats saw answered
  chain the stream's versions from the deal to its end with no gap, no overlap and no event by
  anyone else; only a command still unanswered when its table was left may add events nobody saw.
  (So the log's moves equal the moves accepted; counting events would not do, as one command may
  append several: a discard, the draw and the next seat's score.)
* No seat saw another seat's hand: in sampled frames, the hand (``data-card``) is exactly that
  seat's own hand at that version, rebuilt from the log, and no card of the other hand is named
  (but those the seat may see elsewhere: a two-set deck has two of a card).

The floor's run (benchmarks/livebench/floor) is held to the first on its own streams; it deals no card.
"""

import json

from benchmarks.livebench import frames


def check_run(tables, samples):
    from games.models import Table
    from games.play import game_state

    report = _check_log(tables, lambda table_id: f"table-{table_id}")
    for sample in samples:
        table = Table.objects.get(pk=sample["table_id"])
        game = game_state.load_at(table, sample["version"])
        problem = _leak(sample, game.state.hands, game.engine.view(game.state, sample["seat"]))
        report["frames_spot_checked"] += 1
        if problem:
            report["problems"].append(f"table {sample['table_id']} v{sample['version']}: {problem}")
    return _concluded(report)


def check_floor_run(tables):
    """The log check of a floor run: its tables' streams hold the moves the seats saw answered, and no other."""
    from benchmarks.livebench.floor.tables import stream

    return _concluded(_check_log(tables, stream))


def _check_log(tables, stream_of):
    from events.models import Event

    report = {
        "tables": 0,
        "moves_accepted": 0,
        "moves_in_log": 0,
        "events_in_log": 0,
        "events_unseen_in_flight": 0,
        "frames_spot_checked": 0,
        "problems": [],
    }
    for record in tables.values():
        stream = stream_of(record.table_id)
        actors = dict(Event.objects.filter(stream=stream).values_list("version", "actor_user_id"))
        report["tables"] += 1
        report["moves_accepted"] += len(record.moves)
        report["events_in_log"] += len(actors)
        moves, unseen, problem = _chain(record, actors)
        report["moves_in_log"] += moves
        report["events_unseen_in_flight"] += unseen
        if problem:
            report["problems"].append(f"table {record.table_id}: {problem}")
    return report


def _concluded(report):
    report["ok"] = not report["problems"] and report["moves_in_log"] == report["moves_accepted"]
    report["problems"] = report["problems"][:10]
    return report


def _chain(record, actors):
    """(moves found in the log, events of an unanswered last command, a problem or None).

    A seat's answer is the table as its connection rendered it, which may already include the
    other seat's next move: so a move's events run from the version it was sent at to the version
    the next move was sent at (the last one's: as far as its mover's events go, up to its answer).
    """
    last = max(actors, default=0)
    if sorted(actors) != list(range(1, last + 1)):
        return 0, 0, "the stream's versions have a gap"
    if any(actors[v] != record.users[0] for v in range(1, record.start_version + 1)):
        return 0, 0, "the deal's events are not the host's"
    moves = sorted(record.moves)
    at, found = record.start_version, 0
    for number, (sent_at, seen_after, user) in enumerate(moves):
        if sent_at != at:
            return found, 0, f"a move was answered from v{sent_at} but the log has moves up to v{at}"
        if number + 1 < len(moves):
            end = moves[number + 1][0]
        else:
            end = sent_at  # its events end by the version it was answered at; later ones were in flight
            while end < min(last, seen_after) and actors[end + 1] == user:
                end += 1
        if not sent_at < end <= seen_after or any(actors[v] != user for v in range(sent_at + 1, end + 1)):
            return found, 0, f"no events v{sent_at + 1}..v{end} by the mover answered at v{seen_after}"
        at, found = end, found + 1
    unseen = last - at
    if unseen and not record.in_flight:
        return found, unseen, f"{unseen} events after v{at} that no seat saw answered"
    return found, unseen, None


def _leak(sample, hands, view):
    """The deck may hold two of a card: only the other hand's cards this seat's view has none of can leak."""
    own, other = hands[sample["seat"]], hands[1 - sample["seat"]]
    if sorted(sample["hand"]) != sorted(own):
        return f"seat {sample['seat']}'s frame shows the hand {sorted(sample['hand'])}, not its own {sorted(own)}"
    seen = json.dumps(view)
    named = [code for code in other if f'"{code}"' not in seen and frames.mentions_card(sample["text"], code)]
    if named:
        return f"seat {sample['seat']}'s frame names the other seat's cards {named}"
    return None
