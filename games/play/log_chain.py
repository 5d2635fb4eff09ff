"""A table's log checked as a hash chain (events/chain.py): for the table and replay pages, the API and
``manage.py verify_game``.

``check(table)`` recomputes every link with the stream's salt and names the first break; it reads the
stored log, salt included, but tells only the verdict, the head and the hashes at the deals, so it may be
shown while the game runs. ``cached(table, version)`` keeps the verdict per (stream, version): a log at a
version never changes, and the table page checks it at every load. The salt itself is shown only once the
game is over (``revealed_salt``), with the record, so that anyone can then recompute the chain.
"""

import json
from dataclasses import dataclass, field

from django.core.cache import cache

from events import chain, store
from games.engines import get_engine

TIMEOUT = 24 * 60 * 60


@dataclass(frozen=True)
class ChainCheck:
    """A stream's chain checked up to ``version``: its ``head`` (the latest hash; chain.GENESIS before the
    first event), the first ``broken`` link (a chain.Break) or None, and ``deal_heads``, {version of a deal:
    the head at that version}, what a player's page keeps at each deal."""

    version: int
    head: str
    broken: chain.Break | None = None
    deal_heads: dict = field(default_factory=dict)

    @property
    def short_head(self):
        return self.head[:12]

    @property
    def deal_heads_json(self):
        """``deal_heads`` as JSON, for the page's script (static/js/log_heads.js)."""
        return json.dumps({str(version): head for version, head in self.deal_heads.items()})

    def as_dict(self):
        return {"version": self.version, "head": self.head, "broken": self.broken.as_dict() if self.broken else None}


def check(table, rows=None):
    """The ChainCheck of ``table``'s whole log (``rows``: the stream's stored rows, if read already)."""
    rows = store.rows(table.stream) if rows is None else rows
    engine = get_engine(table.game)
    deal_heads = {row.version: row.hash for row in rows if _is_deal(engine, store.payload_today(row, table.game))}
    return ChainCheck(
        rows[-1].version if rows else 0, chain.head_of(rows), chain.check(rows, store.salt(table.stream)), deal_heads
    )


def cached(table, version):
    """``check(table)`` as of ``version``, checked once per (stream, version)."""
    return cache.get_or_set(f"log-chain:{table.stream}:{version}", lambda: check(table), TIMEOUT)


def recent_deal_heads(engine, events):
    """{version: hash} of the deals among ``events`` (a live table's latest StoredEvents) as JSON: what the
    live frame gives the page to keep (static/js/log_heads.js), at no cost but a look at each event's type."""
    return json.dumps({str(event.version): event.hash for event in events if _is_deal(engine, event.payload)})


def revealed_salt(table):
    """The stream's salt once the game is over (anyone may then recompute the chain), else None."""
    if table.status != table.Status.FINISHED:
        return None
    return store.salt(table.stream) or None


def _is_deal(engine, payload):
    """Whether ``payload`` (in today's shape) is a deal: it carries a commitment, or its game names it one."""
    return "commitment" in payload or engine.is_deal(payload)
