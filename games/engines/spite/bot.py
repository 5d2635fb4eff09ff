"""Spite, the fair bot: sheds low cards early, keeps its strong cards back, and calls what it sees.

- Leading (and opening with the asked rank): the hand that sheds the most
  cheap cards, a card's cost being its rank (3 cheapest, 2 dearest), so long
  hands of low cards go first; whole groups rather than a pair broken up. With
  two plays or fewer left to go out, the strongest goes first, to keep the
  lead for the last one. It goes out whenever a play empties its hand.
- Following: the cheapest hand that may follow; it passes rather than spend a
  2, a joker, a joker hand or a wild 13 while its hand is still long, or
  break up a group for a poor trick.
- Joker hands (and fake jokers face down) only with six cards or more left
  after them, so that neither of its last two plays is one (which would
  place it last).
- Buy back only when it pays: the hand played sheds at least two cards more
  than the buy back picks up.
- Come-at-me reward: swaps its weakest card for the best card viewed, if
  better. It never comes at me itself and never announces a direction.
- Table mode: it plays only what the engine lists as legal (never a misplay
  on purpose) and calls a misplay on the play open to a call when it can see
  one from the public table: cards that form no hand, a hand of the wrong
  size, or a hand that plainly does not beat the one before it (no
  consecutive possibly in force, no 7s, 3s or announcement to change the
  direction). It judges with the engine's public ranking (``classify``,
  ``beats``) and never reads the hidden verdict: when in doubt it does not
  call.
"""

from collections import Counter

from ..bot_base import in_fixed_order, of_type, turn_commands
from ..errors import IllegalCommand
from .hands import ORDER, beats, classify

JOKER = "JK"
WILD = "13"
CARD_COST = {rank: index for index, rank in enumerate(ORDER)}  # 3 costs 0 ... 2 costs 15
JOKER_COST = 16
SHED = 8.0  # what shedding one card is worth, against its cost
FAKE_UP_COST = 4.0  # a fake joker played face up: it does not shorten the hand
BROKEN_GROUP = 4.0  # leaving part of a pair, trips or quads behind
KEEP_BACK = ("2", JOKER)  # spent while the hand is long only if nothing else follows
LONG_HAND = 8  # more cards than this: keep the strong cards back
SAFE_AFTER_JOKER = 6  # cards left after a joker hand, so that neither last play is one
JOKER_DEADLINE = 9  # with this many cards or fewer, a joker hand held is played at the first chance
JOKER_URGENT = 100.0
# The commands any seat may give out of turn: the bot calls misplays (its Game's bot_calls), never a countdown.
OUT_OF_TURN = frozenset({"call_misplay", "start_countdown"})


def choose(view, legal, rng):
    call = misplay_call(view, legal)
    if call is not None:
        return call
    mine = in_fixed_order(turn_commands(legal, OUT_OF_TURN))
    if not mine:
        return None
    rewards = of_type(mine, "reward")
    if rewards:
        return best_reward(view, rewards)
    hand = view["players"][view["seat"]]["hand"]
    plays = [play for play in of_type(mine, "play") if _allowed(play, hand)]
    if view["phase"] == "opening":
        return lead(hand, plays) or of_type(mine, "decline")[0]
    if not view["trick"]["plays"]:
        return lead(hand, plays) or _anything(mine)
    return follow(view, hand, plays) or _pass_or_anything(mine)


# --- which plays the bot will consider ----------------------------------------------------------


def _allowed(play, hand):
    """A joker hand only when the plays after it cannot go out at once; a buy back only when it pays."""
    if _is_joker_hand(play) and not _safe_for_joker(_left_after(play, hand)):
        return False
    if play.get("buy_back") and len(play["cards"]) - play["buy_back"] < 2:
        return False
    return True


def _left_after(play, hand):
    left = list(hand)
    for card in play["cards"]:
        left.remove(card)
    return left


def _safe_for_joker(left):
    """After a joker hand the seat must make two more plays: plenty of cards left, or cards that make no one hand."""
    if len(left) >= SAFE_AFTER_JOKER:
        return True
    if len(left) < 2:
        return False
    try:
        classify(left)
    except IllegalCommand:
        return True
    return False


def _is_joker_hand(play):
    return _hand_of(play).is_joker


def _hand_of(play):
    return classify(play["cards"] + play.get("fake_up", []))


def _goes_out(play, hand):
    return len(play["cards"]) == len(hand) and not play.get("buy_back")


def _cost(card):
    return JOKER_COST if card == JOKER else CARD_COST[card[:-1]]


def play_value(play, hand):
    """Shed cards are worth SHED each less their cost; face-up fakes and broken groups cost extra. A joker
    hand is worth playing at once when the hand is getting short: held to the end it places the seat last."""
    if _is_joker_hand(play) and len(hand) <= JOKER_DEADLINE:
        return JOKER_URGENT
    value = sum(SHED - _cost(card) for card in play["cards"])
    value -= FAKE_UP_COST * len(play.get("fake_up", []))
    return value - BROKEN_GROUP * _groups_broken(play["cards"], hand)


