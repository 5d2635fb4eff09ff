"""What one seat (or a spectator, seat None) may see: the state as a view, and each event.

All hiding of hidden information lives here. Hidden: every hand but the
viewer's own, the deck's order, the cards a seat draws and the cards each
seat gives and takes in the swap. Public: every play, pass and placement,
the bounty, scores, and the swap's leftover cards (turned face up).
"""

import re

from .. import turn_clock
from ..fairness import seal
from ..redaction import as_count, deal_without_other_hands, public
from .come_at_me import viewed_cards
from .consec import describe_consec, in_force, next_value
from .deck import fibonacci
from .hands import describe, sole_natural_value, sort_cards
from .opening import may_open
from .overturn import kept_fakes
from .rounds import standings


def view(state, seat):
    trick = state.trick
    return {
        "game": "spite",
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "winner": state.winner,
        "abandoned": state.clock.abandoned,
        "round": state.round,
        "rounds": state.options.rounds,
        "options": state.options.as_dict(),
        "phase": state.phase,
        "direction": state.direction,
        "bounty": state.bounty,
        "buy_back_next": fibonacci(state.buy_backs),
        "finish_order": list(state.places),
        "ask": state.ask,
        "declined": sorted(other for other, asked in state.declined if asked == state.ask),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "fake_joker_pile": len(state.fake_pile),
        "trick": {
            "leader": trick.leader,
            "plays": [_play(play, state.window) for play in trick.plays],
            "arity": trick.arity,
            "top": describe(trick.top) if trick.top is not None else None,
            "passed": sorted(trick.passed),
            # Natural 7s of this size on top reverse the direction by themselves (no announcement).
            "sevens_size": (
                trick.last.hand.size
                if trick.last and trick.last.hand and sole_natural_value(trick.last.hand) == "7"
                else None
            ),
            "consec": _consec(trick, state.direction),
        },
        "reward": _reward(state, seat),
        "countdown": _countdown(state.countdown),
        "open_call": {"play": state.window.play, "seat": state.window.seat} if state.window else None,
        "rulings": [_ruling(ruling, state.next_play_id) for ruling in state.rulings],
        # Whether a play broke a rule stays hidden until it is called, or until the match is over.
        "uncalled_misplays": list(state.uncalled) if state.over else None,
        "last_round": state.last_round,
        "standings": _standings(state),
        "can_open": seat is not None and bool(state.hands) and may_open(state, seat),  # no hands before the deal
        "players": [_player(state, other, seat) for other in range(state.players)],
    }


def _play(play, window):
    shown = _shown_play(play)
    shown["open_to_call"] = window is not None and window.play == play.id
    return shown


def _shown_play(play):
    if play.hand is None:
        return {
            "id": play.id,
            "seat": play.seat,
            "cards": [],
            "kind": "fake_joker",
            "value": None,
            "description": "a fake joker, face down",
            "face_down": True,
            "fake_up": [],
            "announce": None,
            "buy_back": None,
            "come_at_me": play.come_at_me,
            "bounty_claim": None,
        }
    return {
        "id": play.id,
        "seat": play.seat,
        "cards": list(play.shown),
        "kind": play.hand.kind,
        "value": play.hand.value,
        "description": describe(play.hand),
        "face_down": False,
        "fake_up": list(play.fake_up + play.bonus_up),
        "announce": play.announce,
        "buy_back": play.buy_back,
        "come_at_me": play.come_at_me,
        "bounty_claim": play.bounty_claim,
    }


def _consec(trick, direction):
    if not in_force(trick):
        return None
    return {
        "numerical": trick.step,
        "suits": list(trick.suits) if trick.suits else None,
        "next_value": next_value(trick, direction),
        "text": describe_consec(trick, direction),
    }


def _countdown(countdown):
    if countdown is None:
        return None
    return {"countdown": countdown.number, "seat": countdown.seat, "by": countdown.by, "seconds": countdown.seconds}


