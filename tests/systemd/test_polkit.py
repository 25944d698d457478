"""The polkit rules the box installs, run as polkit runs them (JavaScript, under node here).

polkitd evaluates every ``*.rules`` file with a ``polkit`` object whose
``addRule`` takes a function of the action and the subject; the first rule that
returns a result decides. The test gives the rules a stand-in ``polkit`` and
asks them every NetworkManager and login1 action polkit knows of, as the
service user and as other users: exactly the actions the touchscreen's Wi-Fi
and the menu button's power-off need are granted, to ``tressette`` only.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RULES = {"network": REPO / "systemd/50-tressette-network.rules", "power": REPO / "systemd/50-tressette-power.rules"}

# NetworkManager's polkit actions (org.freedesktop.NetworkManager.policy, NetworkManager 1.42 of bookworm)
NM_ACTIONS = (
    "enable-disable-network", "enable-disable-wifi", "enable-disable-wwan", "enable-disable-wimax",
    "sleep-wake", "network-control", "wifi.share.protected", "wifi.share.open", "settings.modify.own",
    "settings.modify.system", "settings.modify.hostname", "settings.modify.global-dns", "reload",
    "checkpoint-rollback", "enable-disable-statistics", "enable-disable-connectivity-check", "wifi.scan",
)
LOGIN1 = ("power-off", "power-off-multiple-sessions", "reboot", "suspend", "halt", "set-wall-message")
GRANTED = {
    "network": {f"org.freedesktop.NetworkManager.{a}" for a in
                ("wifi.scan", "network-control", "settings.modify.system", "wifi.share.protected")},
    "power": {"org.freedesktop.login1.power-off", "org.freedesktop.login1.power-off-multiple-sessions"},
}

HARNESS = """
const fs = require("fs");
const rules = [];
const polkit = {Result: {YES: "yes", NO: "no", AUTH_ADMIN: "auth_admin"}, addRule: (f) => rules.push(f),
                log: () => {}};
eval(fs.readFileSync(process.argv[2], "utf8"));
const asks = JSON.parse(process.argv[3]);
const out = asks.map(([id, user]) => {
  for (const rule of rules) {
    const r = rule({id: id}, {user: user, local: true, active: false, isInGroup: () => false});
    if (r !== undefined && r !== null) return r;
  }
  return null;
});
console.log(JSON.stringify(out));
"""


def decide(rules: Path, asks: list[tuple[str, str]], tmp_path: Path) -> list[str | None]:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    node = shutil.which("node") or shutil.which("nodejs")
    assert node is not None
    done = subprocess.run([node, str(harness), str(rules), json.dumps(asks)], capture_output=True, text=True,
                          timeout=30, check=True)
    answers: list[str | None] = json.loads(done.stdout)
    return answers


@pytest.mark.skipif(shutil.which("node") is None and shutil.which("nodejs") is None,
                    reason="node runs the rules' JavaScript (Debian's nodejs)")
@pytest.mark.parametrize("name", sorted(RULES))
def test_each_rule_grants_exactly_its_actions_to_the_service_user_only(name: str, tmp_path: Path) -> None:
    actions = [f"org.freedesktop.NetworkManager.{a}" for a in NM_ACTIONS]
    actions += [f"org.freedesktop.login1.{a}" for a in LOGIN1]
    asks = [(a, u) for a in actions for u in ("tressette", "pi", "root", "nobody", "tressette2")]
    answers = decide(RULES[name], asks, tmp_path)
    granted = {(a, u) for (a, u), r in zip(asks, answers, strict=True) if r is not None}
    assert granted == {(a, "tressette") for a in GRANTED[name]}
    assert {r for r in answers if r is not None} == {"yes"}


def test_the_provisioner_ships_both_rules(tmp_path: Path) -> None:
    import io
    import tarfile

    from deploy.device_provision import NETWORK_RULE, POWER_RULE
    from deploy.provision import payload

    key = tmp_path / "deploy.pub"
    key.write_text("ab" * 32, encoding="ascii")
    with tarfile.open(fileobj=io.BytesIO(payload(key))) as tar:
        for name in (NETWORK_RULE, POWER_RULE):
            shipped = tar.extractfile(name)
            assert shipped is not None and shipped.read() == (REPO / "systemd" / name).read_bytes()
