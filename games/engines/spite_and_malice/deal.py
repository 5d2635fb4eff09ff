"""The start of a game: the deal and who begins."""

from ..base import default_rng
from ..cards import build_deck
from ..fairness import committed
from .deck import DISCARD_PILES, HAND_SIZE, full_deck, start_strength
from .options import check_players, parse_options


def start(players, options=None, deck=None, rng=None):
    players = check_players(players)
    opts = parse_options(options, players)
    rng = default_rng(rng)
    cards = build_deck(full_deck(opts), deck, rng)
    per_seat = HAND_SIZE + DISCARD_PILES + opts.win_pile
    hands, discards, win_piles = [], [], []
    for seat in range(players):
        block = cards[seat * per_seat : (seat + 1) * per_seat]
        hands.append(block[:HAND_SIZE])
        discards.append([[card] for card in block[HAND_SIZE : HAND_SIZE + DISCARD_PILES]])
        win_piles.append(block[HAND_SIZE + DISCARD_PILES :])
    return [
        committed(
            {
                "type": "dealt",
                "players": players,
                "options": opts.as_dict(),
                "hands": hands,
                "discards": discards,
                "win_piles": win_piles,
                "draw_pile": cards[players * per_seat :],
                "first": first_seat(win_piles, discards),
            },
            DEAL_ORDER,
            "the deal",
            rng,
        )
    ]


# The deal's order as committed: the deck cut into its piles (see docs/fair-deals.md).
DEAL_ORDER = ("hands", "discards", "win_piles", "draw_pile")


def first_seat(win_piles, discards):
    """The highest win-pile top; tie: the discards high to low, card by card; still tied: the lowest seat."""

    def strength(seat):
        shown = sorted((start_strength(pile[0]) for pile in discards[seat]), reverse=True)
        return (start_strength(win_piles[seat][0]), shown)

    return max(range(len(win_piles)), key=lambda seat: (strength(seat), -seat))
