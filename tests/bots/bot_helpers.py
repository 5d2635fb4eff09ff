"""Helpers for the bot tests (importable, unlike conftest): positions built on a started game, the
bot asked as the platform asks it, and states that differ from another only in what a seat cannot see."""

import random
from collections import Counter
from dataclasses import replace

from contract.profiles import profile_of

from games.bots import choose
from games.engines import get_engine


def cards(text):
    """A tuple of codes from "5S 5H 13D" (or from a list or tuple of codes)."""
    return tuple(text.split()) if isinstance(text, str) else tuple(text)


def ask_bot(engine, state, seat, level="fair", seed=0):
    """The bot's command for the seat: it gets the seat's view and legal list, nothing else."""
    return choose(engine.name, engine.view(state, seat), engine.legal_commands(state, seat), random.Random(seed), level)


def bot_turn(engine, state, seat, level="fair", limit=50):
    """Let the seat's bot act until the turn passes to another seat: (its commands, the state after)."""
    commands = []
    while not engine.is_over(state) and state.to_move == seat and len(commands) < limit:
        command = ask_bot(engine, state, seat, level)
        commands.append(command)
        state = engine.fold(engine.decide(state, seat, command, rng=random.Random(len(commands))), state)
    return commands, state


# --- Spite & Malice -------------------------------------------------------------------------------


def sm_position(
    hand,
    *,
    discards=((), (), (), ()),
    win="9S 9H 9D",
    play_piles=("", "", "", ""),
    opponent_win="KS KH",
    opponent_discards=((), (), (), ()),
    players=2,
):
    """Seat 0 to move with these cards; seat 1 (the next seat) shows ``opponent_win``'s first card."""
    engine = get_engine("spite_and_malice")
    state = engine.fold(engine.start(players, rng=random.Random(1)))
    hands = list(state.hands)
    hands[0] = cards(hand)
    all_discards = list(state.discards)
    all_discards[0] = tuple(cards(pile) for pile in discards)
    all_discards[1] = tuple(cards(pile) for pile in opponent_discards)
    wins = list(state.win_piles)
    wins[0], wins[1] = cards(win), cards(opponent_win)
    return replace(
        state,
        hands=tuple(hands),
        discards=tuple(all_discards),
        win_piles=tuple(wins),
        play_piles=tuple(cards(pile) for pile in play_piles),
        to_move=0,
        played_this_turn=False,
    )


# --- Spank! ------------------------------------------------------------------------------------


def spank_position(hand, stacks, *, scores=None, options=None):
    """Seat 0 at the start of its turn (Upkeep) with this hand; ``stacks`` one list of five strings a seat."""
    from games.engines.spank.state import UPKEEP

    engine = get_engine("spank")
    state = engine.fold(engine.start(len(stacks), options=options, rng=random.Random(1)))
    hands = list(state.hands)
    hands[0] = cards(hand)
    all_stacks = tuple(tuple(cards(stack) for stack in seat_stacks) for seat_stacks in stacks)
    return replace(
        state,
        hands=tuple(hands),
        stacks=all_stacks,
        scores=tuple(scores or (0,) * len(stacks)),
        to_move=0,
        step=UPKEEP,
        spanked=False,
        moved=None,
    )


# --- Spite -----------------------------------------------------------------------------------------


def spite_deal(*hands, options=None, seed=0):
    """A Spite match started from a stacked deck: each seat's hand as given, padded to 11 with high cards
    nobody names (so the opening's ask is settled by the cards a test names)."""
    from games.engines.spite.deck import FULL_DECK

    engine = get_engine("spite")
    named = Counter(card for hand in hands for card in cards(hand))
    left = Counter(FULL_DECK) - named
    filler = iter(
        [
            card
            for rank in ("2", "A", "K", "Q", "J", "12", "11", "10", "9")
            for suit in "SHDC"
            for card in [rank + suit] * left[rank + suit]
        ]
    )
    deck = []
    for hand in hands:
        deck += list(cards(hand)) + [next(filler) for _ in range(11 - len(cards(hand)))]
    return engine.fold(engine.start(len(hands), options=options, deck=deck, rng=random.Random(seed)))


# --- the same view, other hidden cards ------------------------------------------------------------


def with_other_hidden_cards(game, state, seat, rng):
    """The state with every card the seat cannot see dealt again at random among the places it cannot see
    (the other hands, the draw pile or deck, the win piles under their tops), each place keeping its size:
    the game's profile says how (``redeal``)."""
    return profile_of(game).redeal(state, seat, rng)
