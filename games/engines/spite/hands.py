"""Spite's hand ranking: what a set of cards is worth, and whether one hand beats another.

Pure functions, no game state. ``classify`` turns card codes into a ``Hand``;
``beats`` compares two hands in a direction with no consecutive in force;
``describe`` puts a hand into words for messages.

Wild 13s: a 13 is wild whenever the hand holds any card that is not a 13; it
stands for any value of ``NUMERIC`` and keeps its printed suit (13s exist only
as 13H and 13D). A hand with wild 13s is every concrete hand its 13s can stand
for, and each concrete hand is every kind it satisfies (a straight flush is
also a straight and a flush; a suited full house is also a flush); the hand
counts as the lowest of all these readings. A natural hand (no wild 13s) that
is two kinds at once counts as the higher kind.
"""

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..cards import JOKER, SUITS, colour, rank, suit
from ..errors import IllegalCommand

ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A", "2")
NUMERIC = tuple(r for r in ORDER if r != "13")
WILD = "13"
WILD_SUITS = ("H", "D")

KINDS = (
    "single",
    "pair",
    "trips",
    "quads",
    "straight",
    "full_house",
    "flush",
    "four_of_a_kind",
    "straight_flush",
    "joker",
    "joker_hand",
)
SAME_VALUE_KINDS = ("single", "pair", "trips", "quads")  # indexed by size - 1
POKER_KINDS = ("straight", "full_house", "flush", "four_of_a_kind", "straight_flush")  # low to high
JOKER_KINDS = ("joker", "joker_hand")
SIMILARITIES = ("mixed", "coloured", "suited")  # low to high
DIRECTIONS = ("higher", "lower")

_ORDER_INDEX = {r: i for i, r in enumerate(ORDER)}
_NUMERIC_INDEX = {r: i for i, r in enumerate(NUMERIC)}
_POKER_RANK = {k: i for i, k in enumerate(POKER_KINDS)}
_SIMILARITY_RANK = {s: i for i, s in enumerate(SIMILARITIES)}
_LOWEST_STRAIGHT_TOP = 4  # 3-4-5-6-7

# Every code a Spite deck (or a face-up fake joker) can show, with its sort key.
_SORT_KEY = {}
for _r in ORDER:
    for _i, _s in enumerate(SUITS):
        if _r != WILD or _s in WILD_SUITS:
            _SORT_KEY[_r + _s] = (_ORDER_INDEX[_r], _i)
_SORT_KEY[JOKER] = (len(ORDER), len(SUITS))
del _r, _i, _s


@dataclass(frozen=True)
class Hand:
    """A valid Spite hand.

    ``key`` orders hands within one comparable class (same size and not a
    joker hand; or joker hands among themselves): a larger key is a better hand.
    """

    cards: tuple
    kind: str
    value: str
    wild: int
    similarity: object  # "mixed" | "coloured" | "suited" | None
    key: tuple

    @property
    def size(self):
        return len(self.cards)

    @property
    def is_joker(self):
        return self.kind in JOKER_KINDS

    @property
    def natural(self):
        return self.wild == 0

    @property
    def malformed(self):
        """Cards that form no hand, played in table mode (a misplay): no kind, no value."""
        return self.kind is None

    def as_dict(self):
        return {
            "kind": self.kind,
            "value": self.value,
            "wild": self.wild,
            "size": self.size,
            "similarity": self.similarity,
            "cards": list(self.cards),
        }


def sort_cards(cards):
    """Card codes sorted by ORDER, then suit S H D C; the joker last. Codes must be valid."""
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def classify(cards):
    """The ``Hand`` the cards make; IllegalCommand (with a sentence) when they make none."""
    if isinstance(cards, Hand):
        return cards
    if not isinstance(cards, (list, tuple)):
        raise IllegalCommand("A hand must be a list of card codes.")
    if not cards:
        raise IllegalCommand("A hand needs at least one card.")
    for card in cards:
        if not isinstance(card, str) or card not in _SORT_KEY:
            raise IllegalCommand(f"The card {card!r} is not in the Spite deck.")
    return _classify_sorted(tuple(sorted(cards, key=_SORT_KEY.__getitem__)))


