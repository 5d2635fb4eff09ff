"""Where each command Spank!'s board offers goes (games.frames.board_targets): the names are its board template's."""


def layout(board, view, seat, offered):
    """Discard selected cards; spank another seat's stack with a card; move an own stack (a source) onto
    another or place a card in an empty one; retire a stack; end the turn."""
    for command in offered:
        kind = command["type"]
        if kind == "discard":
            board.target("discard", command, command["cards"])
        elif kind == "spank":
            board.target(f"spank-{command['seat']}-{command['stack']}", command, [command["card"]])
        elif kind == "move":
            board.target(f"stack-{command['to']}", command, [f"stack:{command['from']}"])
        elif kind == "place":
            board.target(f"stack-{command['stack']}", command, [command["card"]])
        elif kind == "retire":
            board.command(f"retire-{command['stack']}", command)
        else:
            board.command(kind, command)
