"""Climb's fair bot: it sheds its lowest card that goes on the pile (keeping high cards to climb over the
others), else takes a card, else passes; out of turn it hurries the seat to act when that seat holds fewer
cards than it does. It sees only its view and its legal list."""

from .engine import rank

TURN = ("play", "take", "pass")


def choose(view, legal, rng):
    mine = [command for command in legal if command["type"] in TURN]
    if not mine:
        return _hurry(view, legal)
    plays = sorted(
        (command for command in mine if command["type"] == "play"),
        key=lambda command: (rank(command["card"]), command["card"]),
    )
    return plays[0] if plays else next(command for command in mine if command["type"] in ("take", "pass"))


def _hurry(view, legal):
    hurry = next((command for command in legal if command["type"] == "hurry"), None)
    if hurry is None or view["to_move"] is None:
        return None
    players = view["players"]
    return hurry if players[view["to_move"]]["hand_count"] < players[view["seat"]]["hand_count"] else None
