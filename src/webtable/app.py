"""The FastAPI application: the process's hub of live games, its middleware and error replies, and the
routes (:mod:`webtable.routes`: pages, lobby API, replays, a game's WebSocket and its protocol)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler, request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException
from starlette.routing import Match

from webtable.allowances import Allowances
from webtable.guard import Guard, clip
from webtable.metrics import RequestMetrics
from webtable.registry import install_defaults
from webtable.rooms import Hub, StorageDown
from webtable.routes import again, lobby, ops, pages, replay, review, socket
from webtable.routes.common import MAX_ID_SHOWN, STORAGE_DOWN, error
from webtable.settings import TableSettings
from webtable.store import Store

log = logging.getLogger("webtable")

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")  # what a 405's Allow may name


def create_app(db_url: str | None = None, bot_delay: float = 0.0, settings: TableSettings | None = None) -> FastAPI:
    """The table's web app over the database at ``db_url`` (default: SQLite in the user's data dir)."""
    install_defaults()
    settings = settings or TableSettings()
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay, settings=settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="Wallenstein table", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    # Rate limits per client address: new games (routes.lobby, routes.again), replays, private games looked up.
    app.state.creations, app.state.replays, app.state.lookups = Allowances(), Allowances(), Allowances()
    app.add_middleware(GZipMiddleware, minimum_size=2048)
    app.add_middleware(RequestMetrics, metrics=hub.metrics)
    app.add_middleware(Guard, settings=settings)  # added last: it runs first
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    _storage_errors(app, hub)
    _api_errors(app, hub)
    for module in (pages, lobby, again, replay, review, socket, ops):
        app.include_router(module.router)
    return app


def _storage_errors(app: FastAPI, hub: Hub) -> None:
    """A request that fails on the store is answered 503 with a code the page words (nothing changed)."""

    @app.exception_handler(SQLAlchemyError)
    async def storage_down(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.warning("storage: %s", str(exc)[:300])
        hub.metrics.storage_errors.labels("request").inc()
        return error(hub, 503, STORAGE_DOWN, code="storage_down")

    @app.exception_handler(StorageDown)
    async def storage_down_too(_request: Request, exc: StorageDown) -> JSONResponse:
        return error(hub, 503, str(exc), **exc.coded())


def _api_errors(app: FastAPI, hub: Hub) -> None:
    """An API address no route takes, a method it does not, or a path value of the wrong type is refused
    in the API's shape (its ``error`` and a ``code`` the page words); the pages and static files keep
    the framework's reply."""

    @app.exception_handler(HTTPException)
    async def no_route(request: Request, exc: HTTPException) -> Response:
        path = request.url.path
        if not _is_api(path) or exc.status_code not in (404, 405):
            return await http_exception_handler(request, exc)
        shown = clip(path, MAX_ID_SHOWN)
        if exc.status_code == 404:
            return error(hub, 404, f"no such API address: {shown}", code="no_route", params={"path": shown})
        allowed = ", ".join(_methods_at(app, request))
        message = f"{request.method} is not taken at {shown} (only {allowed})"
        refusal = error(hub, 405, message, code="method_not_allowed", params={"method": request.method[:10]})
        refusal.headers["Allow"] = allowed
        return refusal

    @app.exception_handler(RequestValidationError)
    async def bad_value(request: Request, exc: RequestValidationError) -> Response:
        """A path or query value of the wrong type (a seat that is no number): the framework's 422 named
        it and echoed the value back whole."""
        if not _is_api(request.url.path):
            return await request_validation_exception_handler(request, exc)
        where = next((e.get("loc", ()) for e in exc.errors()), ())
        field = clip(str(where[-1]) if where else "request", MAX_ID_SHOWN)
        message = f"the request's {field} is not understood; nothing was done"
        return error(hub, 400, message, code="bad_request", params={"field": field})


def _is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def _methods_at(app: FastAPI, request: Request) -> list[str]:
    """The methods the routes of the request's path take, all of them (the router's own 405 names the
    first such route's alone: GET for /api/games, which takes POST too)."""
    return [
        method
        for method in METHODS
        if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in app.router.routes)
    ]
