"""The Spite board template, rendered from every state of a random match for each seat and a spectator,
and from exact positions for Spite II: fake jokers and reward cards, face-down fakes, come at me, the
bounty claim, consecutives, "unbeatable", penalty skips and the come-at-me reward step."""
import html as html_lib
import json
import random
import re
from dataclasses import replace

from board_helpers import render_board
from games.engines import get_engine
from games.engines.spite.state import PLAYING, Trick

engine = get_engine("spite")


def render(state, seat):
    return render_board(engine, state, seat)


def position(hands, *, to_move=0, bounty="9H", deck="4C 5C 6C 8C 9C 10C 4D 5D 6D 8D", fakes=None, bonus=None,
             skips=None, **more):
    """A round being played from an exact position (one string of cards a seat), as the engine tests'
    ``position`` fixture builds it: a started match rewritten with dataclasses.replace."""
    players = len(hands)
    base = engine.fold(engine.start(players, {"rounds": 2}, rng=random.Random(0)))

    def per_seat(texts):
        return tuple(tuple(text.split()) for text in texts) if texts else ((),) * players

    return replace(
        base, phase=PLAYING, hands=per_seat(hands), deck=tuple(deck.split()), discard=(), bounty=bounty,
        trick=Trick(leader=to_move), to_move=to_move, ask=None, declined=frozenset(), places=(None,) * players,
        last_play_joker=(False,) * players, fakes=per_seat(fakes), bonus=per_seat(bonus),
        skips=tuple(skips) if skips else (0,) * players, **more,
    )


def act(state, seat, command):
    """The engine decides a real command; its events are applied."""
    return engine.fold(engine.decide(state, seat, command, rng=random.Random(0)), state)


def section(html, css_class):
    """The HTML of the first element whose class list starts with ``css_class`` (to its closing tag)."""
    match = re.search(rf'<(section|header|footer|li|div|ol|ul|form|fieldset|p|span)\b[^>]*class="{css_class}[ "]', html)
    assert match, f"no .{css_class} in the board"
    tag, start, depth = match.group(1), match.start(), 0
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return html[start:start + found.end()]
    raise AssertionError(f"unclosed .{css_class}")


def seat_panel(html, name):
    panels = re.findall(r'<section class="seat-panel spite-seat.*?</section>', html, flags=re.S)
    return next(panel for panel in panels if f">{name}</h3>" in panel)


