"""Come at me: announced with a play; judged when the trick is won; rewarded by viewing the deck's top cards."""

from collections import Counter

from .hands import beats, classify, describe, sole_natural_value
from .state import HIGHER

BASE_REWARD = 3

# The best hand of each size going higher and the lowest going lower (suits unlimited: fakes add copies).
_BEST = {1: "2S", 2: "2S 2S", 3: "2S 2S 2S", 4: "2S 2S 2S 2S", 5: "JS QS KS AS 2S"}
_WORST = {1: "3S", 2: "3S 13H", 3: "3S 13H 13D", 4: "3S 13H 13D 13H", 5: "3S 13H 13H 13D 13D"}


def extreme_hand(size, direction):
    """The hand nothing of its size beats in ``direction`` (no consecutive in force)."""
    return classify((_BEST if direction == HIGHER else _WORST)[size].split())


def followable(trick, direction):
    """Whether some hand that is not a joker hand could follow the trick as it stands."""
    top = trick.top
    if top is None or trick.step is not None:
        return True  # a reset, an open trick, or a numerical consec asking for a value
    if sole_natural_value(top) == "7":
        return True  # natural 7s on natural 7s may always be played
    if top.is_joker:
        return False
    if trick.suits is not None:  # the same suits, so a better hand is a better value
        return top.value != ("2" if direction == HIGHER else "3")
    return beats(extreme_hand(top.size, direction), top, direction)


def refusal(play, trick_after, direction_after):
    """Why this play may not come at me (a sentence), or None."""
    if not play.come_at_me:
        return None
    if play.resets:
        return '"Come at me" may not be announced on a joker hand or a fake joker face down.'
    if not followable(trick_after, direction_after):
        return f'Only a joker hand (or nothing) could follow {describe(play.hand)}: "come at me" is not allowed on it.'
    return None


def outcome(state, winner):
    """(reward owed, penalties per seat, whether the winner's come-at-me succeeded) when ``winner`` takes the trick.

    The winner succeeds unless its winning play was a joker hand or a face-down
    fake. Reward = 3 + (its come-at-mes this trick - 1) - (its won come-at-me
    tricks since another seat won a trick); more than 0 is a reward step (not
    when it went out), less than 0 that many penalties. Everyone else who came
    at me takes one penalty per come-at-me.
    """
    penalties = [0] * state.players
    reward = None
    won = False
    for seat, times in Counter(play.seat for play in state.trick.plays if play.come_at_me).items():
        if seat == winner and not state.trick.last.resets:
            won = True
            owed = BASE_REWARD + times - 1 - state.streaks[seat]
            if owed > 0:
                reward = owed
            else:
                penalties[seat] = -owed
        else:
            penalties[seat] = times
    for seat in state.places:
        if seat is not None:
            penalties[seat] = 0  # out of the round: nothing left to skip
    if winner in state.places:
        reward = None  # a trick won by going out gives no reward step
    return reward, penalties, won


def viewed_cards(state, declared=None):
    """The cards the owed reward's seat views: the deck's top ``count`` (fewer if the deck is short).
    In table mode the seat views as many as it ``declared``: what it takes is public, as at a real
    table, so it must not tell anyone the true count."""
    wanted = declared if state.options.table_mode and declared is not None else state.reward.count
    return list(state.deck[: max(0, wanted)])
