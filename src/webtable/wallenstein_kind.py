"""Wallenstein on the table: lobby options, replays, static board data for the page, and its bots."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from tabletop.agents import derive_seed
from tabletop.errors import IllegalAction
from tabletop.i18n import Translator
from wallenstein import game as wgame
from wallenstein.actions import COMMIT, MOVE_KIND, MOVE_ONLY, Action, commit_action
from wallenstein.board import ACTIONS, BOARD, BONUS_TILES, COLOURS, COURT_BOX_NAMES
from wallenstein.bots.odds import attack_outcome
from wallenstein.court import TOWER_CARDS
from wallenstein.edition2002 import BLANKS, fight_json
from wallenstein.leaders import STATUES
from wallenstein.narrate import (
    ACTION_LABELS,
    ACTION_LABELS_2002,
    EVENT_LABELS,
    EVENT_LABELS_2002,
    SKIP_REASONS,
    TILE_LABELS,
    Narrator,
)
from wallenstein.state import PLANNING
from webtable.levels import lobby_levels, register_game_bots
from webtable.previews import PreviewAbandoned, abandoned
from webtable.registry import BotKind, GameKind, TableGame, check_option_names
from webtable.wallenstein_standings import standings

OPTION_KEYS = frozenset({"edition", "modules", "setup"})
MODULE_LABELS = {
    "emperors_court": "The Emperor's Court",
    "landsknechte": "Landsknechte",
    "military_leaders": "Military leaders",
}


def new_game(players: int, seed: int, options: Mapping[str, Any]) -> TableGame:
    check_option_names(options, OPTION_KEYS, "Wallenstein")
    return wgame.new_game(
        players=players,
        seed=seed,
        setup=options.get("setup", "lineup"),
        edition=options.get("edition", "2012"),
        modules=options.get("modules", ()),
    )


def replay(history: list[dict[str, Any]]) -> TableGame:
    return wgame.replay(history)


def lobby() -> dict[str, Any]:
    """What the lobby form offers; editions and modules not playable yet are listed as such."""
    return {
        "players": [3, 4, 5],
        "editions": [{"name": e, "playable": True} for e in wgame.EDITIONS]
        + [{"name": e, "playable": False} for e in wgame.PLANNED_EDITIONS],
        "modules": [
            {"name": m, "label": MODULE_LABELS.get(m, m), "playable": m in wgame.PLAYABLE_MODULES}
            for m in wgame.MODULES
        ],
        "setups": [{"name": "lineup", "label": "Default line-up"}, {"name": "draft", "label": "Draft"}],
        "levels": _levels(),
    }


def _levels() -> list[dict[str, Any]]:
    from wallenstein.bots import LEVELS

    return lobby_levels(LEVELS)


def meta(lang: str | None = None) -> dict[str, Any]:
    """The printed board and labels the page needs (public, identical for every game). The labels are in
    ``lang`` (English when absent or unknown), from the narration's catalogue: one place per string for
    the log and the page."""
    tr = Translator("wallenstein", lang)._
    return {
        "regions": list(BOARD.regions),
        "counties": [
            {
                "key": key,
                "name": BOARD.names[i],
                "region": BOARD.regions[BOARD.region_of[i]],
                "tax": BOARD.tax[i],
                "grain": BOARD.grain[i],
                "sites": BOARD.sites[i],
                "neighbours": [BOARD.keys[j] for j in BOARD.neighbours[i]],
                "three_player_excluded": BOARD.three_player_excluded[i],
            }
            for i, key in enumerate(BOARD.keys)
        ],
        "actions": [{"name": a, "label": tr(ACTION_LABELS[a]), "cost": BOARD.costs[i]} for i, a in enumerate(ACTIONS)],
        "colours": list(COLOURS),
        "bonus_tiles": {t: tr(TILE_LABELS[t]) for t in BONUS_TILES},
        "events": {k: {"title": tr(t), "effect": tr(e)} for k, (t, e) in EVENT_LABELS.items()},
        "skip_reasons": {k: tr(v) for k, v in SKIP_REASONS.items()},
        # The 2002 edition's words and event cards ("{region}" is the region a card names).
        "actions_2002": {k: tr(v) for k, v in ACTION_LABELS_2002.items()},
        "events_2002": {k: {"title": tr(t), "effect": tr(e)} for k, (t, e) in EVENT_LABELS_2002.items()},
        "court_boxes": list(COURT_BOX_NAMES),
        "blank_cards_2002": BLANKS,
        "tower_cards": TOWER_CARDS,
        "statues": STATUES,
        "map": "/static/wallenstein_map.json",
    }


def register_bots(register: Callable[[BotKind], None]) -> None:
    """Wallenstein's own bots (``wallenstein.bots.make_agent(kind, seed)``): the kinds heuristic, search
    and ismcts, and the difficulty levels."""
    from wallenstein.bots import LEVELS, make_agent

    register_game_bots(register, "wallenstein", LEVELS, make_agent)


def replay_steps(history: list[dict[str, Any]]) -> Iterator[TableGame]:
    """The game after set-up and after each decision, from one replay (O(n); see
    ``RecordedGame.replay_steps``)."""
    return wgame.Game.replay_steps(history)


ODDS_SAMPLES = 300


def preview(game: Any, seat: int, action: Any) -> dict[str, Any]:
    """A decision's outcome: for an attack, the odds of each battle result.

    Only public things decide a battle (armies, the tray, the tower's inside counts, bonus tiles, the
    event), so the odds reveal nothing secret. With the default tower an attack of the 2012 rules gets
    its exact odds (``wallenstein.bots.odds``: ``"exact": true``); otherwise the battle is fought
    ``ODDS_SAMPLES`` times on copies of the game with fresh chance streams, the copies thrown away. In
    the 2002 edition the defender of a player's county chooses its commitment after the attack is
    announced (W-18): an attack's odds are given for both extremes (all of its armies thrown in, and
    none), and a defender's ``commit`` (in a battle or a revolt) gets the odds of its own choice.
    Sampling stops early when the table abandons the preview (``webtable.previews.abandoned``).
    """
    if not isinstance(game, wgame.Game):
        raise IllegalAction("not a Wallenstein game")
    game.clone().apply(seat, action)  # IllegalAction if the decision is not allowed
    act = action if isinstance(action, Action) else Action.from_json(action)
    if act.kind == COMMIT:
        fight = fight_json(game)
        odds, _ = _trials(game, [(seat, act)])
        return {"kind": fight["kind"], "samples": ODDS_SAMPLES, "odds": odds}
    if act.kind not in (MOVE_KIND, MOVE_ONLY) or game.s.owner[act.a] == seat:
        return {"kind": act.kind}
    defender = game.s.owner[act.a]
    if game.is2002 and defender >= 0:
        # The defender's choice is not known yet: the odds if it throws in all its armies, and none.
        held = game.s.armies[act.a]
        odds, left = _trials(game, [(seat, act), (defender, commit_action(held))])
        none, _ = _trials(game, [(seat, act), (defender, commit_action(0))])
        return {
            "kind": "battle",
            "samples": ODDS_SAMPLES,
            "odds": odds,
            "mean_left_if_won": left,
            "defender_commits": held,
            "odds_if_none_committed": none,
        }
    exact = attack_outcome(game, seat, act.a, act.b) if act.kind == MOVE_KIND and not game.is2002 else None
    if exact is not None:
        won, left = exact
        odds = {"attacker": won.win, "tie": won.tie, "defender": won.loss}
        return {"kind": "battle", "exact": True, "odds": odds, "mean_left_if_won": round(left, 2)}
    odds, left = _trials(game, [(seat, act)])
    return {"kind": "battle", "samples": ODDS_SAMPLES, "odds": odds, "mean_left_if_won": left}


def _trials(game: Any, decisions: list[tuple[int, Action]]) -> tuple[dict[str, float], float]:
    """Share of each result of the fight that ``decisions`` lead to, over ``ODDS_SAMPLES`` copies of
    the game, and the attacker's mean armies left after a win. Abandoned (PreviewAbandoned) between two
    trials once nobody waits for the answer any more or the server stops."""
    counts: dict[str, int] = {}
    survivors = 0
    start = len(game.log)
    for k in range(ODDS_SAMPLES):
        if abandoned():
            raise PreviewAbandoned
        trial = game.clone()
        trial.seed = derive_seed(game.seed, 1_000_003 + k)  # a fresh stream for the tower's drops
        for who, act in decisions:
            trial.apply(who, act)
        fight = next(e for e in trial.log[start:] if e["e"] in ("battle", "revolt"))
        counts[fight["result"]] = counts.get(fight["result"], 0) + 1
        if fight["e"] == "battle" and fight["result"] == "attacker":
            survivors += fight["attacker_count"] - fight["defender_count"]
    results = ("attacker", "tie", "defender") if fight["e"] == "battle" else ("owner", "peasants")
    odds = {r: counts.get(r, 0) / ODDS_SAMPLES for r in results}
    won = counts.get("attacker", 0)
    return odds, round(survivors / won, 2) if won else 0.0


def narrator(game: TableGame, lang: str | None = None) -> Narrator:
    """The log's narrator in ``lang``, in the words of the game's edition (2002: gold, trading firms, farmers)."""
    return Narrator(getattr(game, "edition", "2012"), lang)


def concurrent(before: TableGame, after: TableGame) -> bool:
    """A plan (or a plan card) of one seat that leaves the season's planning open: the other seats'
    plans are made on what it leaves unchanged (the board, their hands and money), so a plan they made
    before it still stands. The plan that ends the planning turns the cards up and starts the season:
    that one moves the game on. (In the 2002 edition a finished plan also shows its empty boxes to all,
    edition2002.declared_empty: a plan another seat submitted before that reached its page stands; it
    was made on everything that seat decides with, and the table cannot tell it from one sent a moment
    earlier.)"""
    b, a = before.s, after.s  # type: ignore[attr-defined]
    return bool(b.phase == a.phase == PLANNING and b.year == a.year and b.season == a.season)


KIND = GameKind(
    name="wallenstein",
    title="Wallenstein",
    players=(3, 4, 5),
    new_game=new_game,
    replay=replay,
    lobby=lobby,
    meta=meta,
    seat_names=tuple(c.capitalize() for c in COLOURS),
    replay_steps=replay_steps,
    preview=preview,
    narrator=narrator,
    public_board=standings,
    concurrent=concurrent,
)
