"""The games app: tables, their games and everything around them, in packages by role.

Each package imports only from those below it (pyproject.toml's import-linter contracts, run by make test):

    web/, api/    pages and the REST API: thin, the work is below
    live/         the websockets: consumers, routing, heartbeats, frame limits, the process's live tables
    replay/       a finished game step by step: steps, snapshots, the replay page's context
    frames/       drawing a table for one viewer: context, templates' helpers, the move log, board targets
    tables/       a table's life around its game: lobby, seating bots, rematch, closing, names, chat, history
    play/         the one write path (commands), the folded state, timers and their firing, bots' turns,
                  broadcasts, staff powers, the log's chain and fair deals
    engines/      the pure games (no Django), one folder each; bots/ the pure bots

Beside them, Django's own: models, admin, apps, tasks (Celery's entry points), urls, errors.
"""
