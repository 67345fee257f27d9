"""Random Emperor's Court games reach every part of the court, and whole court plans play like plans
built box by box; every invariant (courtiers and favour cards included) is checked after every step.
The bulk of the random court games is in the conformance suite (tests/conformance)."""

from __future__ import annotations

from test_random_games import play_random

COURT = ("emperors_court",)


def test_random_court_games_use_every_part_of_the_court() -> None:
    """Over a batch of games every favour card is taken, every convert kind succeeds, and the court
    decisions come up (the random games reach the court rules, not only the basic game)."""
    taken: set[int] = set()
    converts: set[str] = set()
    kinds: set[str] = set()
    for i in range(40):
        g = play_random(3 + i % 3, seed=500 + i, setup="lineup", modules=COURT)
        taken |= {e["card"] for e in g.log if e["e"] == "favour"}
        converts |= {
            "tower" if e["card"] == "tower" else "county" for e in g.log if e["e"] == "court_convert" and e["done"]
        }
        kinds |= {h["action"]["type"] for h in g.history[1:] if "action" in h}
    assert taken == set(range(1, 22))
    assert converts == {"tower", "county"}
    assert {"favour", "favour_pass", "favour_county", "favour_event"} <= kinds


def test_whole_court_plans_play_like_box_by_box_plans() -> None:
    for seed in range(6):
        g = play_random(3 + seed % 3, seed=2000 + seed, setup="lineup", whole_plans=True, modules=COURT)
        assert g.over
