"""Where each command Spite's board offers goes (games.frames.board_targets): the names are its board template's."""

NATURAL_SEVENS = frozenset({"7S", "7H", "7D", "7C"})
OTHER_DIRECTION = {"higher": "lower", "lower": "higher"}


def layout(board, view, seat, offered):
    """Play the selected hand cards and fake jokers or reward cards (the group "fake_up"): on the trick or
    "Play selected" ("play"), calling the direction ("call") or "unbeatable". Table mode offers a play
    by its kind alone: any selection is sent, for the engine to judge. Every fake joker held may be
    played face down; pass, decline, misplay calls and countdowns are buttons. The reward is a form."""
    me = view["players"][seat]
    for command in offered:
        kind = command["type"]
        if kind == "play" and "cards" not in command:
            _play_templates(board, view, me)
        elif kind == "play":
            _play(board, view, command)
        elif kind == "play_fake_down":
            for fake in [command["fake"]] if "fake" in command else sorted(set(me.get("fake_jokers", ()))):
                board.command(f"face-down-{fake}", {"type": kind, "fake": fake})
        elif kind == "call_misplay":
            board.command(f"call-{command['play']}", command)
        elif kind != "reward":
            board.command(kind, command)


def _play(board, view, command):
    tokens = [*command["cards"], *board.grouped(command.get("fake_up", ()), "fake_up")]
    board.target("unbeatable" if command.get("announce") == "unbeatable" else "play", command, tokens)
    # Natural 7s may call the direction round (the engine lists the play without the call), unless they
    # go on 7s, which turn it by themselves.
    codes = command["cards"] + command.get("fake_up", [])
    if "announce" not in command and set(codes) <= NATURAL_SEVENS and view["trick"]["sevens_size"] is None:
        board.target("call", {**command, "announce": OTHER_DIRECTION[view["direction"]]}, tokens)


def _play_templates(board, view, me):
    play = {"type": "play", "cards": "$cards", "fake_up": "$fake_up"}
    if me["passed"]:
        play["buy_back"] = view["buy_back_next"]
    tokens = [*me["hand"], *board.grouped(me["fake_jokers"] + me["reward_cards"], "fake_up")]
    board.template("play", play, tokens)
    board.template("call", {**play, "announce": OTHER_DIRECTION[view["direction"]]}, tokens)
    board.template("unbeatable", {**play, "announce": "unbeatable"}, tokens)
