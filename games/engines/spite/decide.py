"""Turning a command into events, or refusing it with a sentence the player can read.

``COMMANDS`` (at the end) is Spite's command table: base.Engine.decide checks what every game shares
and ``turn_refusal`` who may act now, then calls the handler.
"""

from collections import Counter
from dataclasses import replace

from .. import turn_clock
from ..base import ANY_SEAT, HOST, SEAT_TO_ACT, STAFF, SYSTEM, Command, combine, require_held
from ..cards import JOKER, rank
from ..errors import IllegalCommand
from .ask_timer import ask_expired
from .bounty import claimed_event
from .calls import call_misplay, countdown_expired, start_countdown
from .come_at_me import viewed_cards
from .deck import LOSING_HAND
from .evolve import evolve
from .hands import read_hand
from .legality import play_refusal, reward_refusal
from .opening import declined_in, may_open, next_ask
from .options import MAX_PLAYERS
from .overturn import overturn
from .rounds import deal, holds_rank, new_scores, points, standings, swap
from .state import OPENING, Play, active_seats
from .trick import ANNOUNCEMENTS, direction_after, next_active
from .turns import move_on, passing


def turn_refusal(state, seat, kind):
    """A seat in the round acts on its turn, or in the opening phase whenever it holds the asked rank (the
    handlers check that); an owed come-at-me reward comes first."""
    if seat in state.places:
        return "You are out of this round; wait for the next one."
    if state.phase != OPENING and seat != state.to_move:
        return "It is another player's turn, not yours."
    if state.reward is not None and kind != "reward":
        return "First take your come-at-me reward (declare it, and swap a card if you like)."
    return None


# --- the opening phase ---------------------------------------------------------


def _require_opener(state, seat):
    if not may_open(state, seat):
        if not holds_rank(state.hands[seat], state.ask):
            raise IllegalCommand(f"The first trick waits for a seat holding a {state.ask} to lead; you hold none.")
        raise IllegalCommand(f"You declined to lead with a {state.ask}.")


def _decline(state, seat, command, rng):
    if state.phase != OPENING:
        raise IllegalCommand("Declining is only for the opening of the first round.")
    _require_opener(state, seat)
    events = [{"type": "declined", "seat": seat, "rank": state.ask}]
    after = evolve(state, events[0])
    if not any(may_open(after, other) for other in range(state.players)):
        events.append(next_ask(after))
    return events


# --- playing a hand -----------------------------------------------------------


def _play(state, seat, command, rng):
    play = read_play(state, seat, command)
    if state.phase == OPENING:
        _check_opening_lead(state, seat, play)
    return _play_events(state, judged(state, play), rng)


def judged(state, play):
    """The play with its misplay, if any: strict mode refuses a misplay, table mode keeps it (hidden)."""
    misplay = play_refusal(state, play)
    if misplay is None:
        return play
    if not state.options.table_mode:
        raise IllegalCommand(misplay.text)
    return replace(play, misplay=misplay)


def _misplay_key(state, play):
    """Table mode's hidden verdict on a play, for its event (None: legal)."""
    if not state.options.table_mode:
        return {}
    return {"misplay": play.misplay.as_dict() if play.misplay else None}


def read_play(state, seat, command):
    """The command as a Play: its cards held and its keys well formed (IllegalCommand otherwise)."""
    cards = _card_list(command, "cards")
    extras = _card_list(command, "fake_up")
    if not cards and not extras:
        raise IllegalCommand('"cards" must be a list of one or more card codes from your hand.')
    require_held(state.hands[seat], cards)
    bonus_up, fake_up = split_extras(state, seat, extras)
    announce = command.get("announce")
    if announce is not None and announce not in ANNOUNCEMENTS:
        raise IllegalCommand('"announce" must be "higher", "lower" or "unbeatable" (or left out).')
    come = command.get("come_at_me")
    if come is not None and not isinstance(come, bool):
        raise IllegalCommand('"come_at_me" must be true or false.')
    hand = read_hand(cards + extras)  # cards that form no hand are a misplay (judged)
    return Play(
        id=state.next_play_id,
        seat=seat,
        cards=tuple(cards),
        hand=hand,
        announce=announce,
        buy_back=_count(command, "buy_back"),
        fake_up=tuple(fake_up),
        bonus_up=tuple(bonus_up),
        come_at_me=bool(come),
        bounty_claim=_count(command, "bounty_claim"),
        direction=state.direction,
    )


