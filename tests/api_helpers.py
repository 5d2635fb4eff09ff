"""Shared helpers for tests that drive tables through the REST API."""

from rest_framework.test import APIClient


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def create_table(client, game="spank", seat_count=2, **extra):
    response = client.post("/api/tables/", {"game": game, "seat_count": seat_count, **extra}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def view(client, table_id):
    response = client.get(f"/api/tables/{table_id}/view/")
    assert response.status_code == 200, response.content
    return response.json()


def command(client, table_id, cmd, expected_version, **extra):
    return client.post(
        f"/api/tables/{table_id}/commands/",
        {"command": cmd, "expected_version": expected_version, **extra},
        format="json",
    )


def turn_commands(legal):
    """Legal commands without those any seated player may give out of turn (Spite's calls and countdowns)."""
    return [command for command in legal if command["type"] not in ("call_misplay", "start_countdown")]