def read_hand(cards):
    """The ``Hand`` the cards make or, when they make none, a malformed hand (kind and value None):
    table mode accepts such a play as a misplay. The cards must be valid codes."""
    try:
        return classify(cards)
    except IllegalCommand:
        return Hand(sort_cards(cards), None, None, 0, None, ())


def sole_natural_value(hand):
    """The rank when the hand is only natural cards of one value (7s, 3s, the bounty), else None.

    A hand of only 13s is natural 13s; the joker and a malformed hand have no value.
    """
    hand = classify(hand)
    if hand.wild or hand.kind == "joker" or hand.malformed:
        return None
    first = rank(hand.cards[0])
    return first if all(rank(c) == first for c in hand.cards) else None


def beats(new, old, direction):
    """Whether ``new`` may follow ``old`` in a trick with no consecutive in force.

    Arguments are Hands (or card lists, which are classified). Natural 7s on
    natural 7s of the same size always may (they reverse the direction). A natural
    joker beats another natural joker (the rule text: "It can beat any non-joker hand
    and other natural jokers"); other equal hands never beat each other.
    """
    if direction not in DIRECTIONS:
        raise IllegalCommand(f"The direction must be 'higher' or 'lower', not {direction!r}.")
    new = classify(new)
    old = classify(old)
    if new.size == old.size and sole_natural_value(new) == "7" and sole_natural_value(old) == "7":
        return True
    if old.is_joker:
        if direction == "lower":
            return True  # the joker reset the ranking: any valid hand may follow
        if new.kind == "joker" and old.kind == "joker":
            return True
        return new.is_joker and new.key > old.key
    if new.is_joker:
        return True  # higher: beats everything; lower: resets the ranking
    if new.size != old.size:
        return False
    if direction == "higher":
        return new.key > old.key
    return new.key < old.key


def describe(hand):
    """Words for messages: "pair of 5s, coloured", "straight to J (one wild 13)", "joker"; the cards
    of a malformed hand ("6S 9S")."""
    hand = classify(hand)
    kind, value = hand.kind, hand.value
    if hand.malformed:
        return " ".join(hand.cards)
    if kind == "joker":
        return "joker"
    if kind == "joker_hand":
        return f"{_count_word(hand.size)} {_plural(value)} (joker hand)"
    if kind == "single":
        text = f"single {value}"
    elif kind in ("pair", "trips", "quads"):
        lead = {"pair": "pair of", "trips": "three", "quads": "four"}[kind]
        text = f"{lead} {_plural(value)}, {hand.similarity}"
    elif kind == "straight":
        text = f"straight to {value}"
    elif kind == "straight_flush":
        text = f"straight flush to {value}"
    elif kind == "flush":
        text = f"flush to {value}"
    elif kind == "full_house":
        text = f"{_plural(value)} full of {_plural(NUMERIC[hand.key[2]])}"
    else:  # four_of_a_kind
        text = f"four of a kind, {_plural(value)} with a {NUMERIC[hand.key[2]]}"
    if hand.wild:
        text += f" ({_count_word(hand.wild)} wild 13{'s' if hand.wild > 1 else ''})"
    return text


# --- the classification proper ------------------------------------------------------------


@lru_cache(maxsize=8192)
def _classify_sorted(cards):
    n = len(cards)
    if JOKER in cards:
        if n == 1:
            return Hand(cards, "joker", JOKER, 0, None, (1, -1))
        raise IllegalCommand("The joker is only ever played alone.")
    ranks = [rank(c) for c in cards]
    wild = ranks.count(WILD)
    if wild == n:  # only 13s: natural 13s
        return _same_value(cards, WILD, 0)
    if wild:
        naturals = [r for r in ranks if r != WILD]
    else:
        naturals = ranks
    first = naturals[0]
    same = all(r == first for r in naturals)
    if n <= 4:
        if not same:
            raise IllegalCommand("A pair, trips or quads must be cards of one value (a 13 may stand in for any value).")
        return _same_value(cards, first, wild)
    if same and not wild:
        return _same_value(cards, first, 0)  # five or more natural cards of one value: joker hand
    if n > 5:
        raise IllegalCommand(
            "More than five cards make a hand only as a joker hand: natural cards of one value, with no 13 standing in."
        )
    if wild:
        return _wild_poker(cards, naturals, wild)
    return _natural_poker(cards, ranks)


