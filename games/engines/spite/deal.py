"""The start of a match: the fake jokers, then the first round's deal."""

from ..base import default_rng
from ..fairness import committed
from .decide import start_round
from .evolve import evolve
from .options import FAKE_FACES, check_players, parse_options


def start(players, options=None, deck=None, rng=None):
    players = check_players(players)
    opts = parse_options(options)
    rng = default_rng(rng)
    faces = (
        list(opts.fake_joker_faces) if opts.fake_joker_faces is not None else rng.sample(FAKE_FACES, opts.fake_jokers)
    )
    started = committed(
        {"type": "match_started", "players": players, "options": opts.as_dict(), "fake_joker_faces": faces},
        ("fake_joker_faces",),
        "the fake jokers' faces",
        rng,
    )
    return [started] + start_round(evolve(None, started), rng, deck)
