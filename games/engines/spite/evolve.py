"""Applying one event to the state. Pure: no randomness, no checks (decide made the event)."""

from dataclasses import replace
from functools import reduce

from .. import turn_clock
from ..base import apply_event, by_event_type
from ..tuples import replace_at, with_hand, without
from . import misplays, overturn
from .event_types import EVENT_TYPES
from .hands import read_hand
from .legality import Misplay
from .options import Options
from .state import HIGHER, OPENING, OVER, PLAYING, Countdown, Penalty, Play, Reward, State, Trick
from .trick import with_play


def evolve(state, event):
    after = apply_event(_APPLY, state, event, "Spite")
    if state is None:
        return after
    after = turn_clock.after_event(after, event, _own_action)
    return misplays.track(state, misplays.count_pickups(after, event), event)


def _own_action(event):
    """An event a seat's own command makes (it clears the seat's turn-clock streak)."""
    kind = event["type"]
    if kind == "passed":
        return not event.get("countdown") and not event.get("barred")
    return kind in ("played", "played_fake_down", "declined", "reward_declared", "rewarded")


def rewound(state):
    """The state just before the play open to a call, with the events since then that a restore keeps."""
    return reduce(evolve, state.window.kept, state.window.before)


def _match_started(_, event):
    players = event["players"]
    return State(
        players=players,
        options=Options(**event["options"]),
        fake_pile=tuple(event["fake_joker_faces"]),
        fakes=((),) * players,
        scores=(0,) * players,
        bonus=((),) * players,
        skips=(0,) * players,
        streaks=(0,) * players,
        misplays=(0,) * players,
        picked_up=(0,) * players,
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
        asks=state.asks + (1 if event["ask"] is not None and leader is None else 0),
        places=(None,) * state.players,
        last_play_joker=(False,) * state.players,
        bonus=((),) * state.players,  # reward cards from the deck went back with the deck
        skips=(0,) * state.players,
        streaks=(0,) * state.players,
        reward=None,
        joiners=frozenset(),
        countdown=None,
    )


def _swapped(state, event):
    hands = tuple(
        without(hand, gave) + tuple(took) for hand, gave, took in zip(state.hands, event["gave"], event["took"])
    )
    return replace(
        state,
        hands=hands,
        deck=state.deck[len(event["from_deck"]) :],
        discard=state.discard + tuple(event["discarded"]),
    )


def _asked(state, event):
    return replace(
        state,
        ask=event["rank"],
        declined=frozenset() if event["clear_declines"] else state.declined,
        asks=state.asks + 1,
    )


def _declined(state, event):
    return replace(state, declined=state.declined | {(event["seat"], event["rank"])})


def _ask_expired(state, event):
    """A turn-based table's ask ran out of time: the holders who did not answer have declined it."""
    return replace(state, declined=state.declined | {(seat, event["rank"]) for seat in event["seats"]})


def _played(state, event):
    seat = event["seat"]
    play = Play(
        id=event["id"],
        seat=seat,
        cards=tuple(event["cards"]),
        hand=read_hand(event["cards"] + event.get("fake_up", []) + event.get("bonus_up", [])),
        announce=event.get("announce"),
        buy_back=event.get("buy_back"),
        fake_up=tuple(event.get("fake_up", ())),
        bonus_up=tuple(event.get("bonus_up", ())),
        come_at_me=event.get("come_at_me", False),
        bounty_claim=event.get("bounty_claim"),
        direction=state.direction,
        misplay=_misplay(event),
    )
    state = with_hand(state, seat, without(state.hands[seat], play.cards))
    state = _give_back_fakes(state, seat, play.fake_up)
    state = replace(state, bonus=replace_at(state.bonus, seat, without(state.bonus[seat], play.bonus_up)))
    return replace(
        state,
        phase=PLAYING,
        ask=None,
        trick=with_play(state.trick, play),
        direction=event["direction"],
        buy_backs=state.buy_backs + (1 if event.get("buy_back") else 0),
        next_play_id=event["id"] + 1,
        last_play_joker=replace_at(state.last_play_joker, seat, play.hand.is_joker),
        to_move=event["next"],
    )


def _played_fake_down(state, event):
    seat = event["seat"]
    play = Play(
        id=event["id"],
        seat=seat,
        cards=(),
        hand=None,
        fake_down=event["fake"],
        come_at_me=event.get("come_at_me", False),
        direction=state.direction,
        misplay=_misplay(event),
    )
    state = _give_back_fakes(state, seat, (event["fake"],))
    return replace(
        state,
        trick=with_play(state.trick, play),
        next_play_id=event["id"] + 1,
        last_play_joker=replace_at(state.last_play_joker, seat, True),
        to_move=event["next"],
    )


def _misplay(event):
    found = event.get("misplay")
    return Misplay(**found) if found else None


def _give_back_fakes(state, seat, faces):
    """Played fake jokers go back to the common pile at once."""
    return replace(
        state,
        fakes=replace_at(state.fakes, seat, without(state.fakes[seat], faces)),
        fake_pile=state.fake_pile + tuple(faces),
    )


def _bounty_claimed(state, event):
    seat = event["seat"]
    return replace(
        state,
        fakes=replace_at(state.fakes, seat, state.fakes[seat] + tuple(event["fakes"])),
        fake_pile=state.fake_pile[len(event["fakes"]) :],
        bonus=replace_at(state.bonus, seat, state.bonus[seat] + tuple(event["from_deck"])),
        discard=state.discard + ((event["discarded"],) if event["discarded"] else ()),
        bounty=event["bounty"],
        deck=tuple(event["deck"]),
    )