def _similarity(cards):
    suits = {suit(c) for c in cards}
    if len(suits) == 1:
        return "suited"
    if len({colour(c) for c in cards}) == 1:
        return "coloured"
    return "mixed"


def _same_value(cards, value, wild):
    n = len(cards)
    index = _ORDER_INDEX[value]
    if n >= 5:
        return Hand(cards, "joker_hand", value, 0, None, (n, index))
    similarity = _similarity(cards)
    key = (index, -wild, _SIMILARITY_RANK[similarity])
    return Hand(cards, SAME_VALUE_KINDS[n - 1], value, wild, similarity, key)


def _poker(cards, kind, tiebreak, wild):
    value = NUMERIC[tiebreak[0]]
    key = (_POKER_RANK[kind],) + tuple(tiebreak) + (-wild,)
    return Hand(cards, kind, value, wild, None, key)


_NOT_POKER = "Five cards must make a straight, full house, flush, four of a kind or straight flush."


def _natural_poker(cards, ranks):
    values = [_NUMERIC_INDEX[r] for r in ranks]
    is_flush = len({suit(c) for c in cards}) == 1
    counts = Counter(values)
    is_straight = len(counts) == 5 and max(values) - min(values) == 4
    if is_straight and is_flush:
        return _poker(cards, "straight_flush", (max(values),), 0)
    shape = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    if shape[0][1] == 4:
        return _poker(cards, "four_of_a_kind", (shape[0][0], shape[1][0]), 0)
    if is_flush:
        return _poker(cards, "flush", tuple(sorted(values, reverse=True)), 0)
    if shape[0][1] == 3 and shape[1][1] == 2:
        return _poker(cards, "full_house", (shape[0][0], shape[1][0]), 0)
    if is_straight:
        return _poker(cards, "straight", (max(values),), 0)
    raise IllegalCommand(_NOT_POKER)


def _wild_poker(cards, naturals, wild):
    """The lowest reading, kind by kind from the lowest: straight, full house, flush, four of a kind.

    A straight flush reading is never the lowest: the same cards also read as a straight.
    """
    values = [_NUMERIC_INDEX[r] for r in naturals]
    counts = Counter(values)
    if len(counts) == len(values):
        low, high = min(values), max(values)
        if high - low <= 4:
            return _poker(cards, "straight", (max(high, _LOWEST_STRAIGHT_TOP),), wild)
    if len(counts) <= 2:
        split = _lowest_split(counts, 3, 2)
        if split is not None:
            return _poker(cards, "full_house", split, wild)
    if len({suit(c) for c in cards}) == 1:
        filled = sorted(values + [0] * wild, reverse=True)
        if filled[0] == 0:  # five 3s are no poker hand: one wild stands for a 4 instead
            filled = [1, 0, 0, 0, 0]
        return _poker(cards, "flush", tuple(filled), wild)
    if len(counts) <= 2:
        split = _lowest_split(counts, 4, 1)
        if split is not None:
            return _poker(cards, "four_of_a_kind", split, wild)
    raise IllegalCommand(_NOT_POKER)


def _lowest_split(counts, big, small):
    """The lowest (a, b), a != b, with every natural value a or b, at most ``big`` a's and at most
    ``small`` b's; wild 13s make up the rest. None when there is no such split."""
    candidates = set(counts)
    fillers = 0
    for v in range(len(NUMERIC)):
        if v not in counts:
            candidates.add(v)
            fillers += 1
            if fillers == 2:
                break
    ordered = sorted(candidates)
    for a in ordered:
        if counts.get(a, 0) > big:
            continue
        for b in ordered:
            if b != a and counts.get(b, 0) <= small and all(v in (a, b) for v in counts):
                return (a, b)
    return None


_COUNT_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_PLURALS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def _count_word(n):
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _plural(value):
    return _PLURALS.get(value, value + "s")
