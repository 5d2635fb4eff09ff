"""Bots at real tables: seated by the host, acting as jobs through the one command path (delay instant,
the job's function called directly), acting once per version however often a job runs, and playing
an absent seat the host handed them until its player takes it back."""

import random

import pytest
from contract.profiles import profile_of

from events import store
from games.engines import GAMES as INSTALLED
from games.errors import BadRequest, Conflict, Forbidden
from games.models import Deadline, Seat
from games.play import bot_turns, commands, firing, game_state
from games.play.seat_view import seat_names
from games.tables import bot_seating, lobby
from games.tasks import fire_due_deadlines

pytestmark = pytest.mark.django_db

MAX_JOBS = 3000  # a game that went on would fail here, not hang


def due_bot_deadlines(table):
    return list(
        Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT, fired_at__isnull=True)
        .order_by("version")
        .values_list("pk", flat=True)
    )


def run_bot_jobs(table, limit=MAX_JOBS):
    """Fire the table's bot deadlines as their jobs would (oldest first) until none is left; how many acted."""
    acted = 0
    for _ in range(limit):
        pending = due_bot_deadlines(table)
        if not pending:
            return acted
        for pk in pending:
            acted += firing.fire(pk) is not None
    raise AssertionError(f"bots still had jobs after {limit} rounds")


def bot_table(host, game, players, options=None, levels=("fair",), delay=0):
    """A table whose every seat is a bot's: the host's seat is played by a bot as well (its Seat marked)."""
    table = lobby.create_table(host, game, players, options, bot_delay=delay)
    for seat in range(1, players):
        bot_seating.add_bot(table, host, levels[seat % len(levels)])
    Seat.objects.filter(table=table, number=0).update(bot=levels[0])
    return table


# (game, seats, options, levels by seat, seed): a bounded set, each a whole game in a few seconds: every
# installed game's short table, and variations of the real games.
GAMES = [
    *((game, *profile_of(game).short, ("fair", "random"), 3) for game in INSTALLED),
    ("spite_and_malice", 2, {"win_pile": 5}, ("fair", "random"), 1),
    ("spite_and_malice", 3, {"win_pile": 5}, ("fair",), 2),
    ("spank", 2, None, ("fair", "random"), 1),
    ("spank", 2, {"sequence": True}, ("fair",), 2),
    ("spite", 3, {"rounds": 2}, ("fair", "random"), 1),
    ("spite", 4, {"rounds": 1, "misplays": "strict"}, ("fair",), 2),
]


@pytest.mark.parametrize(
    "game, players, options, levels, seed", GAMES, ids=[f"{g}-{p}-{s}-{n}" for n, (g, p, _, _, s) in enumerate(GAMES)]
)
def test_bots_play_every_game_to_the_end_through_the_command_path(alice, game, players, options, levels, seed, caplog):
    table = bot_table(alice, game, players, options, levels)
    lobby.start_table(table, alice, rng=random.Random(seed))
    run_bot_jobs(table)
    assert not [record for record in caplog.records if record.name == "games.play.bot_turns"]  # nothing refused
    game_now = game_state.load(table)
    assert game_now.engine.is_over(game_now.state)
    table.refresh_from_db()
    assert table.status == table.Status.FINISHED
    # Every move after the deal was a bot's, each from the seat's own bot account.
    moves = [event for event in store.read(table.stream, game=game) if event.actor_kind == "user"]
    bot_accounts = set(table.seats.exclude(number=0).values_list("user_id", flat=True)) | {alice.pk}
    assert moves and {event.actor_user_id for event in moves} <= bot_accounts


def test_the_host_adds_bots_that_are_named_and_fill_seats(alice, bob):
    table = lobby.create_table(alice, "spite", 4)
    assert bot_seating.add_bot(table, alice, "fair") == 1
    assert bot_seating.add_bot(table, alice, "fair", seat=3) == 3
    assert bot_seating.add_bot(table, alice, "random") == 2
    assert seat_names(table) == ["Alice", "Bot (Spite, fair)", "Bot (Spite, random)", "Bot 2 (Spite, fair)"]
    assert table.is_full
    bots = Seat.objects.filter(table=table).exclude(bot="").select_related("user")
    assert all(not seat.user.is_active and not seat.user.has_usable_password() for seat in bots)
    bot_seating.remove_bot(table, alice, 3)
    assert seat_names(table)[3] is None
    with pytest.raises(Conflict, match="No bot sits at seat 0"):
        bot_seating.remove_bot(table, alice, 0)


