"""games.frames.jinja draws as Django's templates did: the same escaping, the same JSON scripts, the same form fields."""

from django.template import Context, Template
from django.utils.html import json_script as django_json_script
from django.utils.safestring import mark_safe

from games.frames import jinja

NASTY = "Bo <b>&'\"</b>"


def draw(source, **context):
    return jinja.env().from_string(source).render(context)


def django_draw(source, **context):
    return Template(source).render(Context(context))


def test_every_value_drawn_is_escaped_as_django_escapes_it():
    assert (
        draw("{{ name }}", name=NASTY)
        == django_draw("{{ name }}", name=NASTY)
        == "Bo &lt;b&gt;&amp;&#x27;&quot;&lt;/b&gt;"
    )
    assert draw("{{ n }} {{ nothing }} {{ missing }}", n=3, nothing=None) == "3 None "


def test_safe_html_is_drawn_as_it_is():
    assert draw("{{ html }}", html=mark_safe("<b>x</b>")) == "<b>x</b>"


def test_join_escapes_each_value_as_djangos_does():
    names = [NASTY, "Al"]
    assert draw('{{ names|join(", ") }}', names=names) == django_draw('{{ names|join:", " }}', names=names)


def test_json_scripts_are_djangos():
    value = [{"type": "play", "cards": ["10H", "</script><b>&"], "n": 3, "x": None, "ok": True, "u": "é♠"}]
    assert draw('{{ value|json_script("legal") }}', value=value) == django_json_script(value, "legal")


def test_a_form_field_carries_the_contexts_csrf_token_and_none_without_one():
    assert (
        draw("{{ csrf_input() }}", csrf_token="abc") == '<input type="hidden" name="csrfmiddlewaretoken" value="abc">'
    )
    assert draw("{{ csrf_input() }}") == ""


class Seat:
    number = 2
    items = "an attribute"


def test_a_dot_looks_a_dicts_key_up_first_as_django_does():
    source = "{{ d.items }}|{{ d.n }}|{{ d.missing }}|{{ d.missing.deeper }}|{{ seat.number }}|{{ seat.items }}"
    context = {"d": {"items": "a key", "n": 0}, "seat": Seat()}
    drawn = "a key|0|||2|an attribute"
    assert draw(source, **context) == django_draw(source, **context) == drawn
    # A dict without such a key still has its methods, as in Jinja2.
    assert draw("{{ d.items() | list | length }}", d={"a": 1}) == "1"
