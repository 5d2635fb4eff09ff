"""Each Spite event in one sentence, as it is shown to its reader (engine.describe_event picks the form:
a seat's redacted event never holds another hand's cards, a verdict nobody has called, or the deck)."""

from ..base import by_event_type
from ..base import seat_in_text as who
from ..wording import card, cards, cards_in_text, count, described, ordinal, sized
from .event_types import EVENT_TYPES
from .hands import describe as hand_words
from .hands import read_hand


def describe(event):
    return described("Spite", _SENTENCES, event, _chosen)


def _chosen(event):
    """A seat's own move, which the turn clock may make for it (a pass, a reward); not what follows by
    itself (a trick won, a barred seat's pass, a skip, the next deal)."""
    if event["type"] == "passed":
        return not event.get("countdown") and not event.get("barred")
    return event["type"] in ("played", "played_fake_down", "declined", "reward_declared", "rewarded")


def _match_started(event):
    fakes = sized(event, "fake_joker_faces", "fake_joker_count")
    return f"The match starts with {event['players']} players and {count(fakes, 'fake joker')}"


def _dealt(event):
    dealt = f"Round {event['round']} is dealt"
    if event.get("bounty"):
        dealt += f"; the bounty is {card(event['bounty'])}"
    if event.get("leader") is not None:
        dealt += f"; {who(event['leader'])} leads"
    held = [f"{who(seat)} holds {cards(hand)}" for seat, hand in enumerate(event["hands"]) if hand is not None]
    return "; ".join([dealt, *held])


def _swapped(event):
    parts = []
    for seat, (gave, took) in enumerate(zip(event["gave"], event["took"])):
        if gave or took:  # a list the reader may see, or a count (0: nothing swapped)
            parts.append(f"{who(seat)} gives {_some_cards(gave)} and takes {_some_cards(took)}")
    swapped = "Cards are swapped: " + "; ".join(parts) if parts else "Nobody swaps cards"
    if event["discarded"]:
        swapped += f"; {cards(event['discarded'])} turned face up"
    return swapped


def _some_cards(shown):
    """A list the reader may see, by its cards; a count, by its number."""
    return cards(shown) if isinstance(shown, list) else count(shown, "card")


def _asked(event):
    return f"Whoever holds a {event['rank']} may lead"


def _declined(event):
    return f"{who(event['seat'])} declines to lead with a {event['rank']}"


def _ask_expired(event):
    """Every reader's form has no ``seats`` while the match runs (who held the rank is secret)."""
    expired = f"Nobody led with a {event['rank']} in time, so the ask moves up"
    if event.get("seats"):
        expired += f" ({', '.join(who(seat) for seat in event['seats'])} did not answer)"
    return expired


def _played(event):
    extras = list(event.get("fake_up") or []) + list(event.get("bonus_up") or [])
    hand = read_hand(list(event["cards"]) + extras)
    played = f"{who(event['seat'])} plays {cards(event['cards'])}"  # cards that make no hand: just the cards
    if not hand.malformed:
        played = f"{who(event['seat'])} plays {hand_words(hand)} ({cards(event['cards'])})"
    if extras:
        played += f", with {cards(extras)} face up"
    if event.get("buy_back"):
        played += f", buying back {count(event['buy_back'], 'card')}"
    if event.get("announce"):
        played += f", announcing {event['announce']}"
    if event.get("bounty_claim"):
        played += ", claiming the bounty"
    if event.get("come_at_me"):
        played += " — come at me!"
    return played + _verdict(event)


def _verdict(event):
    """The hidden verdict, in the open form only (a seat's event has none)."""
    misplay = event.get("misplay")
    return f" (a misplay: {cards_in_text(misplay['text'])})" if misplay else ""


def _played_fake_down(event):
    played = f"{who(event['seat'])} plays a fake joker face down"
    if event.get("fake"):
        played += f" ({card(event['fake'])})"
    if event.get("come_at_me"):
        played += " — come at me!"
    return played + _verdict(event)


