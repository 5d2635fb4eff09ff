"""Where each command Climb's board offers goes (games.frames.board_targets): a card onto the pile; take, pass
and hurry are buttons."""


def layout(board, view, seat, offered):
    for command in offered:
        if command["type"] == "play":
            board.target("pile", command, [command["card"]])
        else:
            board.command(command["type"], command)
