"""2002 reproducibility beyond the conformance suite (tests/conformance, which also saves and loads a
game while a defender decides): a user's printed-value table travels with the history."""

from __future__ import annotations

import json

import wallenstein


def test_2002_user_printed_table_travels_with_the_history() -> None:
    order = ["Bayern", "Sachsen", "Kurpfalz", "Brandenburg", "Österreich"]
    table = {
        "winter_loss": [i % 10 for i in range(25)],
        "regions": {k: order for k in ("crop_failure", "good_harvest", "troop_shortage")},
    }
    g = wallenstein.new_game(4, seed=2, edition="2002", printed={"events_2002": table})
    assert g.history[0]["new_game"]["printed"] == {"events_2002": table}
    r = wallenstein.replay(json.loads(json.dumps(g.history)))
    assert r.events == g.events and not r.is_standin("events_2002")
