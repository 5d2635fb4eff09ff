"""Options that would give hidden cards away (Spite's fake joker faces) are shown to nobody until the end."""

import pytest
from api_helpers import client_for, command, create_table, view

pytestmark = pytest.mark.django_db

FACES = ["2H", "9C", "QS"]


def test_fake_joker_faces_stay_hidden_in_the_table_list_and_detail_until_the_match_is_over(make_user):
    host, guest, other = (client_for(make_user(name)) for name in ("host", "guest", "other"))
    third = client_for(make_user("third"))
    table = create_table(
        host, game="spite", seat_count=3, options={"rounds": 1, "fake_jokers": 3, "fake_joker_faces": FACES}
    )
    assert table["options"] == {"rounds": 1, "fake_jokers": 3}
    for client in (guest, third):
        assert client.post(f"/api/tables/{table['id']}/join/", {}, format="json").status_code == 200
    assert host.post(f"/api/tables/{table['id']}/start/").status_code == 200

    for client in (host, guest, other):
        listed = next(t for t in client.get("/api/tables/").json() if t["id"] == table["id"])
        detail = client.get(f"/api/tables/{table['id']}/").json()
        for shown in (listed, detail):
            assert "fake_joker_faces" not in shown["options"]
            assert not any(face in str(shown) for face in FACES)

    ended = command(host, table["id"], {"type": "end_match"}, view(host, table["id"])["version"])
    assert ended.status_code == 200, ended.content
    assert other.get(f"/api/tables/{table['id']}/").json()["options"]["fake_joker_faces"] == FACES
