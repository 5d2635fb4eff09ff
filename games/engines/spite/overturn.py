"""Staff overturning a disputed ruling (RULINGS "Table mode"): a new event undoes the penalty and the
reward where they can still be undone and says in words what could not. Nothing is edited."""

from collections import Counter
from dataclasses import replace

from ..base import seat_in_text
from ..errors import IllegalCommand
from ..tuples import replace_at, without


def overturn(state, seat, command, rng):
    """The ``ruling_overturned`` event for staff's ``{"type": "overturn", "ruling": id, "reason": text}``
    (during the match or after it); for ``{"type": "overturn", "penalty": id, "reason": text}``, a failed
    come-at-me's penalties overturned (``penalty_overturned``)."""
    if "penalty" in command and "ruling" not in command:
        return _overturn_penalty(state, command)
    ruling = _ruling(state, command.get("ruling"))
    reason = _reason(command)
    seat = ruling.penalised
    skips = min(ruling.skips, state.skips[seat]) if ruling.round == state.round and not state.over else 0
    moves, kept = _fake_moves(state, ruling)
    taken_back = _deck_cards_back(state, ruling)
    not_undone = []
    called = f"{seat_in_text(ruling.seat)}'s {ruling.what}"
    if not ruling.correct:
        not_undone.append(f"{called} stood although it was called rightly; it cannot be taken back now.")
    elif ruling.rule != "reward":  # a called reward declaration stands anyway
        not_undone.append(f"{called} was taken back and the table played on without it; that cannot be replayed.")
    if skips < ruling.skips:
        sat_out = ruling.skips - skips
        not_undone.append(f"{seat_in_text(seat)} already sat out {sat_out} turn{'s' if sat_out > 1 else ''}.")
    if kept:  # by number: the faces are hidden from the seats that never held them
        not_undone.append(kept_fakes(len(kept)))
    if len(taken_back) < len(ruling.from_deck):
        not_undone.append(
            "The card earned from the deck was played since, or went back with the deck at the "
            "round's end; it stays where it is."
        )
    return [
        {
            "type": "ruling_overturned",
            "ruling": ruling.id,
            "reason": reason.strip(),
            "seat": seat,
            "caller": ruling.caller,
            "skips": skips,
            "moves": moves,
            "discarded": taken_back,
            "not_undone": not_undone,
        }
    ]


def kept_fakes(number):
    """What an overturn says of the fake jokers it could not move back, by number."""
    if number == 1:
        return "1 fake joker was played or passed on since and stays where it is."
    return f"{number} fake jokers were played or passed on since and stay where they are."


def _reason(command):
    reason = command.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > 500:
        raise IllegalCommand('"reason" must say in a few words (at most 500 characters) why the ruling is wrong.')
    return reason


def _overturn_penalty(state, command):
    """The turns a failed come-at-me gave each seat to skip, given back where they are still owed this
    round; what was sat out already is said in words."""
    number = command.get("penalty")
    if isinstance(number, bool) or not isinstance(number, int):
        raise IllegalCommand('"penalty" must be the number of a come-at-me penalty of this match.')
    found = [penalty for penalty in state.penalties if penalty.id == number]
    if not found:
        raise IllegalCommand(f"This match has no come-at-me penalty {number}.")
    if found[0].overturned is not None:
        raise IllegalCommand(f"Come-at-me penalty {number} is already overturned.")
    reason = _reason(command)
    penalty = found[0]
    this_round = penalty.round == state.round and not state.over
    skips = [min(owed, state.skips[seat]) if this_round else 0 for seat, owed in enumerate(penalty.skips)]
    not_undone = []
    for seat, (owed, back) in enumerate(zip(penalty.skips, skips)):
        if back < owed:
            sat_out = owed - back
            not_undone.append(f"{seat_in_text(seat)} already sat out {sat_out} turn{'s' if sat_out > 1 else ''}.")
    return [
        {
            "type": "penalty_overturned",
            "penalty": number,
            "reason": reason.strip(),
            "skips": skips,
            "not_undone": not_undone,
        }
    ]


def apply_penalty(state, event):
    """Evolve: the skips given back, the penalty marked overturned."""
    penalties = tuple(
        replace(penalty, overturned=event["reason"]) if penalty.id == event["penalty"] else penalty
        for penalty in state.penalties
    )
    skips = tuple(
        owed - (event["skips"][seat] if seat < len(event["skips"]) else 0) for seat, owed in enumerate(state.skips)
    )
    return replace(state, penalties=penalties, skips=skips)


def _ruling(state, number):
    if isinstance(number, bool) or not isinstance(number, int):
        raise IllegalCommand('"ruling" must be the number of a ruling of this match.')
    found = [ruling for ruling in state.rulings if ruling.id == number]
    if not found:
        raise IllegalCommand(f"This match has no ruling {number}.")
    if found[0].overturned is not None:
        raise IllegalCommand(f"Ruling {number} is already overturned.")
    return found[0]


def _fake_moves(state, ruling):
    """Each fake joker the penalty moved, moved back if it is still where the penalty put it:
    (moves as {"face", "from", "to"} with None for the pile, faces that could not come back)."""
    if ruling.correct:
        wanted = [(face, ruling.caller, ruling.seat) for face in ruling.fakes]
        wanted += [(face, ruling.caller, None) for face in ruling.from_pile]
    else:
        wanted = [(face, None, ruling.caller) for face in ruling.fakes]
    available = {None: Counter(state.fake_pile)}
    moves, kept = [], []
    for face, source, target in wanted:
        if source not in available:
            available[source] = Counter(state.fakes[source])
        held = available[source]
        if held[face]:
            held[face] -= 1
            moves.append({"face": face, "from": source, "to": target})
        else:
            kept.append(face)
    return moves, kept


def _deck_cards_back(state, ruling):
    """A correct caller's card from the deck, if it still holds it this round: it is taken back and
    discarded (the caller has seen it, so it does not go back into the deck)."""
    if ruling.round != state.round or state.over:
        return []
    held = Counter(state.bonus[ruling.caller])
    return [card for card in ruling.from_deck if held[card]]


def apply(state, event):
    """Evolve: the skips and fake jokers given back, the ruling marked overturned."""
    seat = event["seat"]
    fakes, pile = state.fakes, state.fake_pile
    for move in event["moves"]:
        face = (move["face"],)
        if move["from"] is None:
            pile = without(pile, face)
        else:
            fakes = replace_at(fakes, move["from"], without(fakes[move["from"]], face))
        if move["to"] is None:
            pile = pile + face
        else:
            fakes = replace_at(fakes, move["to"], fakes[move["to"]] + face)
    rulings = tuple(
        replace(ruling, overturned=event["reason"]) if ruling.id == event["ruling"] else ruling
        for ruling in state.rulings
    )
    taken_back = tuple(event["discarded"])
    if taken_back:
        caller = event["caller"]
        state = replace(
            state,
            bonus=replace_at(state.bonus, caller, without(state.bonus[caller], taken_back)),
            discard=state.discard + taken_back,
        )
    return replace(
        state,
        fakes=fakes,
        fake_pile=pile,
        rulings=rulings,
        skips=replace_at(state.skips, seat, state.skips[seat] - event["skips"]),
        misplays=replace_at(state.misplays, seat, state.misplays[seat] - 1),
    )
