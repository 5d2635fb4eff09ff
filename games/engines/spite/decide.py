"""Turning a seat's command into events, or refusing it with a sentence the player can read."""
from ..base import default_rng, require_dict, require_held, require_seat
from ..cards import JOKER, rank
from ..errors import IllegalCommand
from .deck import LOSING_HAND, fibonacci
from .evolve import evolve
from .hands import ORDER, classify
from .opening import declined_in, may_open
from .rounds import deal, first_ask, holds_rank, new_scores, points, standings, swap
from .state import OPENING, active_seats
from .trick import (announce_refusal, direction_after, follow_refusal, next_active, next_leader,
                    trick_over_after_pass)


def decide(state, seat, command, rng=None):
    kind = require_dict(command)
    if seat is None and kind in _SYSTEM_HANDLERS:
        return _SYSTEM_HANDLERS[kind](state, command)
    _check_may_act(state, seat)
    handler = _HANDLERS.get(kind)
    if handler is None:
        known = ", ".join(_HANDLERS)
        raise IllegalCommand(f"Spite has no command \"{kind}\" yet; the commands are {known}.")
    return handler(state, seat, command, default_rng(rng))


def _check_may_act(state, seat):
    if state is None:
        raise IllegalCommand("The match has not started.")
    if state.over:
        raise IllegalCommand("The match is over.")
    if seat is None:
        raise IllegalCommand("The system has no command to give in Spite yet.")
    require_seat(seat, state.players)
    if seat in state.places:
        raise IllegalCommand("You are out of this round; wait for the next one.")
    if state.phase != OPENING and seat != state.to_move:
        raise IllegalCommand(f"It is seat {state.to_move}'s turn, not yours.")


# --- the opening phase ---------------------------------------------------------

def _require_opener(state, seat):
    if not may_open(state, seat):
        if not holds_rank(state.hands[seat], state.ask):
            raise IllegalCommand(f"The first trick waits for a seat holding a {state.ask} to lead; you hold none.")
        raise IllegalCommand(f"You declined to lead with a {state.ask}.")


def _decline(state, seat, command, rng):
    if state.phase != OPENING:
        raise IllegalCommand("Declining is only for the opening of the first round.")
    _require_opener(state, seat)
    events = [{"type": "declined", "seat": seat, "rank": state.ask}]
    after = evolve(state, events[0])
    if not any(may_open(after, other) for other in range(state.players)):
        events.append(_next_ask(after))
    return events


def _next_ask(state):
    """The ask moves up to the next rank someone holds; past 2 it starts again from 3, declines forgotten."""
    index = ORDER.index(state.ask)
    for offset in range(1, len(ORDER) + 1):
        wanted = ORDER[(index + offset) % len(ORDER)]
        wrapped = index + offset >= len(ORDER)
        holders = [seat for seat in range(state.players) if holds_rank(state.hands[seat], wanted)]
        if any(wrapped or (seat, wanted) not in state.declined for seat in holders):
            return {"type": "asked", "rank": wanted, "clear_declines": wrapped}
    return {"type": "asked", "rank": first_ask(state.hands, ORDER[0]), "clear_declines": True}


# --- playing a hand -----------------------------------------------------------

def _play(state, seat, command, rng):
    cards = _read_cards(state, seat, command)
    _refuse_later_features(command)
    hand = classify(cards)
    trick = state.trick
    if state.phase == OPENING:
        _require_opener(state, seat)
        if not any(card != JOKER and rank(card) == state.ask for card in cards):
            raise IllegalCommand(f"The first trick must be led with a hand holding a {state.ask}.")
        declined = declined_in(state, seat, cards)
        if declined:
            raise IllegalCommand(f"You declined to lead with a {declined}; you may not lead with it now.")
    buy_back = _check_buy_back(state, seat, command)
    why = follow_refusal(trick, hand, state.direction)
    if why:
        raise IllegalCommand(why)
    announce = command.get("announce")
    why = announce_refusal(trick, hand, announce, state.direction)
    if why:
        raise IllegalCommand(why)
    played = {
        "type": "played", "seat": seat, "id": state.next_play_id, "cards": list(cards),
        "kind": hand.kind, "value": hand.value, "announce": announce, "buy_back": buy_back,
        "direction": direction_after(trick, hand, announce, state.direction), "next": None,
    }
    events = [played]
    after = evolve(state, played)
    if buy_back:
        events.append({"type": "drew", "seat": seat, "cards": list(after.deck[:buy_back])})
        after = evolve(after, events[-1])
    placed = _placement(after, seat, hand, state.last_play_joker[seat])
    if placed:
        events.append(placed)
        after = evolve(after, placed)
    if len(active_seats(after)) <= 1:
        return events + _end_round(after, rng)
    # Who acts next depends on the placements above, so it is filled in last; no later event moves the turn.
    played["next"] = next_active(after, seat)
    return events