def _groups_broken(cards, hand):
    """Values of which the play takes some but not all of the hand's natural cards (13s apart)."""
    held = Counter(card[:-1] for card in hand if card != JOKER)
    used = Counter(card[:-1] for card in cards if card != JOKER)
    return sum(1 for rank, count in used.items() if rank != WILD and 0 < held[rank] - count)


def _spends_strength(play):
    hand = _hand_of(play)
    return hand.is_joker or hand.wild > 0 or any(card == JOKER or card[:-1] in KEEP_BACK for card in play["cards"])


# --- leading ------------------------------------------------------------------------------------


def lead(hand, plays):
    """The lead: going out if it can; the strongest hand when two plays or fewer are left; else the best value."""
    if not plays:
        return None
    out = [play for play in plays if _goes_out(play, hand)]
    if out:
        return out[0]
    if plays_to_go_out(hand) <= 2:
        return max(plays, key=lambda play: (_strength(play), len(play["cards"])))
    return max(plays, key=lambda play: (play_value(play, hand), -_strength(play)))


def plays_to_go_out(hand):
    """A rough count of plays the hand needs: one a value (pairs, trips and quads go together)."""
    return len({card if card == JOKER else card[:-1] for card in hand})


def _strength(play):
    return max(_cost(card) for card in play["cards"] + play.get("fake_up", []))


# --- following ----------------------------------------------------------------------------------


def follow(view, hand, plays):
    """The best play that may follow, or None to pass: with a long hand it keeps its strong cards back and
    does not break a group for a poor trick; with a short hand it plays whatever it can, to win a lead."""
    if not plays:
        return None
    out = [play for play in plays if _goes_out(play, hand)]
    if out:
        return out[0]
    best = max(plays, key=lambda play: (play_value(play, hand), -_strength(play)))
    if len(hand) > LONG_HAND and play_value(best, hand) < JOKER_URGENT:
        if _spends_strength(best) or (_groups_broken(best["cards"], hand) and play_value(best, hand) < 0):
            return None
    return best


def _pass_or_anything(commands):
    return of_type(commands, "pass")[0] if of_type(commands, "pass") else _anything(commands)


def _anything(commands):
    """Nothing the bot likes: the cheapest listed play (a leader must play something), else the first command."""
    plays = of_type(commands, "play")
    if plays:
        return min(plays, key=lambda play: (_is_joker_hand(play), _strength(play), -len(play["cards"])))
    return commands[0]


# --- the come-at-me reward ----------------------------------------------------------------------


def best_reward(view, rewards):
    """Swap the weakest hand card for the best card viewed, if that is better; else no swap."""

    def gain(command):
        swap = command.get("swap")
        if not swap:
            return 0
        return _cost(swap["take"]) - _cost(swap["give"])

    return max(rewards, key=lambda command: (gain(command), "swap" in command))


# --- table mode: calling what it sees ----------------------------------------------------------


def misplay_call(view, legal):
    """The listed call_misplay when the play open to a call visibly breaks a rule; else None."""
    calls = of_type(legal, "call_misplay")
    if not calls:
        return None
    plays = view["trick"]["plays"]
    if not plays or plays[-1]["id"] != calls[0]["play"]:
        return None  # a reward declaration: the count is not the bot's to see
    return calls[0] if visibly_misplayed(plays[-1], plays[:-1], view["direction"]) else None


def visibly_misplayed(play, before, direction):
    """Whether the public play (from the view's trick) plainly breaks a rule, given the plays before it in the
    trick and the direction now. Only certain cases count: when in doubt, no."""
    if play["face_down"]:
        return False
    try:
        hand = classify(play["cards"])
    except IllegalCommand:
        return True  # no hand at all
    if not before or hand.is_joker or not all(_plain(shown) and not shown["fake_up"] for shown in before):
        return False  # a lead, a joker hand, or a trick whose size or hand to beat the bot would have to work out
    previous = before[-1]
    if len(previous["cards"]) != hand.size:
        return True  # the wrong size for the trick
    if len(before) >= 3 or _turns_direction(play, hand):
        return False  # a consecutive may be in force, or the play may have turned the direction
    return not beats(hand, classify(previous["cards"]), direction)


def _plain(shown):
    """A face-up, well-formed hand that is no joker hand (it sets the trick's size and is the hand to beat)."""
    return not shown["face_down"] and shown["kind"] not in (None, "joker", "joker_hand")


def _turns_direction(play, hand):
    values = {card[:-1] for card in play["cards"]}
    return play["announce"] is not None or (hand.natural and values & {"7", "3"})
