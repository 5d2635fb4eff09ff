"""Applying one event to the state. Pure: no randomness, no checks (decide made the event)."""
from dataclasses import replace

from ..base import apply_event
from .hands import classify
from .options import Options
from ..tuples import replace_at, with_hand, without
from .state import HIGHER, OPENING, OVER, PLAYING, Play, State, Trick
from .trick import after_play


def evolve(state, event):
    return apply_event(_APPLY, state, event, "Spite")


def _match_started(_, event):
    players = event["players"]
    return State(
        players=players,
        options=Options(**event["options"]),
        fake_pile=tuple(event["fake_joker_faces"]),
        fakes=((),) * players,
        scores=(0,) * players,
    )


def _dealt(state, event):
    leader = event["leader"]
    return replace(
        state,
        round=event["round"],
        phase=OPENING if event["ask"] is not None and leader is None else PLAYING,
        hands=tuple(tuple(hand) for hand in event["hands"]),
        deck=tuple(event["deck"]),
        discard=(),
        bounty=event["bounty"],
        direction=HIGHER,
        buy_backs=0,
        trick=Trick(leader=leader),
        to_move=leader,
        ask=event["ask"],
        declined=frozenset(),
        places=(None,) * state.players,
        last_play_joker=(False,) * state.players,
    )


def _swapped(state, event):
    hands = tuple(
        without(hand, gave) + tuple(took)
        for hand, gave, took in zip(state.hands, event["gave"], event["took"])
    )
    return replace(state, hands=hands, deck=state.deck[len(event["from_deck"]):],
                   discard=state.discard + tuple(event["discarded"]))


def _asked(state, event):
    return replace(state, ask=event["rank"], declined=frozenset() if event["clear_declines"] else state.declined)


def _declined(state, event):
    return replace(state, declined=state.declined | {(event["seat"], event["rank"])})


def _played(state, event):
    seat = event["seat"]
    hand = classify(event["cards"])
    trick = state.trick
    arity, top = after_play(trick, hand, state.direction)
    play = Play(id=event["id"], seat=seat, cards=tuple(event["cards"]), hand=hand,
                announce=event.get("announce"), buy_back=event.get("buy_back"))
    trick = replace(trick, leader=seat if not trick.plays else trick.leader, plays=trick.plays + (play,),
                    arity=arity, top=top, passed=trick.passed - {seat})
    state = with_hand(state, seat, without(state.hands[seat], event["cards"]))
    return replace(
        state,
        phase=PLAYING,
        ask=None,
        trick=trick,
        direction=event["direction"],
        buy_backs=state.buy_backs + (1 if event.get("buy_back") else 0),
        next_play_id=event["id"] + 1,
        last_play_joker=replace_at(state.last_play_joker, seat, hand.is_joker),
        to_move=event["next"],
    )


def _drew(state, event):
    seat = event["seat"]
    return replace(with_hand(state, seat, state.hands[seat] + tuple(event["cards"])),
                   deck=state.deck[len(event["cards"]):])


def _passed(state, event):
    trick = replace(state.trick, passed=state.trick.passed | {event["seat"]})
    return replace(state, trick=trick, to_move=event["next"])


def _placed(state, event):
    return replace(state, places=replace_at(state.places, event["place"], event["seat"]))


def _trick_won(state, event):
    return replace(_clear_trick(state, Trick(leader=event["leader"])), to_move=event["leader"])


def _clear_trick(state, trick):
    """The trick's cards go to the discard."""
    cards = tuple(card for play in state.trick.plays for card in play.cards)
    return replace(state, discard=state.discard + cards, trick=trick)


def _round_ended(state, event):
    places = tuple(event["places"])
    return replace(
        _clear_trick(state, Trick()),
        scores=tuple(event["scores"]),
        places=places,
        finish_history=state.finish_history + (places,),
        last_round={"round": event["round"], "places": list(places), "points": list(event["points"]),
                    "scores": list(event["scores"])},
        to_move=None,
    )


def _match_ended(state, event):
    return replace(state, phase=OVER, winner=event["winner"], to_move=None)


_APPLY = {
    "match_started": _match_started,
    "dealt": _dealt,
    "swapped": _swapped,
    "asked": _asked,
    "declined": _declined,
    "played": _played,
    "drew": _drew,
    "passed": _passed,
    "placed": _placed,
    "trick_won": _trick_won,
    "round_ended": _round_ended,
    "match_ended": _match_ended,
}