def _card_list(command, key):
    cards = command.get(key)
    if cards is None and key == "fake_up":
        return []
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise IllegalCommand(f'"{key}" must be a list of card codes.')
    return cards


def _count(command, key):
    """A whole-number key where absent, null or 0 means none."""
    value = command.get(key)
    if value in (None, 0) and not isinstance(value, bool):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IllegalCommand(f'"{key}" must be a whole number, not {value!r}.')
    return value


def split_extras(state, seat, extras):
    """(reward cards from the deck, fake jokers) that make up ``extras``: the deck's cards are used first,
    as they expire at the round's end while fakes are kept."""
    require_held(state.bonus[seat] + state.fakes[seat], extras)
    wanted = Counter(extras)
    from_bonus = wanted & Counter(state.bonus[seat])
    return list(from_bonus.elements()), list((wanted - from_bonus).elements())


def _check_opening_lead(state, seat, play):
    _require_opener(state, seat)
    if not any(card != JOKER and rank(card) == state.ask for card in play.cards):
        raise IllegalCommand(f"The first trick must be led with a hand holding a {state.ask}.")
    declined = declined_in(state, seat, play.cards)
    if declined:
        raise IllegalCommand(f"You declined to lead with a {declined}; you may not lead with it now.")


def _play_events(state, play, rng):
    trick, seat = state.trick, play.seat
    played = {
        "type": "played",
        "seat": seat,
        "id": play.id,
        "cards": list(play.cards),
        "fake_up": list(play.fake_up),
        "bonus_up": list(play.bonus_up),
        "kind": play.hand.kind,
        "value": play.hand.value,
        "announce": play.announce,
        "buy_back": play.buy_back,
        "come_at_me": play.come_at_me,
        "bounty_claim": play.bounty_claim,
        "direction": direction_after(trick, play.hand, play.announce, state.direction),
        "next": None,
        **_misplay_key(state, play),
    }
    events = [played]
    after = evolve(state, played)
    if play.buy_back:
        events.append({"type": "drew", "seat": seat, "cards": list(after.deck[: play.buy_back])})
        after = evolve(after, events[-1])
    placed = _placement(after, seat, play.hand, state.last_play_joker[seat])
    if placed:
        events.append(placed)
        after = evolve(after, placed)
    if play.bounty_claim and not after.hands[seat]:
        events.append(claimed_event(after, seat, play.bounty_claim, rng))
        after = evolve(after, events[-1])
    if len(active_seats(after)) <= 1:
        return events + _end_round(after, rng)
    # Who acts next depends on the placements above, so it is filled in last; no later event moves the turn.
    played["next"] = next_active(after, seat)
    return events + move_on(replace(after, to_move=played["next"]))


def _play_fake_down(state, seat, command, rng):
    if state.phase == OPENING:
        raise IllegalCommand("Nobody has led yet: lead with the asked rank or decline.")
    fake = command.get("fake")
    if not isinstance(fake, str) or fake not in state.fakes[seat]:
        raise IllegalCommand(f"You hold no fake joker {fake!r} to play face down.")
    come = command.get("come_at_me")
    play = judged(
        state,
        Play(
            id=state.next_play_id,
            seat=seat,
            cards=(),
            hand=None,
            fake_down=fake,
            come_at_me=bool(come),
            direction=state.direction,
        ),
    )
    played = {
        "type": "played_fake_down",
        "seat": seat,
        "id": play.id,
        "fake": fake,
        "come_at_me": play.come_at_me,
        "next": next_active(state, seat),
        **_misplay_key(state, play),
    }
    return [played] + move_on(evolve(state, played))


