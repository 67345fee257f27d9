"""What a host's tools ask: is the process alive (``/healthz``), may it take traffic (``/readyz``), and its
Prometheus metrics (``/metrics``). A load balancer takes a process out of rotation when /readyz fails:
the database is unreachable, or the process drains after SIGTERM (it serves its games out, takes no new)."""

from __future__ import annotations

import asyncio
import hmac

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from webtable.metrics import CONTENT_TYPE_LATEST
from webtable.routes.common import hub_of
from webtable.store import STORAGE_ERRORS

READY_TIMEOUT = 2.0  # a database slower than this to answer SELECT 1 counts as unreachable

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> JSONResponse:
    """Alive: the event loop answers. (Nothing else is checked: a restart would not mend the database.)"""
    return JSONResponse({"status": "alive"}, headers={"cache-control": "no-store"})


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """Ready: the database answers within READY_TIMEOUT and the process is not draining; 503 says which."""
    hub = hub_of(request)
    checks = {"database": "ok", "draining": hub.draining or hub.closing}
    try:
        await asyncio.wait_for(asyncio.to_thread(hub.store.ping), READY_TIMEOUT)
    except TimeoutError:
        checks["database"] = f"no answer within {READY_TIMEOUT:g} s"
    except STORAGE_ERRORS as exc:
        hub.metrics.storage_errors.labels("ping").inc()
        checks["database"] = type(exc).__name__
    ready = checks["database"] == "ok" and not checks["draining"]
    body = {"status": "ready" if ready else "not ready", **checks}
    return JSONResponse(body, status_code=200 if ready else 503, headers={"cache-control": "no-store"})


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """Prometheus' text format; with ``metrics_token`` set, only for ``Authorization: Bearer <token>``."""
    hub = hub_of(request)
    token = hub.settings.metrics_token
    if token:
        given = request.headers.get("authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return JSONResponse({"error": "metrics need the bearer token"}, status_code=401)
    return Response(hub.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
