"""The server narrates each connection's log in the language its page sent in ``hello`` (and a replay
in the language asked for), so two people watching the same game read it each in their own language;
a missing or unknown language is English (issue 15)."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from webclient import create_game, make_client, next_of, play_to_end, sqlite_url


def lines(state: dict[str, Any]) -> list[str]:
    return [line for entry in state["log"] for line in entry["lines"]]


def test_each_connection_reads_the_log_in_its_own_language(tmp_path: Path) -> None:
    with make_client(sqlite_url(tmp_path)) as client:
        seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
        made = create_game(client, seats, seed=5)
        game, token = made["id"], made["seats"][0]["token"]
        told: dict[str, list[str]] = {}
        for lang in ("de", "en", "fr", None):
            with client.websocket_connect(f"/ws/{game}") as ws:
                ws.send_json({"type": "hello"} if lang is None else {"type": "hello", "lang": lang})
                next_of(ws, "welcome")
                told[str(lang)] = lines(next_of(ws, "state"))
        assert any("Würfelturm" in line for line in told["de"]) and not any("tower" in x for x in told["de"])
        assert any("tower" in line for line in told["en"]) and len(told["en"]) == len(told["de"])
        assert told["fr"] == told["en"] == told["None"]
        with client.websocket_connect(f"/ws/{game}") as ws:
            ws.send_json({"type": "hello", "token": token, "lang": "de"})
            next_of(ws, "welcome")
            last = play_to_end(ws, random.Random(2), [])
        assert last["over"]
        german = client.get(f"/api/games/{game}/replay", params={"view": "spectator", "lang": "de"}).json()
        english = client.get(f"/api/games/{game}/replay", params={"view": "spectator"}).json()
        assert german["frames"] == english["frames"]  # the language changes the words only
        de_text, en_text = "\n".join(lines(german)), "\n".join(lines(english))
        assert de_text.count("Wertung, Jahr") == 2 and "Spielende" in de_text
        assert en_text.count("Scoring, year") == 2 and "Wertung" not in en_text


def test_the_page_labels_come_in_the_language_asked_for(tmp_path: Path) -> None:
    """/api/meta/wallenstein?lang= words actions, bonus tiles, events and skip reasons through the
    narration's catalogue (one place per label); no or an unknown language is English."""
    with make_client(sqlite_url(tmp_path)) as client:
        de = client.get("/api/meta/wallenstein?lang=de").json()
        en = client.get("/api/meta/wallenstein").json()
        assert client.get("/api/meta/wallenstein?lang=fr").json() == en
    label = {a["name"]: a["label"] for a in de["actions"]}
    assert (
        label["tax"] == "Steuern einziehen" and {a["name"]: a["label"] for a in en["actions"]}["tax"] == "Collect taxes"
    )
    assert (
        de["events"]["church_peace"]["title"] == "Kirchenfrieden"
        and en["events"]["church_peace"]["title"] == "Church peace"
    )
    assert (
        de["actions_2002"]["tax"] != en["actions_2002"]["tax"]
        and "{region}" in de["events_2002"]["crop_failure"]["title"]
    )
    assert all(de["skip_reasons"][k] != en["skip_reasons"][k] for k in en["skip_reasons"])
    assert all(de["bonus_tiles"][k] != en["bonus_tiles"][k] for k in en["bonus_tiles"])


def test_the_room_narrates_once_per_language_in_use_not_once_per_connection(tmp_path: Path) -> None:
    """Connections open at the same time each read their own language, and the room keeps one narrator
    per language for them all (issue 14 narrates once for every connection; issue 15 keeps languages)."""
    with make_client(sqlite_url(tmp_path)) as client:
        seats = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
        made = create_game(client, seats, seed=5)
        langs = ["de", "en", "de", "fr", None]
        with ExitStack() as stack:
            socks = [stack.enter_context(client.websocket_connect(f"/ws/{made['id']}")) for _ in langs]
            told = []
            for ws, lang in zip(socks, langs, strict=True):
                ws.send_json({"type": "hello"} if lang is None else {"type": "hello", "lang": lang})
                next_of(ws, "welcome")
                told.append(lines(next_of(ws, "state")))
            room = client.app.state.hub.rooms[made["id"]]  # type: ignore[attr-defined]
            assert sorted(room.narrators) == ["de", "en"]  # fr is not offered: English
        assert told[0] == told[2] and told[1] == told[3] == told[4] and told[0] != told[1]
        assert any("Würfelturm" in line for line in told[0]) and any("tower" in line for line in told[1])
