"""Spite & Malice, the fair bot: the win pile first, descending discard piles, jokers kept, no gifts.

In order, on each command of its turn:

1. Play the win-pile top if it fits a play pile.
2. Draw when the engine allows it (an empty or too short hand): more cards, more chances.
3. Chase the win pile: search the plays from hand and discard-pile tops that
   bring a play pile up to just below the win card (naturals before jokers,
   discard-pile cards before hand cards) and make the first of them.
4. Otherwise make the best safe play: a card from the hand or a discard pile
   (never a joker: jokers are kept for the win pile) that does not raise the
   chance that an opponent can play their win card next turn, preferring plays
   that take that chance away (a pile pushed past the value the next seat
   needs), that clear discard piles and that empty the hand so it can draw.
5. End the turn: fill the empty discard piles with high cards, then discard
   the card the hand needs least onto the pile where it keeps the pile
   descending (one below the top best, the same value next, never a joker
   while anything else is left).

"The chance an opponent can play their win card" looks only at what every
seat sees: each play pile's value, the opponent's win-pile top and their
discard piles (all public); the cards still missing are guessed at from the
size of a hand, never read.
"""

from ..bot_base import in_fixed_order, of_type
from .deck import KING, value
from .piles import completes, fits

JOKER = "JK"
# The chance an opponent holds the cards to close a gap of 0, 1, 2, 3 ... values with their hand (5
# cards, jokers wild): rough odds for three or more decks, enough to rank plays by the risk they make.
CLOSE_ODDS = (1.0, 0.45, 0.15, 0.04, 0.01)
DANGER_WEIGHT = 20.0
SEARCH_LIMIT = 4000  # positions the win-pile search may visit on one command


def choose(view, legal, rng):
    if not legal:
        return None
    me = view["players"][view["seat"]]
    piles = [_pile(pile) for pile in view["play_piles"]]
    plays = in_fixed_order(of_type(legal, "play"))
    win_plays = [play for play in plays if play["from"] == "win"]
    if win_plays:
        return max(win_plays, key=lambda play: _after_play_score(view, piles, me, play))
    if of_type(legal, "draw"):
        return {"type": "draw"}
    path = win_path(piles, me["hand"], me["discards"], me["win_top"])
    if path and path[0] in plays:
        return path[0]
    safe = best_safe_play(view, piles, me, plays)
    if safe is not None:
        return safe
    if view["you"]["forced_ace"]:
        return forced_ace(view, piles, me, plays)
    ending = end_of_turn(view, me, piles) if of_type(legal, "end_turn") else None
    return ending or legal[0]


# --- the position, as the bot reads it from the view ---------------------------------------------


def _pile(pile):
    """A play pile as the tuple of its cards (the engine's own shape): () for a free slot."""
    return () if pile is None else tuple(pile["cards"])


def placed(pile, card):
    """The pile once the card is on it: a pile that reaches the king leaves its slot."""
    pile = pile + (card,)
    return () if completes(pile) else pile


def _source_card(play, hand, discards, win_top):
    if play["from"] == "hand":
        return play["card"]
    if play["from"] == "win":
        return win_top
    return discards[play["pile"]][-1]


# --- 3. the win pile first -----------------------------------------------------------------------


def win_path(piles, hand, discards, win_top):
    """The cheapest list of plays (from hand and discard-pile tops) after which the win card fits a
    pile, ending with that win play; None if none is found. Cost: jokers first, then hand cards."""
    if win_top is None:
        return None
    search = _PathSearch(win_top)
    search.visit(tuple(piles), tuple(sorted(hand)), tuple(tuple(pile) for pile in discards), [], (0, 0))
    return search.best


class _PathSearch:
    def __init__(self, win_top):
        self.win_top = win_top
        self.best, self.best_cost = None, None
        self.seen = set()

    def visit(self, piles, hand, discards, path, cost):
        key = (piles, hand, tuple(pile[-1:] + (len(pile),) for pile in discards))
        if key in self.seen or len(self.seen) >= SEARCH_LIMIT:
            return
        self.seen.add(key)
        if self.best_cost is not None and cost >= self.best_cost:
            return
        for slot, pile in enumerate(piles):
            if fits(pile, self.win_top):
                self.best = path + [{"type": "play", "from": "win", "to": slot}]
                self.best_cost = cost
                return
        for play, card, after_hand, after_discards in _sources(hand, discards):
            for slot, pile in enumerate(piles):
                if self._on_the_way(pile, card) and fits(pile, card):
                    after_piles = piles[:slot] + (placed(pile, card),) + piles[slot + 1 :]
                    step_cost = (cost[0] + (card == JOKER), cost[1] + (play["from"] == "hand"))
                    self.visit(after_piles, after_hand, after_discards, path + [{**play, "to": slot}], step_cost)

    def _on_the_way(self, pile, card):
        """Only plays that build a pile towards the value just below the win card (an ace wants a free slot)."""
        if self.win_top == JOKER:
            return not pile  # only an ace: the joker fits any other pile below the king
        wanted = value(self.win_top) - 1
        return len(pile) < wanted and (card == JOKER or value(card) <= wanted)


def _sources(hand, discards):
    """(play fields, card, hand after, discards after) for each distinct hand card and each discard top."""
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        yield {"type": "play", "from": "hand", "card": card}, card, tuple(rest), discards
    for index, pile in enumerate(discards):
        if pile:
            after = discards[:index] + (pile[:-1],) + discards[index + 1 :]
            yield {"type": "play", "from": "discard", "pile": index}, pile[-1], hand, after


