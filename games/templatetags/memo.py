"""``{% memo name=value ... %}...{% endmemo %}``: a piece of a page drawn once for the values it is given.

The block is rendered with only the named values in its context (as ``{% include ... only %}``
does), so what it shows can depend on nothing else, and the HTML is kept per process, keyed by
those values: a table's seat panel, piles or hand are drawn again only when what they show changes.
Setting ``TEMPLATE_MEMO`` to False draws every block afresh in the page's whole context (with the
named values added): the tests compare both ways, so a block that names too few values (and would draw them blank) is caught.
``value|pick:"a b"`` hands a block just the keys it needs of a larger dict (the engine's view), so
the block's own references (``view.to_move``) stay as they are.

The blocks kept are the ones drawn or found most lately, as many as ``make_room`` last asked for (at
least ``_CACHE_SIZE``): a live table redraws a few dozen blocks per version, and a process following
a couple of hundred busy tables with room for 4,096 found few of them again (each was forgotten
before its table's next move), drawing most frames all afresh.
"""
import threading
from collections import OrderedDict

from django import template
from django.conf import settings

register = template.Library()

_CACHE_SIZE = 4096
_size = _CACHE_SIZE
_drawn = OrderedDict()  # (block, repr of its values) -> HTML, the latest drawn or found last
_lock = threading.Lock()


def make_room(blocks):
    """Keep the latest ``blocks`` blocks (``_CACHE_SIZE`` at least) from now on."""
    global _size
    _size = max(_CACHE_SIZE, blocks)


def _found(key):
    html = _drawn.get(key)
    if html is not None:
        try:
            _drawn.move_to_end(key)
        except KeyError:
            pass  # another thread has just forgotten it
    return html


class MemoNode(template.Node):
    def __init__(self, nodelist, values):
        self.nodelist, self.values = nodelist, values

    def render(self, context):
        values = {name: value.resolve(context) for name, value in self.values.items()}
        if not settings.TEMPLATE_MEMO:
            with context.push(values):
                return self.nodelist.render(context)
        # repr, not JSON: the values are plain data (views, names, numbers), whose repr tells apart all that
        # JSON does (and tuples from lists), in a third of the time; a dict built in another order only misses.
        shown = repr(tuple(values.values()))
        if " at 0x" in shown:  # an object known by its address only, which another may reuse: never a key
            return self.nodelist.render(context.new(values))
        key = (id(self), shown)
        html = _found(key)
        if html is None:
            html = self.nodelist.render(context.new(values))
            with _lock:
                _drawn[key] = html
                while len(_drawn) > _size:
                    _drawn.popitem(last=False)
        return html


@register.tag
def memo(parser, token):
    bits = token.split_contents()[1:]
    values = template.base.token_kwargs(bits, parser)
    if not values or bits:
        raise template.TemplateSyntaxError("{% memo %} takes only the values its block shows, as name=value.")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, values)


@register.filter
def pick(mapping, keys):
    """Only these keys (space-separated) of a dict (None stays None)."""
    if mapping is None:
        return None
    return {key: mapping[key] for key in keys.split() if key in mapping}
