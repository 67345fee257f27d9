"""The built wheel, installed into a fresh virtual environment with no checkout anywhere on its path,
serves both games, their pages, static files, maps, catalogues and shipped data, and upgrades a store.

The wheel is built once per session with ``python -m build --wheel --no-isolation`` from a copy of the
project's sources (nothing is written into the checkout); ``WALLENSTEIN_TEST_WHEEL=path.whl`` tests a
wheel built elsewhere instead (a release's, with its compiled parts). The fresh environment gets the
wheel alone (``pip install --no-deps --no-index``: no network) and finds the dependencies in the test
environment's site-packages through a path file, which adds those folders but runs none of their own
path files, so the test environment's editable install (a path to the checkout) stays out.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import site
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from webclient import free_port
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DATA = (
    "webtable/static/index.html",
    "webtable/static/table.js",
    "webtable/static/wallenstein_map.json",
    "webtable/static/locales/de/table.json",
    "webtable/migrations/env.py",
    "webtable/migrations/script.py.mako",
    "webtable/migrations/versions/0001_baseline.py",
    "wallenstein/data/wallenstein.json",
    "wallenstein/locales/de/LC_MESSAGES/wallenstein.mo",
    "league_of_six/data/standin_components.json",
    "league_of_six/locales/de/LC_MESSAGES/league_of_six.mo",
)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("WALLENSTEIN_TEST_WHEEL")
    if given:
        return Path(given)
    tree = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info", "*.c")
    shutil.copytree(ROOT / "src", tree / "src", ignore=ignore)
    out = tree / "dist"
    cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--skip-dependency-check", "--outdir", str(out)]
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = out.glob("wallenstein_table-*.whl")
    return built


@pytest.fixture(scope="session")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the wheel, and the test environment's libraries."""
    home = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", home], check=True, timeout=120)
    python = home / "bin" / "python"
    install = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "-q",
        "--no-deps",
        "--no-index",
        str(wheel),
    ]
    subprocess.run(install, check=True, timeout=300, env=_clean_env(home))
    (purelib,) = home.glob("lib/python3*/site-packages")
    (purelib / "test-libraries.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return home


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "WALLENSTEIN_"))}
    return env | {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "PATH": f"{home / 'bin'}:/usr/bin:/bin"}


def test_the_wheel_carries_the_package_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [p for p in PACKAGE_DATA if p not in names]
    assert not missing, missing
    assert not any(n.startswith(("tests/", "docs/", "research/")) for n in names)


def test_the_installed_wheel_runs_from_its_own_files(venv: Path, wheel: Path) -> None:
    where = _run(venv, "-c", "import webtable, wallenstein, league_of_six; print(webtable.__file__)")
    assert where.startswith(str(venv)), where  # not the checkout's
    compiled = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    for name in compiled:  # a wheel built with a compiler: its compiled parts load (no .pyx beside them)
        module = name.split(".")[0].replace("/", ".")
        loaded = _run(venv, "-c", f"from tabletop.compiled import load; print(load({module!r}) is not None)")
        assert loaded == "True", module
    current = subprocess.run(
        [venv / "bin" / "wallenstein", "db", "current", "--db", f"sqlite:///{venv / 'empty.sqlite3'}"],
        capture_output=True,
        text=True,
        cwd=venv,
        env=_clean_env(venv),
        timeout=120,
    )
    assert current.returncode == 0 and "schema none (empty)" in current.stdout, current.stdout + current.stderr


def _run(venv: Path, *args: str) -> str:
    done = subprocess.run(
        [venv / "bin" / "python", *args], capture_output=True, text=True, cwd=venv, env=_clean_env(venv), timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


@pytest.fixture
def served(venv: Path, tmp_path: Path) -> Iterator[str]:
    """``wallenstein serve`` of the installed wheel, from a folder with no checkout, on its default store."""
    port = free_port()
    cmd = [str(venv / "bin" / "wallenstein"), "serve", "--port", str(port), "--bot-delay", "0"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=_clean_env(venv), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                httpx.get(f"{base}/api/kinds", timeout=1)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
                time.sleep(0.1)
        yield base
    finally:
        proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
    assert (venv / "data" / "wallenstein-table" / "games.sqlite3").is_file()  # the data directory's store


def test_the_installed_server_serves_pages_and_plays_both_games(served: str) -> None:
    for path in ("/", "/rules", "/static/table.js", "/static/wallenstein_map.json", "/static/locales/de/table.json"):
        assert httpx.get(served + path).status_code == 200, path
    for game in ("wallenstein", "league_of_six"):
        meta = httpx.get(f"{served}/api/meta/{game}?lang=de")
        assert meta.status_code == 200, meta.text
    german = httpx.get(f"{served}/api/meta/wallenstein?lang=de").json()
    english = httpx.get(f"{served}/api/meta/wallenstein").json()
    assert german["actions"] != english["actions"]  # the narration catalogue (.mo) is read
    bots = [{"type": "bot", "bot": "heuristic"}] * 3
    made = httpx.post(f"{served}/api/games", json={"game": "wallenstein", "seats": bots, "seed": 3}).json()
    person = [{"type": "human", "name": "Ann"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    league = httpx.post(f"{served}/api/games", json={"game": "league_of_six", "seats": person, "seed": 4}).json()
    _play_seat(served, league["id"], league["seats"][0]["token"])
    deadline = time.monotonic() + 300
    while httpx.get(f"{served}/api/games/{made['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' Wallenstein game did not finish"
        time.sleep(0.5)
    assert httpx.get(f"{served}/api/games/{league['id']}").json()["status"] == "over"


def _play_seat(base: str, game_id: str, token: str) -> None:
    """Play one seat with random legal decisions through the game's WebSocket until the game is over."""
    rng = random.Random(5)
    with connect(base.replace("http", "ws") + f"/ws/{game_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        sent = 0
        while True:
            msg: dict[str, Any] = json.loads(ws.recv(timeout=60))
            if msg["type"] != "state":
                assert msg["type"] != "error" or "is at version" in msg["message"], msg
                continue
            if msg["over"]:
                return
            if msg["legal"]:
                sent += 1
                act = {"type": "act", "id": sent, "version": msg["version"], "action": rng.choice(msg["legal"])}
                ws.send(json.dumps(act))
