"""Allowed hosts: links never come from a Host the operator did not name (400 instead)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.hosts import allowed_hosts, host_name, is_allowed


def client_for(**config: object) -> FlaskClient:
    return create_app({"TESTING": True, **config}).test_client()


@pytest.mark.parametrize("fmt", ["html", "md", "json", "text"])
def test_an_unknown_host_is_refused_in_czech(client: FlaskClient, fmt: str) -> None:
    answer = client.get(f"/api/v1/morale?morale=7&format={fmt}", headers={"Host": "evil.example"})
    assert answer.status_code == 400
    message = ("Neznámý hostitel: tento server neodpovídá na adresu 'evil.example' "
               "(RPG_ALLOWED_HOSTS).")
    if fmt == "json":
        body = answer.get_json()
        assert body["message"] == message
        assert body["errors"] == {"Host": [body["message"]]}
    else:  # the refusal in the format asked for, with no link to the host it refuses
        shown = answer.get_data(as_text=True)
        assert ("&#x27;evil.example&#x27;" if fmt == "html" else "evil.example") in shown
        assert "href" not in shown and "](" not in shown
    assert "evil.example" not in answer.headers.get("Location", "")


def test_the_refusal_speaks_english_and_covers_posts(client: FlaskClient) -> None:
    answer = client.post("/api/v1/roll", json={"expr": "1d6", "lang": "en"},
                         headers={"Host": "evil.example:8000"})
    assert answer.status_code == 400
    assert answer.get_json()["message"].startswith("Unknown host: this server does not answer")


def test_the_site_refuses_it_too(client: FlaskClient) -> None:
    with client.get("/", headers={"Host": "evil.example"}) as answer:
        assert answer.status_code == 400


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1:8000", "LOCALHOST:5000", "[::1]:8000"])
def test_the_default_hosts_get_links_to_themselves(client: FlaskClient, host: str) -> None:
    answer = client.get("/api/v1/morale?morale=7&seed=1&format=html", headers={"Host": host})
    assert answer.status_code == 200
    assert f'href="http://{host.lower()}/pravidla/' in answer.get_data(as_text=True)


def test_a_lan_address_is_configured_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RPG_ALLOWED_HOSTS", "192.168.1.20, rpg.local")
    client = create_app({"TESTING": True}).test_client()
    for host in ("192.168.1.20:8000", "rpg.local"):
        assert client.get("/api/v1/reaction", headers={"Host": host}).status_code == 200
    assert client.get("/api/v1/reaction", headers={"Host": "localhost"}).status_code == 400


def test_the_site_url_decides_links_and_its_host_is_allowed() -> None:
    client = client_for(SITE_URL="https://rpg.example.org")
    answer = client.get("/api/v1/morale?morale=7&seed=1&format=md",
                        headers={"Host": "rpg.example.org"})
    assert answer.status_code == 200
    assert "](<https://rpg.example.org/pravidla/" in answer.get_data(as_text=True)
    assert client.get("/api/v1/reaction", headers={"Host": "evil.example"}).status_code == 400


def test_a_star_allows_any_host() -> None:
    client = client_for(ALLOWED_HOSTS="*")
    assert client.get("/api/v1/reaction", headers={"Host": "anything.example"}).status_code == 200


def test_the_health_probes_answer_a_balancer_asking_by_address(client: FlaskClient) -> None:
    assert client.get("/api/v1/health", headers={"Host": "10.0.3.7:8000"}).status_code == 200
    assert client.get("/api/v1/health/live", headers={"Host": "10.0.3.7"}).status_code == 200


@pytest.mark.parametrize(("host", "patterns", "allowed"), [
    ("rpg.example.org", [".example.org"], True),
    ("example.org", [".example.org"], True),
    ("badexample.org", [".example.org"], False),
    ("a.b.example.org", [".example.org"], True),
    ("example.org.evil", [".example.org"], False),
    ("[::1]", ["[::1]"], True),
    ("anything", ["*"], True),
])
def test_patterns(host: str, patterns: list[str], allowed: bool) -> None:
    assert is_allowed(host, patterns) is allowed


@pytest.mark.parametrize(("header", "name"), [
    ("Example.ORG:443", "example.org"), ("[::1]:8000", "[::1]"), ("[::1]", "[::1]"),
    ("127.0.0.1", "127.0.0.1"),
])
def test_the_port_is_not_compared(header: str, name: str) -> None:
    assert host_name(header) == name


def test_allowed_hosts_read_lists_strings_and_the_site_url() -> None:
    assert allowed_hosts("a, B ,") == ["a", "b"]
    assert allowed_hosts(["x"], "http://[fd00::1]:8000/") == ["x", "[fd00::1]"]


@pytest.mark.parametrize(("bind", "host"), [
    ("127.0.0.1:8000", "127.0.0.1"), ("192.168.1.20:8000", "192.168.1.20"),
    ("[fd00::5]:8000", "[fd00::5]"), ("rpg.local:80", "rpg.local"), ("0.0.0.0:8000", None),
    ("[::]:8000", None), ("unix:/run/rpg.sock", None),
])
def test_the_run_command_allows_the_address_it_is_bound_to(bind: str, host: str | None) -> None:
    from api.serve import _bind_host

    assert _bind_host(bind) == host
