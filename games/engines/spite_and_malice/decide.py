"""Turning a seat's command into events, or refusing it with a sentence the player can read.

``COMMANDS`` is the game's command table: base.Engine.decide checks what every game shares (the
seat to move acts) and then calls the handler.
"""

from functools import reduce

from .. import turn_clock
from ..base import SEAT_TO_ACT, Command, combine, handle, require_held, require_index
from ..errors import IllegalCommand
from ..wording import count
from .auto import default_command
from .deck import DISCARD_PILES, HAND_SIZE, PLAY_SLOTS
from .evolve import evolve
from .piles import completes, playable_ace, refusal
from .stalemate import stalemate
from .turns import can_draw_anything, draw, draw_up, empty_discards, end_needs, may_draw, next_seat

# --- play ---------------------------------------------------------------------


def _play(state, seat, command, rng):
    source, card, fields = _source(state, seat, command)
    slot = require_index(command, "to", PLAY_SLOTS, "play slot")
    why = refusal(state.play_piles[slot], card)
    if why:
        raise IllegalCommand(why)
    pile = state.play_piles[slot] + (card,)
    played = {"type": "played", "seat": seat, **fields, "card": card, "to": slot, "value": len(pile)}
    events = [played]
    if source == "win" and len(state.win_piles[seat]) > 1:
        events.append({"type": "win_turned", "seat": seat, "card": state.win_piles[seat][1]})
    if completes(pile):
        events.append({"type": "pile_retired", "slot": slot, "cards": list(pile)})
    if source == "win" and len(state.win_piles[seat]) == 1:
        events.append({"type": "won", "seat": seat})
    return events


def _source(state, seat, command):
    """(source, card, the event's source fields) for a play; IllegalCommand if it is not the seat's to play."""
    source = command.get("from")
    if source == "hand":
        card = command.get("card")
        if not isinstance(card, str):
            raise IllegalCommand('"card" must be the code of a card in your hand, such as "7H".')
        if card not in state.hands[seat]:
            raise IllegalCommand(f"You do not hold {card}.")
        return source, card, {"from": "hand"}
    if source == "win":
        if not state.win_piles[seat]:
            raise IllegalCommand("Your win pile is empty.")
        return source, state.win_piles[seat][0], {"from": "win"}
    if source == "discard":
        pile = require_index(command, "pile", DISCARD_PILES, "discard pile")
        cards = state.discards[seat][pile]
        if not cards:
            raise IllegalCommand(f"Your discard pile {pile} is empty.")
        return source, cards[-1], {"from": "discard", "pile": pile}
    raise IllegalCommand(
        '"from" must be "hand", "win" or "discard": you may play only from your hand, '
        "the top of your win pile or the top of one of your discard piles."
    )


# --- draw ---------------------------------------------------------------------


def _draw(state, seat, command, rng):
    if not may_draw(state, seat):
        if not can_draw_anything(state):
            raise IllegalCommand("There is nothing left to draw.")
        raise IllegalCommand(
            "You may draw only when your hand is empty, or too short to fill your empty "
            "discard piles and discard one more card."
        )
    return [draw(state, seat, HAND_SIZE, rng)]


# --- end of turn ----------------------------------------------------------------


def _end_turn(state, seat, command, rng):
    if playable_ace(state, seat):
        raise IllegalCommand("You have an ace you can play and a slot is free: you must play the ace first.")
    if may_draw(state, seat):
        raise IllegalCommand(_draw_first(state, seat))
    fills, discard = _read_end(command)
    _check_end(state, seat, fills, discard)
    ended = {"type": "turn_ended", "seat": seat, "fills": fills, "discard": discard, "next": next_seat(state, seat)}
    after = evolve(state, ended)
    over = stalemate(after)
    if over:
        return [ended, over]
    return [ended, draw_up(after, ended["next"], rng)]


def _draw_first(state, seat):
    if not state.hands[seat]:
        return "Your hand is empty: draw 5 before you end your turn."
    empty = len(empty_discards(state, seat))
    return (
        f"You need {empty + 1} cards to fill your {count(empty, 'empty discard pile')} and discard one: draw 5 first."
    )


def _read_end(command):
    fills = command.get("fills", [])
    if fills is None:
        fills = []
    if not isinstance(fills, list):
        raise IllegalCommand('"fills" must be a list such as [{"card": "5C", "pile": 0}].')
    fills = [_read_move(fill, "Each fill") for fill in fills]
    discard = command.get("discard")
    if discard is not None:
        discard = _read_move(discard, "The discard")
    return fills, discard


def _read_move(move, what):
    if not isinstance(move, dict) or not isinstance(move.get("card"), str):
        raise IllegalCommand(f'{what} must be an object such as {{"card": "9D", "pile": 2}}.')
    return {"card": move["card"], "pile": require_index(move, "pile", DISCARD_PILES, "discard pile")}


def _check_end(state, seat, fills, discard):
    fills_needed, discard_needed = end_needs(state, seat)
    empty = empty_discards(state, seat)
    piles = [fill["pile"] for fill in fills]
    for pile in piles:
        if pile not in empty:
            raise IllegalCommand(f"Your discard pile {pile} is not empty; fills go only on empty discard piles.")
    if len(set(piles)) != len(piles):
        raise IllegalCommand("Each empty discard pile takes one fill card, not more.")
    if len(fills) != fills_needed:
        raise IllegalCommand(_fills_wanted(empty, fills_needed))
    if discard_needed and discard is None:
        raise IllegalCommand("End your turn by discarding one card from your hand onto a discard pile.")
    if not discard_needed and discard is not None:
        raise IllegalCommand("You have no card left to discard after filling your empty discard piles.")
    require_held(state.hands[seat], [move["card"] for move in fills + ([discard] if discard else [])])


def _fills_wanted(empty, fills_needed):
    if fills_needed == len(empty):
        names = ", ".join(str(pile) for pile in empty) or "none"
        return f"Fill every empty discard pile ({names}) with one card from your hand."
    return f"With nothing left to draw, fill {fills_needed} of your empty discard piles, one card each."


# --- the turn clock's default action ------------------------------------------------


def default_action(state, seat, rng=None):
    """The events of the seat's commands from ``auto.default_command`` until its turn (or the game) ends."""
    events = []
    while not state.over and state.to_move == seat:
        command = default_command(state, seat)
        new = handle(_SEAT_COMMANDS, state, seat, command, rng)
        events += new
        state = reduce(evolve, new, state)
    return events


_SEAT_COMMANDS = {
    "play": Command(_play, SEAT_TO_ACT),
    "draw": Command(_draw, SEAT_TO_ACT),
    "end_turn": Command(_end_turn, SEAT_TO_ACT),
}

COMMANDS = combine(_SEAT_COMMANDS, turn_clock.commands(default_action, evolve))
