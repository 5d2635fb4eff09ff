"""The Spite board template, rendered from every state of a random match for each seat and a spectator,
and from exact positions for Spite II: fake jokers and reward cards, face-down fakes, come at me, the
bounty claim, consecutives, "unbeatable", penalty skips and the come-at-me reward step."""

import html as html_lib
import random
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from board_helpers import page_targets, render_board
from board_helpers import spite_position as position

from games.engines import get_engine
from games.engines.spite.state import Trick

engine = get_engine("spite")


def render(state, seat):
    return render_board(engine, state, seat)


def act(state, seat, command):
    """The engine decides a real command; its events are applied."""
    return engine.fold(engine.decide(state, seat, command, rng=random.Random(0)), state)


def section(html, css_class):
    """The HTML of the first element whose class list starts with ``css_class`` (to its closing tag)."""
    match = re.search(
        rf'<(section|header|footer|li|div|ol|ul|form|fieldset|details|p|span)\b[^>]*class="{css_class}[ "]', html
    )
    assert match, f"no .{css_class} in the board"
    tag, start, depth = match.group(1), match.start(), 0
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return html[start : start + found.end()]
    raise AssertionError(f"unclosed .{css_class}")


def words(html):
    """``text`` with no space before punctuation or after an opening bracket ("Bob: right.", "(by you)")."""
    return re.sub(r"\( ", "(", re.sub(r" ([:.,;)])", r"\1", text(html)))


def seat_panel(html, name):
    panels = re.findall(r'<section class="seat-panel spite-seat.*?</section>', html, flags=re.S)
    return next(panel for panel in panels if f">{name}</h3>" in panel)


def text(html):
    """The words of some HTML, tags and runs of white space squeezed out."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def targets(html):
    """The names of the board's data-targets, in order."""
    return re.findall(r'data-target="([^"]*)"', html)


OUT_OF_TURN = {"call_misplay", "start_countdown"}


@pytest.mark.parametrize("misplays", ["strict", "table"])
def test_every_seat_and_a_spectator_render_a_whole_random_match(misplays):
    """The walk has countdowns and their expiry; table mode adds random misplays (a single card from the
    hand, legal or not) and calls."""
    rng = random.Random(3)
    state = engine.fold(engine.start(4, {"rounds": 2, "misplays": misplays}, rng=rng))
    saw = set()
    while True:
        for seat in (0, 1, 2, 3, None):
            html = render(state, seat)
            held = [] if seat is None else state.hands[seat] + state.fakes[seat] + state.bonus[seat]
            assert html.count("data-card=") == len(held)
            assert html.count('class="seat-panel') == state.players - (0 if seat is None else 1)
            calls = seat is not None and any(c["type"] in OUT_OF_TURN for c in engine.legal_commands(state, seat))
            plays = seat not in state.places and seat not in state.trick.barred  # a barred seat has no play
            assert ("data-command" in html) == (seat is not None and not state.over and (plays or calls))
            if state.rulings:
                assert f"Rulings this match ({len(state.rulings)})" in text(html)
        saw.add(state.phase)
        if state.rulings:
            saw.add("ruling")
        if state.countdown:
            saw.add("countdown")
        if state.last_round:
            assert "Standings after round" in render(state, None) or state.over
        if state.over:
            break
        state = engine.fold(random_step(state, rng), state)
    assert saw == ({"opening", "playing", "over", "countdown"} | ({"ruling"} if misplays == "table" else set()))
    assert "wins the match" in render(state, None)


def random_step(state, rng):
    """The events of a random command: mostly the seat to act's, sometimes another seat's countdown (or
    call, in table mode) or the countdown running out; in table mode sometimes a one-card misplay."""
    if state.countdown and rng.random() < 0.5:
        return engine.decide(state, None, {"type": "countdown_expired", "countdown": state.countdown.number}, rng=rng)
    others = [s for s in range(state.players) if any(c["type"] in OUT_OF_TURN for c in engine.legal_commands(state, s))]
    if others and rng.random() < 0.15:
        seat = rng.choice(others)
        return engine.decide(
            state,
            seat,
            rng.choice([c for c in engine.legal_commands(state, seat) if c["type"] in OUT_OF_TURN]),
            rng=rng,
        )
    seats = (
        [state.to_move]
        if state.to_move is not None
        else [s for s in range(state.players) if engine.legal_commands(state, s)]
    )
    seat = rng.choice(seats)
    legal = [c for c in engine.legal_commands(state, seat) if c["type"] not in OUT_OF_TURN]
    if state.options.table_mode and state.trick.plays and not state.reward and rng.random() < 0.15:
        return engine.decide(state, seat, {"type": "play", "cards": [rng.choice(state.hands[seat])]}, rng=rng)
    plays = [c for c in legal if c["type"] == "play"]
    command = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
    return engine.decide(state, seat, command, rng=rng)