def test_only_the_host_adds_bots_to_an_empty_seat_before_the_start(alice, bob):
    table = lobby.create_table(alice, "spank", 2)
    with pytest.raises(Forbidden):
        bot_seating.add_bot(table, bob, "fair")
    with pytest.raises(BadRequest, match="level"):
        bot_seating.add_bot(table, alice, "genius")
    with pytest.raises(Conflict, match="already taken"):
        bot_seating.add_bot(table, alice, "fair", seat=0)
    with pytest.raises(BadRequest, match="numbered 0 to 1"):
        bot_seating.add_bot(table, alice, "fair", seat=5)
    bot_seating.add_bot(table, alice, "fair")
    with pytest.raises(Conflict, match="Every seat"):
        bot_seating.add_bot(table, alice, "fair")
    lobby.start_table(table, alice)
    with pytest.raises(Conflict, match="started"):
        bot_seating.remove_bot(table, alice, 1)


def test_a_bot_delay_is_one_of_the_offered_ones(alice):
    with pytest.raises(BadRequest, match="instant"):
        lobby.create_table(alice, "spank", 2, bot_delay=2)
    assert lobby.create_table(alice, "spank", 2, bot_delay=3).bot_delay == 3
    assert lobby.create_table(alice, "spank", 2).bot_delay == 1


def test_a_bots_deadline_is_due_after_the_tables_delay(alice):
    table = lobby.create_table(alice, "spank", 2, bot_delay=3)
    bot_seating.add_bot(table, alice, "fair")
    version = lobby.start_table(table, alice)
    deadline = Deadline.objects.get(table=table, kind=Deadline.Kind.BOT)
    assert deadline.key == f"bot-{version}" and deadline.version == version
    assert 2.5 < (deadline.due_at - deadline.created_at).total_seconds() <= 3.5


def test_no_bot_deadline_at_a_table_without_bots(alice, bob):
    table = lobby.create_table(alice, "spank", 2, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice)
    assert not Deadline.objects.filter(table=table, kind=Deadline.Kind.BOT).exists()


def person_and_bot(alice, game="spank", seed=3):
    """Alice against a fair bot, dealt so the bot (seat 1) or Alice moves first: (table, version)."""
    table = lobby.create_table(alice, game, 2, bot_delay=0)
    bot_seating.add_bot(table, alice, "fair")
    return table, lobby.start_table(table, alice, rng=random.Random(seed))


def bot_to_move(table):
    game = game_state.load(table)
    return game.engine.view(game.state, None)["to_move"] == 1


def test_a_job_run_twice_for_one_version_acts_once(alice):
    """A duplicate delivery or a retry of the job for a version the bot already acted on does nothing."""
    for seed in range(20):
        table, version = person_and_bot(alice, seed=seed)
        if bot_to_move(table):
            break
    else:
        pytest.fail("no deal in 20 seeds where the bot moves first")
    deadline = Deadline.objects.get(table=table, key=f"bot-{version}")
    fire_due_deadlines.apply(kwargs={"due_by": deadline.due_at.isoformat()}).get()  # its run, as a worker runs it
    after = store.current_version(table.stream)
    deadline.refresh_from_db()
    assert deadline.fired_at is not None and after > version
    # Fired again (two overlapping runs): the claim stops it. Even past the claim (the bare planning),
    # the version pin does.
    assert firing.fire(deadline.pk) is None
    assert bot_turns.act(deadline) is None
    assert store.current_version(table.stream) == after


def test_a_job_that_loses_the_race_to_a_person_does_nothing(alice):
    for seed in range(20):
        table, version = person_and_bot(alice, seed=seed)
        if not bot_to_move(table):
            break
    game = game_state.load(table)
    command = next(c for c in game.engine.legal_commands(game.state, 0))
    commands.submit(table, alice, command, version)  # Alice moves before the bot's job for the deal runs
    moved = store.current_version(table.stream)
    assert firing.fire(Deadline.objects.get(table=table, key=f"bot-{version}").pk) is None
    assert store.current_version(table.stream) == moved


def test_a_bot_refuses_to_give_another_senders_command(alice):
    table, version = person_and_bot(alice)
    with pytest.raises(Forbidden):
        commands.submit_for_bot(table, 1, {"type": "turn_timeout", "seat": 1}, version, store.SYSTEM)


