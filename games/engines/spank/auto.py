"""The turn clock's default action: the mandatory placement, else the end of the turn.

No upkeep discard, spank, move or retire. With an empty stack and a card in
hand the seat must place: its lowest card code goes into its lowest empty
stack (the placement ends the turn). Otherwise the turn simply ends. Either
way the Draw and the next seat's Score step follow by themselves.
"""

from .legal import empty_stacks, must_place


def default_command(state, seat):
    """The one command of the default action for the seat to move."""
    if must_place(state, seat):
        return {"type": "place", "card": min(state.hands[seat]), "stack": empty_stacks(state, seat)[0]}
    return {"type": "end_turn"}
