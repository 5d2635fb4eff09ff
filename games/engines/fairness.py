"""Provably fair deals: a SHA-256 commitment to every shuffled order, checked once the salt is revealed.

Every event that sets an order of cards by chance (a deal, a reshuffle) carries a ``commitment``:

    {"scheme": "sha256-v1", "label": "the deal", "keys": ["hands", "draw_pile"],
     "sha256": "<hex>", "salt": "<32 hex digits>"}

The committed order is the list of the event's values under ``keys``, in that order, written as compact
JSON (``serialise``); the digest is SHA-256 of ``salt + ":" + that JSON`` (``commit``). The salt comes from
the game's random generator. While the game runs every seat and watcher is shown the digest but neither
the salt nor the order (``seal``); once it is over the whole log is public and anyone can check each deal
(``verify``; docs/fair-deals.md, docs/verify_deal.py). Events recorded before commitments existed are
upcast with ``"commitment": None`` (``uncommitted``): "no commitment recorded", not a failure.
"""

import hashlib
import hmac
import json
from dataclasses import dataclass

SCHEME = "sha256-v1"
SALT_BITS = 128

OK, FAILED, NONE, HIDDEN = "ok", "failed", "none", "hidden"


def serialise(order):
    """The committed order as text: compact JSON, no spaces, ASCII only."""
    return json.dumps(order, separators=(",", ":"), ensure_ascii=True)


def commit(order, salt):
    """The commitment to ``order`` (JSON-like) under ``salt`` (a string): a SHA-256 hex digest."""
    return hashlib.sha256(f"{salt}:{serialise(order)}".encode("ascii")).hexdigest()


def new_salt(rng):
    """A fresh secret salt from the game's random generator: 32 hex digits."""
    return format(rng.getrandbits(SALT_BITS), f"0{SALT_BITS // 4}x")


def committed_order(event, keys):
    return [event[key] for key in keys]


def committed(event, keys, label, rng):
    """``event`` with a commitment to its values under ``keys``; ``label`` names the deal for people."""
    salt = new_salt(rng)
    return {
        **event,
        "commitment": {
            "scheme": SCHEME,
            "label": label,
            "keys": list(keys),
            "sha256": commit(committed_order(event, keys), salt),
            "salt": salt,
        },
    }


def seal(event, redacted):
    """``redacted`` (what a seat is shown of ``event`` while the game runs) with the event's commitment
    but not its salt. Every engine's ``redact_event`` passes its result through here."""
    if "commitment" not in event:
        return redacted
    commitment = event["commitment"]
    shown = None if commitment is None else {key: value for key, value in commitment.items() if key != "salt"}
    return {**redacted, "commitment": shown}


def always(payload):
    """Every event of its type is a deal (for an engine's ``deals``)."""
    return True


def uncommitted(is_deal=always):
    """An upcaster for an event type recorded before commitments: a deal gets ``"commitment": None``."""

    def upcast(payload):
        if "commitment" in payload or not is_deal(payload):
            return payload
        return {**payload, "commitment": None}

    return upcast


@dataclass(frozen=True)
class DealCheck:
    """One deal's verdict: ``result`` is OK, FAILED, NONE (no commitment recorded) or HIDDEN (the salt is
    not revealed yet); ``reason`` says why in a sentence."""

    version: int
    label: str
    result: str
    reason: str

    def as_dict(self):
        return {"version": self.version, "label": self.label, "result": self.result, "reason": self.reason}


def verify(events):
    """A DealCheck for every event that is a deal (has a ``commitment`` key), in log order.

    ``events`` are payloads (versions count from 1) or (version, payload) pairs."""
    checks = []
    for number, item in enumerate(events, start=1):
        version, event = item if isinstance(item, tuple) else (number, item)
        if "commitment" in event:
            checks.append(check_deal(version, event))
    return checks


def check_stored(version, stored, event, is_deal):
    """The DealCheck of an event as stored (``stored``, the payload as written) and as read today
    (``event``, upcast), or None when it is no deal (``is_deal(event)``, which never looks at the
    commitment). A deal recorded before commitments is read with ``"commitment": None`` by its upcaster:
    NONE. One stored with a null commitment, or without one in today's shape, lost it: FAILED (the engines
    never write either)."""
    if "commitment" in stored and stored["commitment"] is None:
        return DealCheck(
            version, _label(version, event, None), FAILED, "The deal's commitment was removed (it is null)."
        )
    if "commitment" in event:
        return check_deal(version, event)
    if is_deal(event):
        return DealCheck(version, _label(version, event, None), FAILED, "The deal has no commitment: it was removed.")
    return None


def check_deal(version, event):
    commitment = event["commitment"]
    if commitment is None:
        return DealCheck(
            version, _label(version, event, None), NONE, "No commitment recorded (dealt before deals were committed)."
        )
    label = _label(version, event, commitment)
    if commitment.get("scheme") != SCHEME:
        return DealCheck(version, label, FAILED, f"Unknown commitment scheme {commitment.get('scheme')!r}.")
    if commitment.get("salt") is None:
        return DealCheck(version, label, HIDDEN, "The salt is not revealed yet: the game is still running.")
    keys = commitment.get("keys") or []
    missing = [key for key in keys if key not in event]
    if missing:
        return DealCheck(version, label, FAILED, f"The committed order is not in the event: {', '.join(missing)}.")
    digest = commit(committed_order(event, keys), commitment["salt"])
    if not hmac.compare_digest(digest, str(commitment.get("sha256"))):
        return DealCheck(version, label, FAILED, "The order and salt do not match the commitment.")
    return DealCheck(version, label, OK, "The order and salt match the commitment.")


def _label(version, event, commitment):
    what = commitment.get("label") if commitment else None
    return f"event {version} ({what or event.get('type', 'event')})"


def all_verified(checks):
    """No deal failed (deals with no commitment recorded count as passed)."""
    return all(check.result in (OK, NONE) for check in checks)
