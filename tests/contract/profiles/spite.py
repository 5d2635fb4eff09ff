"""Spite for the contract checks: strict mode, where decide takes exactly the legal commands (in table mode
it also takes misplays from held cards)."""

from collections import Counter
from itertools import product

from games.engines.spite.come_at_me import viewed_cards
from games.engines.spite.deck import FULL_DECK
from games.engines.spite.evolve import _APPLY

from .hidden import hands_and

FIELDS = {
    "play": ["cards", "fake_up", "announce", "come_at_me", "buy_back", "bounty_claim"],
    "play_fake_down": ["fake", "come_at_me"],
    "pass": [],
    "decline": [],
    "start_countdown": [],
    "call_misplay": ["play"],
    "reward": ["declared", "swap"],
}
SMALL_HAND = 8  # the most cards whose every sub-multiset is tried as a play
NOT_HELD = ("JK", "2S", "13H")  # tried as extra cards in case the seat does not hold them


def setup(rng):
    return rng.randint(3, 6), {"rounds": 1, "misplays": "strict"}


def choose(rng, legal, eagerness=0.7):
    """A random legal command, leaning towards plays so rounds end."""
    plays = [command for command in legal if command["type"] == "play"]
    if plays and rng.random() < eagerness:
        return rng.choice(plays)
    return rng.choice(legal)


def canonical(command):
    """A command as a hashable key: type, the cards and face-up extras as sorted multisets, and the keys a play
    may need ("unbeatable" among the announcements: higher or lower is optional, as is come_at_me)."""
    if command["type"] == "play":
        announce = command.get("announce")
        return (
            "play",
            tuple(sorted(command["cards"])),
            tuple(sorted(command.get("fake_up") or ())),
            command.get("buy_back") or None,
            command.get("bounty_claim") or None,
            announce if announce not in ("higher", "lower") else None,
        )
    if command["type"] == "play_fake_down":
        return ("play_fake_down", command["fake"])
    if command["type"] == "reward":
        swap = command.get("swap") or {}
        return ("reward", command.get("declared"), swap.get("take"), swap.get("give"))
    if command["type"] == "call_misplay":
        return ("call_misplay", command["play"])
    return (command["type"],)


def sub_multisets(hand):
    """Every non-empty sub-multiset of the hand, each once (equal cards are one choice)."""
    counts = sorted(Counter(hand).items())
    for picks in product(*(range(count + 1) for _, count in counts)):
        chosen = [card for (card, _), pick in zip(counts, picks) for _ in range(pick)]
        if chosen:
            yield chosen


def candidates(state, seat, limit=True):
    """Every sub-multiset of the hand with every sub-multiset of the face-up extras, with and without the
    buy back due (Fibonacci, counted here), a bounty claim of the play's size and "unbeatable"; fake jokers
    face down; reward declarations around the right count with every swap; pass, decline and the commands
    of any seat. None (with ``limit``) for a hand of more than SMALL_HAND cards."""
    if limit and len(state.hands[seat]) > SMALL_HAND:
        return None
    return _candidates(state, seat)


def _candidates(state, seat):
    hand = list(state.hands[seat])
    extras = list(state.bonus[seat] + state.fakes[seat]) if state.bonus else []
    due = fib(state.buy_backs)
    for cards in list(sub_multisets(hand)) + [[]]:
        for fake_up in [[]] + list(sub_multisets(extras)):
            if not cards and not fake_up:
                continue
            for buy_back, claim, announce in product(
                (None, due), (None, len(cards) + len(fake_up)), (None, "unbeatable")
            ):
                command = {"type": "play", "cards": cards}
                for key, value in (
                    ("fake_up", fake_up),
                    ("buy_back", buy_back),
                    ("bounty_claim", claim),
                    ("announce", announce),
                ):
                    if value:
                        command[key] = value
                yield command
    for card in NOT_HELD:
        if card not in hand:
            yield {"type": "play", "cards": [card]}
    for fake in set(state.fakes[seat]) | {"QD"}:
        yield {"type": "play_fake_down", "fake": fake}
    if state.reward is not None:
        viewed = list(state.deck[: state.reward.count])
        swaps = [None] + [{"take": take, "give": give} for take in set(viewed) for give in set(hand)]
        for declared in (state.reward.count - 1, state.reward.count, state.reward.count + 1):
            for swap in swaps:
                yield {"type": "reward", "declared": declared, "swap": swap}
    yield {"type": "pass"}
    yield {"type": "decline"}
    yield {"type": "start_countdown"}
    for play in range(state.next_play_id):
        yield {"type": "call_misplay", "play": play}


def fib(index):
    """The buy-back counter from the rule text: 1, 1, 2, 3, 5, ..."""
    a, b = 1, 1
    for _ in range(index):
        a, b = b, a + b
    return a


def check_view(view):
    for play in view["trick"]["plays"]:
        assert {"id", "seat", "cards"} <= set(play)


def dealt(view, seat):
    """Hand (11)."""
    return view["players"][seat]["hand"], []


def check_after_deal(view, rest):
    """Then the bounty card (a joker turned up goes back into the deck: RULINGS); the rest is the deck."""
    assert view["bounty"] == next(card for card in rest if card != "JK")


def known(state, seat):
    """What a seat (None: a watcher) may know from the full state: the trick's cards shown, the bounty, and
    its own hand, fake jokers, reward cards, fake jokers played face down and the reward cards it viewed."""
    known = {card for play in state.trick.plays for card in play.shown}
    known |= {state.bounty} if state.bounty else set()
    if seat is not None and state.hands:
        known |= set(state.hands[seat]) | set(state.fakes[seat]) | set(state.bonus[seat])
        known |= {play.fake_down for play in state.trick.plays if play.seat == seat and play.fake_down}
        if state.reward is not None and state.reward.seat == seat:
            # Table mode shows the reward cards only once the count is declared (RULINGS).
            known |= set(state.reward.viewed if state.options.table_mode else viewed_cards(state))
    return known


def public_in_events(event):
    """Cards an event turns face up for everyone, even if gone by the command's end (a trick won at once):
    a play's cards, and the swap's leftovers."""
    if event["type"] == "played":
        return {*event["cards"], *event.get("fake_up", ()), *event.get("bonus_up", ())}
    return set(event.get("discarded", ())) if event["type"] == "swapped" else set()


PROFILE = dict(
    setup=setup,
    choose=choose,
    canonical=canonical,
    candidates=candidates,
    fields=FIELDS,
    view_keys=frozenset({"round", "phase", "direction", "bounty", "buy_back_next", "finish_order", "trick"}),
    player_keys=frozenset({"score", "hand_count", "fake_joker_count", "passed"}),
    check_view=check_view,
    full_deck=lambda players, options: list(FULL_DECK),
    dealt=dealt,
    check_after_deal=check_after_deal,
    bad_options=[{"rounds": 0}, {"rounds": 51}, {"rounds": "5"}, {"misplays": "sometimes"}],
    max_commands=4000,
    short=(4, {"rounds": 1}),
    known=known,
    public_in_events=public_in_events,
    redeal=hands_and("deck"),
    event_types=frozenset(_APPLY),
    composed=lambda command: command["type"] == "reward",  # the reward's form: fields the player fills in
)