# --- fake jokers and reward cards ------------------------------------------------------------

FAKES = position(["3D 9S 9H KS", "4C 7H 8S QS", "5C 6H 10S JS"], fakes=["9C", "", "4H 4S"], bonus=["", "QD", ""])


def test_own_fake_jokers_and_reward_cards_are_cards_of_the_fake_up_group_for_their_holder_only():
    alice, bob, spectator = render(FAKES, 0), render(FAKES, 1), render(FAKES, None)

    # Alice's fake 9C is a card she selects with her hand, in the group the play targets read as "$fake_up".
    extras = section(alice, "spite-extras-area")
    assert re.search(r'class="card card-hand spite-fake"[^>]*data-card="9C" data-group="fake_up"', extras)
    assert "nine of clubs (fake joker)" in extras and "Fake jokers" in text(extras)
    assert "reward card" not in extras
    # Her hand cards stay plain cards (no group): four in the hand, one fake.
    assert alice.count("data-card=") == 5 and alice.count('data-group="fake_up"') == 1
    # Bob's deck reward card QD is in the same group, marked as a reward card; Alice's fake is not on his board.
    extras = section(bob, "spite-extras-area")
    assert re.search(r'class="card card-hand spite-reward red"[^>]*data-card="QD" data-group="fake_up"', extras)
    assert "queen of diamonds (reward card)" in extras and 'data-card="9C"' not in bob
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
    # The trick and "Play selected"; the calls (table mode offers both to everyone)
    assert targets(html) == ["play", "play", "call", "unbeatable"]
    sent = page_targets(engine, FAKES, 0)["targets"]
    assert {name: sent[name]["*"].get("announce") for name in sent} == {
        "play": None,
        "call": "lower",
        "unbeatable": "unbeatable",
    }
    for template in sent.values():
        assert template["*"]["cards"] == "$cards" and template["*"]["fake_up"] == "$fake_up"
    for tag in re.findall(r'<[^>]*data-target="[^"]*"[^>]*>', html):
        assert 'data-fields="#spite-play-options"' in tag
    # What the board offers is what the engine lists: a play of the fake alone, and with a hand card.
    legal = engine.legal_commands(FAKES, 0)
    assert {"type": "play", "cards": [], "fake_up": ["9C"]} in legal
    assert {"type": "play", "cards": ["9S"], "fake_up": ["9C"]} in legal


def test_a_held_fake_has_a_face_down_button_lit_only_when_the_engine_lists_it():
    html = render(FAKES, 0)
    button = re.search(r"<button[^>]*spite-face-down[^>]*>", html).group(0)
    assert 'data-command="face-down-9C"' in button
    assert "data-when-legal" in button and " hidden" in button
    assert not any(c["type"] == "play_fake_down" for c in engine.legal_commands(FAKES, 0))  # no face-down lead
    following = act(FAKES, 0, {"type": "play", "cards": ["3D"]})
    following = act(following, 1, {"type": "pass"})
    assert {"type": "play_fake_down", "fake": "4H"} in engine.legal_commands(following, 2)
    assert 'data-command="face-down-4H"' in render(following, 2)
    assert page_targets(engine, following, 2)["commands"]["face-down-4H"] == {"type": "play_fake_down", "fake": "4H"}


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
        assert "played nine of clubs (face up from a fake joker or reward card)" in text(lead)
        # The face-down fake is a card back: its face is nobody's business.
        assert "spite-fake-back" in down and "a fake joker, face down" in text(down)
        assert (
            "4♠" not in down
            and "four of spades" not in down
            and "is-face-down" in re.match(r'<li class="([^"]*)"', down).group(1)
        )
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
    button = re.search(r'<button[^>]*data-target="unbeatable"[^>]*>([^<]*)', html)
    assert button and "data-when-legal hidden" in button.group(0) and button.group(1) == "Play and call unbeatable"
    # Table mode: any selection, shown whenever Carol may play; strict mode: only the 2S, as the engine lists it.
    assert page_targets(engine, state, 2)["targets"]["unbeatable"]["*"]["announce"] == "unbeatable"
    strict = replace(state, options=replace(state.options, misplays="strict"))
    assert page_targets(engine, strict, 2)["targets"]["unbeatable"] == {
        "2S": {"type": "play", "cards": ["2S"], "announce": "unbeatable"}
    }
    state = act(state, 2, {"type": "play", "cards": ["2S"], "announce": "unbeatable"})
    html = render(state, 0)
    assert "Suited consecutive: spades only." in text(section(html, "spite-consec"))
    assert "Next" not in text(section(html, "spite-trick-head"))
    top = re.findall(r'<li class="spite-play.*?</li>', html, flags=re.S)[-1]
    assert "called unbeatable" in text(top)


# --- the come-at-me reward step ----------------------------------------------------------------


