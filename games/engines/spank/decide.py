"""Turning a seat's command into events, or refusing it with a sentence the player can read.

``COMMANDS`` is the game's command table (base.Engine.decide checks what every game shares, then
calls the handler); ``turn_refusal`` says when the seat to move may not act, by the order of the steps.
"""

from .. import turn_clock
from ..base import SEAT_TO_ACT, Command, combine, handle, not_your_turn, require_held, require_index, seat_in_text
from ..errors import IllegalCommand
from .auto import default_command
from .deck import STACKS_PER_SEAT
from .evolve import evolve
from .legal import possible_moves, spank_result, step_refusal
from .stack import join
from .turns import end_turn


def turn_refusal(state, seat, kind):
    """Only the seat to move acts, and only as the order of the steps allows."""
    if state.step is None:
        return "The turn is changing hands; nobody may act right now."
    return not_your_turn(state, seat) or step_refusal(state, seat, kind)


def _discard(state, seat, command, rng):
    cards = command.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(card, str) for card in cards):
        raise IllegalCommand('"cards" must be a list of one or more card codes from your hand.')
    require_held(state.hands[seat], cards)
    return _ending_turn(state, seat, {"type": "discarded", "seat": seat, "cards": list(cards)}, rng)


def _spank(state, seat, command, rng):
    card = _require_card(state, seat, command)
    target = require_index(command, "seat", state.players, "seat")
    if target == seat:
        raise IllegalCommand("You cannot spank your own stack; pick an opponent's.")
    index = require_index(command, "stack", STACKS_PER_SEAT, "stack")
    stack = state.stacks[target][index]
    if not stack:
        raise IllegalCommand(
            f"{seat_in_text(target)}'s stack {index} is empty; only a stack with cards can be spanked."
        )
    if spank_result(state, card, target, index) is None:
        raise IllegalCommand(
            f"{card} cannot join {seat_in_text(target)}'s stack {index} ({' '.join(stack)}) at either end."
        )
    return [{"type": "spanked", "seat": seat, "card": card, "target": target, "stack": index, "cards": list(stack)}]


def _move(state, seat, command, rng):
    source = require_index(command, "from", STACKS_PER_SEAT, "stack")
    target = require_index(command, "to", STACKS_PER_SEAT, "stack")
    if source == target:
        raise IllegalCommand("A stack cannot move onto itself.")
    stacks = state.stacks[seat]
    run = join(stacks[target], stacks[source], state.options.sequence)
    if run is None:
        raise IllegalCommand(
            f"Stack {source} ({' '.join(stacks[source])}) cannot join stack {target} "
            f"({' '.join(stacks[target])}) as one legal stack."
        )
    return [{"type": "moved", "seat": seat, "from": source, "to": target, "cards": list(run)}]


def _retire(state, seat, command, rng):
    index = require_index(command, "stack", STACKS_PER_SEAT, "stack")
    if possible_moves(state, seat):
        raise IllegalCommand("You may retire a stack only when no move is possible, and you have a move.")
    stack = state.stacks[seat][index]
    if not stack:
        raise IllegalCommand(f"Your stack {index} is already empty.")
    return [{"type": "retired", "seat": seat, "stack": index, "cards": list(stack)}]


def _place(state, seat, command, rng):
    card = _require_card(state, seat, command)
    index = require_index(command, "stack", STACKS_PER_SEAT, "stack")
    if state.stacks[seat][index]:
        raise IllegalCommand(f"Your stack {index} is not empty; a card can only be placed in an empty stack.")
    return _ending_turn(state, seat, {"type": "placed", "seat": seat, "card": card, "stack": index}, rng)


def _end_turn(state, seat, command, rng):
    return end_turn(state, seat, rng)


def _ending_turn(state, seat, event, rng):
    """An action that ends the turn: the event, the Draw, the next seat's Score step."""
    return [event] + end_turn(evolve(state, event), seat, rng)


def _require_card(state, seat, command):
    card = command.get("card")
    if not isinstance(card, str):
        raise IllegalCommand('"card" must be the code of a card in your hand, such as "QH".')
    require_held(state.hands[seat], [card])
    return card


def default_action(state, seat, rng=None):
    """The turn clock's default action (see ``auto``): one command, which ends the turn."""
    command = default_command(state, seat)
    return handle(_SEAT_COMMANDS, state, seat, command, rng)


_SEAT_COMMANDS = {
    "discard": Command(_discard, SEAT_TO_ACT),
    "spank": Command(_spank, SEAT_TO_ACT),
    "move": Command(_move, SEAT_TO_ACT),
    "retire": Command(_retire, SEAT_TO_ACT),
    "place": Command(_place, SEAT_TO_ACT),
    "end_turn": Command(_end_turn, SEAT_TO_ACT),
}

COMMANDS = combine(_SEAT_COMMANDS, turn_clock.commands(default_action, evolve))
