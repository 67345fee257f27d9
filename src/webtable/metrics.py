"""The server's Prometheus metrics (``GET /metrics``), with the standard client.

Each app has a registry of its own (tests start many apps in one process; the default global registry
would refuse a second app's metrics). What is counted as it happens: decisions and their latency (from
the request to the commit, per game kind), bot thinking time, storage errors, HTTP requests per route.
What is a level (games and connections open, the bot queue) is read from the hub at scrape time, so
nothing on the hot path keeps it up to date.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from webtable.rooms import Hub

__all__ = ["CONTENT_TYPE_LATEST", "RequestMetrics", "TableMetrics"]

# Latency buckets (seconds): a decision is committed in milliseconds; a slow disk or a queue shows above.
DECISION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# A bot thinks from well under a millisecond (heuristic) to seconds (the search levels).
THINKING_BUCKETS = (0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


class TableMetrics:
    """The counters and histograms of one app, and the collector that reads its hub's levels."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.decisions = Counter("table_decisions", "Decisions committed", ["game", "by"], registry=self.registry)
        self.decision_seconds = Histogram(
            "table_decision_seconds",
            "Time from a decision's arrival to its commit (checked, applied, stored)",
            ["game"],
            buckets=DECISION_BUCKETS,
            registry=self.registry,
        )
        self.bot_thinking_seconds = Histogram(
            "table_bot_thinking_seconds",
            "A bot's time to decide, on a bot thread",
            buckets=THINKING_BUCKETS,
            registry=self.registry,
        )
        self.storage_errors = Counter(
            "table_storage_errors", "Operations the store could not carry out", ["operation"], registry=self.registry
        )
        self.requests = Counter(
            "table_http_requests",
            "HTTP requests answered, per route and status class",
            ["route", "status"],
            registry=self.registry,
        )
        self.request_seconds = Histogram(
            "table_http_request_seconds", "HTTP request latency per route", ["route"], registry=self.registry
        )

    def watch(self, hub: Hub) -> None:
        """Report ``hub``'s levels (games, connections, bot queue) at every scrape."""
        self.registry.register(_HubLevels(lambda: hub))

    def exposition(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)


class _HubLevels(Collector):
    def __init__(self, hub: Callable[[], Hub]) -> None:
        self.hub = hub

    def collect(self) -> Iterator[Metric]:
        hub = self.hub()
        yield _gauge("table_games_loaded", "Games held in memory by this process", len(hub.rooms))
        yield _gauge("table_games_running_with_bots", "Unfinished games with a bot seat", len(hub.bot_games))
        yield _gauge("table_games_running_people", "Unfinished games of people only", len(hub.people_games))
        yield _gauge("table_games_damaged", "Games set aside as damaged", len(hub.damaged))
        yield _gauge("table_connections_open", "Open WebSocket connections", sum(hub.connections.values()))
        yield _gauge("table_bot_queue", "Bot decisions waiting for a thread", hub.pool.queued())
        yield _gauge("table_bot_threads_busy", "Bot threads deciding now", hub.pool.busy())
        yield _gauge("table_draining", "1 while the process drains (SIGTERM): no new games", int(hub.draining))

    def describe(self) -> Iterator[Metric]:
        return iter(())  # levels are read at scrape time only


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


class RequestMetrics:
    """ASGI middleware: counts HTTP requests and their latency per route template (``/api/games/{game_id}``,
    never the raw path, so the label set stays small) and status class; WebSockets pass untouched."""

    def __init__(self, app: ASGIApp, metrics: TableMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # an exception escaping the app is answered 500 by the server

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = scope.get("route")
            label = getattr(route, "path", None) or ("/static" if scope["path"].startswith("/static/") else "unmatched")
            self.metrics.requests.labels(label, f"{status // 100}xx").inc()
            self.metrics.request_seconds.labels(label).observe(time.perf_counter() - start)
