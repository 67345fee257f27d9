"""What a host's tools see: /healthz, /readyz (database, draining), /metrics in Prometheus' format
(scraped and parsed with the client's own parser after a game), and JSON log lines naming the game."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from webclient import create_game, hello, make_client, play_to_end, sqlite_url

from webtable import logs


def scrape(client: TestClient, **headers: str) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    """The metrics page parsed: sample name -> (sorted labels) -> value."""
    res = client.get("/metrics", headers=headers)
    assert res.status_code == 200, res.text
    assert res.headers["content-type"].startswith("text/plain")
    samples: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for family in text_string_to_metric_families(res.text):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def total(samples: dict[str, dict[tuple[tuple[str, str], ...], float]], name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for key, v in samples.get(name, {}).items() if wanted <= set(key))


def test_alive_and_ready_on_a_working_database(db_url: str) -> None:
    with make_client(db_url) as client:
        assert client.get("/healthz").json() == {"status": "alive"}
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json() == {"status": "ready", "database": "ok", "draining": False}


def test_not_ready_while_the_database_fails_or_the_process_drains(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]

        def down() -> None:
            raise OperationalError("SELECT 1", {}, Exception("database is locked"))

        monkeypatch.setattr(hub.store, "ping", down)
        res = client.get("/readyz")
        assert res.status_code == 503
        assert res.json()["database"] == "OperationalError" and res.json()["status"] == "not ready"
        assert client.get("/healthz").status_code == 200  # alive all the same: a restart would not mend it
        monkeypatch.undo()
        hub.draining = True
        res = client.get("/readyz")
        assert res.status_code == 503 and res.json()["draining"] is True and res.json()["database"] == "ok"
        assert total(scrape(client), "table_draining") == 1
        assert total(scrape(client), "table_storage_errors_total", operation="ping") == 1


def test_metrics_count_a_whole_game(tmp_path: Any) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        before = scrape(client)
        assert total(before, "table_decisions_total") == 0
        seats = [{"type": "human", "name": "Ann"}] + [{"type": "bot", "bot": "random"}] * 3
        made = create_game(client, seats, seed=5)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["seats"][0]["token"])
            during = scrape(client)
            assert total(during, "table_connections_open") == 1
            last = play_to_end(ws, random.Random(2), [])
        after = scrape(client)
        decisions = total(after, "table_decisions_total", game="wallenstein")
        assert decisions == last["version"]  # every committed decision, once
        people = total(after, "table_decisions_total", game="wallenstein", by="person")
        assert 0 < people < decisions
        assert total(after, "table_decision_seconds_count", game="wallenstein") == decisions
        assert total(after, "table_bot_thinking_seconds_count") == decisions - people
        assert total(after, "table_games_loaded") == 1
        assert total(after, "table_connections_open") == 0
        assert total(after, "table_http_requests_total", route="/api/games", status="2xx") == 1
        assert total(after, "table_storage_errors_total") == 0


def test_metrics_token_and_probe_hosts(tmp_path: Any) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        hub.settings.metrics_token = "s3cret"
        assert client.get("/metrics").status_code == 401
        assert client.get("/metrics", headers={"authorization": "Bearer wrong"}).status_code == 401
        assert "table_decisions" in client.get("/metrics", headers={"authorization": "Bearer s3cret"}).text
        # A load balancer calls the process by its address: probes answer any Host, pages do not.
        assert client.get("/healthz", headers={"host": "10.0.0.7:8000"}).status_code == 200
        assert client.get("/readyz", headers={"host": "10.0.0.7:8000"}).status_code == 200
        assert client.get("/", headers={"host": "10.0.0.7:8000"}).status_code == 400
        assert client.post("/healthz", headers={"host": "10.0.0.7:8000"}).status_code == 400


@pytest.fixture
def restored_loggers() -> Any:
    """The table's loggers as they were (logs.configure replaces their handlers)."""
    kept = {
        name: (lg.handlers[:], lg.level, lg.propagate)
        for name in ("webtable", "uvicorn.error")
        for lg in [logging.getLogger(name)]
    }
    yield
    for name, (handlers, level, propagate) in kept.items():
        lg = logging.getLogger(name)
        lg.handlers, lg.level, lg.propagate = handlers, level, propagate


def test_json_log_lines_name_their_game(capsys: pytest.CaptureFixture[str], restored_loggers: None) -> None:
    assert logs.configure("json") == "json"
    log = logging.getLogger("webtable.rooms")
    token = logs.GAME.set("g-42")
    try:
        log.warning("bot seat %d failed", 2)
    finally:
        logs.GAME.reset(token)
    log.info("no game here")
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert lines[0]["game"] == "g-42" and lines[0]["message"] == "bot seat 2 failed"
    assert lines[0]["level"] == "warning" and lines[0]["logger"] == "webtable.rooms"
    assert lines[0]["time"].endswith("Z")
    assert "game" not in lines[1]
    with pytest.raises(ValueError, match="choose one of text, json"):
        logs.configure("xml")
