"""Every command a seat may give now, each once: plays generated kind by kind, fake jokers face down,
pass, decline, and the come-at-me reward; and what a seat is offered, which in table mode tells no
player whether a play would be legal."""

from collections import Counter
from dataclasses import replace
from itertools import product

from ..cards import JOKER, rank
from . import ask_timer
from .bounty import entitlement
from .calls import may_start_countdown
from .candidates import possible_hands
from .come_at_me import viewed_cards
from .consec import needs_unbeatable
from .decide import split_extras
from .deck import fibonacci
from .legality import play_refusal
from .opening import declined_in, may_open
from .state import OPENING, Play
from .trick import UNBEATABLE, fake_down_refusal


def legal_commands(state, seat):
    return _turn_commands(state, seat) + _any_seat_commands(state, seat)


def _any_seat_commands(state, seat):
    """Out of turn too: calling misplay on the play open to a call, starting a countdown."""
    if not _seated(state, seat):
        return []
    commands = []
    window = state.window
    if window is not None and seat != window.seat and seat not in window.callers:
        commands.append({"type": "call_misplay", "play": window.play})
    if may_start_countdown(state, seat):
        commands.append({"type": "start_countdown"})
    return commands


def _turn_commands(state, seat):
    if not _may_act(state, seat):
        return []
    if state.reward is not None:
        return _rewards(state) if seat == state.reward.seat else []
    hand = state.hands[seat]
    if state.phase == OPENING:
        if not may_open(state, seat):
            return []
        leads = [
            h
            for h in possible_hands(hand)
            if any(c != JOKER and rank(c) == state.ask for c in h.cards) and not declined_in(state, seat, h.cards)
        ]
        return [_command(Play(id=0, seat=seat, cards=h.cards, hand=h)) for h in leads] + [{"type": "decline"}]
    if seat != state.to_move:
        return []
    trick = state.trick
    sizes = None if trick.arity is None else {trick.arity}
    extras = state.bonus[seat] + state.fakes[seat]
    split = _splitter(state, seat) if extras else lambda h: [(h.cards, (), ())]
    buy_back = fibonacci(state.buy_backs) if seat in trick.passed and trick.plays else None
    plays = [
        _with_keys(
            state,
            Play(
                id=state.next_play_id,
                seat=seat,
                cards=tuple(cards),
                hand=h,
                buy_back=buy_back,
                fake_up=tuple(fake_up),
                bonus_up=tuple(bonus_up),
                direction=state.direction,
            ),
        )
        for h in possible_hands(hand + extras, sizes)
        for cards, fake_up, bonus_up in split(h)
    ]
    commands = [_command(play) for play in plays if play_refusal(state, play) is None]
    commands += [
        {"type": "play_fake_down", "fake": fake}
        for fake in sorted(set(state.fakes[seat]))
        if fake_down_refusal(trick, seat) is None
    ]
    return commands + ([{"type": "pass"}] if trick.plays else [])


def offered_commands(state, seat):
    """What the seat is told it may send. Strict mode: its legal commands. Table mode (RULINGS: nothing a
    player is sent tells whether a play they are about to make is legal): every command whose legality is
    a misplay question (a play, a fake joker face down, a reward declaration) is offered by its bare kind,
    {"type": "play"}, whenever decide would take one from the seat; the others as legal_commands has them."""
    if state is None or not state.options.table_mode:
        return legal_commands(state, seat)
    return _offered_turn_commands(state, seat) + _any_seat_commands(state, seat)


def _offered_turn_commands(state, seat):
    if not _may_act(state, seat):
        return []
    if state.reward is not None:
        if seat != state.reward.seat:
            return []
        return [{"type": "reward"}] if state.reward.declared is None else _rewards(state)  # then only swaps
    if state.phase == OPENING:
        return [{"type": "play"}, {"type": "decline"}] if may_open(state, seat) else []
    if seat != state.to_move:
        return []
    offered = [{"type": "play"}] + ([{"type": "play_fake_down"}] if state.fakes[seat] else [])
    return offered + ([{"type": "pass"}] if state.trick.plays else [])


def _seated(state, seat):
    """A seat of a running match (in the round or not)."""
    return (
        state is not None
        and not state.over
        and isinstance(seat, int)
        and not isinstance(seat, bool)
        and 0 <= seat < state.players
    )


def _may_act(state, seat):
    return _seated(state, seat) and seat not in state.places


def _splitter(state, seat):
    """For a hand, each way to make it from the seat's regular cards and its face-up extras:
    (regular cards, fakes, deck reward cards), split as decide reads a play."""
    regular = Counter(state.hands[seat])
    extra = Counter(state.bonus[seat] + state.fakes[seat])

    def split(hand):
        wanted = Counter(hand.cards)
        choices = [
            [(card, n) for n in range(max(0, count - regular[card]), min(count, extra[card]) + 1)]
            for card, count in wanted.items()
        ]
        for picked in product(*choices):
            extras = Counter({card: n for card, n in picked if n})
            bonus_up, fake_up = split_extras(state, seat, list(extras.elements()))
            yield list((wanted - extras).elements()), fake_up, bonus_up

    return split


def _with_keys(state, play):
    """The play with the keys it needs: the bounty claim it is owed, "unbeatable" where required."""
    claim = entitlement(state, play)
    unbeatable = needs_unbeatable(state.trick, play)
    if not claim and not unbeatable:
        return play
    return replace(play, bounty_claim=claim or None, announce=UNBEATABLE if unbeatable else None)


def _command(play):
    command = {"type": "play", "cards": list(play.cards)}
    extras = list(play.bonus_up + play.fake_up)
    if extras:
        command["fake_up"] = extras
    for key in ("buy_back", "bounty_claim", "announce"):
        if getattr(play, key):
            command[key] = getattr(play, key)
    return command


def _rewards(state):
    """Declare the reward, keeping the viewed cards away or swapping one for a hand card; in table mode
    also the declaration alone, and once declared, the swaps of the cards viewed."""
    reward = state.reward
    if reward.declared is not None:
        return _swaps(state, {"type": "reward"}, reward.viewed)
    declared = {"type": "reward", "declared": reward.count}
    commands = _swaps(state, declared, viewed_cards(state))
    return commands[:1] + [declared] + commands[1:] if state.options.table_mode else commands


def _swaps(state, command, viewed):
    hand = sorted(set(state.hands[state.reward.seat]))
    return [{**command, "swap": None}] + [
        {**command, "swap": {"take": take, "give": give}} for take in sorted(set(viewed)) for give in hand
    ]


def timers(state):
    """The countdown running now, or at a turn-based table the opening ask's timer (ask_timer.py), for
    the platform to time: when one ends the system says so."""
    countdown = state.countdown
    if countdown is None or state.over:
        return ask_timer.timers(state)
    return [
        {
            "key": f"countdown-{countdown.number}",
            "seconds": countdown.seconds,
            "seat": countdown.seat,
            "command": {"type": "countdown_expired", "countdown": countdown.number},
        }
    ]
