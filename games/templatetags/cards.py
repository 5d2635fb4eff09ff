"""``{% load cards %}``: the card tags and filters of games.frames.cards, where Jinja's frames find them too."""

from games.frames.cards import register  # noqa: F401  (Django looks for ``register`` here)
