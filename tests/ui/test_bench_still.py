"""``tressette bench ui``'s still screen: the simulator measured from outside, by /proc."""

from __future__ import annotations

import pytest

from tools.bench.ui import still_share


def test_a_headless_simulator_waiting_for_a_phone_is_measured_and_takes_little() -> None:
    share = still_share("phone,cpu:easy", 1.0, window=False, settle_s=4.0)
    # five frames a second of a dummy screen and a phone server waiting: a few percent of a
    # core (the scheduler of a loaded machine may lend it more; at thirty frames, a tenth)
    assert 0.0 < share < 0.5


def test_a_simulator_that_stops_is_said_with_its_reason() -> None:
    with pytest.raises(SystemExit, match="the simulator stopped .2.: .*--headless has no screen to tap"):
        still_share(None, 1.0, window=False, settle_s=3.0)
