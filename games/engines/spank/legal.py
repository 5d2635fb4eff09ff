"""What the seat to move may do now: the order of the steps, and the full list of legal commands.

``decide`` asks ``step_refusal`` before it checks a command's own fields, so
the two always agree on the order of the steps.
"""

from itertools import combinations

from .deck import STACKS_PER_SEAT
from .stack import join
from .state import MOVE, PLAY, UPKEEP


def is_to_move(state, seat):
    return (
        state is not None
        and not state.over
        and state.step is not None
        and isinstance(seat, int)
        and not isinstance(seat, bool)
        and seat == state.to_move
    )


def empty_stacks(state, seat):
    return [index for index, stack in enumerate(state.stacks[seat]) if not stack]


def must_place(state, seat):
    """An empty stack and a card to put in it: the turn cannot end without a placement."""
    return bool(empty_stacks(state, seat)) and bool(state.hands[seat])


def step_refusal(state, seat, action):
    """Why the order of the steps forbids ``action`` now (a sentence), or None if it is allowed.

    ``action`` is a command type. The seat must be the one to move.
    """
    step, hand = state.step, state.hands[seat]
    has_empty = bool(empty_stacks(state, seat))
    if action == "discard":
        if step != UPKEEP:
            return "An upkeep discard must come before any spank, move or retire."
        if not hand:
            return "You have no cards to discard."
    elif action == "spank":
        if step == MOVE:
            return "You may spank only once a turn."
        if step == PLAY:
            return "A spank must come before any move or retire."
        if has_empty:
            return "With an empty stack you skip Spank and Move: place a card into it (or discard)."
        if not hand:
            return "You have no card to spank with."
    elif action in ("move", "retire"):
        if step == PLAY:
            return "You may move or retire only one stack a turn."
        if has_empty:
            return "With an empty stack you skip Spank and Move: place a card into it (or discard)."
        if not hand:
            return "You need a card in hand to fill the stack a move or retire empties."
    elif action == "place":
        if not has_empty:
            return "You have no empty stack to place a card in."
        if not hand:
            return "You have no card to place."
    elif action == "end_turn":
        if must_place(state, seat):
            return "You must place a card into an empty stack before your turn ends."
    return None


def spank_result(state, card, target, index):
    """The target stack with the card joined, or None if the card cannot spank it."""
    return join(state.stacks[target][index], (card,), state.options.sequence)


def possible_moves(state, seat):
    """Every (from, to, resulting run) that joins one own stack onto another legally."""
    stacks = state.stacks[seat]
    moves = []
    for source in range(STACKS_PER_SEAT):
        for target in range(STACKS_PER_SEAT):
            if source != target:
                run = join(stacks[target], stacks[source], state.options.sequence)
                if run is not None:
                    moves.append((source, target, run))
    return moves


def legal_commands(state, seat):
    if not is_to_move(state, seat):
        return []
    hand = state.hands[seat]
    cards = sorted(set(hand))

    def allowed(action):
        return step_refusal(state, seat, action) is None

    commands = []
    if allowed("discard"):
        commands += [{"type": "discard", "cards": list(choice)} for choice in sub_multisets(hand)]
    if allowed("spank"):
        commands += [
            {"type": "spank", "card": card, "seat": target, "stack": index}
            for card in cards
            for target in range(state.players)
            if target != seat
            for index in range(STACKS_PER_SEAT)
            if spank_result(state, card, target, index) is not None
        ]
    moves = possible_moves(state, seat)
    if allowed("move"):
        commands += [{"type": "move", "from": source, "to": target} for source, target, _ in moves]
    if allowed("retire") and not moves:
        commands += [{"type": "retire", "stack": index} for index, stack in enumerate(state.stacks[seat]) if stack]
    if allowed("place"):
        commands += [
            {"type": "place", "card": card, "stack": index} for card in cards for index in empty_stacks(state, seat)
        ]
    if allowed("end_turn"):
        commands.append({"type": "end_turn"})
    return commands


def sub_multisets(hand):
    """Every distinct non-empty choice of cards from the hand, each a sorted tuple."""
    ordered = sorted(hand)
    choices = {}
    for size in range(1, len(ordered) + 1):
        for choice in combinations(ordered, size):
            choices.setdefault(choice, None)
    return list(choices)


def phase(state):
    """The step the turn is at, named for the table: the earliest step whose action is still open."""
    if state.over:
        return "over"
    if state.step is None:
        return "draw"
    seat = state.to_move
    has_empty = bool(empty_stacks(state, seat))
    if state.step == UPKEEP and state.hands[seat]:
        return "upkeep"
    if state.step == UPKEEP and not has_empty:
        return "spank"
    if state.step in (UPKEEP, MOVE) and not has_empty:
        return "move"
    return "play"