def _placement(state, seat, hand, previous_was_joker):
    """The ``placed`` event this play causes, or None.

    An empty hand has gone out (last, if a joker hand was its last or
    second-last play); a hand of 20 or more cards loses the round at once.
    """
    held = len(state.hands[seat])
    if held == 0:
        if hand.is_joker or previous_was_joker:
            return _place_from_back(state, seat, "joker_hand_at_the_end")
        return _place_from_front(state, seat, "out")
    if held >= LOSING_HAND:
        return _place_from_back(state, seat, "twenty_cards")
    return None


def _place_from_front(state, seat, reason):
    return {"type": "placed", "seat": seat, "place": state.places.index(None), "reason": reason}


def _place_from_back(state, seat, reason):
    place = len(state.places) - 1 - state.places[::-1].index(None)
    return {"type": "placed", "seat": seat, "place": place, "reason": reason}


# --- passing ------------------------------------------------------------------


def _pass(state, seat, command, rng):
    if state.phase == OPENING:
        raise IllegalCommand("Nobody has led yet: lead with the asked rank or decline.")
    if not state.trick.plays:
        raise IllegalCommand("You lead this trick: you must play a hand, not pass.")
    return passing(state, {"type": "passed", "seat": seat, "next": next_active(state, seat)})


# --- the come-at-me reward ----------------------------------------------------


def _reward(state, seat, command, rng):
    """The contract's ``{"type": "reward", "declared": n, "swap": ...}`` declares the count and swaps (or
    not) at once. In table mode the seat may instead declare first (``declared`` and no "swap" key),
    then view the cards and send ``{"type": "reward", "swap": ...}``."""
    if state.reward is None or state.reward.seat != seat:
        raise IllegalCommand("No come-at-me reward is owed to you.")
    if state.reward.declared is not None:
        return _take_reward(state, seat, command)
    declared = command.get("declared")
    if isinstance(declared, bool) or not isinstance(declared, int):
        raise IllegalCommand('"declared" must be the whole number of cards your reward lets you view.')
    viewed = viewed_cards(state, declared)
    if state.options.table_mode and "swap" not in command:
        return [
            _declaration(state, seat, {"type": "reward_declared", "seat": seat, "declared": declared, "viewed": viewed})
        ]
    take, give = _swap(state, seat, command.get("swap"), viewed)
    rewarded = {"type": "rewarded", "seat": seat, "declared": declared, "viewed": viewed, "take": take, "give": give}
    if state.options.table_mode:
        rewarded = _declaration(state, seat, rewarded)
    elif reward_refusal(state, declared):
        raise IllegalCommand(reward_refusal(state, declared).text)
    return [rewarded] + move_on(evolve(state, rewarded))


def _declaration(state, seat, event):
    """Table mode: the declaration with its hidden verdict; a wrong one is a misplay others may call, like a play."""
    misplay = reward_refusal(state, event["declared"])
    return {**event, "id": state.next_play_id, "misplay": misplay.as_dict() if misplay else None}


def _take_reward(state, seat, command):
    """Table mode, the count declared and the cards viewed: swap one for a hand card, or none; all are discarded."""
    reward = state.reward
    if "swap" not in command:
        raise IllegalCommand(
            f"You declared {reward.declared}: now swap one of the cards you view for a card of "
            'your hand, or keep none ("swap": null).'
        )
    if command.get("declared", reward.declared) != reward.declared:
        raise IllegalCommand(f"You declared {reward.declared} already; a declaration cannot be taken back.")
    take, give = _swap(state, seat, command["swap"], reward.viewed)
    rewarded = {
        "type": "rewarded",
        "seat": seat,
        "declared": reward.declared,
        "viewed": list(reward.viewed),
        "take": take,
        "give": give,
    }
    return [rewarded] + move_on(evolve(state, rewarded))


