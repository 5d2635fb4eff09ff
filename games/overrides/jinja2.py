"""Where the frames rely on Jinja2's internals: ``Environment.getattr`` and ``Environment.make_globals``,
each called for every value and every template a frame draws. Measured to gain with ``make bench-live``
(docs/performance.md, "Library internals overridden"); tests/overrides/test_pinned_internals.py fails
when Jinja2 changes the methods overridden."""

import jinja2


class DictFirstEnvironment(jinja2.Environment):
    """Jinja2's environment, with a dict's key looked up first and a template's globals as one dict."""

    def getattr(self, obj, attribute):
        """``x.name``: a dict's key first, as Django's templates look it up (the boards were written for
        them, and what they draw is mostly dicts: the engines' views). Jinja2 tries the attribute first,
        which raised and caught an AttributeError for every key of a view drawn, a visible share of
        Daphne's profile. Anything else, and a key a dict lacks, is looked up as Jinja2 does."""
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)

    def make_globals(self, d):
        """A template's globals as one dict, not Jinja2's ChainMap over the environment's: every template
        drawn (a frame, each include and memo block) copies them into its context, and iterating a
        ChainMap to do so showed in Daphne's profile. The environment's globals are all set before any template
        is loaded (games.frames.jinja.environment), so nothing is missed."""
        return {**self.globals, **(d or {})}
