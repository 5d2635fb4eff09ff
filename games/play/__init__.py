"""The one write path and what hangs on it: commands, the folded state, timers and their firing, bots' turns,
broadcasts, staff powers, the log's hash chain and fair deals."""
