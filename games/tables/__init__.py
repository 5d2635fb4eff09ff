"""A table's life around its game: the lobby, seating bots, rematches, closing, names, chat, history."""
