"""Play now's rule of who sits together: from the players waiting for one game, in joining order, the
tables to deal now. Pure (no database, no clock): games.tables.play_now reads the queue and seats them.

First come, first seated, players before bots:

1. The oldest waiting player whose wish can be met by the people waiting decides the next table. A wish
   is a seat count, or "any" (every count the game allows). For each count the player accepts, the table
   takes that player and the others who accept it, oldest first; of the counts that can be filled, the one
   whose last member joined earliest wins (the table that could have formed first), a tie going to the
   larger table. So waiting "any" players fill the smallest table as soon as it can be filled, and join an
   exact wish's table in their turn. Those seated leave the line, and the next table is looked for.
2. When no more tables of people can be formed, the oldest player whose bots' wait has run out gets a
   table of their wish (for "any", the game's smallest) with the others whose wait has run out too and
   who accept that count, oldest first; bots fill the seats left.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Wish:
    """A waiting player's wish: ``key`` names the player, ``seat_count`` None is "any", ``bots_due``: the
    player accepts bots and has waited as long as they asked."""

    key: object
    seat_count: int | None
    bots_due: bool = False

    def accepts(self, seat_count):
        return self.seat_count is None or self.seat_count == seat_count


@dataclass(frozen=True)
class Group:
    """A table to deal: the players' keys in joining order (the first is its host), its seat count, and
    how many of its seats bots fill."""

    players: tuple
    seat_count: int
    bots: int = 0


def tables(waiting, seat_counts):
    """The tables to deal now, in the order they form, from ``waiting`` (Wishes, oldest first) and the
    game's ``seat_counts`` (ascending). Each player is in one table at most."""
    line = list(waiting)
    groups = []
    while group := _people_table(line, seat_counts) or _bots_table(line, seat_counts):
        groups.append(group)
        seated = set(group.players)
        line = [wish for wish in line if wish.key not in seated]
    return groups


def _people_table(line, seat_counts):
    for wish in line:
        group = _best_group(wish, line, seat_counts)
        if group is not None:
            return group
    return None


def _best_group(wish, line, seat_counts):
    """The table ``wish`` decides among the people in ``line``, or None if none of its counts can be filled."""
    candidates = []
    for count in [wish.seat_count] if wish.seat_count else seat_counts:
        members = _members(wish, line, count, lambda other: True)
        if len(members) == count:
            completed_at = max(line.index(member) for member in members)
            candidates.append((completed_at, -count, members))
    if not candidates:
        return None
    _, negative_count, members = min(candidates, key=lambda candidate: candidate[:2])
    return Group(tuple(member.key for member in members), -negative_count)


def _bots_table(line, seat_counts):
    due = next((wish for wish in line if wish.bots_due), None)
    if due is None:
        return None
    count = due.seat_count or seat_counts[0]
    members = _members(due, line, count, lambda other: other.bots_due)
    return Group(tuple(member.key for member in members), count, bots=count - len(members))


def _members(wish, line, count, also):
    """``wish`` and up to ``count`` - 1 others of ``line`` who accept ``count`` (and ``also``), in joining order."""
    others = [other for other in line if other is not wish and other.accepts(count) and also(other)][: count - 1]
    return sorted([wish, *others], key=line.index)
