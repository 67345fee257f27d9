"""A throwaway PostgreSQL server for the tests, on a temporary data directory.

The binaries come from (first found): $WALLENSTEIN_TEST_PG_BIN, the ``pgserver`` wheel that the ``test``
extra installs (pip-installable PostgreSQL binaries), ``pg_config --bindir``, /usr/lib/postgresql/*/bin,
or ``initdb`` on PATH. PostgreSQL refuses to run as root, so as root the server runs as the unprivileged
user ``nobody`` (subprocess ``user=``); binaries it cannot reach (say, a checkout under /root) are copied
to a temporary directory first. Nothing is installed system-wide and no user is created.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

RUN_AS = "nobody"


class NoPostgres(RuntimeError):
    """No PostgreSQL server could be started; the message says what was tried."""


def candidate_bindirs() -> list[Path]:
    """Directories that may hold initdb and postgres, in order of preference."""
    out: list[Path] = []
    env = os.environ.get("WALLENSTEIN_TEST_PG_BIN")
    if env:
        out.append(Path(env))
    spec = importlib.util.find_spec("pgserver")  # located, not imported: importing it has side effects
    if spec is not None and spec.submodule_search_locations:
        out.append(Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin")
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out.append(Path(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True).stdout.strip()))
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: _int(p.parent.name), reverse=True)
    out.extend(versions)
    initdb = shutil.which("initdb")
    if initdb:
        out.append(Path(initdb).parent)
    found = [d for d in out if (d / "initdb").is_file() and (d / "postgres").is_file()]
    return list(dict.fromkeys(found))


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


class TempPostgres:
    """A PostgreSQL server on 127.0.0.1 with trust authentication for the superuser ``postgres``."""

    def __init__(self, bindir: Path, port: int) -> None:
        self.port = port
        self.root = Path(tempfile.mkdtemp(prefix="wt-pg-"))
        self.root.chmod(0o755)
        self.data = self.root / "data"
        self.proc: subprocess.Popen[bytes] | None = None
        self._names = itertools.count()
        self.user: dict[str, Any] = {}
        if os.geteuid() == 0:
            entry = pwd.getpwnam(RUN_AS)
            self.user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        try:
            self.bindir = bindir if self._runs(bindir) else self._copy(bindir)
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    def _run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.root), "LC_ALL": "C"}
        return subprocess.run([str(a) for a in args], capture_output=True, text=True, env=env, **self.user)

    def _runs(self, bindir: Path) -> bool:
        try:
            return self._run(bindir / "initdb", "--version").returncode == 0
        except OSError:
            return False

    def _copy(self, bindir: Path) -> Path:
        """The install tree (bin, lib, share) copied where the unprivileged user can run it, with the
        libraries a wheel keeps beside its package (``<package>.libs``, found through relative paths)."""
        install, package = bindir.parent, bindir.parent.parent
        site = package.parent
        target = self.root / "install"
        shutil.copytree(install, target / install.relative_to(site), symlinks=True)
        for libs in site.glob(f"{package.name}.libs"):
            shutil.copytree(libs, target / libs.name, symlinks=True)
        for path in [target, *target.rglob("*")]:
            if not path.is_symlink():
                executable = path.is_dir() or path.stat().st_mode & 0o100
                path.chmod(path.stat().st_mode | (0o555 if executable else 0o444))
        copied = target / bindir.relative_to(site)
        if not self._runs(copied):
            raise NoPostgres(f"the PostgreSQL binaries in {bindir} do not run as user {RUN_AS!r}, even copied")
        return copied

    def start(self) -> None:
        init = self._run(
            self.bindir / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C"
        )
        if init.returncode != 0:
            raise NoPostgres(f"initdb failed: {init.stdout}{init.stderr}")
        self.resume()

    def pause(self) -> None:
        """Stop the server (a fast shutdown) but keep its data: ``resume`` starts it again on the same port."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            self.proc.wait(timeout=30)

    def resume(self) -> None:
        args = [str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port), "-h", "127.0.0.1"]
        args += ["-k", str(self.root), "-c", "max_connections=200"]
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.root), "LC_ALL": "C"}
        log = open(self.root / "server.log", "ab")  # noqa: SIM115 (the server writes to it until stop())
        self.proc = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True, **self.user
        )
        log.close()
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                psycopg.connect(self.dsn("postgres"), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    text = (self.root / "server.log").read_text(errors="replace")
                    self.stop()
                    raise NoPostgres(f"the PostgreSQL server did not start: {text[-2000:]}") from None
                time.sleep(0.1)

    def dsn(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its SQLAlchemy URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.dsn("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)


def start_postgres(port: int) -> TempPostgres:
    """A running temporary server, or NoPostgres saying what was tried and how to get one."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise NoPostgres("psycopg is missing: pip install -e '.[test]' (it pulls in the postgres extra)") from None
    dirs = candidate_bindirs()
    if not dirs:
        raise NoPostgres(
            "no PostgreSQL binaries (initdb, postgres) found: pip install -e '.[test]' installs the pgserver "
            "wheel that carries them, or apt-get install postgresql, or set WALLENSTEIN_TEST_PG_BIN"
        )
    problems = []
    for bindir in dirs:
        server = None
        try:
            server = TempPostgres(bindir, port)
            server.start()
            return server
        except (NoPostgres, OSError, KeyError) as exc:
            problems.append(f"{bindir}: {exc}")
            if server is not None:
                server.stop()
    raise NoPostgres("no PostgreSQL server could be started:\n" + "\n".join(problems))