def _read_cards(state, seat, command):
    cards = command.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(card, str) for card in cards):
        raise IllegalCommand("\"cards\" must be a list of one or more card codes from your hand.")
    require_held(state.hands[seat], cards)
    return cards


def _refuse_later_features(command):
    if command.get("fake_up"):
        raise IllegalCommand("You hold no fake jokers to play.")
    if command.get("come_at_me"):
        raise IllegalCommand("\"Come at me\" is not part of this game yet.")
    if command.get("bounty_claim"):
        raise IllegalCommand("Claiming the bounty is not part of this game yet.")


def _check_buy_back(state, seat, command):
    """The buy-back count the play carries: required (and exact) for a seat that has passed, else absent."""
    buy_back = command.get("buy_back")
    if buy_back in (None, 0, False):
        buy_back = None
    if seat in state.trick.passed:
        due = fibonacci(state.buy_backs)
        if buy_back is None:
            raise IllegalCommand(f"You passed in this trick: to play again you must buy back {due}.")
        if isinstance(buy_back, bool) or not isinstance(buy_back, int) or buy_back != due:
            raise IllegalCommand(f"The buy back costs {due} card{'s' if due > 1 else ''} now, not {buy_back!r}.")
        return buy_back
    if buy_back is not None:
        raise IllegalCommand("Only a seat that has passed in this trick buys back.")
    return None


def _placement(state, seat, hand, previous_was_joker):
    """The ``placed`` event this play causes, or None.

    An empty hand has gone out (last, if a joker hand was its last or
    second-last play); a hand of 20 or more cards loses the round at once.
    """
    held = len(state.hands[seat])
    if held == 0:
        if hand.is_joker or previous_was_joker:
            return _place_from_back(state, seat, "joker_hand_at_the_end")
        return _place_from_front(state, seat, "out")
    if held >= LOSING_HAND:
        return _place_from_back(state, seat, "twenty_cards")
    return None


def _place_from_front(state, seat, reason):
    return {"type": "placed", "seat": seat, "place": state.places.index(None), "reason": reason}


def _place_from_back(state, seat, reason):
    place = len(state.places) - 1 - state.places[::-1].index(None)
    return {"type": "placed", "seat": seat, "place": place, "reason": reason}


# --- passing ------------------------------------------------------------------

def _pass(state, seat, command, rng):
    if state.phase == OPENING:
        raise IllegalCommand("Nobody has led yet: lead with the asked rank or decline.")
    if not state.trick.plays:
        raise IllegalCommand("You lead this trick: you must play a hand, not pass.")
    events = [{"type": "passed", "seat": seat, "next": next_active(state, seat)}]
    if trick_over_after_pass(state, seat):
        winner = state.trick.last.seat
        events[0]["next"] = None
        events.append({"type": "trick_won", "seat": winner, "leader": next_leader(state, winner)})
    return events


# --- the end of a round and of the match --------------------------------------

def _end_round(state, rng):
    """The last seat in the round takes the place left; scores; then the next round or the match's end."""
    events = []
    for seat in active_seats(state):
        events.append({"type": "placed", "seat": seat, "place": state.places.index(None), "reason": "last"})
        state = evolve(state, events[-1])
    places = list(state.places)
    ended = {"type": "round_ended", "round": state.round, "places": places,
             "points": [points(places.index(seat), state.players) for seat in range(state.players)],
             "scores": new_scores(state, places)}
    events.append(ended)
    state = evolve(state, ended)
    if state.round >= state.options.rounds:
        order = standings(ended["scores"], places)
        return events + [{"type": "match_ended", "standings": order, "scores": ended["scores"], "winner": order[0]}]
    return events + start_round(state, rng)


def _end_match(state, command):
    """The host ends the match early: the standings are the scores of the rounds played to the end."""
    if state is None:
        raise IllegalCommand("The match has not started.")
    if state.over:
        raise IllegalCommand("The match is over.")
    if not state.finish_history:
        return [{"type": "match_ended", "standings": list(range(state.players)), "scores": list(state.scores),
                 "winner": None, "ended_by_host": True}]
    order = standings(state.scores, state.finish_history[-1])
    return [{"type": "match_ended", "standings": order, "scores": list(state.scores), "winner": order[0],
             "ended_by_host": True}]


def start_round(state, rng, stacked=None):
    """The next round's deal, and from round 2 the card swap."""
    dealt = deal(state, rng, stacked)
    events = [dealt]
    if dealt["round"] > 1:
        events.append(swap(state, dealt))
    return events


_HANDLERS = {
    "play": _play,
    "pass": _pass,
    "decline": _decline,
}

# Commands without a seat: the platform gives them for the host (see SpiteEngine.host_commands).
_SYSTEM_HANDLERS = {
    "end_match": _end_match,
}