def _ruling(ruling, next_play_id):
    """A ruling; ``on_latest_play``: nothing has been played since the play it was given on (the board
    shows it beside the trick only then, the play ids running on through the match)."""
    return {
        "id": ruling.id,
        "play": ruling.play,
        "seat": ruling.seat,
        "caller": ruling.caller,
        "what": ruling.what,
        "correct": ruling.correct,
        "rule": ruling.rule,
        "text": ruling.text,
        "skips": ruling.skips,
        "fakes_to_caller": len(ruling.fakes) if ruling.correct else 0,
        "from_pile": len(ruling.from_pile),
        "from_deck": len(ruling.from_deck),
        "overturned": ruling.overturned,
        "on_latest_play": ruling.play == next_play_id - 1,
    }


def _reward(state, seat):
    """A come-at-me reward step owed: whose, and (for that seat only) the cards it views.

    In table mode declaring the count is the player's own job (a wrong one is a misplay): the count is
    never told, and the cards are shown only once it is declared, so their number cannot give it away."""
    reward = state.reward
    if reward is None:
        return None
    mine = seat == reward.seat
    if state.options.table_mode:
        cards = list(reward.viewed) if reward.declared is not None else None
        count = None
    else:
        cards, count = viewed_cards(state), reward.count
    return {
        "seat": reward.seat,
        "declared": reward.declared,
        "card_count": None if cards is None else len(cards),
        "cards": cards if mine else None,
        "count": count if mine else None,
    }


def _player(state, other, viewer):
    player = {
        "seat": other,
        "score": state.scores[other],
        "hand_count": len(state.hands[other]) if state.hands else 0,
        "fake_joker_count": len(state.fakes[other]),
        "reward_card_count": len(state.bonus[other]),
        "skips": state.skips[other],
        "misplays": state.misplays[other],
        "barred": other in state.trick.barred,
        "absent": state.clock.is_absent(other),
        "with_bot": state.clock.has_bot(other),
        "resigned": other in state.clock.resigned,
        "waiting_for_deal": other in state.joiners,  # joined late: sits this round out
        "passed": other in state.trick.passed,
        "place": state.places.index(other) if other in state.places else None,
    }
    if other == viewer:
        player["hand"] = list(sort_cards(state.hands[other])) if state.hands else []
        player["fake_jokers"] = list(state.fakes[other])
        player["reward_cards"] = list(state.bonus[other])
    return player


def _standings(state):
    if not state.finish_history:
        return (
            None if not state.over else [{"seat": seat, "score": state.scores[seat]} for seat in range(state.players)]
        )
    order = standings(state.scores, state.finish_history[-1])
    return [{"seat": seat, "score": state.scores[seat]} for seat in order]


def redact_event(event, seat):
    """The event as ``seat`` may see it while the match runs (None: a spectator): a deal's commitment
    without its salt."""
    return seal(event, _redacted(event, seat))


def _redacted(event, seat):
    kind = event.get("type")
    if kind == "match_started":  # the fake jokers' faces are held face down
        return as_count(public(event), "fake_joker_faces", "fake_joker_count")
    if kind == "dealt":
        return as_count(deal_without_other_hands(event, seat), "deck", "deck_count")
    if kind == "swapped":
        return _redact_swap(event, seat)
    if kind == "drew":
        return _redact_draw(event, seat)
    if kind in _MAY_BE_MISPLAYS:
        return _redact_play(event, seat)
    if kind == "misplay_called":
        return _redact_ruling(event, seat)
    if kind == "ruling_overturned":
        return _redact_overturn(event, seat)
    if kind == "ask_expired":  # the seats that held the rank and did not answer: nobody is told them
        return {key: value for key, value in event.items() if key != "seats"}
    if kind == "bounty_claimed":
        redacted = as_count(public(event), "deck", "deck_count")
        if event["seat"] == seat:
            return redacted
        return as_count(as_count(redacted, "from_deck", "from_deck_count"), "fakes", "fakes_count")
    if kind in _PUBLIC_EVENTS:
        return public(event)
    raise ValueError(f"Spite has no event type {kind!r}.")


