"""The first steps: the image, its first boot, provision and deploy finding nothing to do,
the reader and mock pins configured.

Each step is a function of the run (``self``: these were methods of TestRun, moved with their
bodies as they were; a call of a sibling step became a call of its function)."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

from tools.virtualpi.cache import REPO, have_image
from tools.virtualpi.guest import (
    MOCK_PINS_DROPIN,
    READER_SETTINGS,
    SETTINGS_FILE,
    test_dropin,
)
from tools.virtualpi.image import build
from tools.virtualpi.machine import DEFAULT_BOOT_TIMEOUT, up
from tools.virtualpi.qemu import OVERLAY_SIZE
from tools.virtualpi.testrun import StepFailed, TestRun


def image(self: TestRun) -> None:
    if have_image(self.p):
        self.say(f"      image cached: {self.p.image} (key {self.p.image.name})")
    else:
        self.say(f"      image missing: building it (deploy/build-image: the OS layer 12-27 minutes "
                 f"when it is missing too, then a few) into {self.p.image}")
        build(self.p)
    size = self.p.disk.stat().st_size
    self.say(f"      {self.p.disk}: {size / 2**20:.0f} MiB; inputs {self.p.image / 'inputs.json'}")


def boot(self: TestRun) -> None:
    """The image as flashed, its first boot: the root grown to the (larger) card, this box's
    own ssh host keys and hotspot secrets made, and the game started by itself."""
    started: list[float] = []
    up(self.p, fresh=True, timeout=DEFAULT_BOOT_TIMEOUT, memory=2048,
       on_started=lambda: started.append(time.monotonic()))
    h = self.wait_health("the game started by itself (health ok, the screen open)", 600, screen="ok")
    to_game = time.monotonic() - started[0]
    self.say(f"      first boot to the game: {to_game:.0f} s after QEMU started; health: {h}")
    out = self.ssh("systemctl is-active tressette-firstboot.service; test -f /var/lib/tressette-firstboot.done "
                   "&& echo done; sudo stat -c '%a %U' /var/lib/tressette/hotspot.json; "
                   "ls /etc/ssh/ssh_host_ed25519_key; df -B1M --output=size / | tail -1; "
                   "sudo journalctl -b -u tressette-firstboot --no-pager -o cat | grep -E 'grew|already|hotspot' || true",
                   timeout=120)
    lines = out.split("\n")
    if lines[:4] != ["active", "done", "600 tressette", "/etc/ssh/ssh_host_ed25519_key"]:
        raise StepFailed(f"the first boot did not make what it should: {out!r}")
    root_mb = int(lines[4].strip())
    if root_mb < 3000:  # the overlay is a 4 GiB card: the root must have grown to most of it
        raise StepFailed(f"the root file system was not grown to the card: {root_mb} MiB")
    self.say(f"      first boot: root {root_mb} MiB on a {OVERLAY_SIZE} card, hotspot.json 0600 tressette, "
             f"ssh host keys made; {' | '.join(ln for ln in lines[5:] if ln)}")


def provision_and_deploy(self: TestRun) -> None:
    """The image is a provisioned box already: deploy/provision over SSH (the path of those who
    install by hand) finds nothing to change, and deploy/deploy, with the key whose public half
    the image pins, finds the release it would push already there."""
    key = self.p.deploy_key
    cfg = str(self.p.ssh_config)
    text = self.run([str(REPO / "deploy/provision"), "virtual-pi", "-F", cfg, "--pubkey",
                     str(key.with_suffix(".pub"))], timeout=900, name="provision")
    if "provision: no changes" not in text:
        raise StepFailed("deploy/provision changed an image that should be provisioned already "
                         f"(see provision.log): {[ln for ln in text.splitlines() if ln.startswith('changed')]}")
    text = self.run([str(REPO / "deploy/deploy"), "push", "virtual-pi", "-F", cfg, "--key", str(key),
                     "--out", str(self.out / "bundles"), "--health-timeout", "600"], timeout=1800, name="deploy")
    if "nothing to do" not in text:
        raise StepFailed("deploy/deploy installed a release the image should carry already (see deploy.log)")
    h = self.wait_health("the release reports healthy", 300, screen="ok")
    self.say(f"      provision: no changes; deploy: nothing to do (the image's release); health: {h}")


def configure(self: TestRun) -> None:
    """The box as the test plays it: the reader on /dev/ttyUSB0 (RDM6300), gpiozero's mock
    pins (no GPIO lines here); the settings file provisioning wrote is kept, the reader added."""
    self.ssh(f"sudo test -f {SETTINGS_FILE} || echo '[game]' | sudo tee {SETTINGS_FILE} >/dev/null; "
             f"sudo grep -q '^\\[hardware.reader\\]' {SETTINGS_FILE} || sudo tee -a {SETTINGS_FILE} >/dev/null",
             data=READER_SETTINGS)
    self.plug_reader()
    drop = shlex.quote(MOCK_PINS_DROPIN)
    self.ssh(f"sudo mkdir -p {shlex.quote(str(Path(MOCK_PINS_DROPIN).parent))} && sudo tee {drop} >/dev/null "
             "&& sudo systemctl daemon-reload && sudo systemctl restart tressette", data=test_dropin(),
             timeout=300)
    self.wait_health("healthy after the restart with the reader configured", 300, phase="home", screen="ok")
    self.wait("the screen's probe file (home)", lambda: self.screen().get("screen") == "home", 120)
    self.shot("01-home")
