"""The hash chain that makes a stream's log prove itself.

Every stored event carries ``hash``, a link: SHA-256 of the stream's secret salt, the previous event's
hash (``previous``; GENESIS for version 1) and the event's canonical form (``canonical``: every column
as stored, the payload as written, never upcast). Changing, removing, reordering or inserting an event
breaks the chain at that point, unless every later link is written again too: which is why the head (the
latest hash) is shown to players while the game runs and kept by their pages (docs/fair-deals.md,
"Threat model").

The salt (128 random bits per stream, ``StreamKey``) is in every link because events hold hidden cards
(a drawn card, in a "drew" event): knowing the heads around such an event and its redacted form, anyone
could otherwise try every card against a plain SHA-256. It is never shown while the game runs, and is
revealed with the record once the game is over, so that anyone can then recompute the chain.

``check`` walks a stream's rows and names the first break. No Django here: rows are any objects with the
Event columns as attributes.
"""

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import timezone

GENESIS = "0" * 64  # the "previous hash" of a stream's first event
SALT_BITS = 128

CHANGED, MISSING, REORDERED, INSERTED, BROKEN, NO_SALT = (
    "changed",
    "missing",
    "reordered",
    "inserted",
    "broken",
    "no salt",
)


def new_salt():
    """A fresh secret salt for a stream: 32 hex digits from the operating system's generator."""
    return secrets.token_hex(SALT_BITS // 8)


def canonical(stream, version, game, type, schema, payload, actor_kind, actor_user_id, created_at):
    """An event as text, exactly as stored: compact JSON, sorted keys, ASCII only, the time in UTC with
    microseconds. ``payload`` is the payload as stored (a JSON-like value read back from the database)."""
    return json.dumps(
        {
            "stream": stream,
            "version": version,
            "game": game,
            "type": type,
            "schema": schema,
            "payload": payload,
            "actor_kind": actor_kind,
            "actor_user": actor_user_id,
            "created_at": created_at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
    )


def canonical_row(row):
    """``canonical`` of a stored Event row (or anything with its columns as attributes)."""
    return canonical(
        row.stream,
        row.version,
        row.game,
        row.type,
        row.schema,
        row.payload,
        row.actor_kind,
        row.actor_user_id,
        row.created_at,
    )


def link(previous, text, salt):
    """The hash of an event whose canonical form is ``text``, following the hash ``previous``."""
    return hashlib.sha256(f"{salt}:{previous}:{text}".encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Break:
    """Where a stream's chain first fails: the event's version, what is wrong (CHANGED, MISSING, REORDERED,
    INSERTED, BROKEN, NO_SALT) and a sentence saying so."""

    version: int
    kind: str
    reason: str

    def as_dict(self):
        return {"version": self.version, "kind": self.kind, "reason": self.reason}


def check(rows, salt):
    """The first Break of the chain of ``rows`` (a stream's stored events in version order), or None.

    Every link is recomputed with ``salt``. What is wrong is named as closely as the chain allows: a version
    skipped is missing; an event that follows the event two before it has one inserted before it; one that
    follows another event than its predecessor was moved (reordered); one that follows a hash no event has
    comes after an event removed or rewritten; one that does not match its own hash was changed. An
    operator who writes every later link again is not caught here, only by someone who kept a head
    (docs/fair-deals.md, "Threat model")."""
    if not rows:
        return None
    if not salt:
        return Break(rows[0].version, NO_SALT, "The stream's salt is missing, so no link can be checked.")
    stored = {row.hash: row.version for row in rows}
    previous, expected = GENESIS, 1
    for row in rows:
        if row.version != expected:
            return Break(expected, MISSING, f"Event {expected} is missing.")
        if row.previous != previous:
            return _misplaced(row, stored.get(row.previous))
        if not hmac.compare_digest(link(row.previous, canonical_row(row), salt), row.hash or ""):
            return Break(row.version, CHANGED, f"Event {row.version} was changed: it does not match its hash.")
        previous, expected = row.hash, expected + 1
    return None


def _misplaced(row, follows):
    """The Break of ``row``, which does not follow its predecessor but the event ``follows`` (a version, or
    None when no stored event has the hash it follows)."""
    version = row.version
    if follows == version - 2:
        return Break(
            version - 1, INSERTED, f"Event {version - 1} was inserted: event {version} follows event {follows}."
        )
    if follows is not None:
        return Break(
            version, REORDERED, f"Event {version} is out of order: it follows event {follows}, not event {version - 1}."
        )
    return Break(
        version,
        BROKEN,
        f"Event {version} does not follow event {version - 1}: an event before it was "
        f"removed, or event {version - 1} was rewritten.",
    )


def head_of(rows):
    """The latest hash of ``rows`` (a stream's events in order), or GENESIS for none."""
    return rows[-1].hash if rows else GENESIS