def _skipped(state, event):
    """A penalty turn skipped: the seat counts as passed; skipping a lead hands the lead on."""
    seat = event["seat"]
    trick = replace(state.trick, passed=state.trick.passed | {seat})
    if not trick.plays:
        trick = replace(trick, leader=event["next"])
    return replace(
        state, trick=trick, skips=replace_at(state.skips, seat, state.skips[seat] - 1), to_move=event["next"]
    )


def _drew(state, event):
    seat = event["seat"]
    return replace(
        with_hand(state, seat, state.hands[seat] + tuple(event["cards"])), deck=state.deck[len(event["cards"]) :]
    )


def _passed(state, event):
    trick = replace(state.trick, passed=state.trick.passed | {event["seat"]})
    if not trick.plays:  # a seat barred from the trick hands its lead on
        trick = replace(trick, leader=event["next"])
    return replace(state, trick=trick, to_move=event["next"])


def _placed(state, event):
    return replace(state, places=replace_at(state.places, event["place"], event["seat"]))


def _trick_won(state, event):
    winner = event["seat"]
    penalties = event.get("penalties") or (0,) * state.players
    streaks = tuple(
        (streak + (1 if event.get("came_at_me_won") else 0)) if seat == winner else 0
        for seat, streak in enumerate(state.streaks)
    )
    reward = Reward(seat=winner, count=event["reward"]) if event.get("reward") else None
    state = replace(state, skips=tuple(s + p for s, p in zip(state.skips, penalties)), streaks=streaks, reward=reward)
    if any(penalties):
        state = replace(
            state, penalties=state.penalties + (Penalty(len(state.penalties) + 1, state.round, tuple(penalties)),)
        )
    return replace(_clear_trick(state, Trick(leader=event["leader"])), to_move=event["leader"])


def _clear_trick(state, trick):
    """The trick's cards go to the discard (its fake jokers went back to their pile when played)."""
    cards = tuple(card for play in state.trick.plays for card in play.cards + play.bonus_up)
    return replace(state, discard=state.discard + cards, trick=trick)


def _reward_declared(state, event):
    """Table mode: the count declared, the cards it names taken off the deck to be viewed."""
    viewed = tuple(event["viewed"])
    return replace(
        state,
        reward=replace(state.reward, declared=event["declared"], viewed=viewed),
        deck=state.deck[len(viewed) :],
        next_play_id=event["id"] + 1,
    )


def _rewarded(state, event):
    """The viewed cards leave the deck (unless a declaration took them off already); one may be swapped
    for a hand card; all of them are discarded."""
    seat, viewed = event["seat"], tuple(event["viewed"])
    hand, discarded = state.hands[seat], viewed
    if event.get("take") is not None:
        hand = without(hand, (event["give"],)) + (event["take"],)
        discarded = without(viewed, (event["take"],)) + (event["give"],)
    deck = state.deck if state.reward.declared is not None else state.deck[len(viewed) :]
    return replace(
        with_hand(state, seat, hand),
        deck=deck,
        discard=state.discard + discarded,
        reward=None,
        next_play_id=event["id"] + 1 if "id" in event else state.next_play_id,
    )


def _joined(state, event):
    """A late joiner: a new seat, placed last in the round being played (it is dealt in from the next)."""

    def grow(values, new):
        return tuple(values) + (new,)

    return replace(
        state,
        players=state.players + 1,
        fakes=grow(state.fakes, ()),
        bonus=grow(state.bonus, ()),
        scores=grow(state.scores, 0),
        hands=grow(state.hands, ()),
        places=grow(state.places, event["seat"]),
        last_play_joker=grow(state.last_play_joker, False),
        skips=grow(state.skips, 0),
        streaks=grow(state.streaks, 0),
        misplays=grow(state.misplays, 0),
        picked_up=grow(state.picked_up, 0),
        joiners=state.joiners | {event["seat"]},
    )


def _countdown_started(state, event):
    return replace(
        state,
        countdown=Countdown(number=event["countdown"], seat=event["seat"], by=event["by"], seconds=event["seconds"]),
        countdowns=event["countdown"],
    )


def _misplay_called(state, event):
    """A call judged: a correct one restores the trick to before the play (see misplays.penalise)."""
    what = misplays.called_words(state, state.window)
    if event["correct"] and state.window.kind == "play":
        restored = rewound(state)
        state = replace(
            restored,
            next_play_id=state.next_play_id,
            countdowns=state.countdowns,
            uncalled=state.uncalled,
            window=state.window,
        )
    state = misplays.penalise(state, event, what)
    if state.phase == OPENING:  # a called opening lead: the asked rank is asked again (a new timer)
        state = replace(state, asks=state.asks + 1)
    return state


def _round_ended(state, event):
    places = tuple(event["places"])
    return replace(
        _clear_trick(state, Trick()),
        scores=tuple(event["scores"]),
        places=places,
        finish_history=state.finish_history + (places,),
        last_round={
            "round": event["round"],
            "places": list(places),
            "points": list(event["points"]),
            "scores": list(event["scores"]),
        },
        to_move=None,
    )


def _match_ended(state, event):
    return replace(state, phase=OVER, winner=event["winner"], to_move=None)


_ruling_overturned = overturn.apply
_penalty_overturned = overturn.apply_penalty

_APPLY = {**by_event_type(EVENT_TYPES, globals()), **turn_clock.HANDLERS}
