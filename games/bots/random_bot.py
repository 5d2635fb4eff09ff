"""The random-legal bot, for tests and as the benchmark's opponent: any game, no judgement.

On its turn it picks a command type at random among those of its turn, then a
command of that type at random (picking a type first keeps a game's many
variants of one command, such as Spank!'s upkeep discards, from crowding out
the rest). Out of turn it does nothing: it never gives a command of the types
``out_of_turn`` names (games.bots gives it the game's ``Engine.out_of_turn``).
"""

from games.engines.bot_base import in_fixed_order, of_type, turn_commands, types


def choose(view, legal, rng, out_of_turn=frozenset()):
    mine = turn_commands(legal, out_of_turn)
    if not mine:
        return None
    kind = rng.choice(types(mine))
    return rng.choice(in_fixed_order(of_type(mine, kind)))
