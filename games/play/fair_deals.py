"""Fair deals for the platform: every deal of a table checked against its commitment (games/engines/fairness.py).

``report(table)`` is what the replay page and ``manage.py verify_game`` show: one DealCheck per deal, in
log order, with a label the engine wrote ("event 1 (the deal)") and a result (ok, failed: also a deal whose
commitment was removed, none: recorded before deals were committed, hidden: the salt is not revealed yet).
It reads the stored log, salts included, but tells only each deal's verdict, so it may be shown while the
game runs.
"""

from django.utils.translation import ngettext

from events import store
from games.engines import get_engine
from games.engines.fairness import FAILED, HIDDEN, NONE, OK, DealCheck, all_verified, check_stored

__all__ = ["report", "summary", "context", "all_verified", "DealCheck", "OK", "FAILED", "NONE", "HIDDEN"]


def report(table, rows=None):
    """A DealCheck for every deal of ``table`` (none before the game starts). ``rows``: the stream's stored
    rows, if read already (store.rows). A deal is known by its game (``Engine.is_deal``), so one whose
    commitment was removed fails rather than passing unseen."""
    engine = get_engine(table.game)
    checks = (
        check_stored(row.version, row.payload, store.payload_today(row, table.game), engine.is_deal)
        for row in (store.rows(table.stream) if rows is None else rows)
    )
    return [check for check in checks if check is not None]


def summary(checks):
    """The report in one sentence, for people: "3 deals verified." or "1 of 3 deals failed verification."."""
    if not checks:
        return "No cards have been dealt yet."
    counts = {result: sum(check.result == result for check in checks) for result in (OK, FAILED, NONE, HIDDEN)}
    if counts[FAILED]:
        return ngettext(
            "%(failed)d of %(dealt)d deal failed verification.",
            "%(failed)d of %(dealt)d deals failed verification.",
            len(checks),
        ) % {"failed": counts[FAILED], "dealt": len(checks)}
    sentence = ngettext("%(ok)d deal verified", "%(ok)d deals verified", counts[OK]) % {"ok": counts[OK]}
    if counts[NONE]:
        sentence += f", {counts[NONE]} with no commitment recorded"
    if counts[HIDDEN]:
        sentence += f", {counts[HIDDEN]} not yet revealed"
    return sentence + "."


def context(table):
    """What templates/games/_fair_deals.html draws: {"checks": report(table), "summary": its sentence}."""
    checks = report(table)
    return {"checks": checks, "summary": summary(checks)}