# --- an absent seat handed to a bot, and taken back ------------------------------------------------


def to_move(table):
    game = game_state.load(table)
    return game.engine.view(game.state, None)["to_move"]


def alice_plays_until_bobs_turn(table, alice):
    """Alice's moves, chosen by a fair bot for her, until seat 1 is to move."""
    from games.bots import choose

    for _ in range(200):
        if to_move(table) == 1:
            return
        game = game_state.load(table)
        command = choose(
            table.game, game.engine.view(game.state, 0), game.engine.legal_commands(game.state, 0), random.Random(0)
        )
        commands.submit(table, alice, command, game.version)
    raise AssertionError("it never became seat 1's turn")


def test_the_host_hands_an_absent_seat_to_a_bot_and_its_player_takes_it_back(alice, bob):
    table = lobby.create_table(alice, "spank", 2, turn_clock=15, bot_delay=0)
    lobby.join_table(table, bob)
    lobby.start_table(table, alice, rng=random.Random(5))
    assert not due_bot_deadlines(table)  # no bot plays here yet
    with pytest.raises(commands.Refused, match="marked absent .* and Bob is not"):
        commands.submit(table, alice, {"type": "hand_to_bot", "seat": 1}, game_state.load(table).version)
    for _ in range(3):  # Bob's turn runs out three times in a row: he is marked absent
        alice_plays_until_bobs_turn(table, alice)
        assert commands.submit_system(table, {"type": "turn_timeout", "seat": 1}) is not None
    alice_plays_until_bobs_turn(table, alice)
    game = game_state.load(table)
    assert game.engine.view(game.state, None)["players"][1]["absent"]
    assert {"type": "hand_to_bot", "seat": 1} in [
        action["command"] for action in commands.host_actions(table, alice, game)
    ]
    with pytest.raises(Forbidden):
        commands.submit(table, bob, {"type": "hand_to_bot", "seat": 1}, game.version)

    handed = commands.submit(table, alice, {"type": "hand_to_bot", "seat": 1}, game.version)
    assert run_bot_jobs(table) > 0  # the bot plays Bob's turn at once (delay instant)
    game = game_state.load(table)
    assert game.engine.view(game.state, None)["players"][1]["with_bot"]
    bot_moves = [
        e
        for e in store.read(table.stream)
        if e.version > handed and e.payload.get("seat") == 1 and not e.payload.get("auto")
    ]
    assert bot_moves and all(e.actor_kind == "system" for e in bot_moves)
    assert to_move(table) == 0
    alice_plays_until_bobs_turn(table, alice)
    assert run_bot_jobs(table) > 0 and to_move(table) == 0  # and the next turn too

    # Bob is back: he takes his seat back, out of turn, and from then on plays his turns himself.
    game = game_state.load(table)
    assert game.engine.seat_commands_now(game.state, 1) != []
    commands.submit(table, bob, {"type": "take_back"}, game.version)
    run_bot_jobs(table)
    alice_plays_until_bobs_turn(table, alice)
    waiting = store.current_version(table.stream)
    assert run_bot_jobs(table) == 0 and store.current_version(table.stream) == waiting and to_move(table) == 1
    game = game_state.load(table)
    assert not game.engine.view(game.state, None)["players"][1]["with_bot"]
    assert [e.type for e in store.read(table.stream) if e.type in ("handed_to_bot", "taken_back")] == [
        "handed_to_bot",
        "taken_back",
    ]


def test_a_command_the_engine_refuses_is_logged_and_the_job_ends_claimed(alice, monkeypatch, caplog):
    for seed in range(20):
        table, version = person_and_bot(alice, seed=seed)
        if bot_to_move(table):
            break
    monkeypatch.setattr(
        bot_turns,
        "bot_for",
        lambda game, level: lambda view, legal, rng: {"type": "spank", "card": "XX", "seat": 0, "stack": 0},
    )
    deadline = Deadline.objects.get(table=table, key=f"bot-{version}")
    assert firing.fire(deadline.pk) is None
    deadline.refresh_from_db()
    assert deadline.fired_at is not None and store.current_version(table.stream) == version
    assert [record.levelname for record in caplog.records if record.name == "games.play.bot_turns"] == ["ERROR"]
