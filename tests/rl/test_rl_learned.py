"""The learned policy: the shipped one loads and plays; the trainer is reproducible; numpy plays
what torch trained (docs/research/rl.md, "The learned agent")."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tabletop.errors import IllegalAction
from tabletop.rl.learned import LearnedPolicy, action_features, load_policy
from tabletop.rl.samples import Samples, play_recorded
from tabletop.tournament import tournament
from wallenstein.bots import make_agent
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.rl import SPEC
from wallenstein.rl.bot import SHIPPED
from wallenstein.rl.imitate import main as imitate


def test_the_shipped_policy_loads_and_plays_a_tournament_game() -> None:
    policy = load_policy(str(SHIPPED))
    assert policy.env == SPEC.name and policy.obs_size == SPEC.obs_size
    assert policy.actions.shape[0] == SPEC.catalogue.size
    assert SHIPPED.stat().st_size < 8_000_000  # a few MB: it ships in the package
    assert policy.meta["training"]["cpu_seconds"] <= 3600  # the budget: 60 CPU-minutes
    # The tournament checks every decision against the legal ones and rotates the seats.
    report = tournament(WALLENSTEIN, ["learned", "heuristic", "heuristic", "heuristic"], games=2, seed=3)
    assert report.games == 2
    again = tournament(WALLENSTEIN, ["learned", "heuristic", "heuristic", "heuristic"], games=2, seed=3)
    assert [r.scores for r in report.records] == [r.scores for r in again.records]  # same seed, same games


def test_league_of_six_ships_its_own_policy() -> None:
    from league_of_six.bots.tournament import LEAGUE
    from league_of_six.rl import SPEC as LEAGUE_SPEC
    from league_of_six.rl.bot import SHIPPED as LEAGUE_SHIPPED

    policy = load_policy(str(LEAGUE_SHIPPED))
    assert policy.env == LEAGUE_SPEC.name and policy.actions.shape[0] == LEAGUE_SPEC.catalogue.size
    report = tournament(LEAGUE, ["learned", "heuristic", "heuristic"], games=1, seed=2)
    assert report.games == 1


def test_sampling_is_seeded_and_options_are_checked() -> None:
    report = tournament(WALLENSTEIN, ["learned:greedy=0:temperature=0.5", "random", "random"], games=1, seed=5)
    again = tournament(WALLENSTEIN, ["learned:greedy=0:temperature=0.5", "random", "random"], games=1, seed=5)
    assert [r.scores for r in report.records] == [r.scores for r in again.records]
    with pytest.raises(IllegalAction, match="takes path"):
        make_agent("learned", 0, depth=3)
    with pytest.raises(IllegalAction, match="temperature"):
        make_agent("learned", 0, greedy=0, temperature=0)
    with pytest.raises(IllegalAction, match="cannot load"):
        make_agent("learned", 0, path="/nonexistent/policy.npz")


def test_a_policy_of_another_environment_is_refused(tmp_path: Path) -> None:
    policy = load_policy(str(SHIPPED))
    other = LearnedPolicy("wallenstein_v1", policy.layers, policy.actions, policy.bias, {})
    path = tmp_path / "old.npz"
    other.save(path)
    with pytest.raises(IllegalAction, match="trained on wallenstein_v1, not wallenstein_v2"):
        make_agent("learned", 0, path=str(path))


def test_decision_features_share_what_decisions_have_in_common() -> None:
    count, table = action_features(SPEC.catalogue)
    assert table.shape[0] == SPEC.catalogue.size
    own = table[:, 0]
    assert len(set(own.tolist())) == SPEC.catalogue.size  # every decision has a feature of its own
    index = SPEC.catalogue.index
    plans = [i for i, a in enumerate(SPEC.catalogue.actions) if a is not None and a.kind == "plan_card"]
    same_box = [i for i in plans if SPEC.catalogue.actions[i].a == SPEC.catalogue.actions[plans[0]].a]
    shared = set.intersection(*(set(table[i].tolist()) for i in same_box[:3]))
    assert len(shared) == 2  # the kind and the box, not the card
    assert index[None] == 0 and set(table[0].tolist()) <= {own[0], count}  # the no-op: itself only


def test_training_is_reproducible_and_numpy_plays_what_torch_trained(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    args = ["--rounds", "2", "--games", "2", "--holdout", "1", "--batch", "64", "--hidden", "32", "--dim", "16"]
    first = imitate([*args, "--out", str(tmp_path / "a")])
    second = imitate([*args, "--out", str(tmp_path / "b")])
    a, b = LearnedPolicy.load(first), LearnedPolicy.load(second)
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(a.layers, b.layers, strict=True))
    assert np.array_equal(a.actions, b.actions)
    summary = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert [r["round"] for r in summary["rounds"]] == [0, 1]
    assert summary["rounds"][1]["learner_win_share"] >= 0  # round 1: the policy played a seat
    assert summary["cpu_seconds"] > 0

    from tabletop.rl.learned_net import PolicyNet

    torch.manual_seed(1)
    net = PolicyNet(SPEC.obs_size, SPEC.catalogue, [32, 24], 16)
    samples, _ = play_recorded(SPEC, 3, 7, ("heuristic", {}), None, None)
    packed = samples.packed()
    with torch.no_grad():
        logits, _ = net(packed.rows(np.arange(len(packed))))
    exported = net.export(SPEC.name)
    for i in range(0, len(packed), 37):
        row = packed.rows(np.array([i]))
        vec = np.zeros(SPEC.obs_size, dtype=np.float32)
        vec[row.obs_idx] = row.obs_val
        mine = exported.logits(vec, row.legal.tolist())
        assert np.allclose(mine, logits[i, : len(row.legal)].numpy(), atol=1e-4)


def test_samples_hold_the_teachers_choices() -> None:
    samples, share = play_recorded(SPEC, 4, 11, ("heuristic", {}), None, None)
    assert share is None and len(samples) > 100
    assert all(len(legal) > 1 for legal in samples.legal)  # forced decisions teach nothing
    assert all(0 <= t < len(legal) for t, legal in zip(samples.target, samples.legal, strict=True))
    empty = Samples.empty()
    empty.extend(samples)
    assert len(empty) == len(samples)
