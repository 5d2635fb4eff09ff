"""Views (docs/engines.md, "What a seat may see"): JSON-safe dicts holding the keys every game's view holds and the game's own;
the viewing seat's own hand is players[seat]["hand"], every seat has hand_count; spectators see no hand, and
no view shows another seat's cards: changing the other seats' hands changes nothing a seat is shown. Events
as a seat may see them are JSON-safe too."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from contract.play import positions, profiled_game
from contract.profiles import profile_of
from games.engines import GAMES, get_engine

pytestmark = pytest.mark.parametrize("game", GAMES)
VIEW_KEYS = {"game", "to_move", "over", "winner", "players"}


def check_view(engine, profile, game, state, viewer):
    view = engine.view(state, viewer)
    assert json.loads(json.dumps(view)) == view
    assert VIEW_KEYS | profile.view_keys <= set(view)
    assert view["game"] == game and isinstance(view["over"], bool)
    players = engine.seat_count(state)
    assert len(view["players"]) == players
    assert view["to_move"] is None or view["to_move"] in range(players)
    assert view["winner"] is None or view["winner"] in range(players)
    for seat, player in enumerate(view["players"]):
        assert profile.player_keys <= set(player)
        assert ("hand" in player) == (seat == viewer)
        if seat == viewer:
            assert isinstance(player["hand"], list) and len(player["hand"]) == player["hand_count"]
    profile.check_view(view)
    return view


def with_other_hands(state, viewer):
    """The state with every other seat's hand replaced by as many cards of another kind (a card no hand holds
    here, as far as can be helped)."""
    held = {card for hand in state.hands for card in hand}
    stranger = next((card for card in ("2C", "KD", "9H", "AS", "QS") if card not in held), "2C")
    return replace(
        state, hands=tuple(hand if seat == viewer else (stranger,) * len(hand) for seat, hand in enumerate(state.hands))
    )


@settings(
    max_examples=20,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_hold_the_contracts_keys_only_the_own_hand_and_are_json_safe(game, seed):
    engine, profile = get_engine(game), profile_of(game)
    players, _, moves = profiled_game(engine, profile, seed)
    picker = random.Random(seed)
    for state, _, _, new_events, following in moves:
        for viewer in [None, picker.randrange(players)]:
            check_view(engine, profile, game, following, viewer)
            for event in new_events:
                json.dumps(engine.redact_event(event, viewer))


def test_no_view_shows_another_seats_cards(game):
    engine, profile = get_engine(game), profile_of(game)
    for state in positions(game):
        for viewer in [None, *range(engine.seat_count(state))]:
            shown = check_view(engine, profile, game, state, viewer)
            assert engine.view(with_other_hands(state, viewer), viewer) == shown
