"""The stalemate ruling: a full round without a play, with nothing left to draw, ends the game."""


def stalemate(state):
    """The ``stalemated`` event if the game ends by stalemate now, else None.

    ``state`` is the position just after a turn ended. The fewest win cards
    win; seats sharing the fewest make the game a draw (winner None).
    """
    if state.barren_turns < state.players:
        return None
    counts = [len(pile) for pile in state.win_piles]
    fewest = min(counts)
    leaders = [seat for seat, count in enumerate(counts) if count == fewest]
    winner = leaders[0] if len(leaders) == 1 else None
    return {"type": "stalemated", "win_counts": counts, "winner": winner}
