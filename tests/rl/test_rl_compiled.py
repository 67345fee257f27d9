"""The optional compiled parts (setup.py, tabletop.compiled): built wherever a C compiler is, never
used when built from another source, switched off on request, and the mask's twin gives the Python
mask. (The encoders' twins are compared with the reference in test_rl_fast_encoding.py.)"""

from __future__ import annotations

import os
import random
import shutil
import sys
import sysconfig
from pathlib import Path

import numpy as np
import pytest

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from league_of_six.rl import fast_encoding as los_fast
from tabletop import compiled
from tabletop.rl import catalogue
from wallenstein import rl as w_rl
from wallenstein.rl import fast_encoding as w_fast


def _expect_compiled() -> bool:
    """Whether the compiled parts should be in use here: a C compiler for the install (Python's own
    CC) and the switch left on."""
    cc = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None and os.environ.get(compiled.SWITCH, "1") != "0"


def test_the_compiled_parts_are_built_where_a_c_compiler_is() -> None:
    """``pip install -e .`` (the README's and CI's install) builds all three where a C compiler is, and
    a fresh build is of the source beside it (``load`` takes it); where none is, the install leaves
    them out and the Python code is used (the same vectors)."""
    built = [w_fast._compiled, los_fast._compiled, catalogue._compiled]
    if _expect_compiled():
        assert all(part is not None for part in built), built
    else:
        assert built == [None, None, None]


def _fake_build(tmp_path: Path, name: str, sha: str, source: str | None) -> str:
    """A module standing in for a build of ``name`` with SOURCE_SHA256 ``sha`` and, if given, a
    ``.pyx`` beside it; returns its import name."""
    package = tmp_path / f"fakepkg_{name}"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_compiled.py").write_text(f"SOURCE_SHA256 = {sha!r}\n")
    if source is not None:
        (package / "_compiled.pyx").write_text(source)
    return f"fakepkg_{name}._compiled"


def test_a_build_of_another_source_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.syspath_prepend(str(tmp_path))
    source = "def f(): pass\n"
    pyx = tmp_path / "source.pyx"
    pyx.write_text(source)
    digest = compiled.source_digest(pyx)
    fresh = _fake_build(tmp_path, "fresh", digest, source)
    stale = _fake_build(tmp_path, "stale", "0" * 64, source)
    wheel = _fake_build(tmp_path, "wheel", "anything", None)  # an installed wheel: no source beside it
    assert compiled.load(fresh) is sys.modules[fresh]
    with pytest.warns(RuntimeWarning, match="another version"):
        assert compiled.load(stale) is None
    assert compiled.load(wheel) is sys.modules[wheel]
    assert compiled.load("fakepkg_none._compiled") is None  # not built
    monkeypatch.setenv(compiled.SWITCH, "0")
    assert compiled.load(fresh) is None


def test_a_build_that_fails_at_import_falls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build whose set-up reads a name its edited source's Python twin no longer has (a renamed
    layout block) fails before its stamp can be read: the Python code is used, with a warning."""
    monkeypatch.syspath_prepend(str(tmp_path))
    pkg = tmp_path / "fakepkg_broken"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "_compiled.py").write_text("import math\nWIDTH = math.NO_SUCH_NAME\n")
    with pytest.warns(RuntimeWarning, match="could not be loaded"):
        assert compiled.load("fakepkg_broken._compiled") is None


@pytest.mark.parametrize("game", ["wallenstein", "league_of_six"])
def test_the_compiled_mask_is_the_python_mask(game: str) -> None:
    """Along random games (each seat's legal list, pending or not), and for a decision the catalogue
    lacks, the compiled mask and the numpy one agree."""
    w = game == "wallenstein"
    spec, new_game = (w_rl.SPEC, wallenstein.new_game) if w else (los_rl.SPEC, league_of_six.new_game)
    cat = spec.catalogue
    fast = cat.masker
    assert (fast is not None) == _expect_compiled()
    if fast is None:
        return  # (only the Python mask here: the build test says why)

    g = new_game(players=4, seed=5, log=False)
    rng = random.Random(5)
    checked = 0
    while not g.over:
        for seat in range(4):
            legal = g.legal_actions(seat)
            got = fast(legal)
            assert got.dtype == np.int8 and np.array_equal(got, cat.numpy_mask(legal))
            checked += 1
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert checked > 200
    for make in (cat.mask, cat.numpy_mask):
        assert np.flatnonzero(make([])).tolist() == [0]  # nothing to decide: the no-op alone
        with pytest.raises(KeyError, match="not in action catalogue"):
            make([("no such decision",)])


@pytest.mark.parametrize("game", ["wallenstein", "league_of_six"])
def test_a_copied_environment_goes_on_as_the_original(game: str) -> None:
    """``copy.deepcopy`` of an AEC env in the middle of a game (Wallenstein: of a planning phase, where
    the compiled encoder keeps each seat's vector) gives an env that steps on exactly like the original."""
    import copy

    env = (w_rl if game == "wallenstein" else los_rl).env(players=4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)

    def step(e: object, index: int | None = None) -> tuple[np.ndarray, int]:
        obs = e.last()[0]  # type: ignore[attr-defined]
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        pick = int(rng.choice(legal)) if index is None else index
        e.step(pick)  # type: ignore[attr-defined]
        return obs["observation"], pick

    for _ in range(7):
        step(env)
    twin = copy.deepcopy(env)
    for _ in range(60):
        if env.game.over:
            break
        vec, pick = step(env)
        twin_vec, _ = step(twin, pick)
        assert np.array_equal(vec, twin_vec)


def test_a_state_the_rules_never_make_raises_instead_of_writing_past_the_vector() -> None:
    """Numpy refuses an entry outside the vector; the compiled encoders, writing through a pointer,
    check each entry and refuse it too (an edited or broken state must not corrupt memory)."""
    g = wallenstein.new_game(players=4, seed=1, log=False)
    g.s.event = 100_000  # an event card no deck has: its entry lies far past the vector
    l6 = league_of_six.new_game(players=4, seed=1, log=False)
    l6.s.turned[0] = 100_000  # a turned tax tile whose entry lies far past the vector
    cases = [(w_fast, g), (los_fast, l6)]
    for module, game in cases:
        with pytest.raises(IndexError):
            module.encode_game(game, 0)
        if module._compiled is not None:
            with pytest.raises(IndexError):
                module._compiled.encode_game(game, 0)