def text(html):
    """The words of some HTML, tags and runs of white space squeezed out."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def targets(html):
    """The data-target commands of the board, parsed."""
    return [json.loads(html_lib.unescape(raw)) for raw in re.findall(r"data-target='([^']*)'", html)]


def test_every_seat_and_a_spectator_render_a_whole_random_match():
    rng = random.Random(3)
    state = engine.fold(engine.start(4, {"rounds": 2}, rng=rng))
    saw = set()
    while True:
        for seat in (0, 1, 2, 3, None):
            html = render(state, seat)
            held = [] if seat is None else state.hands[seat] + state.fakes[seat] + state.bonus[seat]
            assert html.count("data-card=") == len(held)
            assert html.count('class="seat-panel') == state.players - (0 if seat is None else 1)
            assert ("data-command" in html) == (seat is not None and not state.over and seat not in state.places)
        saw.add(state.phase)
        if state.last_round:
            assert "Standings after round" in render(state, None) or state.over
        if state.over:
            break
        seats = [state.to_move] if state.to_move is not None else \
            [s for s in range(4) if engine.legal_commands(state, s)]
        seat = rng.choice(seats)
        legal = engine.legal_commands(state, seat)
        plays = [c for c in legal if c["type"] == "play"]
        command = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        state = engine.fold(engine.decide(state, seat, command, rng=rng), state)
    assert saw == {"opening", "playing", "over"}
    assert "wins the match" in render(state, None)


# --- fake jokers and reward cards ------------------------------------------------------------

FAKES = position(["3D 9S 9H KS", "4C 7H 8S QS", "5C 6H 10S JS"], fakes=["9C", "", "4H 4S"],
                 bonus=["", "QD", ""])


def test_own_fake_jokers_and_reward_cards_are_cards_of_the_fake_up_group_for_their_holder_only():
    alice, bob, spectator = render(FAKES, 0), render(FAKES, 1), render(FAKES, None)

    # Alice's fake 9C is a card she selects with her hand, in the group the play targets read as "$fake_up".
    extras = section(alice, "spite-extras-area")
    assert re.search(r'class="card card-hand spite-fake"[^>]*data-card="9C" data-group="fake_up"', extras)
    assert "9♣ (fake joker)" in extras and "Fake jokers" in text(extras)
    assert "reward card" not in extras
    # Her hand cards stay plain cards (no group): four in the hand, one fake.
    assert alice.count("data-card=") == 5 and alice.count('data-group="fake_up"') == 1
    # Bob's deck reward card QD is in the same group, marked as a reward card; Alice's fake is not on his board.
    extras = section(bob, "spite-extras-area")
    assert re.search(r'class="card card-hand spite-reward red"[^>]*data-card="QD" data-group="fake_up"', extras)
    assert "Q♦ (reward card)" in extras and 'data-card="9C"' not in bob
    # Nobody sees another seat's faces: a spectator selects nothing.
    assert "data-card=" not in spectator and "spite-extras" not in spectator


def test_other_seats_show_how_many_fake_jokers_and_reward_cards_they_hold():
    alice = render(FAKES, 0)
    assert "1 reward card" in text(seat_panel(alice, "Bob"))
    assert "fake joker" not in text(seat_panel(alice, "Bob"))
    carol = text(seat_panel(alice, "Carol"))
    assert "★ 2 fake jokers" in carol and "reward card" not in carol
    spectator = render(FAKES, None)
    assert "★ 1 fake joker" in text(seat_panel(spectator, "Alice"))


def test_every_play_target_sends_the_selected_fakes_as_fake_up_and_the_options_box():
    html = render(FAKES, 0)
    plays = [command for command in targets(html) if command.get("type") == "play"]
    assert {command.get("announce") for command in plays} == {None, "unbeatable"}  # trick, button; unbeatable
    for command in plays:
        assert command["cards"] == "$cards" and command["fake_up"] == "$fake_up"
    for tag in re.findall(r"<[^>]*data-target='\{\"type\": \"play\"[^>]*>", html):
        assert 'data-omit-empty="fake_up"' in tag and 'data-fields="#spite-play-options"' in tag
        assert re.search(r'data-optional="[^"]*come_at_me', tag)
    # What the board offers is what the engine lists: a play of the fake alone, and with a hand card.
    legal = engine.legal_commands(FAKES, 0)
    assert {"type": "play", "cards": [], "fake_up": ["9C"]} in legal
    assert {"type": "play", "cards": ["9S"], "fake_up": ["9C"]} in legal


def test_a_held_fake_has_a_face_down_button_lit_only_when_the_engine_lists_it():
    html = render(FAKES, 0)
    button = re.search(r"<button[^>]*spite-face-down[^>]*>", html).group(0)
    assert "data-command='{\"type\": \"play_fake_down\", \"fake\": \"9C\"}'" in button
    assert "data-when-legal" in button and " hidden" in button
    assert not any(c["type"] == "play_fake_down" for c in engine.legal_commands(FAKES, 0))  # no face-down lead
    following = act(FAKES, 0, {"type": "play", "cards": ["3D"]})
    following = act(following, 1, {"type": "pass"})
    assert {"type": "play_fake_down", "fake": "4H"} in engine.legal_commands(following, 2)
    assert 'data-command=\'{"type": "play_fake_down", "fake": "4H"}\'' in render(following, 2)


def test_face_up_and_face_down_fakes_in_the_trick():
    state = act(FAKES, 0, {"type": "play", "cards": [], "fake_up": ["9C"]})
    state = act(state, 1, {"type": "play", "cards": ["QS"]})
    state = act(state, 2, {"type": "play_fake_down", "fake": "4S"})
    for seat in (0, 1, 2, None):
        html = render(state, seat)
        plays = re.findall(r'<li class="spite-play.*?</li>', html, flags=re.S)
        assert len(plays) == 3
        lead, _, down = plays
        assert "card-mini spite-fake" in lead and "with 1 fake" in text(lead)
        assert "played 9♣ (face up from a fake joker or reward card)" in text(lead)
        # The face-down fake is a card back: its face is nobody's business.
        assert "spite-fake-back" in down and "a fake joker, face down" in text(down)
        assert "4♠" not in down and "is-face-down" in re.match(r'<li class="([^"]*)"', down).group(1)
    # A reward card played face up is marked the same way.
    state = act(FAKES, 0, {"type": "play", "cards": ["9S"]})
    state = act(state, 1, {"type": "play", "cards": [], "fake_up": ["QD"]})
    top = re.findall(r'<li class="spite-play.*?</li>', render(state, 2), flags=re.S)[-1]
    assert "card-mini spite-fake red" in top and "with 1 fake" in text(top)


# --- come at me, the bounty claim, skips --------------------------------------------------------

def test_a_come_at_me_play_is_marked_for_everyone_and_the_box_is_next_to_play():
    state = act(FAKES, 0, {"type": "play", "cards": ["3D"]})
    state = act(state, 1, {"type": "play", "cards": ["QS"], "come_at_me": True})
    for seat in (0, 1, 2, None):
        plays = re.findall(r'<li class="spite-play.*?</li>', render(state, seat), flags=re.S)
        assert "come at me!" not in plays[0]
        assert "is-come-at-me" in plays[1] and "come at me!" in text(plays[1])
    options = section(render(state, 2), "spite-play-options")
    assert '<input type="checkbox" name="come_at_me" value="true" data-json>' in options
    assert "Come at me!" in text(options)
    assert "spite-play-options" not in render(state, None)


def test_a_bounty_claim_is_typed_by_the_player_and_shown_on_the_play():
    state = position(["9S", "4C 8S QS 7C", "5C 6H 10S JD"], bounty="9H", to_move=1)
    state = act(state, 1, {"type": "play", "cards": ["4C"]})
    state = act(state, 2, {"type": "pass"})
    # The only way out is the 9S, which claims one fake joker: the legal list has the claim in it.
    assert {"type": "play", "cards": ["9S"], "bounty_claim": 1} in engine.legal_commands(state, 0)
    assert {"type": "play", "cards": ["9S"]} not in engine.legal_commands(state, 0)
    options = section(render(state, 0), "spite-play-options")
    assert re.search(r'<input type="number" name="bounty_claim"[^>]*data-json>', options)
    assert "Claim the bounty" in text(options)
    state = act(state, 0, {"type": "play", "cards": ["9S"], "bounty_claim": 1})
    assert len(state.fakes[0]) == 1
    for seat in (0, 1, None):
        html = render(state, seat)
        top = re.findall(r'<li class="spite-play.*?</li>', html, flags=re.S)[-1]
        assert "claimed the bounty: 1" in text(top)
        if seat != 0:
            assert "★ 1 fake joker" in text(seat_panel(html, "Alice"))


def test_penalty_skips_show_on_the_seats_and_to_the_seat_itself():
    state = replace(FAKES, skips=(0, 0, 2))
    alice = render(state, 0)
    assert "skips 2 turns" in text(seat_panel(alice, "Carol"))
    assert "skips" not in text(seat_panel(alice, "Bob"))
    carol = render(state, 2)
    assert "skips 2 turns" in text(section(carol, "my-area"))
    assert "your next 2 turns are skipped" in text(carol)
    assert "skips" not in text(section(render(FAKES, 2), "my-area"))
    # The engine skips them as the turn comes round: one left after the first.
    state = act(act(state, 0, {"type": "play", "cards": ["3D"]}), 1, {"type": "play", "cards": ["4C"]})
    assert "skips 1 turn" in text(seat_panel(render(state, 0), "Carol"))


# --- consecutives and "unbeatable" --------------------------------------------------------------

def test_a_numerical_consecutive_shows_its_rule_and_the_value_asked_next():
    state = position(["3D 9H KS 6S", "4C 8S QS 7C", "5C 6H 10S JD"])
    for seat, card in ((0, "3D"), (1, "4C")):
        state = act(state, seat, {"type": "play", "cards": [card]})
        assert "spite-consec" not in render(state, None)
    state = act(state, 2, {"type": "play", "cards": ["5C"]})
    assert state.trick.step == 1
    for seat in (0, 1, None):
        html = render(state, seat)
        head = text(section(html, "spite-trick-head"))
        assert "Next 6" in head
        consec = text(section(html, "spite-consec"))
        assert "consec Numerical consecutive (gap 1): next a 6." in consec
        assert "only 6s" in consec


def test_a_suited_consecutive_and_the_unbeatable_call():
    state = position(["3S 3D 9H KS", "5S 4C 8S QS", "2S 5C 6H 10S"], bounty="KD")
    state = act(state, 0, {"type": "play", "cards": ["3S"]})
    state = act(state, 1, {"type": "play", "cards": ["5S"]})
    # A natural 2S going higher would make the third spade: it must call "unbeatable".
    assert {"type": "play", "cards": ["2S"], "announce": "unbeatable"} in engine.legal_commands(state, 2)
    html = render(state, 2)
    button = re.search(r"<button[^>]*\"announce\": \"unbeatable\"[^>]*>([^<]*)", html)
    assert button and "data-when-legal hidden" in button.group(0) and button.group(1) == "Play and call unbeatable"
    state = act(state, 2, {"type": "play", "cards": ["2S"], "announce": "unbeatable"})
    html = render(state, 0)
    assert "Suited consecutive: spades only." in text(section(html, "spite-consec"))
    assert "Next" not in text(section(html, "spite-trick-head"))
    top = re.findall(r'<li class="spite-play.*?</li>', html, flags=re.S)[-1]
    assert "called unbeatable" in text(top)


# --- the come-at-me reward step ----------------------------------------------------------------

def come_at_me_won():
    """Carol came at them with the 9S and the others passed: she owes herself a reward of 3 cards."""
    state = position(["3S QS QH", "5H JS JH", "9S 4H 2D"], deck="6H 7C 10S AC 4D")
    state = act(state, 0, {"type": "play", "cards": ["3S"]})
    state = act(state, 1, {"type": "play", "cards": ["5H"]})
    state = act(state, 2, {"type": "play", "cards": ["9S"], "come_at_me": True})
    state = act(state, 0, {"type": "pass"})
    return act(state, 1, {"type": "pass"})


def test_the_reward_step_shows_the_viewed_cards_and_the_form_to_its_seat_only():
    state = come_at_me_won()
    assert state.reward is not None and state.reward.seat == 2 and state.reward.count == 3
    carol = render(state, 2)
    reward = section(carol, "spite-reward is-mine")
    assert "Your come-at-me reward" in text(reward)
    viewed = section(reward, "spite-reward-cards")
    assert re.findall(r'<span class="visually-hidden">([^<]*)</span></li>', viewed) == ["6♥", "7♣", "10♠"]
    assert viewed.count('class="card card-pile') == 3
    form = section(reward, "spite-reward-form")
    assert "data-compose='{\"type\": \"reward\", \"swap\": null}'" in form and "data-when-legal" in form
    assert re.search(r'<input type="number" name="declared"[^>]*required data-json>', form)
    take = re.search(r'<select name="swap.take">(.*?)</select>', form).group(1)
    assert re.findall(r'value="([^"]*)"', take) == ["", "6H", "7C", "10S"]
    give = re.search(r'<select name="swap.give">(.*?)</select>', form).group(1)
    assert re.findall(r'value="([^"]*)"', give) == [""] + list(engine.view(state, 2)["players"][2]["hand"])
    # The count is for the player to declare: the form does not fill it in.
    assert 'name="declared" value' not in form
    # While the reward is owed nothing else is played: no play buttons, no options box.
    assert "Play selected" not in carol and "spite-play-options" not in carol
    assert "your reward" in text(section(carol, "my-area"))
    # What the form composes (a count and a swap) is among the engine's commands and is accepted.
    command = {"type": "reward", "declared": 3, "swap": {"take": "7C", "give": "4H"}}
    assert command in engine.legal_commands(state, 2)
    after = act(state, 2, command)
    assert after.reward is None and "7C" in after.hands[2] and "4H" not in after.hands[2]
    assert "spite-reward" not in render(after, 2) and 'data-card="7C"' in render(after, 2)


def test_others_see_who_takes_a_reward_and_how_many_cards_but_never_which():
    state = come_at_me_won()
    for seat in (0, 1, None):
        html = render(state, seat)
        reward = section(html, "spite-reward")
        assert "is-mine" not in reward and "<form" not in reward
        assert "Carol is taking a come-at-me reward (viewing 3 cards)" in text(reward)
        for label in ("6♥", "7♣", "10♠"):
            assert label not in text(reward)
        assert "Carol" in html and "reward" in text(seat_panel(html, "Carol"))
    assert "Waiting for Carol to take a come-at-me reward." in text(render(state, 0))
    assert "Play selected" not in render(state, 0)
