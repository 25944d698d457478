"""Deploy end to end over a real sshd on 127.0.0.1 into a temporary box root."""

from __future__ import annotations

from typing import Any

import pytest

from tests.deploy.conftest import BoxUnderTest

pytestmark = pytest.mark.sshd


def test_good_deploy_switches_and_reports_the_new_version(box: BoxUnderTest, make_bundle: Any) -> None:
    result = box.deploy(make_bundle("1.1.0"))

    assert result.returncode == 0, result.stdout + result.stderr
    assert "box reports version 1.1.0" in result.stdout
    assert box.current() == "releases/1.1.0"
    assert box.health()["version"] == "1.1.0"
    assert box.service_state() == "active"
    assert box.releases() == ["1.0.0", "1.1.0"]
    assert list((box.base / "incoming").iterdir()) == []
