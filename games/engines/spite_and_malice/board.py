"""Where each command Spite & Malice's board offers goes (games.frames.board_targets): the names are its board
template's."""


def layout(board, view, seat, offered):
    """Play a hand card, the win card or a discard pile's top (sources) onto a play pile; end the turn by
    discarding a card onto an own discard pile. Filling empty discard piles is the end-of-turn form's."""
    for command in offered:
        kind = command["type"]
        if kind == "play":
            source = {"hand": command.get("card"), "win": "win"}.get(command["from"], f"discard:{command.get('pile')}")
            board.target(f"pile-{command['to']}", command, [source])
        elif kind == "end_turn" and command["fills"]:
            continue  # composed by the end-of-turn form (every way to fill the piles is too many to list)
        elif kind == "end_turn" and command["discard"]:
            discard = command["discard"]
            board.target(f"discard-{discard['pile']}", command, [discard["card"]])
        else:
            board.command(kind, command)
