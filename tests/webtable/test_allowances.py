"""The per-address rate limits' table (webtable.allowances.Allowances): bounded, and a full table forgets
a bucket that refilled before one still in use, so that rotating through new addresses resets nobody."""

from __future__ import annotations

from pathlib import Path

from webclient import LocalClient, sqlite_url

from webtable.allowances import Allowances
from webtable.app import create_app
from webtable.settings import TableSettings


def test_a_full_table_forgets_a_refilled_bucket_before_a_used_one() -> None:
    table = Allowances(limit=3)
    for client in ("used", "refilled", "other"):
        assert table.take(client, 3) is not None  # (3 a minute: a burst of one, now spent)
    table.buckets["refilled"].at -= 60.0  # (a minute later for it alone: full again)
    assert table.take("new", 3) is not None
    assert list(table.buckets) == ["used", "other", "new"]
    assert table.take("used", 3) is None  # still counted


def test_rotating_addresses_resets_no_other_address(tmp_path: Path) -> None:
    """Many new addresses past the table's size, each asking once: the one that used all its replays
    stays refused (forgetting the table at once let it start afresh), and the table keeps its size."""
    settings = TableSettings(replays_per_minute=30)  # (bursts of ten)
    app = create_app(sqlite_url(tmp_path), settings=settings)
    with LocalClient(app, base_url="http://localhost") as c:
        replays: Allowances = c.app.state.replays  # type: ignore[attr-defined]
        replays.limit = 5
        for _ in range(10):
            assert c.get("/api/games/nogame/replay").json()["code"] == "no_game"
        assert c.get("/api/games/nogame/replay").json()["code"] == "too_many_replays"
        for n in range(20):
            other = LocalClient(app, base_url="http://localhost", client=(f"10.0.0.{n}", 1))
            assert other.get("/api/games/nogame/replay").json()["code"] == "no_game"
            assert len(replays) <= 5
        assert c.get("/api/games/nogame/replay").json()["code"] == "too_many_replays"