_PUBLIC_EVENTS = (
    frozenset(
        {
            "asked",
            "declined",
            "passed",
            "placed",
            "trick_won",
            "round_ended",
            "match_ended",
            "skipped",
            "joined",
            "countdown_started",
            "penalty_overturned",
        }
    )
    | turn_clock.EVENT_TYPES
)
_MAY_BE_MISPLAYS = frozenset({"played", "played_fake_down", "reward_declared", "rewarded"})


def _redact_play(event, seat):
    """A play (or reward declaration) without table mode's verdict, which nobody sees until it is called."""
    redacted = public(event)
    redacted.pop("misplay", None)
    mine = event["seat"] == seat
    if event["type"] == "played_fake_down" and not mine:
        redacted["fake"] = None
    if event["type"] in ("reward_declared", "rewarded") and not mine:  # the viewed cards are the seat's
        redacted = {
            "type": event["type"],
            "seat": event["seat"],
            "declared": event["declared"],
            "viewed_count": len(event["viewed"]),
            **({"id": event["id"]} if "id" in event else {}),
        }
        if event["type"] == "rewarded":
            redacted["swapped"] = event["take"] is not None
    return redacted


def _redact_ruling(event, seat):
    """A judged call: each card it moved shows its face only to the seats that held it or receive it
    (the misplayer's fake jokers: the misplayer and a correct caller; a fake joker or deck card earned
    from the pile or the deck: the caller; the cards the misplayer saw and that are discarded: the
    misplayer); everyone else gets their number, as the view shows."""
    caller, misplayer = event["caller"], event["seat"]
    knowing = {
        "fakes": {caller, misplayer} if event["correct"] else {caller},
        "from_pile": {caller},
        "from_deck": {caller},
        "discarded": {misplayer},
    }
    redacted = public(event)
    for key, seats in knowing.items():
        if key in redacted and seat not in seats:
            as_count(redacted, key, f"{key}_count")
    return redacted


def _redact_overturn(event, seat):
    """An overturned ruling: a fake joker moved back shows its face only to the seats it moves between,
    a deck card taken back from a correct caller only to that caller."""
    redacted = public(event)
    redacted["moves"] = [
        move if seat is not None and seat in (move["from"], move["to"]) else {**move, "face": None}
        for move in event["moves"]
    ]
    if "discarded" in redacted and seat != event.get("caller"):  # the caller's deck card, taken back
        as_count(redacted, "discarded", "discarded_count")
    redacted["not_undone"] = [_LEGACY_KEPT_FAKES.sub(_count_faces, line) for line in event["not_undone"]]
    return redacted


# Overturns recorded before their sentences counted fake jokers named the faces kept.
_LEGACY_KEPT_FAKES = re.compile(r"^Fake joker\(s\) (.+) were played or passed on since and stay where they are\.$")


def _count_faces(found):
    return kept_fakes(len(found.group(1).split(", ")))


def _redact_draw(event, seat):
    redacted = {"type": "drew", "seat": event["seat"], "count": len(event["cards"])}
    if event["seat"] == seat:
        redacted["cards"] = list(event["cards"])
    return redacted


def _redact_swap(event, seat):
    return {
        "type": "swapped",
        "gave": [list(cards) if index == seat else len(cards) for index, cards in enumerate(event["gave"])],
        "took": [list(cards) if index == seat else len(cards) for index, cards in enumerate(event["took"])],
        "from_deck": len(event["from_deck"]),
        "discarded": list(event["discarded"]),
    }


def progress(state):
    """How far along the match is, for the lobby: the round being played (or the last one)."""
    return f"round {max(state.round, 1)} of {state.options.rounds}"


def places(event):
    """The board places an event changed (the template's data-place names): a play in the trick."""
    return [f"play-{event['id']}"] if event.get("type") in ("played", "played_fake_down") else []
