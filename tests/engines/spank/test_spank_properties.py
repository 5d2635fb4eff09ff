"""Properties of whole random Spank! games, driven by legal_commands and a seeded rng: cards are conserved,
hands and stacks keep their sizes, and every game ends with a winner at 1,000 points. The checks every engine
shares (fold, decide, legal_commands, views, bad commands) are in tests/contract/."""

import random
from collections import Counter

from contract.play import random_game
from contract.profiles.spank import choose
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import get_engine
from games.engines.spank.deck import full_deck

ENGINE = get_engine("spank")
MAX_COMMANDS = 3000  # random games end in a few hundred; the cap only guards against a hang

game_setups = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "players": st.integers(2, 9),
        "options": st.fixed_dictionaries(
            {
                "sequence": st.booleans(),
                "two_set": st.sampled_from([None, "full", "half"]),
            }
        ),
    }
)


def play(setup):
    """Yield (state, seat, command, events, next state) through one random game."""
    return random_game(ENGINE, setup["players"], setup["options"], setup["seed"], choose, MAX_COMMANDS)


def every_card(state):
    cards = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for seat_stacks in state.stacks:
        for stack in seat_stacks:
            cards.update(stack)
    return cards


@settings(max_examples=100, deadline=None)
@given(game_setups)
def test_random_games_conserve_cards_keep_sizes_and_end(setup):
    deck = Counter(
        full_deck(
            setup["players"],
            ENGINE.fold(ENGINE.start(setup["players"], options=setup["options"], rng=random.Random(0))).options,
        )
    )
    following = None
    for state, seat, command, new_events, following in play(setup):
        assert every_card(following) == deck
        assert len(following.hands[seat]) <= 5
        assert all(len(stack) <= 5 for seat_stacks in following.stacks for stack in seat_stacks)
    assert following is not None and following.over, "the random game hit the command cap"
    assert following.scores[following.winner] >= 1000
