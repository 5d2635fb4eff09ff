"""Table mode's bookkeeping as events are applied: which play is open to a call, what the player
saw because of it, the penalties of a judged call, and when a running countdown stops.

A play stays open to a call until the next play is made or the trick ends. A correct call restores
the state from just before the play (evolve.rewound) and then applies ``penalise``.
"""

from dataclasses import replace

from ..tuples import replace_at, without
from .hands import describe
from .legality import Misplay
from .state import OPENING, Ruling, Window

PLAYS = frozenset({"played", "played_fake_down"})
# A reward declaration is open to a call too: declared first (table mode), or with the swap at once.
DECLARATIONS = frozenset({"reward_declared", "rewarded"})
CLOSES = frozenset({"trick_won", "round_ended", "dealt", "match_ended"})
# Events a restore keeps: they did not depend on the play (a late join, the turn clock's marks).
KEPT_ON_RESTORE = frozenset(
    {"joined", "timed_out", "marked_absent", "carried_on", "handed_to_bot", "taken_back", "resigned"}
)
# Events after which a countdown keeps running (if its seat is still the one to act).
COUNTDOWN_GOES_ON = frozenset(
    {
        "countdown_started",
        "joined",
        "timed_out",
        "marked_absent",
        "carried_on",
        "handed_to_bot",
        "taken_back",
        "resigned",
    }
)


def track(old, new, event):
    """``new`` (``old`` after ``event``) with the open play and the countdown brought up to date."""
    return _track_countdown(_track_window(old, new, event), event)


def _track_window(old, new, event):
    kind = event["type"]
    if kind == "misplay_called":
        return new  # penalise has set the window
    if kind in PLAYS or (kind in DECLARATIONS and "id" in event):
        new = close_window(new, old.window)
        if not new.options.table_mode:
            return new
        before = replace(old, window=None, countdown=None) if kind in PLAYS else None
        found = event.get("misplay")
        window = Window(
            play=event["id"],
            seat=event["seat"],
            kind="play" if kind in PLAYS else "reward",
            misplay=Misplay(**found) if found else None,
            before=before,
        )
        return replace(new, window=window)
    window = old.window
    if window is None:
        return new
    if kind in CLOSES:
        return close_window(new, window)
    if kind in KEPT_ON_RESTORE:
        window = replace(window, kept=window.kept + (event,))
    elif kind == "drew" and event["seat"] == window.seat:
        window = replace(window, seen=window.seen + tuple(event["cards"]))
    elif kind == "bounty_claimed" and event["seat"] == window.seat:
        turned = (event["bounty"],) if event["bounty"] else ()
        window = replace(window, seen=window.seen + tuple(event["from_deck"]) + turned)
    return replace(new, window=window)


def close_window(state, window):
    """No play is open to a call any more; an uncalled misplay stands (and is kept for the match's end)."""
    if window is not None and window.misplay is not None:
        entry = {"play": window.play, "seat": window.seat, **window.misplay.as_dict()}
        state = replace(state, uncalled=state.uncalled + (entry,))
    return replace(state, window=None)


def _track_countdown(state, event):
    countdown = state.countdown
    if countdown is None:
        return state
    goes_on = event["type"] in COUNTDOWN_GOES_ON or (event["type"] == "misplay_called" and not event["correct"])
    if goes_on and state.to_move == countdown.seat:
        return state
    return replace(state, countdown=None)


def count_pickups(state, event):
    """Cards each seat picked up since its last play: a countdown on it runs a second longer for each.
    The deal and the round's card swap are not picked up (RULINGS, Countdown): a deal starts every
    seat at 0."""
    kind, picked = event["type"], list(state.picked_up)
    if kind == "dealt":
        picked = [0] * len(event["hands"])
    elif kind == "drew":
        picked[event["seat"]] += len(event["cards"])
    elif kind == "bounty_claimed":
        picked[event["seat"]] += len(event["fakes"]) + len(event["from_deck"])
    elif kind == "rewarded" and event.get("take") is not None:
        picked[event["seat"]] += 1
    elif kind in PLAYS:
        picked[event["seat"]] = 0
    elif kind == "misplay_called" and event["correct"]:
        picked[event["caller"]] += len(event["fakes"]) + len(event["from_pile"]) + len(event["from_deck"])
    else:
        return state
    return replace(state, picked_up=tuple(picked))


def called_words(state, window):
    """What a call is on, in words: "single 5", "fake joker face down", "reward declaration"."""
    if window.kind == "reward":
        return "reward declaration"
    play = next(play for play in state.trick.plays if play.id == window.play)
    return "fake joker face down" if play.hand is None else describe(play.hand)


def penalise(state, event, what):
    """A judged call's penalties: fake jokers forfeited (to a correct caller, else to the pile), one
    from the pile for a correct caller when the misplayer held none (the deck's next card when the pile
    is empty), the seen cards discarded, turns to skip, and for a misplay in a trick in progress, out
    of the trick with no buy back. ``what``: the called play in words (called_words)."""
    correct, caller = event["correct"], event["caller"]
    penalised = event["seat"] if correct else caller
    from_deck = tuple(event["from_deck"])
    fakes = replace_at(state.fakes, penalised, without(state.fakes[penalised], event["fakes"]))
    pile = state.fake_pile
    if correct:
        fakes = replace_at(fakes, caller, fakes[caller] + tuple(event["fakes"]) + tuple(event["from_pile"]))
        pile = pile[len(event["from_pile"]) :]
    else:
        pile = pile + tuple(event["fakes"])
    trick = state.trick
    if event["barred"]:
        trick = replace(trick, barred=trick.barred | {penalised}, passed=trick.passed | {penalised})
    declined = state.declined
    if correct and state.phase == OPENING:
        declined = declined | {(penalised, state.ask)}
    ruling = Ruling(
        id=event["ruling"],
        play=event["play"],
        seat=event["seat"],
        caller=caller,
        correct=correct,
        rule=event["rule"],
        text=event["text"],
        skips=event["skips"],
        fakes=tuple(event["fakes"]),
        from_pile=tuple(event["from_pile"]),
        from_deck=from_deck,
        what=what,
        round=state.round,
    )
    window = None if correct else replace(state.window, callers=state.window.callers | {caller})
    return replace(
        state,
        fakes=fakes,
        fake_pile=pile,
        bonus=replace_at(state.bonus, caller, state.bonus[caller] + from_deck),
        deck=without(without(state.deck, event["discarded"]), from_deck),
        discard=state.discard + tuple(event["discarded"]),
        skips=replace_at(state.skips, penalised, state.skips[penalised] + event["skips"]),
        misplays=replace_at(state.misplays, penalised, state.misplays[penalised] + 1),
        trick=trick,
        declined=declined,
        rulings=state.rulings + (ruling,),
        window=window,
    )
