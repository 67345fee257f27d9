"""The budget bank (tabletop.budget) that the games' ISMCTS bots share: carry, bank and hold."""

from __future__ import annotations

import pytest

from tabletop.budget import Bank
from tabletop.ismcts import Settings

BASE = Settings(iterations=100, root="halving", stop=2.0)


def test_default_bank_keeps_every_decision_at_its_base_budget() -> None:
    bank = Bank()
    for used in (40, 100, 7):
        assert bank.budget(BASE, "move") == BASE
        bank.record("move", 100, used, 10 * used)
    assert bank.saved == 60 + 0 + 93  # kept, but carry 1 never lets a decision spend it


def test_carry_spends_what_was_saved_up_to_carry_times_the_base() -> None:
    bank = Bank(carry=1.5)
    bank.record("a", 100, 70, 700)
    assert bank.budget(BASE, "a").iterations == 130  # the 30 saved
    bank.record("a", 100, 40, 400)
    assert bank.budget(BASE, "a").iterations == 150  # 90 saved, at most half the base more
    bank.record("a", 100, 150, 1500)
    bank.record("a", 100, 150, 1500)
    assert bank.saved == -10
    assert bank.budget(BASE, "a").iterations == 90  # a debt is repaid
    bank.record("a", 100, 100 + 300, 4000)
    assert bank.budget(BASE, "a").iterations == 50  # down to half the base at most


def test_steps_bank_converts_at_the_spending_kinds_cost() -> None:
    bank = Bank(carry=3, bank="steps")
    assert bank.budget(BASE, "dear").iterations == 100  # nothing known, nothing to spend
    bank.record("cheap", 100, 20, 20 * 5)  # 80 unspent at 5 steps each: 400 steps
    assert bank.saved_steps == 400
    assert bank.banked("cheap") == 80
    assert bank.banked("dear") == 80  # no cost of its own yet: all kinds' (5 steps per simulation)
    bank.record("dear", 100, 100, 100 * 20)
    assert bank.banked("dear") == 20  # 400 steps at 20 steps per simulation
    assert bank.budget(BASE, "dear").iterations == 120
    assert bank.budget(BASE, "cheap").iterations == 180


def test_hold_clears_stop_once_the_bank_holds_enough() -> None:
    bank = Bank(carry=2, hold=0.5)
    bank.record("a", 100, 60, 600)
    assert bank.budget(BASE, "a").stop == 2.0  # 40 held: below hold times the base
    bank.record("a", 100, 90, 900)
    settings = bank.budget(BASE, "a")
    assert (settings.stop, settings.iterations) == (0.0, 150)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"carry": 0.5}, "carry must be"), ({"hold": -1}, "hold must be"), ({"bank": "seconds"}, "bank must be")],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Bank(**options)  # type: ignore[arg-type]
