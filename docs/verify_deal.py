#!/usr/bin/env python3
"""Check every deal of a finished Cardroom game against the commitment the server recorded when it dealt.

Usage:
    curl -u NAME:PASSWORD https://HOST/api/tables/TABLE_ID/events/ > events.json
    python3 verify_deal.py events.json        (or: ... | python3 verify_deal.py -)
    python3 verify_deal.py cardroom-spite-friday-night-2026-11-29.json   (a game's record: docs/record.md)

A game's record (the replay page's "Download the game") holds the same events; it is read only in a version
this script knows (RECORD_VERSIONS), and its list of deals and its log head must agree with its events.

Standard library only. Prints one line per deal and exits 0 when every committed deal verifies, 1 when
one fails (or a record disagrees with itself), 2 when a salt is not revealed yet (the game is still
running), the file is neither an event list nor a record, or the record's version is unknown.
How the commitment is made: docs/fair-deals.md. It is deliberately written apart from the server's own code
(games/engines/fairness.py), so that checking does not mean trusting the server's program.
"""

import hashlib
import hmac
import json
import sys

SCHEME = "sha256-v1"
RECORD_FORMAT = "cardroom-record"
RECORD_VERSIONS = (1,)


def commitment_of(order, salt):
    """SHA-256 of the salt, a colon and the order as compact JSON."""
    text = json.dumps(order, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(f"{salt}:{text}".encode("ascii")).hexdigest()


def check(event):
    """("ok" | "failed" | "none" | "hidden", label, reason) for an event that records a deal."""
    commitment = event["commitment"]
    if commitment is None:
        return "none", event.get("type", "event"), "no commitment recorded"
    label = commitment.get("label") or event.get("type", "event")
    if commitment.get("scheme") != SCHEME:
        return "failed", label, f"unknown scheme {commitment.get('scheme')!r}"
    salt = commitment.get("salt")
    if salt is None:
        return "hidden", label, "the salt is not revealed yet (is the game over?)"
    keys = commitment.get("keys") or []
    if any(key not in event for key in keys):
        return "failed", label, "the committed order is missing from the event"
    digest = commitment_of([event[key] for key in keys], salt)
    if not hmac.compare_digest(digest, str(commitment.get("sha256"))):
        return "failed", label, "the order and salt do not match the commitment"
    return "ok", label, "the order and salt match the commitment"


def deals(items):
    """(version, event) for every event with a "commitment" key: a list as /api/tables/<id>/events/ serves
    it ({"version": n, "event": {...}}), or a plain list of events."""
    for number, item in enumerate(items, start=1):
        event = item.get("event", item) if isinstance(item, dict) else None
        if isinstance(event, dict) and "commitment" in event:
            yield item.get("version", number), event


def record_events(record):
    """(the record's events, None), or (None, why it cannot be read): only a version this script knows."""
    version = record.get("version")
    if type(version) is not int or version not in RECORD_VERSIONS:
        known = ", ".join(str(known) for known in RECORD_VERSIONS)
        return None, (
            f"This record is version {json.dumps(version)}, and this script reads version {known} only: "
            "a newer verify_deal.py (docs/record.md) may read it."
        )
    events, deals_listed = record.get("events"), record.get("deals")
    if not (isinstance(events, list) and isinstance(deals_listed, list)):
        return None, "The record has no list of events or of deals."
    if not all(_numbered(event) and isinstance(event.get("event"), dict) for event in events):
        return None, 'An event of the record is not {"version": a number, "event": {...}, ...}.'
    if not all(_numbered(deal) for deal in deals_listed):
        return None, 'A deal of the record is not {"version": a number, "commitment": ..., ...}.'
    return events, None


def _numbered(item):
    return isinstance(item, dict) and type(item.get("version")) is int


def disagreements(record):
    """What a record says twice and differently: a deal its "deals" list and its event commit to otherwise
    (or that only one of them has), and a "log_head" that is not the last event's hash."""
    listed = {deal["version"]: deal.get("commitment") for deal in record["deals"]}
    found = dict(deals(record["events"]))
    for version in sorted(set(listed) | set(found)):
        if version not in found:
            yield f"event {version}: failed - the record lists a deal that its events do not hold"
        elif version not in listed:
            yield f"event {version}: failed - a deal of the events is missing from the record's deals"
        elif listed[version] != found[version]["commitment"]:
            yield f"event {version}: failed - the record's deals and its event commit to different things"
    events = record["events"]
    last = events[-1].get("hash") if events else None
    if record.get("log_head") != last:
        yield "log head: failed - the record's log_head is not the hash of its last event"


def read(argv):
    """(the events, the record or None) from the file ``argv`` names, or (None, why not) to print."""
    try:
        source = sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")
        with source:
            items = json.load(source)
    except (OSError, ValueError) as error:
        return None, f"Cannot read the events: {error}"
    if isinstance(items, dict) and items.get("format") == RECORD_FORMAT:
        events, refusal = record_events(items)
        return (events, items) if refusal is None else (None, refusal)
    if not isinstance(items, list):
        return None, "The file is not a list of events (save /api/tables/<id>/events/ as it is) nor a game's record."
    return items, None


def main(argv):
    if len(argv) != 2:
        print("usage: python3 verify_deal.py EVENTS.json   (or - to read standard input)", file=sys.stderr)
        return 2
    items, record = read(argv)
    if items is None:
        print(record, file=sys.stderr)
        return 2
    results = []
    for version, event in deals(items):
        result, label, reason = check(event)
        results.append(result)
        print(f"event {version} ({label}): {result} - {reason}")
    problems = list(disagreements(record)) if record else []
    for problem in problems:
        print(problem)
    if not results and not problems:
        print("No deals found in these events.")
        return 2
    if "failed" in results:
        failed = results.count("failed")
        print(
            f"FAILED: {failed} of {len(results)} {_deals(len(results))} {'does' if failed == 1 else 'do'} not match "
            f"{'its' if failed == 1 else 'their'} commitment."
        )
    if problems:
        print(f"FAILED: the record disagrees with itself ({len(problems)} {_places(len(problems))}).")
    if "failed" in results or problems:
        return 1
    if "hidden" in results:
        print("Not every salt is revealed yet: verify once the game is over.")
        return 2
    print(
        f"All {results.count('ok')} committed {_deals(results.count('ok'))} verified"
        + (f"; {results.count('none')} had no commitment recorded." if "none" in results else ".")
    )
    return 0


def _places(number):
    return "place" if number == 1 else "places"


def _deals(number):
    """ "deal" or "deals", for ``number`` of them."""
    return "deal" if number == 1 else "deals"


if __name__ == "__main__":
    sys.exit(main(sys.argv))