def _swap(state, seat, swap, viewed):
    """(take, give) of a reward's swap, or (None, None) for none."""
    if swap is None:
        return None, None
    if (
        not isinstance(swap, dict)
        or set(swap) != {"take", "give"}
        or not all(isinstance(card, str) for card in swap.values())
    ):
        raise IllegalCommand('"swap" must be null or {"take": a viewed card, "give": a card of your hand}.')
    take, give = swap["take"], swap["give"]
    if take not in viewed:
        raise IllegalCommand(f"{take!r} is not among the cards you view.")
    require_held(state.hands[seat], [give])
    return take, give


# --- the turn clock's default action -------------------------------------------


def _default_action(state, seat, rng):
    """A seat out of time: it declares an owed reward rightly (no swap), passes, or hands its lead on."""
    if state.reward is not None:  # (a count already declared stands)
        return _reward(
            state,
            seat,
            {"type": "reward", "declared": state.reward.count, "swap": None}
            if state.reward.declared is None
            else {"type": "reward", "swap": None},
            rng,
        )
    return passing(state, {"type": "passed", "seat": seat, "next": next_active(state, seat)})


# --- a late joiner ------------------------------------------------------------


def _join(state, seat, command, rng):
    """A new seat joins the running match as the current round's loser (it plays from the next round)."""
    if state.players >= MAX_PLAYERS:
        raise IllegalCommand(f"Spite seats at most {MAX_PLAYERS} players.")
    return [{"type": "joined", "seat": state.players}]


# --- the end of a round and of the match --------------------------------------


def _end_round(state, rng):
    """The last seat in the round takes the place left; scores; then the next round or the match's end."""
    events = []
    for seat in active_seats(state):
        events.append({"type": "placed", "seat": seat, "place": state.places.index(None), "reason": "last"})
        state = evolve(state, events[-1])
    places = list(state.places)
    ended = {
        "type": "round_ended",
        "round": state.round,
        "places": places,
        "points": [points(places.index(seat), state.players) for seat in range(state.players)],
        "scores": new_scores(state, places),
    }
    events.append(ended)
    state = evolve(state, ended)
    if state.round >= state.options.rounds:
        order = standings(ended["scores"], places)
        return events + [{"type": "match_ended", "standings": order, "scores": ended["scores"], "winner": order[0]}]
    return events + start_round(state, rng)


def _end_match(state, seat, command, rng):
    """The host ends the match early: the standings are the scores of the rounds played to the end."""
    if not state.finish_history:
        return [
            {
                "type": "match_ended",
                "standings": list(range(state.players)),
                "scores": list(state.scores),
                "winner": None,
                "ended_by_host": True,
            }
        ]
    order = standings(state.scores, state.finish_history[-1])
    return [
        {
            "type": "match_ended",
            "standings": order,
            "scores": list(state.scores),
            "winner": order[0],
            "ended_by_host": True,
        }
    ]


def start_round(state, rng, stacked=None):
    """The next round's deal, and from round 2 the card swap."""
    dealt = deal(state, rng, stacked)
    events = [dealt]
    if dealt["round"] > 1:
        events.append(swap(state, dealt))
    return events


COMMANDS = combine(
    {
        "play": Command(_play, SEAT_TO_ACT),
        "play_fake_down": Command(_play_fake_down, SEAT_TO_ACT),
        "pass": Command(_pass, SEAT_TO_ACT),
        "decline": Command(_decline, SEAT_TO_ACT),
        "reward": Command(_reward, SEAT_TO_ACT),
        "call_misplay": Command(call_misplay, ANY_SEAT),
        "start_countdown": Command(start_countdown, ANY_SEAT),
        "end_match": Command(_end_match, HOST),  # offered as SpiteEngine.host_commands
        "overturn": Command(overturn, STAFF, after_end=True),  # a disputed ruling, reviewed after the match too
        "countdown_expired": Command(countdown_expired, SYSTEM),  # the countdown's timer
        "ask_expired": Command(ask_expired, SYSTEM),  # the opening ask's timer at a turn-based table
        "join": Command(_join, SYSTEM),  # a late joiner, from the lobby (SpiteEngine.late_join_command)
    },
    turn_clock.commands(_default_action, evolve),
)
