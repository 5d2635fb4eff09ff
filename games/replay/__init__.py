"""A game step by step: its steps and perspectives, snapshots, and the replay page's context."""
