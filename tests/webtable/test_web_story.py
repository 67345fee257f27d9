"""The board tells the story (views.py): each log entry's ``after`` merge patch gives the spectator's view
right after that entry.

Along whole recorded games of both games (Wallenstein 2012 with each module and all three, the draft,
2002; League of Six; 3 to 5 players), played as the table plays them (a trial game watched by a chapter,
adopted into the storyboard): applying the patches in order gives, after each entry, a snapshot in
which what the entry's event says happened has happened (a conquered county has its new owner, deployed
armies stand where they were deployed, a turned action card shows ...), and after a decision's last
entry exactly the spectator's observation after that decision. Secrecy: games that differ only in
secrets (face-down action cards, W-11; deck orders; another seat's plan; the chance to come) give the
same ``after`` chain as long as their public events agree. The engine's convention these rely on is in
tabletop/engine.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.agents import derive_seed
from webtable import views
from webtable.registry import GameKind, TableGame, game_kind, install_defaults
from webtable.views import Chapter, Storyboard, apply_merge_patch, public_snapshot, watch, without_nulls

install_defaults()
WALLENSTEIN = game_kind("wallenstein")
LEAGUE = game_kind("league_of_six")
ALL_MODULES = ["emperors_court", "landsknechte", "military_leaders"]
Snap = dict[str, Any]

GAMES = [
    ("wallenstein", 4, 1, {}),
    ("wallenstein", 5, 2, {"modules": ALL_MODULES}),
    ("wallenstein", 3, 7, {"modules": ALL_MODULES, "setup": "draft"}),
    ("wallenstein", 4, 3, {"modules": ["emperors_court"]}),
    ("wallenstein", 3, 4, {"modules": ["military_leaders"], "setup": "draft"}),
    ("wallenstein", 3, 5, {"edition": "2002"}),
    ("wallenstein", 5, 6, {"edition": "2002"}),
    ("league_of_six", 3, 1, {}),
    ("league_of_six", 4, 2, {"sides": "yellow"}),
    ("league_of_six", 5, 3, {}),
]


def decide(game: TableGame, kind: GameKind, story: Storyboard, seat: int, action: Any) -> TableGame:
    """One decision as the table takes it (rooms.Room.act): on a clone watched by a chapter."""
    trial: TableGame = game.clone()
    chapter = Chapter(kind)
    with watch(trial, chapter):
        trial.apply(seat, action)
    before = len(story.afters)
    story.told(trial, chapter)
    if len(story.afters) > before:  # the last entry of a decision shows the spectator's view after it
        assert story.last == public_snapshot(kind, trial)
    return trial


def play(name: str, players: int, seed: int, options: dict[str, Any]) -> tuple[TableGame, Storyboard]:
    kind = game_kind(name)
    game, story = views.new_told_game(kind, players, seed, options)
    rng = random.Random(seed)
    while not game.over:
        seat = game.pending()[0]
        game = decide(game, kind, story, seat, rng.choice(game.legal_actions(seat)))
    assert len(story.afters) == len(game.log)
    return game, story


# ------------------------------------------------------------------------------ what each event shows
def _county(snap: Snap, key: str) -> dict[str, Any]:
    county: dict[str, Any] = snap["obs"]["counties"][key]
    return county


def _player(snap: Snap, seat: int) -> dict[str, Any]:
    player: dict[str, Any] = snap["obs"]["players"][seat]
    return player


def _w_action(e: dict[str, Any], before: Snap, after: Snap) -> None:
    county = _county(after, e["county"])
    assert county.get("owner") == e["seat"]
    if e["action"] in ("palace", "church", "trading_post"):
        assert e["action"] in county["buildings"] and e["action"] not in _county(before, e["county"])["buildings"]
    if "armies" in e:  # deploys (and a 2002 recruit of one)
        assert county["armies"] == _county(before, e["county"])["armies"] + e["armies"]
    if e["action"] in ("grain", "tax"):
        what = "grain" if e["action"] == "grain" else "thalers"
        assert _player(after, e["seat"])[what] == _player(before, e["seat"])[what] + e["amount"]


def _w_move(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert _county(after, e["county"])["armies"] == _county(before, e["county"])["armies"] + e["armies"]
    assert _county(after, e["origin"])["armies"] == _county(before, e["origin"])["armies"] - e["armies"]


def _w_battle(e: dict[str, Any], before: Snap, after: Snap) -> None:
    owner = _county(after, e["county"]).get("owner")
    if e["result"] == "attacker":  # (and not before: no entry before it may show its change)
        assert owner == e["seat"] != _county(before, e["county"]).get("owner")
        assert _county(after, e["county"])["armies"] > 0
    elif e["result"] == "defender":
        assert owner == _county(before, e["county"]).get("owner") != e["seat"]
    else:
        assert owner != e["seat"]


def _w_revolt(e: dict[str, Any], before: Snap, after: Snap) -> None:
    owner = _county(after, e["county"]).get("owner")
    assert (owner == e["seat"]) == (e["result"] == "owner")


def _w_leader(e: dict[str, Any], before: Snap, after: Snap) -> None:
    where = None if e["e"] == "leader_lost" else e["county"]
    assert after["obs"]["leaders"]["county"].get(str(e["seat"])) == where


def _w_vp(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert [p["vp"] for p in after["obs"]["players"]] == e["vp"]


def _w_benefit(e: dict[str, Any], before: Snap, after: Snap) -> None:
    if e["benefit"] in ("thalers", "grain", "vp"):
        got = _player(after, e["seat"])[e["benefit"]] - _player(before, e["seat"])[e["benefit"]]
        assert got == e["amount"]


def _w_over(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert after["obs"]["phase"] == "over"
    _w_vp(e, before, after)


def _holds(ok: bool) -> None:
    assert ok


def _without_nulls(value: Any) -> Any:
    return json.loads(json.dumps(value), object_hook=lambda d: {k: v for k, v in d.items() if v is not None})


WALLENSTEIN_CHECKS: dict[str, Callable[[dict[str, Any], Snap, Snap], None]] = {
    "action": _w_action,
    "move": _w_move,
    "battle": _w_battle,
    "revolt": _w_revolt,
    "marker": lambda e, b, a: _holds(_county(a, e["county"])["revolt"] == e["revolt"]),
    "action_card": lambda e, b, a: _holds(a["obs"]["action_cards"][e["index"] - 1] == e["action"]),
    "position": lambda e, b, a: _holds(a["obs"]["positions"][str(e["seat"])] == e["position"]),
    "bids": lambda e, b, a: _holds(a["obs"]["bids"] == _without_nulls(e["bids"])),
    "event": lambda e, b, a: _holds(
        a["obs"]["events"]["current"] == _without_nulls({k: v for k, v in e.items() if k != "e"})
    ),
    "year": lambda e, b, a: _holds(a["obs"]["year"] == e["year"]),
    "winter": lambda e, b, a: _holds([p["grain"] for p in a["obs"]["players"]] == e["grain"]),
    "score": _w_vp,
    "leader_points": _w_vp,
    "game_over": _w_over,
    "draft_place": lambda e, b, a: _holds(
        _county(a, e["county"]).get("owner") == e["seat"] and _county(a, e["county"])["armies"] == e["armies"]
    ),
    "leader_place": _w_leader,
    "leader_move": _w_leader,
    "leader_lost": _w_leader,
    "audience": lambda e, b, a: _holds(a["obs"]["court"]["courtiers"][str(e["seat"])]["audience"] == e["courtiers"]),
    "landsknechte_benefit": _w_benefit,
}


def _l_choose(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert _player(after, e["seat"])["town"] == e["town"]
    if e.get("held_by") is None:
        assert after["obs"]["towns"][e["town"]].get("holder") == e["seat"]


def _l_accept(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert after["obs"]["towns"][e["town"]]["holder"] == e["paid_by"]
    assert "town" not in _player(after, e["seat"])


def _l_row(e: dict[str, Any], before: Snap, after: Snap) -> None:
    rows = after["obs"]["storage"]["rows"]
    row = next(r for r in rows if r["store"] == e["store"] and r["row"] == e["row"])
    assert row["chosen_by"] == e["seat"]


def _l_influence(e: dict[str, Any], before: Snap, after: Snap) -> None:
    assert [p["influence"] for p in after["obs"]["players"]] == e["influence"]


LEAGUE_CHECKS: dict[str, Callable[[dict[str, Any], Snap, Snap], None]] = {
    "choose": _l_choose,
    "accept": _l_accept,
    "offer": lambda e, b, a: _holds(a["obs"]["conflict"]["offer"] == e["guards"]),
    "collect": lambda e, b, a: _holds(a["obs"]["towns"][e["town"]]["turned"] == e["turn"]),
    "reorder": lambda e, b, a: _holds(a["obs"]["order"] == e["order"]),
    "horses": lambda e, b, a: _holds(a["obs"]["storage"]["order"] == e["order"]),
    "row": _l_row,
    "bonus": lambda e, b, a: _holds(
        "influence" not in e
        or _player(a, e["seat"])["influence"] == _player(b, e["seat"])["influence"] + e["influence"]
    ),
    "round": lambda e, b, a: _holds(
        a["obs"]["round"] == e["round"]
        and sorted(k for k, t in a["obs"]["towns"].items() if t["besieged"]) == sorted(e["besieged"])
    ),
    "final": _l_influence,
    "game_over": _l_influence,
}


@pytest.mark.parametrize(("name", "players", "seed", "options"), GAMES)
def test_each_entry_s_snapshot_shows_what_the_entry_tells(
    name: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    game, story = play(name, players, seed, options)
    checks = WALLENSTEIN_CHECKS if name == "wallenstein" else LEAGUE_CHECKS
    snap: Snap = {}
    checked: dict[str, int] = {}
    for event, after in zip(game.log, story.afters, strict=True):
        assert json.loads(json.dumps(after)) == after  # plain JSON
        before, snap = snap, apply_merge_patch(snap, after)
        check = checks.get(event["e"])
        if check is not None:
            try:
                check(event, without_nulls(before), without_nulls(snap))
            except AssertionError as exc:
                raise AssertionError(f"entry {event} is not shown by its snapshot: {exc}") from None
            checked[event["e"]] = checked.get(event["e"], 0) + 1
    assert without_nulls(snap) == without_nulls(story.last) == without_nulls(public_snapshot(game_kind(name), game))
    must = {"action", "battle", "move", "action_card", "score"} if name == "wallenstein" else {"choose", "row"}
    assert must <= set(checked), f"the game told no {must - set(checked)}: pick another seed"


@pytest.mark.parametrize(("name", "players", "seed", "options"), [GAMES[1], GAMES[5], GAMES[8]])
def test_watching_changes_nothing_and_a_replay_tells_the_same_story(
    name: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    kind = game_kind(name)
    game, story = play(name, players, seed, options)
    plain: Any = kind.new_game(players, seed, options)  # the same decisions, nobody watching
    for entry in game.history[1:]:
        if "seat" in entry:
            plain.apply(entry["seat"], entry["action"])
    assert plain.history == game.history and plain.log == game.log
    assert plain.s.to_dict() == game.s.to_dict()  # type: ignore[attr-defined]
    rebuilt, told = views.told_game(kind, game.history)
    assert told.afters == story.afters and rebuilt.log == game.log
    replay = views.replay_frames(kind, game.history, None)
    assert [e["after"] for e in replay["log"]] == story.afters
    assert [e["event"] for e in replay["log"]] == game.log
    assert replay["frames"] and replay["frames"][-1]["log_len"] == len(game.log)  # per-decision frames kept
    mine = views.replay_frames(kind, game.history, 0)
    assert [e["after"] for e in mine["log"]] == story.afters  # a seat's replay steps through the same public story


def test_a_patch_sets_removes_and_leaves_members() -> None:
    old = {"a": 1, "b": {"c": [1, None], "d": 2}, "e": "x", "g": None}
    new = {"a": 1, "b": {"c": [1, 2], "d": None}, "f": {"h": None}, "g": None}
    patch = views.merge_patch(old, new)
    assert patch == {"b": {"c": [1, 2], "d": None}, "e": None, "f": {"h": None}}
    assert apply_merge_patch(without_nulls(old), patch) == {"a": 1, "b": {"c": [1, 2]}, "f": {}} == without_nulls(new)
    assert views.merge_patch(new, new) == {} and views.merge_patch(new, without_nulls(new)) == {}


# ------------------------------------------------------------------------------ secrecy: hidden twins
def _same_story_while_public_events_agree(
    kind: GameKind,
    a: TableGame,
    b: TableGame,
    rng: random.Random,
    decisions: int,
    until: Callable[[dict[str, Any]], bool] = lambda e: False,
) -> int:
    """Play ``a`` and ``b`` with the same decisions: as long as their logs agree, so must their ``after``
    chains (each started from its own view now, which must be equal), up to the first entry ``until``
    names (where the twins' secret is turned up). Returns the entries compared."""
    story_a, story_b = Storyboard(), Storyboard()
    story_a.last = public_snapshot(kind, a)
    story_b.last = public_snapshot(kind, b)
    assert story_a.last == story_b.last, "the twins differ in public"
    story_a.afters = [{}] * len(a.log)
    story_b.afters = [{}] * len(b.log)
    start = len(a.log)
    for _ in range(decisions):
        if a.over or a.pending() != b.pending():
            break
        seat = a.pending()[0]
        action = rng.choice(a.legal_actions(seat))
        a = decide(a, kind, story_a, seat, action)
        b = decide(b, kind, story_b, seat, action)
        log_a, log_b = a.log, b.log
        for i in range(start, min(len(log_a), len(log_b))):
            if log_a[i] != log_b[i] or until(log_a[i]):
                return i - start  # a secret came out in public: from here on they may differ
            assert story_a.afters[i] == story_b.afters[i], f"entry {i} {log_a[i]} tells a secret"
        if len(log_a) != len(log_b):
            return min(len(log_a), len(log_b)) - start
    return min(len(a.log), len(b.log)) - start


def test_face_down_action_cards_stay_out_of_the_story() -> None:
    """W-11a: a face-down action card shows only as it is turned up (an "action_card" entry names it):
    twins that differ in the last two cards (turned up as actions 4 and 5 begin) tell the same story
    through the first three actions."""
    for seed in (12, 13):
        a: Any = WALLENSTEIN.new_game(4, seed, {})
        b = a.clone()
        cards = b.s.action_cards
        cards[8:] = list(reversed(cards[8:]))
        assert cards != a.s.action_cards
        told = _same_story_while_public_events_agree(WALLENSTEIN, a, b, random.Random(seed), 400)
        assert told > 12  # the position choices and the first three actions, every entry the same


def test_deck_orders_stay_out_of_the_story() -> None:
    """The event deck and the favour deck (the draft's county deck turns cards up without an entry of
    their own: the view tests of test_web_secrecy.py cover it)."""
    a: Any = WALLENSTEIN.new_game(4, 11, {"modules": ["emperors_court"]})
    b = a.clone()
    s = b.s
    s.event_deck = list(reversed(s.event_deck))
    s.court.deck = list(reversed(s.court.deck))
    assert _same_story_while_public_events_agree(WALLENSTEIN, a, b, random.Random(3), 600) > 50


def test_another_seats_plan_stays_out_of_the_story() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        a: Any = WALLENSTEIN.new_game(4, seed, {})
        b = a.clone()
        bid = a.legal_actions(1)[0].b
        for game in (a, b):  # seat 1 plans differently in the twins, with the same bid
            first = True
            while 1 in game.pending() and game.phase == "planning":
                legal = game.legal_actions(1)
                game.apply(1, next(x for x in legal if x.b == bid) if first else rng.choice(legal))
                first = False
        assert a.s.plans != b.s.plans
        # Compared up to the first action: a seat's card is turned up as its turn comes (observe.py).
        turned = _same_story_while_public_events_agree(
            WALLENSTEIN, a, b, random.Random(seed), 300, lambda e: e["e"] == "action_card"
        )
        assert turned >= 4  # the event, the bids, the positions


@pytest.mark.parametrize("kind", [WALLENSTEIN, LEAGUE], ids=["wallenstein", "league_of_six"])
def test_the_chance_to_come_stays_out_of_the_story(kind: GameKind) -> None:
    a: Any = kind.new_game(4, 21, {})
    story = Storyboard()
    rng = random.Random(5)
    while len(a.log) < 40:  # into the game, where the next entries need no draw
        seat = a.pending()[0]
        a = decide(a, kind, story, seat, rng.choice(a.legal_actions(seat)))
    b = a.clone()
    b.seed = derive_seed(a.seed, 99)  # every draw from now on differs
    assert _same_story_while_public_events_agree(kind, a, b, rng, 400) > 0


@pytest.mark.parametrize("kind", [WALLENSTEIN, LEAGUE], ids=["wallenstein", "league_of_six"])
def test_only_the_watched_game_tells_its_entries(kind: GameKind) -> None:
    """A clone of a watched game (a preview, a forecast, a bot's search) never inherits the observer, and a
    game built outside ``observing`` has none: the engine's other users pay nothing."""
    game: Any = kind.new_game(3, 4, {})

    def observer(g: Any) -> Any:  # (read through a call: no narrowing between the asserts)
        return g.emit_observer

    assert observer(game) is None
    chapter = Chapter(kind)
    with watch(game, chapter):
        assert observer(game) is chapter
        assert observer(game.clone()) is None
    assert observer(game) is None
    assert observer(views.new_told_game(kind, 3, 4, {})[0]) is None
