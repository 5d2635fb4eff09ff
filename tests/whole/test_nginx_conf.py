"""deploy/nginx_conf.py: nginx's configuration for N web processes, as nginx itself reads it (nginx -t, when
Debian's nginx is installed), and a clear error for what it cannot render."""

import os
import re
import shutil
import subprocess

import pytest

from deploy import nginx_conf

DAPHNES = ["127.0.0.1:8001", "127.0.0.1:8002"]


def _block(text, opening):
    """The body of the block that starts with ``opening`` (braces counted)."""
    start = text.index(opening + " {") + len(opening) + 2
    depth, end = 1, start
    while depth:
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    return text[start : end - 1]


def test_requests_and_sockets_go_round_every_web_process_with_the_proxys_headers():
    text = nginx_conf.render(DAPHNES, 8000, "/srv/cardroom/staticfiles")
    assert "{{" not in text and "}}" not in text
    assert re.findall(r"server (\S+);", _block(text, "upstream cardroom")) == DAPHNES
    server = _block(text, "server")
    assert re.findall(r"^\s*listen (\S+);", server, re.M) == ["8000"]
    for line in (
        "proxy_http_version 1.1;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
        "proxy_set_header Host $http_host;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
    ):
        assert line in server
    assert "default upgrade;" in _block(text, "map $http_upgrade $connection_upgrade")
    sockets = _block(text, "location /ws/")
    assert "proxy_read_timeout 1h;" in sockets and "proxy_pass http://$cardroom_upstream;" in sockets
    static = _block(text, "location /static/")
    assert "alias /srv/cardroom/staticfiles/;" in static and "try_files $uri @cardroom;" in static
    # Without direct ports every request goes to the whole list.
    assert re.findall(r"^\s*(\S+) (\S+);", _block(text, "map $server_port $cardroom_upstream"), re.M) == [
        ("default", "cardroom")
    ]


def test_a_direct_port_sends_everything_to_its_own_web_process_alone():
    text = nginx_conf.render(DAPHNES, "127.0.0.1:9000", "/srv/static/", direct_ports=[9101, 9102])
    server = _block(text, "server")
    assert re.findall(r"^\s*listen (\S+);", server, re.M) == ["127.0.0.1:9000", "127.0.0.1:9101", "127.0.0.1:9102"]
    route = dict(re.findall(r"^\s*(\S+) (\S+);", _block(text, "map $server_port $cardroom_upstream"), re.M))
    assert route == {"default": "cardroom", "9101": "daphne_0", "9102": "daphne_1"}
    assert re.findall(r"server (\S+);", _block(text, "upstream daphne_0")) == ["127.0.0.1:8001"]
    assert re.findall(r"server (\S+);", _block(text, "upstream daphne_1")) == ["127.0.0.1:8002"]
    assert "alias /srv/static/;" in text


@pytest.mark.parametrize(
    "daphnes, static_root, direct_ports, message",
    [
        ([], "/srv/static", [], "no web process"),
        (["8001"], "/srv/static", [], "not a web process's address"),
        (["127.0.0.1:8001; evil"], "/srv/static", [], "not a web process's address"),
        (DAPHNES, "staticfiles", [], "absolute path"),
        (DAPHNES, "/srv/static", [9101], "one each, or none"),
        (DAPHNES, "/srv/static", ["9101;", "9102"], "a direct port is a number"),
    ],
)
def test_what_cannot_be_rendered_is_refused_with_the_reason(daphnes, static_root, direct_ports, message):
    with pytest.raises(ValueError, match=message):
        nginx_conf.render(daphnes, 8000, static_root, direct_ports)


def test_the_command_writes_the_configuration_and_its_folders(tmp_path, capsys):
    prefix = tmp_path / "run"
    nginx_conf.main(["--daphne", "unix:/run/cardroom/web1.sock", "--listen", "8000", "--prefix", str(prefix)])
    assert capsys.readouterr().out.strip() == str(prefix / "nginx.conf")
    assert "server unix:/run/cardroom/web1.sock;" in (prefix / "nginx.conf").read_text()
    assert (prefix / "logs").is_dir() and (prefix / "temp").is_dir()
    with pytest.raises(SystemExit):
        nginx_conf.main(["--daphne", "nowhere", "--prefix", str(prefix)])
    assert "not a web process's address" in capsys.readouterr().err


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


@pytest.mark.skipif(
    not os.access(NGINX, os.X_OK) and not os.environ.get("CI"), reason="Debian's nginx is not installed"
)
def test_nginx_itself_accepts_the_rendered_configuration(tmp_path):
    text = nginx_conf.render(DAPHNES, "127.0.0.1:8000", str(tmp_path / "static"), direct_ports=[9101, 9102])
    nginx_conf.write(tmp_path, text)
    checked = subprocess.run(
        [NGINX, "-t", "-e", "stderr", "-p", f"{tmp_path}/", "-c", "nginx.conf"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
