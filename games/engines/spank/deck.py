"""Which cards a game of Spank! is played with."""

from ..cards import SUITS

# Each set is its own cycle, in run order: ... 9 10 J Q K A 9 10 ...
HIGH_SET = ("9", "10", "J", "Q", "K", "A")
LOW_SET = ("2", "3", "4", "5", "6", "7")  # only in the Two-Set Deck Variation

# Who starts: the highest left-most stack, in this order (lowest first).
START_ORDER = LOW_SET + HIGH_SET

HAND_SIZE = 5
STACKS_PER_SEAT = 5


def rank_sets(options):
    return (LOW_SET, HIGH_SET) if options.two_set else (HIGH_SET,)


def pack(options):
    """One pack with the unused ranks taken out (2-8 in the base game, only the 8s with two_set)."""
    return [rank + suit for ranks in rank_sets(options) for rank in ranks for suit in SUITS]


def pack_count(players, options):
    if options.two_set == "half":
        return 1 if players <= 4 else 2 if players <= 7 else 3
    return 3 if players <= 5 else 4


def full_deck(players, options):
    return pack(options) * pack_count(players, options)