def come_at_me_won(misplays="strict"):
    """Carol came at them with the 9S and the others passed: she owes herself a reward of 3 cards."""
    state = position(["3S QS QH", "5H JS JH", "9S 4H 2D"], deck="6H 7C 10S AC 4D", misplays=misplays)
    state = act(state, 0, {"type": "play", "cards": ["3S"]})
    state = act(state, 1, {"type": "play", "cards": ["5H"]})
    state = act(state, 2, {"type": "play", "cards": ["9S"], "come_at_me": True})
    state = act(state, 0, {"type": "pass"})
    return act(state, 1, {"type": "pass"})


def test_in_strict_mode_the_reward_step_shows_the_viewed_cards_and_the_form_to_its_seat_only():
    state = come_at_me_won()
    assert state.reward is not None and state.reward.seat == 2 and state.reward.count == 3
    carol = render(state, 2)
    reward = section(carol, "spite-reward is-mine")
    assert "Your come-at-me reward" in text(reward)
    viewed = section(reward, "spite-reward-cards")
    assert re.findall(r'<span class="visually-hidden">([^<]*)</span></span></li>', viewed) == [
        "six of hearts",
        "seven of clubs",
        "ten of spades",
    ]
    assert viewed.count('class="card card-pile') == 3
    form = section(reward, "spite-reward-form")
    assert 'data-compose=\'{"type": "reward", "swap": null}\'' in form
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


def test_in_table_mode_the_reward_step_asks_for_the_count_before_it_shows_a_card():
    """RULINGS, Table mode: the reward step asks for the declared count before any reward card is shown."""
    state = come_at_me_won("table")
    carol = render(state, 2)
    reward = section(carol, "spite-reward is-mine")
    assert "spite-reward-cards" not in reward and "card-pile" not in reward and "<select" not in reward
    for label in ("6♥", "7♣", "10♠", "3 card", "three"):
        assert label not in text(reward)
    form = section(reward, "spite-reward-form")
    assert 'data-compose=\'{"type": "reward"}\'' in form
    assert re.search(r'<input type="number" name="declared"[^>]*required data-json>', form)
    assert "Declare" in text(form)
    for seat in (0, 1, None):
        assert text(section(render(state, seat), "spite-reward")).startswith("Carol is declaring a come-at-me reward")
    # Declared (4, one too many: she views what she declared), the cards show, and the swap form.
    declared = act(state, 2, {"type": "reward", "declared": 4})
    reward = section(render(declared, 2), "spite-reward is-mine")
    assert text(reward).startswith("Your come-at-me reward You declared 4. These are the deck's top 4 cards")
    viewed = section(reward, "spite-reward-cards")
    assert re.findall(r'<span class="visually-hidden">([^<]*)</span></span></li>', viewed) == [
        "six of hearts",
        "seven of clubs",
        "ten of spades",
        "ace of clubs",
    ]
    form = section(reward, "spite-reward-form")
    assert 'data-compose=\'{"type": "reward", "swap": null}\'' in form and 'name="declared"' not in form
    assert re.findall(r'value="([^"]*)"', re.search(r'<select name="swap.take">(.*?)</select>', form).group(1)) == [
        "",
        "6H",
        "7C",
        "10S",
        "AC",
    ]
    for seat in (0, 1, None):
        others = text(section(render(declared, seat), "spite-reward"))
        assert others.startswith("Carol declared a reward of 4 and is taking a come-at-me reward (viewing 4 cards)")
        assert "6♥" not in others
    after = act(declared, 2, {"type": "reward", "swap": {"take": "AC", "give": "4H"}})
    assert "spite-reward" not in render(after, 2) and 'data-card="AC"' in render(after, 2)


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


# --- table mode: misplays are played and called, the rulings, the countdown --------------------

# Bob's hand is all black, so his hand looks the same after a low misplay (4C) or a high play (QS).
TABLE = position(["3D 9S 9H KS", "4C 5S 8S QS", "5C 6H 10S JS"], deck="4D 5D 6D 8D 9D 10D")


def led_9s():
    """Alice has led the 9S: Bob is to play on it."""
    return act(TABLE, 0, {"type": "play", "cards": ["9S"]})


def misplays(html):
    """The <button>s that call a misplay, as (play id, the play's own <li>)."""
    return [
        (int(play), raw)
        for raw, play in re.findall(r'(<button[^>]*class="small spite-misplay"[^>]*data-command="call-(\d+)")', html)
    ]


def play_items(html):
    return re.findall(r'<li class="spite-play.*?</li>', html, flags=re.S)


def shape(html):
    """The page's structure: each tag with its classes and the names of its attributes (no values, no text)."""
    return [
        (
            tag,
            re.search(r'class="([^"]*)"', attrs).group(1) if 'class="' in attrs else "",
            tuple(sorted(re.findall(r"\s([a-z-]+)(?==)", attrs))),
        )
        for tag, attrs in re.findall(r"<([a-z0-9]+)\b([^>]*)>", html)
    ]


