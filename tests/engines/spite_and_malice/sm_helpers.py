"""Helpers for the Spite & Malice engine tests (importable, unlike conftest)."""
from collections import Counter


def cards(text):
    return tuple(text.split())


def row(text):
    """Four piles from "a b | | c | d" (or a list of four strings), bottom card first."""
    parts = text.split("|") if isinstance(text, str) else list(text)
    assert len(parts) == 4, f"a row needs four piles: {text!r}"
    return tuple(cards(part) for part in parts)


def kinds(events):
    return [event["type"] for event in events]


def every_card(state):
    """The multiset of every card in the game, wherever it lies."""
    counted = Counter(state.draw_pile) + Counter(state.retired)
    for seat in range(state.players):
        counted.update(state.hands[seat])
        counted.update(state.win_piles[seat])
        for pile in state.discards[seat]:
            counted.update(pile)
    for pile in state.play_piles:
        counted.update(pile)
    return counted


def canonical(command):
    """A command reduced to the fields its type uses (fills sorted by pile), as a hashable string,
    so that {"type": "end_turn"} and {"type": "end_turn", "fills": [], "discard": None} compare equal."""
    import json

    kind = command["type"]
    if kind == "play":
        fields = {"hand": ["card", "to"], "win": ["to"], "discard": ["pile", "to"]}[command["from"]]
        reduced = {"type": kind, "from": command["from"], **{field: command[field] for field in fields}}
    elif kind == "end_turn":
        fills = sorted((fill["pile"], fill["card"]) for fill in command.get("fills") or [])
        discard = command.get("discard")
        if discard is not None:
            discard = {"card": discard["card"], "pile": discard["pile"]}
        reduced = {"type": kind, "fills": fills, "discard": discard}
    else:
        reduced = {"type": kind}
    return json.dumps(reduced, sort_keys=True)


def choose(rng, legal, eagerness=0.85):
    """A random legal command that leans towards plays (win-pile plays first), so games finish:
    the many end_turn choices would otherwise crowd out everything else. With eagerness 0 the
    seat plays only when it must (the forced ace)."""
    plays = [command for command in legal if command["type"] == "play"]
    if eagerness <= 0:  # a lazy seat: withholds every play it may (a game of these stalemates)
        legal = [command for command in legal if command["type"] != "play"] or legal
        plays = []
    from_win = [command for command in plays if command["from"] == "win"]
    if from_win and rng.random() < eagerness:
        return rng.choice(from_win)
    if plays and rng.random() < eagerness:
        return rng.choice(plays)
    kind = rng.choice(sorted({command["type"] for command in legal}))
    return rng.choice([command for command in legal if command["type"] == kind])


def random_game(engine, players, options, seed, max_commands=3000, eagerness=0.85):
    """Yield (state, seat, command, new events, next state) through one random game."""
    import random

    rng = random.Random(seed)
    state = engine.fold(engine.start(players, options=options, rng=random.Random(seed)))
    for _ in range(max_commands):
        if state.over:
            return
        seat = state.to_move
        command = choose(rng, engine.legal_commands(state, seat), eagerness)
        new_events = engine.decide(state, seat, command, rng=rng)
        following = engine.fold(new_events, state)
        yield state, seat, command, new_events, following
        state = following
