"""The HTML pages: the lobby, the rules reference and a game's table (the page then talks to the API)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(str(resources.files("webtable").joinpath("static")))

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/rules")
async def rules_page() -> FileResponse:  # the searchable rules reference
    return FileResponse(STATIC / "rules.html")


@router.get("/favicon.ico")
async def favicon() -> FileResponse:  # the project's own small icon (browsers ask every page for it)
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/game/{game_id}")
async def game_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "game.html")