def test_table_mode_is_spites_default_and_the_board_sends_any_play_for_the_engine_to_judge():
    assert TABLE.options.table_mode
    html = render(led_9s(), 1)
    assert targets(html) == ["play", "play", "call", "unbeatable"]  # the trick, "Play selected" and the calls
    sent = page_targets(engine, led_9s(), 1)["targets"]
    assert all(list(entries) == ["*"] for entries in sent.values())  # any selection, for the engine to judge
    assert "Play and call lower" in text(html)  # Bob holds no 7: a call on anything is his to misplay
    # Strict mode keeps the board to the engine's list: no call without a natural 7.
    strict = replace(TABLE, options=replace(TABLE.options, misplays="strict"))
    html = render(act(strict, 0, {"type": "play", "cards": ["9S"]}), 1)
    assert "Play and call lower" not in text(html)
    assert all(
        "*" not in entries
        for entries in page_targets(engine, act(strict, 0, {"type": "play", "cards": ["9S"]}), 1)["targets"].values()
    )


JUDGED_KEYS = {"cards", "fake_up", "fake", "declared", "announce", "buy_back", "bounty_claim"}


def offered_details(state, seat):
    """The keys of the commands the page and the REST view offer ``seat`` that would say which play is legal."""
    return {
        key
        for listed in (engine.board_commands(state, seat), engine.offered_commands(state, seat))
        for command in listed
        for key in command
        if key in JUDGED_KEYS
    }


def attributes(html):
    """Every data-* attribute of the page but the cards' own (which name the cards a seat holds)."""
    return [
        found
        for found in re.findall(r'(data-[a-z-]+)=(\'[^\']*\'|"[^"]*")', html)
        if found[0] not in ("data-card", "data-label")
    ]


def test_in_table_mode_no_seats_page_or_rest_view_tells_its_legal_plays_from_its_misplays():
    """Issue 13 and RULINGS, Table mode: "nothing a player is sent tells whether a play they are about to
    make is legal": not the page's data, not the REST view. Bob holds only cards that cannot beat Alice's
    9S, or only cards that do; a fake joker too, which may not be played face down on a lead. What he is
    offered, and every control of his page, are the same either way."""
    low = position(["3D 9S 9H KS", "4C 5S 6S 3S", "5C 6H 10S JS"], fakes=["", "8C", ""])
    high = position(["3D 9S 9H KS", "QS KS AS 2S", "5C 6H 10S JS"], fakes=["", "8C", ""])
    for when in ("his lead", "on the 9S", "after a pass"):
        if when == "his lead":
            pair = [replace(state, to_move=1, trick=Trick(leader=1)) for state in (low, high)]
        else:
            pair = [act(state, 0, {"type": "play", "cards": ["9S"]}) for state in (low, high)]
        if when == "after a pass":  # Bob passed: now only a buy back brings him in
            pair = [
                act(act(act(state, 1, {"type": "pass"}), 2, {"type": "play", "cards": ["10S"]}), 0, {"type": "pass"})
                for state in pair
            ]
        legal = [
            {c["type"] for c in engine.legal_commands(state, 1) if c["type"] in ("play", "play_fake_down")}
            for state in pair
        ]
        assert legal[0] != legal[1] or when == "his lead"  # the engine knows the difference...
        offered = [engine.board_commands(state, 1) for state in pair]
        assert offered[0] == offered[1] and {"type": "play"} in offered[0], when  # ...the player is not told it
        assert {"type": "play_fake_down"} in offered[0] and offered_details(pair[0], 1) == set()
        assert engine.offered_commands(pair[0], 1) == offered[0]
        pages = [render(state, 1) for state in pair]
        assert shape(pages[0]) == shape(pages[1]) and attributes(pages[0]) == attributes(pages[1]), when
    # The reward step: its seat is offered the declaration as a kind, never the count.
    state = come_at_me_won("table")
    assert engine.board_commands(state, 2) == [{"type": "reward"}] and offered_details(state, 2) == set()
    # Strict mode lists the plays themselves.
    strict = position(["3D 9S 9H KS", "QS KS AS 2S", "5C 6H 10S JS"], misplays="strict")
    assert {"cards"} <= offered_details(act(strict, 0, {"type": "play", "cards": ["9S"]}), 1)


def test_in_a_random_table_mode_match_no_seat_is_offered_a_play_by_its_cards():
    rng = random.Random(8)
    state = engine.fold(engine.start(4, {"rounds": 1, "misplays": "table"}, rng=rng))
    offered_kinds = set()
    while not state.over:
        for seat in range(state.players):
            assert offered_details(state, seat) == set(), engine.board_commands(state, seat)
            offered_kinds |= {c["type"] for c in engine.offered_commands(state, seat)}
            # Everything decide takes from the seat is offered, at least by its kind.
            assert {c["type"] for c in engine.legal_commands(state, seat)} <= offered_kinds
        state = engine.fold(random_step(state, rng), state)
    assert {"play", "pass", "call_misplay", "start_countdown"} <= offered_kinds


