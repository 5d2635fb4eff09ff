"""Spank!, the fair bot: plans its whole turn, then makes the plan's first step.

A turn is at most an upkeep discard, or a spank, a move (or a retire) and a
placement. The bot lists every such plan open to it from where the turn
stands (what the engine lists now, then what the rules allow after each
hypothetical step) and scores the position each plan leaves:

- its own stacks: the points they score at its next Score step (5 cards =
  250, and a 5-card stack can no longer be spanked), what they are worth as
  they grow, the best move it could make next turn (the placed card joining a
  stack is how stacks grow), less what the opponents will likely spank (one
  stack each: spreading points over several stacks is safer);
- the opponents' stacks, which score at their own Score steps: spanking the
  best stack of the seat closest to 1,000 (the leader) weighs most;
- its hand after the Draw: cards that could join its stacks or spank are
  worth keeping, the cards it draws are worth the average card.

So it builds towards scoring stacks, spanks the leader's best stack, retires a
stack that cannot grow to make room for a card that can (rather than leave it
to be spanked), and discards in upkeep when its hand is poor and nothing else
this turn is worth doing. It sees only the stacks and scores (public) and its
own hand.
"""

from functools import lru_cache

from ..bot_base import in_fixed_order, of_type
from .deck import pack
from .options import parse_options
from .stack import MAX_STACK, join
from .turns import POINTS_BY_SIZE, TARGET

# A stack's worth beyond its next Score step, by size: how close it is to 250.
FUTURE = {0: 0, 1: 5, 2: 15, 3: 35, 4: 70, 5: 0}
SPANK_RISK = 0.6  # how often an opponent with a card that fits spanks the stack it would hurt most
NEXT_MOVE_SHARE = 0.5  # a move possible next turn, counted at this share of its gain
JOIN_CARD = 12.0  # a hand card that could join one of the seat's stacks (placed, then moved)
SPANK_CARD = 6.0  # a hand card that could spank an opponent's stack of two cards or more


def choose(view, legal, rng):
    if not legal:
        return None
    table = Table.read(view)
    plans = list(_plans(table, in_fixed_order(legal)))
    best = max(plans, key=lambda plan: plan.score)
    return best.first


class Table:
    """What the bot knows: its seat, its hand, every seat's stacks and scores, and the variation."""

    def __init__(self, seat, hand, stacks, scores, options, average=0.0):
        self.seat, self.hand, self.stacks, self.scores, self.options = seat, hand, stacks, scores, options
        self.average = average  # what a card drawn is worth on average (from the position at the start)

    @classmethod
    def read(cls, view):
        seat = view["seat"]
        table = cls(
            seat=seat,
            hand=tuple(view["players"][seat]["hand"]),
            stacks=tuple(tuple(tuple(stack) for stack in player["stacks"]) for player in view["players"]),
            scores=tuple(player["score"] for player in view["players"]),
            options=parse_options(view["options"]),
        )
        cards = pack(table.options)
        table.average = sum(card_use(table, card) for card in cards) / len(cards)
        return table

    def join(self, stack, joining):
        return _join(stack, joining, self.options.sequence)

    def with_stacks(self, seat, stacks):
        all_stacks = self.stacks[:seat] + (tuple(stacks),) + self.stacks[seat + 1 :]
        return Table(self.seat, self.hand, all_stacks, self.scores, self.options, self.average)

    @property
    def mine(self):
        return self.stacks[self.seat]

    @property
    def opponents(self):
        return [other for other in range(len(self.stacks)) if other != self.seat]


class Plan:
    def __init__(self, first, score):
        self.first, self.score = first, score


# --- the plans -----------------------------------------------------------------------------------


def _plans(table, legal):
    """Every plan open now: its first command (a listed one) and the score of where it leads."""
    for discard in of_type(legal, "discard"):
        yield Plan(discard, score(_without(table, discard["cards"])))
    for spank in of_type(legal, "spank"):
        after = _spanked(table, spank)
        yield Plan(spank, max(_rest_after_spank(after)))
    for command in of_type(legal, "move") + of_type(legal, "retire"):
        yield Plan(command, max(_placements(_moved(table, command))))
    for place in of_type(legal, "place"):
        yield Plan(place, score(_placed(table, place["card"], place["stack"])))
    if of_type(legal, "end_turn"):
        yield Plan({"type": "end_turn"}, score(table))


