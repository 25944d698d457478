"""The Wi-Fi step's pure part (tools/virtualpi/steps/wifi.py): the QR code's text read back as a
phone's camera reads it; and its skip where the guest has no mac80211_hwsim. (The step itself
needs mac80211_hwsim in the guest: the last step of ``test``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.virtualpi import cache, testrun
from tools.virtualpi.steps import wifi


@pytest.mark.parametrize(("text", "want"), [
    ("WIFI:T:WPA;S:Tressette-4F2A;P:correct horse;;", ("Tressette-4F2A", "correct horse")),
    ("WIFI:S:Casa;T:WPA;P:briscola42;H:false;;", ("Casa", "briscola42")),  # any order, other fields kept apart
    (r"WIFI:T:WPA;S:a\;b\,c\:d\\e\"f;P:p\;w\\d;;", ('a;b,c:d\\e"f', "p;w\\d")),  # escapes undone
    ("WIFI:T:WPA;S:caffè ☕;P:12345678;;", ("caffè ☕", "12345678")),
])  # fmt: skip
def test_a_wifi_qr_code_gives_its_name_and_passphrase(text: str, want: tuple[str, str]) -> None:
    assert wifi.parse_wifi_qr(text) == want


@pytest.mark.parametrize(("text", "said"), [
    ("http://192.168.4.1:8337", "not a Wi-Fi QR code"),
    ("WIFI:T:WEP;S:x;P:12345678;;", "a WPA network with a name and a passphrase"),
    ("WIFI:T:nopass;S:x;;", "a WPA network with a name and a passphrase"),
    ("WIFI:T:WPA;P:12345678;;", "a WPA network with a name and a passphrase"),
    ("WIFI:T:WPA;S:x;P:12345678", "a WPA network with a name and a passphrase"),  # never closed
])  # fmt: skip
def test_anything_else_is_refused_saying_why(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        wifi.parse_wifi_qr(text)


def test_the_access_points_password_has_no_key_twice_in_a_row() -> None:
    """Typed tap by tap on the box's keyboard: a doubled key's second tap could be lost unseen."""
    assert all(a != b for a, b in zip(wifi.AP_PASSWORD, wifi.AP_PASSWORD[1:], strict=False))
    assert len(wifi.AP_PASSWORD) >= 8  # WPA2's least


class NoHwsim(testrun.TestRun):
    """A run whose guest answers the step's modprobe as a kernel without mac80211_hwsim does."""

    def __init__(self, tmp_path: Path) -> None:
        super().__init__(cache.paths_for(tmp_path, "k"), tmp_path)
        self.scripts: list[str] = []

    def ssh(self, script: str, *, timeout: float = 180.0, check: bool = True, data: str | None = None) -> str:
        self.scripts.append(script)
        return "modprobe mac80211_hwsim: modprobe: FATAL: Module mac80211_hwsim not found; 6.1.0-99-cloud-arm64\n"


def test_a_guest_without_mac80211_hwsim_skips_the_step_saying_why(tmp_path: Path) -> None:
    """In every run now, so a host whose guest kernel lacks the module must pass it as skipped."""
    run = NoHwsim(tmp_path)
    wifi.wifi(run)  # no StepFailed, and nothing after the modprobe
    assert len(run.scripts) == 1 and "modprobe mac80211_hwsim radios=2" in run.scripts[0]
    said = (tmp_path / "steps.log").read_text()
    assert "SKIP the Wi-Fi step" in said and "Module mac80211_hwsim not found; 6.1.0-99-cloud-arm64" in said