def test_the_play_open_to_a_call_has_a_misplay_button_for_the_other_seats_only():
    state = act(led_9s(), 1, {"type": "play", "cards": ["4C"]})  # under the 9S: a misplay
    bobs = state.trick.plays[-1].id
    assert engine.view(state, None)["open_call"] == {"play": bobs, "seat": 1}
    for seat in (0, 2):
        html = render(state, seat)
        assert {"type": "call_misplay", "play": bobs} in engine.legal_commands(state, seat)
        assert [play for play, _ in misplays(html)] == [bobs]
        alices, top = play_items(html)
        assert "spite-misplay" not in alices and "is-open-to-call" not in alices  # closed by Bob's play
        assert "is-open-to-call" in top and "Misplay!" in text(top)
    # Bob never calls his own play, a spectator calls nothing.
    for seat in (1, None):
        html = render(state, seat)
        assert misplays(html) == [] and "Misplay!" not in html
        assert "is-open-to-call" in play_items(html)[-1]


def test_nothing_on_the_page_tells_a_misplay_from_a_legal_play_until_it_is_called():
    wrong = act(led_9s(), 1, {"type": "play", "cards": ["4C"]})  # does not beat the 9S
    right = act(led_9s(), 1, {"type": "play", "cards": ["QS"]})
    assert wrong.window.misplay is not None and right.window.misplay is None  # the engine knows, hidden
    for seat in (0, 1, 2, None):
        wrong_html, right_html = render(wrong, seat), render(right, seat)
        # The same page, tag for tag and class for class: only the cards and their words differ.
        assert shape(wrong_html) == shape(right_html)
        for html in (wrong_html, right_html):
            words = text(html).lower()
            assert "misplay" not in words.replace("misplay!", "").replace("call bob's play a misplay", "")
            assert "illegal" not in words and "invalid" not in words and "does not beat" not in words


def test_a_correct_call_is_shown_to_everyone_with_the_ruling_and_the_penalty():
    state = act(led_9s(), 1, {"type": "play", "cards": ["4C"]})
    called = act(state, 2, {"type": "call_misplay", "play": state.trick.plays[-1].id})
    ruling = engine.view(called, None)["rulings"][-1]
    assert ruling["correct"] and ruling["caller"] == 2 and ruling["seat"] == 1
    says = {
        0: "Carol called a misplay on Bob's single 4: right.",
        1: "Carol called a misplay on your single 4: right.",
        2: "You called a misplay on Bob's single 4: right.",
        None: "Carol called a misplay on Bob's single 4: right.",
    }
    for seat, sentence in says.items():
        html = render(called, seat)
        latest = words(section(html, "spite-ruling is-latest"))
        assert latest.startswith("Misplay " + sentence) and ruling["text"] in latest
        penalty = "you" if seat == 1 else "Bob"
        assert f"Penalty for {penalty}: 1 turn to skip." in latest
        assert f"1 fake joker from the pile to {'you' if seat == 2 else 'Carol'}." in latest  # Bob held none
        log = section(html, "spite-ruling-log")
        assert "Rulings this match (1)" in text(log) and log.count('<li class="spite-ruling') == 1
        assert "data-keep-open" in log
        # The misplayed hand went back: the trick is the 9S alone, and nothing is open to a call.
        assert len(play_items(html)) == 1 and misplays(html) == []
    bob = text(seat_panel(render(called, 0), "Bob"))
    assert "out of this trick" in bob and "✗ 1 misplay called this match" in bob and "skips 1 turn" in bob
    mine = render(called, 1)
    assert "You misplayed: you are out of this trick (no buy back)" in text(section(mine, "help spite-help"))
    assert "out of this trick" in text(section(section(mine, "my-area"), "seat-head"))
    assert "Play selected" not in mine and "and play</button>" not in mine and "spite-play-options" not in mine


def test_a_wrong_call_is_the_callers_misplay_and_the_play_stands_marked():
    state = act(led_9s(), 1, {"type": "play", "cards": ["QS"]})
    bobs = state.trick.plays[-1].id
    called = act(state, 0, {"type": "call_misplay", "play": bobs})
    for seat in (0, 1, 2, None):
        html = render(called, seat)
        latest = words(section(html, "spite-ruling is-latest"))
        who = "You" if seat == 0 else "Alice"
        assert latest.startswith(
            f"No misplay {who} called a misplay on {'your' if seat == 1 else 'Bob' + chr(39) + 's'} "
            "single Q: wrong. Wrong call by Alice: Bob's single Q kept the rules."
        )
        assert f"Penalty for {who.lower() if seat == 0 else who}: 1 turn to skip." in latest
        assert "is-wrong" in section(html, "spite-ruling is-latest")[:80]
        top = play_items(html)[-1]
        assert "called: no misplay" in text(top)
    alice = text(seat_panel(render(called, 2), "Alice"))
    assert "out of this trick" in alice and "✗ 1" in alice
    # The play stays open to the others' calls (Carol may still call it; Alice may not again).
    assert [play for play, _ in misplays(render(called, 2))] == [bobs]
    assert misplays(render(called, 0)) == []


