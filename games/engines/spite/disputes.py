"""Which events are rulings players may dispute, whom they involve, what staff review them by, and
the staff command that overturns one (RULINGS "Table mode"). Rulings: a judged misplay call
(``misplay_called``) and the penalties of a failed come-at-me (a ``trick_won`` with penalties)."""

from ..base import seat_in_text
from ..wording import card, cards, cards_in_text, count

PLAYS = frozenset({"played", "played_fake_down", "reward_declared", "rewarded"})
TRICK_STARTS = frozenset({"trick_won", "dealt", "round_ended"})


def disputable(event):
    """The seats a ruling involves: the misplayer and the caller (whose fake jokers are the only ones a
    call moves), or the seats a failed come-at-me penalised; None for any other event."""
    if event.get("type") == "misplay_called":
        return tuple(sorted({event["seat"], event["caller"]}))
    if event.get("type") == "trick_won":
        penalised = tuple(seat for seat, skips in enumerate(event.get("penalties") or ()) if skips)
        return penalised or None
    return None


def ruling_facts(events, event):
    """The ruling's sentence, the rule, the cards it moved, the play it was on and the trick so far."""
    if event["type"] == "misplay_called":
        return _call_facts(events, event)
    return _come_at_me_facts(events, event)


def overturn_command(events, event, reason):
    """``overturn`` of a misplay ruling by its number, or of a trick's come-at-me penalties by theirs (the
    state numbers them in the order the tricks ended: evolve._trick_won)."""
    if event["type"] == "misplay_called":
        return {"type": "overturn", "ruling": event["ruling"], "reason": reason}
    earlier = sum(1 for e in events if e.get("type") == "trick_won" and any(e.get("penalties") or ()))
    return {"type": "overturn", "penalty": earlier + 1, "reason": reason}


def _call_facts(events, event):
    caller, seat = seat_in_text(event["caller"]), seat_in_text(event["seat"])
    verdict = "right" if event["correct"] else "wrong"
    penalised = seat if event["correct"] else caller
    called = next((e for e in events if e.get("type") in PLAYS and e.get("id") == event["play"]), None)
    facts = [
        _fact("Ruling", f"{caller} called a misplay on {seat}: {verdict}. {cards_in_text(event['text'])}"),
        _fact("Rule applied", event["rule"].replace("_", " ")),
        _fact("Called play", _play_words(called) if called else f"play {event['play']}"),
        _fact(
            "Penalty",
            f"{penalised}: {count(event['skips'], 'turn')} to skip"
            f"{', out of the trick' if event.get('barred') else ''}.",
        ),
        _fact(
            "Fake jokers forfeited",
            _cards(event["fakes"], f"from {penalised} to {caller if event['correct'] else 'the pile'}"),
        ),
    ]
    if event["from_pile"]:
        facts.append(_fact("From the fake-joker pile", _cards(event["from_pile"], f"to {caller}")))
    if event["from_deck"]:
        facts.append(_fact("From the deck", _cards(event["from_deck"], f"to {caller}")))
    if event["discarded"]:
        facts.append(_fact("Discarded (seen by the misplayer)", _cards(event["discarded"], "")))
    facts.append(_fact("Trick so far", _trick_words(events)))
    return facts


def _come_at_me_facts(events, event):
    penalties = event["penalties"]
    owed = "; ".join(
        f"{seat_in_text(seat)} {count(skips, 'turn')} to skip" for seat, skips in enumerate(penalties) if skips
    )
    return [
        _fact("Ruling", f'{seat_in_text(event["seat"])} won the trick: penalties for "come at me": {owed}.'),
        _fact(
            "Rule applied",
            "come at me (each seat that came at me and did not win the trick takes one penalty "
            "per come-at-me; a winner whose reward would be 0 or less takes that many)",
        ),
        _fact("Winner's come-at-me", "succeeded" if event.get("came_at_me_won") else "none or failed"),
        _fact("Trick so far", _trick_words(events)),
    ]


def _fact(label, text):
    return {"label": label, "text": text}


def _cards(codes, where):
    if not codes:
        return "none"
    return f"{cards(codes)} {where}".strip()


def _play_words(event):
    who = seat_in_text(event["seat"])
    kind = event["type"]
    if kind == "played_fake_down":
        return f"{who}: a fake joker face down ({card(event['fake'])})"
    if kind in ("reward_declared", "rewarded"):
        return (
            f"{who}: declared a reward of {count(event['declared'], 'card')}, viewed {cards(event['viewed']) or 'none'}"
        )
    shown = list(event["cards"]) + list(event.get("fake_up") or ()) + list(event.get("bonus_up") or ())
    extras = [word for word, on in (("come at me", event.get("come_at_me")), ("buy back", event.get("buy_back"))) if on]
    return f"{who}: {cards(shown)}" + (f" ({', '.join(extras)})" if extras else "")


def _trick_words(events):
    """The plays since the trick began (the latest trick_won, deal or round end), oldest first."""
    plays = []
    for event in events:
        if event.get("type") in TRICK_STARTS:
            plays = []
        elif event.get("type") in ("played", "played_fake_down"):
            plays.append(_play_words(event))
    return "; ".join(plays) or "no play yet"
