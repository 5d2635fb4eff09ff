"""Drawing a table for one viewer: the frame's context, the Jinja helpers, the move log, board targets, cards."""