def test_an_overturned_ruling_is_shown_as_overturned_on_the_table_and_in_the_rulings_list():
    state = act(led_9s(), 1, {"type": "play", "cards": ["QS"]})
    called = act(state, 0, {"type": "call_misplay", "play": state.trick.plays[-1].id})  # wrong
    overturned = act(called, None, {"type": "overturn", "ruling": 1, "reason": "Alice saw the QS right."})
    for seat in (0, 1, 2, None):
        assert "overturned" not in text(render(called, seat))
        html = render(overturned, seat)
        latest = section(html, "spite-ruling is-latest")
        assert "is-overturned" in latest[:120]
        assert words(latest).endswith("overturned Staff overturned this ruling: Alice saw the QS right.")
        listed = re.findall(r'<li class="spite-ruling.*?</li>', section(html, "spite-ruling-log"), flags=re.S)
        assert len(listed) == 1 and "is-overturned" in listed[0][:80] and "Alice saw the QS right." in text(listed[0])
        assert "called: no misplay (overturned)" in text(play_items(html)[-1])


def test_the_rulings_list_grows_oldest_first():
    state = act(led_9s(), 1, {"type": "play", "cards": ["QS"]})
    state = act(state, 0, {"type": "call_misplay", "play": state.trick.plays[-1].id})  # wrong
    state = act(state, 2, {"type": "call_misplay", "play": state.trick.plays[-1].id})  # wrong again
    html = render(state, None)
    log = section(html, "spite-ruling-log")
    assert "Rulings this match (2)" in text(log)
    entries = [text(item) for item in re.findall(r'<li class="spite-ruling.*?</li>', log, flags=re.S)]
    assert entries[0].startswith("Alice called") and entries[1].startswith("Carol called")
    assert words(section(html, "spite-ruling is-latest")).startswith("No misplay Carol called")


def test_a_ruling_is_shown_beside_the_trick_until_the_next_play_then_only_in_the_rulings_list():
    state = act(led_9s(), 1, {"type": "play", "cards": ["5S", "8S"]})
    called = act(state, 2, {"type": "call_misplay", "play": state.trick.plays[-1].id})  # right
    passed = act(called, 2, {"type": "pass"})  # Alice wins the trick: still no play since the call
    assert not passed.trick.plays and passed.to_move == 0
    played = act(passed, 0, {"type": "play", "cards": ["3D"]})  # Alice leads the next trick
    for seat in (0, 1, 2, None):
        for still in (called, passed):
            assert "called a misplay on" in text(section(render(still, seat), "spite-ruling is-latest"))
        html = render(played, seat)
        assert "is-latest" not in html
        listed = re.findall(r'<li class="spite-ruling.*?</li>', section(html, "spite-ruling-log"), flags=re.S)
        assert len(listed) == 1 and "called a misplay on" in text(listed[0])


# --- cards in sentences: named as the move log names them ("5♠ and 8♠"), never by their codes ---------


def test_a_misplay_that_is_no_hand_is_named_by_its_cards_in_the_trick_and_in_its_ruling_as_in_the_move_log():
    played = engine.decide(led_9s(), 1, {"type": "play", "cards": ["5S", "8S"]}, rng=random.Random(0))
    assert engine.describe_event(played[0], None).startswith("{seat:1} plays 5♠ and 8♠")
    state = engine.fold(played, led_9s())
    assert engine.view(state, None)["trick"]["plays"][-1]["description"] == "5S 8S"  # the view keeps the codes
    html = render(state, 2)
    assert "played five of spades and eight of spades: 5♠ and 8♠ Misplay!" in text(play_items(html)[-1])
    called = act(state, 2, {"type": "call_misplay", "play": state.trick.plays[-1].id})
    says = {
        0: "Carol called a misplay on Bob's 5♠ and 8♠: right.",
        1: "Carol called a misplay on your 5♠ and 8♠: right.",
    }
    for seat, sentence in says.items():
        html = render(called, seat)
        assert words(section(html, "spite-ruling is-latest")).startswith("Misplay " + sentence)
        assert sentence in words(section(html, "spite-ruling-log"))


# A card as the engines write it ("5S", "10H", "JK").
BARE_CODE = re.compile(r"\b(?:JK|(?:10|11|12|13|[2-9AJQK])[SHDC])\b")
READ_ATTRIBUTES = {"title", "aria-label", "data-hint", "data-label", "alt"}


