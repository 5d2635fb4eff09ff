"""Jinja2 draws the live table and the boards (the ``*.jinja`` files under templates/ and each game's
templates folder: games.game_files); Django's templates draw the pages around them.

A live table redraws a frame for every seat after every move, and Django's template engine, which walks
its nodes one by one and looks every variable up through a stack of dicts, was the largest part of a
move's cost. Jinja2 compiles a template to a Python function (docs/performance.md, "Library internals overridden").
The boards are the same whether a live table, a replay or a staff review draws them: the pages include
them with ``{% board %}`` (games.templatetags.drawn_board).

Every value a template draws is escaped as Django escapes it (``escaped``, Jinja2's ``finalize``), unless
it is safe HTML already (the cards, a block's HTML). Besides Jinja2's own, the templates have the filters
of Django's that they use (``pluralize``, ``capfirst``, ``add``, ``default_if_none``, ``join``,
``json_script``), the boards' (``seat_name``, ``at``, ``pick``), the cards' (games.frames.cards,
and ``cards_in_text``: an engine's sentence with its card codes written as the move log writes them),
``url(name, *args)``, ``csrf_input()`` (the form field for the context's ``csrf_token``) and
``{% memo name=value, ... %}...{% endmemo %}`` (games.frames.memo).
"""

import itertools
import json
from functools import cache

import jinja2
from django.template import defaultfilters, engines
from django.urls import reverse
from django.utils.safestring import SafeString
from jinja2 import nodes
from jinja2.ext import Extension

from games import game_files
from games.engines.wording import cards_in_text
from games.frames import board_filters, cards, log_lines, parts
from games.frames import memo as memo_cache
from games.overrides.jinja2 import DictFirstEnvironment
from games.play.names import seat_name


class MemoExtension(Extension):
    """``{% memo a=x, b=y %}body{% endmemo %}``: the body is compiled as a template of its own, drawn with
    only ``a`` and ``b`` (and the globals), its HTML kept by games.frames.memo for those values."""

    tags = {"memo"}
    _numbers = itertools.count()

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        names, values = [], []
        while parser.stream.current.type != "block_end":
            if names:
                parser.stream.expect("comma")
            names.append(parser.stream.expect("name").value)
            parser.stream.expect("assign")
            values.append(parser.parse_expression())
        if not names:
            parser.fail("{% memo %} takes the values its block shows, as name=value, ...", lineno)
        body = parser.parse_statements(("name:endmemo",), drop_needle=True)
        number = next(self._numbers)
        block = f"{parser.name}:{lineno}:{number}"
        _markers[block] = (parts.marker(number), parts.marker(f"{number}/"))
        template = nodes.Template(body, lineno=lineno)
        template.set_environment(self.environment)
        _blocks[block] = self.environment.from_string(template)
        pairs = [nodes.Pair(nodes.Const(name), value) for name, value in zip(names, values)]
        call = self.call_method("_drawn", [nodes.Const(block), nodes.ContextReference(), nodes.Dict(pairs)])
        return nodes.Output([nodes.MarkSafe(call)], lineno=lineno)

    @staticmethod
    def _drawn(block, context, values):
        begin, end = _markers[block]
        return begin + memo_cache.drawn(block, values, _blocks[block].render, context.get_all) + end


_blocks = {}  # block name -> the memo block's body, as a template of its own
_markers = {}  # block name -> the markers of its part's beginning and end (games.frames.parts)


# Escaping is ``finalize``'s, not Jinja2's autoescape: one call per value drawn instead of two and a Markup
# made for each, and Django's escapes (' as &#x27;, " as &quot;; markupsafe's are &#39; and &#34;), so a
# frame draws text exactly as the pages and the tests expect it.
_ESCAPES = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;", ord("'"): "&#x27;"}


def escaped(value):
    """What ``{{ value }}`` draws: safe HTML as it is, anything else escaped as Django escapes it."""
    if hasattr(value, "__html__"):
        return value
    return str(value).translate(_ESCAPES)


def join(values, separator):
    """Django's ``join``: each value escaped, the separator too."""
    return SafeString(escaped(separator).join(escaped(value) for value in values))


_JSON_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def json_script(value, element_id):
    """Django's ``json_script`` for plain JSON values (what a frame sends its scripts: lists and dicts of
    strings and numbers), without its encoder class and ``format_html``: the same text, for less work."""
    text = json.dumps(value)
    if "<" in text or ">" in text or "&" in text:  # seldom: a frame's scripts are card codes and names
        text = text.translate(_JSON_ESCAPES)
    return SafeString(f'<script id="{escaped(element_id)}" type="application/json">{text}</script>')


def csrf_input(context):
    """The form's CSRF field, as Django's ``{% csrf_token %}`` draws it (nothing without a token)."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return SafeString(f'<input type="hidden" name="csrfmiddlewaretoken" value="{escaped(token)}">')


def url(name, *args):
    return reverse(name, args=args)


def environment(loader, auto_reload, **_defaults):
    """The Jinja2 environment, made by Django's Jinja2 backend (settings.TEMPLATES' "frames"): its
    folders (``DIRS``), then each installed game's templates folder. The backend's other defaults
    (autoescape, undefined) give way to what the frames need, as Django's templates draw."""
    env = DictFirstEnvironment(
        loader=jinja2.FileSystemLoader([*loader.searchpath, *game_files.template_dirs()]),
        autoescape=False,  # finalize escapes
        keep_trailing_newline=True,  # as Django's templates: a file's last newline is drawn
        undefined=jinja2.ChainableUndefined,  # as Django's: a missing key of a missing key draws nothing
        auto_reload=auto_reload,
        cache_size=-1,
        finalize=escaped,
        extensions=[MemoExtension],
    )
    env.globals.update(
        url=url,
        csrf_input=jinja2.pass_context(csrf_input),
        card=cards.card,
        card_face=cards.card_face,
        hand_buttons=cards.hand_buttons,
        live_part=lambda name: SafeString(parts.marker(name)),
    )
    env.filters.update(
        pluralize=defaultfilters.pluralize,
        capfirst=defaultfilters.capfirst,
        add=defaultfilters.add,
        default_if_none=defaultfilters.default_if_none,
        json_script=json_script,
        join=join,
        seat_name=seat_name,
        at=board_filters.at,
        pick=memo_cache.pick,
        card_class=cards.card_class,
        card_label=cards.card_label,
        card_name=cards.card_name,
        spoken=cards.spoken,
        news_items=log_lines.news_items,
        cards_in_text=cards_in_text,
    )
    return env


@cache
def env():
    """The environment Django's backend made (drawn with directly: a frame has no request, and the
    backend's ``Template.render`` would copy the context to add one)."""
    return engines["frames"].env


def render(name, context, marked=False):
    """The template ``name`` (a ``.jinja`` file under templates/ or a game's) drawn with ``context``, as safe HTML;
    ``marked``: with the markers of its parts, for a live frame (games.frames.parts), else without."""
    html = env().get_template(name).render(context)
    return SafeString(html if marked else parts.strip(html))