def _bounty_claimed(event):
    fakes = sized(event, "fakes", "fakes_count")
    from_deck = sized(event, "from_deck", "from_deck_count")
    claimed = f"{who(event['seat'])} claims the bounty: {count(fakes, 'fake joker')}"
    if isinstance(event.get("fakes"), list) and event["fakes"]:
        claimed += f" ({cards(event['fakes'])})"
    if from_deck:
        claimed += f" and {count(from_deck, 'card')} from the deck"
        if isinstance(event.get("from_deck"), list):
            claimed += f" ({cards(event['from_deck'])})"
    if event.get("discarded"):
        claimed += f"; {card(event['discarded'])} is discarded"
    claimed += f"; the next bounty is {card(event['bounty'])}" if event.get("bounty") else "; no bounty is left"
    return claimed


def _skipped(event):
    return f"{who(event['seat'])} sits out a turn (a penalty)"


def _reward_declared(event):
    declared = f"{who(event['seat'])} declares a reward of {count(event['declared'], 'card')}"
    if isinstance(event.get("viewed"), list):
        declared += f" and views {cards(event['viewed']) or 'nothing'}"
    return declared + _verdict(event)


def _rewarded(event):
    rewarded = f"{who(event['seat'])} takes the reward of {count(event['declared'], 'card')}"
    if "viewed" in event:  # the seat's own (or the open form): the cards and the swap
        if event.get("take") is not None:
            rewarded += f", swapping {card(event['give'])} for {card(event['take'])}"
        else:
            rewarded += f", keeping none of {cards(event['viewed']) or 'nothing'}"
    else:
        rewarded += ", swapping one card" if event.get("swapped") else ", keeping none"
    return rewarded + _verdict(event)


def _joined(event):
    return f"{who(event['seat'])} joins the match and is dealt in from the next round"


def _drew(event):
    drawn = f"{who(event['seat'])} draws {count(sized(event, 'cards', 'count'), 'card')}"
    if event.get("cards"):
        drawn += f": {cards(event['cards'])}"
    return drawn


def _passed(event):
    passed = f"{who(event['seat'])} passes"
    if event.get("countdown"):
        passed += " (the countdown ran out)"
    elif event.get("barred"):
        passed += " (barred from this trick)"
    return passed


_PLACE_REASONS = {
    "out": "out of cards",
    "joker_hand_at_the_end": "went out on a joker hand",
    "twenty_cards": "holds 20 cards or more",
    "last": "the last one left",
}


def _placed(event):
    reason = _PLACE_REASONS.get(event.get("reason"), event.get("reason") or "")
    return f"{who(event['seat'])} finishes {ordinal(event['place'] + 1)}" + (f" ({reason})" if reason else "")


def _trick_won(event):
    won = f"{who(event['seat'])} wins the trick"
    if event.get("came_at_me_won"):
        won += " and the come-at-me"
    if event.get("reward"):
        won += f", earning a reward of {count(event['reward'], 'card')}"
    penalised = [seat for seat, skips in enumerate(event.get("penalties") or []) if skips > 0]
    if penalised:
        won += "; " + ", ".join(
            f"{who(seat)} must sit out {count(event['penalties'][seat], 'turn')}" for seat in penalised
        )
    if event["leader"] != event["seat"] and event["leader"] is not None:
        won += f"; {who(event['leader'])} leads next"
    return won


def _round_ended(event):
    order = ", ".join(f"{who(seat)} {_signed(event['points'][seat])}" for seat in event["places"] if seat is not None)
    return f"Round {event['round']} ends: {order}"


def _signed(points):
    return f"+{points}" if points > 0 else str(points)


def _match_ended(event):
    if event.get("winner") is None:
        return "The match is over"
    return f"The match is over: {who(event['winner'])} wins"


def _countdown_started(event):
    return f"{who(event['by'])} starts a {event['seconds']}-second countdown on {who(event['seat'])}"


def _misplay_called(event):
    verdict = "right" if event["correct"] else "wrong"
    return f"{who(event['caller'])} calls a misplay on {who(event['seat'])}: {verdict} — {cards_in_text(event['text'])}"


def _ruling_overturned(event):
    overturned = f"Staff overturn ruling {event['ruling']}: {event['reason']}"
    if event.get("not_undone"):
        overturned += " (" + " ".join(cards_in_text(line) for line in event["not_undone"]) + ")"
    return overturned


def _penalty_overturned(event):
    overturned = f"Staff overturn come-at-me penalty {event['penalty']}: {event['reason']}"
    if event.get("not_undone"):
        overturned += " (" + " ".join(cards_in_text(line) for line in event["not_undone"]) + ")"
    return overturned


_SENTENCES = by_event_type(EVENT_TYPES, globals())