# --- 4. safe plays ----------------------------------------------------------------------------


def best_safe_play(view, piles, me, plays):
    """The play (not from the win pile, never a joker) that most improves the position, or None."""
    best, best_gain = None, 0.0
    before = _position_score(view, piles, me["hand"], me["discards"])
    for play in plays:
        card = _source_card(play, me["hand"], me["discards"], me["win_top"])
        if card == JOKER or play["from"] == "win":
            continue
        gain = _after_play_score(view, piles, me, play) - before
        if gain > best_gain:
            best, best_gain = play, gain
    return best


def _after_play_score(view, piles, me, play):
    card = _source_card(play, me["hand"], me["discards"], me["win_top"])
    after = list(piles)
    after[play["to"]] = placed(piles[play["to"]], card)
    hand, discards = list(me["hand"]), [list(pile) for pile in me["discards"]]
    if play["from"] == "hand":
        hand.remove(card)
    elif play["from"] == "discard":
        discards[play["pile"]].pop()
    return _position_score(view, after, hand, discards)


def _position_score(view, piles, hand, discards):
    """Higher is better for the seat: few cards left to shed, little danger from the other seats."""
    score = -DANGER_WEIGHT * opponents_danger(view, piles)
    score -= 1.5 * sum(len(pile) for pile in discards)
    score -= 1.0 * len(hand)
    if not hand and view["draw_count"] + view["retired_count"] > 0:
        score += 3.0  # an empty hand draws five more
    return score


def opponents_danger(view, piles):
    """How likely the other seats are to play their win card on their next turn, the next seat counting most."""
    seat, players = view["seat"], len(view["players"])
    total = 0.0
    for distance in range(1, players):
        other = view["players"][(seat + distance) % players]
        total += win_chance(piles, other["win_top"], other["discards"]) / distance
    return total


def win_chance(piles, win_top, discards):
    """The chance that a seat with this win-pile top and these (public) discard piles can play its win
    card on some pile, if the piles stay as they are."""
    if win_top is None or win_top == JOKER:
        return 0.0  # a joker fits almost any pile: nothing the bot plays changes that
    wanted = value(win_top) - 1
    missed = 1.0
    for pile in piles:
        if len(pile) <= wanted:
            missed *= 1.0 - CLOSE_ODDS[min(_missing(len(pile), wanted, discards), len(CLOSE_ODDS) - 1)]
    return 1.0 - missed


def _missing(height, wanted, discards):
    """How many of the values height+1 .. wanted the seat's discard-pile tops cannot supply in turn."""
    stacks = [list(pile) for pile in discards]
    missing = 0
    for needed in range(height + 1, wanted + 1):
        for stack in stacks:
            if stack and stack[-1] != JOKER and value(stack[-1]) == needed:
                stack.pop()
                break
        else:
            missing += 1
    return missing


def forced_ace(view, piles, me, plays):
    """The ace the rules make the seat play (a free slot and a natural ace it could play), where it does least harm."""
    aces = [play for play in plays if value(_source_card(play, me["hand"], me["discards"], me["win_top"])) == 1]
    return max(aces, key=lambda play: _after_play_score(view, piles, me, play))


# --- 5. the end of the turn ---------------------------------------------------------------------


def end_of_turn(view, me, piles):
    """The end_turn command: high cards fill the empty discard piles, then the best discard."""
    you = view["you"]
    if not you or not you["can_end_turn"]:
        return None
    hand = list(me["hand"])
    tops = [pile[-1] if pile else None for pile in me["discards"]]
    empty = [index for index, top in enumerate(tops) if top is None][: you["fills_needed"]]
    fills = []
    for pile in empty:
        card = max(hand, key=_fill_rank)
        hand.remove(card)
        tops[pile] = card
        fills.append({"card": card, "pile": pile})
    discard = None
    if you["discard_needed"]:
        card, pile = max(
            ((card, pile) for card in sorted(set(hand)) for pile in range(len(tops))),
            key=lambda choice: _discard_score(choice[0], tops[choice[1]], me, piles),
        )
        discard = {"card": card, "pile": pile}
    return {"type": "end_turn", "fills": fills, "discard": discard}


def _fill_rank(card):
    """High natural cards start a discard pile best; a joker never does while another card is left."""
    return -1 if card == JOKER else value(card)


def _discard_score(card, top, me, piles):
    return _placement(card, top) - _keep_value(card, me, piles)


def _placement(card, top):
    """How well the card sits on a discard pile with this top: one below it best (the pile descends)."""
    if card == JOKER:
        return -100.0
    below = value(card)
    if top is None:
        return 0.0
    above = 14 if top == JOKER else value(top)
    if above == below + 1:
        return 8.0
    if above == below:
        return 5.0
    if above > below:
        return max(1.0, 5.0 - 0.5 * (above - below - 1))
    return -3.0 - 0.5 * (below - above)


def _keep_value(card, me, piles):
    """How much the hand wants to keep the card: jokers always; cards the play piles want soon."""
    if card == JOKER:
        return 100.0
    number = value(card)
    keep = 0.2 * (KING - number)
    if any(len(pile) + 1 == number for pile in piles):
        keep += 3.0
    win_top = me["win_top"]
    if win_top not in (None, JOKER) and number < value(win_top):
        keep += 1.0
    return keep