class _ReadText(HTMLParser):
    """What a person reads of some HTML: its text and the attributes shown or read out, but not the card
    faces (their corners and pips are aria-hidden: each card is read out by its name)."""

    VOID = {"input", "br", "img", "hr", "meta", "link", "source", "wbr", "col", "area"}

    def __init__(self):
        super().__init__()
        self.hidden, self.read = 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if not self.hidden:
            self.read.extend(value for name, value in attrs.items() if name in READ_ATTRIBUTES and value)
        if tag in self.VOID:
            return
        if self.hidden or attrs.get("aria-hidden") == "true":
            self.hidden += 1

    def handle_endtag(self, tag):
        if self.hidden and tag not in self.VOID:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.read.append(data)


def read_text(html):
    reader = _ReadText()
    reader.feed(html)
    return " ".join(reader.read)


def test_no_sentence_of_a_whole_table_mode_match_names_a_card_by_its_code():
    """Random table-mode matches with misplays of two cards (mostly no hand at all), calls right and wrong,
    overturned rulings and the misplays nobody called: every board (each seat's and a spectator's), every
    line of the move log (read out to screen readers too) and staff's facts of every ruling, whose first is
    the ruling's sentence players read on the review pages, name cards as the move log does. Matches are
    played until they have had what the test is for: a ruling on a play that was no hand, an overturned
    ruling and such a misplay nobody called, shown at the match's end."""
    wanted = {"ruled no hand", "overturned", "no hand uncalled"}
    for seed in range(1, 30):
        state = scan_a_match(random.Random(seed))
        wanted -= {"ruled no hand"} if any(ruling.rule == "malformed" for ruling in state.rulings) else set()
        wanted -= {"overturned"} if any(ruling.overturned for ruling in state.rulings) else set()
        wanted -= {"no hand uncalled"} if any(entry["rule"] == "malformed" for entry in state.uncalled) else set()
        if not wanted:
            return
    raise AssertionError(f"no match had {wanted}")


def scan_a_match(rng):
    """A random table-mode match of three, every sentence of it read for a card code; its last state."""
    events = engine.start(3, {"rounds": 1, "misplays": "table"}, rng=rng)
    state = engine.fold(events)
    while True:
        for seat in (0, 1, 2, None):
            read = read_text(render(state, seat))
            assert not BARE_CODE.search(read), (seat, BARE_CODE.findall(read))
        if state.over:
            break
        new = table_mode_step(state, rng)
        events, state = events + new, engine.fold(new, state)
    for number, event in enumerate(events):
        for seat in (0, 1, 2, None):
            assert not BARE_CODE.search(engine.describe_event(event, seat)), event
        assert not BARE_CODE.search(engine.describe_event(event, open=True)), event
        if engine.disputable(event):
            facts = engine.ruling_facts(events[:number], event)
            assert not [fact for fact in facts if BARE_CODE.search(fact["text"])], facts
    return state


def table_mode_step(state, rng):
    """random_step's, with now and then a misplay of two random cards from the seat to act, and staff
    overturning a ruling."""
    standing = [ruling for ruling in state.rulings if not ruling.overturned]
    if standing and rng.random() < 0.1:
        return engine.decide(
            state,
            None,
            {"type": "overturn", "ruling": rng.choice(standing).id, "reason": "The call named the wrong rule."},
            rng=rng,
        )
    seat = state.to_move
    if (
        seat is not None
        and state.phase != "opening"
        and state.trick.plays
        and not state.reward
        and len(state.hands[seat]) > 2
        and rng.random() < 0.25
    ):
        return engine.decide(state, seat, {"type": "play", "cards": rng.sample(state.hands[seat], 2)}, rng=rng)
    return random_step(state, rng)


def test_start_countdown_is_offered_to_the_seats_not_to_act_and_the_countdown_shows_everywhere():
    state = act(led_9s(), 1, {"type": "play", "cards": ["QS"]})  # Carol to act; she could pass
    assert state.to_move == 2
    button = 'data-command="start_countdown"'
    for seat in (0, 1):
        assert {"type": "start_countdown"} in engine.legal_commands(state, seat)
        assert button in render(state, seat) and "Start countdown" in text(render(state, seat))
    assert button not in render(state, 2) and button not in render(state, None)
    started = act(state, 0, {"type": "start_countdown"})
    countdown = engine.view(started, None)["countdown"]
    assert countdown["seat"] == 2 and countdown["by"] == 0
    seconds = countdown["seconds"]
    for seat in (0, 1, None):
        html = render(started, seat)
        note = words(section(html, "spite-countdown-note"))
        assert note == f"Countdown on Carol: {seconds} s left (started by {'you' if seat == 0 else 'Alice'})"
        assert button not in html  # one countdown at a time
        assert f"{seconds} s" in text(seat_panel(html, "Carol"))
    carol = render(started, 2)
    assert words(section(carol, "spite-countdown-note")).startswith("Countdown Play now or you pass:")
    assert f"{seconds} s" in text(section(section(carol, "my-area"), "seat-head"))
    # Carol's pass (her only way on: nothing of hers beats the QS) ends it.
    assert "spite-countdown-note" not in render(act(started, 2, {"type": "pass"}), None)


