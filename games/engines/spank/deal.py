"""The start of a game: the deal, who begins, and the first Score step."""

from ..base import default_rng
from ..cards import build_deck, rank
from ..fairness import committed
from .deck import HAND_SIZE, STACKS_PER_SEAT, START_ORDER, full_deck
from .evolve import evolve
from .options import check_players, parse_options
from .turns import begin_turn


def start(players, options=None, deck=None, rng=None):
    players = check_players(players)
    opts = parse_options(options)
    rng = default_rng(rng)
    cards = build_deck(full_deck(players, opts), deck, rng)
    hands, stacks = [], []
    per_seat = HAND_SIZE + STACKS_PER_SEAT
    for seat in range(players):
        block = cards[seat * per_seat : (seat + 1) * per_seat]
        hands.append(block[:HAND_SIZE])
        stacks.append([[card] for card in block[HAND_SIZE:]])
    dealt = committed(
        {
            "type": "dealt",
            "players": players,
            "options": opts.as_dict(),
            "hands": hands,
            "stacks": stacks,
            "stock": cards[players * per_seat :],
            "first": first_seat(stacks),
        },
        DEAL_ORDER,
        "the deal",
        rng,
    )
    return [dealt] + begin_turn(evolve(None, dealt), dealt["first"])


# The deal's order as committed: the deck cut into its piles (see docs/fair-deals.md).
DEAL_ORDER = ("hands", "stacks", "stock")


def first_seat(stacks):
    """The highest left-most stack begins; ties look at the next stack, then the lowest seat wins."""

    def strength(seat):
        return tuple(START_ORDER.index(rank(stack[0])) for stack in stacks[seat])

    return max(range(len(stacks)), key=lambda seat: (strength(seat), -seat))
