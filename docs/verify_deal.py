#!/usr/bin/env python3
"""Check every deal of a finished Cardroom game against the commitment the server recorded when it dealt.

Usage:
    curl -u NAME:PASSWORD https://HOST/api/tables/TABLE_ID/events/ > events.json
    python3 verify_deal.py events.json        (or: ... | python3 verify_deal.py -)

Standard library only. Prints one line per deal and exits 0 when every committed deal verifies, 1 when
one fails, 2 when a salt is not revealed yet (the game is still running) or the file is not an event list.
How the commitment is made: docs/fair-deals.md. It is deliberately written apart from the server's own code
(games/engines/fairness.py), so that checking does not mean trusting the server's program.
"""

import hashlib
import hmac
import json
import sys

SCHEME = "sha256-v1"


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


def main(argv):
    if len(argv) != 2:
        print("usage: python3 verify_deal.py EVENTS.json   (or - to read standard input)", file=sys.stderr)
        return 2
    try:
        source = sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")
        with source:
            items = json.load(source)
    except (OSError, ValueError) as error:
        print(f"Cannot read the events: {error}", file=sys.stderr)
        return 2
    if not isinstance(items, list):
        print("The file is not a list of events (save /api/tables/<id>/events/ as it is).", file=sys.stderr)
        return 2
    results = []
    for version, event in deals(items):
        result, label, reason = check(event)
        results.append(result)
        print(f"event {version} ({label}): {result} - {reason}")
    if not results:
        print("No deals found in these events.")
        return 2
    if "failed" in results:
        failed = results.count("failed")
        print(
            f"FAILED: {failed} of {len(results)} {_deals(len(results))} {'does' if failed == 1 else 'do'} not match "
            f"{'its' if failed == 1 else 'their'} commitment."
        )
        return 1
    if "hidden" in results:
        print("Not every salt is revealed yet: verify once the game is over.")
        return 2
    print(
        f"All {results.count('ok')} committed {_deals(results.count('ok'))} verified"
        + (f"; {results.count('none')} had no commitment recorded." if "none" in results else ".")
    )
    return 0


def _deals(number):
    """ "deal" or "deals", for ``number`` of them."""
    return "deal" if number == 1 else "deals"


if __name__ == "__main__":
    sys.exit(main(sys.argv))