def test_the_countdown_ticks_from_the_servers_deadline_when_the_page_has_one():
    state = act(act(led_9s(), 1, {"type": "play", "cards": ["QS"]}), 0, {"type": "start_countdown"})
    clock = {"key": "countdown-1", "kind": "countdown", "seat": None, "due_ms": 1_767_225_605_000, "seconds_left": 4}
    view = engine.view(state, 1)
    from games.frames import jinja

    html = jinja.render(
        "spite/board.jinja",
        {
            "view": view,
            "others": [p for p in view["players"] if p["seat"] != 1],
            "seat": 1,
            "names": ["Alice", "Bob", "Carol"],
            "legal": engine.board_commands(state, 1),
            "clocks": {"countdown": clock},
        },
    )
    note = section(html, "spite-countdown-note")
    assert '<span class="countdown" data-deadline-ms="1767225605000">4</span>' in note
    assert 'role="timer"' in note
    assert 'data-deadline-ms="1767225605000"' in seat_panel(html, "Carol")


def test_a_reward_declaration_is_open_to_a_call_like_a_play():
    state = come_at_me_won("table")
    declared = act(state, 2, {"type": "reward", "declared": 4, "swap": None})  # she won 3 cards, not 4
    open_call = engine.view(declared, None)["open_call"]
    assert open_call["seat"] == 2 and not declared.trick.plays  # on no play: Carol leads next
    for seat in (0, 1):
        html = render(declared, seat)
        notice = section(html, "spite-open-call")
        assert words(notice).startswith("Open to a call Carol declared a come-at-me reward.")
        assert [play for play, _ in misplays(notice)] == [open_call["play"]]
    assert (
        words(section(render(declared, 2), "spite-open-call")) == "Open to a call You declared your come-at-me reward."
    )
    assert misplays(render(declared, 2)) == [] and misplays(render(declared, None)) == []
    called = act(declared, 0, {"type": "call_misplay", "play": open_call["play"]})
    latest = words(section(render(called, 1), "spite-ruling is-latest"))
    assert latest.startswith("Misplay Alice called a misplay on Carol's reward declaration: right.")
    assert "spite-open-call" not in render(called, 1)


# --- the turn clock: a clock on the seat to act, seats away, an abandoned match -------------------


def render_with(state, seat, **context):
    """The board as the table page renders it, with the page's timer context (games.frames.rendering.clocks_context)."""
    from games.frames import jinja

    view = engine.view(state, seat)
    names = ["Alice", "Bob", "Carol"][: state.players]
    return jinja.render(
        "spite/board.jinja",
        {
            "view": view,
            "others": [p for p in view["players"] if p["seat"] != seat] if seat is not None else view["players"],
            "seat": seat,
            "names": names,
            "legal": engine.board_commands(state, seat) if seat is not None else [],
            **context,
        },
    )


def test_the_turn_clock_shows_on_the_seat_to_act():
    state = led_9s()
    clock = {"key": "turn-9", "kind": "turn", "seat": 1, "due_ms": 1_767_225_630_000, "seconds_left": 30}
    for seat in (0, 2, None):
        html = render_with(state, seat, turn_clock=clock)
        bob = seat_panel(html, "Bob")
        assert (
            '<span class="clock turn-clock" role="timer"><span class="countdown" data-deadline-ms="1767225630000">30</span>'
            in bob
        )
        others = [name for n, name in enumerate(["Alice", "Carol"]) if (0, 2)[n] != seat]
        assert all("data-deadline-ms" not in seat_panel(html, name) for name in others)
    mine = section(render_with(state, 1, turn_clock=clock), "my-area")
    assert 'data-deadline-ms="1767225630000"' in section(mine, "seat-head")


def test_a_seat_away_on_the_turn_clock_is_marked_and_an_abandoned_match_says_so():
    state = TABLE
    while not engine.view(state, None)["players"][0]["absent"]:  # every seat lets its turns run out
        state = engine.fold(
            engine.decide(state, None, {"type": "turn_timeout", "seat": state.to_move}, rng=random.Random(0)), state
        )
    assert "away" in text(seat_panel(render(state, 1), "Alice")).split()
    assert "away" in text(section(section(render(state, 0), "my-area"), "seat-head")).split()
    over = act(state, None, {"type": "abandon"})
    html = render(over, None)
    assert "Match abandoned" in text(section(html, "game-over")) and "wins the match" not in html
