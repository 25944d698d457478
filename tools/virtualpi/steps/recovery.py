"""The box recovering: systemd's watchdog restarting a hung program, a release that fails
its health check rolled back.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import shutil
import subprocess
import sys

from tools.virtualpi.cache import REPO
from tools.virtualpi.guest import (
    broken_device,
)
from tools.virtualpi.testrun import StepFailed, TestRun


def watchdog(self: TestRun) -> None:
    before = self.unit("MainPID", "NRestarts")
    self.say(f"      SIGSTOP to the main process {before['MainPID']} (NRestarts={before['NRestarts']})")
    self.ssh(f"sudo kill -STOP {int(before['MainPID'])}")

    def restarted() -> dict[str, str] | None:
        now = self.unit("MainPID", "NRestarts", "ActiveState")
        return now if int(now["NRestarts"]) > int(before["NRestarts"]) and now["ActiveState"] == "active" else None

    now = self.wait("systemd's watchdog restarting the stopped program", restarted, 300, every=5.0)
    assert isinstance(now, dict)
    h = self.wait_health("healthy after the watchdog's restart", 300, screen="ok")
    why = self.ssh("sudo journalctl -u tressette --no-pager -o cat | grep -i -m1 'watchdog timeout' || true",
                   timeout=60).strip()
    if not why:
        raise StepFailed("the unit restarted but the journal names no watchdog timeout")
    self.say(f"      {why}; NRestarts {before['NRestarts']} -> {now['NRestarts']}, "
             f"pid {before['MainPID']} -> {now['MainPID']}, health phase {h.get('phase')}")


def rollback(self: TestRun) -> None:
    """A signed release that never becomes healthy (its `tressette run` exits at once; its
    self-test passes) is installed, fails the health check and is rolled back."""
    good = self.health().get("version")
    work = self.out / "broken"
    if work.exists():
        shutil.rmtree(work)
    project = work / "project"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        src = REPO / rel
        if src.is_file():
            (project / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, project / rel)
    broken = f"{good}.post1"
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace(f'version = "{good}"', f'version = "{broken}"', 1))
    device = project / "firmware/app/device.py"
    try:
        device.write_text(broken_device(device.read_text()))
    except ValueError as exc:
        raise StepFailed(f"cannot break {device}: {exc}") from None
    wheels = work / "wheels"
    wheels.mkdir()
    good_bundle = self.out / "bundles" / str(good) / "wheels"
    for whl in good_bundle.glob("*.whl"):
        if not whl.name.startswith("tressette_box-"):
            shutil.copy2(whl, wheels / whl.name)
    py = REPO / ".venv/bin/python"
    self.run([str(py if py.exists() else sys.executable), "-m", "pip", "wheel", "--no-deps", "--quiet",
              "--wheel-dir", str(wheels), str(project)], timeout=600, name="broken-wheel")
    cfg = str(self.p.ssh_config)
    text = self.run([str(REPO / "deploy/deploy"), "push", "virtual-pi", "-F", cfg, "--key", str(self.p.deploy_key),
                     "--project", str(project), "--wheels", str(wheels), "--extra", "pi",
                     "--out", str(work / "bundles"), "--health-timeout", "240"],
                    timeout=1800, name="deploy-broken", expect=1)
    if "rolling back" not in text and "rolled back" not in text:
        raise StepFailed("deploy exited 1 without saying it rolled back (see deploy-broken.log)")
    h = self.wait_health(f"healthy on {good} again", 300, version=good, screen="ok")
    current = self.ssh("readlink /opt/tressette/current").strip()
    releases = self.ssh("ls /opt/tressette/releases").split()
    if broken in releases or not current.endswith(f"/{good}"):
        raise StepFailed(f"after the rollback current -> {current}, releases {releases}")
    log_tail = self.ssh("tail -4 /opt/tressette/deploy.log").strip().replace("\n", " | ")
    self.say(f"      {broken} refused by its health check and removed; current -> {current}; "
             f"health {h.get('version')} {h.get('status')}; deploy.log: {log_tail}")
    self.shot("12-after-rollback")