def _rest_after_spank(table):
    """The scores of every way to go on after a spank: a move or retire (if the hand can refill it), or none."""
    yield score(table)
    if not table.hand:
        return
    moves = possible_moves(table)
    steps = moves or [{"type": "retire", "stack": index} for index, stack in enumerate(table.mine) if stack]
    for command in steps:
        yield max(_placements(_moved(table, command)))


def _placements(table):
    """The scores of each card the hand could place into the stack a move or retire emptied."""
    empty = [index for index, stack in enumerate(table.mine) if not stack]
    if not empty or not table.hand:
        yield score(table)
        return
    for card in sorted(set(table.hand)):
        yield score(_placed(table, card, empty[0]))


def possible_moves(table):
    stacks = table.mine
    return [
        {"type": "move", "from": source, "to": target}
        for source in range(len(stacks))
        for target in range(len(stacks))
        if source != target and table.join(stacks[target], stacks[source]) is not None
    ]


def _without(table, cards):
    hand = list(table.hand)
    for card in cards:
        hand.remove(card)
    return Table(table.seat, tuple(hand), table.stacks, table.scores, table.options, table.average)


def _spanked(table, spank):
    target = list(table.stacks[spank["seat"]])
    target[spank["stack"]] = ()
    return _without(table, [spank["card"]]).with_stacks(spank["seat"], target)


def _moved(table, command):
    stacks = list(table.mine)
    if command["type"] == "move":
        stacks[command["to"]] = table.join(stacks[command["to"]], stacks[command["from"]])
        stacks[command["from"]] = ()
    else:
        stacks[command["stack"]] = ()
    return table.with_stacks(table.seat, stacks)


def _placed(table, card, index):
    stacks = list(table.mine)
    stacks[index] = (card,)
    return _without(table, [card]).with_stacks(table.seat, stacks)


# --- the score of a position at the end of the turn ------------------------------------------------


def score(table):
    """Higher is better for the bot: its stacks, less the opponents', plus its hand after the Draw."""
    value = own_stacks(table)
    for other in table.opponents:
        value -= _leader_weight(table, other) * stacks_worth(table, table.stacks[other])
    return value + hand_worth(table)


def own_stacks(table):
    worth = stacks_worth(table, table.mine)
    at_risk = [_stack_worth(stack) for stack in table.mine if 0 < len(stack) < MAX_STACK]
    if at_risk:
        worth -= SPANK_RISK * max(at_risk) * min(1.0, len(table.opponents) / 2 + 0.5)
    return worth


def stacks_worth(table, stacks):
    return _stacks_worth(stacks, table.options.sequence)


@lru_cache(maxsize=65536)
def _stacks_worth(stacks, sequence):
    """Points at the next Score step, the stacks' worth as they grow, and the best move open next turn."""
    return sum(_stack_worth(stack) for stack in stacks) + NEXT_MOVE_SHARE * _best_move_gain(stacks, sequence)


def _stack_worth(stack):
    return POINTS_BY_SIZE.get(len(stack), 0) + FUTURE[len(stack)]


def _best_move_gain(stacks, sequence):
    best = 0.0
    for source, moving in enumerate(stacks):
        for target, staying in enumerate(stacks):
            if source != target and moving and staying:
                run = _join(staying, moving, sequence)
                if run is not None:
                    best = max(best, _stack_worth(run) - _stack_worth(moving) - _stack_worth(staying))
    return best


@lru_cache(maxsize=65536)
def _join(stack, joining, sequence):
    """The engine's join, remembered: a turn's plans ask the same joins many times over."""
    return join(stack, joining, sequence)


def _leader_weight(table, other):
    """An opponent's points count more the closer that seat is to 1,000."""
    return 1.0 + table.scores[other] / TARGET


def hand_worth(table):
    """The hand once the Draw refills it to 5: useful cards kept, the average card for each card drawn."""
    kept = sum(card_use(table, card) for card in table.hand)
    return kept + max(0, 5 - len(table.hand)) * table.average


def card_use(table, card):
    others = tuple(table.stacks[other] for other in table.opponents)
    return _card_use(card, table.mine, others, table.options.sequence)


@lru_cache(maxsize=65536)
def _card_use(card, mine, others, sequence):
    use = 0.0
    if any(stack and len(stack) < MAX_STACK and _join(stack, (card,), sequence) for stack in mine):
        use += JOIN_CARD
    if any(len(stack) >= 2 and _join(stack, (card,), sequence) for stacks in others for stack in stacks):
        use += SPANK_CARD
    return use
